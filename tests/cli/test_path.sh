# wayfind path, demo, --help and --version, and their errors.
. "$(dirname "$0")/lib.sh"

# Seed 003: the 10x10 maze, 4-connected, cost 26 over 27 cells.
expect 0 "maze" -- "$WF" path "$DATA/maze10.txt" --connect 4 --heuristic manhattan
contains "$TMP/out" "cost: 26.000000" "maze cost"
contains "$TMP/out" "length: 27 cells, 26 moves" "maze length"
contains "$TMP/out" "path: 0,0 0,1 0,2" "maze path starts at S"
expect 0 "maze dijkstra" -- "$WF" path "$DATA/maze10.txt" --connect 4 --algo dijkstra --from 0,0 --to 9,9
contains "$TMP/out" "cost: 26.000000" "dijkstra cost"
expect 0 "maze draw" -- "$WF" path "$DATA/maze10.txt" --connect 4 --draw
contains "$TMP/out" "S#***...#." "drawn first row"
contains "$TMP/out" "..##.#..#G" "drawn last row"
expect 0 "explored" -- "$WF" path "$DATA/maze10.txt" --connect 4 --draw --explored
contains "$TMP/out" "S#***ooo#o" "explored cells drawn"
expect 0 "maze json" -- "$WF" path "$DATA/maze10.txt" --connect 4 --format json
contains "$TMP/out" '{"status":"ok","cost":26,"length":27,' "json head"
contains "$TMP/out" '"path":[[0,0],[0,1],[0,2],' "json path"
# The same maze as CSV with a legend (seed 000's format).
expect 0 "maze csv" -- "$WF" path "$DATA/maze10.csv" --connect 4 --from 0,0 --to 9,9
contains "$TMP/out" "cost: 26.000000" "csv cost"
# Seed 000's tower-defence map: start and goal come from the legend.
expect 0 "td csv" -- "$WF" path "$DATA/td.csv" --connect 4
contains "$TMP/out" "path found from 1,1 to 8,5" "td ends"
# 8-connected on a Moving AI map, corner rules differ.
expect 0 "arena" -- "$WF" path "$SHARED/movingai/dao/arena.map" --from 1,11 --to 4,1
expect 0 "arena always" -- "$WF" path "$SHARED/movingai/dao/arena.map" --from 1,11 --to 4,1 --corners always --weight 1.5
# Partial path.
expect 1 "partial" -- "$WF" path "$SHARED/movingai/dao/arena.map" --from 1,11 --to 40,40 --max-expansions 5
contains "$TMP/out" "partial path" "partial says so"
# No path: 4-connected through the diagonal gap.
printf 'S#\n#G\n' >"$TMP/gap.txt"
expect 1 "no path" -- "$WF" path "$TMP/gap.txt"
contains "$TMP/out" "no path" "no path text"
expect 1 "no path drawn" -- "$WF" path "$TMP/gap.txt" --draw
expect 0 "gap always" -- "$WF" path "$TMP/gap.txt" --corners always

# Usage errors: exit 2.
expect 2 "no map" -- "$WF" path
expect 2 "bad point" -- "$WF" path "$DATA/maze10.txt" --from 1
contains "$TMP/err" "--from: expected X,Y" "bad point message"
expect 2 "bad connect" -- "$WF" path "$DATA/maze10.txt" --connect 6
expect 2 "bad corners" -- "$WF" path "$DATA/maze10.txt" --corners sometimes
expect 2 "bad heuristic" -- "$WF" path "$DATA/maze10.txt" --heuristic magic
expect 2 "bad weight" -- "$WF" path "$DATA/maze10.txt" --weight 0.5
expect 2 "nan weight" -- "$WF" path "$DATA/maze10.txt" --weight nan
expect 2 "bad algo" -- "$WF" path "$DATA/maze10.txt" --algo bfs
expect 2 "bad format" -- "$WF" path "$DATA/maze10.txt" --format xml
expect 2 "unknown option" -- "$WF" path "$DATA/maze10.txt" --frobnicate
expect 2 "missing value" -- "$WF" path "$DATA/maze10.txt" --from
expect 2 "unknown command" -- "$WF" teleport
expect 2 "no command" -- "$WF"
# Bad input: exit 3, with file:line:col.
expect 3 "outside" -- "$WF" path "$DATA/maze10.txt" --from 0,0 --to 10,3
contains "$TMP/err" "--to 10,3 is outside the 10 x 10 map" "outside message"
printf '..\n.x\n' >"$TMP/bad.txt"
expect 3 "bad char" -- "$WF" path "$TMP/bad.txt" --from 0,0 --to 1,0
contains "$TMP/err" "bad.txt:2:2:" "file:line:col"
printf '..\n..\n' >"$TMP/nomarks.txt"
expect 3 "no marks" -- "$WF" path "$TMP/nomarks.txt"
# I/O: exit 4.
expect 4 "missing file" -- "$WF" path "$TMP/nothing.map" --from 0,0 --to 1,1

# Help and version.
for c in path scen demo; do
  expect 0 "$c --help" -- "$WF" "$c" --help
  contains "$TMP/out" "usage: wayfind $c" "$c usage"
done
expect 0 "--help" -- "$WF" --help
contains "$TMP/out" "commands:" "help lists commands"
expect 0 "--version" -- "$WF" --version
contains "$TMP/out" "wayfind 0." "version"

# The demo: seed 003's maze drawn with its path.
expect 0 "demo maze" -- "$WF" demo --maze
contains "$TMP/out" "cost 26, 27 cells" "demo cost"
contains "$TMP/out" "|S#***...#.|" "demo drawing"
# The main job: an island world with ship routes, in text and PNG.
if png; then
  expect 0 "demo world" -- "$WF" demo --png "$TMP/demo.png"
  contains "$TMP/out" "wrote $TMP/demo.png" "demo png"
  checks=$((checks + 1))
  [ "$(head -c 8 "$TMP/demo.png" | od -An -tx1 | tr -d ' ')" = 89504e470d0a1a0a ] || fail "demo PNG signature"
else
  expect 0 "demo world" -- "$WF" demo
fi
contains "$TMP/out" "route A -> B: cost" "demo routes"
checks=$((checks + 1)); grep -q $'\x1b\[' "$TMP/out" && fail "colour codes when stdout is not a terminal"
expect 0 "demo colour" -- "$WF" demo --png - --color always --seed 5 --size 60x30 --ports 3
checks=$((checks + 1)); grep -q $'\x1b\[' "$TMP/out" || fail "no colour codes with --color always"
contains "$TMP/out" "route C -> A" "three ports make a ring"
expect 2 "demo extra" -- "$WF" demo --bogus
expect 2 "demo ports" -- "$WF" demo --ports 9
expect 2 "demo color" -- "$WF" demo --color sometimes
expect 3 "demo no room" -- "$WF" demo --size 10x8 --ports 8 --png -
contains "$TMP/err" "points fit" "no-room message"
expect "$(png && echo 4 || echo 2)" "demo png dir" -- "$WF" demo --png "$TMP/no/dir/x.png"
# --queries: many queries on one map, each answered as it would be alone.
printf '0 0 9 9\n\n9 9 0 0\n' >"$TMP/q"
expect 0 "queries" -- "$WF" path "$DATA/maze10.txt" --connect 4 --queries "$TMP/q" --format json
"$WF" path "$DATA/maze10.txt" --connect 4 --from 0,0 --to 9,9 --format json >"$TMP/one"
"$WF" path "$DATA/maze10.txt" --connect 4 --from 9,9 --to 0,0 --format json >>"$TMP/one"
checks=$((checks + 1)); cmp -s "$TMP/out" "$TMP/one" || fail "queries differ from lone queries"
printf '0 0 9 9\n' | "$WF" path "$DATA/maze10.txt" --queries - >"$TMP/qt"
checks=$((checks + 1)); grep -q "path found from 0,0 to 9,9" "$TMP/qt" || fail "queries from stdin"
printf '0 0 9\n' >"$TMP/qbad"
expect 3 "queries malformed" -- "$WF" path "$DATA/maze10.txt" --queries "$TMP/qbad"
contains "$TMP/err" "qbad:1: expected SX SY GX GY" "queries malformed message"
printf '0 0 1 1\n0 0 99 9\n' >"$TMP/qoff"
expect 3 "queries off map" -- "$WF" path "$DATA/maze10.txt" --queries "$TMP/qoff"
contains "$TMP/err" "qoff:2: 99,9 is outside the 10 x 10 map" "queries off-map message"
expect 2 "queries with --from" -- "$WF" path "$DATA/maze10.txt" --queries "$TMP/q" --from 0,0
expect 4 "queries missing file" -- "$WF" path "$DATA/maze10.txt" --queries "$TMP/none"
# Weighted JPS: the cost A* finds on a weighted map, its name in the
# output; what it cannot do is a usage error that says why.
printf '..........\n.33333333.\n.3#####23.\n.3#...#2..\n...2..5.9.\n' >"$TMP/w.txt"
"$WF" path "$TMP/w.txt" --from 0,0 --to 4,3 >"$TMP/wa"
expect 0 "jpsw" -- "$WF" path "$TMP/w.txt" --from 0,0 --to 4,3 --algo jpsw
contains "$TMP/out" "(jpsw, 8-connected" "jpsw named"
checks=$((checks + 1))
[ "$(grep cost: "$TMP/out")" = "$(grep cost: "$TMP/wa")" ] || fail "jpsw cost differs from A*'s"
expect 2 "jpsw 4-connected" -- "$WF" path "$TMP/w.txt" --from 0,0 --to 4,3 --algo jpsw --connect 4
contains "$TMP/err" "jpsw needs 8-connected moves" "jpsw refusal message"
finish
