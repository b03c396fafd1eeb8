# nytreader — build, run, test, benchmark and install.
SWIFT ?= swift
PREFIX ?= /usr/local
# libchafa, libjpeg-turbo and libpng draw article pictures (TerminalPictures); their headers are needed to
# build only: the program loads the libraries on the first picture (dlopen), its binary names none of them.
# libchafa's headers include GLib's.
DEB_PACKAGES := libncurses-dev libsqlite3-dev tmux libcurl4-openssl-dev openssl \
	libchafa-dev libglib2.0-dev libjpeg62-turbo-dev libpng-dev man-db
# The release build's flags: build, run, install and bench all use these (docs/performance.md).
# - The Swift runtime and FoundationEssentials are linked statically: less resident memory at start, and no
#   Swift runtime needed to run the binary.
# - lld packs the relative relocations (DT_RELR, glibc 2.36+): the loader no longer reads 2 MB of them.
# - lld places the functions the reader runs from start to its first screens first, together
#   (Build/startup-order.txt, one symbol a line), then those a Top Stories refresh runs: the kernel maps
#   code 64 kB around each page touched, so start-up code spread over the whole text kept 11 MB of it
#   resident, grouped it keeps 6 MB (a refresh's code 6.8 → 5.1 MB). Symbols that no longer exist are
#   skipped; docs/performance.md says how to write the list again.
# - The executable exports no symbols (--no-export-dynamic): the loader searched its 10,000 exported names
#   for every symbol of libcurl's thirty libraries, which kept 0.8 MB of the symbol table resident.
# - Foundation is not linked: the program uses FoundationEssentials only (no ICU: about 45 MB of code and
#   data less). Modules that import Foundation for a type Essentials defines (TOMLKit's Data, the resource
#   accessor) would still name its libraries for the linker, which then takes some duplicate symbols from
#   them and with those the whole of Foundation and ICU; they are left off the link, so a real use of
#   Foundation fails the release build instead of growing the binary.
UNLINKED_LIBRARIES = Foundation FoundationInternationalization _FoundationICU CoreFoundation FoundationNetworking
STARTUP_ORDER = $(CURDIR)/Build/startup-order.txt
RELEASE_FLAGS = -c release --static-swift-stdlib \
	$(foreach library,$(UNLINKED_LIBRARIES),-Xswiftc -Xfrontend -Xswiftc -disable-autolink-library -Xswiftc -Xfrontend -Xswiftc $(library)) \
	-Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs \
	-Xlinker --symbol-ordering-file='$(STARTUP_ORDER)' -Xlinker --no-warn-symbol-ordering \
	-Xlinker --no-export-dynamic
RELEASE_BIN = $(shell $(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)
# The benchmark reuses the fixture code of the tests, which uses Foundation: its link names it.
BENCH_FLAGS = $(RELEASE_FLAGS) $(foreach library,Foundation FoundationInternationalization _FoundationICU CoreFoundation,-Xlinker -l$(library))

.PHONY: all deps build debug run test lint format mutate man deb readme-screen bench bench-peer bench-floor bench-scale fuzz test-sanitizers install uninstall clean

all: build

## deps: install the Debian packages the build and the tests need (when missing)
deps:
	@missing=""; \
	for package in $(DEB_PACKAGES); do \
		dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		if [ "$$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

## build: release build of bin/nytreader
build: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product nytreader

## debug: debug build
debug: deps
	$(SWIFT) build --product nytreader

## run: build and open the reader (ARGS="--section world" to pass options)
run: build
	"$(RELEASE_BIN)/nytreader" $(ARGS)

## lint: the toolchain's swift format in check mode with the committed .swift-format (layout, line length,
## ordering of imports); `make format` rewrites the files the same way
SWIFT_FORMAT_PATHS = Package.swift Sources Tests Benchmarks Tools $(wildcard Fuzz)
lint:
	$(SWIFT) format lint --strict --recursive --configuration .swift-format $(SWIFT_FORMAT_PATHS)

format:
	$(SWIFT) format format --in-place --recursive --configuration .swift-format $(SWIFT_FORMAT_PATHS)

## test: the format check, the unit tests on the debug build, then the end-to-end suite (tmux and the headless
## commands against a loopback fake NYT server) on the release build: the binary that ships, with its own link flags.
## The client's tests against the fake server, and the service's across processes, run apart (TIMED_SUITES): their
## waits are measured on the clock, and beside the CPU-bound suites on two cores their tasks would wait their turn
## for tens of seconds
TIMED_SUITES = NYTAPITests ReaderServiceTests.SharedRequestSpacingTests
test: deps lint
	$(SWIFT) build --build-tests
	@$(MAKE) --no-print-directory man
	$(SWIFT) test --skip-build --skip EndToEndTests $(foreach suite,$(TIMED_SUITES),--skip $(suite))
	$(SWIFT) test --skip-build $(foreach suite,$(TIMED_SUITES),--filter $(suite))
	@$(MAKE) --no-print-directory fuzz FUZZ_CONFIGURATION=debug FUZZ_SECONDS=$(TEST_FUZZ_SECONDS)
	$(SWIFT) build $(RELEASE_FLAGS) --product nytreader
	NYTREADER_BIN="$(RELEASE_BIN)/nytreader" $(SWIFT) test --skip-build --filter EndToEndTests

## mutate: the mutation check (minutes, not part of test): each mutant of Tools/mutate/mutants.txt breaks one
## guard in a scratch copy of the checkout (.build-mutate/checkout, with its own build folder, kept for
## incremental builds; the working tree is never written), which is built and the tests the mutant names
## run; one line per mutant: killed or SURVIVED, its name, the seconds, the test that failed. The copy gets
## its text back after each mutant, also on Ctrl-C or a failure. Exit 1 when one survives or its original
## text is gone. Run it before a change to a guard lands; its last run is in docs/reliability.md.
## MUTATE_ARGS="NAME ..." runs some, "--runs 3" runs each mutant's tests three times (killed only when
## they fail every time), "--baseline" first runs the tests unbroken, "--check" only checks the list
mutate: deps
	$(SWIFT) build --product mutate
	"$$($(SWIFT) build --show-bin-path)/mutate" $(MUTATE_ARGS)

## fuzz: the libFuzzer targets over the parsers (Fuzz/: each NYT response shape through the JSON splitter
## and tape decoder, JSON against Foundation's decoder, the terminal sanitizer, article links, the f
## prompt's operators, the config file, keys and mouse), each for FUZZ_SECONDS; one line per target:
## runs, corpus size, crashes (FUZZ_TARGETS="json keys" runs some). A separate build in .build-fuzz with
## AddressSanitizer, release by default (about five times the inputs a second of a debug build); the
## corpora grow in .build-fuzz/corpus, crashes land in .build-fuzz/crashes (docs/reliability.md)
FUZZ_SECONDS ?= 60
FUZZ_CONFIGURATION ?= release
# make test's pass: a few seconds a target on a debug build, which builds in half the time
TEST_FUZZ_SECONDS ?= 3
FUZZ_FLAGS = -c $(FUZZ_CONFIGURATION) --scratch-path .build-fuzz --sanitize=fuzzer \
	-Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -enable-testing
fuzz: deps
	$(SWIFT) build $(FUZZ_FLAGS) --product nytreader-fuzz
	Fuzz/run.sh "$$($(SWIFT) build $(FUZZ_FLAGS) --show-bin-path)/nytreader-fuzz" $(FUZZ_SECONDS) $(FUZZ_TARGETS)

## test-sanitizers: the unit tests under AddressSanitizer, then under ThreadSanitizer, each a build of its
## own (.build-asan, .build-tsan); not part of make test (docs/reliability.md has the last results)
test-sanitizers: deps
	$(SWIFT) build --build-tests --scratch-path .build-asan --sanitize=address
	LSAN_OPTIONS="suppressions=$(CURDIR)/Fuzz/lsan.supp" \
		$(SWIFT) test --skip-build --scratch-path .build-asan --sanitize=address --skip EndToEndTests --no-parallel
	$(SWIFT) build --build-tests --scratch-path .build-tsan --sanitize=thread
	TSAN_OPTIONS="suppressions=$(CURDIR)/Fuzz/tsan.supp halt_on_error=1 print_suppressions=1" \
		$(SWIFT) test --skip-build --scratch-path .build-tsan --sanitize=thread --skip EndToEndTests --no-parallel

## man: the nytreader(1) manual page in .build/man, generated from the command definitions by
## swift-argument-parser's generate-manual plugin (from the debug build; the keys, files, environment
## and exit statuses come from the commands' own help texts, the keys from the key map); Packaging/man-page.awk
## turns the plugin's page into one man(1) reads without a warning, with FILES, ENVIRONMENT and EXIT STATUS
MAN_PAGE = .build/man/nytreader.1
man:
	$(SWIFT) build --product nytreader
	$(SWIFT) package plugin generate-manual --configuration debug
	mkdir -p "$(dir $(MAN_PAGE))"
	awk -f Packaging/man-page.awk .build/plugins/GenerateManual/outputs/nytreader/nytreader.1 > "$(MAN_PAGE).new"
	chmod 0644 "$(MAN_PAGE).new" && mv "$(MAN_PAGE).new" "$(MAN_PAGE)"

## deb: a Debian package of the stripped release binary, the manual page and the completions in
## .build/deb (Depends read from the binary's shared libraries); install it with apt install ./FILE.deb
deb: build man
	bash Packaging/make-deb.sh "$(RELEASE_BIN)/nytreader" "$(MAN_PAGE)" .build/deb

## readme-screen: write a fresh capture of the reader's screen into README.md
readme-screen: deps
	$(SWIFT) build --build-tests
	NYTREADER_RECORD_README=1 $(SWIFT) test --skip-build --filter ReadmeScreenTests

## bench: release build, then the benchmarks; prints one table and writes .bench/latest.json and
## .bench/latest.md (BENCH_ARGS="--quick" for a smoke run, "--update-doc docs/performance.md" to record it;
## the archive rows build a cache of 1,000,000 articles, minutes: "--reuse-archive" keeps it for next time)
bench: build
	$(SWIFT) build $(BENCH_FLAGS) --product nytreader-bench
	"$(RELEASE_BIN)/nytreader-bench" --binary "$(RELEASE_BIN)/nytreader" $(BENCH_ARGS)

## bench-scale: the whole NYT on one machine: archive caches of 100,000, 1,000,000 and 15,000,000 generated
## articles spread over every month since 1851 (thin before 1900, thickest after 1980), each built once into
## .bench/scale and kept (an hour or more for the largest, about 10 GB; stopped, the next run goes on where it stopped),
## built at low priority (SCALE_NICE), then the same rows measured on each and printed side by side
## (BENCH_ARGS="--update-doc docs/performance.md" records the table, "--scale-sizes 100000" picks sizes)
SCALE_NICE ?= nice -n 10
bench-scale: build
	$(SWIFT) build $(BENCH_FLAGS) --product nytreader-bench
	$(SCALE_NICE) "$(RELEASE_BIN)/nytreader-bench" --scale --build-only --binary "$(RELEASE_BIN)/nytreader" $(BENCH_ARGS)
	"$(RELEASE_BIN)/nytreader-bench" --scale --binary "$(RELEASE_BIN)/nytreader" $(BENCH_ARGS)

## bench-peer: newsboat and nytreader side by side on the same generated articles, at 1,000 and 10,000:
## reload time and peak RSS, start to first screen, key → screen, cache size; installs Debian's newsboat and
## time (GNU time measures peak RSS) when missing (BENCH_ARGS="--update-doc docs/performance.md" records it)
bench-peer: build
	@$(MAKE) --no-print-directory deps DEB_PACKAGES="newsboat time"
	$(SWIFT) build $(BENCH_FLAGS) --product nytreader-bench
	"$(RELEASE_BIN)/nytreader-bench" --peer --binary "$(RELEASE_BIN)/nytreader" --newsboat "$$(command -v newsboat)" $(BENCH_ARGS)

## bench-floor: a first refresh of 1,000 articles (FLOOR_ARTICLES) by nytreader, beside the same refresh done in C with
## nothing of its own (Benchmarks/Floor: libcurl's load, a new cache, the request, simdjson reading the
## items, the rows and their full-text entries, the close), each part timed, the two run in turns (FLOOR_PAIRS
## pairs, 15 unless given) with the median ratio of the pairs: how far the program is from what the machine
## allows; installs Debian's libsimdjson-dev when missing
FLOOR_ARTICLES ?= 1000
bench-floor: build
	@$(MAKE) --no-print-directory deps DEB_PACKAGES="libsimdjson-dev"
	$(SWIFT) build $(BENCH_FLAGS) --product nytreader-bench
	$(CXX) -O2 -c -o .build/floor-items.o Benchmarks/Floor/items.cpp
	$(CC) -O2 -ISources/CFTSRank/include -ISources/CPackedText/include -o .build/floor Benchmarks/Floor/floor.c \
		Sources/CFTSRank/*.c Sources/CPackedText/*.c .build/floor-items.o -lsimdjson -lstdc++ -lsqlite3 -ldl -lpthread
	Benchmarks/Floor/run.sh "$(RELEASE_BIN)" .build/floor $(FLOOR_ARTICLES)

## install: the stripped binary in $(PREFIX)/bin, its manual page, and bash, zsh and fish completions
## (generated by the installed binary) under $(PREFIX)/share
BASH_COMPLETIONS = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSH_COMPLETIONS = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISH_COMPLETIONS = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
MAN_DIRECTORY = $(DESTDIR)$(PREFIX)/share/man/man1
install: build man
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(BASH_COMPLETIONS)" "$(ZSH_COMPLETIONS)" "$(FISH_COMPLETIONS)" "$(MAN_DIRECTORY)"
	install -s -m 0755 "$(RELEASE_BIN)/nytreader" "$(DESTDIR)$(PREFIX)/bin/nytreader"
	gzip -9n < "$(MAN_PAGE)" > "$(MAN_DIRECTORY)/nytreader.1.gz" && chmod 0644 "$(MAN_DIRECTORY)/nytreader.1.gz"
	@set -e; scratch=$$(mktemp -d); trap 'rm -rf "$$scratch"' EXIT; \
	for shell in bash zsh fish; do \
		"$(DESTDIR)$(PREFIX)/bin/nytreader" --generate-completion-script $$shell > "$$scratch/$$shell"; \
	done; \
	install -m 0644 "$$scratch/bash" "$(BASH_COMPLETIONS)/nytreader"; \
	install -m 0644 "$$scratch/zsh" "$(ZSH_COMPLETIONS)/_nytreader"; \
	install -m 0644 "$$scratch/fish" "$(FISH_COMPLETIONS)/nytreader.fish"; \
	echo "Installed $(DESTDIR)$(PREFIX)/bin/nytreader, its manual page and its bash, zsh and fish completions."

## uninstall: remove what install put under $(PREFIX)
uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/nytreader" "$(BASH_COMPLETIONS)/nytreader" \
		"$(ZSH_COMPLETIONS)/_nytreader" "$(FISH_COMPLETIONS)/nytreader.fish" "$(MAN_DIRECTORY)/nytreader.1.gz"

clean:
	rm -rf .build .build-mutate
