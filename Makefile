# Makefile -- build, test and benchmark layoutcheck (GNU make).
#
#   make, make all  bin/layoutcheck, optimised; objects in build/rel/obj/
#   make test       make check-layers, then a sanitized build in build/san/
#                   and tests/run.sh: unit tests (tests/test_*.c),
#                   command-line checks and the YAML corpus
#   make check-layers  refuse a relative #include or an include of a header
#                   from a layer above the includer's (tools/check_layers.sh)
#   make deps       install libyaml, SQLite, json-c, libxml2 and pkg-config
#                   with apt-get when pkg-config cannot find them, clang
#                   with its libFuzzer runtime when there is no clang (about
#                   45 MB to download on Debian 12), for make test's fuzzing;
#                   python3-jsonschema (the schema checks of report --format
#                   json and eval --json) and chromium (the HTML report in a
#                   headless browser; about 120 MB, two minutes on Debian 12)
#                   when missing
#   make man        bin/layoutcheck.1, the manual page, from the help texts (cli/cli_help.c)
#   make install    the program, its manual page and its bash completion
#                   under $(DESTDIR)$(PREFIX) (PREFIX /usr/local)
#   make bench      build bench/*.c against the optimised oracle and run it
#   make fuzz       the nightly run: every property with CONFIG.yaml, into results.db
#   make mutants    build a program per planted bug and check that differential
#                   fuzzing finds each one (tests/mutants.sh), then the same
#                   for bugs planted in pycute (tests/pycute_mutants.sh)
#   make fuzz-parsers  run each libFuzzer target (fuzz/) for FUZZ_SECONDS; exit 1
#                   on a crash, a hang or a request past its time limit
#                   (make test runs each for 3 s where clang is installed)
#   make gpu        bin/layoutcheck-gpu and bin/layoutcheck-bank, the CUDA stages
#                   (gpu/; skipped without nvcc); make gpu-bank the second alone
#   make cute-corpus  regenerate corpus/cute_cpp/ from CuTe C++ (tools/cute_corpus.py,
#                     tools/cute_swizzle_corpus.py, tools/cute_tile_corpus.py,
#                     tools/cute_negative_corpus.py, tools/cute_swizzle_ops_corpus.py,
#                     tools/cute_basis_corpus.py, tools/cute_swfuzz_corpus.py)
#   make cute-tests-corpus  regenerate corpus/cute_tests/ (the cases of CuTe's own
#                   tests, corpus/cute_tests/cases.txt) from CuTe C++ (tools/cute_tests.py)
#   make clean      remove build/ and bin/
#
# The program is built in layers, each folder seeing (-I) only the headers
# of the layers below it, so an upward #include does not compile:
#
#   oracle/      the layout algebra, libc only
#   gen/         generators, the case line, the engine     sees oracle
#   properties/  the checked statements                    sees oracle gen
#   store/       results.db                                sees oracle
#   yaml/        the YAML reader, corpus and conjectures   sees oracle gen properties
#   sut/         a system under test, its protocol, diffs  sees oracle gen
#   lean/        the Lean bridge                           sees oracle gen yaml
#   report/      the report model and its views            sees oracle gen store
#   run/         the application: CONFIG.yaml, the run of  sees all of the above
#                properties and of a system under test,
#                counterexamples (run/run.h lists it)
#   cli/         the commands: options, a call, printing   sees all of them and gpu/
#
# Sources are found by wildcard, per folder; each tests/test_*.c is one
# unit-test binary, linked with the oracle objects and an archive of every
# other object except cli/main.o.

# libxml2 is compiled against (its headers) but not linked: the JUnit view
# loads it on first use (report/report_xml.c), so that the program's many
# short runs do not load it and the ICU and C++ libraries it brings.
PKGS       := yaml-0.1 sqlite3 json-c libxml-2.0
LINKED     := yaml-0.1 sqlite3 json-c
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   := $(shell pkg-config --libs $(LINKED) 2>/dev/null) -lm -ldl
# The program links those libraries' archives where all are installed: a
# start then maps and relocates no shared SQLite, libyaml or json-c (about
# 0.4 ms of each short run); the shared ones otherwise.
BIN_LIBS   := $(if $(strip $(foreach l,yaml sqlite3 json-c,$(if $(wildcard $(shell $(CC) \
              -print-file-name=lib$(l).a)),,$(l)))),$(PKG_LIBS),-Wl,-Bstatic \
              $(shell pkg-config --libs $(LINKED) 2>/dev/null) -Wl,-Bdynamic -lm -ldl)

STD_FLAGS  := -std=c11 -Wall -Wextra -Werror
REL_FLAGS  := -O2 -g
SAN_FLAGS  := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
              -fno-sanitize-recover=all

LAYERS     := gen properties store yaml sut lean report run cli
ORACLE_SRC := $(wildcard oracle/*.c)
MAIN_SRC   := cli/main.c
APP_SRC    := $(filter-out $(MAIN_SRC),$(foreach d,$(LAYERS),$(wildcard $(d)/*.c)))
TEST_SRC   := $(wildcard tests/test_*.c)
BENCH_SRC  := $(wildcard bench/*.c)

# objs(KIND, SOURCES): the object files of SOURCES, under build/KIND/obj/
# (build/KIND/ itself holds the programs).
objs = $(patsubst %.c,build/$(1)/obj/%.o,$(2))

REL_ORACLE := $(call objs,rel,$(ORACLE_SRC))
REL_APP    := $(call objs,rel,$(APP_SRC) $(MAIN_SRC))
REL_BENCH  := $(call objs,rel,$(BENCH_SRC))
SAN_ORACLE := $(call objs,san,$(ORACLE_SRC))
SAN_APP    := $(call objs,san,$(APP_SRC))
SAN_MAIN   := $(call objs,san,$(MAIN_SRC))
SAN_TESTS  := $(patsubst tests/%.c,build/san/tests/%,$(TEST_SRC))

# The folders each folder may include from (the layer table above, kept
# in step with tools/check_layers.sh); tests/, fuzz/ and the mutants see all.
SEES_oracle     :=
SEES_gen        := oracle
SEES_properties := oracle gen
SEES_store      := oracle
SEES_yaml       := oracle gen properties
SEES_sut        := oracle gen
SEES_lean       := oracle gen yaml
SEES_report     := oracle gen store
SEES_run        := oracle gen properties store yaml sut lean report
SEES_cli        := oracle $(LAYERS) gpu
SEES_tests      := $(SEES_cli)
SEES_bench      := oracle
ALL_INC    := $(addprefix -I,$(SEES_cli))

# Per-source flags: the folder itself and the layers below it; the oracle
# is plain C11 on libc, everything else may use POSIX and the packages.
src_dir   = $(firstword $(subst /, ,$<))
src_flags = -I$(src_dir) $(addprefix -I,$(SEES_$(src_dir))) \
            $(if $(filter oracle,$(src_dir)),,-D_POSIX_C_SOURCE=200809L $(PKG_CFLAGS))

.PHONY: all test check-layers deps man install bench fuzz mutants fuzz-parsers clean pkgcheck gpu gpu-bank cute-corpus cute-tests-corpus

# libFuzzer targets (fuzz/fuzz_*.c), each run for FUZZ_SECONDS from its
# seed corpus corpus/fuzz/NAME/ by `make fuzz-parsers`.
FUZZ_TARGETS := $(patsubst fuzz/%.c,%,$(wildcard fuzz/fuzz_*.c))
FUZZ_SECONDS ?= 60
FUZZ_CC      ?= clang
FUZZ_COMMON  := -std=c11 -g -O1 -fno-sanitize-recover=all -D_POSIX_C_SOURCE=200809L $(ALL_INC)
FUZZ_FLAGS   := -fsanitize=fuzzer,address,undefined $(FUZZ_COMMON)
FUZZ_OBJ_FLAGS := -fsanitize=fuzzer-no-link,address,undefined $(FUZZ_COMMON)

# Planted bugs (oracle/*.c, `#ifdef LO_MUTANT_x`), one per mutant program.
MUTANTS := COMPLEMENT_FLOOR COALESCE_SORTS COMPOSE_REST_FLOOR APPLY_LEX DIVIDE_COSIZE \
           FILTER_KEEPS_ZERO STANDARD_KEEPS_ONE PUSHFORWARD_OFF_BY_ONE

all: bin/layoutcheck

bin/layoutcheck: $(REL_ORACLE) $(REL_APP) | pkgcheck
	@mkdir -p $(@D)
	$(CC) $(REL_FLAGS) $^ $(BIN_LIBS) -o $@

# The manual page is printed by the program from its help texts
# (cli/cli_help.c), the same that COMMAND --help prints.
man: bin/layoutcheck.1
bin/layoutcheck.1: bin/layoutcheck
	./bin/layoutcheck help --man >$@.tmp && mv $@.tmp $@

# make install [PREFIX=/usr/local] [DESTDIR=]: the program, its manual page
# and its bash completion (loaded by bash-completion on demand).
PREFIX  ?= /usr/local
BINDIR  := $(PREFIX)/bin
MAN1DIR := $(PREFIX)/share/man/man1
COMPDIR := $(PREFIX)/share/bash-completion/completions
# INSTALL_BIN names another build of the program to install (the test of
# make install installs the sanitized one, build/san/layoutcheck); the
# manual page is printed by the program installed.
INSTALL_BIN ?= bin/layoutcheck
install: $(INSTALL_BIN) completions/layoutcheck.bash
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MAN1DIR) $(DESTDIR)$(COMPDIR)
	install -m 755 $(INSTALL_BIN) $(DESTDIR)$(BINDIR)/layoutcheck
	$(INSTALL_BIN) help --man >$(DESTDIR)$(MAN1DIR)/layoutcheck.1.tmp
	mv $(DESTDIR)$(MAN1DIR)/layoutcheck.1.tmp $(DESTDIR)$(MAN1DIR)/layoutcheck.1
	chmod 644 $(DESTDIR)$(MAN1DIR)/layoutcheck.1
	install -m 644 completions/layoutcheck.bash $(DESTDIR)$(COMPDIR)/layoutcheck

build/rel/obj/%.o: %.c | pkgcheck
	@mkdir -p $(@D)
	$(CC) $(STD_FLAGS) $(REL_FLAGS) $(src_flags) -MMD -MP -c $< -o $@

build/san/obj/%.o: %.c | pkgcheck
	@mkdir -p $(@D)
	$(CC) $(STD_FLAGS) $(SAN_FLAGS) $(src_flags) -MMD -MP -c $< -o $@

# `layoutcheck --version` prints the git revision it was built from, baked
# into cli/main.o; build/git-rev is rewritten (and main.o rebuilt) only when
# the revision changes.  Outside a git checkout main.c says so.
GIT_REV := $(shell git describe --always --dirty 2>/dev/null)
GIT_REV_FILE := $(shell mkdir -p build && [ "$$(cat build/git-rev 2>/dev/null)" = '$(GIT_REV)' ] || \
                  echo '$(GIT_REV)' >build/git-rev)
build/rel/obj/cli/main.o build/san/obj/cli/main.o: build/git-rev
build/rel/obj/cli/main.o build/san/obj/cli/main.o: STD_FLAGS += -DLAYOUTCHECK_REVISION='"$(GIT_REV)"'

# The op names of the oracle's op table in byte order, for its binary
# search (ev_op_index): written from oracle/lo_eval.c by tools/op_index.sh
# whenever that file changes, before any build compiles lo_eval.c.
oracle/lo_eval_index.h: oracle/lo_eval.c tools/op_index.sh
	sh tools/op_index.sh oracle/lo_eval.c >$@.tmp && mv $@.tmp $@
$(foreach k,rel san gpu fuzz,build/$(k)/obj/oracle/lo_eval.o): oracle/lo_eval_index.h

build/san/libapp.a: $(SAN_APP)
	@rm -f $@
	ar rcs $@ $^

build/san/layoutcheck: $(SAN_ORACLE) $(SAN_APP) $(SAN_MAIN) | pkgcheck
	$(CC) $(SAN_FLAGS) $^ $(PKG_LIBS) -o $@

$(SAN_TESTS): build/san/tests/%: build/san/obj/tests/%.o $(SAN_ORACLE) build/san/libapp.a | pkgcheck
	@mkdir -p $(@D)
	$(CC) $(SAN_FLAGS) $< $(SAN_ORACLE) build/san/libapp.a $(PKG_LIBS) -o $@

check-layers:
	sh tools/check_layers.sh

# make test builds with TEST_JOBS jobs and runs the test programs TEST_JOBS
# at a time (tests/run.sh); TEST_JOBS=1 for one at a time.  Three on two
# cores: several programs spend part of their time waiting on the systems
# under test they start (a hang's timeout, a restart), and a third program
# fills those waits (41.6 s with 2, 36.5 s with 3 on two cores).
TEST_JOBS ?= 3
# make test runs each libFuzzer target for a few seconds (tests/run.sh)
# where $(FUZZ_CC) links a libFuzzer program; without it the run is
# reported skipped.  Probed only for the test targets.
ifneq ($(filter test test-build,$(MAKECMDGOALS)),)
FUZZ_OK    := $(shell printf 'int LLVMFuzzerTestOneInput(const char *d, long n) { return 0; }\n' | \
              $(FUZZ_CC) -fsanitize=fuzzer -x c - -o /dev/null >/dev/null 2>&1 && echo yes)
FUZZ_SMOKE := $(if $(FUZZ_OK),$(FUZZ_TARGETS:%=build/fuzz/%))
endif

.PHONY: test-build
test: check-layers
	$(MAKE) -j$(TEST_JOBS) test-build
	TEST_JOBS=$(TEST_JOBS) bash tests/run.sh build/san

test-build: build/san/layoutcheck $(SAN_TESTS) build/mut/COALESCE_SORTS/layoutcheck \
      build/mut/APPLY_LEX/layoutcheck build/mut/DIVIDE_COSIZE/layoutcheck $(FUZZ_SMOKE)


build/rel/bench: $(REL_BENCH) $(REL_ORACLE)
	$(CC) $(REL_FLAGS) $^ -o $@

ifeq ($(BENCH_SRC),)
bench:
	@echo "bench: there is no bench/*.c yet; nothing to run"
else
bench: build/rel/bench
	./build/rel/bench
endif

fuzz: bin/layoutcheck
	./bin/layoutcheck fuzz --config CONFIG.yaml

# corpus/cute_cpp/: CuTe C++'s own answers, asked through adapters/cute_cpp/
# (needs g++ and the CUTLASS headers; CUTLASS_DIR, default
# ../shared/third_party/cutlass/include).  make test only reads the result.
cute-corpus: bin/layoutcheck
	python3 tools/cute_corpus.py
	python3 tools/cute_swizzle_corpus.py
	python3 tools/cute_tile_corpus.py
	python3 tools/cute_negative_corpus.py
	python3 tools/cute_swizzle_ops_corpus.py
	python3 tools/cute_basis_corpus.py
	python3 tools/cute_swfuzz_corpus.py

# The pending marks are set by what bin/layoutcheck answers, so it is built first.
cute-tests-corpus: bin/layoutcheck
	python3 tools/cute_tests.py

# The GPU stage: bin/layoutcheck-gpu, a standalone CUDA program (gpu/*.cu,
# one object each, so -j builds them in parallel) linked with the oracle
# and the generators only (no SQLite, no libyaml), compiled as C by $(CC).
# Its CuTe path needs the CUTLASS headers in CUTLASS_DIR (included as system
# headers; the program's own host code builds with -Werror).  `make gpu`
# skips it with a message without nvcc or without CUTLASS.
NVCC       ?= $(or $(shell command -v nvcc 2>/dev/null),$(wildcard /usr/local/cuda/bin/nvcc),nvcc)
CUTLASS_DIR ?= ../shared/third_party/cutlass/include
NVCC_ARCH  := -gencode arch=compute_90,code=sm_90 -gencode arch=compute_80,code=sm_80 \
              -gencode arch=compute_90,code=compute_90
NVCC_FLAGS := -O2 -std=c++17 -Xcompiler -Wall,-Wextra,-Werror -Werror all-warnings \
              -isystem $(CUTLASS_DIR) $(NVCC_ARCH)
GPU_OBJ    := $(call objs,gpu,$(ORACLE_SRC) gen/choice.c gen/generators.c $(wildcard gen/gen_*.c))
GPU_CU_OBJ := $(patsubst gpu/%.cu,build/gpu/obj/gpu/%.o,$(wildcard gpu/*.cu))
GPU_HDR    := $(wildcard gpu/*.h gpu/*.cuh) oracle/lo.h gen/gen.h

gpu:
	@if ! command -v $(NVCC) >/dev/null 2>&1; then \
	  echo "gpu: nvcc not found (install the CUDA toolkit); skipping bin/layoutcheck-gpu and bin/layoutcheck-bank"; \
	elif [ ! -f $(CUTLASS_DIR)/cute/tensor.hpp ]; then \
	  echo "gpu: CUTLASS headers not found in $(CUTLASS_DIR) (set CUTLASS_DIR); skipping bin/layoutcheck-gpu and bin/layoutcheck-bank"; \
	else $(MAKE) --no-print-directory bin/layoutcheck-gpu bin/layoutcheck-bank; fi

# The bank-conflict stage alone: bin/layoutcheck-bank (gpu/bank/, gpu/gpu_bank.h),
# one CUDA source linked with the oracle; skipped as `make gpu` is.
gpu-bank:
	@if ! command -v $(NVCC) >/dev/null 2>&1; then \
	  echo "gpu-bank: nvcc not found (install the CUDA toolkit); skipping bin/layoutcheck-bank"; \
	elif [ ! -f $(CUTLASS_DIR)/cute/tensor.hpp ]; then \
	  echo "gpu-bank: CUTLASS headers not found in $(CUTLASS_DIR) (set CUTLASS_DIR); skipping bin/layoutcheck-bank"; \
	else $(MAKE) --no-print-directory bin/layoutcheck-bank; fi

bin/layoutcheck-bank: build/gpu/obj/gpu/bank/layoutcheck_bank.o $(call objs,gpu,$(ORACLE_SRC))
	@mkdir -p $(@D)
	$(NVCC) $(NVCC_ARCH) $^ -o $@

bin/layoutcheck-gpu: $(GPU_CU_OBJ) $(GPU_OBJ)
	@mkdir -p $(@D)
	$(NVCC) $(NVCC_ARCH) $^ -lpthread -o $@

build/gpu/obj/gpu/%.o: gpu/%.cu $(GPU_HDR)
	@mkdir -p $(@D)
	$(NVCC) $(NVCC_FLAGS) -Ioracle -Igen -Igpu -c $< -o $@

build/gpu/obj/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(STD_FLAGS) $(REL_FLAGS) -Ioracle -Igen -D_POSIX_C_SOURCE=200809L -MMD -MP -c $< -o $@

-include $(GPU_OBJ:.o=.d)

# A mutant: the whole program built with one planted bug, at -O0 because
# make test builds three of them and runs each for a moment.  Only the
# oracle's sources plant bugs, so the rest is compiled once, one object per
# source in build/mut/obj/, and shared by every mutant; each mutant
# compiles the oracle with its -DLO_MUTANT_x.
MUT_FLAGS := $(STD_FLAGS) -O0 $(ALL_INC) -D_POSIX_C_SOURCE=200809L $(PKG_CFLAGS)
MUT_APP   := $(call objs,mut,$(APP_SRC) $(MAIN_SRC))

build/mut/obj/%.o: %.c | pkgcheck
	@mkdir -p $(@D)
	$(CC) $(MUT_FLAGS) -MMD -MP -c $< -o $@

build/mut/%/layoutcheck: $(ORACLE_SRC) oracle/lo_eval_index.h $(MUT_APP) | pkgcheck
	@mkdir -p $(@D)
	$(CC) $(MUT_FLAGS) -DLO_MUTANT_$* $(filter-out %.h,$^) $(PKG_LIBS) -o $@

-include $(MUT_APP:.o=.d)

mutants: bin/layoutcheck $(MUTANTS:%=build/mut/%/layoutcheck)
	bash tests/mutants.sh bin/layoutcheck $(MUTANTS)
	bash tests/pycute_mutants.sh bin/layoutcheck

# One libFuzzer binary per target, linked with everything but main: the
# sources are compiled once (build/fuzz/obj/, instrumented for the fuzzer
# but without its main), and each target links them.
FUZZ_OBJ := $(patsubst %.c,build/fuzz/obj/%.o,$(ORACLE_SRC) $(APP_SRC))
build/fuzz/obj/%.o: %.c | pkgcheck
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_OBJ_FLAGS) $(PKG_CFLAGS) -MMD -MP -c $< -o $@
build/fuzz/%: fuzz/%.c fuzz/fuzz_clock.h $(FUZZ_OBJ) | pkgcheck
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_FLAGS) $(PKG_CFLAGS) $< $(FUZZ_OBJ) $(PKG_LIBS) -o $@
-include $(FUZZ_OBJ:.o=.d)

fuzz-parsers: $(FUZZ_TARGETS:%=build/fuzz/%)
	bash tests/fuzz_parsers.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

deps:
	@command -v pkg-config >/dev/null 2>&1 && pkg-config --exists $(PKGS) || \
	  sh tools/apt-install libsqlite3-dev libyaml-dev libjson-c-dev libxml2-dev pkg-config
	@command -v $(FUZZ_CC) >/dev/null 2>&1 || sh tools/apt-install clang libclang-rt-dev || \
	  echo "deps: clang was not installed: make test reports the parser fuzzing skipped"
	@python3 -c 'import jsonschema' 2>/dev/null || sh tools/apt-install python3-jsonschema || \
	  echo "deps: python3-jsonschema was not installed: the schema checks validate alone or report skipped"
	@command -v chromium >/dev/null 2>&1 || sh tools/apt-install chromium || \
	  echo "deps: chromium was not installed: make test reports the browser check skipped"

pkgcheck:
	@pkg-config --exists $(PKGS) 2>/dev/null || \
	  { echo "pkg-config cannot find $(PKGS): run 'make deps'" >&2; exit 1; }

clean:
	rm -rf build bin

-include $(patsubst %.o,%.d,$(REL_ORACLE) $(REL_APP) $(REL_BENCH) $(SAN_ORACLE) $(SAN_APP) \
                            $(SAN_MAIN) $(call objs,san,$(TEST_SRC)))

# The oracle beside pycute and CuTe C++ on the same generated inputs
# (bench/peers/run.py): figures only, never part of `make test`.  A part
# whose peer (pycute, g++, the CUTLASS headers) is absent says "skipped: ...".
.PHONY: bench-peers
bench-peers: bin/layoutcheck $(REL_ORACLE)
	@if command -v python3 >/dev/null 2>&1; then \
	  python3 bench/peers/run.py --cc "$(CC)" --oracle-objs "$(REL_ORACLE)"; \
	else echo "bench-peers: skipped: python3 not found"; fi
