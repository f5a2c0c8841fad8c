# wayfind prep --hierarchy and --hierarchy: a saved contraction hierarchy
# answers every scenario of a weighted world at its optimum, as A* does,
# for the unit it was made for; another unit, another map, an edited map
# or a damaged file is refused with a message naming the problem.
. "$(dirname "$0")/lib.sh"

# islands priced for ships ('.' deep sea 1, '2' shallow 2, '#' land), with
# scenarios whose optima are the generator's own (Dijkstra's)
expect 0 "gen" -- "$WF" gen islands --seed 4 --size 96x64 --out "$TMP/isl.txt" --scen 200
expect 0 "prep --hierarchy" -- "$WF" prep "$TMP/isl.txt" --hierarchy --out "$TMP/isl.ch"
contains "$TMP/out" "hierarchy of" "prep says what it wrote"
contains "$TMP/out" "bytes per cell" "prep reports the size"
expect 0 "scen --hierarchy" -- "$WF" scen "$TMP/isl.txt.scen" --map "$TMP/isl.txt" --hierarchy "$TMP/isl.ch" --quiet
contains "$TMP/out" "200 scenarios, 200 optimal" "every scenario optimal"
# two sea cells far apart: the last scenario's ends
set -- $(tail -n 1 "$TMP/isl.txt.scen")
FROM="$5,$6" TO="$7,$8"

expect 0 "path astar" -- "$WF" path "$TMP/isl.txt" --from "$FROM" --to "$TO"
grep '^cost:' "$TMP/out" >"$TMP/astar"
expect 0 "path --hierarchy" -- "$WF" path "$TMP/isl.txt" --from "$FROM" --to "$TO" --hierarchy "$TMP/isl.ch"
contains "$TMP/out" "(hierarchy," "path says it used the hierarchy"
grep '^cost:' "$TMP/out" >"$TMP/ch"
cmp -s "$TMP/astar" "$TMP/ch" || fail "hierarchy cost differs from A*'s"
checks=$((checks + 1))
expect 0 "path --hierarchy json" -- "$WF" path "$TMP/isl.txt" --from "$FROM" --to "$TO" --hierarchy "$TMP/isl.ch" --format json
contains "$TMP/out" '"status":"ok"' "json answer"
set -- $(sed -n '2p;3p' "$TMP/isl.txt.scen" | awk '{print $5, $6, $7, $8}')
printf '%s %s %s %s\n%s %s %s %s\n' "$@" >"$TMP/q.txt"
expect 0 "path --queries --hierarchy" -- "$WF" path "$TMP/isl.txt" --queries "$TMP/q.txt" --hierarchy "$TMP/isl.ch"

# another unit: the same map for a 4-connected unit with shallows at 3
expect 0 "prep for another unit" -- "$WF" prep "$TMP/isl.txt" --hierarchy --connect 4 --cost 2=3 --out "$TMP/four.ch"
expect 0 "path for that unit" -- "$WF" path "$TMP/isl.txt" --from "$FROM" --to "$TO" --connect 4 --cost 2=3
grep '^cost:' "$TMP/out" >"$TMP/astar4"
expect 0 "path --hierarchy for that unit" -- "$WF" path "$TMP/isl.txt" --from "$FROM" --to "$TO" --connect 4 --cost 2=3 --hierarchy "$TMP/four.ch"
grep '^cost:' "$TMP/out" >"$TMP/ch4"
cmp -s "$TMP/astar4" "$TMP/ch4" || fail "4-connected hierarchy cost differs from A*'s"
checks=$((checks + 1))
expect 3 "unit's moves differ" -- "$WF" path "$TMP/isl.txt" --from "$FROM" --to "$TO" --hierarchy "$TMP/four.ch" --cost 2=3
contains "$TMP/err" "made for another unit: 4-connected" "another movement model"
expect 3 "unit's costs differ" -- "$WF" path "$TMP/isl.txt" --from "$FROM" --to "$TO" --hierarchy "$TMP/four.ch" --connect 4
contains "$TMP/err" "costs 3 in the file, 2 here" "another cost"

# options the hierarchy cannot honour
expect 2 "with --prep" -- "$WF" path "$TMP/isl.txt" --from "$FROM" --to "$TO" --hierarchy "$TMP/isl.ch" --prep "$TMP/isl.ch"
expect 2 "with --algo" -- "$WF" scen "$TMP/isl.txt.scen" --map "$TMP/isl.txt" --hierarchy "$TMP/isl.ch" --algo jpsw
contains "$TMP/err" "does not go with --algo" "algo clash message"
expect 2 "with --size" -- "$WF" path "$TMP/isl.txt" --from "$FROM" --to "$TO" --hierarchy "$TMP/isl.ch" --size 2
expect 2 "with --threads" -- "$WF" scen "$TMP/isl.txt.scen" --map "$TMP/isl.txt" --hierarchy "$TMP/isl.ch" --threads 2
expect 2 "with --any-angle" -- "$WF" path "$TMP/isl.txt" --from "$FROM" --to "$TO" --hierarchy "$TMP/isl.ch" --any-angle theta
expect 2 "unit options without --hierarchy" -- "$WF" prep "$TMP/isl.txt" --connect 4 --out "$TMP/x.jump"

# damaged files and other maps
head -c 40 "$TMP/isl.ch" >"$TMP/short.ch"
expect 3 "header cut" -- "$WF" path "$TMP/isl.txt" --from "$FROM" --to "$TO" --hierarchy "$TMP/short.ch"
contains "$TMP/err" "truncated" "header cut message"
size=$(wc -c <"$TMP/isl.ch")
head -c $((size - 7)) "$TMP/isl.ch" >"$TMP/cut.ch"
expect 3 "arrays cut" -- "$WF" path "$TMP/isl.txt" --from "$FROM" --to "$TO" --hierarchy "$TMP/cut.ch"
contains "$TMP/err" "truncated" "arrays cut message"
{ cat "$TMP/isl.ch"; printf 'x'; } >"$TMP/long.ch"
expect 3 "data after" -- "$WF" path "$TMP/isl.txt" --from "$FROM" --to "$TO" --hierarchy "$TMP/long.ch"
contains "$TMP/err" "data after the arrays" "data after message"
cp "$TMP/isl.ch" "$TMP/flip.ch"
printf '\377' | dd of="$TMP/flip.ch" bs=1 seek=$((size - 100)) conv=notrunc 2>/dev/null
expect 3 "a flipped byte" -- "$WF" path "$TMP/isl.txt" --from "$FROM" --to "$TO" --hierarchy "$TMP/flip.ch"
contains "$TMP/err" "checksum" "flipped byte message"
expect 0 "a jump table" -- "$WF" prep "$TMP/isl.txt" --out "$TMP/isl.jump"
expect 3 "jump file" -- "$WF" path "$TMP/isl.txt" --from "$FROM" --to "$TO" --hierarchy "$TMP/isl.jump"
contains "$TMP/err" "not a hierarchy file" "jump file message"
expect 0 "another map" -- "$WF" gen islands --seed 5 --size 96x64 --out "$TMP/other.txt"
expect 3 "hierarchy of another map" -- "$WF" path "$TMP/other.txt" --from "$FROM" --to "$TO" --hierarchy "$TMP/isl.ch"
contains "$TMP/err" "made for another map" "another map message"
# more cells than a hierarchy takes: refused at once, saying why
expect 0 "gen a huge open map" -- "$WF" gen noise --density 0 --size 2100x2100 --out "$TMP/open.map"
expect 3 "too big" -- "$WF" prep "$TMP/open.map" --hierarchy --out "$TMP/open.ch"
contains "$TMP/err" "too big for a hierarchy" "too big message"
[ ! -e "$TMP/open.ch" ] || fail "a file was written for a refused map"
checks=$((checks + 1))
expect 4 "missing file" -- "$WF" path "$TMP/isl.txt" --from "$FROM" --to "$TO" --hierarchy "$TMP/none.ch"

finish
