#!/usr/bin/env bash
# A throwaway PostgreSQL for the server tests on 127.0.0.1:5433 (CI: root on Debian 12).
#   eval "$(bash .ci/postgres.sh start)"   installs Debian's postgresql if needed, starts it, prints `export DATABASE_URL=...`
#   bash .ci/postgres.sh stop               stops it and deletes its data
# Only the export line goes to stdout, so `eval` is safe; progress goes to stderr.
set -euo pipefail

PORT="${CI_PG_PORT:-5433}"
DIR="${CI_PG_DIR:-/tmp/storefront-ci-postgres}"
DB=storefront_test
ROLE=storefront
PASSWORD=storefront-ci
URL="postgres://${ROLE}:${PASSWORD}@127.0.0.1:${PORT}/${DB}"

log() { echo "[postgres.sh] $*" >&2; }

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

install_postgres() {
  [ -n "$(pg_bin)" ] && return
  [ "$(id -u)" -eq 0 ] || { log "PostgreSQL is not installed: run 'sudo apt-get install -y postgresql'"; exit 1; }
  log "installing Debian's postgresql"
  export DEBIAN_FRONTEND=noninteractive
  # Refresh the package lists only when apt has none or cannot find the package.
  if ! apt-cache show postgresql >/dev/null 2>&1; then apt-get -o DPkg::Lock::Timeout=900 update >&2; fi
  apt-get -o DPkg::Lock::Timeout=900 install -y --no-install-recommends postgresql >&2
}

# initdb and postgres refuse to run as root, so root runs them as the package's postgres user.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start() {
  install_postgres
  local bin
  bin="$(pg_bin)"
  if [ ! -f "$DIR/data/PG_VERSION" ]; then
    log "creating a cluster in $DIR"
    rm -rf "$DIR"
    mkdir -p "$DIR"
    [ "$(id -u)" -eq 0 ] && chown postgres: "$DIR"
    as_owner "$bin/initdb" -D "$DIR/data" -U postgres --auth-local=trust --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 >&2
  fi
  if ! as_owner "$bin/pg_ctl" -D "$DIR/data" status >/dev/null 2>&1; then
    log "starting on 127.0.0.1:$PORT"
    # fsync off: the data is thrown away after the run, speed matters more than durability here.
    as_owner "$bin/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >&2 \
      || { cat "$DIR/server.log" >&2; exit 1; }
  fi
  local psql=("$bin/psql" -h "$DIR" -p "$PORT" -U postgres -v ON_ERROR_STOP=1 -qtA)
  if [ "$(as_owner "${psql[@]}" -c "select 1 from pg_roles where rolname = '$ROLE'")" != 1 ]; then
    as_owner "${psql[@]}" -c "create role $ROLE login createdb password '$PASSWORD'" >&2
  fi
  if [ "$(as_owner "${psql[@]}" -c "select 1 from pg_database where datname = '$DB'")" != 1 ]; then
    as_owner "${psql[@]}" -c "create database $DB owner $ROLE" >&2
  fi
  echo "export DATABASE_URL=$URL"
}

stop() {
  local bin
  bin="$(pg_bin)"
  if [ -n "$bin" ] && [ -f "$DIR/data/PG_VERSION" ]; then
    as_owner "$bin/pg_ctl" -D "$DIR/data" -m fast -w stop >&2 || true
  fi
  rm -rf "$DIR"
  log "stopped"
}

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  url) echo "export DATABASE_URL=$URL" ;;
  *) echo "usage: $0 start|stop|url" >&2; exit 2 ;;
esac
