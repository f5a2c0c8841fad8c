# wayfind render and path --png: pictures of maps and paths.
. "$(dirname "$0")/lib.sh"
png || exit 77  # every check here draws a PNG: skipped in a build without PNG support

is_png() { # FILE WIDTH HEIGHT: PNG signature and IHDR size
  checks=$((checks + 1))
  local sig w h
  sig=$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')
  w=$(od -An -tu1 -j16 -N4 "$1" | awk '{print $1*16777216+$2*65536+$3*256+$4}')
  h=$(od -An -tu1 -j20 -N4 "$1" | awk '{print $1*16777216+$2*65536+$3*256+$4}')
  [ "$sig" = 89504e470d0a1a0a ] && [ "$w" = "$2" ] && [ "$h" = "$3" ] ||
    fail "$1: signature $sig, size ${w}x$h, expected a PNG of $2x$3"
}

expect 0 "render png" -- "$WF" render "$SHARED/movingai/dao/arena.map" --png "$TMP/arena.png" --scale 3
contains "$TMP/out" "wrote $TMP/arena.png (49 x 49 cells)" "render message"
is_png "$TMP/arena.png" 147 147
expect 0 "render auto scale" -- "$WF" render "$DATA/maze10.txt" --png "$TMP/maze.png"
is_png "$TMP/maze.png" 640 640  # auto scale: at most 64 px a cell
expect 0 "render text" -- "$WF" render "$DATA/td.csv"
contains "$TMP/out" "#S...#####" "csv drawn with its start"
expect 0 "path png" -- "$WF" path "$DATA/maze10.txt" --connect 4 --png "$TMP/path.png"
contains "$TMP/out" "wrote $TMP/path.png" "path png message"
is_png "$TMP/path.png" 640 640
expect 0 "path json png" -- "$WF" path "$DATA/maze10.txt" --connect 4 --format json --png "$TMP/p2.png"
contains "$TMP/out" '"status":"ok"' "json stays clean"
printf 'S#\n#G\n' >"$TMP/gap.txt"
expect 1 "no path png" -- "$WF" path "$TMP/gap.txt" --png "$TMP/gap.png"
is_png "$TMP/gap.png" 128 128

expect 2 "bad scale" -- "$WF" render "$DATA/maze10.txt" --png "$TMP/x.png" --scale 0
expect 2 "no map" -- "$WF" render
expect 4 "unwritable" -- "$WF" render "$DATA/maze10.txt" --png "$TMP/no/dir/x.png"
contains "$TMP/err" "$TMP/no/dir/x.png" "unwritable names the file"
expect 4 "path unwritable" -- "$WF" path "$DATA/maze10.txt" --png "$TMP/no/dir/x.png"
finish
