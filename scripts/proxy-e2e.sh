#!/usr/bin/env bash
# The web app through the real nginx and Caddy, over TLS with a self-signed certificate made
# here, at the root and under /sb (issue 28; README "Behind a reverse proxy"). The proxies run
# deploy/nginx.conf and deploy/Caddyfile as documented, with only their ports, certificate and
# path replaced. For each of the four variants: the built server with PUBLIC_URL and
# TRUST_PROXY, the proxy in front, then playwright.proxy.config.ts.
#
# Ports from the environment: PROXY_E2E_PORT (the server, default 19460) and
# PROXY_E2E_TLS_PORT (the proxy's https, default 19461); the proxy's plain http port is
# PROXY_E2E_TLS_PORT + 1. Runs as root in CI (installs nginx and Caddy when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

SERVER_PORT="${PROXY_E2E_PORT:-19460}"
TLS_PORT="${PROXY_E2E_TLS_PORT:-19461}"
HTTP_PORT=$((TLS_PORT + 1))
HOST=127.0.0.1

missing=""
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing="$missing nginx"
command -v caddy >/dev/null 2>&1 || missing="$missing caddy"
command -v openssl >/dev/null 2>&1 || missing="$missing openssl"
command -v curl >/dev/null 2>&1 || missing="$missing curl"
if [ -n "$missing" ]; then
  apt-get update -qq
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
fi
NGINX="$(command -v nginx || echo /usr/sbin/nginx)"

# What the journeys run: the built server and web app (built when missing or stale).
node --input-type=module -e "import { ensureBuilt, TARGETS } from './scripts/ensure-built.mjs'; await ensureBuilt(Object.values(TARGETS));"

work="$(mktemp -d /tmp/sharebin-proxy-e2e.XXXXXX)"
server_pid=""
proxy_pid=""
stop() {
  # Only the processes this script started, by their id.
  if [ -n "$proxy_pid" ]; then kill "$proxy_pid" 2>/dev/null || true; wait "$proxy_pid" 2>/dev/null || true; fi
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  proxy_pid=""
  server_pid=""
}
cleanup() {
  stop
  rm -rf "$work"
}
trap cleanup EXIT

# A self-signed certificate for 127.0.0.1 and localhost; Chromium trusts it by its key's hash.
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=localhost" \
  -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
  -keyout "$work/key.pem" -out "$work/cert.pem" >/dev/null 2>&1
PROXY_E2E_SPKI="$(openssl x509 -in "$work/cert.pem" -pubkey -noout |
  openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64)"
export PROXY_E2E_SPKI

templated() { # file: the example's ports, certificate and upstream were all replaced
  for expected in "$TLS_PORT" "$work/cert.pem" "$work/key.pem" "$HOST:$SERVER_PORT"; do
    grep -qF "$expected" "$1" || {
      echo "proxy-e2e: $1 lacks $expected: the example in deploy/ changed, update this script" >&2
      return 1
    }
  done
}

wait_for() { # url, what
  for _ in $(seq 1 100); do
    if curl -fsS -k -o /dev/null "$1" 2>/dev/null; then return 0; fi
    sleep 0.2
  done
  echo "proxy-e2e: $2 did not answer at $1" >&2
  return 1
}

start_server() { # base path ('' or /sb)
  local data="$work/data$1"
  mkdir -p "$data"
  PORT="$SERVER_PORT" HOST="$HOST" DATA_DIR="$data" \
    PUBLIC_URL="https://$HOST:$TLS_PORT$1" TRUST_PROXY=true \
    ADMIN_USERNAME=e2e-admin ADMIN_PASSWORD=e2e-admin-password LOG_LEVEL=warn \
    node apps/server/dist/main.js >"$work/server.log" 2>&1 &
  server_pid=$!
  wait_for "http://$HOST:$SERVER_PORT$1/api/health" "the server" || {
    cat "$work/server.log" >&2
    return 1
  }
}

start_nginx() { # base path
  local site="$work/nginx-site.conf"
  # deploy/nginx.conf with this run's ports, certificate and path.
  sed -e "s|listen 80;|listen $HOST:$HTTP_PORT;|" \
    -e "s|listen 443 ssl http2;|listen $HOST:$TLS_PORT ssl http2;|" \
    -e "s|/etc/ssl/certs/sharebin.example.com.pem|$work/cert.pem|" \
    -e "s|/etc/ssl/private/sharebin.example.com.key|$work/key.pem|" \
    -e "s|http://127.0.0.1:8787|http://$HOST:$SERVER_PORT|" \
    -e "s|location / {|location $1/ {|" \
    deploy/nginx.conf >"$site"
  templated "$site"
  grep -qF "location $1/ {" "$site"
  mkdir -p "$work/nginx"
  cat >"$work/nginx/nginx.conf" <<EOF
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
$( [ "$(id -u)" = 0 ] && echo "user root;" )
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path $work/nginx/body;
  proxy_temp_path $work/nginx/proxy;
  fastcgi_temp_path $work/nginx/fastcgi;
  uwsgi_temp_path $work/nginx/uwsgi;
  scgi_temp_path $work/nginx/scgi;
  include $site;
}
EOF
  "$NGINX" -t -q -p "$work/nginx" -c "$work/nginx/nginx.conf"
  "$NGINX" -p "$work/nginx" -c "$work/nginx/nginx.conf" -g 'daemon off;' &
  proxy_pid=$!
}

start_caddy() { # base path
  local file="$work/Caddyfile"
  local under=()
  # Under a path: `redir /sb /sb/` and `handle /sb/*`, as the file's comment says.
  [ -n "$1" ] && under=(-e "s|^\thandle {|\tredir $1 $1/\n\thandle $1/* {|")
  {
    # Global options of the test only: no admin endpoint, this run's ports, no ACME.
    printf '{\n\tadmin off\n\thttp_port %s\n\thttps_port %s\n\tauto_https disable_redirects\n\tstorage file_system %s\n}\n\n' \
      "$HTTP_PORT" "$TLS_PORT" "$work/caddy"
    # deploy/Caddyfile with this run's address, certificate and path.
    sed -e "s|^sharebin.example.com {|https://$HOST:$TLS_PORT {|" \
      -e "s|# tls /etc/ssl/certs/sharebin.example.com.pem /etc/ssl/private/sharebin.example.com.key|tls $work/cert.pem $work/key.pem|" \
      -e "s|reverse_proxy 127.0.0.1:8787|reverse_proxy $HOST:$SERVER_PORT|" \
      "${under[@]}" \
      deploy/Caddyfile
  } >"$file"
  templated "$file"
  [ -z "$1" ] || grep -qF "handle $1/* {" "$file"
  HOME="$work" XDG_DATA_HOME="$work/caddy" XDG_CONFIG_HOME="$work/caddy" \
    caddy run --config "$file" --adapter caddyfile >"$work/caddy.log" 2>&1 &
  proxy_pid=$!
}

status=0
for proxy in nginx caddy; do
  for base in "" /sb; do
    name="$proxy at ${base:-/}"
    echo "== $name"
    start_server "$base"
    "start_$proxy" "$base"
    url="https://$HOST:$TLS_PORT$base/"
    if wait_for "${url}api/health" "$proxy"; then
      PROXY_E2E_URL="$url" npx playwright test -c playwright.proxy.config.ts || status=1
    else
      [ -f "$work/caddy.log" ] && cat "$work/caddy.log" >&2
      [ -f "$work/nginx/error.log" ] && cat "$work/nginx/error.log" >&2
      status=1
    fi
    stop
  done
done
exit $status
