#!/bin/sh
# Installs the build into a private prefix, then configures, builds and runs the consumer
# project against it with find_package(creditflow).
set -eu
src=$1 build=$2 work=$3
rm -rf "$work"
mkdir -p "$work"
cmake --install "$build" --prefix "$work/prefix"
cmake -S "$src/tests/consumer" -B "$work/build" -DCMAKE_PREFIX_PATH="$work/prefix"
cmake --build "$work/build"
SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 "$work/build/consumer"
