#!/bin/sh
# Starts the nvidia-smi stand-in (nvidia-smi-standin.awk; its switches are listed there). A wedged driver's
# -lms stream ignores SIGTERM: the signal is set aside here, before awk starts, and awk keeps it so.
here=${0%/*}
if [ -n "$NVIDIA_SMI_STANDIN_WEDGED" ]; then trap '' TERM; fi
exec awk -v fixtures="$here/../fixtures/nvidia-smi/h200-580.159.04." -f "$here/nvidia-smi-standin.awk" -- "$@"
