#!/usr/bin/env bash
# The container test's stand-in for the official node:24-bookworm-slim image, which this test's machines can
# not pull: Debian bookworm's minimal root filesystem (debootstrap) with Node 24 and npm from the npm registry,
# imported into podman as $1 (default localhost/portal-test-base:node24). Cached under ~/.cache/portal-container.
set -euo pipefail
image="${1:-localhost/portal-test-base:node24}"
if podman image exists "$image"; then exit 0; fi

cache="${PORTAL_CONTAINER_CACHE:-$HOME/.cache/portal-container}"
rootfs="$cache/rootfs"
mkdir -p "$cache"
if [ ! -x "$rootfs/usr/local/bin/node" ]; then
  rm -rf "$rootfs" "$cache/node"
  echo "Making the stand-in base: Debian bookworm (debootstrap --variant=minbase) with Node 24"
  debootstrap --variant=minbase --include=ca-certificates bookworm "$rootfs" http://deb.debian.org/debian >"$cache/debootstrap.log"
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  # Node 24 and npm as the official image has them: node in /usr/local/bin, npm under /usr/local/lib.
  mkdir -p "$cache/node"
  echo '{"name":"stand-in","private":true}' >"$cache/node/package.json"
  (cd "$cache/node" && npm install --no-audit --no-fund --silent node@24 npm@11)
  install -m 755 "$(readlink -f "$cache/node/node_modules/node/bin/node")" "$rootfs/usr/local/bin/node"
  mkdir -p "$rootfs/usr/local/lib/node_modules"
  cp -r "$cache/node/node_modules/npm" "$rootfs/usr/local/lib/node_modules/npm"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  # The official image's unprivileged user.
  chroot "$rootfs" groupadd --gid 1000 node
  chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
fi
# This machine's certificate authorities, its proxy's included, for npm inside the build.
cp /etc/ssl/certs/ca-certificates.crt "$rootfs/etc/ssl/certs/ca-certificates.crt"
tar -C "$rootfs" -c . | podman import --quiet \
  --change 'ENV PATH=/usr/local/bin:/usr/local/sbin:/usr/bin:/usr/sbin:/bin:/sbin' \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change 'CMD ["node"]' - "$image" >/dev/null
echo "Stand-in base $image: $(podman image inspect --format '{{.Size}}' "$image" | awk '{printf "%.0f MB", $1/1e6}')"
