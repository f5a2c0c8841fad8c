# wayfind path --any-angle and --smooth: text, JSON, --queries, pictures,
# and the combinations that make no sense.
. "$(dirname "$0")/lib.sh"
A="$SHARED/movingai/dao/arena.map"

# A wall with a gap round its right end (seed: the known-map test).
printf 'S.........\n..........\n...####...\n...#......\n...#....G.\n' >"$TMP/m.txt"

expect 0 "theta one-free" -- "$WF" path "$TMP/m.txt" --any-angle theta --corners one-free
contains "$TMP/out" "path found from 0,0 to 8,4 (theta*, 8-connected, corners one-free)" "theta header"
contains "$TMP/out" "length: 9.733044 (4 points, 3 segments)" "theta length"
contains "$TMP/out" "polyline: 0.5,0.5 6.5,1.5 7.5,2.5 8.5,4.5" "theta polyline"
expect 0 "lazy theta no-cut" -- "$WF" path "$TMP/m.txt" --any-angle lazy-theta
contains "$TMP/out" "(lazy theta*, 8-connected, corners no-cut)" "lazy header"
contains "$TMP/out" "polyline: 0.5,0.5 7.5,1.5 8.5,4.5" "lazy keeps clear of the corner"
expect 0 "theta json" -- "$WF" path "$TMP/m.txt" --any-angle theta --corners one-free --format json
contains "$TMP/out" '{"status":"ok","cost":9.73304' "json head"
contains "$TMP/out" '"polyline":[[0.5,0.5],[6.5,1.5],[7.5,2.5],[8.5,4.5]]}' "json polyline"
expect 0 "theta draw" -- "$WF" path "$TMP/m.txt" --any-angle theta --corners one-free --draw
contains "$TMP/out" "Sxxx......" "drawn first row"
contains "$TMP/out" "...####x.." "drawn past the corner"
expect 0 "theta 4-connected" -- "$WF" path "$TMP/m.txt" --any-angle theta --connect 4
contains "$TMP/out" "4-connected" "4-connected header"

# --smooth beside the grid path.
expect 0 "smooth" -- "$WF" path "$TMP/m.txt" --smooth
contains "$TMP/out" "path: 0,0 1,0 2,1" "grid path kept"
contains "$TMP/out" "smoothed: cost 10.233345, length 10.233345, 3 points" "smoothed line"
contains "$TMP/out" "polyline: 0.5,0.5 7.5,1.5 8.5,4.5" "smoothed polyline"
expect 0 "smooth json" -- "$WF" path "$TMP/m.txt" --smooth --format json
contains "$TMP/out" '"path":[[0,0],[1,0],[2,1]' "json grid path"
contains "$TMP/out" '"smoothed":{"cost":10.233345' "json smoothed"
contains "$TMP/out" '"polyline":[[0.5,0.5],[7.5,1.5],[8.5,4.5]]}}' "json smoothed polyline"
expect 0 "smooth draw" -- "$WF" path "$TMP/m.txt" --smooth --draw
contains "$TMP/out" "..**xxxx.." "grid path and polyline drawn"
expect 0 "smooth weighted" -- "$WF" path "$A" --from 1,11 --to 40,40 --smooth --cost .=2
contains "$TMP/out" "smoothed: cost" "weighted smoothing"

# No path, partial, nearest.
printf 'S#\n#G\n' >"$TMP/gap.txt"
expect 1 "no path" -- "$WF" path "$TMP/gap.txt" --any-angle theta --corners one-free
contains "$TMP/out" "no path from 0,0 to 1,1 (theta*" "no path text"
expect 1 "no path json" -- "$WF" path "$TMP/gap.txt" --any-angle lazy-theta --format json
contains "$TMP/out" '{"status":"no_path","cost":0,"length":0,' "no path json"
expect 1 "partial" -- "$WF" path "$A" --from 1,11 --to 40,40 --any-angle theta --max-expansions 5
contains "$TMP/out" "partial path (expansion limit)" "partial text"
printf 'S.#\n..#\n..#\n' >"$TMP/wall.txt"
expect 0 "nearest" -- "$WF" path "$TMP/wall.txt" --from 0,0 --to 2,2 --any-angle theta --nearest
contains "$TMP/out" "partial path (to the reachable cell nearest the goal)" "nearest text"

# --queries answers each line the same way.
printf '1 11 40 40\n1 11 4 1\n' >"$TMP/q.txt"
expect 0 "queries any-angle" -- "$WF" path "$A" --queries "$TMP/q.txt" --any-angle lazy-theta --format json
[ "$(grep -c '"polyline"' "$TMP/out")" = 2 ] || fail "two polylines from --queries"
expect 0 "queries smooth" -- "$WF" path "$A" --queries "$TMP/q.txt" --smooth
[ "$(grep -c '^smoothed:' "$TMP/out")" = 2 ] || fail "two smoothed paths from --queries"

# Pictures: both lines in their colours.
if png; then
  expect 0 "png smooth" -- "$WF" path "$A" --from 1,11 --to 40,40 --smooth --png "$TMP/s.png"
  expect 0 "png grid only" -- "$WF" path "$A" --from 1,11 --to 40,40 --png "$TMP/g.png"
  expect 0 "png any-angle" -- "$WF" path "$A" --from 1,11 --to 40,40 --any-angle theta --png "$TMP/a.png"
  checks=$((checks + 1))
  [ "$(head -c 8 "$TMP/s.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "png smooth is a PNG"
  checks=$((checks + 1))
  cmp -s "$TMP/s.png" "$TMP/g.png" && fail "the smoothed polyline changes the picture"
fi

# SVG: the map, the grid path and the polyline as lines through their
# points, start and goal; Anya (no explored cells to tint) too.
expect 0 "svg smooth" -- "$WF" path "$A" --from 1,11 --to 40,40 --smooth --svg "$TMP/s.svg"
contains "$TMP/out" "wrote $TMP/s.svg" "svg smooth says so"
contains "$TMP/s.svg" 'viewBox="0 0 49 49"' "svg smooth viewBox"
pl=$(sed -n 's/^polyline: //p' "$TMP/out" | tr ' ' '\n' | sed 's/\.0\b//g; s/\.0,/,/' | tr '\n' ' ' | sed 's/ $//')
contains "$TMP/s.svg" "points=\"$pl\"" "svg smooth draws the polyline's points"
[ "$(grep -c '<polyline' "$TMP/s.svg")" = 2 ] || fail "svg smooth: a grid path and a polyline"
checks=$((checks + 1))
expect 0 "svg anya" -- "$WF" path "$A" --from 1,11 --to 40,40 --any-angle anya --corners one-free --svg "$TMP/a.svg" --format json
contains "$TMP/a.svg" "</svg>" "svg anya is complete"
# the mesh engine gives anya's lengths (it builds the grid's mesh first)
expect 0 "mesh" -- "$WF" path "$A" --from 1,11 --to 40,40 --any-angle mesh --corners one-free --format json
cp "$TMP/out" "$TMP/mesh.json"
expect 0 "anya again" -- "$WF" path "$A" --from 1,11 --to 40,40 --any-angle anya --corners one-free --format json
length_of() { grep -o '"length": *[0-9.e+-]*' "$1" | head -1; }
[ -n "$(length_of "$TMP/out")" ] && [ "$(length_of "$TMP/mesh.json")" = "$(length_of "$TMP/out")" ] ||
  fail "mesh and anya lengths differ: $(length_of "$TMP/mesh.json") against $(length_of "$TMP/out")"
checks=$((checks + 1))
expect 2 "mesh no-cut" -- "$WF" path "$A" --from 1,11 --to 40,40 --any-angle mesh
contains "$TMP/err" "one-free rule only" "mesh no-cut message"
expect 2 "svg with --queries" -- "$WF" path "$A" --queries "$TMP/q.txt" --svg "$TMP/q.svg"
contains "$TMP/err" "does not go with --from, --to, --draw, --png or --svg" "svg with --queries message"
expect 4 "svg into a missing directory" -- "$WF" path "$A" --from 1,11 --to 40,40 --svg "$TMP/no/such/dir.svg"
contains "$TMP/err" "dir.svg: cannot create a temporary file" "svg missing directory message"

# Usage errors.
expect 2 "unknown search" -- "$WF" path "$TMP/m.txt" --any-angle bogus
contains "$TMP/err" "--any-angle: expected theta, lazy-theta, anya, mesh or auto, got 'bogus'" "unknown search message"
expect 2 "with --algo" -- "$WF" path "$TMP/m.txt" --any-angle theta --algo dijkstra
contains "$TMP/err" "does not go with --algo dijkstra" "algo message"
expect 2 "with --smooth" -- "$WF" path "$TMP/m.txt" --any-angle theta --smooth
expect 2 "with --heuristic manhattan" -- "$WF" path "$TMP/m.txt" --any-angle theta --heuristic manhattan
expect 0 "with --heuristic euclidean" -- "$WF" path "$TMP/m.txt" --any-angle theta --heuristic euclidean
# Anya: the exact shortest path, under the one-free rule, on one cost.
D="$SHARED/movingai/dao/den011d.map"
expect 0 "anya" -- "$WF" path "$D" --from 20,20 --to 60,40 --any-angle anya --corners one-free
contains "$TMP/out" "path found from 20,20 to 60,40 (anya, 8-connected, corners one-free)" "anya found"
anya_len=$(sed -n 's/^length: \([0-9.]*\).*/\1/p' "$TMP/out")
expect 0 "theta, one-free" -- "$WF" path "$D" --from 20,20 --to 60,40 --any-angle theta --corners one-free
theta_len=$(sed -n 's/^length: \([0-9.]*\).*/\1/p' "$TMP/out")
checks=$((checks + 1))
awk -v a="$anya_len" -v t="$theta_len" 'BEGIN { exit !(a > 0 && a <= t + 1e-9) }' ||
  fail "anya length $anya_len above theta's $theta_len"
expect 0 "anya json" -- "$WF" path "$D" --from 20,20 --to 60,40 --any-angle anya --corners one-free --format json
contains "$TMP/out" '"polyline":[[20.5,20.5],' "anya json polyline"
expect 2 "anya under no-cut" -- "$WF" path "$D" --from 20,20 --to 60,40 --any-angle anya
contains "$TMP/err" "anya finds the shortest path under the one-free rule only" "anya rule message"
printf '.2.\n...\n' >"$TMP/w2.txt"
expect 2 "anya on a weighted map" -- "$WF" path "$TMP/w2.txt" --from 0,0 --to 2,1 --any-angle anya --corners one-free
contains "$TMP/err" "any-angle search needs a grid of uniform cost: terrain 46 costs 1 and terrain 50 costs 2" "anya weighted message"
expect 0 "anya, costs made even by --cost" -- "$WF" path "$TMP/w2.txt" --from 0,0 --to 2,1 --any-angle anya --corners one-free --cost 2=1
expect 0 "--help names them" -- "$WF" path --help
contains "$TMP/out" "--any-angle A" "help any-angle"
contains "$TMP/out" "--smooth" "help smooth"
finish
