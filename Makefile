# myriad - a terminal console for GPU clusters.  GPL-3.0-or-later.
#
#   make            build ./myriad
#   make demo       install what is missing, build, start on the simulator
#   make test       install what is missing, build, run every test in t/
#   make test-scale the same against a test cluster of 1,250 nodes (t/scale/)
#   make check      test, then the same suite under ASan and UBSan
#   make fuzz       build the libFuzzer targets and run each for FUZZTIME s
#   make bench      run the benchmarks in t/bench/

PREFIX ?=	/usr/local
BINDIR ?=	$(PREFIX)/bin
MANDIR ?=	$(PREFIX)/share/man
DATADIR ?=	$(PREFIX)/share/myriad
DESTDIR ?=

CC ?=		cc
BUILD ?=	build
PKGS =		ncursesw readline libssh libconfig jansson
WARN =		-Wall -Wextra -Wformat=2 -Wshadow -Wstrict-prototypes \
		-Wmissing-prototypes -Wno-unused-parameter
CFLAGS ?=	-O2 -g
ALL_CFLAGS =	-std=c11 -D_GNU_SOURCE $(WARN) -Iconsole -Ibackends -Iviews \
		$(shell pkg-config --cflags $(PKGS) 2>/dev/null) $(CFLAGS)
LIBS =		$(shell pkg-config --libs $(PKGS) 2>/dev/null) -lm

# Debian packages: to build, to test, to benchmark and fuzz.
DEPS_BUILD =	gcc make pkg-config libncurses-dev libreadline-dev \
		libssh-dev libconfig-dev libjansson-dev
DEPS_TEST =	perl time tmux mandoc clang libclang-rt-14-dev strace \
		locales
DEPS_BENCH =	clustershell pdsh
# The test cluster, t/lib/cluster (never slurm-wlm-emulator).
DEPS_CLUSTER =	openssh-server slurmctld slurmd slurm-client munge openipmi \
		ipmitool
DEPS =		$(DEPS_BUILD) $(DEPS_TEST) $(DEPS_BENCH) $(DEPS_CLUSTER)

# Files that include an outside library other than jansson stay out of the
# core archive, so the unit tests link without them.
OUTSIDE =	console/main.c console/config.c console/prompt.c \
		console/ui.c backends/fleet.c
SRCS =		$(wildcard console/*.c backends/*.c views/*.c)
CORE_SRCS =	$(filter-out $(OUTSIDE) views/%,$(SRCS))
OBJS =		$(SRCS:%.c=$(BUILD)/%.o)
CORE_OBJS =	$(CORE_SRCS:%.c=$(BUILD)/%.o)
HDRS =		$(wildcard console/*.h backends/*.h views/*.h)

ifeq ($(BUILD),build)
PROG =		myriad
TDIR =		t
else
PROG =		$(BUILD)/myriad
TDIR =		$(BUILD)/t
endif
UNITS =		$(patsubst t/%.c,$(TDIR)/%.t,$(wildcard t/unit-*.c))
FUZZERS =	$(patsubst t/fuzz/%.c,$(BUILD)-fuzz/%,$(wildcard t/fuzz/fuzz-*.c))
FUZZTIME ?=	20

.PHONY: all deps demo test test-scale check test-unit fuzz bench install \
	uninstall clean lint-man

all: $(PROG) $(UNITS)

$(PROG): $(OBJS)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(OBJS) $(LIBS)

$(BUILD)/%.o: %.c $(HDRS) $(BUILD)/keys.h
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -I$(BUILD) -c -o $@ $<

# The compiled-in keymaps are keymaps/*.keys, so the two cannot differ.
$(BUILD)/keys.h: $(wildcard keymaps/*.keys)
	@mkdir -p $(BUILD)
	@{ echo 'static const struct { const char *name; const char *text; } keys_maps[] = {'; \
	for f in keymaps/*.keys; do echo "{ \"$$(basename $$f .keys)\","; \
	    sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/.*/"&\\n"/' $$f; \
	    echo '},'; done; echo '};'; } > $@.tmp && mv $@.tmp $@

$(BUILD)/libcore.a: $(CORE_OBJS)
	rm -f $@
	ar rcs $@ $(CORE_OBJS)

$(TDIR)/%.t: t/%.c t/tap.h t/collect.h $(BUILD)/libcore.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -It -o $@ $< $(UNIT_OBJS) \
	    $(BUILD)/libcore.a $(LIBS)

# unit-clusters makes whole backends: it links the backends' outside files.
BACKEND_OBJS =	$(patsubst %.c,$(BUILD)/%.o,$(filter backends/%,$(OUTSIDE)))
$(TDIR)/unit-clusters.t: UNIT_OBJS = $(BACKEND_OBJS)
$(TDIR)/unit-clusters.t: $(BACKEND_OBJS)

deps:
	@missing=; for p in $(DEPS); do \
		dpkg-query -W -f='$${Status}' $$p 2>/dev/null | \
		    grep -q 'ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ]; then \
		echo "make deps: installing$$missing"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
		    apt-get install -y -qq --no-install-recommends $$missing \
		    >/dev/null || exit 1; \
	else \
		echo "make deps: missing packages; run as root:"; \
		echo "  apt-get install -y --no-install-recommends$$missing"; \
		exit 1; \
	fi

demo: deps
	$(MAKE) all
	./myriad --sim 10k

test: deps
	$(MAKE) all
	MYRIAD=$(CURDIR)/$(PROG) prove --exec '' $(UNITS) t/[0-9]*.t

test-scale: deps
	$(MAKE) all
	MYRIAD=$(CURDIR)/$(PROG) prove --exec '' t/scale/[0-9]*.t

check: test
	$(MAKE) BUILD=build-asan CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined" LDFLAGS="-fsanitize=address,undefined" all
	ASAN_OPTIONS=detect_leaks=1 MYRIAD=$(CURDIR)/build-asan/myriad \
	    prove --exec '' build-asan/t/unit-*.t t/[0-9]*.t

# The fuzzers take what meets the outside world: parsers and node sets.
FUZZ_SRCS =	$(wildcard backends/parse*.c) console/nodeset.c console/xmalloc.c \
		console/buf.c
$(BUILD)-fuzz/%: t/fuzz/%.c t/fuzz/fuzz.h $(FUZZ_SRCS) $(HDRS)
	@mkdir -p $(dir $@)
	clang -std=c11 -D_GNU_SOURCE -g -O1 -fsanitize=fuzzer,address,undefined \
	    -Iconsole -Ibackends -o $@ $< $(FUZZ_SRCS) \
	    $(shell pkg-config --cflags --libs jansson) -lm

fuzz: deps $(FUZZERS)
	@for f in $(FUZZERS); do \
		mkdir -p $(BUILD)-fuzz/corpus-$$(basename $$f); \
		echo "fuzz: $$f ($(FUZZTIME) s)"; \
		$$f -max_total_time=$(FUZZTIME) -max_len=65536 \
		    -artifact_prefix=$(BUILD)-fuzz/ \
		    $(BUILD)-fuzz/corpus-$$(basename $$f) t/fuzz/seed \
		    > $(BUILD)-fuzz/log 2>&1 || { tail -n 30 $(BUILD)-fuzz/log; \
		    exit 1; }; tail -n 1 $(BUILD)-fuzz/log; \
	done

bench: all
	t/bench/run

install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 \
	    $(DESTDIR)$(MANDIR)/man5 $(DESTDIR)$(DATADIR)/keymaps
	install -m 755 myriad $(DESTDIR)$(BINDIR)/myriad
	install -m 644 man/myriad.1 $(DESTDIR)$(MANDIR)/man1/myriad.1
	install -m 644 man/myriad.conf.5 $(DESTDIR)$(MANDIR)/man5/myriad.conf.5
	install -m 644 console/myriad.conf.example $(DESTDIR)$(DATADIR)/
	for k in keymaps/*.keys; do \
		[ -f "$$k" ] && install -m 644 $$k $(DESTDIR)$(DATADIR)/keymaps/; \
	done; true

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/myriad $(DESTDIR)$(MANDIR)/man1/myriad.1 \
	    $(DESTDIR)$(MANDIR)/man5/myriad.conf.5
	rm -rf $(DESTDIR)$(DATADIR)

lint-man:
	mandoc -Tlint -Wwarning man/myriad.1 man/myriad.conf.5

clean:
	rm -rf build build-asan build-fuzz myriad t/unit-*.t
