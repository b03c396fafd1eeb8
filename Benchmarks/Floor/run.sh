#!/bin/bash
# make bench-floor: a first `nytreader refresh` of 1,000 articles (or ARTICLES) from loopback into an empty cache and
# `nytreader --version` (the program's fixed start-up), each timed from start to exit (median of 9), beside
# floor.c doing the same refresh in C with nothing of its own, from the same server (each run printed).
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
refreshes=0
refresh() {
    refreshes=$((refreshes + 1))
    HOME=$work NYT_API_KEY=floor "$bin/nytreader" refresh --section home --db "$work/refresh-$refreshes.sqlite" --api-base-url "$url"
}
# The median of 9 runs of a command, in ms, start to exit (the clock is bash's, read without a process).
median() {
    times=""
    for run in 1 2 3 4 5 6 7 8 9; do
        started=${EPOCHREALTIME/./}
        "$@" > /dev/null
        times="$times $(( ${EPOCHREALTIME/./} - started ))"
    done
    echo $times | tr ' ' '\n' | sort -n | sed -n 5p | awk '{printf "%.1f", $1 / 1000}'
}
echo "nytreader refresh of $articles articles, empty cache: $(median refresh) ms (median of 9, start to exit)"
echo "nytreader --version: $(median "$bin/nytreader" --version) ms; /bin/true: $(median /bin/true) ms"
# The same refresh in C, with the schema of the ninth refresh's cache (median runs in a subshell of its own).
# Its cache goes in $work, removed on exit even when a run fails.
export TMPDIR=$work
echo "the same refresh in C: $(median "$floor" "$work/refresh-9.sqlite" "$url") ms (median of 9, start to exit); its parts:"
for run in 1 2 3 4 5; do "$floor" "$work/refresh-9.sqlite" "$url"; done
