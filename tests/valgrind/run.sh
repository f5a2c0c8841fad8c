# Runs one CTest command under valgrind memcheck (make check-valgrind):
#   bash run.sh LOGDIR NAME COMMAND...
# Every process valgrind follows writes its own report, LOGDIR/NAME.PID.log:
# the test program, or a CLI script's shell and each wayfind it starts
# (a forked shell without exec shares its parent's file). System programs
# the scripts run (/usr/*, /bin/*) run natively. Any error or leak in any
# report fails the test (exit 99) and prints that report; otherwise the
# command's own status is kept, so a skip (77) stays a skip.
set -u
logdir=$1 name=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$logdir"
rm -f "$logdir/$name".*.log
valgrind --error-exitcode=99 --leak-check=full \
  --errors-for-leak-kinds=definite,indirect,possible \
  --show-leak-kinds=definite,indirect,possible \
  --trace-children=yes --trace-children-skip='/usr/*,/bin/*' \
  --suppressions="$here/bash.supp" \
  --log-file="$logdir/$name.%p.log" "$@"
code=$?
# A forked shell that then runs a system program natively leaves a report
# with this preamble only; anything more without a summary was cut short.
preamble='^==[0-9]+== (Memcheck, a memory error detector|Copyright |Using Valgrind|Command: |Parent PID: |$)'
reports=0 bad=0
for log in "$logdir/$name".*.log; do
  [ -e "$log" ] || continue
  if grep -q "ERROR SUMMARY: " "$log"; then
    reports=$((reports + 1))
    grep -q "ERROR SUMMARY: [1-9]" "$log" || continue
  elif ! grep -qvE "$preamble" "$log"; then
    continue
  fi
  bad=$((bad + 1))
  echo "== $log" >&2
  head -n 150 "$log" >&2
done
echo "valgrind: $name: $reports processes checked, $bad with errors or leaks"
[ "$reports" -gt 0 ] || { echo "valgrind: $name: no report written" >&2; exit 99; }
[ "$bad" = 0 ] || exit 99
exit "$code"
