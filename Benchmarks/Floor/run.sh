#!/bin/bash
# make bench-floor: a first `nytreader refresh` of 1,000 articles (or ARTICLES) from loopback into an empty cache and
# floor.c doing the same refresh in C with nothing of its own, from the same server, the two in turns
# (FLOOR_PAIRS pairs, 15 unless given), each timed from start to exit: their medians and the ratio of each
# pair; then `nytreader --version` (the program's fixed start-up) and the C program's parts.
#   run.sh BIN_DIR FLOOR_PROGRAM [ARTICLES]
set -eu
bin=$1
floor=$2
articles=${3:-1000}
work=$(mktemp -d)
trap 'exec 3>&-; rm -rf "$work"' EXIT
# The feed is served until the server's standard input closes (file descriptor 3, closed on exit).
mkfifo "$work/in"
"$bin/nytreader-bench" --serve-feed "$articles" < "$work/in" > "$work/url" &
server=$!
exec 3> "$work/in"
while [ ! -s "$work/url" ]; do
    kill -0 "$server" 2> /dev/null || { echo "bench-floor: the feed server did not start" >&2; exit 1; }
    sleep 0.1
done
url=$(cat "$work/url")
# Each refresh writes a cache of its own, so that nothing but the program runs between the clock readings.
# (`refresh N` writes refresh-N.sqlite: the runs are timed in subshells, which cannot count for the caller.)
refresh() {
    HOME=$work NYT_API_KEY=floor "$bin/nytreader" refresh --section home --db "$work/refresh-$1.sqlite" --api-base-url "$url"
}
# Milliseconds from start to exit of a command (the clock is bash's, read without a process).
elapsed() {
    started=${EPOCHREALTIME/./}
    "$@" > /dev/null
    echo $(( ${EPOCHREALTIME/./} - started )) | awk '{printf "%.1f", $1 / 1000}'
}
# The median of 9 runs of a command, in ms, start to exit.
median() {
    times=""
    for run in 1 2 3 4 5 6 7 8 9; do times="$times $(elapsed "$@")"; done
    echo $times | tr ' ' '\n' | sort -n | sed -n 5p
}
# The C program copies the schema of a cache the program made (its first refresh, not timed). Its cache goes
# in $work, removed on exit even when a run fails.
refresh 0 > /dev/null
schema=$work/refresh-0.sqlite
export TMPDIR=$work
# The two refreshes in turns, so that a machine slower in one minute than the next slows both alike: the
# ratio of each pair, and the medians of each program.
pairs=${FLOOR_PAIRS:-15}
rows=""
for pair in $(seq "$pairs"); do
    rows="$rows$(elapsed refresh "$pair") $(elapsed "$floor" "$schema" "$url")
"
done
printf '%s' "$rows" | awk -v articles="$articles" '
    { ours[NR] = $1; c[NR] = $2; ratio[NR] = $1 / $2 }
    function sort(values, n, sorted,    i, j, t) {
        for (i = 1; i <= n; i++) sorted[i] = values[i]
        for (i = 2; i <= n; i++) for (j = i; j > 1 && sorted[j - 1] > sorted[j]; j--) { t = sorted[j]; sorted[j] = sorted[j - 1]; sorted[j - 1] = t }
    }
    function median(values, n,    sorted) {
        sort(values, n, sorted)
        return n % 2 ? sorted[(n + 1) / 2] : (sorted[n / 2] + sorted[n / 2 + 1]) / 2
    }
    function quartile(values, n, q,    sorted) {
        sort(values, n, sorted)
        return sorted[int((n - 1) * q + 1.5)]
    }
    END {
        printf "nytreader refresh of %d articles, empty cache: %.1f ms; the same refresh in C: %.1f ms (medians of %d runs each, start to exit, the two in turns)\n", articles, median(ours, NR), median(c, NR), NR
        printf "nytreader ÷ C: %.2f× (median of the %d pairs; quartiles %.2f×–%.2f×)\n", median(ratio, NR), NR, quartile(ratio, NR, 0.25), quartile(ratio, NR, 0.75)
    }'
echo "nytreader --version: $(median "$bin/nytreader" --version) ms; /bin/true: $(median /bin/true) ms"
echo "the C program's parts, five runs:"
for run in 1 2 3 4 5; do "$floor" "$schema" "$url"; done
