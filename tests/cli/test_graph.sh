# wayfind graph, convert and field.
. "$(dirname "$0")/lib.sh"
G="$DATA/waypoints.graph"

expect 0 "graph down" -- "$WF" graph "$G" --from rampart --to camp
contains "$TMP/out" "path: rampart drop yard_e mill bridge camp" "one-way drop used"
contains "$TMP/out" "cost: 72.500000" "down cost"
expect 0 "graph up" -- "$WF" graph "$G" --from camp --to rampart --format json --svg "$TMP/g.svg"
contains "$TMP/out" '"path":["camp","bridge","mill","yard_e","tower_e","rampart"]' "no climbing the drop"
contains "$TMP/g.svg" "<svg" "svg written"
contains "$TMP/g.svg" 'marker-end="url(#arrow)"' "one-way arcs are arrows"
contains "$TMP/g.svg" "<polyline" "path drawn"
expect 0 "graph dijkstra" -- "$WF" graph "$G" --from gate --to hill --algo dijkstra
printf 'node a\nnode b\nnode c\narc a b 1\n' >"$TMP/small.graph"
expect 1 "graph no path" -- "$WF" graph "$TMP/small.graph" --from b --to a
expect 2 "graph euclid no pos" -- "$WF" graph "$TMP/small.graph" --from a --to b --heuristic euclidean
expect 3 "graph svg no pos" -- "$WF" graph "$TMP/small.graph" --from a --to b --svg "$TMP/x.svg"
expect 3 "graph unknown node" -- "$WF" graph "$G" --from moon --to camp
contains "$TMP/err" "no node named 'moon'" "unknown node message"
printf 'node a\nedge a zz 1\n' >"$TMP/bad.graph"
expect 3 "graph bad file" -- "$WF" graph "$TMP/bad.graph" --from a --to a
contains "$TMP/err" "bad.graph:2:8: unknown node 'zz'" "line:col"
expect 2 "graph connect" -- "$WF" graph "$G" --from a --to b --connect 4
expect 2 "graph missing to" -- "$WF" graph "$G" --from gate
expect 4 "graph missing file" -- "$WF" graph "$TMP/none.graph" --from a --to b

# convert: the grid's graph, read back by graph, gives the grid's cost.
expect 0 "convert" -- "$WF" convert "$DATA/maze10.txt" --to graph --connect 4 --out "$TMP/maze.graph"
contains "$TMP/out" "wrote $TMP/maze.graph: 65 nodes, 144 arcs" "convert summary"
expect 0 "graph of maze" -- "$WF" graph "$TMP/maze.graph" --from 0_0 --to 9_9
contains "$TMP/out" "cost: 26.000000" "maze cost through the graph"
expect 0 "convert json" -- "$WF" convert "$SHARED/movingai/dao/arena.map" --to graph --format json
contains "$TMP/out" '{"nodes":[{"id":"' "json graph"
expect 2 "convert kind" -- "$WF" convert "$DATA/maze10.txt" --to mesh
expect 2 "convert tile" -- "$WF" convert "$DATA/maze10.txt" --to graph --tile 0

# field: shading, heat map, flee.
expect 0 "field" -- "$WF" field "$DATA/maze10.txt" --sources "0,0;9,9" --connect 4
contains "$TMP/out" "distance map: 65 of 100 cells reached, values 0.000 to" "field summary"
contains "$TMP/out" "0#" "source shaded 0"
if png; then
  expect 0 "field png" -- "$WF" field "$SHARED/movingai/dao/arena.map" --sources 10,10 --png "$TMP/f.png"
  contains "$TMP/out" "wrote $TMP/f.png" "field png"
fi
expect 0 "flee" -- "$WF" field "$SHARED/movingai/dao/arena.map" --sources 10,10 --flee 1.2
contains "$TMP/out" "flee map" "flee summary"
expect 2 "field no sources" -- "$WF" field "$DATA/maze10.txt"
expect 2 "field bad sources" -- "$WF" field "$DATA/maze10.txt" --sources "1,1;;2"
expect 3 "field off map" -- "$WF" field "$DATA/maze10.txt" --sources 40,1
expect 2 "field bad flee" -- "$WF" field "$DATA/maze10.txt" --sources 1,1 --flee -1
finish
