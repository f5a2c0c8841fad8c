# wayfind render --svg and path --svg: SVG pictures, which need no libpng.
. "$(dirname "$0")/lib.sh"
A="$SHARED/movingai/dao/arena.map"

expect 0 "render svg" -- "$WF" render "$A" --svg "$TMP/arena.svg" --scale 4
contains "$TMP/out" "wrote $TMP/arena.svg (49 x 49 cells)" "render svg message"
contains "$TMP/arena.svg" '<svg xmlns="http://www.w3.org/2000/svg" width="196" height="196" viewBox="0 0 49 49">' "render svg size"
contains "$TMP/arena.svg" "</svg>" "render svg complete"
expect 0 "render svg, automatic size" -- "$WF" render "$DATA/maze10.txt" --svg "$TMP/maze.svg"
contains "$TMP/maze.svg" 'width="800" height="800"' "render svg automatic size"
# a map with start and goal marks: two marker squares
printf 'S...\n.##.\n...G\n' >"$TMP/sg.txt"
expect 0 "render svg marks" -- "$WF" render "$TMP/sg.txt" --svg "$TMP/sg.svg"
checks=$((checks + 1))
[ "$(grep -c 'stroke="black"' "$TMP/sg.svg")" = 2 ] || fail "render svg draws the start and goal"
# both pictures in one run
if png; then
  expect 0 "render svg and png" -- "$WF" render "$A" --svg "$TMP/b.svg" --png "$TMP/b.png"
  contains "$TMP/out" "wrote $TMP/b.png" "render svg and png: the png"
  contains "$TMP/out" "wrote $TMP/b.svg" "render svg and png: the svg"
fi
# path --svg: the grid path through the cell centres
expect 0 "path svg" -- "$WF" path "$TMP/sg.txt" --connect 4 --svg "$TMP/p.svg"
contains "$TMP/out" "path: 0,0 0,1 0,2 1,2 2,2 3,2" "path svg: the path"
contains "$TMP/p.svg" 'points="0.5,0.5 0.5,1.5 0.5,2.5 1.5,2.5 2.5,2.5 3.5,2.5"' "path svg line"
# errors
expect 4 "render svg into a missing directory" -- "$WF" render "$A" --svg "$TMP/none/a.svg"
contains "$TMP/err" "a.svg: cannot create a temporary file" "render svg missing directory"
expect 2 "render svg without a file" -- "$WF" render "$A" --svg
finish
