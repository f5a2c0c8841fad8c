# Faults from outside the program: no thread can be started, the reader of
# stdout goes away, a program drives `path --queries -` through pipes.
# Each gives its documented exit code and message, and nothing hangs (every
# run is under a time limit). docs/hardening.md's fault table is this
# script's output with a fifth argument "table". stdout on a full disk is
# in test_hostile.sh, files that cannot be written whole in test_atomic.sh.
. "$(dirname "$0")/lib.sh"
TABLE=${5:-}
A="$SHARED/movingai/dao/arena.map"
LIMIT=${LIMIT:-300} # seconds for any one run, valgrind included

# row FAULT EXIT: a line of the table, with the first line of stderr.
row() {
  [ -n "$TABLE" ] || return 0
  local said
  said=$(head -n 1 "$TMP/err" | sed "s|$SHARED/||g; s/|/\\\\|/g")
  [ -n "$said" ] && said="\`$said\`" || said="(nothing)"
  printf '| %s | %s | %s |\n' "${1//|/\\|}" "$2" "$said" >>"$TMP/table"
}

# piped WANT FAULT FRAGMENT -- COMMAND...: COMMAND's stdout goes to
# `head -n 1`, which exits after one line; checks COMMAND's exit code.
# COMMAND is `capped ...` or `nopipe ...`.
piped() {
  local want=$1 what=$2 part=$3; shift 4
  checks=$((checks + 1))
  "$@" 2>"$TMP/err" | head -n 1 >"$TMP/out"
  local got=${PIPESTATUS[0]}
  [ "$got" = "$want" ] || { fail "$what: exit $got, expected $want"; sed 's/^/  stderr: /' "$TMP/err" | head -5 >&2; }
  [ -n "$part" ] && contains "$TMP/err" "$part" "$what"
  [ -z "$part" ] && [ -s "$TMP/err" ] && fail "$what: unexpected stderr: $(head -c 200 "$TMP/err")"
  row "$what" "$want"
}

# capped COMMAND...: COMMAND under the time limit (a hang fails the test).
capped() { limit "$LIMIT" "$@"; }
# nopipe COMMAND...: COMMAND with SIGPIPE ignored (as some parents leave
# it), so a write to a closed pipe fails with EPIPE instead of killing it.
nopipe() { (trap '' PIPE; capped "$@"); }
# full COMMAND...: COMMAND with its stdout on a full disk.
full() { "$@" >/dev/full; }

# --- No thread can be started: a preloaded thrd_create that always fails.
if [ -n "${WF_NO_THREADS_LIB:-}" ] && [ -f "$WF_NO_THREADS_LIB" ]; then
  # ASan wants its runtime first in the library list; the preload is ours.
  nothreads() {
    LD_PRELOAD="$WF_NO_THREADS_LIB" \
      ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" capped "$@"
  }
  expect 4 "no thread can start: scen --threads 2" -- nothreads "$WF" scen "$A.scen" --map "$A" --threads 2
  contains "$TMP/err" "scen: --threads 2: a thread could not be started" "no threads"
  [ -s "$TMP/out" ] && fail "no threads: printed results: $(head -c 200 "$TMP/out")"
  row "no thread can start: \`scen --threads 2\`" 4
  expect 0 "no thread can start: scen --threads 1" -- nothreads "$WF" scen "$A.scen" --map "$A" --threads 1
  contains "$TMP/out" "160 scenarios, 160 optimal" "scen --threads 1 needs no thread"
  row "no thread can start: \`scen --threads 1\` (needs none)" 0
else
  echo "WF_NO_THREADS_LIB not set: thread failures not tested here" >&2
fi

# --- The reader of stdout exits after one line.
# A summary that fits the pipe: written whole before head exits.
piped 0 "reader exits early: \`scen … | head -1\`" "" -- capped "$WF" scen "$A.scen" --map "$A" --threads 2
contains "$TMP/out" "160 scenarios, 160 optimal" "scen | head -1"
# A 1 MB map: killed by SIGPIPE on the first write after head exits, as
# cat would be (exit 128 + 13), with nothing on stderr.
piped 141 "reader exits early: \`gen maze --size 1001x1001 | head -1\`" "" -- capped "$WF" gen maze --size 1001x1001
contains "$TMP/out" "type octile" "gen | head -1 first line"
# SIGPIPE ignored: the write fails with EPIPE, and wayfind says so.
piped 4 "reader exits early, SIGPIPE ignored: \`gen … | head -1\`" "write error: Broken pipe" -- nopipe "$WF" gen maze --size 1001x1001
# A stream of queries whose reader goes: stops at the first failed write.
"$WF" gen maze --size 101x101 --seed 3 --out "$TMP/m.map" >/dev/null || fail "gen m.map"
for i in $(seq 1 20000); do echo "1 1 3 1"; done >"$TMP/q.txt"
piped 4 "reader exits early, SIGPIPE ignored: \`path --queries - | head -1\`" "write error: Broken pipe" -- nopipe "$WF" path "$TMP/m.map" --queries - <"$TMP/q.txt"
# On a full disk, from stdin: stops at once too.
expect 4 "stdout full: path --queries -" -- full capped "$WF" path "$TMP/m.map" --queries - --format json <"$TMP/q.txt"
contains "$TMP/err" "write error: No space left on device" "path --queries - >/dev/full"
row "stdout full: \`path --queries - > /dev/full\`" 4

# --- A program drives `path --queries -` through pipes: each answer comes
# back before the next query is sent (an answer held in a buffer would
# leave both sides waiting).
# Text answers (several lines, the last one "path: ..."); JSON ones.
for format in text json; do
  coproc DRIVEN { "$WF" path "$TMP/m.map" --queries - --format "$format" 2>"$TMP/err"; }
  answers=0
  for q in "1 1 99 99" "1 1 3 1" "99 99 1 1"; do
    echo "$q" >&"${DRIVEN[1]}"
    checks=$((checks + 1))
    got_answer=0
    while IFS= read -r -t "$LIMIT" line <&"${DRIVEN[0]}"; do
      case $line in
        'path: '*|*'"status":"ok"'*) got_answer=1; break ;;
        '{'*) fail "driven $format query '$q': ${line:0:100}"; break ;;
      esac
    done
    [ "$got_answer" = 1 ] && answers=$((answers + 1)) ||
      fail "driven $format query '$q': no answer within $LIMIT s"
  done
  # its stdin closed, it ends (killed first if it did not answer)
  [ "$answers" = 3 ] || kill -KILL "$DRIVEN_PID" 2>/dev/null
  [ -n "${DRIVEN[1]:-}" ] && exec {DRIVEN[1]}>&-
  wait "$DRIVEN_PID"; got=$?
  checks=$((checks + 1))
  [ "$got" = 0 ] || fail "driven $format: exit $got"
  [ "$answers" = 3 ] || fail "driven $format: $answers of 3 answers"
  : >"$TMP/err"
  row "a program drives \`path --queries - --format $format\` through pipes (3 queries, each answered before the next is sent)" 0
done

if [ -n "$TABLE" ]; then cat "$TMP/table"; exit 0; fi
finish
