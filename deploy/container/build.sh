#!/usr/bin/env bash
# Builds the dwa container image (deploy/container/Containerfile) from the
# working tree: a static, CGO-free binary (SQLite is pure Go), the host's
# CA certificates (for Paystack, SMTP and S3 over TLS) and an unprivileged
# user, on top of an empty image, so nothing is pulled.
#
#   deploy/container/build.sh [image tag]      default tag: dwa:<git describe>
#
# Uses podman, buildah or docker, whichever is found first and works
# (DWA_CONTAINER_TOOL=docker picks one). Build the storefront first
# (make web) to embed it; otherwise the image serves the API only.
set -euo pipefail
cd "$(dirname "$0")/../.."
version=$(git describe --tags --always --dirty 2>/dev/null || echo dev)
tag=${1:-dwa:$version}

ctx=$(mktemp -d /tmp/dwa-image.XXXXXX)
trap 'rm -rf "$ctx"' EXIT
mkdir -p "$ctx/rootfs/etc/ssl/certs" "$ctx/data"
CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=$version" -o "$ctx/rootfs/dwa" ./cmd/dwa
cp /etc/ssl/certs/ca-certificates.crt "$ctx/rootfs/etc/ssl/certs/"
echo 'dwa:x:10001:10001:dwa:/data:/dwa' >"$ctx/rootfs/etc/passwd"
echo 'dwa:x:10001:' >"$ctx/rootfs/etc/group"
cp deploy/container/Containerfile "$ctx/"

tools=(podman buildah docker)
[[ -n "${DWA_CONTAINER_TOOL:-}" ]] && tools=("$DWA_CONTAINER_TOOL")
for tool in "${tools[@]}"; do
  command -v "$tool" >/dev/null || continue
  case $tool in
    podman) podman build -t "$tag" -f "$ctx/Containerfile" "$ctx" && exit 0 ;;
    buildah) buildah bud -t "$tag" -f "$ctx/Containerfile" "$ctx" && exit 0 ;;
    docker) docker build -t "$tag" -f "$ctx/Containerfile" "$ctx" && exit 0 ;;
  esac
  echo "build.sh: $tool failed; trying the next tool" >&2
done
echo "build.sh: no container tool could build the image (tried: ${tools[*]})" >&2
exit 1
