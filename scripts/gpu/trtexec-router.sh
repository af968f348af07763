#!/usr/bin/env bash
# What latency-check.sh's MODE=explain gives trt-ci as trtexec: a build (--onnx) goes to the GPU build stand-in
# (test/gpu/trtexec_gpu.py), a plan run to the GPU latency stand-in (test/gpu/trtexec_latency.py). Each run's
# kind (build, ab: --exportTimes, profile: --exportProfile, else benchmark) and wall time are appended to
# $GPU_ROUTER_CALLS as a JSON line.
root=$(cd "$(dirname "$0")/../.." && pwd)
kind=benchmark
for arg in "$@"; do
  case $arg in
    --onnx=*) kind=build ;;
    --exportTimes=*) kind=ab ;;
    --exportProfile=*) kind=profile ;;
  esac
done
start=$(date +%s%N)
if [[ $kind == build ]]; then
  GPU_STANDIN_HOLD_S=${GPU_STANDIN_HOLD_S:-0} python3 "$root/test/gpu/trtexec_gpu.py" "$@"
else
  python3 "$root/test/gpu/trtexec_latency.py" "$@"
fi
code=$?
if [[ -n ${GPU_ROUTER_CALLS:-} ]]; then
  printf '{"kind": "%s", "exit": %d, "wall_ms": %d}\n' "$kind" "$code" $((($(date +%s%N) - start) / 1000000)) \
    >> "$GPU_ROUTER_CALLS"
fi
exit $code
