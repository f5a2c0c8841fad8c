# wayfind scen on a sample of ../shared/movingai (`make bench` runs it all).
. "$(dirname "$0")/lib.sh"
M="$SHARED/movingai"
[ -d "$M" ] || { echo "no $M: the shared data must sit beside the checkout" >&2; exit 1; }

# Whole files for the small maps.
for f in dao/arena da2/ht_chantry; do
  expect 0 "$f" -- "$WF" scen "$M/$f.map.scen" --quiet
  n=$(($(grep -c . "$M/$f.map.scen") - 1))
  contains "$TMP/out" "$n scenarios, $n optimal" "$f all optimal"
done
# Every 40th scenario of every other file (every WF_TEST_SCEN_EVERY-th
# when set: make check-valgrind samples more thinly).
every=${WF_TEST_SCEN_EVERY:-40}
for s in "$M"/*/*.map.scen; do
  case "$s" in */arena.*|*/ht_chantry.*) continue ;; esac
  name=$(basename "$s" .scen)
  { head -n 1 "$s"; tail -n +2 "$s" | grep . | awk -v k="$every" 'NR % k == 1'; } >"$TMP/$name.scen"
  n=$(($(wc -l <"$TMP/$name.scen") - 1))
  expect 0 "$name" -- "$WF" scen "$TMP/$name.scen" --map "${s%.scen}" --quiet
  contains "$TMP/out" "$n scenarios, $n optimal" "$name sample optimal"
done

# Two threads: the same answers.
expect 0 "threads" -- "$WF" scen "$M/da2/ht_chantry.map.scen" --threads 2 --quiet
contains "$TMP/out" "470 scenarios, 470 optimal" "2 threads all optimal"
contains "$TMP/out" "2 threads:" "thread summary"
expect 2 "threads 0" -- "$WF" scen "$M/dao/arena.map.scen" --threads 0
# Jump Point Search.
expect 0 "jps" -- "$WF" scen "$M/da2/ht_chantry.map.scen" --algo jps --quiet
contains "$TMP/out" "470 scenarios, 470 optimal" "jps all optimal"
# A wrong optimal length is reported and fails the run.
{ head -n 3 "$M/dao/arena.map.scen"; head -n 4 "$M/dao/arena.map.scen" | tail -n 1 | awk -F'\t' 'BEGIN{OFS="\t"} {$9 = $9 + 1; print}'; } >"$TMP/wrong.scen"
expect 1 "wrong length" -- "$WF" scen "$TMP/wrong.scen" --map "$M/dao/arena.map"
contains "$TMP/out" "scenario 3:" "mismatch names the scenario"
contains "$TMP/out" "3 scenarios, 2 optimal" "mismatch summary"
# The map is found by the map column when the scen is elsewhere.
cp "$M/dao/arena.map" "$TMP/arena.map"
head -n 5 "$M/dao/arena.map.scen" >"$TMP/other.scen"
expect 0 "map column" -- "$WF" scen "$TMP/other.scen"
# Bad input: a scenario off the map, on a wall, a malformed line.
printf 'version 1\n0\tarena.map\t49\t49\t1\t11\t60\t1\t3\n' >"$TMP/off.scen"
expect 3 "off the map" -- "$WF" scen "$TMP/off.scen" --map "$M/dao/arena.map"
contains "$TMP/err" "outside" "off-map message"
printf 'version 1\n0\tarena.map\t49\t49\t0\t0\t4\t1\t3\n' >"$TMP/wall.scen"
expect 3 "on a wall" -- "$WF" scen "$TMP/wall.scen" --map "$M/dao/arena.map"
contains "$TMP/err" "blocked" "wall message"
printf 'version 1\n0\tarena.map\t49\t49\t1\tX\t4\t1\t3\n' >"$TMP/bad.scen"
expect 3 "malformed" -- "$WF" scen "$TMP/bad.scen" --map "$M/dao/arena.map"
contains "$TMP/err" "bad.scen:2:" "malformed names line"
printf 'version 1\n0\tnothing.map\t49\t49\t1\t11\t4\t1\t3\n' >"$TMP/nomap.scen"
expect 4 "no map" -- "$WF" scen "$TMP/nomap.scen"
contains "$TMP/err" "cannot find its map" "no-map message"
expect 2 "no args" -- "$WF" scen
finish
