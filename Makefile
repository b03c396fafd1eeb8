# nytreader — build, run, test, benchmark and install.
SWIFT ?= swift
PREFIX ?= /usr/local
DEB_PACKAGES := libncurses-dev libsqlite3-dev tmux
RELEASE_BIN = $(shell $(SWIFT) build -c release --show-bin-path)

.PHONY: all deps build debug run test install clean

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
	$(SWIFT) build -c release --product nytreader

## debug: debug build
debug: deps
	$(SWIFT) build --product nytreader

## run: build and open the reader (ARGS="--section world" to pass options)
run: build
	"$(RELEASE_BIN)/nytreader" $(ARGS)

## test: unit tests and end-to-end tests (tmux) against the debug build
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## install: install the binary into $(PREFIX)/bin
install: build
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 0755 "$(RELEASE_BIN)/nytreader" "$(DESTDIR)$(PREFIX)/bin/nytreader"

clean:
	rm -rf .build
