#!/usr/bin/env python3
"""Whether trt-ci's memory sampler (one `nvidia-smi --query-gpu=index,memory.used -lms 100` stream) costs
GPU time: times a fixed amount of matrix work with CUDA events, alternately with and without the
sampler running, and prints the medians as JSON."""
import json
import statistics
import subprocess
import time

import torch

a = torch.randn(8192, 8192, device='cuda', dtype=torch.bfloat16)
b = torch.randn(8192, 8192, device='cuda', dtype=torch.bfloat16)


def timed():
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    torch.cuda.synchronize()
    start.record()
    for _ in range(200):
        a @ b
    end.record()
    torch.cuda.synchronize()
    return start.elapsed_time(end)


for _ in range(3):
    timed()
alone, sampled = [], []
for _ in range(7):
    alone.append(timed())
    sampler = subprocess.Popen(
        ['nvidia-smi', '--query-gpu=index,memory.used', '--format=csv,noheader,nounits', '-lms', '100'],
        stdout=subprocess.DEVNULL)
    time.sleep(0.3)
    sampled.append(timed())
    sampler.terminate()
    sampler.wait()
print(json.dumps({'aloneMs': statistics.median(alone), 'withSamplerMs': statistics.median(sampled),
                  'overhead': statistics.median(sampled) / statistics.median(alone) - 1,
                  'runs': {'alone': alone, 'withSampler': sampled}}))
