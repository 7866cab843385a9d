# creditflow: the two commands a new user types are `make run` and `make test`.
# Both install what is missing (Debian 12 packages), configure, build, then run or test.

BUILD ?= build
JOBS ?= $(shell nproc)
# What `make run` needs: cmake/g++/make/pkg-config to build; libsystemc-dev, the SystemC 2.3.4
# kernel; libyaml-cpp-dev, nlohmann-json3-dev, libcli11-dev: YAML platforms, JSON results, the
# command line; gnuplot-nox: the plot; zlib1g-dev, libbz2-dev: traces compressed with gzip, netrace's
# with bzip2.
RUN_PACKAGES := cmake g++ make pkg-config libsystemc-dev libyaml-cpp-dev nlohmann-json3-dev \
  libcli11-dev gnuplot-nox zlib1g-dev libbz2-dev
# What `make test` needs besides: libboost-test-dev, Boost.Test; verilator, the RTL
# co-simulation tests; clang and libclang-rt-dev, libFuzzer and its sanitizer runtimes for the
# fuzz targets; slurm-wlm and munge, the single-node Slurm that the test of `sweep --slurm`
# starts on 127.0.0.1 (the tool itself needs only sbatch and squeue, and only on a cluster);
# libsystemc-doc, Accellera's TLM-2.0 examples that the interconnect runs.
TEST_PACKAGES := libboost-test-dev verilator clang libclang-rt-dev slurm-wlm munge libsystemc-doc
# The Python module (`make build`): pybind11-dev and python3-dev to build it; python3-pytest to
# test it; python3-pandas, sweeps as data frames; python3-matplotlib, the examples' plots.
PYTHON_PACKAGES := pybind11-dev python3-dev python3-pytest python3-pandas python3-matplotlib
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE := 1

.PHONY: all deps deps-run configure-run configure build tool run test bench clean

all: build

# Installs only the packages that are missing, so a prepared machine needs no root.
define install_missing
	@missing=""; \
	for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  sudo=""; [ "$$(id -u)" -eq 0 ] || sudo=sudo; \
	  $$sudo apt-get update -q && \
	  DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -q --no-install-recommends $$missing; \
	fi
endef

deps-run:
	$(call install_missing,$(RUN_PACKAGES))

deps: deps-run
	$(call install_missing,$(TEST_PACKAGES) $(PYTHON_PACKAGES))

# Without the test packages the tests are left out of the build files (tests/CMakeLists.txt
# says so); `make test` installs them and configures again.
configure-run: deps-run
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release

configure: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release

build: configure
	cmake --build $(BUILD) -j $(JOBS)

# The tool alone: what `make run` runs, and nothing else (tests, examples and benchmarks are
# `make test`'s and `make bench`'s to build).
tool: configure-run
	cmake --build $(BUILD) -j $(JOBS) --target creditflow_tool

run: tool
	./$(BUILD)/creditflow sweep models/credit_loop.yaml -j $(JOBS) \
	  --plot $(BUILD)/credit_loop.png --csv $(BUILD)/credit_loop.csv
	@echo "plot: $(BUILD)/credit_loop.png, table: $(BUILD)/credit_loop.csv"

# The tests; then the same suite under AddressSanitizer and UndefinedBehaviorSanitizer in a
# clang build of its own, instrumented for libFuzzer too, so that the same build fuzzes each
# libFuzzer target for 30 seconds among its tests (a gcc build for the sanitizers and a
# second, clang one for the fuzzers took 13.5 + 5 minutes on 2 cores; this one 11.3). It
# leaves out the RTL, package and benchmark parts, which add build time and no code of ours,
# and the Python module (an instrumented module cannot load into Python, which is not), and builds at -O1 with line tables only, which still names the file and line of a report.
# Any report fails the case that made it.
SANITIZE_BUILD ?= build-sanitize
SANITIZE_ENV := ASAN_OPTIONS=detect_stack_use_after_return=0:abort_on_error=0 \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0

test: build
	cd $(BUILD) && ctest --output-on-failure --no-tests=error -j $(JOBS)
	CC=clang CXX=clang++ cmake -S . -B $(SANITIZE_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCREDITFLOW_FUZZ=ON \
	  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" -DCREDITFLOW_RTL_TESTS=OFF -DCREDITFLOW_PACKAGE_TEST=OFF \
	  -DCREDITFLOW_BENCH=OFF -DCREDITFLOW_PYTHON=OFF
	cmake --build $(SANITIZE_BUILD) -j $(JOBS)
	cd $(SANITIZE_BUILD) && $(SANITIZE_ENV) ctest --output-on-failure --no-tests=error -j $(JOBS)

# Simulated cycles per second, side by side in one run (not part of the tests).
# BOOKSIM=path/to/booksim runs a BookSim2 built from its sources beside the networks.
BOOKSIM ?=
bench: build
	./$(BUILD)/bench/credit_loop_bench
	./$(BUILD)/bench/tlm_bench
	cd $(BUILD) && BOOKSIM=$(BOOKSIM) ./bench/network_bench

clean:
	rm -rf $(BUILD) $(SANITIZE_BUILD)
