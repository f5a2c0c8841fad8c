#!/bin/bash
# The playground's query string in headless Chromium: a value the page
# does not take is an error in #result naming the parameter, the value and
# what is accepted, never the answer to another query; and a seed builds
# the world `wayfind gen --seed` builds for it, all 64 bits of it.
# Usage: test_playground_query.sh WEB_DIR WAYFIND_CLI
# Exit 77 (skipped) when chromium or the web build is missing.
# shellcheck disable=SC2317 # the checks run through refusals and worlds
. "$(dirname "$0")/lib.sh"

# A search the page answers; each case changes it.
BASE="gen=islands seed=7 size=96x40 from=3,5 to=60,35 speed=1000000"

# query [NAME=VALUE | -NAME]...: BASE with NAME set to VALUE (twice when
# given twice) or left out
query() {
  local out="" kv arg skip
  for kv in $BASE; do
    skip=
    for arg in "$@"; do
      [ "${arg#-}" = "${kv%%=*}" ] || [ "${arg%%=*}" = "${kv%%=*}" ] && skip=1
    done
    [ -n "$skip" ] || out="$out&$kv"
  done
  for arg in "$@"; do case $arg in -*) ;; *) out="$out&$arg" ;; esac; done
  printf '%s\n' "${out#&}"
}

# refuse QUERY FRAGMENT...: the page writes an error into #result whose
# message holds every FRAGMENT
refuse() {
  local q=$1 page status msg part; shift
  page=$(browse "$q")
  { IFS= read -r status; IFS= read -r msg; } < <(json_field "${page:-{\}}" status message)
  for part in "$@"; do
    case $msg in *"$part"*) ;; *) status="" ;; esac
  done
  if [ "$status" = error ]; then
    echo "ok: ?$q: $msg"
  else
    echo "FAIL: ?$q: the page wrote '$page', not an error holding $(printf '[%s] ' "$@")"; fail=1
  fi
}

# CMD: runs CMD QUERY FRAGMENT... for each query the page refuses
refusals() {
  # numbers past what the page takes are not wrapped, cut or read as 0
  "$1" "$(query from=4294967296,0)" "from: expected X,Y" "'4294967296,0'"
  "$1" "$(query from=abc)" "from: expected X,Y" "'abc'"
  "$1" "$(query size=4294967316x20)" "size: expected WxH" "'4294967316x20'"
  "$1" "$(query speed=4294967296)" "speed: expected an integer from 1 to" "'4294967296'"
  "$1" "$(query seed=18446744073709551616)" "seed: expected an integer from 0 to 2^64-1" "'18446744073709551616'"
  # names outside the page's tables are not taken for another, nor found on
  # a JavaScript object's prototype
  "$1" "$(query connect=6)" "connect:" "'6'" "(expected 4 or 8)"
  "$1" "$(query corners=bogus)" "corners:" "'bogus'" "(expected no-cut, always or one-free)"
  "$1" "$(query algo=bogus)" "algo:" "'bogus'" "(expected astar,"
  # the accepted names are the library's, as the program lists them
  "$1" "$(query algo=bogus)" "(expected $(cli_names path --algo | sed 's/,/, /g; s/\(.*\), /\1 or /'))"
  "$1" "$(query corners=bogus)" "(expected $(cli_names path --corners | sed 's/,/, /g; s/\(.*\), /\1 or /'))"
  for kind in __proto__ hasOwnProperty constructor; do
    "$1" "$(query gen=$kind)" "gen:" "'$kind'" "(expected islands, caves,"
  done
  # nor a query the page cannot read whole
  "$1" "$(query viewer=23,13)" "viewer: expected X,Y,FACING,FOV,RANGE" "'23,13'"
  "$1" "$(query -to)" "to: expected X,Y beside from=3,5"
  "$1" "$(query seed=7 seed=8)" "seed: expected one value" "'7', '8'"
  "$1" "$(query sede=5)" "unknown parameter 'sede'"
}

# ends SEED -> "SX SY GX GY": the ends of the scenario `wayfind gen islands
# --seed SEED --scen 1` writes beside its map, $TMP/islands-SEED.txt
ends() {
  local map="$TMP/islands-$1.txt"
  [ -f "$map.scen" ] || "$CLI" gen islands --seed "$1" --size 96x40 --out "$map" --scen 1 >/dev/null ||
    return 1
  # version 1, then: bucket map width height sx sy gx gy length
  sed -n 2p "$map.scen" | { read -r _ _ _ _ sx sy gx gy _ && echo "$sx $sy $gx $gy"; }
}

# SEED SX SY GX GY -> the page's query for Dijkstra from SX,SY to GX,GY on
# the islands of SEED
world_query() {
  printf 'gen=islands&seed=%s&size=96x40&from=%s,%s&to=%s,%s&algo=dijkstra&speed=1000000\n' "$@"
}

want_world() { # SEED
  local sx sy gx gy
  read -r sx sy gx gy < <(ends "$1") && want "$(world_query "$1" "$sx" "$sy" "$gx" "$gy")"
}

# same_world SEED: the page's islands for SEED are `wayfind gen --seed
# SEED`'s: Dijkstra between the ends of the CLI's scenario for that world
# costs, walks and expands the same on both
same_world() {
  local seed=$1 map="$TMP/islands-$1.txt" sx sy gx gy page cli i pv cv ok=1
  read -r sx sy gx gy < <(ends "$seed") || {
    echo "FAIL: wayfind gen islands --seed $seed"; fail=1; return; }
  page=$(browse "$(world_query "$seed" "$sx" "$sy" "$gx" "$gy")")
  cli=$("$CLI" path "$map" --from "$sx,$sy" --to "$gx,$gy" --algo dijkstra --format json 2>/dev/null)
  mapfile -t pv < <(json_field "${page:-{\}}" cost length expanded)
  mapfile -t cv < <(json_field "${cli:-{\}}" cost length expanded)
  for i in 0 1 2; do
    py -c 'import sys; a,b=sys.argv[1:]; sys.exit(0 if a!="null" and b!="null" and abs(float(a)-float(b))<=1e-9*max(1,abs(float(b))) else 1)' "${pv[i]-}" "${cv[i]-}" || ok=""
  done
  if [ -n "$ok" ]; then
    echo "ok: seed $seed $sx,$sy -> $gx,$gy: page $page, CLI the same"
  else
    echo "FAIL: seed $seed $sx,$sy -> $gx,$gy: page '$page', CLI '$cli'"; fail=1
  fi
}

# CMD: runs CMD SEED for each seed whose world the page and the program
# build alike
worlds() {
  "$1" 18446744073709551615   # 2^64-1: a double rounds it up to 2^64
  "$1" 9007199254740993       # 2^53+1: a double rounds it to 2^53
}

# the pages the checks read, loaded in one browser
refusals want
worlds want_world
# shellcheck disable=SC2119 # no screenshot
pages

refusals refuse
worlds same_world
exit $fail
