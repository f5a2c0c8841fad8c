# Thin front door over CMake. `make run` builds and runs the demo, `make test`
# builds with sanitizers and runs every test, `make bench` runs the
# benchmarks. Missing Debian packages are installed with apt-get when run as
# root; otherwise the exact apt-get line is printed.

SHARED   ?= $(abspath ../shared)
JOBS     ?= $(shell nproc 2>/dev/null || echo 2)
PREFIX   ?= /usr/local
BUILD    := build
CMAKE_COMMON := -DWF_SHARED_DIR=$(SHARED)

BUILD_PKGS := cmake make gcc pkg-config libpng-dev
TEST_PKGS  := $(BUILD_PKGS) libcmocka-dev clang
BENCH_PKGS := $(BUILD_PKGS) libtcod-dev

.PHONY: all run test bench install clean deps-build deps-test deps-bench

all: $(BUILD)/release/wayfind

# $(call need,packages): install what dpkg says is missing.
define need
	@missing=""; for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing:$$missing"; \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null) || \
	      { echo "apt-get install$$missing failed" >&2; exit 1; }; \
	  else \
	    echo "missing packages; run: sudo apt-get install -y$$missing" >&2; exit 1; \
	  fi; \
	fi
endef

deps-build:
	$(call need,$(BUILD_PKGS))
deps-test:
	$(call need,$(TEST_PKGS))
deps-bench:
	$(call need,$(BENCH_PKGS))

$(BUILD)/release/wayfind: deps-build FORCE
	cmake -S . -B $(BUILD)/release -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF \
	  -DCMAKE_INSTALL_PREFIX=$(PREFIX) \
	  -DWF_BUILD_BENCH=OFF $(CMAKE_COMMON) >/dev/null
	cmake --build $(BUILD)/release -j $(JOBS) --target wayfind_cli

run: $(BUILD)/release/wayfind
	./$(BUILD)/release/wayfind demo --png $(BUILD)/wayfind-demo.png

# The test build: gcc, -Werror, ASan+UBSan. A clang build of the program is
# made first so that a test can check both compilers give the same paths.
test: deps-test
	cmake -S . -B $(BUILD)/clang -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Release \
	  -DBUILD_TESTING=OFF -DWF_BUILD_BENCH=OFF -DWF_WERROR=ON $(CMAKE_COMMON) >/dev/null
	cmake --build $(BUILD)/clang -j $(JOBS) --target wayfind_cli
	cmake -S . -B $(BUILD)/test -DCMAKE_C_COMPILER=gcc -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DWF_SANITIZE=ON -DWF_WERROR=ON -DWF_BUILD_BENCH=OFF \
	  -DWF_PEER_CLI=$(abspath $(BUILD)/clang/wayfind) $(CMAKE_COMMON) >/dev/null
	cmake --build $(BUILD)/test -j $(JOBS)
	cd $(BUILD)/test && ctest --output-on-failure -j $(JOBS)

bench: deps-bench
	cmake -S . -B $(BUILD)/bench -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF \
	  -DWF_BUILD_BENCH=ON $(CMAKE_COMMON) >/dev/null
	cmake --build $(BUILD)/bench -j $(JOBS)
	./$(BUILD)/bench/bench/wf_bench_movingai --json $(BUILD)/bench/movingai.json $(SHARED)/movingai
	./$(BUILD)/bench/bench/wf_bench_fields $(SHARED)/movingai

install: $(BUILD)/release/wayfind
	cmake --build $(BUILD)/release -j $(JOBS)
	cmake --install $(BUILD)/release --prefix $(PREFIX)

clean:
	rm -rf $(BUILD)

FORCE:
