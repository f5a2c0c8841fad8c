# Every command that writes a file replaces it whole or not at all. Each
# one runs twice over an existing file: first with room, and the file is
# replaced (its permission bits kept, no temporary file left); then with a
# file size limit (ulimit -f, with SIGXFSZ ignored so that write() fails
# with EFBIG halfway instead of killing the program), and it must exit 4
# saying why, leave every file byte for byte as it was and add none.
. "$(dirname "$0")/lib.sh"

# limited KIB COMMAND...: COMMAND with files limited to KIB KiB (bash's
# ulimit -f counts 1024-byte blocks) and SIGXFSZ ignored.
limited() {
  local kib=$1; shift
  (ulimit -f "$kib" && trap '' XFSZ && "$@")
}

# quiet COMMAND...: COMMAND with stdout thrown away (the demo's map would
# pass the limit before its picture does).
quiet() { "$@" >/dev/null; }

# The entries of a directory, hidden ones too, on one line.
listing() { (cd "$1" && ls -A | tr '\n' ' '); }

# writer NAME KIB TARGET MAGIC -- COMMAND...: COMMAND writes TARGET (and
# maybe more files) in the directory $TMP/NAME; TARGET must then start
# with MAGIC. With at most KIB KiB per file, writing TARGET must fail.
writer() {
  local name=$1 kib=$2 target=$3 magic=$4; shift 5
  local dir
  dir=$(dirname "$target")
  printf 'placeholder\n' >"$target"
  chmod 640 "$target"
  expect 0 "$name: writes" -- "$@"
  checks=$((checks + 1))
  if cmp -s "$target" <(printf 'placeholder\n') ||
     ! head -c 64 "$target" | grep -aqF -- "$magic"; then
    fail "$name: $target was not replaced by a good file"
  fi
  checks=$((checks + 1))
  [ "$(stat -c %a "$target")" = 640 ] ||
    fail "$name: permissions $(stat -c %a "$target"), expected 640 kept"
  checks=$((checks + 1))
  case " $(listing "$dir")" in
    *.tmp\ *) fail "$name: a temporary file is left: $(listing "$dir")" ;;
  esac

  rm -rf "$TMP/before"
  cp -a "$dir" "$TMP/before"
  expect 4 "$name: fails halfway" -- limited "$kib" "$@"
  contains "$TMP/err" "wayfind: $target: cannot write: File too large" "$name: message"
  checks=$((checks + 1))
  [ "$(listing "$dir")" = "$(listing "$TMP/before")" ] ||
    fail "$name: $dir holds '$(listing "$dir")', before '$(listing "$TMP/before")'"
  local f
  for f in "$TMP/before"/*; do
    checks=$((checks + 1))
    cmp -s "$f" "$dir/$(basename "$f")" ||
      fail "$name: $(basename "$f") changed by the failed write"
  done
}

# Inputs, outside the directories written.
mkdir -p "$TMP/in"
"$WF" gen noise --size 256x256 --seed 5 --density 0.1 --out "$TMP/in/m.map" >/dev/null
"$WF" gen noise --size 100x100 --seed 5 --density 0.1 --out "$TMP/in/c.map" >/dev/null
"$WF" gen noise --size 40x40 --seed 5 --density 0.1 --out "$TMP/in/g.map" >/dev/null
"$WF" convert "$TMP/in/g.map" --to graph --out "$TMP/in/g.graph" >/dev/null

for d in gen scen convert graph render path field influence demo new; do
  mkdir -p "$TMP/$d"
done

writer "gen --out" 32 "$TMP/gen/big.map" "type octile" -- \
  "$WF" gen noise --size 300x300 --seed 2 --out "$TMP/gen/big.map"
# the map fits under the limit, its 1000 scenarios do not
printf 'placeholder\n' >"$TMP/scen/s.map"
writer "gen --scen" 20 "$TMP/scen/s.map.scen" "version 1" -- \
  "$WF" gen noise --size 100x100 --seed 2 --density 0.1 --out "$TMP/scen/s.map" --scen 1000
writer "convert --out" 64 "$TMP/convert/c.graph" "node " -- \
  "$WF" convert "$TMP/in/c.map" --to graph --out "$TMP/convert/c.graph"
writer "graph --svg" 16 "$TMP/graph/g.svg" "<svg" -- \
  "$WF" graph "$TMP/in/g.graph" --from 0_0 --to 39_39 --svg "$TMP/graph/g.svg"
if png; then
  writer "render --png" 8 "$TMP/render/r.png" "PNG" -- \
    "$WF" render "$TMP/in/m.map" --png "$TMP/render/r.png"
  writer "path --png" 8 "$TMP/path/p.png" "PNG" -- \
    "$WF" path "$TMP/in/m.map" --from 0,0 --to 255,255 --png "$TMP/path/p.png"
  writer "field --png" 8 "$TMP/field/f.png" "PNG" -- \
    "$WF" field "$TMP/in/m.map" --sources 10,10 --png "$TMP/field/f.png"
  # the first of the three pictures fails; the other two stay as they were
  for l in view blend; do printf 'placeholder\n' >"$TMP/influence/i-$l.png"; done
  writer "influence --png" 8 "$TMP/influence/i-distance.png" "PNG" -- \
    "$WF" influence "$TMP/in/m.map" --from 0,0 --to 255,255 --source 128,128,20 \
    --png "$TMP/influence/i"
  writer "demo --png" 2 "$TMP/demo/d.png" "PNG" -- \
    quiet "$WF" demo --png "$TMP/demo/d.png"
fi

# A new file that cannot be written is not created at all.
expect 4 "new file fails" -- limited 32 "$WF" gen noise --size 300x300 --out "$TMP/new/n.map"
contains "$TMP/err" "n.map: cannot write: File too large" "new file message"
checks=$((checks + 1))
[ -z "$(listing "$TMP/new")" ] || fail "new file: $TMP/new holds '$(listing "$TMP/new")'"

# Scenarios that cannot be made are found before the map is written.
mkdir -p "$TMP/impossible"
printf 'placeholder\n' >"$TMP/impossible/t.map"
expect 3 "impossible --scen" -- "$WF" gen maze --size 5x5 --out "$TMP/impossible/t.map" --scen 100
checks=$((checks + 1))
cmp -s "$TMP/impossible/t.map" <(printf 'placeholder\n') &&
  [ "$(listing "$TMP/impossible")" = "t.map " ] ||
  fail "impossible --scen: the map was written: $(listing "$TMP/impossible")"

# A missing directory is an I/O error that names it.
expect 4 "missing directory" -- "$WF" gen maze --size 11x11 --out "$TMP/no/such/m.map"
contains "$TMP/err" "wayfind: $TMP/no/such/m.map: cannot create a temporary file in '$TMP/no/such': No such file or directory" "missing directory message"

# What is not a regular file is written in place: /dev/stdout here is
# the file the test keeps stdout in, and must get the (ASCII) map itself.
"$WF" gen maze --size 11x11 >"$TMP/maze.map"
"$WF" gen maze --size 11x11 --out "$TMP/maze.txt"
expect 0 "--out /dev/stdout" -- "$WF" gen maze --size 11x11 --out /dev/stdout
checks=$((checks + 1))
cmp -s "$TMP/out" "$TMP/maze.txt" || fail "--out /dev/stdout: not the map"
expect 0 "--out /dev/null" -- "$WF" gen maze --size 11x11 --out /dev/null
checks=$((checks + 1))
[ -c /dev/null ] || fail "/dev/null is no longer a device"

# A link is followed and kept.
printf 'placeholder\n' >"$TMP/new/real.map"
ln -s real.map "$TMP/new/link.map"
expect 0 "through a link" -- "$WF" gen maze --size 11x11 --out "$TMP/new/link.map"
checks=$((checks + 1))
{ [ -L "$TMP/new/link.map" ] && cmp -s "$TMP/new/real.map" "$TMP/maze.map"; } ||
  fail "through a link: the link or its file is wrong"
finish
