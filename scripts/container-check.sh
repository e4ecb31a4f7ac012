#!/usr/bin/env bash
# Builds the Dockerfile with Debian's podman and checks the image runs as it should, on a machine that cannot pull
# base images (only Debian's packages and the npm registry are reachable): the base image is made from Debian's
# packages with debootstrap, with this machine's Node (20+) and npm copied in. Needs root, and
# `apt-get install podman runc debootstrap`. Not part of `npm test` (several minutes, root only); docs/OPERATIONS.md,
# "Container", records its outcome.
#
# Checks: the image builds (front end built, dev dependencies pruned); it runs as `node` with a read-only root and
# /tmp as tmpfs, writing only /data; /healthz and /readyz answer 200 and the page is served; the image's own
# HEALTHCHECK passes; `podman stop` (SIGTERM) drains and the exit code is 0.
#
# runc, not podman's default crun: crun refuses machines whose cgroups are mounted in hybrid (v1 + v2) mode.
set -euo pipefail
cd "$(dirname "$0")/.."

WORK=${CONTAINER_CHECK_DIR:-/tmp/solback-container-check}
BASE=localhost/solback-node-base:20
IMAGE=localhost/solback:check
PORT=${CONTAINER_CHECK_PORT:-3999}
RUNTIME=(--runtime "$(command -v runc)")
# podman asks for a higher open-files limit than this machine grants a container by default.
LIMITS=(--ulimit nofile=4096:4096 --ulimit nproc=4096:4096)

for tool in podman runc debootstrap node npm curl; do
  command -v "$tool" >/dev/null || { echo "container-check: $tool is missing (apt-get install podman runc debootstrap)"; exit 1; }
done

if ! podman image exists "$BASE"; then
  echo "container-check: making the base image from Debian's packages in $WORK"
  mkdir -p "$WORK"
  [ -x "$WORK/rootfs/bin/sh" ] || debootstrap --variant=minbase --include=ca-certificates bookworm "$WORK/rootfs" \
    http://deb.debian.org/debian
  node_bin=$(command -v node)
  npm_dir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
  cp "$node_bin" "$WORK/rootfs/usr/bin/node"
  mkdir -p "$WORK/rootfs/usr/lib/node_modules"
  rm -rf "$WORK/rootfs/usr/lib/node_modules/npm"
  cp -a "$npm_dir" "$WORK/rootfs/usr/lib/node_modules/npm"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$WORK/rootfs/usr/bin/npm"
  chroot "$WORK/rootfs" sh -c 'id node >/dev/null 2>&1 || (groupadd -g 1000 node && useradd -u 1000 -g node -m node)'
  changes=()
  # A machine whose egress is re-signed by its own CA (NODE_EXTRA_CA_CERTS set) needs it inside for `npm ci`.
  if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
    cp "$NODE_EXTRA_CA_CERTS" "$WORK/rootfs/etc/ssl/certs/extra-ca.pem"
    changes=(--change "ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/extra-ca.pem")
  fi
  tar -C "$WORK/rootfs" -cf "$WORK/base.tar" .
  podman import "${changes[@]}" "$WORK/base.tar" "$BASE"
fi

echo "container-check: building $IMAGE"
podman "${RUNTIME[@]}" build --format docker --network host "${LIMITS[@]}" --build-arg NODE_IMAGE="$BASE" -t "$IMAGE" .

name=solback-check-$$
cleanup() {
  podman "${RUNTIME[@]}" rm -f "$name" >/dev/null 2>&1 || true
  podman volume rm -f "$name-data" >/dev/null 2>&1 || true
}
trap cleanup EXIT
podman "${RUNTIME[@]}" run -d --name "$name" --network host --read-only --tmpfs /tmp "${LIMITS[@]}" \
  -e PORT="$PORT" -v "$name-data:/data" "$IMAGE" >/dev/null

fail() {
  echo "container-check: FAILED: $*"
  podman logs "$name" 2>&1 | tail -20
  exit 1
}
for _ in $(seq 1 90); do curl -fs -m 2 "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 1; done
[ "$(curl -s "http://127.0.0.1:$PORT/healthz")" = '{"status":"ok"}' ] || fail "/healthz"
[ "$(curl -s "http://127.0.0.1:$PORT/readyz")" = '{"status":"ready"}' ] || fail "/readyz"
[ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT/")" = 200 ] || fail "the page"
[ "$(podman exec "$name" id -un)" = node ] || fail "not running as node"
podman exec "$name" sh -c 'touch /app/written 2>/dev/null' && fail "the root filesystem is writable"
podman exec "$name" sh -c 'touch /data/written && rm /data/written' || fail "/data is not writable"
podman "${RUNTIME[@]}" healthcheck run "$name" 2>/dev/null || fail "the image's HEALTHCHECK"
podman "${RUNTIME[@]}" stop -t 40 "$name" >/dev/null 2>&1
code=$(podman inspect "$name" --format '{{.State.ExitCode}}')
[ "$code" = 0 ] || fail "exit code $code after SIGTERM"
podman logs "$name" 2>&1 | grep -q 'SIGTERM: draining' || fail "no drain in the log"
echo "container-check: ok — built, healthy, read-only root, runs as node, SIGTERM → exit 0"
