# The gcc build (under test) and the clang build give the same paths,
# byte for byte, on Moving AI maps under every movement model, and the
# same generated worlds, team plans, repairs and crowd trajectories.
. "$(dirname "$0")/lib.sh"
if [ -z "$PEER" ] || [ ! -x "$PEER" ]; then
  echo "no second-compiler build given (make test builds one); skipped"
  exit 77
fi
M="$SHARED/movingai"
# Every 25th scenario of each map under each movement model: one process
# per build, map and model (path --queries), whose answers are compared
# byte for byte, each as a lone query would print it.
for s in "$M/dao/arena.map.scen" "$M/da2/ht_chantry.map.scen" "$M/street/Berlin_0_256.map.scen"; do
  map=${s%.scen}
  q="$TMP/$(basename "$map").q"
  tail -n +2 "$s" | grep . | awk 'NR % 25 == 1 { print $5, $6, $7, $8 }' >"$q"
  n=$(wc -l <"$q")
  for opts in "" "--corners always" "--corners one-free" "--connect 4" "--algo dijkstra" "--weight 2" "--heuristic euclidean" "--algo jps" "--algo jps --size 3"; do
    # shellcheck disable=SC2086
    "$WF" path "$map" --queries "$q" $opts --format json >"$TMP/a"
    # shellcheck disable=SC2086
    "$PEER" path "$map" --queries "$q" $opts --format json >"$TMP/b"
    if [ "$(wc -l <"$TMP/a")" != "$n" ]; then
      echo "DIFF $map $opts: $(wc -l <"$TMP/a") answers for $n queries"
    elif ! cmp -s "$TMP/a" "$TMP/b"; then
      diff "$TMP/a" "$TMP/b" | head -4
      echo "DIFF $map $opts"
    fi
    for _ in $(seq "$n"); do echo "checked"; done
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
# Teams: the same plans from both builds (the JSON less its timing), for
# each planner, and D* Lite's repairs.
for algo in whca cbs field; do
  for seed in 1 2; do
    n=12; [ $algo = cbs ] && n=6
    a=$("$WF" crowd "$M/dao/arena.map" --agents $n --seed $seed --algo $algo --format json | sed 's/"time_ms":[0-9.]*,//' | cksum)
    b=$("$PEER" crowd "$M/dao/arena.map" --agents $n --seed $seed --algo $algo --format json | sed 's/"time_ms":[0-9.]*,//' | cksum)
    [ "$a" = "$b" ] || echo "DIFF crowd $algo --seed $seed"
    echo "checked"
  done
done >>"$TMP/log"
printf '20 20 @\n21 20 @\n\n30 30 @\n' >"$TMP/edits"
a=$("$WF" replan "$M/dao/arena.map" --from 2,2 --to 45,45 --edits "$TMP/edits" --walk 5 --format json | cksum)
b=$("$PEER" replan "$M/dao/arena.map" --from 2,2 --to 45,45 --edits "$TMP/edits" --walk 5 --format json | cksum)
{ [ "$a" = "$b" ] || echo "DIFF replan"; echo "checked"; } >>"$TMP/log"
# Crowds that move (steer.h): the same trajectories, every 5th step
# rounded to 0.01 (any difference in the last bit grows past that within
# a few hundred steps of a jam), and the same figures less their timing:
# a ring meeting in a knot, a door, units across a map by a flow field.
for run in "--agents 40" "--scenario door --agents 30" "$M/dao/arena.map --agents 60 --seed 2 --steps 1500"; do
  # shellcheck disable=SC2086
  a=$("$WF" simulate $run --format json --json "$TMP/ta" --every 5 | sed 's/"ms_per_step":[0-9.]*,//')
  # shellcheck disable=SC2086
  b=$("$PEER" simulate $run --format json --json "$TMP/tb" --every 5 | sed 's/"ms_per_step":[0-9.]*,//')
  { [ "$a" = "$b" ] && cmp -s "$TMP/ta" "$TMP/tb"; } || echo "DIFF simulate $run"
  echo "checked"
done >>"$TMP/log"
checks=$(grep -c checked "$TMP/log")
failures=$(grep -c DIFF "$TMP/log")
grep DIFF "$TMP/log" | head >&2
[ "$checks" -gt 100 ] || { echo "only $checks comparisons" >&2; failures=$((failures + 1)); }
finish
