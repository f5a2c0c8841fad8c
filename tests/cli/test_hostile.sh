# Hostile inputs: each gives a clear error and its documented exit code,
# never a crash or a wrong answer. docs/hardening.md lists the same cases.
# With a fifth argument "table" it prints the markdown table instead.
. "$(dirname "$0")/lib.sh"
TABLE=${5:-}
A="$SHARED/movingai/dao/arena.map"

# case DESCRIPTION EXIT FRAGMENT -- COMMAND...
case_() {
  local what=$1 want=$2 part=$3; shift 4
  expect "$want" "$what" -- "$@"
  [ -n "$part" ] && contains "$TMP/err" "$part" "$what"
  if [ -n "$TABLE" ]; then
    local said
    said=$(head -n 1 "$TMP/err" | sed "s|$TMP/||g; s|$TMP|DIR|g; s|$SHARED/||g; s/|/\\\\|/g")
    if [ -n "$said" ]; then said="\`$said\`"
    elif [ "$want" = 1 ]; then said="(nothing: no path)"
    else said="(nothing: success)"; fi
    printf '| %s | %s | %s |\n' "$what" "$want" "$said" >>"$TMP/table"
  fi
}
m() { printf "$2" >"$TMP/$1"; }
# full COMMAND...: runs COMMAND with its stdout on a full disk.
full() { "$@" >/dev/full; }

m h0.map 'type octile\nheight 0\nwidth 4\nmap\n'
case_ "map height 0" 3 "height must be at least 1" -- "$WF" path "$TMP/h0.map" --from 0,0 --to 1,1
m hneg.map 'type octile\nheight 5\nwidth -3\nmap\n'
case_ "map width negative" 3 "width must be at least 1" -- "$WF" path "$TMP/hneg.map" --from 0,0 --to 1,1
m hbig.map 'type octile\nheight 2147483648\nwidth 4\nmap\n'
case_ "map height 2^31" 3 "larger than the limit" -- "$WF" path "$TMP/hbig.map" --from 0,0 --to 1,1
m htoo.map 'type octile\nheight 16384\nwidth 16385\nmap\n'
case_ "map over 16384 x 16384 cells" 3 "larger than the limit" -- "$WF" path "$TMP/htoo.map" --from 0,0 --to 1,1
m rows.map 'type octile\nheight 3\nwidth 4\nmap\n....\n....\n'
case_ "fewer rows than the header" 3 "expected 3 map rows, found 2" -- "$WF" path "$TMP/rows.map" --from 0,0 --to 1,1
m more.map 'type octile\nheight 1\nwidth 4\nmap\n....\n....\n'
case_ "more rows than the header" 3 "" -- "$WF" path "$TMP/more.map" --from 0,0 --to 1,0
m ragged.map 'type octile\nheight 2\nwidth 4\nmap\n....\n...\n'
case_ "ragged row" 3 "row 2 has 3 cells, expected 4" -- "$WF" path "$TMP/ragged.map" --from 0,0 --to 1,1
m unknown.map 'type octile\nheight 2\nwidth 4\nmap\n....\n..x.\n'
case_ "unknown terrain character" 3 "unknown map character 'x'" -- "$WF" path "$TMP/unknown.map" --from 0,0 --to 1,1
m crlf.map 'type octile\r\nheight 2\r\nwidth 4\r\nmap\r\n....\r\n....\r\n'
case_ "CRLF line ends (accepted)" 0 "" -- "$WF" path "$TMP/crlf.map" --from 0,0 --to 3,1
m nonl.map 'type octile\nheight 2\nwidth 4\nmap\n....\n....'
case_ "no final newline (accepted)" 0 "" -- "$WF" path "$TMP/nonl.map" --from 0,0 --to 3,1
printf 'type octile\nheight 2\nwidth 4\nmap\n\001\377\000\033[2J\n....\n' >"$TMP/binary.map"
case_ "binary garbage in a map" 3 "unknown map character" -- "$WF" path "$TMP/binary.map" --from 0,0 --to 1,1
: >"$TMP/empty.txt"
case_ "empty map file" 3 "found end of file" -- "$WF" path "$TMP/empty.txt" --from 0,0 --to 1,1
case_ "missing map file" 4 "No such file" -- "$WF" path "$TMP/none.map" --from 0,0 --to 1,1
case_ "a directory as the map" 4 "" -- "$WF" path "$TMP" --from 0,0 --to 1,1
# Reading stops at the largest file a map can be (WF_MAP_FILE_MAX), so an
# endless stream fails at once; limit only guards the test from a hang
# (generous: under valgrind reading the 270 MB takes a while). The feeder
# writes until wayfind closes the pipe, never stopping first: a feeder that
# stopped would turn the endless stream into a long file.
case_ "/dev/zero as the map" 3 "larger than the limit of 270598144 bytes for a map file" -- limit 300 "$WF" path /dev/zero --from 0,0 --to 1,1
mkfifo "$TMP/endless.txt"
yes . >"$TMP/endless.txt" 2>/dev/null &
feeder=$!
case_ "a pipe that never ends as the map" 3 "larger than the limit of 270598144 bytes" -- limit 300 "$WF" path "$TMP/endless.txt" --from 0,0 --to 1,1
kill "$feeder" 2>/dev/null; wait "$feeder" 2>/dev/null
m a.txt 'S.\n.G\n'
m q.txt '3 3 40 40\n'
case_ "start = goal" 0 "" -- "$WF" path "$TMP/a.txt" --from 0,0 --to 0,0
case_ "coordinate outside the map" 3 "outside the 2 x 2 map" -- "$WF" path "$TMP/a.txt" --from 0,0 --to 2,0
case_ "negative coordinate" 2 "expected X,Y" -- "$WF" path "$TMP/a.txt" --from -1,0 --to 1,1
case_ "coordinate 2^31" 2 "expected X,Y" -- "$WF" path "$TMP/a.txt" --from 2147483648,0 --to 1,1
m wall.txt 'S#\n.G\n'
case_ "goal on a wall" 1 "" -- "$WF" path "$TMP/wall.txt" --from 0,0 --to 1,0
case_ "goal on a wall, --nearest" 0 "" -- "$WF" path "$TMP/wall.txt" --from 0,0 --to 1,0 --nearest

case_ "/dev/zero as the scenario file" 3 "larger than the limit of 67108864 bytes for a scenario file" -- limit 300 "$WF" scen /dev/zero --map "$A"
m bad.scen 'version 1\n0\tarena.map\t49\t49\t1\t11\t99\t1\t3\n'
case_ "scenario outside the map" 3 "outside the 49 x 49 grid" -- "$WF" scen "$TMP/bad.scen" --map "$A"
m wall.scen 'version 1\n0\tarena.map\t49\t49\t0\t0\t4\t1\t3\n'
case_ "scenario on a wall" 3 "is blocked" -- "$WF" scen "$TMP/wall.scen" --map "$A"
m size.scen 'version 1\n0\tarena.map\t50\t49\t1\t11\t4\t1\t3\n'
case_ "scenario for another map size" 3 "differs from the grid" -- "$WF" scen "$TMP/size.scen" --map "$A"
m nan.scen 'version 1\n0\tarena.map\t49\t49\t1\t11\t4\t1\tnan\n'
case_ "scenario length NaN" 3 "optimal length" -- "$WF" scen "$TMP/nan.scen" --map "$A"
m neg.scen 'version 1\n0\tarena.map\t49\t49\t1\t11\t4\t1\t-2\n'
case_ "scenario length negative" 3 "optimal length" -- "$WF" scen "$TMP/neg.scen" --map "$A"

m t.csv '0,1\n1,0\n'
m t.legend '0 cost 0\n1 blocked\n'
case_ "legend cost 0" 3 "expected a cost" -- "$WF" path "$TMP/t.csv" --from 0,0 --to 1,1
m t.legend '0 cost -1\n1 blocked\n'
case_ "legend cost negative" 3 "expected a cost" -- "$WF" path "$TMP/t.csv" --from 0,0 --to 1,1
m t.legend '0 cost nan\n1 blocked\n'
case_ "legend cost NaN" 3 "expected a cost" -- "$WF" path "$TMP/t.csv" --from 0,0 --to 1,1
m t.legend '1 blocked\n'
case_ "CSV tile missing from the legend" 3 "" -- "$WF" path "$TMP/t.csv" --from 0,0 --to 1,1

m dup.graph 'node a\nnode a\n'
case_ "duplicate graph node" 3 "declared twice" -- "$WF" graph "$TMP/dup.graph" --from a --to a
m miss.graph 'node a\nedge a b 1\n'
case_ "edge to a missing node" 3 "unknown node 'b'" -- "$WF" graph "$TMP/miss.graph" --from a --to a
m w0.graph 'node a\nnode b\nedge a b 0\n'
case_ "edge weight 0" 3 "weight" -- "$WF" graph "$TMP/w0.graph" --from a --to b
m wn.graph 'node a\nnode b\narc a b nan\n'
case_ "edge weight NaN" 3 "weight" -- "$WF" graph "$TMP/wn.graph" --from a --to b

case_ "weight below 1" 2 "--weight" -- "$WF" path "$TMP/a.txt" --weight 0.5
case_ "weight NaN" 2 "--weight" -- "$WF" path "$TMP/a.txt" --weight nan
case_ "connect 6" 2 "--connect" -- "$WF" path "$TMP/a.txt" --connect 6
case_ "connect 6 (field)" 2 "--connect: expected 4 or 8" -- "$WF" field "$TMP/a.txt" --sources 0,0 --connect 6
case_ "jps on a 4-connected model" 2 "jps needs 8-connected moves (use auto to fall back to A*)" -- "$WF" path "$TMP/a.txt" --algo jps --connect 4
case_ "max-expansions 0" 2 "--max-expansions" -- "$WF" path "$TMP/a.txt" --max-expansions 0
case_ "size 0x10" 2 "--size" -- "$WF" gen caves --size 0x10
case_ "size 20000x10" 2 "--size" -- "$WF" gen caves --size 20000x10
case_ "seed not a number" 2 "--seed" -- "$WF" gen caves --seed x
png && case_ "scale 65" 2 "--scale" -- "$WF" render "$TMP/a.txt" --png "$TMP/x.png" --scale 65
case_ "viewer FOV 0" 2 "--viewer" -- "$WF" influence "$TMP/a.txt" --from 0,0 --to 1,1 --viewer 0,0,0,0,5
case_ "flee factor 0" 2 "--flee" -- "$WF" field "$TMP/a.txt" --sources 0,0 --flee 0

# Agent sizes: out of range is a usage error; an agent that cannot stand on
# its start or goal is "no path" with the reason, never another answer.
case_ "agent size 0" 2 "--size: expected an integer from 1 to 64, got '0'" -- "$WF" path "$A" --from 3,3 --to 40,40 --size 0
case_ "agent size 65" 2 "--size: expected an integer from 1 to 64, got '65'" -- "$WF" path "$A" --from 3,3 --to 40,40 --size 65
case_ "agent size -1 (scen)" 2 "--size: expected an integer from 1 to 64" -- "$WF" scen "$SHARED/movingai/dao/arena.map.scen" --map "$A" --size -1
case_ "agent size 2^31 (field)" 2 "--size: expected an integer from 1 to 64" -- "$WF" field "$A" --sources 3,3 --size 2147483648
case_ "agent size 64 (influence)" 1 "cannot stand at the start (3, 3): the largest free square there is" -- "$WF" influence "$A" --from 3,3 --to 40,40 --source 3,3,5 --size 64
case_ "agent larger than the free square at the start" 1 "an agent of size 20 cannot stand at the start (3, 3): the largest free square there is" -- "$WF" path "$A" --from 3,3 --to 40,40 --size 20
case_ "agent larger than the free square at the goal" 1 "cannot stand at the goal (47, 46): the largest free square there is 1x1" -- "$WF" path "$A" --from 3,3 --to 47,46 --size 2
case_ "agent larger than the free square at the start, jps" 1 "cannot stand at the start" -- "$WF" path "$A" --from 3,3 --to 40,40 --size 20 --algo jps
case_ "agent too large for a --queries line" 1 "q.txt:1: an agent of size 30" -- "$WF" path "$A" --queries "$TMP/q.txt" --size 30
case_ "agent too large for a field source" 3 "--sources 3,3: an agent of size 20 cannot stand there" -- "$WF" field "$A" --sources 3,3 --size 20
case_ "agent size 2 on a field source on a wall" 3 "--sources 0,0: the cell is blocked" -- "$WF" field "$A" --sources 0,0 --size 2

case_ "--cost on a blocked tile" 2 "tile '#' is blocked on this map" -- "$WF" path "$TMP/wall.txt" --from 0,0 --to 1,1 --cost '#=2'
case_ "--cost on a tile not on the map" 2 "no cell of the map is tile 'x'" -- "$WF" path "$TMP/a.txt" --cost x=2
case_ "--cost 2=0" 2 "--cost: expected a number from 1e-300 to 1e+300, got '0'" -- "$WF" path "$TMP/a.txt" --cost 2=0
case_ "--cost 2=abc" 2 "--cost: expected a number from 1e-300 to 1e+300, got 'abc'" -- "$WF" path "$TMP/a.txt" --cost 2=abc
m c.csv '0,1\n1,0\n'
m c.legend '0 cost 1\n1 blocked\n'
case_ "--cost with a letter tile on a CSV map" 2 "a CSV map's tiles are numbers, got 'a'" -- "$WF" path "$TMP/c.csv" --from 0,0 --to 1,1 --cost a=2

# Requests an any-angle search cannot honour: a clear message, exit 2.
case_ "--any-angle with an unknown search" 2 "--any-angle: expected theta, lazy-theta, anya, mesh or auto, got 'astar'" -- "$WF" path "$TMP/a.txt" --any-angle astar
case_ "--any-angle with --algo jps" 2 "--any-angle is a search of its own: it does not go with --algo jps" -- "$WF" path "$TMP/a.txt" --any-angle theta --algo jps
case_ "--any-angle with --smooth" 2 "use one or the other" -- "$WF" path "$TMP/a.txt" --any-angle theta --smooth
case_ "--any-angle with --heuristic octile" 2 "--any-angle takes --heuristic default, euclidean or zero" -- "$WF" path "$TMP/a.txt" --any-angle lazy-theta --heuristic octile
case_ "--any-angle anya under the default no-cut rule" 2 "anya finds the shortest path under the one-free rule only" -- "$WF" path "$TMP/a.txt" --any-angle anya
m w2.txt '.2.\n...\n'
case_ "--any-angle anya on a map of two costs" 2 "any-angle search needs a grid of uniform cost" -- "$WF" path "$TMP/w2.txt" --from 0,0 --to 2,1 --any-angle anya --corners one-free
case_ "--any-angle, agent larger than the free square at the start" 1 "an agent of size 2 cannot stand at the start (0, 1): the largest free square there is 1x1" -- "$WF" path "$TMP/w2.txt" --from 0,1 --to 2,1 --any-angle theta --size 2
case_ "--any-angle, goal on a wall" 1 "" -- "$WF" path "$TMP/wall.txt" --from 0,0 --to 1,0 --any-angle theta
case_ "--any-angle, start = goal" 0 "" -- "$WF" path "$TMP/a.txt" --from 0,0 --to 0,0 --any-angle theta
case_ "stdout full: path --any-angle" 4 "write error: No space left on device" -- full "$WF" path "$TMP/a.txt" --any-angle theta --format json

# Edits files for replan: each error at its file:line:col; the agent's own
# cell walled in is documented behaviour (stuck: no path).
m e_ok.edits '1 0 #\n'
m e_field.edits '1 0\n'
case_ "edits: a missing field" 3 "e_field.edits:1:4:" -- "$WF" replan "$TMP/a.txt" --from 0,0 --to 1,1 --edits "$TMP/e_field.edits"
m e_extra.edits '1 0 # 7\n'
case_ "edits: an extra field" 3 "e_extra.edits:1:7:" -- "$WF" replan "$TMP/a.txt" --from 0,0 --to 1,1 --edits "$TMP/e_extra.edits"
m e_int.edits '1.5 0 #\n'
case_ "edits: a coordinate that is not an integer" 3 "e_int.edits:1:1:" -- "$WF" replan "$TMP/a.txt" --from 0,0 --to 1,1 --edits "$TMP/e_int.edits"
m e_off.edits '0 0 .\n\n99 0 #\n'
case_ "edits: a cell off the map" 3 "e_off.edits:3:1:" -- "$WF" replan "$TMP/a.txt" --from 0,0 --to 1,1 --edits "$TMP/e_off.edits"
m e_huge.edits '99999999999999999999 0 #\n'
case_ "edits: a huge coordinate" 3 "e_huge.edits:1:1:" -- "$WF" replan "$TMP/a.txt" --from 0,0 --to 1,1 --edits "$TMP/e_huge.edits"
m e_tile.edits '1 0 @\n'
case_ "edits: a tile the map does not know" 3 "e_tile.edits:1:5:" -- "$WF" replan "$TMP/a.txt" --from 0,0 --to 1,1 --edits "$TMP/e_tile.edits"
m e_empty.edits '\n# nothing\n\n'
case_ "edits: no edit at all" 3 "found end of file" -- "$WF" replan "$TMP/a.txt" --from 0,0 --to 1,1 --edits "$TMP/e_empty.edits"
case_ "edits: a missing file" 4 "cannot open" -- "$WF" replan "$TMP/a.txt" --from 0,0 --to 1,1 --edits "$TMP/none.edits"
m e_self.edits '0 0 #\n'
case_ "edits: a wall on the agent's own cell" 1 "the agent's cell (0, 0) is blocked: the agent is stuck" -- "$WF" replan "$TMP/a.txt" --from 0,0 --to 1,1 --edits "$TMP/e_self.edits"
case_ "replan without --edits" 2 "--edits FILE is required" -- "$WF" replan "$TMP/a.txt" --from 0,0 --to 1,1
case_ "replan with an inconsistent heuristic" 2 "D* Lite needs a consistent one" -- "$WF" replan "$TMP/a.txt" --from 0,0 --to 1,1 --edits "$TMP/e_ok.edits" --heuristic manhattan

# Teams for crowd: requests that cannot be met say why (exit 1), bad
# agents files name their line (exit 3).
m t_dup.agents '0 0 1 1\n0 0 1 0\n'
case_ "crowd: two agents on one start" 1 "agents 0 and 1 start on one cell at (0, 0)" -- "$WF" crowd "$TMP/a.txt" --agents-file "$TMP/t_dup.agents"
m t_bad.agents '0 0 1\n'
case_ "crowd: an agents line of three numbers" 3 "t_bad.agents:1: expected 'SX SY GX GY'" -- "$WF" crowd "$TMP/a.txt" --agents-file "$TMP/t_bad.agents"
m t_off.agents '0 0 5 5\n'
case_ "crowd: a goal off the map" 3 "t_off.agents:1: 5,5 is outside the 2 x 2 map" -- "$WF" crowd "$TMP/a.txt" --agents-file "$TMP/t_off.agents"
case_ "crowd: more agents than cells" 1 "cannot place 3 agents" -- "$WF" crowd "$TMP/a.txt" --agents 3
case_ "crowd: window 1" 2 "--window" -- "$WF" crowd "$TMP/a.txt" --agents 1 --window 1
case_ "crowd: unknown planner" 2 "--algo: expected whca, cbs or field, got 'astar'" -- "$WF" crowd "$TMP/a.txt" --algo astar
m t_swap.agents '0 0 1 0\n1 0 0 0\n'
m line.txt '...\n'
m t_line.agents '0 0 2 0\n2 0 0 0\n'
case_ "crowd: a swap in a corridor, CBS node limit" 1 "gave up at the limit of 50 constraint-tree nodes" -- "$WF" crowd "$TMP/line.txt" --agents-file "$TMP/t_line.agents" --algo cbs --max-nodes 50
case_ "crowd: a swap in a corridor, WHCA*" 1 "WHCA*:" -- "$WF" crowd "$TMP/line.txt" --agents-file "$TMP/t_line.agents" --max-steps 200

# Crowds of discs for simulate: every bad option is a usage error naming
# it; a map that cannot hold the agents is bad input.
case_ "simulate: no agents" 2 "--agents: expected an integer from 1 to 100000, got '0'" -- "$WF" simulate --agents 0
case_ "simulate: negative agents" 2 "--agents: expected an integer from 1 to 100000, got '-5'" -- "$WF" simulate --agents -5
case_ "simulate: absurdly many agents" 2 "--agents: expected an integer from 1 to 100000, got '1000000000'" -- "$WF" simulate --agents 1000000000
case_ "simulate: radius 0" 2 "--radius: expected a number > 0 and <= 10 (cells), got '0'" -- "$WF" simulate --radius 0
case_ "simulate: radius negative" 2 "--radius: expected a number > 0 and <= 10 (cells), got '-1'" -- "$WF" simulate --radius -1
case_ "simulate: radius NaN" 2 "--radius: expected a number > 0 and <= 10 (cells), got 'nan'" -- "$WF" simulate --radius nan
case_ "simulate: unknown scenario" 2 "--scenario: expected circle, crossing, door or rts, got 'swarm'" -- "$WF" simulate --scenario swarm
case_ "simulate: rts without a map" 2 "--scenario rts needs a MAP file" -- "$WF" simulate --scenario rts
case_ "simulate: a map for the door" 2 "--scenario door takes no MAP file" -- "$WF" simulate "$A" --scenario door
case_ "simulate: 0 steps" 2 "--steps: expected an integer from 1 to 10000000, got '0'" -- "$WF" simulate --steps 0
case_ "simulate: 0 threads" 2 "--threads: expected an integer from 1 to 256, got '0'" -- "$WF" simulate --threads 0
m tiny.map 'type octile\nheight 2\nwidth 2\nmap\n..\n.@\n'
case_ "simulate: more agents than the map holds" 3 "cannot set up 5 agents: the request cannot be met" -- "$WF" simulate "$TMP/tiny.map" --agents 5
case_ "simulate: rts on a map that is not Moving AI" 3 "a.txt:1:1:" -- "$WF" simulate "$TMP/a.txt"

# Binary files read no further than their header and the map allow: an
# endless stream is refused after the header, a file that runs on after
# its arrays one byte past them (they once read 2 GiB first).
case_ "/dev/zero as a jump table (--prep)" 3 "not a jump table file" -- "$WF" path "$A" --from 1,1 --to 5,5 --prep /dev/zero
case_ "/dev/zero as a hierarchy (--hierarchy)" 3 "not a hierarchy file" -- "$WF" path "$A" --from 1,1 --to 5,5 --hierarchy /dev/zero
"$WF" prep "$TMP/a.txt" --out "$TMP/a.jump" >/dev/null
"$WF" prep "$TMP/a.txt" --hierarchy --out "$TMP/a.ch" >/dev/null
{ cat "$TMP/a.jump"; head -c 1048576 /dev/zero; } >"$TMP/long.jump"
{ cat "$TMP/a.ch"; head -c 1048576 /dev/zero; } >"$TMP/long.ch"
case_ "a jump table with 1 MiB of zeros after it" 3 "(data after the entries)" -- "$WF" path "$TMP/a.txt" --prep "$TMP/long.jump"
case_ "a hierarchy with 1 MiB of zeros after it" 3 "(data after the arrays)" -- "$WF" path "$TMP/a.txt" --hierarchy "$TMP/long.ch"
# Mesh files (path --mesh) likewise, and the points of a mesh query.
case_ "/dev/zero as a mesh file (--mesh)" 3 "not a mesh file" -- "$WF" path --mesh /dev/zero --from 0.5,0.5 --to 1.5,1.5
"$WF" mesh "$TMP/a.txt" --out "$TMP/a.mesh" >/dev/null
{ cat "$TMP/a.mesh"; head -c 1048576 /dev/zero; } >"$TMP/long.mesh"
head -c 90 "$TMP/a.mesh" >"$TMP/cut.mesh"
case_ "a mesh file with 1 MiB of zeros after it" 3 "(data after the arrays)" -- "$WF" path --mesh "$TMP/long.mesh" --from 0.5,0.5 --to 1.5,1.5
case_ "a mesh file cut short" 3 "truncated: 90 bytes" -- "$WF" path --mesh "$TMP/cut.mesh" --from 0.5,0.5 --to 1.5,1.5
case_ "a mesh file of another map" 3 "made for another map: a 2x2 one" -- "$WF" path "$A" --mesh "$TMP/a.mesh" --from 1.5,1.5 --to 5.5,5.5
case_ "a mesh query point NaN" 2 "--from: expected X,Y (two finite numbers), got 'nan,0.5'" -- "$WF" path --mesh "$TMP/a.mesh" --from nan,0.5 --to 1.5,1.5
case_ "a mesh query point off the mesh" 1 "the goal (5, 5) is not on the mesh" -- "$WF" path --mesh "$TMP/a.mesh" --from 0.5,0.5 --to 5,5
case_ "a mesh query point too far out" 3 "the start (1e+300, 0.5) lies too far out" -- "$WF" path --mesh "$TMP/a.mesh" --from 1e300,0.5 --to 1.5,1.5
# Mesh files with links (version 2), and the pictures of saved meshes
# (render --mesh). forged_link_*.mesh: test_io_mesh_file's 400 x 400
# square with one link, its checksum made right.
cp "$TMP/a.mesh" "$TMP/v3.mesh"
printf '\003' | dd of="$TMP/v3.mesh" bs=1 seek=16 conv=notrunc 2>/dev/null
cp "$TMP/a.mesh" "$TMP/links.mesh"
printf '\377\377\377\177' | dd of="$TMP/links.mesh" bs=1 seek=20 conv=notrunc 2>/dev/null
case_ "a mesh file of a later version" 3 "mesh file version 3, this build reads version 2 (make it again with wayfind mesh --out)" -- "$WF" path --mesh "$TMP/v3.mesh" --from 0.5,0.5 --to 1.5,1.5
case_ "a mesh file promising 2^31 - 1 links" 3 "and 2147483647 links the header promises" -- "$WF" render --mesh "$TMP/links.mesh"
case_ "a mesh link costing NaN (checksum right)" 3 "corrupted: link 0 costs nan, not a number 0 or more" -- "$WF" render --mesh "$DATA/forged_link_nan.mesh"
case_ "a mesh link ending off the mesh (checksum right)" 3 "corrupted: link 0's second end (500, 10) is not on the mesh" -- "$WF" path --mesh "$DATA/forged_link_off.mesh" --from 5,5 --to 9,9
case_ "/dev/zero as a mesh to draw" 3 "not a mesh file" -- "$WF" render --mesh /dev/zero --svg "$TMP/z.svg"
case_ "a directory as a mesh to draw" 4 "" -- "$WF" render --mesh "$TMP" --svg "$TMP/z.svg"
case_ "a mesh picture of a cut file" 3 "truncated: 90 bytes" -- "$WF" render --mesh "$TMP/cut.mesh" --png "$TMP/z.png"
case_ "a mesh picture's path off the mesh" 1 "the goal (5, 5) is not on the mesh" -- "$WF" render --mesh "$TMP/a.mesh" --svg "$TMP/z.svg" --from 0.5,0.5 --to 5,5
case_ "a mesh picture's point NaN" 2 "--to: expected X,Y (two finite numbers), got '1,nan'" -- "$WF" render --mesh "$TMP/a.mesh" --from 0.5,0.5 --to 1,nan
case_ "a mesh picture 5000 pixels wide" 2 "--pixels: expected an integer from 32 to 4096, got '5000'" -- "$WF" render --mesh "$TMP/a.mesh" --svg "$TMP/z.svg" --pixels 5000
case_ "a mesh picture with a map's --scale" 2 "--scale is pixels per cell of a map; a mesh picture takes --pixels N" -- "$WF" render --mesh "$TMP/a.mesh" --svg "$TMP/z.svg" --scale 3
case_ "a mesh picture's --from alone" 2 "--from and --to go together" -- "$WF" render --mesh "$TMP/a.mesh" --from 0.5,0.5
case_ "a mesh picture for another map" 3 "made for another map" -- "$WF" render --mesh "$TMP/a.mesh" "$A"
# forged_revisit.ch: the 6-node hierarchy of test_io_ch_file's
# test_forged_hierarchies for this 3 x 2 map, its checksum made right:
# every array checks, but the shortcut (0,0) -> (2,0) unpacks into a path
# through (1,1) twice
case_ "forged hierarchy: a shortcut through one cell twice" 3 "forged_revisit.ch is inconsistent: its shortcuts unpack into a path that passes one cell twice" -- "$WF" path "$DATA/forged_revisit.txt" --from 0,0 --to 2,0 --corners always --hierarchy "$DATA/forged_revisit.ch"
printf '1 1 2 0\n0 0 2 0\n' >"$TMP/q2"
case_ "forged hierarchy, --queries: the clean query answers, the other names the file" 3 "is inconsistent" -- "$WF" path "$DATA/forged_revisit.txt" --corners always --hierarchy "$DATA/forged_revisit.ch" --queries "$TMP/q2"

# Data to stdout on a full disk: every command says so and exits 4.
F="write error: No space left on device"
case_ "stdout full: path" 4 "$F" -- full "$WF" path "$TMP/a.txt"
case_ "stdout full: path --format json" 4 "$F" -- full "$WF" path "$TMP/a.txt" --format json
case_ "stdout full: path with no path" 4 "$F" -- full "$WF" path "$TMP/wall.txt" --from 0,0 --to 1,0
case_ "stdout full: scen" 4 "$F" -- full "$WF" scen "$SHARED/movingai/dao/arena.map.scen" --map "$A" --quiet
case_ "stdout full: gen" 4 "$F" -- full "$WF" gen maze --size 20x20
case_ "stdout full: render" 4 "$F" -- full "$WF" render "$TMP/a.txt"
m g.graph 'node a 0 0\nnode b 1 0\nedge a b 1\n'
case_ "stdout full: graph" 4 "$F" -- full "$WF" graph "$TMP/g.graph" --from a --to b
case_ "stdout full: convert" 4 "$F" -- full "$WF" convert "$TMP/a.txt" --to graph
case_ "stdout full: field" 4 "$F" -- full "$WF" field "$TMP/a.txt" --sources 0,0
case_ "stdout full: influence" 4 "$F" -- full "$WF" influence "$TMP/a.txt" --from 0,0 --to 1,1 --source 0,0,2
case_ "stdout full: demo" 4 "$F" -- full "$WF" demo --png -
case_ "stdout full: crowd" 4 "$F" -- full "$WF" crowd "$TMP/a.txt" --agents 1
case_ "stdout full: replan" 4 "$F" -- full "$WF" replan "$TMP/a.txt" --from 0,0 --to 1,1 --edits "$TMP/e_ok.edits"
case_ "stdout full: --help" 4 "$F" -- full "$WF" path --help
case_ "stdout full: --version" 4 "$F" -- full "$WF" --version

if [ -n "$TABLE" ]; then cat "$TMP/table"; exit 0; fi
finish
