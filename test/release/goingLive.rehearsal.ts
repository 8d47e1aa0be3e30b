import { readFileSync } from 'node:fs'
import { fromRoot } from '../../server/paths.ts'

/** A shell block of docs/going-live.md, with the step it belongs to. */
export interface RunbookBlock {
  step: string
  text: string
}

/** Every ```sh block of the runbook, in order, named by its step's heading ("3. The release"). */
export function runbookBlocks(markdown = readFileSync(fromRoot('docs', 'going-live.md'), 'utf8')): RunbookBlock[] {
  const blocks: RunbookBlock[] = []
  let step = ''
  for (const part of markdown.split(/^(## .*|```sh\n[\s\S]*?^```)$/m)) {
    if (part.startsWith('## ')) step = part.slice(3).trim()
    else if (part.startsWith('```sh\n')) blocks.push({ step, text: part.slice(6, -3) })
  }
  return blocks
}

/**
 * The host's absolute paths the runbook names, moved under `root`: the rehearsal's machine is a folder. The same
 * moves apply to the commands, the unit's lines and the proxy's certificate paths.
 */
export const movedPaths = (root: string) => (text: string) =>
  text
    .replaceAll('/opt/', `${root}/opt/`)
    .replaceAll('/etc/storefront', `${root}/etc/storefront`)
    .replaceAll('/etc/systemd/system/', `${root}/etc/systemd/system/`)
    .replaceAll('/etc/nginx/conf.d/', `${root}/etc/nginx/conf.d/`)
    .replaceAll('/etc/prometheus/', `${root}/etc/prometheus/`)
    .replaceAll('/etc/letsencrypt/', `${root}/etc/letsencrypt/`)

/**
 * Stand-ins for what a CI machine has no daemon for, each doing the part a test can see:
 * - `sudo`: root already; `-u postgres` runs as postgres against the test's PostgreSQL (PGHOST, PGPORT);
 * - `apt-get`: resolves the packages without installing them (`--simulate`);
 * - `systemctl`: `daemon-reload` runs `systemd-analyze verify` on the installed unit; `enable --now`, `restart` and
 *   `stop` start and stop `storefront@N` as the unit says (its WorkingDirectory, EnvironmentFile, Environment and
 *   ExecStart, %i and %H filled in), SIGTERM to stop; `reload nginx` tests the proxy's file again;
 * - `journalctl -u storefront@N -n K`: that instance's last K lines;
 * - `certbot certonly … -d NAME`: a self-signed certificate where Let's Encrypt puts NAME's;
 * - `nginx -t`: the real nginx testing the installed file (its paths moved) inside a minimal main configuration.
 */
export function shims(root: string, postgres: { host: string; port: string }): Record<string, string> {
  const move = (path: string) => movedPaths(root)(path)
  return {
    sudo: `#!/bin/bash
if [ "$1" = -u ]; then user=$2; shift 2; exec runuser -u "$user" -- env PGHOST=${postgres.host} PGPORT=${postgres.port} "$@"; fi
exec "$@"
`,
    'apt-get': `#!/bin/bash
exec /usr/bin/apt-get --simulate "$@"
`,
    journalctl: `#!/bin/bash
# journalctl -u storefront@N -n K
tail -n "$4" "${root}/log/$2.log"
`,
    certbot: `#!/bin/bash
name="\${@: -1}"
mkdir -p "${move('/etc/letsencrypt/')}live/$name"
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=$name" \\
  -keyout "${move('/etc/letsencrypt/')}live/$name/privkey.pem" -out "${move('/etc/letsencrypt/')}live/$name/fullchain.pem" 2>/dev/null
`,
    nginx: `#!/bin/bash
[ "$1" = -t ] || { echo "the rehearsal's nginx only tests its configuration" >&2; exit 2; }
mkdir -p "${root}/nginx/conf.d"
for file in "${move('/etc/nginx/conf.d/')}"*.conf; do
  sed -e "s#/etc/letsencrypt/#${move('/etc/letsencrypt/')}#g" "$file" > "${root}/nginx/conf.d/$(basename "$file")"
done
cat > "${root}/nginx/nginx.conf" <<CONF
pid ${root}/nginx/nginx.pid;
error_log ${root}/nginx/error.log;
events {}
http { access_log off; include ${root}/nginx/conf.d/*.conf; }
CONF
exec /usr/sbin/nginx -t -p "${root}/nginx" -c "${root}/nginx/nginx.conf"
`,
    systemctl: `#!/bin/bash
set -euo pipefail
unit_file="${move('/etc/systemd/system/')}storefront@.service"
field() { sed -n "s/^$1=//p" "$unit_file"; }
start() {
  local n=\${1#storefront@} dir env_file command before
  dir=$(field WorkingDirectory | sed "s#/opt/#${root}/opt/#")
  env_file=$(field EnvironmentFile | sed "s#/etc/storefront#${root}/etc/storefront#")
  command=$(field ExecStart | sed "s#/opt/#${root}/opt/#")
  before=0
  [ ! -f "${root}/log/$1.log" ] || before=$(wc -l < "${root}/log/$1.log")
  (
    cd "$dir"
    set -a; . "$env_file"; set +a
    for pair in $(field Environment | sed -e "s/%i/$n/g" -e "s/%H/$(hostname)/g"); do export "$pair"; done
    exec $command >>"${root}/log/$1.log" 2>&1 < /dev/null
  ) &
  echo $! > "${root}/run/$1.pid"
  until tail -n "+$((before + 1))" "${root}/log/$1.log" 2>/dev/null | grep -q '"url":'; do
    kill -0 "$(cat "${root}/run/$1.pid")" 2>/dev/null || { tail -n 40 "${root}/log/$1.log" >&2; exit 1; }
    sleep 0.1
  done
}
stop() {
  local pid
  pid=$(cat "${root}/run/$1.pid")
  kill -TERM "$pid"
  while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
}
mkdir -p "${root}/log" "${root}/run"
case "$1" in
  daemon-reload)
    # The unit as installed, its paths moved: any complaint (an unknown key, a command not found) fails the step.
    sed "s#/opt/#${root}/opt/#g" "$unit_file" > "${root}/run/storefront@.service"
    complaints=$(systemd-analyze verify "${root}/run/storefront@.service" 2>&1) || { echo "$complaints" >&2; exit 1; }
    [ -z "$complaints" ] || { echo "$complaints" >&2; exit 1; } ;;
  enable) shift; [ "$1" = --now ] && shift; for unit in "$@"; do start "$unit"; done ;;
  restart) stop "$2"; start "$2" ;;
  stop) stop "$2" ;;
  reload) [ "$2" = nginx ] && nginx -t ;;
  *) echo "the rehearsal's systemctl knows no $1" >&2; exit 2 ;;
esac
`,
  }
}
