# wayfind prep and --prep: a saved jump table gives the same costs as A*,
# and every bad file is refused with a message naming the problem.
. "$(dirname "$0")/lib.sh"

ARENA="$SHARED/movingai/dao/arena.map"
expect 0 "prep" -- "$WF" prep "$ARENA" --out "$TMP/arena.jump"
contains "$TMP/out" "bytes per cell" "prep reports the size"
contains "$TMP/out" " ms" "prep reports the time"
# 49 x 49 cells, 32 bytes each, after a 40-byte header
size=$(wc -c <"$TMP/arena.jump")
[ "$size" = $((40 + 49 * 49 * 32)) ] || fail "table file is $size bytes"
checks=$((checks + 1))

expect 0 "path astar" -- "$WF" path "$ARENA" --from 3,24 --to 45,24
grep '^cost:' "$TMP/out" >"$TMP/astar"
expect 0 "path --prep" -- "$WF" path "$ARENA" --from 3,24 --to 45,24 --prep "$TMP/arena.jump"
contains "$TMP/out" "(jps+," "path runs jps+"
grep '^cost:' "$TMP/out" >"$TMP/plus"
cmp -s "$TMP/astar" "$TMP/plus" || fail "jps+ cost differs from A*'s"
checks=$((checks + 1))
expect 0 "path --prep --algo auto" -- "$WF" path "$ARENA" --from 3,24 --to 45,24 --prep "$TMP/arena.jump" --algo auto
contains "$TMP/out" "(jps+," "auto runs jps+"
expect 0 "path --prep json" -- "$WF" path "$ARENA" --from 3,24 --to 45,24 --prep "$TMP/arena.jump" --format json
expect 2 "path --prep dijkstra" -- "$WF" path "$ARENA" --prep "$TMP/arena.jump" --algo dijkstra --from 3,24 --to 45,24
expect 2 "jps+ without a table" -- "$WF" path "$ARENA" --from 3,24 --to 45,24 --algo jps+
contains "$TMP/err" "jump table" "jps+ without a table says why"
expect 0 "scen --prep" -- "$WF" scen "$ARENA.scen" --prep "$TMP/arena.jump" --quiet
contains "$TMP/out" "160 scenarios, 160 optimal" "scen with jps+"
expect 0 "scen --prep threads" -- "$WF" scen "$ARENA.scen" --prep "$TMP/arena.jump" --threads 2 --quiet
contains "$TMP/out" "160 optimal" "scen with jps+ on threads"

# Bad files: each one exit 3 (bad input) with what is wrong.
head -c 20 "$TMP/arena.jump" >"$TMP/short.jump"
expect 3 "header cut" -- "$WF" path "$ARENA" --prep "$TMP/short.jump" --from 3,24 --to 45,24
contains "$TMP/err" "truncated" "header cut message"
head -c 5000 "$TMP/arena.jump" >"$TMP/cut.jump"
expect 3 "entries cut" -- "$WF" path "$ARENA" --prep "$TMP/cut.jump" --from 3,24 --to 45,24
contains "$TMP/err" "truncated: 5000 bytes" "entries cut message"
{ cat "$TMP/arena.jump"; printf 'x'; } >"$TMP/long.jump"
expect 3 "data after" -- "$WF" path "$ARENA" --prep "$TMP/long.jump" --from 3,24 --to 45,24
contains "$TMP/err" "data after the entries" "data after message"
printf 'type octile\nheight 2\nwidth 3\nmap\n...\n...\n' >"$TMP/small.map"
expect 3 "another size" -- "$WF" path "$TMP/small.map" --prep "$TMP/arena.jump" --from 0,0 --to 2,1
contains "$TMP/err" "made for another map: a 49x49 one" "another size message"
# the same size, one wall taken away: the digest tells
sed '6s/^TTT/TT./' "$ARENA" >"$TMP/edited.map"
cmp -s "$ARENA" "$TMP/edited.map" && fail "the edit changed nothing"
expect 3 "edited map" -- "$WF" path "$TMP/edited.map" --prep "$TMP/arena.jump" --from 3,24 --to 45,24
contains "$TMP/err" "passability digest differs" "edited map message"
cp "$TMP/arena.jump" "$TMP/version.jump"
printf '\007' | dd of="$TMP/version.jump" bs=1 seek=8 conv=notrunc 2>/dev/null
expect 3 "other version" -- "$WF" path "$ARENA" --prep "$TMP/version.jump" --from 3,24 --to 45,24
contains "$TMP/err" "version 7, this build reads version 1" "version message"
cp "$TMP/arena.jump" "$TMP/flip.jump"
printf '\177' | dd of="$TMP/flip.jump" bs=1 seek=30000 conv=notrunc 2>/dev/null
expect 3 "corrupted" -- "$WF" path "$ARENA" --prep "$TMP/flip.jump" --from 3,24 --to 45,24
contains "$TMP/err" "checksum" "corrupted message"
printf 'type octile\n' >"$TMP/notjump.jump"
expect 3 "not a table" -- "$WF" path "$ARENA" --prep "$TMP/notjump.jump" --from 3,24 --to 45,24
expect 3 "not a table, long" -- "$WF" path "$ARENA" --prep "$ARENA" --from 3,24 --to 45,24
contains "$TMP/err" "not a jump table file" "magic message"
expect 4 "missing file" -- "$WF" path "$ARENA" --prep "$TMP/none.jump" --from 3,24 --to 45,24
expect 3 "scen bad file" -- "$WF" scen "$ARENA.scen" --prep "$TMP/flip.jump"

# prep's own usage and I/O errors
expect 2 "prep without --out" -- "$WF" prep "$ARENA"
expect 2 "prep without a map" -- "$WF" prep --out "$TMP/x.jump"
expect 4 "prep unwritable" -- "$WF" prep "$ARENA" --out "$TMP/no/such/dir/x.jump"
expect 0 "prep help" -- "$WF" prep --help
contains "$TMP/out" "usage:" "prep help text"

finish
