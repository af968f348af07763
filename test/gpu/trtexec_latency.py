#!/usr/bin/env python3
"""A GPU-backed trtexec stand-in for latency A/Bs on the GPU machine (PyTorch, no TensorRT), for
scripts/gpu/latency-check.sh only: trt-ci never knows it is talking to it.

Two halves, so that a repetition costs what a trtexec run costs and not a PyTorch import (7 s cold):
- `trtexec_latency.py serve`: loads a torchvision ResNet-50 in FP16 (batch 8, channels-last) once and
  answers on a Unix socket (GPU_LATENCY_SOCKET). Each "engine" is one CUDA graph of the model, plus a
  `torch.cuda._sleep` sized to its slowdown (calibrated to the GPU's clock, as probe_latency.py does); what
  the sleep really adds is measured when the engine is made (`trtexec_latency.py injected 0.01`).
- `trtexec_latency.py --loadEngine=PLAN …` (the stand-in trt-ci runs; standard library only): reads the
  engine's slowdown from the plan (`gpu-latency-standin slowdown=0.02` after TensorRT's 36-byte header),
  asks the server for trtexec's warm-up (--warmUp ms) then --iterations timed replays (or --duration
  seconds), each timed with CUDA events, and writes them with --exportTimes in trtexec's layout.
"""
import json
import os
import socket
import sys
import time

# The TensorRT it answers as (GPU_LATENCY_VERSION, default 10.16.1.11): its plans' header and its measurement's
# flags and defaults are that version's.
VERSION = tuple(int(p) for p in os.environ.get('GPU_LATENCY_VERSION', '10.16.1.11').split('.'))
CODE = VERSION[0] * 10000 + VERSION[1] * 100 + VERSION[2]
ELEVEN = VERSION[0] >= 11
SOCKET = os.environ.get('GPU_LATENCY_SOCKET', '/tmp/trtexec-latency.sock')
MARK = b'gpu-latency-standin slowdown='


def serve():
    import torch
    import torchvision
    torch.backends.cudnn.benchmark = True
    dev = torch.device('cuda')
    model = torchvision.models.resnet50().eval().half().to(dev).to(memory_format=torch.channels_last)
    x = torch.randn(8, 3, 224, 224, device=dev, dtype=torch.half).to(memory_format=torch.channels_last)

    # What a run measures (trtexec's --noDataTransfers/--useCudaGraph/--useSpinWait on 10.x, the defaults on
    # 11.x): the inputs copied in and the output out inside the timed work, or not; one graph replay, or the
    # model's kernels launched one by one; the host waiting by spinning on the end event, or blocking on it.
    host_x = x.cpu().pin_memory()
    with torch.no_grad():
        host_out = torch.empty_like(model(x), device='cpu').pin_memory()

    def graph(cycles):
        with torch.no_grad():
            for _ in range(3):
                model(x)
            torch.cuda.synchronize()
            g = torch.cuda.CUDAGraph()
            with torch.cuda.graph(g):
                out = model(x)
                if cycles:
                    torch.cuda._sleep(cycles)
        g.out = out
        g.cycles = cycles
        return g

    def once(g, measured):
        if measured['transfers']:
            x.copy_(host_x, non_blocking=True)
        if measured['graph']:
            g.replay()
            out = g.out
        else:
            with torch.no_grad():
                out = model(x)
                if g.cycles:
                    torch.cuda._sleep(g.cycles)
        if measured['transfers']:
            host_out.copy_(out, non_blocking=True)

    CONTRACT = {'transfers': False, 'graph': True, 'spin': True}

    def timed(g, count, measured=CONTRACT):
        events = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True,
                                                                             blocking=not measured['spin']))
                  for _ in range(count)]
        for start, end in events:
            start.record()
            once(g, measured)
            end.record()
        events[-1][1].synchronize()
        return [start.elapsed_time(end) for start, end in events]

    base = graph(0)
    for _ in range(100):
        base.replay()
    base_ms = sorted(timed(base, 300))[150]
    probe = graph(1_000_000)
    probe_ms = sorted(timed(probe, 300))[150]
    cycles_per_ms = 1_000_000 / max(probe_ms - base_ms, 1e-6)
    graphs = {0.0: base}
    injected = {0.0: 0.0}
    print(json.dumps({'base_ms': base_ms, 'cycles_per_ms': cycles_per_ms}), flush=True)

    def engine(slowdown):
        # The sleep is sized from a calibration, so what it adds on this GPU is measured, not assumed: the
        # median over 5 interleaved rounds of 100 replays of each graph's median against the base's.
        if slowdown not in graphs:
            graphs[slowdown] = graph(int(cycles_per_ms * base_ms * slowdown))
            rounds = []
            for _ in range(5):
                b = sorted(timed(base, 100))[50]
                h = sorted(timed(graphs[slowdown], 100))[50]
                rounds.append(h / b - 1)
            injected[slowdown] = sorted(rounds)[2]
        return graphs[slowdown]

    if os.path.exists(SOCKET):
        os.unlink(SOCKET)
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(SOCKET)
    server.listen(4)
    while True:
        conn, _ = server.accept()
        with conn:
            request = json.loads(conn.makefile('r').readline())
            if request.get('stop'):
                return
            slowdown = float(request['slowdown'])
            g = engine(slowdown)
            if request.get('injected'):
                conn.sendall((json.dumps({'injected': injected[slowdown]}) + '\n').encode())
                continue
            measured = request.get('measurement', CONTRACT)
            gpu_start = time.time()
            warm_until = time.time() + request['warmup_ms'] / 1000
            while time.time() < warm_until:
                once(g, measured)
                torch.cuda.synchronize()
            times = timed(g, request['iterations'], measured)
            while request['duration_s'] > 0 and sum(times) < request['duration_s'] * 1000:
                times += timed(g, 100, measured)
            reply = {'times': times, 'gpu_s': time.time() - gpu_start}
            conn.sendall((json.dumps(reply) + '\n').encode())


def stamp():
    return time.strftime('[%m/%d/%Y-%H:%M:%S]')


def log(text):
    print(f'{stamp()} [I] {text}', flush=True)


# The TensorRT 10.16 flags this stand-in acts on; any other fails as trtexec fails an unknown flag, so a
# flag trt-ci starts to send cannot slip past the latency check (test/gpu-standins.test.ts runs parse()
# on the argv of every A/B run and probe trt-ci makes).
# The measurement's flags: 10.x turns its defaults with the first three; 11.x with the last three, and takes
# the 10.x ones as no-ops with a warning (samples/common/sampleOptions.cpp v10.16, v11.1).
MEASURE_10 = ('--noDataTransfers', '--useCudaGraph', '--useSpinWait')
MEASURE_11 = ('--includeDataTransfers', '--noCudaGraph', '--noSpinWait')
KNOWN = ('--loadEngine', '--shapes', '--warmUp', '--duration', '--iterations', '--exportTimes', '--exportProfile',
         '--separateProfileRun', '--versionCompatible', '--help') + MEASURE_10 + (MEASURE_11 if ELEVEN else ())


def measurement(options):
    """What a run with these options measures, by this version's defaults."""
    if ELEVEN:
        return {'transfers': '--includeDataTransfers' in options, 'graph': '--noCudaGraph' not in options,
                'spin': '--noSpinWait' not in options}
    return {'transfers': '--noDataTransfers' not in options, 'graph': '--useCudaGraph' in options,
            'spin': '--useSpinWait' in options}


class UnknownOption(Exception):
    pass


def parse(args):
    """The options of an argv, as trtexec reads `--flag=value` and bare `--flag`; an unknown flag raises."""
    options = {}
    for arg in args:
        key, _, value = arg.partition('=')
        if key not in KNOWN:
            raise UnknownOption(f'Unknown option: {key} {value}')
        options[key] = value
    return options


def trtexec(args):
    line = f'TensorRT.trtexec [TensorRT v{CODE}] [b{VERSION[3]}] # trtexec {" ".join(args)}'
    print(f'&&&& RUNNING {line}', flush=True)
    try:
        options = parse(args)
    except UnknownOption as error:
        print(f'{stamp()} [E] {error}', flush=True)
        print(f'&&&& FAILED {line}', flush=True)
        return 1
    if '--help' in options:
        for flag in KNOWN:
            log(f'  {flag:<28}(see trtexec --help)')
        return 0
    plan = open(options['--loadEngine'], 'rb').read()
    if plan[:4] != b'ftrt' or tuple(plan[24:27]) != VERSION[:3]:
        print(f'{stamp()} [E] Engine deserialization failed', flush=True)
        print(f'&&&& FAILED {line}', flush=True)
        return 1
    body = plan[36:]
    slowdown = float(body[len(MARK):body.index(b'\n')]) if body.startswith(MARK) else 0.0
    log(f'TensorRT version: {".".join(map(str, VERSION[:3]))}')
    log('Engine deserialized in 0.01 sec.')
    if ELEVEN:
        for flag in MEASURE_10:
            if flag in options:
                print(f'{stamp()} [W] {flag} is deprecated (a no-op: 11.x measures so by default).', flush=True)
    measured = measurement(options)
    # The options block's lines trt-ci reads (as a real 10.14.1 or 11.0.0 run prints them).
    said = {True: 'Enabled', False: 'Disabled'}
    log(f'Data transfers: {said[measured["transfers"]]}')
    log(f'Spin-wait: {said[measured["spin"]]}')
    log(f'CUDA Graph: {said[measured["graph"]]}')
    if measured['graph']:
        log('Successfully captured CUDA graph for the current execution context.')
    request = {
        'measurement': measured,
        'slowdown': slowdown,
        'warmup_ms': float(options.get('--warmUp', 200)),
        'iterations': int(options.get('--iterations', 10)),
        'duration_s': float(options.get('--duration', 3)),
    }
    client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    client.connect(SOCKET)
    client.sendall((json.dumps(request) + '\n').encode())
    reply = json.loads(client.makefile('r').readline())
    times = reply['times']
    if '--exportTimes' in options:
        clock = 0.0
        rows = []
        for compute in times:
            t = {'startEnqMs': clock, 'endEnqMs': clock + 0.01, 'startH2dMs': clock, 'endH2dMs': clock,
                 'startComputeMs': clock, 'endComputeMs': clock + compute, 'startD2hMs': clock + compute,
                 'endD2hMs': clock + compute, 'h2dMs': 0, 'computeMs': compute, 'd2hMs': 0, 'latencyMs': compute}
            rows.append('{ ' + ', '.join(f'"{k}" : {v:.6g}' for k, v in t.items()) + ' }')
            clock += compute
        with open(options['--exportTimes'], 'w') as f:
            f.write('[\n  ' + '\n, '.join(rows) + '\n]\n')
    ordered = sorted(times)
    median = ordered[len(ordered) // 2]
    if '--exportProfile' in options:
        # exportJSONProfile's layout; the stand-in's engine is one layer (--separateProfileRun changes nothing),
        # named as trtexec_gpu.py's --exportLayerInfo names it, so that explain finds its time.
        with open(options['--exportProfile'], 'w') as f:
            f.write(f'[\n  {{ "count" : {len(times)} }}\n, {{ "name" : "gpu-standin", '
                    f'"timeMs" : {sum(times):.6g}, "averageMs" : {sum(times) / len(times):.6g}, '
                    f'"medianMs" : {median:.6g}, "percentage" : 100 }}\n]\n')
    log('=== Performance summary ===')
    log(f'Latency: min = {ordered[0]:.6g} ms, max = {ordered[-1]:.6g} ms, mean = {sum(times) / len(times):.6g} ms, '
        f'median = {median:.6g} ms, percentile(99%) = {ordered[int(len(ordered) * 0.99) - 1]:.6g} ms')
    mean = sum(times) / len(times)
    p99 = ordered[int(len(ordered) * 0.99) - 1]
    log(f'GPU Compute Time: min = {ordered[0]:.6g} ms, max = {ordered[-1]:.6g} ms, mean = {mean:.6g} ms, '
        f'median = {median:.6g} ms, percentile(99%) = {p99:.6g} ms')
    log(f'Total GPU Compute Time: {sum(times) / 1000:.6g} s (GPU busy {reply["gpu_s"]:.4g} s)')
    print(f'&&&& PASSED {line}', flush=True)
    return 0


if __name__ == '__main__':
    if sys.argv[1:] == ['serve']:
        serve()
    elif sys.argv[1:2] == ['injected']:
        # What the slowdown named adds on this GPU, as the server measured it (latency-check.sh records it).
        client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        client.connect(SOCKET)
        client.sendall((json.dumps({'slowdown': float(sys.argv[2]), 'injected': True}) + '\n').encode())
        print(json.loads(client.makefile('r').readline())['injected'])
    elif sys.argv[1:] == ['stop']:
        client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        client.connect(SOCKET)
        client.sendall(b'{"stop": true}\n')
    else:
        sys.exit(trtexec(sys.argv[1:]))
