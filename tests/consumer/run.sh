#!/bin/sh
# Installs the build into a private prefix, then configures, builds and runs the consumer
# project against it with find_package(creditflow): its hand-wired loop, and its own tool
# comparing the model receiver with the RTL one it verilated.
set -eu
src=$1 build=$2 work=$3
rm -rf "$work"
mkdir -p "$work"
cmake --install "$build" --prefix "$work/prefix"
cmake -S "$src/tests/consumer" -B "$work/build" -DCMAKE_PREFIX_PATH="$work/prefix" -DCREDITFLOW_SOURCE_DIR="$src"
cmake --build "$work/build" -j2
SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 "$work/build/consumer"
"$work/build/consumer_tool" compare "$src/models/credit_loop.yaml" --against rx.kind=my_receiver
