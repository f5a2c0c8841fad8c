# The gcc build (under test) and the clang build give the same paths,
# byte for byte, on Moving AI maps under every movement model, and the
# same generated worlds.
. "$(dirname "$0")/lib.sh"
if [ -z "$PEER" ] || [ ! -x "$PEER" ]; then
  echo "no second-compiler build given (make test builds one); skipped"
  exit 77
fi
M="$SHARED/movingai"
for s in "$M/dao/arena.map.scen" "$M/da2/ht_chantry.map.scen" "$M/street/Berlin_0_256.map.scen"; do
  map=${s%.scen}
  tail -n +2 "$s" | grep . | awk 'NR % 25 == 1' | while IFS=$' \t' read -r _ _ _ _ sx sy gx gy _; do
    for opts in "" "--corners always" "--corners one-free" "--connect 4" "--algo dijkstra" "--weight 2" "--heuristic euclidean"; do
      # shellcheck disable=SC2086
      a=$("$WF" path "$map" --from "$sx,$sy" --to "$gx,$gy" $opts --format json)
      # shellcheck disable=SC2086
      b=$("$PEER" path "$map" --from "$sx,$sy" --to "$gx,$gy" $opts --format json)
      if [ "$a" != "$b" ]; then echo "DIFF $map $sx,$sy $gx,$gy $opts"; fi
      echo "checked"
    done
  done
done >"$TMP/log"
# Generated worlds: the same bytes from both builds.
for kind in islands caves maze rooms noise; do
  for seed in 1 2 77; do
    a=$("$WF" gen $kind --seed $seed --size 97x53 | cksum)
    b=$("$PEER" gen $kind --seed $seed --size 97x53 | cksum)
    [ "$a" = "$b" ] || echo "DIFF gen $kind --seed $seed"
    echo "checked"
  done
done >>"$TMP/log"
checks=$(grep -c checked "$TMP/log")
failures=$(grep -c DIFF "$TMP/log")
grep DIFF "$TMP/log" | head >&2
[ "$checks" -gt 100 ] || { echo "only $checks comparisons" >&2; failures=$((failures + 1)); }
finish
