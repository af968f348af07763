#!/usr/bin/env bash
# TensorRT-RTX's builder and runtime for the tests that build real engines (test/tensorrt-rtx.test.ts): the
# wheels of producers/requirements-tensorrt-rtx.txt (pinned, --require-hashes) in a virtual environment kept
# between runs, named by the requirements' sha256 (a new pin is a new environment; pip's own cache keeps the
# downloads). NumPy comes from the system's Python (--system-site-packages). Prints the environment's python;
# the tests find it at the same place (or at $TRT_CI_RTX_PYTHON).
set -euo pipefail
cd "$(dirname "$0")/.."
requirements=producers/requirements-tensorrt-rtx.txt
digest=$(sha256sum "$requirements" | cut -c1-16)
venv=${TRT_CI_RTX_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/trt-ci/tensorrt-rtx-$digest}
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import tensorrt_rtx_bindings' 2>/dev/null; then
  rm -rf "$venv.new"
  python3 -m venv --system-site-packages "$venv.new"
  "$venv.new/bin/pip" install -q --disable-pip-version-check --require-hashes -r "$requirements"
  rm -rf "$venv" && mv "$venv.new" "$venv"
fi
echo "$venv/bin/python"
