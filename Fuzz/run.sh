#!/usr/bin/env bash
# Runs every fuzz target of the fuzz build for SECONDS each and prints one line per target: its name, the
# inputs run, the size of its corpus and the crashes found. The corpus grows in .build-fuzz/corpus/TARGET
# (seeded from Fuzz/Seeds/TARGET); a crash leaves its input in .build-fuzz/crashes/TARGET and the run's log
# in .build-fuzz/logs/TARGET.log. Exit status 1 when any target crashed.
#
# usage: Fuzz/run.sh BINARY SECONDS [TARGET...]
set -uo pipefail
cd "$(dirname "$0")/.."
binary=$1
seconds=$2
shift 2
work=.build-fuzz
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
	mapfile -t targets < <(NYTREADER_FUZZ_TARGET=list "$binary")
fi
# The reader's own crash reports would slow every crash down; libFuzzer prints the stack.
export SWIFT_BACKTRACE=enable=no
export LSAN_OPTIONS=suppressions=$PWD/Fuzz/lsan.supp
status=0
for target in "${targets[@]}"; do
	seeds=Fuzz/Seeds/$target
	if [ ! -d "$seeds" ]; then
		echo "$target: no seeds in $seeds" >&2
		status=1
		continue
	fi
	mkdir -p "$work/corpus/$target" "$work/crashes/$target" "$work/logs"
	options=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
		-artifact_prefix="$work/crashes/$target/")
	# The longest input: a response of a few items; a page of text; a hundred keys, each drawn.
	case $target in
		json|topstories|articlesearch-*|mostpopular|newswire|archive) options+=(-max_len=16384 -dict=Fuzz/json.dict) ;;
		keys) options+=(-max_len=512) ;;
		*) options+=(-max_len=4096) ;;
	esac
	# Leaks are looked for when the run ends, not after each input, where an input allocates more than it
	# frees: TOMLKit leaks on every document it reads (Fuzz/lsan.supp), and the frames a key input draws
	# leave caches behind; the checks after each input took 97 % (config) and 70 % (keys) of the time.
	case $target in
		config|keys) options+=(-detect_leaks=0) ;;
	esac
	before=$(find "$work/crashes/$target" -type f | wc -l)
	NYTREADER_FUZZ_TARGET=$target "$binary" "${options[@]}" "$work/corpus/$target" "$seeds" \
		> "$work/logs/$target.log" 2>&1
	result=$?
	crashes=$(( $(find "$work/crashes/$target" -type f | wc -l) - before ))
	if [ $result -ne 0 ] && [ $crashes -eq 0 ]; then crashes=1; fi
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/logs/$target.log" | tail -1)
	corpus=$(grep -o 'corp: [0-9]*' "$work/logs/$target.log" | tail -1 | cut -d' ' -f2)
	printf '%-26s runs %10s  corpus %6s  crashes %s\n' "$target" "${runs:-?}" "${corpus:-?}" "$crashes"
	if [ "$crashes" -ne 0 ]; then
		status=1
		echo "  log: $work/logs/$target.log; inputs: $work/crashes/$target/" >&2
	fi
done
exit $status
