# The game-loop options: --cost per query, --nearest, strict jps and auto.
. "$(dirname "$0")/lib.sh"

# The top row pays 2 per '2' cell (7 in all, 4-connected); the way round
# the wall pays 8.
printf 'S222G\n.###.\n.....\n' >"$TMP/two.txt"
expect 0 "plain" -- "$WF" path "$TMP/two.txt" --connect 4
contains "$TMP/out" "cost: 7.000000" "top row"
expect 0 "cheaper" -- "$WF" path "$TMP/two.txt" --connect 4 --cost 2=1
contains "$TMP/out" "cost: 4.000000" "--cost 2=1"
expect 0 "forbidden" -- "$WF" path "$TMP/two.txt" --connect 4 --cost 2=inf
contains "$TMP/out" "cost: 8.000000" "--cost 2=inf goes round"
expect 0 "two overrides" -- "$WF" path "$TMP/two.txt" --connect 4 --cost 2=inf --cost .=3
contains "$TMP/out" "cost: 24.000000" "--cost .=3"
expect 1 "start forbidden" -- "$WF" path "$TMP/two.txt" --connect 4 --cost .=inf
expect 2 "cost on a wall" -- "$WF" path "$TMP/two.txt" --cost '#=1'
contains "$TMP/err" "blocked on this map" "wall message"
expect 2 "unknown tile" -- "$WF" path "$TMP/two.txt" --cost x=1
contains "$TMP/err" "no cell of the map is tile 'x'" "unknown tile message"
expect 2 "zero cost" -- "$WF" path "$TMP/two.txt" --cost 2=0
expect 2 "bad value" -- "$WF" path "$TMP/two.txt" --cost 2=abc
expect 2 "no value" -- "$WF" path "$TMP/two.txt" --cost 2
expect 2 "long tile" -- "$WF" path "$TMP/two.txt" --cost ab=1
contains "$TMP/err" "one map character" "long tile message"
# CSV maps name tiles by number: the maze's legend has tile 1 as floor.
expect 0 "csv cost" -- "$WF" path "$DATA/maze10.csv" --connect 4 --from 0,0 --to 9,9 --cost 1=2
contains "$TMP/out" "cost: 52.000000" "csv tile 1 at 2"
expect 2 "csv tile letter" -- "$WF" path "$DATA/maze10.csv" --cost a=2
contains "$TMP/err" "tiles are numbers" "csv letter message"
# Fields and scenarios take --cost too.
expect 0 "field cost" -- "$WF" field "$TMP/two.txt" --sources "4,0" --connect 4 --cost 2=inf
expect 2 "field bad cost" -- "$WF" field "$TMP/two.txt" --sources "4,0" --cost '#=2'

# --nearest: a click on a wall walks to the reachable cell nearest it.
expect 0 "nearest" -- "$WF" path "$TMP/two.txt" --connect 4 --from 0,0 --to 2,1 --nearest
contains "$TMP/out" "nearest the goal" "nearest text"
expect 1 "no nearest" -- "$WF" path "$TMP/two.txt" --connect 4 --from 0,0 --to 2,1
expect 0 "nearest json" -- "$WF" path "$TMP/two.txt" --connect 4 --from 0,0 --to 2,1 --nearest --format json
contains "$TMP/out" '"status":"partial"' "nearest json status"

# Strict jps says why it cannot run; auto chooses and says which ran.
expect 2 "jps 4-connected" -- "$WF" path "$DATA/maze10.txt" --connect 4 --algo jps
contains "$TMP/err" "jps needs 8-connected moves" "jps message"
expect 2 "jps weighted" -- "$WF" path "$TMP/two.txt" --algo jps
contains "$TMP/err" "cost the same" "jps weighted message"
expect 0 "auto falls back" -- "$WF" path "$TMP/two.txt" --algo auto
contains "$TMP/out" "(astar," "auto says astar"
expect 0 "auto jps" -- "$WF" path "$SHARED/movingai/dao/arena.map" --from 3,24 --to 45,24 --algo auto
contains "$TMP/out" "(jps," "auto says jps"
expect 2 "scen jps refused" -- "$WF" scen "$SHARED/movingai/dao/arena.map.scen" --algo jps --connect 4
contains "$TMP/err" "jps needs 8-connected" "scen jps message"
finish
