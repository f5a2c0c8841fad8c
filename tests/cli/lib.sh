# Helpers for the CLI tests. Each test is run as
#   bash test_X.sh WAYFIND_BINARY TEST_DATA_DIR SHARED_DIR [PEER_BINARY]
set -u
WF=$1
DATA=$2
SHARED=$3
PEER=${4:-}
# 0 when the binary was built without PNG support (CTest sets it).
HAVE_PNG=${WF_HAVE_PNG:-1}
png() { [ "$HAVE_PNG" = 1 ]; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
failures=0
checks=0

fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# limit SECONDS COMMAND...: COMMAND, killed (exit 137) if it runs longer,
# so a hang fails the test instead of stalling it. In the shell itself
# rather than timeout(1): under make check-valgrind, valgrind follows the
# shell's children but not the children of a system program it skips.
limit() {
  local secs=$1; shift
  "$@" <&0 &
  local pid=$!
  { for ((i = 0; i < secs * 10; i++)); do
      sleep 0.1; kill -0 "$pid" 2>/dev/null || exit 0
    done
    kill -KILL "$pid" 2>/dev/null; } >/dev/null 2>&1 &
  local watch=$!
  wait "$pid"
  local code=$?
  kill "$watch" 2>/dev/null
  wait "$watch" 2>/dev/null
  return "$code"
}

# expect CODE DESCRIPTION -- COMMAND...: runs COMMAND, keeps its stdout in
# $TMP/out and stderr in $TMP/err, and checks the exit code.
expect() {
  local want=$1 what=$2; shift 3
  checks=$((checks + 1))
  "$@" >"$TMP/out" 2>"$TMP/err"
  local got=$?
  if [ "$got" != "$want" ]; then
    fail "$what: exit $got, expected $want"
    sed 's/^/  stdout: /' "$TMP/out" | head -5 >&2
    sed 's/^/  stderr: /' "$TMP/err" | head -5 >&2
  fi
}

# contains FILE TEXT DESCRIPTION
contains() {
  checks=$((checks + 1))
  grep -qF -- "$2" "$1" || { fail "$3: '$2' not in $(basename "$1")"; sed 's/^/  /' "$1" | head -8 >&2; }
}

finish() {
  echo "$((checks - failures)) passed, $failures failed"
  [ "$failures" = 0 ]
}
