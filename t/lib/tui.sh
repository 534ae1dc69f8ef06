# myriad - tmux helpers for the console tests.  GPL-3.0-or-later.
# Source it after t/lib/tap.sh; $ARGS are the console's arguments.
#
# Consoles run in a tmux server of the test's own.  A console draws when it
# gets to it and tmux shows a frame when it has read it: on a loaded machine
# the screen may still be the old one, or half of the new one, well after
# the keys were sent.  So an assertion about the screen waits for what it
# asserts (wait_for, wait_like, wait_is, screen_like), and one about what
# is not there first waits for a sign that the screen has moved on.  The
# waits are bounded (MYRIAD_TUI_WAIT seconds, 10 unless set): a test still
# fails, only later.

if ! command -v tmux >/dev/null 2>&1; then
	echo "1..0 # SKIP tmux is missing"
	exit 0
fi

TUI_SOCK="myriad-test-$$"
TUI_SOCKET="${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$TUI_SOCK"
# How long a state may take to show: tenths of a second.
TUI_WAIT=$((${MYRIAD_TUI_WAIT:-10} * 10))
trap 'tmux -L "$TUI_SOCK" kill-server >/dev/null 2>&1; rm -f "$TUI_SOCKET"
    rm -rf "$T"' EXIT
trap 'exit 1' INT TERM HUP
# No user's configuration, keys or audit log.
export HOME="$T" XDG_CONFIG_HOME="$T/config" XDG_STATE_HOME="$T/state"

tm() {	# tm ARGUMENT...: tmux on our server
	tmux -L "$TUI_SOCK" "$@"
}

screen() {	# screen SESSION: the terminal as text
	tm capture-pane -p -t "$1"
}

line() {	# line SESSION N: line N of the terminal (1 is the top)
	screen "$1" | sed -n "$2p"
}

height() {	# height SESSION: the terminal's lines
	tm display-message -p -t "$1" '#{pane_height}'
}

keys() {	# keys SESSION KEY...: keys by name (Enter, Escape, Space)
	tui_s=$1
	shift
	tm send-keys -t "$tui_s" "$@"
}

type_text() {	# type_text SESSION TEXT: characters as they are
	tm send-keys -t "$1" -l "$2"
}

run() {	# run SESSION TEXT: a command at the : prompt
	keys "$1" :
	type_text "$1" "$2"
	keys "$1" Enter
}

poll() {	# poll TENTHS COMMAND...: until COMMAND succeeds, every 0.1 s
	tui_max=$1
	shift
	tui_i=0
	while ! "$@"; do
		tui_i=$((tui_i + 1))
		[ $tui_i -lt "$tui_max" ] || return 1
		sleep 0.1
	done
}

shows() {	# shows SESSION PATTERN: the screen has a line like it
	screen "$1" | grep -Eq -- "$2"
}

shows_not() {	# shows_not SESSION PATTERN: the screen has no such line
	! shows "$1" "$2"
}

wait_for() {	# wait_for SESSION PATTERN: until the screen shows it
	poll "$TUI_WAIT" shows "$1" "$2"
}

wait_gone() {	# wait_gone SESSION PATTERN: until the screen does not
	poll "$TUI_WAIT" shows_not "$1" "$2"
}

tui_like() {	# tui_like PATTERN COMMAND...: COMMAND's output, kept in
		# tui_out, is like PATTERN
	tui_p=$1
	shift
	tui_out=$("$@")
	printf '%s\n' "$tui_out" | grep -Eq -- "$tui_p"
}

tui_is() {	# tui_is WANT COMMAND...: COMMAND's output, kept in tui_out,
		# is WANT
	tui_w=$1
	shift
	tui_out=$("$@")
	[ "$tui_out" = "$tui_w" ]
}

wait_like() {	# wait_like PATTERN DESCRIPTION COMMAND...: like, once
		# COMMAND's output is like PATTERN or the wait is over
	tui_pat=$1 tui_desc=$2
	shift 2
	poll "$TUI_WAIT" tui_like "$tui_pat" "$@"
	like "$tui_out" "$tui_pat" "$tui_desc"
}

wait_is() {	# wait_is WANT DESCRIPTION COMMAND...: is, once COMMAND
		# prints WANT or the wait is over
	tui_want=$1 tui_desc=$2
	shift 2
	poll "$TUI_WAIT" tui_is "$tui_want" "$@"
	is "$tui_out" "$tui_want" "$tui_desc"
}

screen_like() {	# screen_like SESSION PATTERN DESCRIPTION: the screen
		# shows a line like PATTERN, given time to
	wait_like "$2" "$3" screen "$1"
}

start() {	# start SESSION WIDTH HEIGHT: the console, to its first frame
	tm new-session -d -s "$1" -x "$2" -y "$3" \
	    "exec env LC_ALL=C.UTF-8 $MYRIAD $ARGS" || return 1
	poll $((TUI_WAIT * 3)) shows "$1" "SIMULATED"
}

start_size() {	# start_size WIDTHxHEIGHT: the console in session sSIZE,
		# as a test; W, H and S are its width, height and session
	W=${1%x*} H=${1#*x} S="s$1"
	start "$S" "$W" "$H"
	ok $? "$1: the console starts in tmux"
}

body() {	# body HEIGHT: lines 2 .. HEIGHT-2, the view without status
	sed -n "2,$(($1 - 2))p"
}

tui_lines() {	# tui_lines FILE N: FILE has N lines, all of them written
	[ -f "$1" ] && [ $(($(wc -l < "$1"))) -eq "$2" ]
}

dump() {	# dump SESSION FILE: :dump-screen FILE, typed at the prompt, and
		# wait until it has every line of the terminal
	rm -f "$2"
	run "$1" "dump-screen $2"
	poll "$TUI_WAIT" tui_lines "$2" "$(height "$1")"
}

shows_body() {	# shows_body SESSION FILE: the screen's body is FILE's
	tui_h=$(height "$1")
	screen "$1" | body "$tui_h" > "$T/screen"
	body "$tui_h" < "$2" | cmp -s - "$T/screen"
}

same_dump() {	# same_dump SESSION FILE: :dump-screen FILE is what tmux
		# shows, once tmux has caught up; a refresh may land between
		# the two and change the screen, so up to five dumps
	tui_n=0
	while [ $tui_n -lt 5 ]; do
		dump "$1" "$2" || return 1
		poll 30 shows_body "$1" "$2" && return 0
		tui_n=$((tui_n + 1))
	done
	body "$(height "$1")" < "$2" | diff - "$T/screen" | sed 's/^/# /'
	return 1
}
