#!/usr/bin/env bash
# Container test (issue 28): builds the image from ./Dockerfile with podman and checks it as an
# operator would use it. Runs as root; installs podman, runc and debootstrap when missing.
#
#   bash scripts/container/test.sh
#
# - No registry for images here: the base image is a stand-in built by standin.sh (Debian
#   bookworm + Node 22), cached in $SHAREBIN_CONTAINER_CACHE (default /var/cache/sharebin-container)
#   under a key of its recipe and this machine's CA bundle. podman keeps its own store there too
#   (overlay, or vfs where overlay cannot work), so the next run reuses the image's dependency
#   layers. SHAREBIN_CONTAINER_STORAGE_DRIVER=vfs|overlay forces a driver.
# - Checks: the image builds; a container with a read-only root filesystem, a tmpfs on /tmp and
#   a volume on /data answers /api/ready and its HEALTHCHECK; node is PID 1 and not root; the
#   admin signs in, uploads a file and downloads the same bytes; `podman stop` (10 s) stops it
#   with exit code 0 well within that, SQLite's WAL checkpointed; a new container on the same
#   volume has the file and the admin's password (not given again) and stops cleanly too.
# - Prints the image size, its size over the base and the time from `podman run` to ready.
set -euo pipefail

# All in one function: bash reads it whole before running it.
main() {
cd "$(dirname "$0")/../.."
repo=$PWD
started=$(date +%s.%N)

fail() {
  echo "container test FAILED: $*" >&2
  exit 1
}
step() { printf '[%5.1fs] %s\n' "$(echo "$(date +%s.%N) - $started" | bc)" "$*"; }
elapsed_since() { echo "$(date +%s.%N) - $1" | bc; }

[ "$(id -u)" = 0 ] || fail "run as root (podman here and debootstrap need it)"

missing=""
for tool in podman runc debootstrap curl bc caddy; do
  command -v "$tool" >/dev/null 2>&1 || missing="$missing $tool"
done
command -v systemd-analyze >/dev/null 2>&1 || missing="$missing systemd"
/usr/bin/python3 -c 'import yaml' >/dev/null 2>&1 || missing="$missing python3-yaml"
if [ -n "$missing" ]; then
  step "installing$missing"
  apt-get update -qq
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
fi

step "checking deploy/ (compose files, Caddyfile, systemd unit)"
bash scripts/container/check-deploy.sh

cache=${SHAREBIN_CONTAINER_CACHE:-/var/cache/sharebin-container}
mkdir -p "$cache"
work=$(mktemp -d /tmp/sharebin-container-test.XXXXXX)
run_id=$$
volume=sharebin-test-$run_id
containers=()

# podman with what works here: a store of our own, cgroupfs, runc, no default ulimits.
cat >"$work/containers.conf" <<'CONF'
[containers]
default_ulimits = []
CONF
export CONTAINERS_CONF=$work/containers.conf
# Storage driver: overlay where the kernel and the file system under the cache allow it (fast,
# layers share files), vfs otherwise (every layer a full copy: slow, and many GB on disk).
driver=${SHAREBIN_CONTAINER_STORAGE_DRIVER:-}
podman_with() {
  local d=$1
  shift
  podman --root "$cache/storage-$d" --runroot "/run/sharebin-container-test-$d" \
    --storage-driver "$d" --cgroup-manager cgroupfs --runtime runc "$@"
}
if [ -z "$driver" ]; then
  driver=vfs
  modprobe overlay >/dev/null 2>&1 || true
  podman_with overlay info >/dev/null 2>&1 && driver=overlay
fi
pm() { podman_with "$driver" "$@"; }
step "podman storage: $driver in $cache/storage-$driver"

cleanup() {
  local status=$?
  if [ "$status" != 0 ] && [ "${#containers[@]}" -gt 0 ]; then
    for c in "${containers[@]}"; do
      echo "--- last log lines of $c:" >&2
      pm logs --tail 30 "$c" >&2 2>&1 || true
    done
  fi
  for c in "${containers[@]}"; do pm rm -f -t 0 "$c" >/dev/null 2>&1 || true; done
  pm volume rm -f "$volume" >/dev/null 2>&1 || true
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT

# --- the stand-in base image -------------------------------------------------------------------
ca_bundle=${NODE_EXTRA_CA_CERTS:-$(npm config get cafile 2>/dev/null || true)}
if [ -z "$ca_bundle" ] || [ "$ca_bundle" = null ] || [ ! -f "$ca_bundle" ]; then
  ca_bundle=/etc/ssl/certs/ca-certificates.crt
fi
key=$(cat "$repo/scripts/container/standin.sh" "$ca_bundle" | sha256sum | cut -c1-16)
base=localhost/sharebin-node-standin:$key
# shellcheck source=standin.sh
source "$repo/scripts/container/standin.sh"
exec 9>"$cache/standin.lock"
flock 9
if ! pm image exists "$base"; then
  tarball=$cache/standin-$key.tar
  if [ ! -f "$tarball" ]; then
    step "building the stand-in base image (cached afterwards)"
    rm -f "$cache"/standin-*.tar
    CA_BUNDLE=$ca_bundle bash "$repo/scripts/container/standin.sh" "$tarball"
  fi
  step "importing the stand-in base image"
  changes=()
  for change in "${IMPORT_CHANGES[@]}"; do changes+=(--change "$change"); done
  pm import "${changes[@]}" "$tarball" "$base" >"$work/import.log" 2>&1 ||
    { cat "$work/import.log" >&2; fail "importing the stand-in failed"; }
fi
flock -u 9

# --- the image ---------------------------------------------------------------------------------
image=localhost/sharebin:test
step "building the image (base $base)"
build_started=$(date +%s.%N)
# --format docker keeps HEALTHCHECK (the OCI format has no field for it).
# The dependency stages are tagged so that pruning dangling images keeps them for the next run.
build=(build --isolation chroot --network host --format docker --build-arg "NODE_IMAGE=$base" -f Dockerfile)
: >"$work/build.log"
for stage in deps prod-deps; do
  pm "${build[@]}" --target "$stage" -t "localhost/sharebin-cache:$stage" . >>"$work/build.log" 2>&1 ||
    { tail -40 "$work/build.log" >&2; fail "building the stage $stage failed"; }
done
pm "${build[@]}" -t "$image" . >>"$work/build.log" 2>&1 ||
  { tail -40 "$work/build.log" >&2; fail "building the image failed"; }
build_seconds=$(elapsed_since "$build_started")
# Earlier builds' layers (and the build stage, which depends on the sources) are not kept.
pm image prune -f >/dev/null

image_size=$(pm image inspect -f '{{.Size}}' "$image")
base_size=$(pm image inspect -f '{{.Size}}' "$base")
[ "$(pm image inspect -f '{{.Config.User}}' "$image")" = 1000:1000 ] || fail "the image's USER is not 1000:1000 (node)"
pm image inspect -f '{{json .Config.Healthcheck}}' "$image" | grep -q '/api/ready' ||
  fail "the image has no HEALTHCHECK on /api/ready"
# Built output only: no sources, no tests, no web packages.
listing=$(pm run --rm --network none --no-healthcheck --entrypoint sh "$image" -c \
  'cd /app && find . -path ./node_modules -prune -o -print && ls -d node_modules/* node_modules/@*/*')
for forbidden in ./apps/server/src ./apps/web/src ./packages/shared/src ./apps/web/e2e; do
  grep -qx -- "$forbidden" <<<"$listing" && fail "the image holds $forbidden"
done
for forbidden in vite react @mantine/core typescript vitest esbuild; do
  grep -qx -- "node_modules/$forbidden" <<<"$listing" && fail "the image holds node_modules/$forbidden (a build-time package)"
done
grep -qx node_modules/better-sqlite3 <<<"$listing" || fail "the image has no node_modules/better-sqlite3"
grep -qx ./apps/server/dist/main.js <<<"$listing" || fail "the image has no apps/server/dist/main.js"
grep -qx ./apps/web/dist/index.html <<<"$listing" || fail "the image has no apps/web/dist/index.html"

# --- run it ------------------------------------------------------------------------------------
port=$(node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")
url=http://127.0.0.1:$port
password=container-test-$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')
pm volume create "$volume" >/dev/null

# How an operator runs it (README, Deploy), with the host's network instead of -p here.
start_container() {
  local name=$1
  shift
  containers+=("$name")
  pm run -d --name "$name" --network host --read-only --read-only-tmpfs=false --tmpfs /tmp \
    -v "$volume:/data" -e PORT="$port" "$@" "$image" >/dev/null 2>>"$work/run.log" ||
    { cat "$work/run.log" >&2; fail "podman run $name failed"; }
}
wait_ready() {
  local name=$1
  for i in $(seq 1 300); do
    curl -fsS -o /dev/null "$url/api/ready" 2>/dev/null && return 0
    if ((i % 10 == 0)) && [ "$(pm inspect -f '{{.State.Running}}' "$name")" != true ]; then
      fail "$name exited before it was ready"
    fi
    sleep 0.1
  done
  fail "$name did not answer $url/api/ready within 30 s"
}
login() {
  curl -fsS -H 'content-type: application/json' \
    -d "{\"username\":\"admin\",\"password\":\"$password\"}" "$url/api/admin/login" |
    node -e 'let s = ""; process.stdin.on("data", (c) => (s += c)).on("end", () => console.log(JSON.parse(s).data.token))'
}
stop_cleanly() {
  local name=$1
  local stop_started seconds code
  local mountpoint
  mountpoint=$(pm volume inspect -f '{{.Mountpoint}}' "$volume")
  # In WAL mode the log exists while the server runs: its absence after the stop means something.
  [ -s "$mountpoint/sharebin.db-wal" ] || fail "no SQLite WAL in the volume while $name runs (not in WAL mode?)"
  stop_started=$(date +%s.%N)
  pm stop "$name" >/dev/null 2>>"$work/run.log"
  seconds=$(elapsed_since "$stop_started")
  code=$(pm inspect -f '{{.State.ExitCode}}' "$name")
  [ "$code" = 0 ] || fail "$name exited with code $code on podman stop (137 = killed after the 10 s grace)"
  (($(echo "$seconds < 9" | bc))) || fail "$name took ${seconds}s to stop"
  pm logs "$name" 2>&1 | grep -q '"stopped"' || fail "$name did not log its graceful stop"
  [ -f "$mountpoint/sharebin.db" ] || fail "no sharebin.db in the volume"
  if [ -s "$mountpoint/sharebin.db-wal" ]; then
    fail "SQLite's WAL was not checkpointed on stop ($(stat -c %s "$mountpoint/sharebin.db-wal") bytes left in sharebin.db-wal)"
  fi
  step "$name stopped in ${seconds}s, exit code 0, WAL checkpointed"
}
no_error_logs() {
  local errors
  errors=$(pm logs "$1" 2>&1 | grep -E '"level":(50|60)' || true)
  [ -z "$errors" ] || fail "$1 logged errors: $errors"
}

first=sharebin-test-$run_id-1
step "podman run $first (read-only root, tmpfs /tmp, volume $volume on /data)"
run_started=$(date +%s.%N)
start_container "$first" -e ADMIN_PASSWORD="$password"
wait_ready "$first"
ready_seconds=$(elapsed_since "$run_started")
step "ready in ${ready_seconds}s"

pid=$(pm inspect -f '{{.State.Pid}}' "$first")
uid=$(awk '/^Uid:/ { print $2 }' "/proc/$pid/status")
[ "$uid" != 0 ] || fail "the server runs as root"
tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q '^node .*apps/server/dist/main.js' ||
  fail "PID 1 of the container is not node: $(tr '\0' ' ' <"/proc/$pid/cmdline")"
pm exec "$first" sh -c 'touch /app/x 2>/dev/null' && fail "the root filesystem is writable"
pm healthcheck run "$first" >/dev/null || fail "the image's HEALTHCHECK does not pass"
step "PID 1 is node as uid $uid; root filesystem read-only; HEALTHCHECK healthy"

token=$(login) || fail "the admin could not sign in"
head -c 3000000 /dev/urandom >"$work/upload.bin"
slug=container-test-$run_id
curl -fsS -H "Authorization: Bearer $token" -F "file=@$work/upload.bin" -F "slug=$slug" \
  -F expires_in=never "$url/api/upload" >/dev/null || fail "the upload failed"
curl -fsS -o "$work/download-1.bin" "$url/api/public/files/$slug/content?download=1" ||
  fail "the download failed"
cmp -s "$work/upload.bin" "$work/download-1.bin" || fail "the downloaded file differs from the upload"
step "signed in, uploaded 3 MB and downloaded the same bytes"
no_error_logs "$first"
stop_cleanly "$first"

second=sharebin-test-$run_id-2
step "podman run $second on the same volume, without ADMIN_PASSWORD"
start_container "$second"
wait_ready "$second"
token=$(login) || fail "the admin's password did not survive the restart"
curl -fsS -o "$work/download-2.bin" "$url/api/public/files/$slug/content?download=1" ||
  fail "the file is gone after the restart"
cmp -s "$work/upload.bin" "$work/download-2.bin" || fail "the file differs after the restart"
step "sign-in and file still there"
no_error_logs "$second"
stop_cleanly "$second"

mb() { echo "scale=1; $1 / 1000000" | bc; }
echo
echo "container test passed in $(printf '%.0f' "$(elapsed_since "$started")") s (image build ${build_seconds%.*} s)"
echo "  image $image: $(mb "$image_size") MB; base $(mb "$base_size") MB; over the base $(mb $((image_size - base_size))) MB"
echo "  podman storage driver: $driver"
echo "  podman run to /api/ready: $(printf '%.2f' "$ready_seconds") s"
}

main "$@"
