# A program built without PNG support: every --png is a usage error
# (exit 2) that says so, and the demo writes no picture by default. The
# program is WF_NOPNG_CLI: in a build with PNG support CTest gives the
# test's own no-PNG build of wayfind, in one without it wayfind itself.
. "$(dirname "$0")/lib.sh"
if [ -n "${WF_NOPNG_CLI:-}" ]; then WF=$WF_NOPNG_CLI
elif png; then echo "no WF_NOPNG_CLI given in a build with PNG support" >&2; exit 77; fi
msg="built without PNG support"
expect 2 "render --png" -- "$WF" render "$DATA/maze10.txt" --png "$TMP/x.png"
contains "$TMP/err" "$msg" "render message"
expect 2 "path --png" -- "$WF" path "$DATA/maze10.txt" --png "$TMP/x.png"
contains "$TMP/err" "$msg" "path message"
expect 2 "field --png" -- "$WF" field "$DATA/maze10.txt" --sources 0,0 --png "$TMP/x.png"
contains "$TMP/err" "$msg" "field message"
expect 2 "influence --png" -- "$WF" influence "$DATA/maze10.txt" --from 0,0 --to 9,9 --source 5,5,3 --png "$TMP/x"
contains "$TMP/err" "$msg" "influence message"
expect 2 "demo --png" -- "$WF" demo --png "$TMP/x.png"
contains "$TMP/err" "$msg" "demo message"
checks=$((checks + 1))
[ -e "$TMP/x.png" ] && fail "a picture was written"
expect 0 "demo without a picture" -- "$WF" demo --png -
expect 0 "render as text" -- "$WF" render "$DATA/maze10.txt"
finish
