#!/bin/bash
# Installs the build tree into a temporary prefix, builds game_loop.c from
# there with a plain compiler command and with the installed wayfind.pc, and
# runs it. Usage: test_installed.sh BUILD_DIR SOURCE CC LIBDIR [CFLAGS]
set -eu
build=$1 src=$2 cc=$3 libdir=$4 extra=${5:-}

prefix=$(mktemp -d "${TMPDIR:-/tmp}/wayfind-install.XXXXXX")
trap 'rm -rf "$prefix"' EXIT

cmake --install "$build" --prefix "$prefix" >/dev/null
cflags="-std=c11 -Wall -Wextra -Wpedantic -Werror $extra"

# shellcheck disable=SC2086 # word splitting of the flags is wanted
"$cc" $cflags -I"$prefix/include" "$src" -L"$prefix/$libdir" -lwayfind -lm \
  -o "$prefix/game_loop"

if command -v pkg-config >/dev/null; then
  # wayfind.pc names the configured prefix; point it at the temporary one.
  pc=$(PKG_CONFIG_PATH="$prefix/$libdir/pkgconfig" \
       pkg-config --define-variable=prefix="$prefix" --cflags --libs wayfind)
  # shellcheck disable=SC2086
  "$cc" $cflags "$src" $pc -lm -o "$prefix/game_loop_pc"
  case "$pc" in *"$prefix"*) ;; *) echo "pkg-config gave: $pc" >&2; exit 1;; esac
else
  echo "pkg-config not found: the wayfind.pc build is skipped"
fi

LD_LIBRARY_PATH="$prefix/$libdir" "$prefix/game_loop"
