# The man page docs/wayfind.1: it names every command and every option that
# a command's --help lists, and man (groff) renders it without a warning.
. "$(dirname "$0")/lib.sh"
MAN="$(dirname "$0")/../../docs/wayfind.1"
[ -f "$MAN" ] || { echo "no $MAN"; exit 1; }

commands=$("$WF" --help | sed -n '/^commands:/,/^$/p' | awk 'NF && !/commands:/ {print $1}')
[ -n "$commands" ] || fail "no commands in wayfind --help"
for c in $commands; do
  checks=$((checks + 1))
  grep -q "^\.B $c\b" "$MAN" || fail "the man page has no entry for the command '$c'"
  for opt in $("$WF" "$c" --help | grep -oE -- '--[a-z][a-z-]*' | sort -u); do
    [ "$opt" = --help ] && continue
    checks=$((checks + 1))
    grep -qF -- "$(printf '%s' "$opt" | sed 's/-/\\-/g')" "$MAN" ||
      fail "$c's option $opt is not in the man page"
  done
done
for s in "EXIT STATUS" "SYNOPSIS" "FILES"; do
  checks=$((checks + 1))
  grep -q "^\.SH $s" "$MAN" || fail "no $s section"
done

if command -v groff >/dev/null; then
  checks=$((checks + 1))
  groff -ww -z -man "$MAN" 2>"$TMP/warn" || fail "groff failed"
  [ -s "$TMP/warn" ] && { fail "groff warns:"; head -5 "$TMP/warn" >&2; }
fi
if command -v man >/dev/null; then
  checks=$((checks + 1))
  MANWIDTH=80 man -l "$MAN" >"$TMP/page" 2>"$TMP/err" || fail "man -l failed"
  contains "$TMP/page" "EXIT STATUS" "rendered page"
  contains "$TMP/page" "pathfinding on game maps" "rendered name"
fi
finish
