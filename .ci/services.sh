#!/usr/bin/env bash
# .ci/services.sh — install (if missing) and start the services the tests use.
#
# Idempotent: run it as often as you like. It installs Debian's ClickHouse
# (clickhouse-server, clickhouse-client) only when it is not installed yet,
# starts the server in the background unless it already answers, and waits
# (bounded) until it answers on 127.0.0.1:9000.
#
# Afterwards export, for the store tests:
#   MCPGAUGE_TEST_CLICKHOUSE=clickhouse://default@127.0.0.1:9000/default
set -euo pipefail

WAIT_SECONDS="${CLICKHOUSE_WAIT_SECONDS:-60}"
CONFIG=/etc/clickhouse-server/config.xml

log() { printf 'services.sh: %s\n' "$*" >&2; }

as_root() {
	if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

installed() {
	dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'
}

answers() {
	clickhouse-client --host 127.0.0.1 --port 9000 --query 'SELECT 1' >/dev/null 2>&1
}

if ! installed clickhouse-server || ! installed clickhouse-client; then
	log "installing clickhouse-server and clickhouse-client"
	as_root apt-get update
	as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y clickhouse-server clickhouse-client
fi

if answers; then
	log "ClickHouse already answers on 127.0.0.1:9000"
	exit 0
fi

if ! id clickhouse >/dev/null 2>&1; then
	log "user clickhouse is missing (the package should create it)"
	exit 1
fi

for d in /var/lib/clickhouse /var/log/clickhouse-server; do
	as_root mkdir -p "$d"
	as_root chown -R clickhouse:clickhouse "$d"
done

log "starting clickhouse-server"
# --oknodo: a server that is still starting up is simply waited for below.
as_root start-stop-daemon --start --oknodo --background --chuid clickhouse \
	--exec /usr/sbin/clickhouse-server -- --config-file="$CONFIG"

for _ in $(seq 1 "$WAIT_SECONDS"); do
	if answers; then
		log "ClickHouse answers on 127.0.0.1:9000 ($(clickhouse-client --host 127.0.0.1 --query 'SELECT version()'))"
		exit 0
	fi
	sleep 1
done

log "ClickHouse did not answer on 127.0.0.1:9000 within ${WAIT_SECONDS}s; last log lines:"
tail -n 30 /var/log/clickhouse-server/clickhouse-server.err.log 2>/dev/null >&2 || true
exit 1
