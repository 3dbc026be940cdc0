# Demo Shell — two commands on a fresh Debian/Ubuntu machine with Swift 6:
#   make run    install what is missing, build, run the launcher
#   make test   install what is missing, build, run every test (GUI under Xvfb)
# Also: make build, make lint / make format (swift-format), make bench (vs gtk3-demo), make pot (refresh the template),
# make install / make uninstall [PREFIX=/usr/local] [DESTDIR=], make screenshots,
# make deb (a Debian package in dist/), make deb-check (it, on a clean Debian 12),
# make docs (the SDK's reference, with DocC, into .build/docs/).

SWIFT ?= swift
CONFIG ?= debug
BUILD_DIR = .build/$(CONFIG)

# Debian packages: build (GTK headers, gettext), test (Xvfb, D-Bus, locales,
# fonts for Chinese), run-time look (icons, SVG loader; rsvg-convert renders the
# images and checks every icon), bench (gtk3-demo),
# the Source pane (GtkSourceView 4, opened by the launcher on first use),
# install and its tests (patchelf, desktop-file-utils, appstream), a window
# manager for the tests of what happens as windows come and go (openbox),
# valgrind (make leaks, and the test that it can read the build).
PACKAGES = libgtk-3-dev gettext xvfb xauth dbus dbus-x11 x11-utils locales \
           adwaita-icon-theme hicolor-icon-theme librsvg2-common \
           fonts-dejavu-core fonts-dejavu-extra fonts-noto-cjk fonts-urw-base35 imagemagick librsvg2-bin \
           gtk-3-examples bc libx11-dev xdotool xclip libgtksourceview-4-dev \
           patchelf desktop-file-utils appstream libgmp-dev groff-base openbox valgrind
SUDO = $(shell [ "$$(id -u)" = 0 ] || echo sudo)
XVFB = xvfb-run -a -s "-screen 0 1280x1024x24"
PREFIX ?= /usr/local
DESTDIR ?=
# `make deb`'s tools (Debian's own: dpkg-buildpackage, debhelper, lintian).
DEB_PACKAGES = dpkg-dev debhelper lintian

.PHONY: all deps locales build run test lint format bench bench-ai leaks pot install uninstall screenshots clean deb deb-check docs

all: build

## Install the system packages this machine lacks (only those).
deps:
	@missing=""; for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -q && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $$missing; \
	fi
	@$(MAKE) --no-print-directory locales

## The zh_CN locale, so LANG=zh_CN.UTF-8 shows the Chinese translation.
locales:
	@if ! locale -a 2>/dev/null | grep -qi '^zh_CN.utf8$$'; then \
	  echo "Generating the zh_CN.UTF-8 locale"; \
	  grep -q '^zh_CN.UTF-8 UTF-8' /etc/locale.gen 2>/dev/null || echo 'zh_CN.UTF-8 UTF-8' | $(SUDO) tee -a /etc/locale.gen >/dev/null; \
	  $(SUDO) locale-gen >/dev/null; \
	fi

build: deps
	$(SWIFT) build -c $(CONFIG)

run: build
	$(BUILD_DIR)/demo-shell

## Every test: models without a display, widgets and the binary under Xvfb,
## in parallel shards, each on its own display and private D-Bus session
## (single-instance tests need one); TEST_SHARDS=N sets how many.
test: deps
	$(SWIFT) build --build-tests
	SWIFT=$(SWIFT) scripts/run-tests --skip-build

## The toolchain's swift-format with the committed .swift-format, strict, and
## no Swift file over 400 lines (scripts/lint); `make format` fixes the layout.
lint:
	scripts/lint

format:
	scripts/swift-files | xargs $$(command -v swift-format || echo "$$(dirname "$$(command -v $(SWIFT))")/swift-format") format -i --parallel --configuration .swift-format

## -noreset: GDK keeps the visual it picked with OpenGL on the root window for
## the session, as on a desktop; a server reset would make every start load Mesa.
bench: deps
	$(SWIFT) build -c release
	dbus-run-session -- xvfb-run -a -s "-screen 0 1280x1024x24 -noreset" scripts/bench

## The 2048 engine's long run (issue 19's targets): 100 seeded 4 × 4 games at
## 1 and at 10 ms of CPU a move on average (a time bank: easy moves leave
## time for hard ones; --fixed-budget for the same time every move), 3 × 3 to the end, 5 × 5 and 6 × 6 for 20,000
## moves. Hours at 10 ms; the games run one per core.
bench-ai:
	$(SWIFT) build -c release --product game2048-bench
	.build/release/game2048-bench --ai --games 100 --size 4 --budget-ms 1 --seed 1
	.build/release/game2048-bench --ai --games 100 --size 4 --budget-ms 10 --seed 1
	.build/release/game2048-bench --ai --games 100 --size 3 --budget-ms 1 --seed 1
	.build/release/game2048-bench --ai --games 10 --size 5 --budget-ms 1 --seed 1 --max-moves 20000
	.build/release/game2048-bench --ai --games 10 --size 6 --budget-ms 1 --seed 1 --max-moves 20000

## valgrind of launch-and-quit of the launcher and every demo, and of Edit
## and Run's lives in one launcher (an edited Say Hello with Show Values, the
## compile server's life, New Demo → open → Delete): no definitely lost block
## from the project's own code (data/valgrind/demo-shell.supp holds GTK's and
## fontconfig's known ones). Then the 100-cycle memory check, and 100 Run
## Edited in one launcher, each flooding the Values log and the Output past
## their limits: the launcher's memory before and after, its buffers bounded.
leaks: deps
	$(SWIFT) build
	dbus-run-session -- $(XVFB) scripts/leaks
	dbus-run-session -- $(XVFB) .build/debug/demo-shell-memory-cycles --cycles=100
	dbus-run-session -- $(XVFB) .build/debug/demo-shell-memory-cycles --edit-runs=100 --flood

## The SDK's reference: DemoKit, Gtk and DemoBasics, from their doc comments
## and catalogs (Sources/DemoKit/Sources/MODULE/MODULE.docc), by the
## toolchain's DocC into .build/docs/, ready to serve; DocC's warnings fail
## it. Opening it: docs/writing-a-plugin.md, "The SDK's reference".
docs:
	$(SWIFT) build --product DemoKit
	SWIFTC=$$(dirname "$$(command -v $(SWIFT))")/swiftc scripts/sdk-docs

## Refreshes data/po/demo-shell.pot from the sources' localized("…") calls.
pot:
	scripts/update-pot

## A release build into PREFIX (make install PREFIX=$$HOME/.local: no root
## needed); see scripts/install for the layout. Uninstall with the same PREFIX.
install: deps
	$(SWIFT) build -c release
	scripts/install --build-dir .build/release --prefix "$(PREFIX)" --destdir "$(DESTDIR)"

uninstall:
	scripts/install --uninstall --prefix "$(PREFIX)" --destdir "$(DESTDIR)"

## Regenerates every README screenshot under Xvfb (data/screenshots/).
screenshots: deps
	$(SWIFT) build
	scripts/screenshots

## A Debian package, dist/demo-shell_VERSION_ARCH.deb, made by
## dpkg-buildpackage (debian/), offline, then checked by lintian.
deb: deps
	@$(MAKE) --no-print-directory deps PACKAGES="$(DEB_PACKAGES)"
	scripts/deb

## The package installed on a clean Debian 12 root (mmdebstrap; downloads
## Debian's packages, so CI does not run it), tried there, then purged.
deb-check: deb
	@$(MAKE) --no-print-directory deps PACKAGES="mmdebstrap"
	scripts/deb-check

clean:
	rm -rf .build .build-fixture .build-plugin-guide .build-deb dist
