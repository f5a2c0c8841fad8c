# wayfind gen: files every other command reads, scenarios that verify.
. "$(dirname "$0")/lib.sh"

for kind in islands caves maze rooms noise; do
  expect 0 "gen $kind" -- "$WF" gen $kind --seed 4 --size 120x80 --out "$TMP/$kind.map" --scen 60
  # The optimal lengths it wrote are confirmed by an independent run.
  expect 0 "scen $kind" -- "$WF" scen "$TMP/$kind.map.scen"
  contains "$TMP/out" "60 scenarios, 60 optimal" "$kind scenarios verify"
  read -r sx sy gx gy <<<"$(awk -F'\t' 'NR == 2 {print $5, $6, $7, $8}' "$TMP/$kind.map.scen")"
  expect 0 "path $kind" -- "$WF" path "$TMP/$kind.map" --from "$sx,$sy" --to "$gx,$gy" --format json
done
# ASCII maps carry the generator's costs: ships on the islands.
expect 0 "gen ascii file" -- "$WF" gen islands --seed 3 --size 80x40 --out "$TMP/isl.txt" --scen 40
contains "$TMP/isl.txt" "2" "shallow water costs 2"
expect 0 "scen ascii" -- "$WF" scen "$TMP/isl.txt.scen" --map "$TMP/isl.txt"
contains "$TMP/out" "40 scenarios, 40 optimal" "ascii scenarios verify"
# Weighted JPS finds the optimal costs gen wrote for the weighted world.
expect 0 "scen ascii jpsw" -- "$WF" scen "$TMP/isl.txt.scen" --map "$TMP/isl.txt" --algo jpsw
contains "$TMP/out" "40 scenarios, 40 optimal" "jpsw matches the islands' scenarios"
# costs: an existing map priced by noise, its walls kept, written as ASCII
# with scenarios whose optima both A* and weighted JPS confirm.
expect 0 "gen costs" -- "$WF" gen costs --from "$TMP/caves.map" --seed 7 --levels 4 --out "$TMP/priced.txt" --scen 80
contains "$TMP/priced.txt" "4" "a cost of 4 present"
checks=$((checks + 1))
[ "$(tr -cd '#' <"$TMP/priced.txt" | wc -c)" = "$(tr -cd '@' <"$TMP/caves.map" | wc -c)" ] || fail "costs changed the walls"
expect 0 "scen costs" -- "$WF" scen "$TMP/priced.txt.scen" --map "$TMP/priced.txt"
contains "$TMP/out" "80 scenarios, 80 optimal" "priced scenarios verify"
expect 0 "scen costs jpsw" -- "$WF" scen "$TMP/priced.txt.scen" --map "$TMP/priced.txt" --algo jpsw
contains "$TMP/out" "80 scenarios, 80 optimal" "jpsw matches the priced scenarios"
"$WF" gen costs --from "$TMP/caves.map" --seed 7 --levels 4 >"$TMP/again.txt"
checks=$((checks + 1)); cmp -s "$TMP/priced.txt" "$TMP/again.txt" || fail "costs seed 7 not repeatable"
expect 2 "costs without from" -- "$WF" gen costs
expect 2 "from without costs" -- "$WF" gen caves --from "$TMP/caves.map"
expect 2 "costs to a .map" -- "$WF" gen costs --from "$TMP/caves.map" --out "$TMP/p.map"
contains "$TMP/err" "cannot carry costs" "costs .map message"
expect 2 "bad levels" -- "$WF" gen costs --from "$TMP/caves.map" --levels 10
expect 4 "costs of no map" -- "$WF" gen costs --from "$TMP/none.map"
# Same seed, same file; another seed, another file.
"$WF" gen caves --seed 4 --size 120x80 >"$TMP/again.map"
checks=$((checks + 1)); cmp -s "$TMP/caves.map" "$TMP/again.map" || fail "caves seed 4 not repeatable"
"$WF" gen caves --seed 5 --size 120x80 >"$TMP/other.map"
checks=$((checks + 1)); cmp -s "$TMP/caves.map" "$TMP/other.map" && fail "seeds 4 and 5 gave the same caves"
expect 0 "ascii" -- "$WF" gen maze --size 21x11 --ascii
contains "$TMP/out" "@@@@@@@@@@@@@@@@@@@@@" "maze picture"

expect 2 "no kind" -- "$WF" gen
expect 2 "bad kind" -- "$WF" gen volcano
expect 2 "bad size" -- "$WF" gen caves --size 100
expect 2 "huge size" -- "$WF" gen caves --size 20000x10
expect 2 "zero size" -- "$WF" gen caves --size 0x10
expect 2 "bad seed" -- "$WF" gen caves --seed -3
expect 2 "bad density" -- "$WF" gen noise --density 2
expect 2 "scen without out" -- "$WF" gen caves --scen 5
expect 2 "tiny maze" -- "$WF" gen maze --size 2x2
expect 3 "too many queries" -- "$WF" gen maze --size 5x5 --out "$TMP/t.map" --scen 100
contains "$TMP/err" "points fit" "impossible scen message"
expect 4 "unwritable" -- "$WF" gen caves --out "$TMP/no/such/dir.map"
finish
