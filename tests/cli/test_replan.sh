# wayfind replan: D* Lite repairs after batches of edits, checked against a
# fresh A* by the command itself; the edits file's errors; the agent's own
# cell walled in; CSV tiles; a Moving AI map with walking.
. "$(dirname "$0")/lib.sh"

# A room with a wall down the middle and two gaps; batches close and open
# them. 4-connected: the detours are easy to count.
cat >"$TMP/room.txt" <<'MAP'
S...#....
....#....
.........
....#....
....#...G
MAP
printf '4 2 #\n\n4 2 .\n0 0 #\n\n0 0 .\n' >"$TMP/doors.edits"
expect 1 "doors" -- "$WF" replan "$TMP/room.txt" --edits "$TMP/doors.edits" --connect 4
contains "$TMP/out" "start: at 0,0: cost 12.000000, 13 cells" "first plan"
contains "$TMP/out" "batch 1 (1 edit, line 1): at 0,0: no path" "wall closes the gap"
contains "$TMP/out" "batch 2 (2 edits, lines 3-4): at 0,0: no path" "agent walled in"
contains "$TMP/err" "the agent's cell (0, 0) is blocked: the agent is stuck" "stuck message"
contains "$TMP/out" "batch 3 (1 edit, line 6): at 0,0: cost 12.000000" "freed again"

# walking: two steps before each batch, then the gap shuts in front
printf '4 2 #\n' >"$TMP/shut.edits"
expect 1 "walk into a shut gap" -- "$WF" replan "$TMP/room.txt" --edits "$TMP/shut.edits" --connect 4 --walk 2
contains "$TMP/out" "batch 1 (1 edit, line 1): at 2,0: no path" "walked two steps"
printf '2 2 #\n' >"$TMP/side.edits"
expect 0 "a wall beside the way" -- "$WF" replan "$TMP/room.txt" --edits "$TMP/side.edits" --connect 4 --walk 3 --format json
contains "$TMP/out" '"at":[3,0]' "json position"
contains "$TMP/out" '"status":"OK","cost":9,"length":10' "json cost after the walk"
contains "$TMP/out" '"fresh_expanded":' "json fresh count"

# seed 000 on its CSV map: tiles are legend numbers; the turret cuts the road
expect 1 "td csv" -- "$WF" replan "$DATA/td.csv" --edits "$DATA/td.edits" --connect 4
contains "$TMP/out" "start: at 1,1: cost 11.000000, 12 cells" "td first plan"
contains "$TMP/out" "batch 1 (1 edit, line 2): at 1,1: no path" "td turret on the road"

# A Moving AI map: 8-connected, walls dropped in front of a walking agent;
# the command itself checks every repair against a fresh A*
MAP="$SHARED/movingai/dao/den011d.map"
if [ -f "$MAP" ]; then
  # the agent walks 40 cells, then walls land on its path near cells 60
  # and 120 of the first plan; then the first wall goes again
  printf '56 101 @\n57 101 @\n57 102 @\n\n110 77 @\n111 76 @\n\n56 101 .\n' >"$TMP/den.edits"
  expect 0 "den011d" -- "$WF" replan "$MAP" --from 8,123 --to 221,4 --edits "$TMP/den.edits" --walk 40
  contains "$TMP/out" "batch 3 (1 edit, line 8)" "three batches"
  contains "$TMP/out" "repairs expanded" "summary"
  expect 0 "den011d size 2" -- "$WF" replan "$MAP" --from 8,123 --to 220,5 --edits "$TMP/den.edits" --walk 40 --size 2
  expect 0 "den011d euclidean" -- "$WF" replan "$MAP" --from 8,123 --to 221,4 --edits "$TMP/den.edits" --heuristic euclidean --format json
  contains "$TMP/out" '"batches":[{' "json batches"
fi

# Bad input
expect 2 "no edits" -- "$WF" replan "$TMP/room.txt"
contains "$TMP/err" "--edits FILE is required" "no edits message"
expect 4 "missing edits file" -- "$WF" replan "$TMP/room.txt" --edits "$TMP/none.edits"
printf '9 0 #\n' >"$TMP/off.edits"
expect 3 "cell off the map" -- "$WF" replan "$TMP/room.txt" --edits "$TMP/off.edits"
contains "$TMP/err" "off.edits:1:1:" "off-map position"
printf '1 1 @\n' >"$TMP/tile.edits"
expect 3 "unknown tile" -- "$WF" replan "$TMP/room.txt" --edits "$TMP/tile.edits"
contains "$TMP/err" "tile.edits:1:5:" "unknown tile position"
printf '1 1\n' >"$TMP/short.edits"
expect 3 "missing field" -- "$WF" replan "$TMP/room.txt" --edits "$TMP/short.edits"
printf '\n\n' >"$TMP/empty.edits"
expect 3 "no edit at all" -- "$WF" replan "$TMP/room.txt" --edits "$TMP/empty.edits"
expect 3 "from off the map" -- "$WF" replan "$TMP/room.txt" --edits "$TMP/doors.edits" --from 20,0
contains "$TMP/err" "outside the 9 x 5 map" "off map message"
expect 2 "manhattan on 8" -- "$WF" replan "$TMP/room.txt" --edits "$TMP/doors.edits" --heuristic manhattan
contains "$TMP/err" "consistent" "heuristic message"
expect 2 "weight is not an option here" -- "$WF" replan "$TMP/room.txt" --edits "$TMP/doors.edits" --weight 2
expect 2 "bad walk" -- "$WF" replan "$TMP/room.txt" --edits "$TMP/doors.edits" --walk -1
expect 2 "two maps" -- "$WF" replan "$TMP/room.txt" "$TMP/room.txt" --edits "$TMP/doors.edits"
expect 0 "help" -- "$WF" replan --help
contains "$TMP/out" "usage: wayfind replan" "help text"

finish
