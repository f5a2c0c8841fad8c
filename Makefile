# Thin front door over CMake. `make run` builds and runs the demo, `make test`
# builds with sanitizers and runs every test, `make bench` runs the
# benchmarks, `make soak` the million-query soak of the thread pool. Missing Debian packages are installed with apt-get when run as
# root; otherwise the exact apt-get line is printed.

SHARED   ?= $(abspath ../shared)
JOBS     ?= $(shell nproc 2>/dev/null || echo 2)
PREFIX   ?= /usr/local
BUILD    := build
CMAKE_COMMON := -DWF_SHARED_DIR=$(SHARED)
# RVO2 (built outside wayfind) for the crowd bench: a driver taking
# "N MAX_STEPS [circle|crossing]" (bench/crowd.c says what it prints).
RVO2     ?= ../peers/rvo2/drive

BUILD_PKGS := cmake make gcc pkg-config libpng-dev libcjson-dev
# The Python package is built for Debian's interpreter (python3 on PATH
# may be another one that does not see Debian's numpy): into the venv
# $(VENV), made with --system-site-packages so that it sees them.
PYTHON     ?= /usr/bin/python3
VENV       := $(BUILD)/venv
PYTHON_PKGS := python3-dev python3-numpy python3-pytest python3-setuptools \
               python3-venv python3-pip
WEB_PKGS   := emscripten chromium
TEST_PKGS  := $(BUILD_PKGS) libcmocka-dev clang g++ man-db $(PYTHON_PKGS) $(WEB_PKGS)
BENCH_PKGS := $(BUILD_PKGS) libtcod-dev
VALGRIND_PKGS := $(TEST_PKGS) valgrind

# make fuzz: each libFuzzer target runs FUZZ_SECONDS or FUZZ_RUNS inputs,
# whichever comes first (FUZZ_SECONDS=600 FUZZ_RUNS=10000000 for the
# issue's runs); new inputs go to $(FUZZ_BUILD)/corpus, crashes to
# .../artifacts.
FUZZ_SECONDS ?= 60
FUZZ_RUNS    ?= -1
FUZZ_BUILD   ?= $(BUILD)/fuzz
FUZZ_PARSERS := movingai_map scen ascii_map csv_map legend graph edits cli prep hierarchy tiled outlines mesh

.PHONY: all run test bench install clean deps-build deps-test deps-bench \
        deps-python python deps-web web playground fuzz check-valgrind deps-valgrind check-tsan check-nopng soak

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
deps-python:
	$(call need,$(BUILD_PKGS) $(PYTHON_PKGS))

deps-web:
	$(call need,$(WEB_PKGS))

# The browser playground (web/) into $(BUILD)/web: the library and
# web/playground.c compiled by Debian's emscripten into one wayfind.js (the
# wasm inside it, so index.html also works from file://), beside the page.
# NODE_PATH: emcc's optimiser needs Debian's node modules (see
# ../shared/docs/TOOLCHAIN.md). No libpng in the browser: png_none.c; no
# cJSON either: tiled_none.c in place of the Tiled reader.
WEB_TILED := $(filter-out src/io/tiled_none.c,$(wildcard src/io/tiled*.c))
WEB_PNG := $(addprefix src/render/,png.c png_legend.c png_write.c png_mesh.c)
WEB_SRC := $(filter-out $(WEB_PNG) $(WEB_TILED), \
             $(sort $(wildcard src/core/*/*.c src/field/*.c src/plan/*.c src/steer/*.c src/gen/*.c \
                               src/io/*.c src/render/*.c)))
WEB_PORT ?= 8642
web: deps-web
	@mkdir -p $(BUILD)/web
	NODE_PATH=/usr/share/nodejs emcc -O2 -std=gnu11 -ffp-contract=off -Wall -Werror \
	  -Iinclude -Isrc/private -Isrc/core -Isrc/core/graph -Isrc/core/search \
	  web/playground.c $(WEB_SRC) \
	  -sSINGLE_FILE=1 -sENVIRONMENT=web -sMODULARIZE=1 -sEXPORT_NAME=createWayfind \
	  -sALLOW_MEMORY_GROWTH=1 -sEXPORTED_FUNCTIONS=_malloc,_free \
	  -sEXPORTED_RUNTIME_METHODS=cwrap,HEAPU8,HEAP32,HEAPF32 -o $(BUILD)/web/wayfind.js
	cp web/index.html web/app.js web/style.css $(BUILD)/web/

# Serves the playground on 127.0.0.1 until interrupted.
playground: web
	@echo "wayfind playground: http://127.0.0.1:$(WEB_PORT)/index.html"
	$(PYTHON) -m http.server --bind 127.0.0.1 -d $(BUILD)/web $(WEB_PORT)

# The Python package (bindings/python) into $(VENV): afterwards
# $(VENV)/bin/python has `import wayfind`. Offline: Debian's setuptools
# and numpy, no package index.
python: deps-python
	$(PYTHON) -m venv --system-site-packages $(VENV)
	$(VENV)/bin/pip install -q --no-build-isolation --no-index ./bindings/python
deps-valgrind:
	$(call need,$(VALGRIND_PKGS))

$(BUILD)/release/wayfind: deps-build FORCE
	cmake -S . -B $(BUILD)/release -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF \
	  -DCMAKE_INSTALL_PREFIX=$(PREFIX) \
	  -DWF_BUILD_BENCH=OFF $(CMAKE_COMMON) >/dev/null
	cmake --build $(BUILD)/release -j $(JOBS) --target wayfind_cli

run: $(BUILD)/release/wayfind
	./$(BUILD)/release/wayfind demo --png $(BUILD)/wayfind-demo.png

# The test build: gcc, -Werror, ASan+UBSan. A clang build of the program is
# made first so that a test can check both compilers give the same paths.
test: deps-test python web
	cmake -S . -B $(BUILD)/clang -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Release \
	  -DBUILD_TESTING=OFF -DWF_BUILD_BENCH=OFF -DWF_WERROR=ON $(CMAKE_COMMON) >/dev/null
	cmake --build $(BUILD)/clang -j $(JOBS) --target wayfind_cli
	cmake -S . -B $(BUILD)/test -DCMAKE_C_COMPILER=gcc -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DWF_SANITIZE=ON -DWF_WERROR=ON -DWF_BUILD_BENCH=OFF \
	  -DWF_PEER_CLI=$(abspath $(BUILD)/clang/wayfind) \
	  -DWF_PYTHON=$(abspath $(VENV)/bin/python) -DWF_WEB_DIR=$(abspath $(BUILD)/web) \
	  $(CMAKE_COMMON) >/dev/null
	cmake --build $(BUILD)/test -j $(JOBS)
	cd $(BUILD)/test && ctest --output-on-failure -j $(JOBS)

bench: deps-bench
	cmake -S . -B $(BUILD)/bench -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF \
	  -DWF_BUILD_BENCH=ON $(CMAKE_COMMON) >/dev/null
	cmake --build $(BUILD)/bench -j $(JOBS)
	./$(BUILD)/bench/bench/wf_bench_movingai --json $(BUILD)/bench/movingai.json $(SHARED)/movingai
	./$(BUILD)/bench/bench/wf_bench_fields $(SHARED)/movingai
	./$(BUILD)/bench/bench/wf_bench_gameloop $(SHARED)/movingai
	./$(BUILD)/bench/bench/wf_bench_any_angle $(SHARED)/movingai
	./$(BUILD)/bench/bench/wf_bench_mesh $(SHARED)/movingai
	./$(BUILD)/bench/bench/wf_bench_mesh_tiles $(SHARED)/movingai
	./$(BUILD)/bench/bench/wf_bench_mesh_obstacles
	./$(BUILD)/bench/bench/wf_bench_clearance $(SHARED)/movingai
	./$(BUILD)/bench/bench/wf_bench_replan $(SHARED)/movingai
	./$(BUILD)/bench/bench/wf_bench_conn
	./$(BUILD)/bench/bench/wf_bench_team $(SHARED)/movingai
	./$(BUILD)/bench/bench/wf_bench_cpd $(SHARED)/movingai
	./$(BUILD)/bench/bench/wf_bench_weighted $(SHARED)/movingai
	./$(BUILD)/bench/bench/wf_bench_crowd $(SHARED)/movingai \
	  $$([ -x $(RVO2) ] && echo --rvo2 $(abspath $(RVO2)))

# The soak (tests/soak/soak.c) at full length, in a Release build without
# sanitizers: SOAK_QUERIES pool queries on SOAK_THREADS threads on a
# 512x512 Moving AI map, with sliced searches and walkers between the
# calls, answers sampled against a fresh search, memory sampled every
# 100,000 queries. `make test` runs a 10,000-query version (soak_short).
SOAK_QUERIES ?= 1000000
SOAK_THREADS ?= 2
soak: deps-test
	cmake -S . -B $(BUILD)/soak -DCMAKE_BUILD_TYPE=Release -DWF_WERROR=ON \
	  -DWF_BUILD_BENCH=OFF $(CMAKE_COMMON) >/dev/null
	cmake --build $(BUILD)/soak -j $(JOBS) --target wf_soak
	./$(BUILD)/soak/tests/wf_soak --queries $(SOAK_QUERIES) --threads $(SOAK_THREADS)

# libFuzzer targets (fuzz/), clang with ASan+UBSan, the library instrumented
# too. The committed seeds in fuzz/corpus/<parser> are read, never written.
# The CLI target's rejected values print a line each: its stderr is closed
# (sanitizer reports still go to libFuzzer's own copy of it).
fuzz: deps-test
	cmake -S . -B $(FUZZ_BUILD) -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DBUILD_TESTING=OFF -DWF_BUILD_BENCH=OFF -DWF_WERROR=ON -DWF_FUZZ=ON \
	  $(CMAKE_COMMON) >/dev/null
	cmake --build $(FUZZ_BUILD) -j $(JOBS) --target fuzzers
	@mkdir -p $(FUZZ_BUILD)/artifacts
	@for p in $(FUZZ_PARSERS); do \
	  mkdir -p $(FUZZ_BUILD)/corpus/$$p; \
	  echo "== fuzz_$$p: $(FUZZ_SECONDS) s"; \
	  $(FUZZ_BUILD)/fuzz/fuzz_$$p -max_total_time=$(FUZZ_SECONDS) -runs=$(FUZZ_RUNS) -timeout=10 \
	    -print_final_stats=1 $$([ $$p = cli ] && echo -close_fd_mask=2) \
	    -artifact_prefix=$(abspath $(FUZZ_BUILD))/artifacts/$$p- \
	    $(FUZZ_BUILD)/corpus/$$p fuzz/corpus/$$p || exit 1; \
	done

# Every CTest under valgrind memcheck, in a Debug build without sanitizers
# (WF_VALGRIND: tests/valgrind/run.sh wraps each test's command). Every
# process a test starts writes its own report to
# $(BUILD)/valgrind/valgrind-logs/TEST.PID.log, and any error or leak in
# any of them fails that test. The determinism test gets its clang peer,
# and the huge-grid test a 2048 x 2048 grid (WF_TEST_HUGE_SIDE) instead of
# 16384 x 16384, which valgrind takes minutes to touch, the soak 1,000
# queries (WF_SOAK_QUERIES) instead of 10,000, and the scenario test every
# 200th scenario of each file (WF_TEST_SCEN_EVERY) instead of every 40th,
# and the any-angle, smoothing and pool tests a quarter of their random
# maps, scenarios and calls (WF_TEST_REDUCE).
check-valgrind: deps-valgrind
	cmake -S . -B $(BUILD)/clang -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Release \
	  -DBUILD_TESTING=OFF -DWF_BUILD_BENCH=OFF -DWF_WERROR=ON $(CMAKE_COMMON) >/dev/null
	cmake --build $(BUILD)/clang -j $(JOBS) --target wayfind_cli
	cmake -S . -B $(BUILD)/valgrind -DCMAKE_C_COMPILER=gcc -DCMAKE_BUILD_TYPE=Debug \
	  -DWF_WERROR=ON -DWF_BUILD_BENCH=OFF -DWF_VALGRIND=ON \
	  -DWF_PEER_CLI=$(abspath $(BUILD)/clang/wayfind) $(CMAKE_COMMON) >/dev/null
	cmake --build $(BUILD)/valgrind -j $(JOBS)
	rm -rf $(BUILD)/valgrind/valgrind-logs
	cd $(BUILD)/valgrind && WF_TEST_HUGE_SIDE=2048 WF_SOAK_QUERIES=1000 WF_TEST_SCEN_EVERY=200 WF_TEST_REDUCE=4 ctest --output-on-failure -j $(JOBS)
	@cd $(BUILD)/valgrind/valgrind-logs && \
	  echo "valgrind: $$(ls | wc -l) process reports from $$(ls | sed 's/\.[0-9]*\.log$$//' | sort -u | wc -l) tests," \
	    "$$(cat * | grep -c 'ERROR SUMMARY: 0 errors') error summaries, all 0 errors and no leaks"

# The threaded code under ThreadSanitizer (gcc): the persistent pool and the
# one-shot batches on it (test_core_pool, test_core_batch), the example's
# pool calls (example_game_loop), the CLI's scen --threads (cli_test_scen),
# the crowd's passes on the pool (test_steer) and a brief soak (soak_short,
# 20,000 queries).
TSAN_TESTS := ^(test_core_batch|test_core_pool|example_game_loop|cli_test_scen|test_steer|soak_short)$$
check-tsan: deps-test
	cmake -S . -B $(BUILD)/tsan -DCMAKE_C_COMPILER=gcc -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DWF_TSAN=ON -DWF_WERROR=ON -DWF_BUILD_BENCH=OFF $(CMAKE_COMMON) >/dev/null
	cmake --build $(BUILD)/tsan -j $(JOBS) --target test_core_batch test_core_pool \
	  test_steer game_loop wayfind_cli wf_soak
	cd $(BUILD)/tsan && TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
	  WF_SOAK_QUERIES=20000 ctest --output-on-failure -j $(JOBS) -R '$(TSAN_TESTS)'

# A build without libpng (WF_WITH_PNG=OFF) and its tests: the PNG ones are
# not built or skip, test_nopng.sh checks the CLI's --png errors.
check-nopng: deps-test
	cmake -S . -B $(BUILD)/nopng -DCMAKE_C_COMPILER=gcc -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DWF_WITH_PNG=OFF -DWF_WERROR=ON -DWF_BUILD_BENCH=OFF $(CMAKE_COMMON) >/dev/null
	cmake --build $(BUILD)/nopng -j $(JOBS)
	cd $(BUILD)/nopng && ctest --output-on-failure -j $(JOBS)

install: $(BUILD)/release/wayfind
	cmake --build $(BUILD)/release -j $(JOBS)
	cmake --install $(BUILD)/release --prefix $(PREFIX)

clean:
	rm -rf $(BUILD)

FORCE:
