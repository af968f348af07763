#!/usr/bin/env bash
# The registry pull against curl on the GPU machine (16 cores, like a GPU runner; the VM has 2): the machine
# has no apt and no tsx, so .gpu/ carries docker-registry (xz) and bench/registry-transfer.ts bundled:
#   xz -6 -c /usr/bin/docker-registry > .gpu/docker-registry.xz
#   esbuild bench/registry-transfer.ts --bundle --platform=node --format=esm --outfile=.gpu/registry-transfer.mjs \
#     --banner:js="import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);"
# Prints one line per run of bench/registry-transfer.ts; bench/results/ keeps them with the date and machine.
set -euo pipefail
source "$(dirname "$0")/node.sh"
xz -dc .gpu/docker-registry.xz > /tmp/docker-registry && chmod +x /tmp/docker-registry
command -v curl >/dev/null || { echo "no curl on this machine"; exit 1; }
for run in ${RUNS:-1 2}; do DOCKER_REGISTRY_BINARY=/tmp/docker-registry node .gpu/registry-transfer.mjs; done
