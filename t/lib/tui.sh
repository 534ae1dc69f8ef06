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
# How long a state may take to show, in seconds.
TUI_WAIT=${MYRIAD_TUI_WAIT:-10}
trap 'tmux -L "$TUI_SOCK" kill-server >/dev/null 2>&1; rm -f "$TUI_SOCKET"
    rm -rf "$T"' EXIT
trap 'exit 1' INT TERM HUP
# No user's configuration, keys or audit log.
export HOME="$T" XDG_CONFIG_HOME="$T/config" XDG_STATE_HOME="$T/state"

tm() {	# tm ARGUMENT...: tmux on our server
	tmux -L "$TUI_SOCK" "$@"
}

# The server outlives its sessions: a session started just as the last one
# was killed would otherwise reach a server on its way out, and fail.
tm start-server \; set -s exit-empty off

screen() {	# screen SESSION: the terminal as text
	tm capture-pane -p -t "$1"
}

line() {	# line SESSION N: line N of the terminal (1 is the top)
	screen "$1" | sed -n "$2p"
}

alive() {	# alive SESSION: the program in it still runs
	[ "$(tm display-message -p -t "$1" '#{pane_dead}' 2>/dev/null)" = 0 ]
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

poll() {	# poll SECONDS COMMAND...: until COMMAND succeeds, looking
		# every 0.05 s
	tui_max=$(($1 * 20))
	shift
	tui_i=0
	while ! "$@"; do
		tui_i=$((tui_i + 1))
		[ $tui_i -lt "$tui_max" ] || return 1
		sleep 0.05
	done
}

tui_not() {	# tui_not COMMAND...: COMMAND fails
	! "$@"
}

shows() {	# shows SESSION PATTERN: the screen has a line like it
	screen "$1" | grep -Eq -- "$2"
}

wait_for() {	# wait_for SESSION PATTERN: until the screen shows it
	poll "$TUI_WAIT" shows "$1" "$2"
}

wait_gone() {	# wait_gone SESSION PATTERN: until the screen does not
	poll "$TUI_WAIT" tui_not shows "$1" "$2"
}

wait_line() {	# wait_line SESSION N PATTERN: until line N is like PATTERN
	poll "$TUI_WAIT" tui_like "$3" line "$1" "$2"
}

settle() {	# settle SESSION: every key sent so far has been read, and
		# tmux shows what came of it: the : prompt opens on the last
		# line, drawn after all else, and Escape closes it
	tui_last=$(height "$1")
	keys "$1" :
	wait_line "$1" "$tui_last" '^:$' || return 1
	keys "$1" Escape
	poll "$TUI_WAIT" tui_not tui_like '^:$' line "$1" "$tui_last"
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

start() {	# start SESSION WIDTH HEIGHT [ENV=VALUE... --] [OPTION...]: the
		# console, to its first frame; if it does not come, the screen
	tui_s=$1 tui_w=$2 tui_h=$3 tui_env=
	shift 3
	case " $* " in
	*" -- "*)
		while [ "$1" != -- ]; do
			tui_env="$tui_env $1"
			shift
		done
		shift
		;;
	esac
	tm new-session -d -s "$tui_s" -x "$tui_w" -y "$tui_h" \
	    "exec env LC_ALL=C.UTF-8 $tui_env $MYRIAD $ARGS $*" || return 1
	if ! poll $((TUI_WAIT * 3)) shows "$tui_s" "SIMULATED" ||
	    ! alive "$tui_s"; then
		echo "# $tui_s: the console did not start; its screen:"
		screen "$tui_s" | grep -v '^$' | head -n 10 | sed 's/^/#   /'
		return 1
	fi
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

upper() {	# upper HEIGHT: lines 1 .. HEIGHT-2, all but the status line
		# and the prompt's
	sed -n "1,$(($1 - 2))p"
}

rows_after() {	# rows_after SESSION PATTERN: the rows under the heading
	screen "$1" | awk -v p="$2" 'f && (!NF || /^ /) { exit } f { print }
	    $0 ~ p { f = 1 }'
}

row_after() {	# row_after SESSION PATTERN: the line under the heading
	screen "$1" | awk -v p="$2" 'f { print; exit } $0 ~ p { f = 1 }'
}

nrows() {	# nrows SESSION HEADING: how many rows under the heading
	rows_after "$1" "$2" | wc -l | tr -d ' '
}

off_rows() {	# off_rows SESSION HEADING PATTERN: how many rows under the
		# heading are not like PATTERN, "none" if there are no rows
	rows_after "$1" "$2" > "$T/rows"
	if [ -s "$T/rows" ]; then
		grep -Evc -- "$3" "$T/rows"
	else
		echo none
	fi
}

cursor_row() {	# cursor_row SESSION PATTERN: the row in reverse video under
		# the heading that matches PATTERN, the table's cursor
	tm capture-pane -e -p -t "$1" | awk -v p="$2" -v e="$(printf '\033')" '
	{
		t = $0
		gsub(e "\\[[0-9;]*m", "", t)
		lead = ""
		if (match($0, "^(" e "\\[[0-9;]*m)+"))
			lead = substr($0, 1, RLENGTH)
	}
	f && lead ~ /[[;]7[;m]/ { print t; exit }
	t ~ p { f = 1 }'
}

cell() {	# cell SESSION HEADING COLUMN: the first row's value in the
		# column whose title starts with COLUMN
	screen "$1" | awk -v p="$2" -v c="$3" 'f { print $k; exit }
	    $0 ~ p { for (k = 1; k <= NF && $k !~ "^" c; k++); f = 1 }'
}

cool_rows() {	# cool_rows SESSION HEADING DEGREES: how many rows under
		# the heading are at DEGREES or below in the TEMP column
	screen "$1" | awk -v p="$2" -v t="$3" 'f && (!NF || /^ /) { exit }
	    f && $k + 0 <= t { n++ }
	    $0 ~ p { for (k = 1; k <= NF && $k !~ /^TEMP/; k++); f = 1 }
	    END { print n + 0 }'
}

attrs() {	# attrs SESSION: each line of the screen as two: its text, then
		# a character a cell for its attributes, in hex, the sum of
		# bold 1, reverse 2, dim 4 and a background colour 8 (a byte
		# a cell: for ASCII text)
	tm capture-pane -e -p -t "$1" | awk -v e="$(printf '\033')" '{
	s = $0
	t = a = ""
	while (s != "") {
		if (match(s, "^" e "\\[[0-9;]*m")) {
			n = split(substr(s, 3, RLENGTH - 3), p, ";")
			if (n == 0)
				bold = rev = dim = bg = 0
			for (i = 1; i <= n; i++) {
				if (p[i] == 38 || p[i] == 48) {
					bg = bg || p[i] == 48
					i += p[i + 1] == 5 ? 2 : 4
				} else if (p[i] == "" || p[i] == 0)
					bold = rev = dim = bg = 0
				else if (p[i] == 1)
					bold = 1
				else if (p[i] == 2)
					dim = 1
				else if (p[i] == 22)
					bold = dim = 0
				else if (p[i] == 7)
					rev = 1
				else if (p[i] == 27)
					rev = 0
				else if (p[i] >= 40 && p[i] <= 47)
					bg = 1
				else if (p[i] == 49)
					bg = 0
			}
			s = substr(s, RLENGTH + 1)
			continue
		}
		t = t substr(s, 1, 1)
		k = bold + 2 * rev + 4 * dim + 8 * bg
		a = a substr("0123456789abcdef", k + 1, 1)
		s = substr(s, 2)
	}
	print t
	print a
    }'
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

shows_upper() {	# shows_upper SESSION FILE: the screen is FILE but for
		# the status line and the prompt's
	tui_h=$(height "$1")
	screen "$1" | upper "$tui_h" > "$T/screen"
	upper "$tui_h" < "$2" | cmp -s - "$T/screen"
}

same_dump() {	# same_dump SESSION FILE: :dump-screen FILE is what tmux
		# shows, once tmux has caught up; a refresh may land between
		# the two and change the screen, so up to five dumps, each
		# given longer (1 s, 2 s ... 5 s) in case tmux is slow
	tui_n=0
	while [ $tui_n -lt 5 ]; do
		tui_n=$((tui_n + 1))
		dump "$1" "$2" || return 1
		poll "$tui_n" shows_upper "$1" "$2" && return 0
	done
	upper "$(height "$1")" < "$2" | diff - "$T/screen" | sed 's/^/# /'
	return 1
}
