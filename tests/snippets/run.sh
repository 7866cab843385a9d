#!/bin/sh
# Every C++ snippet of the README and of docs/guide, built as a user builds it: the build
# installed into a private prefix, each snippet a program of its own in a project that finds
# the package with find_package(creditflow), warnings as errors, then run from the
# repository's root. A snippet followed by a `<!-- prints -->` block must print that block,
# byte for byte.
#   run.sh SOURCE_DIR BUILD_DIR WORK_DIR
set -eu
src=$1 build=$2 work=$3
rm -rf "$work"
mkdir -p "$work/project"
cmake --install "$build" --prefix "$work/prefix" > "$work/install.log"

# Each ```cpp block becomes <page>_<line>.cpp; a `<!-- prints -->` block after it, before the
# next snippet, becomes <page>_<line>.expected.
for doc in "$src/README.md" "$src"/docs/guide/*.md; do
  page=$(basename "$doc" .md)
  awk -v dir="$work/project" -v page="$page" -v doc="$doc" '
    BEGIN { state = "text" }
    state == "code" && /^```/ { state = "text"; close(file); next }
    state == "code" { print > file; next }
    state == "prints" && /^```/ { if (seen_open) { state = "text"; close(expected); next } seen_open = 1; next }
    state == "prints" { print > expected; next }
    /^```cpp$/ { name = page "_" NR; file = dir "/" name ".cpp"; state = "code"; next }
    /^<!-- prints -->$/ {
      if (name == "") { print doc ":" NR ": a prints block with no snippet before it" > "/dev/stderr"; exit 1 }
      expected = dir "/" name ".expected"; printf "" > expected; state = "prints"; seen_open = 0; next
    }
  ' "$doc"
done

count=$(ls "$work/project"/*.cpp | wc -l)
# The README's snippet is examples/hand_wired_link.cpp below its header comment: one text.
first="$work/project/$(cd "$work/project" && ls README_*.cpp | sort -t_ -k2 -n | head -1)"
if ! tail -n +5 "$src/examples/hand_wired_link.cpp" | cmp -s - "$first"; then
  echo "the README's first snippet is not examples/hand_wired_link.cpp (below its 4 comment lines)"; exit 1
fi
cat > "$work/project/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.25)
project(snippets LANGUAGES CXX)
set(CMAKE_CXX_STANDARD 17)
set(CMAKE_CXX_STANDARD_REQUIRED ON)
find_package(creditflow 0.1 REQUIRED)
file(GLOB snippets ${CMAKE_CURRENT_SOURCE_DIR}/*.cpp)
foreach(snippet IN LISTS snippets)
  get_filename_component(name ${snippet} NAME_WE)
  add_executable(${name} ${snippet})
  target_link_libraries(${name} PRIVATE creditflow::platform)
  target_compile_options(${name} PRIVATE -Wall -Wextra -Werror)
endforeach()
CMAKE
cmake -S "$work/project" -B "$work/build" -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_BUILD_TYPE=Release > "$work/configure.log"
cmake --build "$work/build" -j2

compared=0
for snippet in "$work/project"/*.cpp; do
  name=$(basename "$snippet" .cpp)
  if ! (cd "$src" && SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 "$work/build/$name") > "$work/$name.out" 2>&1; then
    echo "snippet $name failed:"; cat "$work/$name.out"; exit 1
  fi
  if [ -f "$work/project/$name.expected" ]; then
    if ! diff -u "$work/project/$name.expected" "$work/$name.out"; then
      echo "snippet $name does not print what its page says it prints"; exit 1
    fi
    compared=$((compared + 1))
  fi
done
echo "$count snippets built and run, $compared outputs as their pages print them"
