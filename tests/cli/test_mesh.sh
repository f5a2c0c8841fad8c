# wayfind mesh: a map's navigation mesh, its figures, its picture, and the
# units and maps it refuses with the reason.
. "$(dirname "$0")/lib.sh"

DEN="$SHARED/movingai/dao/den011d.map"
expect 0 "mesh" -- "$WF" mesh "$DEN"
contains "$TMP/out" "502 polygons (from 1402 triangles), 1346 corners, 1 pieces" "mesh figures"
contains "$TMP/out" " ms:" "mesh reports the time"
expect 0 "mesh json" -- "$WF" mesh "$DEN" --format json
contains "$TMP/out" '"polygons":502,"triangles":1402,"vertices":1346,"pieces":1' "mesh json figures"
expect 0 "mesh size 2" -- "$WF" mesh "$DEN" --size 2 --format json
contains "$TMP/out" '"polygons":452' "a larger unit's mesh"
expect 0 "mesh svg" -- "$WF" mesh "$DEN" --svg "$TMP/m.svg"
contains "$TMP/m.svg" "</svg>" "mesh svg is complete"
[ "$(grep -c 'stroke="#4a7fc1"' "$TMP/m.svg")" = 1 ] || fail "mesh svg draws the shared edges"
checks=$((checks + 1))

# what it refuses
printf '..22\n..22\n' >"$TMP/w.txt"
expect 3 "terrains of two costs" -- "$WF" mesh "$TMP/w.txt"
contains "$TMP/err" "must cost the same" "two costs message"
expect 2 "size 0" -- "$WF" mesh "$DEN" --size 0
expect 2 "no map" -- "$WF" mesh
expect 4 "missing map" -- "$WF" mesh "$TMP/none.map"
expect 4 "svg into a missing directory" -- "$WF" mesh "$DEN" --svg "$TMP/no/such/m.svg"
expect 0 "help" -- "$WF" mesh --help
contains "$TMP/out" "usage: wayfind mesh MAP" "help text"
finish
