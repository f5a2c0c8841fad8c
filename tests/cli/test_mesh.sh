# wayfind mesh: a map's navigation mesh, its figures, its picture, its
# file, the queries path --mesh answers from that file, and what each
# refuses with the reason.
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

# Mesh files: mesh --out saves the mesh, path --mesh answers from it (with
# or without the map) as --any-angle mesh does from the map, between cell
# centres and between any points.
expect 0 "mesh --out" -- "$WF" mesh "$DEN" --out "$TMP/den.mesh"
contains "$TMP/out" "wrote $TMP/den.mesh: 32112 bytes" "mesh file written"
expect 0 "mesh --out json" -- "$WF" mesh "$DEN" --out "$TMP/den2.mesh" --format json
contains "$TMP/out" '"file_bytes":32112}' "mesh file size in json"
cmp -s "$TMP/den.mesh" "$TMP/den2.mesh" || fail "the same mesh, the same bytes"
checks=$((checks + 1))
for q in "10,20 200,100" "104,24 66,111" "101,94 219,35" "12,28 210,148"; do
  set -- $q
  expect 0 "any-angle mesh $q" -- "$WF" path "$DEN" --any-angle mesh --corners one-free --from "$1" --to "$2"
  grep '^length\|^polyline' "$TMP/out" >"$TMP/want"
  fx=${1%,*}.5 fy=${1#*,}.5 tx=${2%,*}.5 ty=${2#*,}.5
  expect 0 "path --mesh $q" -- "$WF" path --mesh "$TMP/den.mesh" --from "$fx,$fy" --to "$tx,$ty"
  grep '^length\|^polyline' "$TMP/out" >"$TMP/got"
  cmp -s "$TMP/want" "$TMP/got" || { fail "path --mesh $q differs from --any-angle mesh"; diff "$TMP/want" "$TMP/got" >&2; }
  checks=$((checks + 1))
  expect 0 "path MAP --mesh $q" -- "$WF" path "$DEN" --mesh "$TMP/den.mesh" --from "$fx,$fy" --to "$tx,$ty"
  grep '^length\|^polyline' "$TMP/out" >"$TMP/got"
  cmp -s "$TMP/want" "$TMP/got" || fail "path MAP --mesh $q differs from --any-angle mesh"
  checks=$((checks + 1))
done
expect 0 "path --mesh between any points" -- "$WF" path --mesh "$TMP/den.mesh" --from 10.25,20.125 --to 200.5,100.75
contains "$TMP/out" "path found from 10.25,20.125 to 200.5,100.75 (mesh $TMP/den.mesh)" "mesh path header"
contains "$TMP/out" "polyline: 10.25,20.125 " "the ends as given"
contains "$TMP/out" " 200.5,100.75" "the goal as given"
expect 0 "path --mesh json" -- "$WF" path --mesh "$TMP/den.mesh" --from 10.25,20.125 --to 200.5,100.75 --format json
contains "$TMP/out" '{"status":"ok","cost":' "mesh path json"
contains "$TMP/out" '"polyline":[[10.25,20.125],' "mesh path json polyline"
# a larger unit's mesh answers for it
expect 0 "mesh --size 2 --out" -- "$WF" mesh "$DEN" --size 2 --out "$TMP/den2.mesh"
expect 0 "any-angle mesh size 2" -- "$WF" path "$DEN" --any-angle mesh --corners one-free --size 2 --from 10,20 --to 200,100
grep '^length\|^polyline' "$TMP/out" >"$TMP/want"
expect 0 "path --mesh size 2" -- "$WF" path "$DEN" --mesh "$TMP/den2.mesh" --from 10.5,20.5 --to 200.5,100.5
grep '^length\|^polyline' "$TMP/out" >"$TMP/got"
cmp -s "$TMP/want" "$TMP/got" || fail "a size-2 mesh file answers as --any-angle mesh --size 2"
checks=$((checks + 1))
# a map's marks are the defaults
printf 'S...#\n.##.#\n...#G\n.#...\n' >"$TMP/sg.txt"
expect 0 "mesh of a marked map" -- "$WF" mesh "$TMP/sg.txt" --out "$TMP/sg.mesh"
expect 0 "path MAP --mesh, ends from the marks" -- "$WF" path "$TMP/sg.txt" --mesh "$TMP/sg.mesh"
contains "$TMP/out" "polyline: 0.5,0.5 1.0,2.0 3.0,3.0 4.0,3.0 4.5,2.5" "marks as ends"

# what path --mesh refuses, and why
expect 1 "a point off the mesh" -- "$WF" path --mesh "$TMP/sg.mesh" --from 0.25,0.75 --to 1.5,1.5
contains "$TMP/err" "the goal (1.5, 1.5) is not on the mesh" "off the mesh"
contains "$TMP/out" "no path from 0.25,0.75 to 1.5,1.5" "no path printed"
expect 1 "a point off the mesh, json" -- "$WF" path --mesh "$TMP/sg.mesh" --from 0.25,0.75 --to 1.5,1.5 --format json
contains "$TMP/out" '"status":"no_path"' "no path in json"
expect 3 "a point off the map" -- "$WF" path "$TMP/sg.txt" --mesh "$TMP/sg.mesh" --from 0.5,0.5 --to 5.5,1
contains "$TMP/err" "--to 5.5,1 is outside the 5 x 4 map" "off the map"
expect 3 "a point too far out" -- "$WF" path --mesh "$TMP/sg.mesh" --from 1e12,0.5 --to 0.5,0.5
contains "$TMP/err" "the start (1e+12, 0.5) lies too far out" "too far out"
expect 2 "a NaN point" -- "$WF" path --mesh "$TMP/sg.mesh" --from nan,0.5 --to 0.5,0.5
contains "$TMP/err" "--from: expected X,Y (two finite numbers), got 'nan,0.5'" "NaN point"
expect 2 "a malformed point" -- "$WF" path --mesh "$TMP/sg.mesh" --from 0.5 --to 0.5,0.5
contains "$TMP/err" "--from: expected X,Y" "malformed point"
expect 2 "no --from without a map" -- "$WF" path --mesh "$TMP/sg.mesh" --to 0.5,0.5
contains "$TMP/err" "--mesh without a MAP needs --from X,Y" "--from needed"
expect 2 "--mesh with --size" -- "$WF" path --mesh "$TMP/sg.mesh" --from 0.5,0.5 --to 1.5,0.5 --size 2
contains "$TMP/err" "give them to 'wayfind mesh'" "--size goes to mesh"
expect 2 "--mesh with --any-angle" -- "$WF" path "$TMP/sg.txt" --mesh "$TMP/sg.mesh" --any-angle theta
expect 2 "--mesh with --queries" -- "$WF" path "$TMP/sg.txt" --mesh "$TMP/sg.mesh" --queries "$TMP/q"
expect 2 "cell points without --mesh" -- "$WF" path "$TMP/sg.txt" --from 0.5,0.5 --to 1,1
contains "$TMP/err" "--from: expected X,Y (two integers >= 0), got '0.5,0.5'" "cells stay integers"
expect 4 "a missing mesh file" -- "$WF" path --mesh "$TMP/none.mesh" --from 0.5,0.5 --to 1.5,0.5
contains "$TMP/err" "none.mesh: cannot open" "missing mesh file"
expect 3 "a map as the mesh file" -- "$WF" path --mesh "$DEN" --from 0.5,0.5 --to 1.5,0.5
contains "$TMP/err" "den011d.map: not a mesh file (it does not start with \"WFMESH\")" "not a mesh file"
expect 3 "another map's mesh" -- "$WF" path "$TMP/sg.txt" --mesh "$TMP/den.mesh" --from 0.5,0.5 --to 1.5,0.5
contains "$TMP/err" "den.mesh: made for another map: a 247x167 one, this map is 5x4" "another map"
printf 'S...#\n.##.#\n..##G\n.#...\n' >"$TMP/sg2.txt"
expect 3 "the map edited since" -- "$WF" path "$TMP/sg2.txt" --mesh "$TMP/sg.mesh" --from 0.5,0.5 --to 1.5,0.5
contains "$TMP/err" "its digest of the terrain and its costs differs" "map edited"
head -c 100 "$TMP/den.mesh" >"$TMP/cut.mesh"
expect 3 "a cut mesh file" -- "$WF" path --mesh "$TMP/cut.mesh" --from 10.5,20.5 --to 200.5,100.5
contains "$TMP/err" "cut.mesh: truncated: 100 bytes" "cut file"
cp "$TMP/den.mesh" "$TMP/flip.mesh"
printf '\377' | dd of="$TMP/flip.mesh" bs=1 seek=1000 conv=notrunc 2>/dev/null
expect 3 "a damaged mesh file" -- "$WF" path --mesh "$TMP/flip.mesh" --from 10.5,20.5 --to 200.5,100.5
contains "$TMP/err" "flip.mesh: corrupted: the contents do not match the file's checksum" "damaged file"
# a mesh file is written whole or not at all
cp "$TMP/sg.mesh" "$TMP/keep.mesh"
expect 3 "mesh --out of a map it refuses" -- "$WF" mesh "$TMP/w.txt" --out "$TMP/keep.mesh"
cmp -s "$TMP/sg.mesh" "$TMP/keep.mesh" || fail "a refused mesh leaves the file as it was"
checks=$((checks + 1))
expect 4 "mesh --out into a missing directory" -- "$WF" mesh "$DEN" --out "$TMP/no/such/m.mesh"
finish
