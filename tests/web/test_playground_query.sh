#!/bin/bash
# The playground's query string in headless Chromium: a value the page
# does not take is an error in #result naming the parameter, the value and
# what is accepted, never the answer to another query; and a seed builds
# the world `wayfind gen --seed` builds for it, all 64 bits of it.
# Usage: test_playground_query.sh WEB_DIR WAYFIND_CLI
# Exit 77 (skipped) when chromium or the web build is missing.
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
  status=$(json_field "${page:-{\}}" status)
  msg=$(json_field "${page:-{\}}" message)
  for part in "$@"; do
    case $msg in *"$part"*) ;; *) status="" ;; esac
  done
  if [ "$status" = error ]; then
    echo "ok: ?$q: $msg"
  else
    echo "FAIL: ?$q: the page wrote '$page', not an error holding $(printf '[%s] ' "$@")"; fail=1
  fi
}

# numbers past what the page takes are not wrapped, cut or read as 0
refuse "$(query from=4294967296,0)" "from: expected X,Y" "'4294967296,0'"
refuse "$(query from=abc)" "from: expected X,Y" "'abc'"
refuse "$(query size=4294967316x20)" "size: expected WxH" "'4294967316x20'"
refuse "$(query speed=4294967296)" "speed: expected an integer from 1 to" "'4294967296'"
refuse "$(query seed=18446744073709551616)" "seed: expected an integer from 0 to 2^64-1" "'18446744073709551616'"
# names outside the page's tables are not taken for another, nor found on
# a JavaScript object's prototype
refuse "$(query connect=6)" "connect:" "'6'" "(expected 4 or 8)"
refuse "$(query corners=bogus)" "corners:" "'bogus'" "(expected no-cut, always or one-free)"
refuse "$(query algo=bogus)" "algo:" "'bogus'" "(expected astar,"
# the accepted names are the library's, as the program lists them
refuse "$(query algo=bogus)" "(expected $(cli_names path --algo | sed 's/,/, /g; s/\(.*\), /\1 or /'))"
refuse "$(query corners=bogus)" "(expected $(cli_names path --corners | sed 's/,/, /g; s/\(.*\), /\1 or /'))"
for kind in __proto__ hasOwnProperty constructor; do
  refuse "$(query gen=$kind)" "gen:" "'$kind'" "(expected islands, caves,"
done
# nor a query the page cannot read whole
refuse "$(query viewer=23,13)" "viewer: expected X,Y,FACING,FOV,RANGE" "'23,13'"
refuse "$(query -to)" "to: expected X,Y beside from=3,5"
refuse "$(query seed=7 seed=8)" "seed: expected one value" "'7', '8'"
refuse "$(query sede=5)" "unknown parameter 'sede'"

# same_world SEED: the page's islands for SEED are `wayfind gen --seed
# SEED`'s: Dijkstra between the ends of the CLI's scenario for that world
# costs, walks and expands the same on both
same_world() {
  local seed=$1 map="$TMP/islands-$1.txt" sx sy gx gy page cli f pv cv ok=1
  "$CLI" gen islands --seed "$seed" --size 96x40 --out "$map" --scen 1 >/dev/null || {
    echo "FAIL: wayfind gen islands --seed $seed"; fail=1; return; }
  # version 1, then: bucket map width height sx sy gx gy length
  read -r _ _ _ _ sx sy gx gy _ < <(sed -n 2p "$map.scen")
  page=$(browse "gen=islands&seed=$seed&size=96x40&from=$sx,$sy&to=$gx,$gy&algo=dijkstra&speed=1000000")
  cli=$("$CLI" path "$map" --from "$sx,$sy" --to "$gx,$gy" --algo dijkstra --format json 2>/dev/null)
  for f in cost length expanded; do
    pv=$(json_field "${page:-{\}}" "$f")
    cv=$(json_field "${cli:-{\}}" "$f")
    python3 -c 'import sys; a,b=sys.argv[1:]; sys.exit(0 if a!="null" and b!="null" and abs(float(a)-float(b))<=1e-9*max(1,abs(float(b))) else 1)' "$pv" "$cv" || ok=""
  done
  if [ -n "$ok" ]; then
    echo "ok: seed $seed $sx,$sy -> $gx,$gy: page $page, CLI the same"
  else
    echo "FAIL: seed $seed $sx,$sy -> $gx,$gy: page '$page', CLI '$cli'"; fail=1
  fi
}

same_world 18446744073709551615   # 2^64-1: a double rounds it up to 2^64
same_world 9007199254740993       # 2^53+1: a double rounds it to 2^53
exit $fail
