#!/usr/bin/env bash
# bench/profile.sh [PATH...]: seeds bench/run.sh's data (bench/pages.sh), starts a release resett and the fixture, and
# for each PATH (signed in as the moderator when it starts with "mod:", else as the member) prints the fixture's
# /fortunes and the page side by side (wrk, 1 thread, 64 connections, with the server's CPU time per request), then,
# with PROFILE=1, samples the page with `perf record` and prints the hottest symbols (the samples stay in bench/.work/profile/perf-N.data, N the PATH's place). A quick loop for one page; bench/run.sh remains the measurement.
# PROFILE=dwarf unwinds each sample from its stack copy instead of frame pointers: slower to record, but the system's
# libsqlite3 and libc keep no frame pointers, so only this way does their time land under the Swift function that
# called them (with PROFILE=1 a third of a page's samples have no caller); it prints the hottest functions with
# everything they called.
# Env: BENCH_SECONDS (default 4), PROFILE (0, 1 or dwarf).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD secs=${BENCH_SECONDS:-4} work=$root/bench/.work/profile
mkdir -p "$work" && rm -f "$work"/*.sqlite*
command -v wrk >/dev/null || { echo "installing wrk"; apt-get install -y -qq wrk >/dev/null; }
# Built as bench/run.sh builds them (as the Dockerfile ships Resett).
build=(swift build -c release --static-swift-stdlib)
"${build[@]}" --product resett >/dev/null
"${build[@]}" --product ResettBenchFixture >/dev/null
bin=$("${build[@]}" --show-bin-path)
eval "$(bench/pages.sh "$bin/resett" "$work/resett.sqlite" "$root")"
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT
PORT=8192 DB_PATH=$work/fixture.sqlite ROOT=$root/bench/fixture "$bin/ResettBenchFixture" >"$work/fixture.log" 2>&1 & pids+=($!)
"$bin/resett" serve --port 8194 --db "$work/resett.sqlite" --log-level notice --max-connections-per-address 20000 \
  >"$work/resett.log" 2>&1 & pids+=($!); resett=$!
for probe in 8192/plaintext 8194/healthz; do
  for _ in $(seq 1 100); do curl -sf -o /dev/null "http://127.0.0.1:$probe" && break; sleep 0.1; done
done
member=$(bench/login.sh 8194 member@bench.example)
moderator=$(bench/login.sh 8194 moderator@bench.example)
# Server CPU per request: the process's user and system time (clock ticks, 100 a second) over the run, divided by the
# requests it answered (req/s x seconds), so a page is compared with the fixture on the work each costs.
fixture_pid=${pids[0]}
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
cpu_line() { # pid, ticks before, wrk-page.sh's line
  local rps after us
  rps=$(sed -n 's/.* rps=\([0-9.]*\).*/\1/p' <<<"$3"); after=$(ticks "$1")
  us=$(awk -v t=$((after - $2)) -v r="${rps:-0}" -v s="$secs" 'BEGIN { printf "%.0f", (r > 0 ? t * 10000 / (r * s) : 0) }')
  echo "$3 cpu=${us}us/req"
}
before=$(ticks "$fixture_pid")
cpu_line "$fixture_pid" "$before" "$(bench/wrk-page.sh http://127.0.0.1:8192/fortunes "$secs" 64 "")" | sed 's/^/fixture: /'
n=0
for arg in "${@:-/}"; do
  n=$((n + 1))
  cookie=$member path=$arg
  if [[ $arg == mod:* ]]; then cookie=$moderator path=${arg#mod:}; fi
  path=${path//HELD/$held_post}
  bytes=$(curl -s -H "Cookie: $cookie" "http://127.0.0.1:8194$path" | wc -c)
  before=$(ticks "$resett")
  echo "page: $path ($bytes bytes) $(cpu_line "$resett" "$before" "$(bench/wrk-page.sh "http://127.0.0.1:8194$path" "$secs" 64 "$cookie")")"
  if [[ ${PROFILE:-0} == 1 || ${PROFILE:-0} == dwarf ]]; then
    graph=(-F 2000 -g) report=(--no-children --percent-limit 0.7)
    if [[ $PROFILE == dwarf ]]; then graph=(-F 800 --call-graph dwarf,32768) report=(--children --percent-limit 2); fi
    wrk -t1 -c64 -d"$((secs + 2))s" -H "Cookie: $cookie" "http://127.0.0.1:8194$path" >/dev/null & load=$!
    sleep 1
    perf record -q "${graph[@]}" -p "$resett" -o "$work/perf-$n.data" -- sleep "$secs" 2>/dev/null
    wait "$load"
    perf report -i "$work/perf-$n.data" "${report[@]}" --stdio -g none 2>/dev/null \
      | grep -v '^#' | grep -v '^$' | head -45 || true # head stops reading early: perf's SIGPIPE is not a failure
  fi
done
