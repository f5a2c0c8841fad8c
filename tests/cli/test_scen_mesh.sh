# wayfind scen --mesh: every scenario of a Moving AI file answered on the
# map's mesh and checked against the grid's any-angle optimum (Anya).
. "$(dirname "$0")/lib.sh"

SCEN="$SHARED/movingai/dao/den011d.map.scen"
expect 0 "scen on the mesh" -- "$WF" scen "$SCEN" --mesh
contains "$TMP/out" "780 scenarios on the mesh (502 polygons" "scen mesh figures"
contains "$TMP/out" "780 as long as Anya's any-angle optimum, 0 without a path on both, 0 differ" "every answer equals Anya's"
expect 0 "scen on the mesh, json" -- "$WF" scen "$SCEN" --mesh --format json
contains "$TMP/out" '"scenarios":780,"polygons":502,' "scen mesh json"
contains "$TMP/out" '"equal":780,"no_path":0,"differ":0,' "scen mesh json counts"
expect 0 "a larger unit" -- "$WF" scen "$SCEN" --mesh --size 2 --quiet
contains "$TMP/out" "0 differ" "size 2 answers equal Anya's"
expect 2 "mesh with threads" -- "$WF" scen "$SCEN" --mesh --threads 2
contains "$TMP/err" "does not go with --prep, --hierarchy or --threads" "mesh refuses threads"
printf '..22\n..22\n' >"$TMP/w.txt"
printf 'version 1\n0\tw.txt\t4\t2\t0\t0\t3\t1\t3\n' >"$TMP/w.scen"
expect 2 "terrains of two costs" -- "$WF" scen "$TMP/w.scen" --map "$TMP/w.txt" --mesh
contains "$TMP/err" "must cost the same" "two costs message"
finish
