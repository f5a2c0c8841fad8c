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
