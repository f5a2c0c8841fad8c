# Helpers for the playground tests in headless Chromium. Each test is run as
#   bash test_X.sh WEB_DIR WAYFIND_CLI ...
# and exits 77 (skipped) when chromium or the web build is missing.
set -u
WEB=$1 CLI=$2
command -v chromium >/dev/null || { echo "no chromium: skipped"; exit 77; }
[ -f "$WEB/index.html" ] && [ -f "$WEB/wayfind.js" ] || { echo "no web build in $WEB: skipped"; exit 77; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail=0

browse() { # URL query string -> the page's #result text
  # a browser that could not start under load prints nothing: up to three
  # tries, each with a profile of its own
  local out="" try
  for try in 1 2 3; do
    out=$(chromium --headless --no-sandbox --disable-gpu --virtual-time-budget=30000 \
      --user-data-dir="$TMP/profile$try" --dump-dom "file://$WEB/index.html?$1" 2>"$TMP/chromium.err" |
      sed -n 's:.*<pre id="result">\([^<]*\)</pre>.*:\1:p' | sed 's/&quot;/"/g')
    [ -n "$out" ] && break
    echo "(chromium gave no result, try $try: $(tail -1 "$TMP/chromium.err"))" >&2
  done
  printf '%s\n' "$out"
}

json_field() { # JSON text, field -> its value (numbers, strings, null)
  python3 -c 'import json,sys; v=json.loads(sys.argv[1]).get(sys.argv[2]); print("null" if v is None else v)' "$1" "$2"
}

menu() { # ID [query string] -> the names the page's <select id=ID> lists, comma-separated
  local out="" try
  for try in 1 2 3; do
    out=$(chromium --headless --no-sandbox --disable-gpu --virtual-time-budget=30000 \
      --user-data-dir="$TMP/menu$try" --dump-dom "file://$WEB/index.html?${2:-}" 2>"$TMP/chromium.err" |
      python3 -c 'import html,re,sys
m = re.search(r"<select id=\"%s\">(.*?)</select>" % sys.argv[1], sys.stdin.read(), re.S)
print(",".join(html.unescape(t) for t in re.findall(r"<option[^>]*>([^<]*)</option>", m.group(1))) if m else "")' "$1")
    [ -n "$out" ] && break
    echo "(chromium gave no menu, try $try: $(tail -1 "$TMP/chromium.err"))" >&2
  done
  printf '%s\n' "$out"
}

cli_names() { # COMMAND OPTION -> the names the program's error for a bad value lists, comma-separated
  "$CLI" "$1" "$2" bogus "$TMP/none.map" 2>&1 >/dev/null |
    sed -n "s/.*expected \(.*\), got 'bogus'.*/\1/p" | sed 's/ or /, /; s/, /,/g'
}
