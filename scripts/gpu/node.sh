# Sourced by the GPU scripts: Node 24 on the GPU machine, which has none, from the binary
# ../shared/tools/gpu-node-prep packed into .gpu/ (the device tool carries it). Unpacked to a new name and
# renamed into place: writing over /tmp/node while a node from an earlier script still runs fails with
# "Text file busy" (it did, between gpu-check.sh and latency-check.sh in one call).
if ! command -v node >/dev/null && [[ -s .gpu/node.xz ]]; then
  if [[ ! -x /tmp/node ]]; then
    xz -dc .gpu/node.xz > "/tmp/node.$$" && chmod +x "/tmp/node.$$" && mv -f "/tmp/node.$$" /tmp/node
  fi
  export PATH=/tmp:$PATH
fi
