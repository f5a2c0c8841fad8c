# Helpers for the playground tests in headless Chromium. Each test is run as
#   bash test_X.sh WEB_DIR WAYFIND_CLI ...
# and exits 77 (skipped) when chromium or the web build is missing.
#
# A browser takes seconds to start and a page a fraction of one to load,
# so a test names every page it reads first (want, want_menu), `pages`
# loads them all in one Chromium, and the checks then read what each page
# wrote (browse, menu).
set -u
WEB=$1 CLI=$2
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
command -v chromium >/dev/null || { echo "no chromium: skipped"; exit 77; }
[ -f "$WEB/index.html" ] && [ -f "$WEB/wayfind.js" ] || { echo "no web build in $WEB: skipped"; exit 77; }
WEB=$(cd "$WEB" && pwd)
# python3 on PATH may be a version manager's shim, half a second a start:
# py runs the interpreter it stands for, without site-packages (the tests
# need only the standard library), which halves the start again
PYTHON=$(python3 -c 'import sys; print(sys.executable)')
py() { "$PYTHON" -S "$@"; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
: >"$TMP/want"
fail=0

# want QUERY [ANYTHING...]: the page for QUERY is to be loaded, its #result
# read by `browse QUERY` (the rest is ignored, so that a list of checks can
# name its pages with want)
want() { want_element result "$1"; }

# want_menu ID [QUERY]: the <select id=ID> of the page for QUERY is to be
# read by `menu ID [QUERY]`
want_menu() { want_element "$1" "${2:-}"; }

want_element() { # ID QUERY
  grep -qxF -- "$1 $2" "$TMP/want" || printf '%s %s\n' "$1" "$2" >>"$TMP/want"
}

# pages [PNG QUERY]: loads every page wanted so far in one headless
# Chromium (pages.py) and keeps what each wrote for got; with PNG and QUERY
# also a 1200x800 picture of the page for QUERY into PNG
declare -A GOT
pages() {
  local try key text
  # a browser that could not start under load answers nothing: up to three
  # tries, each with a profile of its own
  for try in 1 2 3; do
    py "$HERE/pages.py" "$TMP/want" "file://$WEB/index.html" "$TMP/profile$try" "$@" \
      >"$TMP/got" && break
    echo "(chromium gave no results, try $try: $(tail -1 "$TMP/profile$try/chromium.err" 2>/dev/null))" >&2
  done
  while IFS= read -r key && IFS= read -r text <&3; do GOT[$key]=$text; done <"$TMP/want" 3<"$TMP/got"
}

got() { # ID QUERY -> what `pages` read from that page's element ID
  [ -n "${GOT["$1 $2"]+set}" ] || echo "(no page read for '$2')" >&2
  printf '%s\n' "${GOT["$1 $2"]-}"
}

browse() { # QUERY -> the page's #result text
  got result "$1"
}

json_field() { # JSON text, field... -> their values, one a line (numbers, strings, null)
  py -c 'import json,sys; v=json.loads(sys.argv[1])
for f in sys.argv[2:]: print("null" if v.get(f) is None else v[f])' "$@"
}

menu() { # ID [QUERY] -> the names the page's <select id=ID> lists, comma-separated
  got "$1" "${2:-}"
}

cli_names() { # COMMAND OPTION -> the names the program's error for a bad value lists, comma-separated
  "$CLI" "$1" "$2" bogus "$TMP/none.map" 2>&1 >/dev/null |
    sed -n "s/.*expected \(.*\), got 'bogus'.*/\1/p" | sed 's/ or /, /; s/, /,/g'
}
