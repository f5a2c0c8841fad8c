# wayfind influence: seed 004's guard, in text and pictures.
. "$(dirname "$0")/lib.sh"
printf '##################\n#................#\n#.#############..#\n#.#...........#..#\n#................#\n#................#\n#................#\n##################\n' >"$TMP/hall.txt"
expect 0 "influence" -- "$WF" influence "$TMP/hall.txt" --from 1,5 --to 16,5 --viewer 9,5,270,120,10 --source 9,5,6
contains "$TMP/out" "without influence: cost 15.000, 16 cells, 1 in view" "plain path seen"
contains "$TMP/out" ", 0 in view" "influenced path unseen"
contains "$TMP/out" "#+**************+#" "both paths shaded"
if png; then
  expect 0 "influence png" -- "$WF" influence "$TMP/hall.txt" --from 1,5 --to 16,5 --viewer 9,5,270,120,10 --png "$TMP/inf"
  for l in distance view blend; do
    contains "$TMP/out" "wrote $TMP/inf-$l.png" "$l png"
  done
fi
expect 0 "influence path distance" -- "$WF" influence "$TMP/hall.txt" --from 1,5 --to 16,5 --source 9,5,6 --distance path --weights 1,0
expect 2 "influence nothing" -- "$WF" influence "$TMP/hall.txt" --from 1,5 --to 16,5
expect 2 "influence bad viewer" -- "$WF" influence "$TMP/hall.txt" --from 1,5 --to 16,5 --viewer 9,5,270,400,10
expect 2 "influence bad weights" -- "$WF" influence "$TMP/hall.txt" --from 1,5 --to 16,5 --viewer 9,5,0,90,5 --weights 1
expect 2 "influence bad k" -- "$WF" influence "$TMP/hall.txt" --from 1,5 --to 16,5 --viewer 9,5,0,90,5 --k -1
expect 3 "influence viewer off map" -- "$WF" influence "$TMP/hall.txt" --from 1,5 --to 16,5 --viewer 90,5,0,90,5
expect 3 "influence from off map" -- "$WF" influence "$TMP/hall.txt" --from 100,5 --to 16,5 --viewer 9,5,0,90,5
finish
