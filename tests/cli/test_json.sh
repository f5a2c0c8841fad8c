# --format json on the commands that print results: each output parses as
# JSON and says what the text output says.
. "$(dirname "$0")/lib.sh"

# jcheck DESCRIPTION PYTHON_EXPRESSION: $TMP/out parses as one JSON value
# d, and the expression over d holds.
jcheck() {
  checks=$((checks + 1))
  python3 -c 'import json, math, sys
d = json.load(open(sys.argv[1]))
sys.exit(0 if eval(sys.argv[2]) else 1)' "$TMP/out" "$2" 2>"$TMP/jerr" ||
    { fail "$1: $2 does not hold"; head -c 400 "$TMP/out" >&2; echo >&2; head -3 "$TMP/jerr" >&2; }
}

printf '##########\n#S.......#\n#.####...#\n#......#G#\n##########\n' >"$TMP/room.txt"

expect 0 "render json" -- "$WF" render "$TMP/room.txt" --format json
jcheck "render json" 'd["width"] == 10 and d["height"] == 5 and d["start"] == [1, 1] and d["goal"] == [8, 3] and d["png"] is None and d["rows"][1] == "#S.......#"'
if png; then
  expect 0 "render json png" -- "$WF" render "$TMP/room.txt" --format json --png "$TMP/r.png"
  jcheck "render json png" 'd["png"].endswith("r.png") and len(d["rows"]) == 5'
fi

expect 0 "field json" -- "$WF" field "$TMP/room.txt" --sources 8,3 --format json
jcheck "field json" 'd["kind"] == "distance" and d["values"][3][8] == 0 and d["values"][0][0] is None and d["reached"] == 19 and abs(d["max"] - max(v for r in d["values"] for v in r if v is not None)) < 1e-6'
expect 0 "flee json" -- "$WF" field "$TMP/room.txt" --sources 8,3 --flee 1.2 --format json
jcheck "flee json" 'd["kind"] == "flee" and d["values"][3][8] == d["max"] and d["min"] < 0'

expect 0 "gen json" -- "$WF" gen maze --seed 3 --size 21x11 --format json
jcheck "gen json" 'd["kind"] == "maze" and d["seed"] == 3 and d["format"] == "movingai" and len(d["rows"]) == 11 and all(len(r) == 21 for r in d["rows"]) and d["out"] is None'
"$WF" gen maze --seed 3 --size 21x11 >"$TMP/maze.map"
expect 0 "gen json rows are the map" -- python3 -c 'import json, sys
rows = json.loads(open(sys.argv[1]).read() if False else sys.argv[2])["rows"]
body = open(sys.argv[1]).read().split("map\n", 1)[1].split()
sys.exit(0 if rows == body else 1)' "$TMP/maze.map" "$("$WF" gen maze --seed 3 --size 21x11 --format json)"
expect 0 "gen json out" -- "$WF" gen caves --seed 2 --size 40x30 --out "$TMP/c.map" --scen 5 --format json
jcheck "gen json out" 'd["out"].endswith("c.map") and d["scen_file"].endswith("c.map.scen") and d["scenarios"] == 5 and "rows" not in d and d["passable"] > 0'
[ -s "$TMP/c.map" ] && [ -s "$TMP/c.map.scen" ] || fail "gen json out: files not written"
expect 0 "gen json picture" -- "$WF" gen islands --seed 7 --size 30x12 --ascii --format json
jcheck "gen json picture" 'd["format"] == "picture" and len(d["rows"]) == 12'

expect 0 "gen costs json" -- "$WF" gen costs --from "$TMP/room.txt" --levels 3 --format json
jcheck "gen costs json" 'd["kind"] == "costs" and d["format"] == "ascii" and len(d["rows"]) == 5 and d["rows"][0] == "##########"'

expect 0 "demo json" -- "$WF" demo --format json --png -
jcheck "demo json" 'd["kind"] == "islands" and len(d["ports"]) == 4 and len(d["routes"]) == 4 and all(r["route"]["status"] == "ok" and r["route"]["cost"] > 0 for r in d["routes"]) and d["png"] is None'
expect 0 "demo maze json" -- "$WF" demo --maze --format json
jcheck "demo maze json" 'd["route"]["cost"] == 26 and d["route"]["path"][0] == d["start"] and d["route"]["path"][-1] == d["goal"]'

printf '##################\n#................#\n#.#############..#\n#.#...........#..#\n#................#\n#................#\n#................#\n##################\n' >"$TMP/hall.txt"
expect 0 "influence json" -- "$WF" influence "$TMP/hall.txt" --from 1,5 --to 16,5 --viewer 9,5,270,120,10 --source 9,5,6 --format json
jcheck "influence json" 'd["status"] == "ok" and d["without"]["cost"] == 15 and d["without"]["in_view"] == 1 and d["with"]["in_view"] == 0 and d["with"]["overlay_cost"] >= d["with"]["cost"] >= 15 and d["with"]["path"][0] == [1, 5]'
printf '#####\n#.#.#\n#####\n' >"$TMP/cut.txt"
expect 1 "influence json no path" -- "$WF" influence "$TMP/cut.txt" --from 1,1 --to 3,1 --source 1,1,2 --format json
jcheck "influence json no path" 'd["status"] == "no_path"'

expect 0 "scen json" -- "$WF" scen "$SHARED/movingai/dao/arena.map.scen" --format json
jcheck "scen json" 'd["scenarios"] == 160 and d["optimal"] == 160 and d["wrong"] == 0 and d["mismatches"] == [] and d["mean_us"] > 0 and d["map"].endswith("arena.map")'
# a scenario file whose optimum is wrong on purpose: the mismatch is listed
head -1 "$SHARED/movingai/dao/arena.map.scen" >"$TMP/bad.scen"
sed -n 2p "$SHARED/movingai/dao/arena.map.scen" | awk -v OFS='\t' '{ $9 = $9 + 5; print }' >>"$TMP/bad.scen"
expect 1 "scen json mismatch" -- "$WF" scen "$TMP/bad.scen" --map "$SHARED/movingai/dao/arena.map" --format json
jcheck "scen json mismatch" 'd["wrong"] == 1 and d["mismatches"][0]["scenario"] == 1 and d["mismatches"][0]["why"] == "cheaper than the file\u0027s optimum"'
expect 0 "prep json" -- "$WF" prep "$SHARED/movingai/dao/arena.map" --out "$TMP/arena.jump" --format json
jcheck "prep json" 'd["width"] == 49 and d["out"].endswith("arena.jump") and d["kind"] == "jumps" and d["bytes_per_cell"] > 0 and d["ms"] >= 0'
expect 0 "prep hierarchy json" -- "$WF" prep "$SHARED/movingai/dao/arena.map" --hierarchy --out "$TMP/arena.ch" --format json
jcheck "prep hierarchy json" 'd["kind"] == "hierarchy" and d["bytes"] > 40000 and d["bytes_per_cell"] > 0'
expect 0 "scen json hierarchy" -- "$WF" scen "$SHARED/movingai/dao/arena.map.scen" --hierarchy "$TMP/arena.ch" --format json
jcheck "scen json hierarchy" 'd["optimal"] == 160'
expect 0 "scen json prep" -- "$WF" scen "$SHARED/movingai/dao/arena.map.scen" --prep "$TMP/arena.jump" --format json
jcheck "scen json prep" 'd["optimal"] == 160'

expect 2 "bad format" -- "$WF" field "$TMP/room.txt" --sources 8,3 --format yaml
contains "$TMP/err" "expected text or json" "bad format named"
finish
