#!/usr/bin/env bash
# bench/backends.sh: the same signed-in pages on SQLite and on PostgreSQL, one run, one table; then two app nodes
# against one PostgreSQL versus one node; then where the time goes on PostgreSQL (perf).
#
# Pages: home (emotion selector), an emotion's list, a reset step, the calendar month of a member with five years
# of daily history, and the community feed with 10,000 posts. Release build; PostgreSQL 15 with its durable
# defaults (fsync on) on a unix socket; wrk with one thread. Env: BENCH_SECONDS (10), BENCH_CONNECTIONS (32).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
secs=${BENCH_SECONDS:-10}
conns=${BENCH_CONNECTIONS:-32}
work=$root/bench/.work/backends
out=$root/bench/BACKENDS_LAST_RUN.txt
rm -rf "$work" && mkdir -p "$work"
command -v wrk >/dev/null || apt-get install -y -qq wrk >/dev/null

echo "== building (release, as the Dockerfile ships it)"
build=(swift build -c release --static-swift-stdlib)
"${build[@]}" --product resett >/dev/null
bin=$("${build[@]}" --show-bin-path)/resett

pgdir=$(mktemp -d /tmp/resett-bench-postgres-XXXXXX)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; scripts/test-postgres.sh stop "$pgdir"; }
trap cleanup EXIT
pgurl=$(RESETT_PG_DURABLE=1 scripts/test-postgres.sh start "$pgdir")
sqlite=$work/resett.sqlite
run_id=feedfacefeedfacefeedfacefeedface

# One member (an admin, so no daily limit) with five years of daily runs, an unfinished run for the step page, and
# 10,000 community posts.
seed() {
  local db=$1 sql=$2
  "$bin" migrate --db "$db" --root "$root" 2>/dev/null
  echo "a calm and steady passphrase" | "$bin" user create --db "$db" --root "$root" --tenant default \
    --email bench@example.com --password-stdin --role admin >/dev/null
  $sql
}
seed_sqlite() {
  sqlite3 "$sqlite" <<SQL
WITH RECURSIVE d(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM d WHERE n < 1825)
INSERT INTO runs (id, tenant_id, account_id, reset_id, emotion, started_at, local_day, local_time, step_count,
                  steps_reached, outcome, finished_at, mood, duration_seconds)
SELECT lower(hex(randomblob(16))), a.tenant_id, a.id, 'tired-blink-track', 'tired', strftime('%s', 'now') - n * 86400,
       date('now', '-' || n || ' days'), '08:00', 8, 8, 'completed', strftime('%s', 'now') - n * 86400 + 90, n % 10 + 1, 90
FROM d, accounts a WHERE a.email = 'bench@example.com';
INSERT INTO runs (id, tenant_id, account_id, reset_id, emotion, started_at, local_day, local_time, step_count)
SELECT '$run_id', tenant_id, id, 'tired-blink-track', 'tired', strftime('%s', 'now'), date('now'), '08:00', 8
FROM accounts WHERE email = 'bench@example.com';
WITH RECURSIVE p(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM p WHERE n < 10000)
INSERT INTO posts (id, tenant_id, author_id, topic, body, status, created_at)
SELECT lower(hex(randomblob(16))), a.tenant_id, a.id, 'wins', 'Post number ' || n || ': a small win today.', 'visible',
       strftime('%s', 'now') - (10000 - n) * 60
FROM p, accounts a WHERE a.email = 'bench@example.com';
SQL
}
seed_postgres() {
  psql -q "$pgurl" <<SQL
INSERT INTO runs (id, tenant_id, account_id, reset_id, emotion, started_at, local_day, local_time, step_count,
                  steps_reached, outcome, finished_at, mood, duration_seconds)
SELECT md5(random()::text || n), a.tenant_id, a.id, 'tired-blink-track', 'tired', extract(epoch FROM now())::bigint - n * 86400,
       to_char(current_date - n, 'YYYY-MM-DD'), '08:00', 8, 8, 'completed', extract(epoch FROM now())::bigint - n * 86400 + 90,
       n % 10 + 1, 90
FROM generate_series(1, 1825) n, accounts a WHERE a.email = 'bench@example.com';
INSERT INTO runs (id, tenant_id, account_id, reset_id, emotion, started_at, local_day, local_time, step_count)
SELECT '$run_id', tenant_id, id, 'tired-blink-track', 'tired', extract(epoch FROM now())::bigint, to_char(current_date, 'YYYY-MM-DD'),
       '08:00', 8 FROM accounts WHERE email = 'bench@example.com';
INSERT INTO posts (id, tenant_id, author_id, topic, body, status, created_at)
SELECT md5(random()::text || n), a.tenant_id, a.id, 'wins', 'Post number ' || n || ': a small win today.', 'visible',
       extract(epoch FROM now())::bigint - (10000 - n) * 60
FROM generate_series(1, 10000) n, accounts a WHERE a.email = 'bench@example.com';
ANALYZE;
SQL
}
echo "== seeding both databases"
seed "$sqlite" seed_sqlite
seed "$pgurl" seed_postgres

start() {  # start PORT DB: a node; prints its pid
  "$bin" serve --port "$1" --db "$2" --root "$root" --log-level warning --max-connections-per-address 20000 \
    >"$work/node-$1.log" 2>&1 &
  local pid=$!
  for _ in $(seq 1 100); do curl -sf -o /dev/null "http://127.0.0.1:$1/healthz" && break; sleep 0.1; done
  echo "$pid"
}
session() {  # session PORT: signs in; prints the session cookie
  local jar=$work/jar-$1 csrf
  csrf=$(curl -s -c "$jar" "http://127.0.0.1:$1/login" | grep -o 'name="_csrf" value="[0-9a-f]*"' | head -1 | sed 's/.*value="//; s/"//')
  curl -s -b "$jar" -c "$jar" -o /dev/null -H "Origin: http://127.0.0.1:$1" \
    --data-urlencode "email=bench@example.com" --data-urlencode "password=a calm and steady passphrase" \
    --data-urlencode "_csrf=$csrf" "http://127.0.0.1:$1/login"
  awk '$6 == "resett_session" {print $7}' "$jar"
}
measure() {  # measure LABEL URL COOKIE CONNECTIONS: one wrk run; appends "label rps p50 p99 non2xx"
  local raw
  raw=$(wrk -t1 -c"$4" -d"${secs}s" --timeout 10s --latency -H "Cookie: resett_session=$3" "$2" 2>&1)
  local rps p50 p99 non2xx
  rps=$(awk '/^Requests\/sec:/ {print $2}' <<<"$raw"); p50=$(awk '$1=="50%" {print $2}' <<<"$raw")
  p99=$(awk '$1=="99%" {print $2}' <<<"$raw"); non2xx=$(awk -F': ' '/Non-2xx or 3xx responses/ {print $2}' <<<"$raw")
  printf '%s|%s|%s|%s|%s\n' "$1" "${rps:-?}" "${p50:-?}" "${p99:-?}" "${non2xx:-0}" | tee -a "$work/lines"
}
pages=("/" "/emotions/tired" "/runs/$run_id/steps/1" "/calendar" "/community")
: >"$work/lines"

echo "== one node on SQLite, then one node on PostgreSQL: ${secs}s each, $conns connections, on $(nproc) cores"
for backend in sqlite postgres; do
  db=$sqlite; [[ $backend == postgres ]] && db=$pgurl
  pid=$(start 8190 "$db"); pids+=("$pid")
  cookie=$(session 8190)
  for page in "${pages[@]}"; do
    code=$(curl -s -o /dev/null -w '%{http_code}' -H "Cookie: resett_session=$cookie" "http://127.0.0.1:8190$page")
    [[ $code == 200 ]] || { echo "$backend $page answered $code"; exit 1; }
    measure "$backend $page" "http://127.0.0.1:8190$page" "$cookie" "$conns"
  done
  if [[ $backend == postgres ]]; then
    echo "== perf: where the time goes serving /community on PostgreSQL"
    wrk -t1 -c"$conns" -d8s -H "Cookie: resett_session=$cookie" "http://127.0.0.1:8190/community" >/dev/null 2>&1 &
    sleep 1
    perf record -F 499 -g -a -o "$work/perf.data" -- sleep 5 >/dev/null 2>&1 || true
    wait
    perf report -i "$work/perf.data" --no-children --sort comm,dso --stdio 2>/dev/null | grep -E '^ +[0-9]' | head -12 >"$work/perf-by-process.txt" || true
    perf report -i "$work/perf.data" --no-children --comm resett --sort symbol --stdio 2>/dev/null | grep -E '^ +[0-9]' | head -15 >"$work/perf-resett.txt" || true
  fi
  kill "$pid"
  while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
done

echo "== two nodes against one PostgreSQL versus one node"
one=$(start 8191 "$pgurl"); pids+=("$one")
two=$(start 8192 "$pgurl"); pids+=("$two")
cookie=$(session 8191)
for page in /community /calendar; do
  measure "1 node $page" "http://127.0.0.1:8191$page" "$cookie" "$conns"
  measure "2 nodes $page (node 1)" "http://127.0.0.1:8191$page" "$cookie" "$((conns / 2))" &
  measure "2 nodes $page (node 2)" "http://127.0.0.1:8192$page" "$cookie" "$((conns / 2))"
  wait %1 2>/dev/null || true
done

python3 - "$work/lines" "$(nproc)" "$secs" "$conns" "$work/perf-by-process.txt" "$work/perf-resett.txt" >"$out" <<'PY'
import sys
lines, cores, secs, conns, by_process, resett = sys.argv[1:]
rows = [line.rstrip("\n").split("|") for line in open(lines) if line.strip()]
print(f"# bench/backends.sh: {secs}s per run, {conns} connections (wrk, 1 thread), {cores} cores shared by wrk, the app and PostgreSQL")
print("| run | req/s | p50 | p99 | non-2xx |")
print("|---|---|---|---|---|")
for label, rps, p50, p99, non2xx in rows:
    print(f"| {label} | {float(rps):,.0f} | {p50} | {p99} | {non2xx} |" if rps != "?" else f"| {label} | ? | ? | ? | {non2xx} |")
def total(prefix):
    return sum(float(r[1]) for r in rows if r[0].startswith(prefix) and r[1] != "?")
for page in ["/community", "/calendar"]:
    print(f"\n{page}: one node {total('1 node ' + page):,.0f} req/s; two nodes together {total('2 nodes ' + page):,.0f} req/s")
print("\nperf, serving /community on PostgreSQL (share of all samples, by process and library):")
print(open(by_process).read() if open(by_process).read().strip() else "(perf unavailable)")
print("perf, inside resett (by symbol):")
print(open(resett).read() if open(resett).read().strip() else "(perf unavailable)")
PY
cat "$out"
