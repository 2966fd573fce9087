#!/usr/bin/env bash
# bench/run.sh: Resett's HTTP server against Hummingbird 2 (hb-peer) and nginx (one worker), in ONE run.
#
# Builds release, starts every server on loopback, validates /fortunes bodies, drives each route with wrk
# (../shared/peers/bench.sh: 1 thread, 64 connections) and prints one table with requests/s, p50, p99 and
# peak RSS (each signed-in page beside the fixture's /fortunes measured just before and just after it), then holds 10,000 idle keep-alive connections against Resett and reports RSS and threads.
# Every comparison is made BENCH_ROUNDS times, its runs interleaved (A B, A B, ...), and judged on the median round: on
# this shared machine one run of the same page moves by a tenth or more against the next (see the pages' loop below).
# Each run is preceded by one uncounted second of the same load (see warm()).
# Env: BENCH_SECONDS (each run, default 4), BENCH_ROUNDS (3), BENCH_CONNECTIONS (64), IDLE_CONNECTIONS (10000), PEERS (../shared/peers).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
secs=${BENCH_SECONDS:-4}
rounds=${BENCH_ROUNDS:-3}
conns=${BENCH_CONNECTIONS:-64}
idle=${IDLE_CONNECTIONS:-10000}
peers=$(cd "${PEERS:-../shared/peers}" && pwd)
work=$root/bench/.work
results=$root/bench/results
mkdir -p "$work" "$results"
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"

need() { command -v "$1" >/dev/null || { echo "installing $2"; apt-get install -y -qq "$2" >/dev/null; }; }
need wrk wrk
need nginx nginx-light

echo "== building (release)"
# Only the products measured: the fuzz targets reach internals with @testable, which release builds refuse. Both as the
# Dockerfile ships Resett, with the Swift runtime and Foundation linked in (--static-swift-stdlib); hb-peer as its own
# package builds it.
build=(swift build -c release --static-swift-stdlib)
"${build[@]}" --product resett >/dev/null
"${build[@]}" --product ResettBenchFixture >/dev/null
bin=$("${build[@]}" --show-bin-path)
if [[ ! -x $work/hb-peer/.build/release/hb-peer ]]; then
  rm -rf "$work/hb-peer" && cp -r "$peers/hb-peer" "$work/hb-peer"
  (cd "$work/hb-peer" && swift build -c release >/dev/null)
fi
rm -rf "$work/nginx" && cp -r "$peers/nginx" "$work/nginx" && mkdir -p "$work/nginx/run/w1"

pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT

rm -f "$work"/*.sqlite*
echo "== seeding realistic data for the signed-in pages"
eval "$(bench/pages.sh "$bin/resett" "$work/resett.sqlite" "$root")"
PORT=8181 DB_PATH=$work/hb.sqlite "$work/hb-peer/.build/release/hb-peer" >"$work/hb.log" 2>&1 & pids+=($!); hb=$!
PORT=8182 DB_PATH=$work/fixture.sqlite ROOT=$root/bench/fixture "$bin/ResettBenchFixture" >"$work/fixture.log" 2>&1 & pids+=($!); fixture=$!
(cd "$work/nginx" && exec nginx -c "$PWD/nginx-w1.conf" -p "$PWD/" -e run/w1/error.log) & pids+=($!); ngx=$!
"$bin/resett" serve --port 8184 --db "$work/resett.sqlite" --log-level notice --max-connections-per-address 20000 >"$work/resett.log" 2>&1 & pids+=($!); resett=$!
# Wait until each server answers, asking each for its cheapest route, so "idle RSS" below is a server that
# has answered once and served nothing else (the same for every server).
for probe in 8181/plaintext 8182/plaintext 8183/plaintext 8184/healthz; do
  for _ in $(seq 1 100); do curl -sf -o /dev/null "http://127.0.0.1:$probe" && break; sleep 0.1; done
done
sleep 1
rss() { awk '/^VmRSS/ {print $2}' "/proc/$1/status"; }
hwm() { awk '/^VmHWM/ {print $2}' "/proc/$1/status"; }
ngxworker=$(pgrep -P "$ngx" | head -1 || echo "$ngx")
idle_hb=$(rss $hb); idle_fixture=$(rss $fixture); idle_resett=$(rss $resett)

echo "== validating /fortunes"
for url in http://127.0.0.1:8182/fortunes http://127.0.0.1:8181/fortunes http://127.0.0.1:8181/fortunes-parent; do
  curl -s "$url" >"$work/body.html"; printf '%s: ' "$url"; python3 "$peers/check_fortunes.py" "$work/body.html"
done

echo "== wrk: ${secs}s a run, $rounds rounds, $conns connections, 1 thread, on $(nproc) cores"
lines=$results/lines.txt; : >"$lines"
# A line per run, "SERVER ROUTE#ROUND url=... rps=...", in the order taken. Each run follows a second of the same load
# that is not counted: a server idle while another was measured starts cold, and its first requests' latencies (a
# tenth to a quarter more at p99 in a 4-second run at d1144ce) are the switch, not the server.
warm() { wrk -t1 -c"$conns" -d1s ${2:+-H "Cookie: $2"} "$1" >/dev/null 2>&1 || true; }
run() { warm "$3"; printf '%s %s#%s ' "$1" "$2" "$round" >>"$lines"; "$peers/bench.sh" "$3" "$secs" "$conns" | tee -a "$lines"; }
for round in $(seq 1 "$rounds"); do
  run hb-peer /plaintext http://127.0.0.1:8181/plaintext
  run resett-fixture /plaintext http://127.0.0.1:8182/plaintext
  run hb-peer /fortunes http://127.0.0.1:8181/fortunes
  run hb-peer /fortunes-parent http://127.0.0.1:8181/fortunes-parent
  run resett-fixture /fortunes http://127.0.0.1:8182/fortunes
  run nginx /plaintext-file http://127.0.0.1:8183/plaintext
  run resett /robots.txt http://127.0.0.1:8184/robots.txt
  run resett /healthz http://127.0.0.1:8184/healthz
  run resett "/ (template+SQLite)" http://127.0.0.1:8184/
done

# Every page a member or a moderator sees, signed in, with the seeded data.
member=$(bench/login.sh 8184 member@bench.example)
moderator=$(bench/login.sh 8184 moderator@bench.example)
# This loop takes minutes, and a shared machine's speed drifts over minutes by tens of percent (the last column of
# bench/LAST_RUN.txt shows it). So each run of a page is taken between two runs of the fixture's /fortunes (the one after
# a run is the one before the next), and held to the bar against their mean, not against one taken minutes before: a
# single neighbour moved the ratio by up to a quarter from one page to the next (41.9k then 34.6k req/s at 87869b3), and
# one 10-second run of a page against the next by a tenth (so the median of three rounds is the page's verdict).
fixture_run() { run fixture-beside "$1" http://127.0.0.1:8182/fortunes >/dev/null; }
page() {
  for round in $(seq 1 "$rounds"); do
    fixture_run "$1"
    warm "http://127.0.0.1:8184$2" "$3"
    printf 'resett-page %s#%s ' "$1" "$round" >>"$lines"; bench/wrk-page.sh "http://127.0.0.1:8184$2" "$secs" "$conns" "$3" | tee -a "$lines"
  done
}
for path in / /emotions/stressed /resets/stressed-grounding-walk "/runs/$step_run/steps/3" "/runs/$mood_run/mood" \
            "/runs/$result_run/result" /you /check-in /insights /calendar /calendar/year "/calendar/$yesterday" /community /account /account/profile \
            /account/security /account/appearance /account/data /account/sessions /account/subscription /paywall /help /help/now \
            /setbacks /setbacks/new "/setbacks/$setback" /setbacks/templates /setbacks/insights /practices /practices/container \
            /practices/timer "/practices/sessions/$practice/steps/2" "/practices/sessions/$practice" /glimmers /worries /actions /welcome \
            /unlock /account/reminders; do
  page "member $path" "$path" "$member"
done
for path in /admin /admin/moderation "/admin/moderation/posts/$held_post" /admin/audit /community; do
  page "moderator $path" "$path" "$moderator"
done
round=1 fixture_run "(after the last page)"

echo "== $idle idle keep-alive connections against resett"
idle_line=$(python3 "$root/bench/idle_connections.py" 8184 "$idle" "$resett")
echo "$idle_line"

python3 - "$lines" "$idle_hb" "$idle_fixture" "$idle_resett" "$(hwm $hb)" "$(hwm $fixture)" "$(hwm $resett)" "$(hwm $ngxworker)" "$idle_line" "$(nproc)" <<'PY'
import re, sys
lines, idle_hb, idle_fx, idle_rs, hwm_hb, hwm_fx, hwm_rs, hwm_ngx, idle_line, cores = sys.argv[1:]
def ms(v):
    m = re.match(r"([\d.]+)(us|ms|s)", v)
    return float(m.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[m.group(2)] if m else float("nan")
# Every run in the order taken: (server, route, round) -> (req/s, p50 ms, p99 ms, not 2xx).
runs = []
for line in open(lines):
    m = re.match(r"(\S+) (.+?)#(\d+) url=\S+ .*rps=([\d.]+) p50=(\S+) p99=(\S+)(?:.*non2xx=(\d+))?", line)
    if m: runs.append(((m.group(1), m.group(2)), int(m.group(3)), (float(m.group(4)), ms(m.group(5)), ms(m.group(6)), int(m.group(7) or 0))))
peak = {"hb-peer": hwm_hb, "resett-fixture": hwm_fx, "resett": hwm_rs, "nginx": hwm_ngx, "resett-page": hwm_rs}
def median(values):
    ordered = sorted(values)
    return ordered[len(ordered) // 2] if len(ordered) % 2 else (ordered[len(ordered) // 2 - 1] + ordered[len(ordered) // 2]) / 2
by_round = {}
for key, rnd, values in runs: by_round.setdefault(key, {})[rnd] = values
def summary(key):
    """A route's median req/s, p50 and p99 over its rounds, and every round's answers that were not 200."""
    rs = by_round[key].values()
    return median([r[0] for r in rs]), median([r[1] for r in rs]), median([r[2] for r in rs]), sum(r[3] for r in rs)
def beside(index):
    """The fixture's /fortunes around the page run at `index`: the mean of the fixture runs just before and after it."""
    fixture = [runs[i][2] for i in (index - 1, index + 1) if 0 <= i < len(runs) and runs[i][0][0] == "fixture-beside"]
    return sum(r[0] for r in fixture) / len(fixture), sum(r[2] for r in fixture) / len(fixture)
# Per page, each round's ratios to the fixture around that run: (req/s ratio, p99 over the bar's p99, not 2xx).
page_rounds = {}
for index, (key, rnd, values) in enumerate(runs):
    if key[0] == "resett-page":
        rps, p99 = beside(index)
        page_rounds.setdefault(key[1], []).append((values[0] / rps, values[2] / (2 * p99), rps, p99))
print(f"\n{'server':16} {'route':42} {'req/s':>10} {'p50 ms':>8} {'p99 ms':>8} {'peak RSS MB':>12} {'/fortunes around it':>22}")
for key in by_round:
    if key[0] == "fixture-beside": continue
    rps, p50, p99, _ = summary(key)
    around = f" {median([r[2] for r in page_rounds[key[1]]]):10.0f} p99 {median([r[3] for r in page_rounds[key[1]]]):5.2f}" if key[0] == "resett-page" else ""
    print(f"{key[0]:16} {key[1][:42]:42} {rps:10.0f} {p50:8.2f} {p99:8.2f} {int(peak[key[0]])/1024:12.1f}{around}")
print(f"\nidle RSS MB: hb-peer {int(idle_hb)/1024:.1f}, resett-fixture {int(idle_fx)/1024:.1f}, resett {int(idle_rs)/1024:.1f}; cores: {cores}")
print(f"idle connections: {idle_line}")
print(f"medians of {max(len(r) for r in by_round.values())} rounds, each pair of runs taken one after the other")
def bar(name, ok, detail): print(f"{'PASS' if ok else 'MISS'}  {name}: {detail}")
def pair(a, b):
    """Round by round, a's req/s over b's and a's p99 over b's: their medians."""
    both = [r for r in by_round.get(a, {}) if r in by_round.get(b, {})]
    if not both: return None
    return (median([by_round[a][r][0] / by_round[b][r][0] for r in both]),
            median([by_round[a][r][2] / by_round[b][r][2] for r in both]))
print()
if (ratio := pair(("resett-fixture", "/plaintext"), ("hb-peer", "/plaintext"))):
    bar("plaintext >= 1.2x hb-peer, p99 no higher", ratio[0] >= 1.2 and ratio[1] <= 1, f"{ratio[0]:.2f}x, p99 {ratio[1]:.2f}x")
if (ratio := pair(("resett-fixture", "/fortunes"), ("hb-peer", "/fortunes-parent"))):
    bar("fortunes >= 1.2x hb-peer /fortunes-parent, p99 no higher", ratio[0] >= 1.2 and ratio[1] <= 1, f"{ratio[0]:.2f}x, p99 {ratio[1]:.2f}x")
if (ratio := pair(("resett", "/robots.txt"), ("nginx", "/plaintext-file"))):
    bar("static file >= 0.9x nginx (1 worker)", ratio[0] >= 0.9, f"{ratio[0]:.2f}x")
bar("idle RSS <= hb-peer", int(idle_rs) <= int(idle_hb), f"resett {int(idle_rs)/1024:.1f} MB vs hb-peer {int(idle_hb)/1024:.1f} MB")
# Each page against the fixture's /fortunes measured around each of its runs (see page() above): the median round.
for route, rounds in page_rounds.items():
    speed, tail = median([r[0] for r in rounds]), median([r[1] for r in rounds])
    non2xx = summary(("resett-page", route))[3]
    bar(f"{route}: >= 0.5x fixture /fortunes, p99 <= 2x", speed >= 0.5 and tail <= 1 and non2xx == 0,
        f"{speed:.2f}x, p99 {tail:.2f} of the bar (rounds " + " ".join(f"{r[0]:.2f}/{r[1]:.2f}" for r in rounds) + ")"
        + (f", {non2xx} not 200" if non2xx else ""))
PY
