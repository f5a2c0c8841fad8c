# wayfind mesh on outline levels and Tiled maps: the mesh, a path with its
# length, a unit's radius, a grid built in tiles, and every refusal.
. "$(dirname "$0")/lib.sh"

YARD="$DATA/courtyard.outlines"
expect 0 "outline level" -- "$WF" mesh "$YARD" --from 10,1 --to 10,8
contains "$TMP/out" "6 polygons (from 11 triangles), 11 corners, 1 pieces" "outline mesh figures"
contains "$TMP/out" "length: 7.285383 (3 points, 2 segments)" "the path round the well"
contains "$TMP/out" "polyline: 10.0,1.0 11.0,4.0 10.0,8.0" "the path's corners"
expect 0 "outline level json" -- "$WF" mesh "$YARD" --from 10,1 --to 10,8 --format json
contains "$TMP/out" '"length":7.28538' "json path length"
expect 0 "outline level in tiles" -- "$WF" mesh "$YARD" --tile 4 --from 10,1 --to 10,8
contains "$TMP/out" "length: 7.285383 (3 points, 2 segments)" "the same path in tiles"
expect 3 "tiles and a radius" -- "$WF" mesh "$YARD" --tile 4 --radius 0.5
contains "$TMP/err" "tile 4 with radius 0.5" "tiles with a radius are refused, named"
expect 0 "a wider unit" -- "$WF" mesh "$YARD" --radius 0.5 --from 2,2 --to 18,2
contains "$TMP/out" "path found" "a wide unit still passes"
expect 1 "no path" -- "$WF" mesh "$YARD" --from 10,1 --to 10,5
contains "$TMP/out" "no path" "a point in the well"
expect 0 "a grid in tiles" -- "$WF" mesh "$SHARED/movingai/dao/arena.map" --tile 16 --from 3.5,3.5 --to 40.5,40.5 --format json
contains "$TMP/out" '"length":52.90492526' "tiled grid path equals the whole grid's"

expect 0 "outline level picture" -- "$WF" mesh "$YARD" --from 10,1 --to 10,8 --svg "$TMP/yard.svg"
contains "$TMP/yard.svg" "</svg>" "the level's picture is complete"
contains "$TMP/yard.svg" 'class="polyline"' "the picture draws the path"

# overlapping obstacles are their union: round it, over B or under A
printf 'wayfind-outlines 1\nwalkable\n0 0 10 0 10 10 0 10\nend\nobstacle rock\n2 2 6 2 6 6 2 6\nend\nobstacle\n4 4 8 4 8 8 4 8\nend\n' >"$TMP/cross.outlines"
expect 0 "overlapping outlines" -- "$WF" mesh "$TMP/cross.outlines" --from 1,7 --to 9,3 --format json
contains "$TMP/out" '"length":12.26' "the path goes round the two rocks' union"
expect 1 "no path from inside the overlap" -- "$WF" mesh "$TMP/cross.outlines" --from 5,5 --to 1,1

# what it refuses
printf 'wayfind-outlines 1\nwalkable\n0 0 10 0 10 10 0 10\nend\nobstacle rock\n2 2 6 2 2 6 6 6\nend\n' >"$TMP/bow.outlines"
expect 3 "an outline crossing itself" -- "$WF" mesh "$TMP/bow.outlines"
contains "$TMP/err" "'rock' (line 5) crosses itself near (4, 4)" "a crossing names the outline"
printf 'wayfind-outlines 1\nwalkable\n0 0 10 0\n' >"$TMP/open.outlines"
expect 3 "unclosed outline" -- "$WF" mesh "$TMP/open.outlines"
contains "$TMP/err" "not closed" "unclosed outline message"
expect 2 "size with outlines" -- "$WF" mesh "$YARD" --size 2
expect 2 "radius with a grid" -- "$WF" mesh "$SHARED/movingai/dao/arena.map" --radius 1
expect 2 "from without to" -- "$WF" mesh "$YARD" --from 1,1
expect 2 "bad point" -- "$WF" mesh "$YARD" --from 1,x --to 2,2
expect 2 "negative radius" -- "$WF" mesh "$YARD" --radius -1
expect 2 "tile too small" -- "$WF" mesh "$SHARED/movingai/dao/arena.map" --tile 2
finish
