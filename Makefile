# creditflow: the two commands a new user types are `make run` and `make test`.
# Both install what is missing (Debian 12 packages), configure, build, then run or test.

BUILD ?= build
JOBS ?= $(shell nproc)
# cmake/g++/make/pkg-config: the build; libsystemc-dev: the SystemC 2.3.4 kernel;
# libboost-test-dev: Boost.Test for the test suite.
DEBIAN_PACKAGES := cmake g++ make pkg-config libsystemc-dev libboost-test-dev
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE := 1

.PHONY: all deps configure build run test clean

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

# The main job: the SPEC section 1 credit-loop table from the SystemC models.
run: build
	./$(BUILD)/examples/credit_loop_table

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

clean:
	rm -rf $(BUILD)
