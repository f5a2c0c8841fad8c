# wayfind render --mesh: a saved mesh drawn (SVG, PNG) with its links, a
# path and its corridor; the saved mesh answers as the one built (a Tiled
# level's links kept by mesh --out); and every refusal.
. "$(dirname "$0")/lib.sh"

A="$SHARED/movingai/dao/arena.map"
expect 0 "save a grid's mesh" -- "$WF" mesh "$A" --out "$TMP/arena.mesh"
expect 0 "render a mesh" -- "$WF" render --mesh "$TMP/arena.mesh" --svg "$TMP/a.svg" --from 3.5,3.5 --to 40.5,40.5
contains "$TMP/out" "wrote $TMP/a.svg (47 polygons, 0 links)" "what was drawn"
contains "$TMP/out" "cost 52.904925, length 52.904925, 4 points, 0 links taken, a corridor of 8 polygons" "the path's figures"
contains "$TMP/a.svg" 'class="corridor"' "the corridor is drawn"
contains "$TMP/a.svg" 'class="polyline"' "the path is drawn"
contains "$TMP/a.svg" "</svg>" "the picture is complete"
expect 0 "render a mesh, json" -- "$WF" render --mesh "$TMP/arena.mesh" --from 3.5,3.5 --to 40.5,40.5 --format json
contains "$TMP/out" '"polygons":47' "json figures"
contains "$TMP/out" '"path":{"status":"ok","cost":52.90492526' "json path"
contains "$TMP/out" '"polyline":[[3.5,3.5],[19,15],[35,31],[40.5,40.5]]' "json corners"
expect 0 "the mesh alone" -- "$WF" render --mesh "$TMP/arena.mesh"
contains "$TMP/out" "47 polygons, 112 corners, 0 links" "figures without a picture"
expect 0 "checked against its map" -- "$WF" render --mesh "$TMP/arena.mesh" "$A" --svg "$TMP/b.svg"
expect 0 "y up" -- "$WF" render --mesh "$TMP/arena.mesh" --svg "$TMP/up.svg" --y-up
checks=$((checks + 1))
cmp -s "$TMP/b.svg" "$TMP/up.svg" && fail "--y-up draws the same picture"
if png; then
  expect 0 "render a mesh png" -- "$WF" render --mesh "$TMP/arena.mesh" --png "$TMP/a.png" --pixels 200 --from 3.5,3.5 --to 40.5,40.5
  checks=$((checks + 1))
  [ "$(head -c 8 "$TMP/a.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] &&
    [ "$(od -An -tu1 -j16 -N4 "$TMP/a.png" | awk '{print $3*256+$4}')" = 200 ] ||
    fail "the PNG is not 200 pixels wide"
fi

# A Tiled level with a ferry (two-way) and a zip line (one-way) between its
# banks: saved with its links, the file answers as the level built.
F="$DATA/tiled/ferry.tmj"
if "$WF" mesh "$F" >/dev/null 2>&1; then
  expect 0 "save a level with links" -- "$WF" mesh "$F" --out "$TMP/ferry.mesh" --from 1,1 --to 19,9 --format json
  built=$(grep -o '"cost":[^,]*,"length":[^,]*' "$TMP/out")
  expect 0 "the links come back" -- "$WF" render --mesh "$TMP/ferry.mesh" --svg "$TMP/f.svg" --from 1,1 --to 19,9 --format json
  contains "$TMP/out" "\"links\":2" "both links saved"
  contains "$TMP/out" "$built" "the saved mesh prices the path as the built one"
  contains "$TMP/out" '"links":[1]' "the zip line taken"
  contains "$TMP/f.svg" 'class="links"' "the links are drawn"
  expect 0 "the ferry back" -- "$WF" path --mesh "$TMP/ferry.mesh" --from 19,9 --to 1,1
  contains "$TMP/out" "cost: 17.011666" "one-way: back by the ferry"
  expect 1 "a point in the river" -- "$WF" render --mesh "$TMP/ferry.mesh" --svg "$TMP/r.svg" --from 10,5 --to 1,1
  contains "$TMP/err" "the start (10, 5) is not on the mesh" "off the mesh named"
fi

# what it refuses
head -c 100 "$TMP/arena.mesh" >"$TMP/cut.mesh"
expect 3 "a cut mesh file" -- "$WF" render --mesh "$TMP/cut.mesh" --svg "$TMP/x.svg"
contains "$TMP/err" "truncated: 100 bytes" "the cut named"
checks=$((checks + 1))
[ -e "$TMP/x.svg" ] && fail "a picture of a bad file was written"
expect 4 "a missing mesh file" -- "$WF" render --mesh "$TMP/none.mesh" --svg "$TMP/x.svg"
contains "$TMP/err" "none.mesh" "the missing file named"
expect 3 "not a mesh file" -- "$WF" render --mesh "$A" --svg "$TMP/x.svg"
contains "$TMP/err" "not a mesh file" "a map is no mesh"
printf 'S.\n.G\n' >"$TMP/small.txt"
expect 3 "another map" -- "$WF" render --mesh "$TMP/arena.mesh" "$TMP/small.txt"
contains "$TMP/err" "made for another map" "another map named"
expect 1 "a point off the mesh" -- "$WF" render --mesh "$TMP/arena.mesh" --from 3.5,3.5 --to 0.5,0.5
contains "$TMP/err" "the goal (0.5, 0.5) is not on the mesh" "off the mesh named"
expect 3 "a point too far out" -- "$WF" render --mesh "$TMP/arena.mesh" --from 1e300,3 --to 3.5,3.5
contains "$TMP/err" "too far out" "too far named"
expect 2 "from without to" -- "$WF" render --mesh "$TMP/arena.mesh" --from 3.5,3.5
expect 2 "a bad point" -- "$WF" render --mesh "$TMP/arena.mesh" --from 3.5,x --to 3.5,3.5
expect 2 "pixels too few" -- "$WF" render --mesh "$TMP/arena.mesh" --svg "$TMP/x.svg" --pixels 10
expect 2 "scale with a mesh" -- "$WF" render --mesh "$TMP/arena.mesh" --svg "$TMP/x.svg" --scale 4
contains "$TMP/err" "takes --pixels" "scale refused with the right option named"
expect 2 "pixels without a mesh" -- "$WF" render "$A" --pixels 100
expect 2 "two maps" -- "$WF" render --mesh "$TMP/arena.mesh" "$A" "$A"
expect 4 "unwritable picture" -- "$WF" render --mesh "$TMP/arena.mesh" --svg "$TMP/no/dir/x.svg"
finish
