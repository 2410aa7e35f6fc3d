#!/usr/bin/env bash
# The scale-out services for development and tests, on this machine (Debian bookworm):
# installs Debian's PostgreSQL and Redis when missing, starts a PostgreSQL cluster of its own
# on a loopback port, creates the `pagewright` database and prints its DATABASE_URL.
#
#   bash scripts/scale-up.sh          start (idempotent: a running cluster is left as it is)
#   bash scripts/scale-up.sh stop     stop the cluster this script runs (nothing else)
#
# The cluster is for development and tests: trust authentication on loopback only, and no
# fsync (a crash of the machine may lose it). Production points DATABASE_URL at a real server.
# SCALE_PG_PORT (55432) and SCALE_DIR (/tmp/pagewright-scale) move it. As root, PostgreSQL
# runs as the `postgres` user the Debian package creates (it refuses to run as root).
set -euo pipefail
cd "$(dirname "$0")/.."

PG_PORT=${SCALE_PG_PORT:-55432}
SCALE_DIR=${SCALE_DIR:-/tmp/pagewright-scale}
PG_DIR="$SCALE_DIR/postgres"
PG_DATA="$PG_DIR/data"
PG_DB=pagewright
action=${1:-start}

say() { echo "scale-up: $*" >&2; }

# Runs a command as the cluster's owner: `postgres` when we are root, ourselves otherwise.
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

pg_bin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [ -n "$dir" ] || { say "PostgreSQL binaries not found under /usr/lib/postgresql"; exit 1; }
  echo "$dir"
}

running() {
  [ -f "$PG_DATA/PG_VERSION" ] && as_owner "$(pg_bin)/pg_ctl" -D "$PG_DATA" status >/dev/null 2>&1
}

if [ "$action" = stop ]; then
  if running; then
    as_owner "$(pg_bin)/pg_ctl" -D "$PG_DATA" -m fast -w stop >/dev/null
    say "PostgreSQL on port $PG_PORT stopped"
  else
    say "PostgreSQL of $PG_DATA is not running"
  fi
  exit 0
fi
[ "$action" = start ] || { say "usage: scale-up.sh [start|stop]"; exit 2; }

missing=()
for pkg in postgresql redis-server; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
done
if ((${#missing[@]})); then
  say "installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi
BIN=$(pg_bin)

if [ ! -f "$PG_DATA/PG_VERSION" ]; then
  mkdir -p "$PG_DIR"
  [ "$(id -u)" = 0 ] && chown postgres:postgres "$PG_DIR"
  # C collation: text sorts and compares by code point, as SQLite's does.
  as_owner "$BIN/initdb" -D "$PG_DATA" -U postgres --auth=trust -E UTF8 --no-locale >/dev/null
  say "cluster created in $PG_DATA"
fi

if running; then
  say "PostgreSQL already running on port $PG_PORT"
else
  if ! as_owner "$BIN/pg_ctl" -D "$PG_DATA" -l "$PG_DIR/server.log" -w -t 60 start -o "-c listen_addresses=127.0.0.1 -c port=$PG_PORT -c unix_socket_directories=$PG_DIR -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" >/dev/null; then
    say "PostgreSQL did not start; its log:"
    tail -n 20 "$PG_DIR/server.log" >&2
    exit 1
  fi
  # The test run reads this line to know it may stop the cluster when it ends.
  say "PostgreSQL started on port $PG_PORT"
fi

psql_admin() { as_owner "$BIN/psql" -X -q -h 127.0.0.1 -p "$PG_PORT" -U postgres -d postgres -v ON_ERROR_STOP=1 "$@"; }
if [ -z "$(psql_admin -tAc "select 1 from pg_database where datname = '$PG_DB'")" ]; then
  psql_admin -c "create database $PG_DB"
fi

echo "DATABASE_URL=postgres://postgres@127.0.0.1:$PG_PORT/$PG_DB"
