#!/bin/bash
# The browser playground in headless Chromium: for worlds and queries given
# in the page's query string, the result the page writes into #result
# costs what the command line's answer for the same world and query costs;
# then a screenshot goes to OUT_PNG.
# Usage: test_playground.sh WEB_DIR WAYFIND_CLI OUT_PNG
# Exit 77 (skipped) when chromium or the web build is missing.
. "$(dirname "$0")/lib.sh"
SHOT=$3

# kind seed WxH from to algo [extra query] [extra CLI options]
check() {
  local kind=$1 seed=$2 size=$3 from=$4 to=$5 algo=$6 q=${7:-} opts=${8:-}
  local map="$TMP/$kind-$seed-$size.txt"
  [ -f "$map" ] || "$CLI" gen "$kind" --seed "$seed" --size "$size" --out "$map" >/dev/null || {
    echo "FAIL: wayfind gen $kind"; fail=1; return; }
  local page cli
  page=$(browse "gen=$kind&seed=$seed&size=$size&from=$from&to=$to&algo=$algo&speed=1000000$q")
  # shellcheck disable=SC2086
  cli=$("$CLI" path "$map" --from "$from" --to "$to" --algo "$algo" --format json $opts 2>/dev/null)
  if [ -z "$page" ]; then
    echo "FAIL: $kind seed $seed $from -> $to ($algo): the page wrote no result"; fail=1; return
  fi
  local pc cc
  pc=$(json_field "$page" cost)
  cc=$(json_field "${cli:-{\}}" cost)
  # no path: the page's cost is null, the program's status says so
  [ "$(json_field "${cli:-{\}}" status)" = "no_path" ] && cc=null
  if python3 -c 'import sys; a,b=sys.argv[1:]; sys.exit(0 if (a==b=="null") or (a!="null" and b!="null" and abs(float(a)-float(b))<=1e-9*max(1,abs(float(b)))) else 1)' "$pc" "$cc"; then
    echo "ok: $kind seed $seed $size $from -> $to ($algo$q): page $pc, CLI $cc"
  else
    echo "FAIL: $kind seed $seed $size $from -> $to ($algo$q): page $pc ($page), CLI $cc"; fail=1
  fi
}

check islands 7 96x40 3,5 60,35 astar
check islands 7 96x40 3,5 60,35 auto
check islands 7 96x40 3,5 93,2 dijkstra
check islands 7 96x40 3,5 93,2 jpsw
check islands 7 96x40 3,5 90,30 astar        # the goal is land: no path either way
check caves 4 120x80 10,10 100,70 jps
check caves 4 120x80 10,10 100,70 astar "&connect=4" "--connect 4"
check maze 3 41x41 1,1 39,39 astar "&corners=always" "--corners always"

# the guard's cone steers the path: dearer than without it, never cheaper
plain=$(json_field "$(browse "gen=islands&seed=7&size=96x40&from=3,5&to=60,35&speed=1000000")" cost)
guarded=$(json_field "$(browse "gen=islands&seed=7&size=96x40&from=3,5&to=60,35&speed=1000000&viewer=23,13,0,360,5")" cost)
if python3 -c 'import sys; sys.exit(0 if float(sys.argv[2]) > float(sys.argv[1]) else 1)' "$plain" "$guarded"; then
  echo "ok: with the guard the path costs $guarded, without $plain"
else
  echo "FAIL: with the guard $guarded, without $plain"; fail=1
fi

# a bad world kind is reported, not a blank page
bad=$(browse "gen=volcano&from=1,1&to=2,2")
case $bad in *unknown*) echo "ok: unknown kind reported: $bad" ;; *) echo "FAIL: unknown kind: '$bad'"; fail=1 ;; esac

# the menus list the library's names (its tables, wayfind/names.h), in the
# order the command line lists them, jps+ among the algorithms
for m in "algo path --algo" "corners path --corners"; do
  read -r id cmd opt <<<"$m"
  page=$(menu "$id") cli=$(cli_names "$cmd" "$opt")
  if [ -n "$page" ] && [ "$page" = "$cli" ]; then
    echo "ok: the $id menu lists $page"
  else
    echo "FAIL: the $id menu lists '$page', the program '$cli'"; fail=1
  fi
done
case ,$(menu algo), in *,jps+,*) echo "ok: jps+ is in the algo menu" ;;
  *) echo "FAIL: no jps+ in the algo menu"; fail=1 ;; esac

# every algorithm of the menu answers by its name in the query string (jps+
# as jps%2B, with the page's own jump table) what the program answers, and
# says it ran: on a maze, where every one of them applies
maze="$TMP/maze-3-41x41.txt"
[ -f "$maze" ] || "$CLI" gen maze --seed 3 --size 41x41 --out "$maze" >/dev/null
"$CLI" prep "$maze" --out "$TMP/maze.jump" >/dev/null || { echo "FAIL: wayfind prep"; fail=1; }
for algo in $(menu algo | tr , ' '); do
  enc=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1], safe=""))' "$algo")
  page=$(browse "gen=maze&seed=3&size=41x41&from=1,1&to=39,39&algo=$enc&speed=1000000")
  prep=(); [ "$algo" = "jps+" ] && prep=(--prep "$TMP/maze.jump")
  cli=$("$CLI" path "$maze" --from 1,1 --to 39,39 --algo "$algo" --format json "${prep[@]}" 2>/dev/null)
  ok=1
  for f in cost expanded; do
    [ "$(json_field "${page:-{\}}" "$f")" = "$(json_field "${cli:-{\}}" "$f")" ] || ok=""
  done
  engine=$(json_field "${page:-{\}}" engine)
  [ "$algo" = auto ] || [ "$engine" = "$algo" ] || ok=""
  [ "$(json_field "${page:-{\}}" status)" = ok ] || ok=""
  if [ -n "$ok" ]; then
    echo "ok: maze algo=$enc: page $page, the program the same"
  else
    echo "FAIL: maze algo=$enc: page '$page', the program '$cli'"; fail=1
  fi
done

chromium --headless --no-sandbox --disable-gpu --virtual-time-budget=30000 --user-data-dir="$TMP/profile" \
  --window-size=1200,800 --screenshot="$SHOT" \
  "file://$WEB/index.html?gen=islands&seed=7&size=96x40&from=3,5&to=60,35&viewer=23,13,0,360,5" 2>/dev/null
if [ -s "$SHOT" ] && [ "$(head -c 8 "$SHOT" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]; then
  echo "ok: screenshot $SHOT"
else
  echo "FAIL: no screenshot at $SHOT"; fail=1
fi
exit $fail
