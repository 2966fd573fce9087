#!/usr/bin/env bash
# bench/wrk-page.sh URL SECONDS CONNECTIONS COOKIE: as ../shared/peers/bench.sh (wrk, 1 thread, keep-alive, the same
# summary line), signed in with COOKIE. Every answer must be a 200: a redirect to the login page would be fast and
# meaningless, so non2xx is printed and bench/run.sh treats it as a miss.
set -euo pipefail
url=$1 secs=$2 conns=$3 cookie=$4
out=$(wrk -t1 -c"$conns" -d"${secs}s" --timeout 10s --latency -H "Cookie: $cookie" "$url" 2>&1)
rps=$(awk '/^Requests\/sec:/ {print $2}' <<<"$out")
p50=$(awk '$1=="50%" {print $2}' <<<"$out")
p99=$(awk '$1=="99%" {print $2}' <<<"$out")
non2xx=$(awk -F': ' '/Non-2xx or 3xx responses/ {print $2}' <<<"$out")
printf 'url=%s c=%s d=%ss rps=%s p50=%s p99=%s non2xx=%s\n' "$url" "$conns" "$secs" "${rps:-?}" "${p50:-?}" "${p99:-?}" "${non2xx:-0}"
