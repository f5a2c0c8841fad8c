#!/bin/bash
# The browser playground in headless Chromium: for worlds and queries given
# in the page's query string, the result the page writes into #result
# costs what the command line's answer for the same world and query costs;
# then a screenshot goes to OUT_PNG.
# Usage: test_playground.sh WEB_DIR WAYFIND_CLI OUT_PNG
# Exit 77 (skipped) when chromium or the web build is missing.
# shellcheck disable=SC2317 # the checks run through searches
. "$(dirname "$0")/lib.sh"
SHOT=$3

# kind seed WxH from to algo [extra query] -> the page's query for that search
search() {
  printf 'gen=%s&seed=%s&size=%s&from=%s&to=%s&algo=%s&speed=1000000%s\n' \
    "$1" "$2" "$3" "$4" "$5" "$6" "${7:-}"
}

# CMD: runs CMD kind seed WxH from to algo [extra query] [extra CLI
# options] for each search the page and the program answer alike
searches() {
  "$1" islands 7 96x40 3,5 60,35 astar
  "$1" islands 7 96x40 3,5 60,35 auto
  "$1" islands 7 96x40 3,5 93,2 dijkstra
  "$1" islands 7 96x40 3,5 93,2 jpsw
  "$1" islands 7 96x40 3,5 90,30 astar        # the goal is land: no path either way
  "$1" caves 4 120x80 10,10 100,70 jps
  "$1" caves 4 120x80 10,10 100,70 astar "&connect=4" "--connect 4"
  "$1" maze 3 41x41 1,1 39,39 astar "&corners=always" "--corners always"
}

want_search() { want "$(search "$1" "$2" "$3" "$4" "$5" "$6" "${7:-}")"; }

# kind seed WxH from to algo [extra query] [extra CLI options]
check() {
  local kind=$1 seed=$2 size=$3 from=$4 to=$5 algo=$6 q=${7:-} opts=${8:-}
  local map="$TMP/$kind-$seed-$size.txt"
  [ -f "$map" ] || "$CLI" gen "$kind" --seed "$seed" --size "$size" --out "$map" >/dev/null || {
    echo "FAIL: wayfind gen $kind"; fail=1; return; }
  local page cli
  page=$(browse "$(search "$kind" "$seed" "$size" "$from" "$to" "$algo" "$q")")
  # shellcheck disable=SC2086
  cli=$("$CLI" path "$map" --from "$from" --to "$to" --algo "$algo" --format json $opts 2>/dev/null)
  if [ -z "$page" ]; then
    echo "FAIL: $kind seed $seed $from -> $to ($algo): the page wrote no result"; fail=1; return
  fi
  local pc cc cs
  pc=$(json_field "$page" cost)
  { read -r cc; read -r cs; } < <(json_field "${cli:-{\}}" cost status)
  # no path: the page's cost is null, the program's status says so
  [ "$cs" = "no_path" ] && cc=null
  if py -c 'import sys; a,b=sys.argv[1:]; sys.exit(0 if (a==b=="null") or (a!="null" and b!="null" and abs(float(a)-float(b))<=1e-9*max(1,abs(float(b)))) else 1)' "$pc" "$cc"; then
    echo "ok: $kind seed $seed $size $from -> $to ($algo$q): page $pc, CLI $cc"
  else
    echo "FAIL: $kind seed $seed $size $from -> $to ($algo$q): page $pc ($page), CLI $cc"; fail=1
  fi
}

PLAIN="gen=islands&seed=7&size=96x40&from=3,5&to=60,35&speed=1000000"
GUARDED="$PLAIN&viewer=23,13,0,360,5"
BAD="gen=volcano&from=1,1&to=2,2"
# every algorithm the program names, which the algo menu must list (checked below)
ALGOS=$(cli_names path --algo | tr , ' ')

# each of them as a query string spells it (jps+ as jps%2B)
declare -A ENC
for algo in $ALGOS; do
  ENC[$algo]=$(py -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1], safe=""))' "$algo")
done

# ALGO -> the page's query for it on the maze
maze_query() {
  printf 'gen=maze&seed=3&size=41x41&from=1,1&to=39,39&algo=%s&speed=1000000\n' "${ENC[$1]}"
}

# the pages the checks read, loaded in one browser, and the screenshot
searches want_search
want "$PLAIN"
want "$GUARDED"
want "$BAD"
want_menu algo
want_menu corners
for algo in $ALGOS; do want "$(maze_query "$algo")"; done
rm -f "$SHOT"
pages "$SHOT" "gen=islands&seed=7&size=96x40&from=3,5&to=60,35&viewer=23,13,0,360,5"

searches check

# the guard's cone steers the path: dearer than without it, never cheaper
plain=$(json_field "$(browse "$PLAIN")" cost)
guarded=$(json_field "$(browse "$GUARDED")" cost)
if py -c 'import sys; sys.exit(0 if float(sys.argv[2]) > float(sys.argv[1]) else 1)' "$plain" "$guarded"; then
  echo "ok: with the guard the path costs $guarded, without $plain"
else
  echo "FAIL: with the guard $guarded, without $plain"; fail=1
fi

# a bad world kind is reported, not a blank page
bad=$(browse "$BAD")
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

# every algorithm of the menu (the program's, as checked above) answers by
# its name in the query string (jps+ as jps%2B, with the page's own jump
# table) what the program answers, and says it ran: on a maze, where every
# one of them applies
maze="$TMP/maze-3-41x41.txt"
[ -f "$maze" ] || "$CLI" gen maze --seed 3 --size 41x41 --out "$maze" >/dev/null
"$CLI" prep "$maze" --out "$TMP/maze.jump" >/dev/null || { echo "FAIL: wayfind prep"; fail=1; }
for algo in $ALGOS; do
  enc=${ENC[$algo]}
  page=$(browse "$(maze_query "$algo")")
  prep=(); [ "$algo" = "jps+" ] && prep=(--prep "$TMP/maze.jump")
  cli=$("$CLI" path "$maze" --from 1,1 --to 39,39 --algo "$algo" --format json "${prep[@]}" 2>/dev/null)
  ok=1
  [ "$(json_field "${page:-{\}}" cost expanded)" = "$(json_field "${cli:-{\}}" cost expanded)" ] || ok=""
  { read -r engine; read -r status; } < <(json_field "${page:-{\}}" engine status)
  [ "$algo" = auto ] || [ "$engine" = "$algo" ] || ok=""
  [ "$status" = ok ] || ok=""
  if [ -n "$ok" ]; then
    echo "ok: maze algo=$enc: page $page, the program the same"
  else
    echo "FAIL: maze algo=$enc: page '$page', the program '$cli'"; fail=1
  fi
done

# the picture taken by pages above
if [ -s "$SHOT" ] && [ "$(head -c 8 "$SHOT" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]; then
  echo "ok: screenshot $SHOT"
else
  echo "FAIL: no screenshot at $SHOT"; fail=1
fi
exit $fail
