# Agent sizes (--size K): path, scen, field and influence move a K x K
# agent, whose top-left cell is the one named; size 1 is the plain search.
. "$(dirname "$0")/lib.sh"
A="$SHARED/movingai/dao/arena.map"

# A wall with a one-cell gap (row 2) and a two-cell gap lower down (rows
# 5-6): a 1x1 agent takes the near gap, a 2x2 one the wide gap, a 3x3 one
# fits neither.
cat >"$TMP/gaps.txt" <<'MAP'
....#.....
....#.....
..........
....#.....
....#.....
..........
..........
....#.....
....#.....
MAP
expect 0 "size 1" -- "$WF" path "$TMP/gaps.txt" --from 0,2 --to 8,2
contains "$TMP/out" "path found from 0,2 to 8,2 (astar, 8-connected, corners no-cut)" "size 1 header"
contains "$TMP/out" "cost: 8.000000" "size 1 goes through the narrow gap"
expect 0 "--size 1 is the default" -- "$WF" path "$TMP/gaps.txt" --from 0,2 --to 8,2 --size 1
contains "$TMP/out" "cost: 8.000000" "size 1 explicit"
expect 0 "size 2" -- "$WF" path "$TMP/gaps.txt" --from 0,2 --to 8,2 --size 2 --draw
contains "$TMP/out" "(astar, 8-connected, corners no-cut, size 2)" "size 2 header"
# (2,4) -> (3,5) would cut the corner of the wall at (4,4): the agent
# could not stand on (3,4)
contains "$TMP/out" "path: 0,2 1,3 2,4 2,5 3,5 4,5 5,5 6,4 7,3 8,2" "size 2 takes the wide gap"
for algo in dijkstra jps auto; do
  expect 0 "size 2 $algo" -- "$WF" path "$TMP/gaps.txt" --from 0,2 --to 8,2 --size 2 --algo $algo
  contains "$TMP/out" "cost: 11.071068" "size 2 $algo cost"
done
expect 1 "size 3 fits no gap" -- "$WF" path "$TMP/gaps.txt" --from 0,2 --to 7,2 --size 3
contains "$TMP/out" "no path from 0,2 to 7,2" "size 3 no path"
[ -s "$TMP/err" ] && fail "size 3: an unreachable goal needs no message"
expect 1 "size 3 cannot stand at the goal" -- "$WF" path "$TMP/gaps.txt" --from 0,2 --to 8,2 --size 3
contains "$TMP/err" "an agent of size 3 cannot stand at the goal (8, 2): the largest free square there is 2x2" "goal too small"
expect 0 "size 2, 4-connected, json" -- "$WF" path "$TMP/gaps.txt" --from 0,2 --to 8,2 --size 2 --connect 4 --format json
contains "$TMP/out" '"cost":14,"length":15' "4-connected size 2 cost"
printf '0 2 8 2\n0 2 9 2\n' >"$TMP/q.txt"
expect 1 "--queries with a size" -- "$WF" path "$TMP/gaps.txt" --queries "$TMP/q.txt" --size 2
contains "$TMP/err" "q.txt:2: an agent of size 2 cannot stand at the goal (9, 2)" "queries say which line"

# JPS and A* agree for larger agents on a real map.
for k in 2 3 5; do
  expect 0 "arena size $k astar" -- "$WF" path "$A" --from 3,3 --to 40,40 --size $k
  want=$(grep '^cost:' "$TMP/out")
  expect 0 "arena size $k jps" -- "$WF" path "$A" --from 3,3 --to 40,40 --size $k --algo jps
  contains "$TMP/out" "$want" "arena size $k: jps cost equals A*"
done

# scen: the file's optima are for size 1; larger agents are checked for
# legality.
S="$SHARED/movingai/dao/arena.map.scen"
expect 0 "scen size 2" -- "$WF" scen "$S" --map "$A" --size 2 --quiet
contains "$TMP/out" "160 scenarios, size 2: 129 legal paths, 31 without a path (the file's optima are for size 1: legality checked, not optimality)" "scen size 2 summary"
expect 0 "scen size 3, two threads, auto" -- "$WF" scen "$S" --map "$A" --size 3 --threads 2 --algo auto --quiet
contains "$TMP/out" "size 3:" "scen size 3 summary"
expect 0 "scen size 1" -- "$WF" scen "$S" --map "$A" --size 1 --quiet
contains "$TMP/out" "160 scenarios, 160 optimal" "scen size 1 checks optimality"

# field: fewer cells reached by a larger agent: of the 9 x 8 positions of
# a 2x2 agent, 14 overlap the wall column (all but the wide gap's two).
expect 0 "field size 1" -- "$WF" field "$TMP/gaps.txt" --sources 8,2
contains "$TMP/out" "distance map: 84 of 90 cells reached" "field size 1"
expect 0 "field size 2" -- "$WF" field "$TMP/gaps.txt" --sources 8,2 --size 2
contains "$TMP/out" "distance map: 58 of 90 cells reached" "field size 2"
expect 0 "flee size 2" -- "$WF" field "$TMP/gaps.txt" --sources 8,2 --size 2 --flee 1.2
contains "$TMP/out" "flee map: 58 of 90 cells reached" "flee size 2"

# influence: both searches move the agent.
expect 0 "influence size 2" -- "$WF" influence "$A" --from 3,3 --to 40,40 --source 20,20,8 --size 2
contains "$TMP/out" "without influence: cost" "influence size 2"

# any-angle and smoothing: the polyline joins anchor-cell centres; a gap
# two cells wide lets a 2x2 agent through, bending round the gap's
# corners at (3, 2) and (3, 4), and not a 3x3 one.
printf '........\n........\n........\n###..###\n........\n........\n........\n' >"$TMP/gap2.txt"
expect 0 "anya size 2" -- "$WF" path "$TMP/gap2.txt" --from 0,0 --to 0,5 --any-angle anya --corners one-free --size 2
contains "$TMP/out" "polyline: 0.5,0.5 3.0,2.0 3.0,4.0 0.5,5.5" "anya size 2 bends at the gap"
contains "$TMP/out" "length: 7.830952" "anya size 2 length"
expect 0 "theta size 2 json" -- "$WF" path "$TMP/gap2.txt" --from 0,0 --to 0,5 --any-angle theta --size 2 --format json
contains "$TMP/out" '"polyline":[[0.5,0.5],[3.5,1.5],[3.5,4.5],[0.5,5.5]]' "theta size 2 json polyline"
expect 1 "lazy theta size 3: no way through" -- "$WF" path "$TMP/gap2.txt" --from 3,0 --to 3,4 --any-angle lazy-theta --size 3
contains "$TMP/out" "no path from 3,0 to 3,4" "lazy theta size 3"
expect 1 "theta size 2: goal too narrow" -- "$WF" path "$TMP/gap2.txt" --from 0,0 --to 7,6 --any-angle theta --size 2
contains "$TMP/err" "an agent of size 2 cannot stand at the goal (7, 6)" "theta size 2 goal refusal"
expect 0 "smooth size 2" -- "$WF" path "$TMP/gap2.txt" --from 0,0 --to 0,5 --smooth --size 2
contains "$TMP/out" "smoothed: cost 9.324555, length 9.324555, 4 points" "smooth size 2"

# Every command that moves an agent lists --size.
for c in path scen field influence; do
  expect 0 "$c --help" -- "$WF" $c --help
  contains "$TMP/out" "--size K" "$c --help lists --size"
done
finish
