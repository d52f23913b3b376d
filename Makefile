# burn-captions: `make demo` and `make test` install what is missing, build, and run.
SWIFT ?= swift
export PATH := $(PATH):/opt/swift/usr/bin
BIN := .build/release/burn-captions
# The Swift runtime linked in (a self-contained binary, and 6 MiB less resident than the
# shared libraries), with lld: docs/PERFORMANCE.md.
RELEASE := -c release --static-swift-stdlib -Xswiftc -use-ld=lld
DEMO_OUTPUT := out/demo.mp4

.PHONY: setup build install uninstall deb test-deb demo test test-asan goldens bench bench-live bench-split bench-layout cut-scores look-pictures fuzz image test-image test-farm clean

setup:
	@bash scripts/setup.sh

build: setup
	$(SWIFT) build $(RELEASE) --product burn-captions

# Installs the binary, PREFIX/share/burn-captions, the manual page and the bash and zsh
# completions (scripts/install.sh, docs/INSTALL.md); uninstall removes exactly those.
PREFIX ?= /usr/local
DESTDIR ?=
install: build
	bash scripts/install.sh install $(BIN) "$(DESTDIR)" "$(PREFIX)"

uninstall:
	bash scripts/install.sh uninstall "$(DESTDIR)" "$(PREFIX)"

# The Debian package (.build/deb/burn-captions_VERSION_amd64.deb; lintian must find no
# error), and the package installed with apt in a clean root made by mmdebstrap.
deb: build
	@bash scripts/setup.sh --deb-tools
	bash scripts/deb.sh $(BIN)

test-deb: deb
	bash scripts/test-deb.sh $(BIN)

demo: build
	@mkdir -p out
	$(BIN) Samples/talk.mp4 --captions Samples/talk.json --preset tiktok -o $(DEMO_OUTPUT)

# The XCTest classes, the review page's browser test, the cut corpus's quick run
# (scripts/test-cuts.py --quick) and the live stream's (scripts/test-live.py --quick) side by
# side, one job per core
# (scripts/run-tests.py; TESTS=REGEX runs only the classes with a matching test). The test
# bundle is built in a scratch path of its own with the library targets optimized and the
# test targets not (BURN_CAPTIONS_OPTIMIZE, Package.swift); .build/debug stays `swift build`'s.
# The tests run the tool built with the bundle (the same optimized code, linked to the
# shared Swift runtime), so a fresh machine builds the code once, not a release build too.
TESTS ?=
TEST_BUILD := --build-tests --scratch-path .build/test
TEST_BIN := .build/test/debug/burn-captions
test: setup
	BURN_CAPTIONS_OPTIMIZE=1 $(SWIFT) build $(TEST_BUILD)
	BURN_CAPTIONS_BIN=$(abspath $(TEST_BIN)) python3 scripts/run-tests.py .build/test/debug/burn-captionsPackageTests.xctest \
		$(if $(TESTS),--filter '$(TESTS)',--also 'python3 scripts/test-review.py' --also 'python3 scripts/test-speech-scores.py' --also 'python3 scripts/test-cuts.py --quick' --beside 'python3 scripts/test-live.py --quick' --beside PipelineTests.LiveCommandTests --also 'python3 Recognizer/burn_streaming.py --self-test')

# The worker image from Debian packages alone (mmdebstrap; imported into podman where it
# runs): .build/image/rootfs and .build/image/burn-captions.tar. docs/RENDER-FARM.md.
image: deb
	@bash scripts/setup.sh --image-tools
	bash scripts/image.sh

# The image runs a batch (one job with "captions": "auto", recognized by the image's own engine
# and model with no network), sets Japanese, Arabic and emoji in the right faces and draws the
# development machine's pixels (podman, else chroot into the root file system).
test-image: image
	python3 scripts/test-image.py

# The Slurm array script of docs/RENDER-FARM.md on a real one-node Slurm (munge, slurmctld,
# slurmd; farm/slurm.conf.in): all done, all skipped on a rerun, a cancelled task finished
# by a rerun (about 3 minutes; needs root).
test-farm: build
	@bash scripts/setup.sh --farm-tools
	python3 scripts/test-farm.py

# The test suite and the binary it runs, built with AddressSanitizer (memory errors abort
# the test; leaks of the C libraries' caches are not counted). Its own scratch path; the
# classes run side by side as in `make test`.
ASAN_BUILD := .build/asan
test-asan: setup
	$(SWIFT) build --build-tests --sanitize=address --scratch-path $(ASAN_BUILD)
	ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 BURN_CAPTIONS_BIN=$(abspath $(ASAN_BUILD))/debug/burn-captions \
		python3 scripts/run-tests.py $(ASAN_BUILD)/debug/burn-captionsPackageTests.xctest $(if $(TESTS),--filter '$(TESTS)')

# Re-records the layout text goldens and the golden images (the run fails by design: review
# the changed files with git diff, then commit them).
goldens: setup
	-RECORD_GOLDENS=1 $(SWIFT) test --disable-swift-testing --filter 'LayoutGoldenTests|Golden\.'
	@echo "goldens recorded: review 'git diff Tests/' and commit"

# burn-captions against plain FFmpeg and FFmpeg+libass on a 60 s clip made under
# .build/bench/, and layout and raster per caption; writes docs/PERFORMANCE.md (~25 min).
bench: build
	@bash scripts/setup.sh --sample-tools --bench-tools
	$(SWIFT) build $(RELEASE) --product LayoutBench
	python3 scripts/bench.py --write docs/PERFORMANCE.md
	$(MAKE) bench-live

# live --captions auto on 10 minutes of speech at 720p30 with x264 beside it (issue 61): the
# caption lag must not grow (slope under 0.1 s per 10 minutes), within the 2 cores, no frame
# dropped (docs/LIVE.md; about 12 minutes, the first run makes the source).
bench-live: build
	@bash scripts/setup.sh --sample-tools
	python3 scripts/test-live.py --auto tiny.en --minutes 10 --bin $(abspath $(BIN))

# The cut planner and the cut render (issue 60) on make-takes.py's corpus of raw takes: every
# clip, clean, under noise and over music, with real recognition (--captions auto) instead of
# the truth's words; prints the scores and fails below the thresholds (docs/TESTING.md).
cut-scores: build
	BURN_CAPTIONS_BIN=$(abspath $(BIN)) python3 scripts/test-cuts.py --captions auto

# The looks on the sample at 1.4 s ("that" spoken): every look on one sheet for README.md
# (looks --sheet), and each look's picture for docs/PRESETS-AND-LOOKS.md, the caption's band
# of a still cropped and halved, in docs/looks/.
LOOKS := classic highlight box pop reveal karaoke bold yellowbox minimal popin duo capsbox neon rise
look-pictures: build
	@mkdir -p docs/looks out
	$(BIN) looks --sheet docs/looks.png Samples/talk.mp4 --captions Samples/talk.json --at 1.4 $(foreach look,$(LOOKS),--look $(look))
	@for look in $(LOOKS); do \
	  $(BIN) still Samples/talk.mp4 --captions Samples/talk.json --look $$look --at 1.4 -o out/look-$$look.png -q && \
	  ffmpeg -nostdin -y -v error -i out/look-$$look.png -vf crop=760:160:124:1072,scale=380:-1 docs/looks/$$look.png || exit 1; \
	done; ls -l docs/looks.png docs/looks

# A split render (plan --segments N, the parts alone and at once, join) against one render,
# for 1, 2 and 4 segments, with a projection for N nodes (docs/RENDER-FARM.md, "Speed").
bench-split: build
	@bash scripts/setup.sh --sample-tools
	python3 scripts/bench-split.py --write docs/RENDER-FARM.md

bench-layout: setup
	$(SWIFT) build $(RELEASE) --product LayoutBench
	.build/release/LayoutBench

# libFuzzer on the SRT, WebVTT and JSON readers, layout, the review server, the recognizer's
# output and the transcript cache (docs/TESTING.md): an
# instrumented build of its own under .build/fuzz, then each target for FUZZ_SECONDS, or
# until FUZZ_RUNS inputs when that is set. `make fuzz FUZZ_SECONDS=600 FUZZ_TARGETS=layout`
# runs one target longer; `make fuzz FUZZ_SECONDS=3600 FUZZ_RUNS=1000000`, a million each.
FUZZ_SECONDS ?= 120
FUZZ_RUNS ?=
FUZZ_TARGETS ?= srt webvtt json layout range review recognizer cache
FUZZ_BUILD := -c release --scratch-path .build/fuzz -Xswiftc -use-ld=lld -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING

fuzz: setup
	$(SWIFT) build $(FUZZ_BUILD) --product Fuzz
	FUZZ_RUNS=$(FUZZ_RUNS) bash scripts/fuzz.sh .build/fuzz/release/Fuzz $(FUZZ_SECONDS) $(FUZZ_TARGETS)

clean:
	rm -rf .build out
