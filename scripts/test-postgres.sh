#!/usr/bin/env bash
# A throwaway PostgreSQL for the tests: `scripts/test-postgres.sh start DIR` initialises a cluster in DIR (owned by
# the `postgres` user when run as root, since initdb refuses root), listens on a unix socket in DIR only (no TCP
# port to collide with), and prints the URL to use; `scripts/test-postgres.sh stop DIR` stops it and removes DIR.
set -euo pipefail
command=${1:?start or stop}
dir=${2:?a folder for the cluster}
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
case "$command" in
  start)
    mkdir -p "$dir"
    if [ "$(id -u)" = 0 ]; then chown postgres "$dir"; fi
    as_owner "$bin/initdb" -D "$dir/data" -U resett --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; exit 1; }
    # Quick and disposable: no fsync (a test cluster is thrown away), enough connections for many app instances.
    # RESETT_PG_DURABLE=1 (the benchmarks) keeps PostgreSQL's durable defaults, to compare fairly with SQLite.
    durability="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    if [ "${RESETT_PG_DURABLE:-}" = 1 ]; then durability=""; fi
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-k $dir -c listen_addresses='' $durability -c max_connections=400" \
      start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
    as_owner "$bin/createdb" -h "$dir" -U resett resett
    echo "postgresql://resett@/resett?host=$dir"
    ;;
  stop)
    if [ -d "$dir/data" ]; then as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true; fi
    rm -rf "$dir"
    ;;
  *) echo "usage: $0 start|stop DIR" >&2; exit 2 ;;
esac
