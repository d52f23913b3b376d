# burn-captions: `make demo` and `make test` install what is missing, build, and run.
SWIFT ?= swift
export PATH := $(PATH):/opt/swift/usr/bin
BIN := .build/release/burn-captions
DEMO_OUTPUT := out/demo.mp4

.PHONY: setup build demo test goldens bench-layout clean

setup:
	@bash scripts/setup.sh

build: setup
	$(SWIFT) build -c release --product burn-captions

demo: build
	@mkdir -p out
	$(BIN) Samples/talk.mp4 --captions Samples/talk.json --preset tiktok -o $(DEMO_OUTPUT)

test: build
	BURN_CAPTIONS_BIN=$(abspath $(BIN)) $(SWIFT) test --disable-swift-testing

# Re-records the layout text goldens and the golden images (the run fails by design: review
# the changed files with git diff, then commit them).
goldens: setup
	-RECORD_GOLDENS=1 $(SWIFT) test --disable-swift-testing --filter 'LayoutGoldenTests|Golden\.'
	@echo "goldens recorded: review 'git diff Tests/' and commit"

bench-layout: setup
	$(SWIFT) build -c release --product LayoutBench
	.build/release/LayoutBench

clean:
	rm -rf .build out
