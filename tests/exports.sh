# The shared library exports exactly the functions and objects that the
# public headers declare: no wf__ internals, nothing without the wf_
# prefix, and no declaration whose WF_API was forgotten.
# Usage: exports.sh LIBWAYFIND.so INCLUDE_DIR C_COMPILER
set -u
LIB=$1 INC=$2 CC=$3
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail=0

# Exported symbols, less what a sanitizer's instrumentation adds itself.
nm -D --defined-only "$LIB" | awk '{print $NF}' |
  grep -Ev '^(__odr_asan|___?asan|__ubsan|__sancov|__tsan)' | sort -u >"$TMP/exported"

# Declared names: every wf_ name followed by ( or [ at file scope in the
# preprocessed headers (comments and macros gone; a function pointer type's
# name is followed by ')' and is not taken, nor is a wf_ return type before
# its "(*": typedef wf_status (*wf_write_fn)(...)).
printf '#include <wayfind/wayfind.h>\n' >"$TMP/all.c"
"$CC" -E -P -I"$INC" "$TMP/all.c" >"$TMP/all.i" || { echo "preprocessing failed"; exit 1; }
grep -oE '(^|[^A-Za-z0-9_])wf_[A-Za-z0-9_]+ *(\(([^*]|$)|\[)' "$TMP/all.i" |
  sed -E 's/^[^w]*//; s/ *[([].?$//' | sort -u >"$TMP/declared"

[ -s "$TMP/exported" ] || { echo "no exported symbols in $LIB"; exit 1; }
[ -s "$TMP/declared" ] || { echo "no declarations found under $INC"; exit 1; }

if grep '^wf__' "$TMP/exported"; then
  echo "^ internal (wf__) symbols exported"; fail=1
fi
if grep -v '^wf_' "$TMP/exported"; then
  echo "^ exported symbols without the wf_ prefix"; fail=1
fi
extra=$(comm -23 "$TMP/exported" "$TMP/declared" | grep '^wf_[^_]')
if [ -n "$extra" ]; then
  printf '%s\n' "$extra"; echo "^ exported but not declared in the public headers"; fail=1
fi
missing=$(comm -13 "$TMP/exported" "$TMP/declared")
if [ -n "$missing" ]; then
  printf '%s\n' "$missing"; echo "^ declared in the public headers but not exported (missing WF_API?)"; fail=1
fi
[ $fail = 0 ] && echo "$(wc -l <"$TMP/exported") symbols exported, all declared, none missing"
exit $fail
