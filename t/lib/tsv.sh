# myriad - reading batch TSV output by its header.  GPL-3.0-or-later.

tsv_cols() {	# tsv_cols FILE NAME...: those columns of FILE's rows, by
		# the header's names, a row a line, blank apart
	f=$1
	shift
	awk -F'\t' -v want="$*" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i }
	    NR > 1 { n = split(want, w, " "); for (i = 1; i <= n; i++)
	    printf "%s%s", $c[w[i]], i < n ? " " : "\n" }' "$f"
}
