#!/bin/sh
# make install and uninstall, under DESTDIR and PREFIX.
. t/lib/tap.sh

make -s install DESTDIR="$T/root" PREFIX=/usr/local >/dev/null 2>&1
is "$?" 0 "make install"
for f in bin/myriad share/man/man1/myriad.1 share/man/man5/myriad.conf.5 \
    share/myriad/myriad.conf.example share/myriad/keymaps/default.keys \
    share/myriad/keymaps/vi.keys share/myriad/keymaps/emacs.keys; do
	[ -f "$T/root/usr/local/$f" ]; ok $? "installs $f"
done
like "$("$T/root/usr/local/bin/myriad" --version)" '^myriad [0-9]' "the installed binary runs"
make -s uninstall DESTDIR="$T/root" PREFIX=/usr/local >/dev/null 2>&1
is "$?" 0 "make uninstall"
is "$(find "$T/root" -type f | wc -l | tr -d ' ')" 0 "uninstall leaves no file behind"
done_testing
