# creditflow: the two commands a new user types are `make run` and `make test`.
# Both install what is missing (Debian 12 packages), configure, build, then run or test.

BUILD ?= build
JOBS ?= $(shell nproc)
# cmake/g++/make/pkg-config: the build; libsystemc-dev: the SystemC 2.3.4 kernel;
# libboost-test-dev: Boost.Test for the test suite; libyaml-cpp-dev, nlohmann-json3-dev,
# libcli11-dev: YAML platforms, JSON results, the command line; gnuplot-nox: sweep plots;
# verilator: RTL co-simulation of rtl/credit_receiver.sv.
DEBIAN_PACKAGES := cmake g++ make pkg-config libsystemc-dev libboost-test-dev \
  libyaml-cpp-dev nlohmann-json3-dev libcli11-dev gnuplot-nox verilator
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE := 1

.PHONY: all deps configure build run test bench clean

all: build

# Installs only the packages that are missing, so a prepared machine needs no root.
deps:
	@missing=""; \
	for p in $(DEBIAN_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  sudo=""; [ "$$(id -u)" -eq 0 ] || sudo=sudo; \
	  $$sudo apt-get update -q && \
	  DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -q --no-install-recommends $$missing; \
	fi

configure: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release

build: configure
	cmake --build $(BUILD) -j $(JOBS)

# The main job: the default sweep of the credit-loop model, which is the SPEC section 1
# table; it prints the table and writes its plot and CSV next to the build.
run: build
	./$(BUILD)/creditflow sweep models/credit_loop.yaml -j $(JOBS) \
	  --plot $(BUILD)/credit_loop.png --csv $(BUILD)/credit_loop.csv
	@echo "plot: $(BUILD)/credit_loop.png, table: $(BUILD)/credit_loop.csv"

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# Simulated cycles per second, side by side in one run (not part of the tests).
bench: build
	./$(BUILD)/bench/credit_loop_bench

clean:
	rm -rf $(BUILD)
