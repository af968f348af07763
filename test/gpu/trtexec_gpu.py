#!/usr/bin/env python3
"""A GPU-backed trtexec stand-in for the GPU machine (which has PyTorch but no TensorRT), for
scripts/gpu/gpu-check.sh only: trt-ci never knows it is talking to it.

It takes the flags trt-ci passes to a TensorRT 10.16 trtexec, allocates the requested workspace on the
GPU it was given (CUDA_VISIBLE_DEVICES), holds it for GPU_STANDIN_HOLD_S seconds, fails with the real
CUDA out-of-memory error (in trtexec's format) when the workspace does not fit, and writes a plan with
TensorRT's header ("ftrt", its size at 16-23, version bytes at 24-27). GPU_STANDIN_RECORD names a file it
appends one JSON line to per build: what it allocated and what nvidia-smi saw on its GPU before and at its peak.
"""
import hashlib
import json
import os
import subprocess
import sys
import time

VERSION = (10, 16, 1, 11)
CODE = VERSION[0] * 10000 + VERSION[1] * 100 + VERSION[2]
# The TensorRT 10.16 flags this stand-in acts on (names as trtexec 10.16's sampleOptions.cpp parses them);
# any other flag fails as trtexec fails an unknown one, so a flag trt-ci starts to send cannot slip past a
# GPU check unnoticed. test/gpu-standins.test.ts runs parse() on the argv of every stage trt-ci runs.
KNOWN = {
    '--onnx', '--saveEngine', '--loadEngine', '--minShapes', '--optShapes', '--maxShapes', '--shapes', '--memPoolSize',
    '--fp16', '--bf16', '--int8', '--best', '--stronglyTyped', '--timingCacheFile', '--skipInference',
    '--staticPlugins', '--dynamicPlugins', '--plugins', '--profilingVerbosity', '--exportLayerInfo', '--help',
    '--verbose', '--builderOptimizationLevel', '--loadInputs', '--exportOutput', '--dumpRawBindingsToFile',
    '--warmUp', '--duration', '--iterations', '--hardwareCompatibilityLevel', '--versionCompatible',
    '--layerPrecisions', '--precisionConstraints',
    # A timed run of an engine (the latency A/B, explain's profile runs, a benchmark), and its measurement.
    '--exportTimes', '--exportProfile', '--separateProfileRun', '--noDataTransfers', '--useCudaGraph', '--useSpinWait',
}
PRECISIONS = {'--fp16': 'float16', '--bf16': 'bfloat16'}
META = b'trtexec-gpu-standin '


def stamp():
    return time.strftime('[%m/%d/%Y-%H:%M:%S]')


def log(level, text):
    print(f'{stamp()} [{level}] {text}', flush=True)


def banner(state, args):
    print(f'&&&& {state} TensorRT.trtexec [TensorRT v{CODE}] [b{VERSION[3]}] # trtexec {" ".join(args)}', flush=True)


def smi_used(index):
    out = subprocess.run(['nvidia-smi', f'--id={index}', '--query-gpu=memory.used', '--format=csv,noheader,nounits'],
                         capture_output=True, text=True)
    return int(out.stdout.strip().splitlines()[0])


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


def main(args):
    try:
        options = parse(args)
    except UnknownOption as error:
        banner('RUNNING', args)
        log('E', str(error))
        banner('FAILED', args)
        return 1
    banner('RUNNING', args)
    if '--help' in options:
        log('I', '=== Help ===')
        return 0
    if '--loadEngine' in options:
        return infer(options, args)
    physical = os.environ.get('CUDA_VISIBLE_DEVICES', '0').split(',')[0]
    before = smi_used(physical)
    import torch  # after the banner: importing torch takes a while, trtexec prints its banner first

    name = torch.cuda.get_device_name(0)
    major, minor = torch.cuda.get_device_capability(0)
    log('I', f'Selected Device: {name}')
    log('I', f'Compute Capability: {major}.{minor}')
    log('I', f'TensorRT version: {VERSION[0]}.{VERSION[1]}.{VERSION[2]}')
    pool = options.get('--memPoolSize', 'workspace:1024')
    workspace_mib = float(pool.split('workspace:')[1].split(',')[0].rstrip('MiB'))
    started = time.time()
    try:
        block = torch.empty(int(workspace_mib * 1024 * 1024), dtype=torch.uint8, device='cuda')
        block.fill_(1)  # make every page resident, as TensorRT's tactics would
        torch.cuda.synchronize()
    except torch.cuda.OutOfMemoryError as error:
        first = str(error).splitlines()[0]
        log('E', 'Error[1]: [defaultAllocator.cpp::allocate::31] Error Code 1: Cuda Runtime (out of memory)')
        requested = int(workspace_mib * 1048576)
        log('W', f'[TRT] Requested amount of GPU memory ({requested} bytes) could not be allocated. {first}')
        log('E', 'Engine could not be created from network')
        log('E', 'Building engine failed')
        log('E', 'Engine set up failed')
        banner('FAILED', args)
        return 1
    peak = smi_used(physical)
    time.sleep(float(os.environ.get('GPU_STANDIN_HOLD_S', '3')))
    del block
    dtype_name = next((d for f, d in PRECISIONS.items() if f in options), 'float32')
    tactics = build_tactics(options, dtype_name)
    plan_bytes = 1 << 20
    # The engine names its model and precision, so that --loadEngine can run that model on the GPU.
    # --layerPrecisions name:fp32 counts only with --precisionConstraints obey or prefer (sampleOptions.cpp).
    pinned = [e.rsplit(':', 1)[0] for e in options.get('--layerPrecisions', '').split(',') if e.endswith(':fp32')]
    kept = pinned if options.get('--precisionConstraints', 'none') in ('obey', 'prefer') else []
    described = {'onnx': os.path.abspath(options.get('--onnx', '')), 'kept': kept, 'dtype': dtype_name}
    if tactics:
        described['tactics'] = tactics
    meta = META + json.dumps(described).encode()
    # Deterministic bytes: the same model, precision and tactics make the same plan, as a repeated build of one
    # engine does; other tactics make other bytes.
    weights = ''
    if os.path.isfile(described['onnx']):
        with open(described['onnx'], 'rb') as model_file:
            weights = hashlib.sha256(model_file.read()).hexdigest()
    plan = bytearray(hashlib.shake_256(json.dumps([described, weights]).encode()).digest(plan_bytes))
    plan[0:4] = b'ftrt'
    plan[4:8] = bytes(4)
    plan[16:24] = plan_bytes.to_bytes(8, 'little')
    plan[24:28] = bytes(VERSION)
    plan[36:36 + len(meta) + 1] = meta + b'\n'
    if '--saveEngine' in options:
        with open(options['--saveEngine'], 'wb') as out:
            out.write(plan)
    if '--exportLayerInfo' in options:
        with open(options['--exportLayerInfo'], 'w') as out:
            # Detailed layer info names each MatMul layer's tactic, as TensorRT's does (TacticName).
            layers = [{'Name': name, 'LayerType': 'MatMul', 'TacticName': tactic} for name, tactic in tactics.items()]
            json.dump({'Layers': layers or ['gpu-standin'], 'Bindings': []}, out)
    seconds = time.time() - started
    log('I', f'Created engine with size: {plan_bytes / 1048576:.4f} MiB')
    log('I', f'Engine built in {seconds:.5f} sec.')
    if '--skipInference' in options:
        log('I', 'Skipped inference phase since --skipInference is added.')
    banner('PASSED', args)
    record = os.environ.get('GPU_STANDIN_RECORD')
    if record:
        with open(record, 'a') as out:
            out.write(json.dumps({'gpu': physical, 'plan': options.get('--saveEngine'), 'workspaceMiB': workspace_mib,
                                  'smiUsedBeforeMiB': before, 'smiUsedPeakMiB': peak,
                                  'start': started, 'end': time.time()}) + '\n')
    return 0


def build_tactics(options, dtype_name):
    """GPU_STANDIN_TACTICS=timed: each MatMul of an ONNX graph (no PyTorch module beside it) gets the tactic its
    timing picks on this GPU at the profile's opt batch; fixed (or unset): none, every MatMul the plain GEMM."""
    onnx_path = options.get('--onnx', '')
    if os.environ.get('GPU_STANDIN_TACTICS') != 'timed' or not onnx_path or os.path.exists(onnx_path + '.pt'):
        return {}
    import onnx
    import torch
    opt = options.get('--optShapes', '')
    batch = int(opt.split(':', 1)[1].split('x')[0]) if ':' in opt else 1
    cache_file = options.get('--timingCacheFile')
    cache = read_timing_cache(cache_file)
    chosen = timed_tactics(onnx.load(onnx_path), getattr(torch, dtype_name), batch, cache)
    if cache_file:
        with open(cache_file, 'w') as out:
            json.dump(cache, out, sort_keys=True)
    return chosen


def read_timing_cache(path):
    """The stand-in's timing cache (--timingCacheFile): JSON, each key a layer's shapes and type on one GPU model,
    its value the tactic that timed fastest. (A real one is TensorRT's binary; what it does is the same: a build
    that finds a layer's key takes its tactic without timing, and writes back what it timed.)"""
    if not path or not os.path.isfile(path):
        if path:
            log('W', f'[TRT] Could not read cache from: {path}. A new cache will be generated and written.')
        return {}
    try:
        with open(path) as cache_file:
            return json.load(cache_file)
    except ValueError:
        return {}


def filename_safe(text):
    """trtexec's genFilenameSafeString (samples/common/common.h, v8.6-v11.1): letters, digits, ._- kept."""
    return ''.join(c if c.isascii() and (c.isalnum() or c in '._-,') else '_' for c in text)


def _attr(attributes, name, default):
    found = [a for a in attributes if a.name == name]
    if not found:
        return default
    return list(found[0].ints) if found[0].ints else found[0].i


def _reduce(how):
    # ReduceSum-13 takes its axes as an input, ReduceMean-13 as an attribute (opset 17 graphs): the reduction runs
    # in the node's own type (torch accumulates an FP16 sum in FP32 and rounds its result: past 65504, Inf).
    def run(t, a):
        axes = [int(v) for v in t[1].tolist()] if len(t) > 1 else _attr(a, 'axes', [1])
        return how(t[0], dim=axes, keepdim=bool(_attr(a, 'keepdims', 1)))
    return run


def _split_k(parts, reverse=False):
    """A MatMul as `parts` partial products over slices of K, summed in order (or in reverse): the same product,
    accumulated in another order, as two GEMM tactics of a real engine differ in their last bits."""
    def run(t, a):
        k = t[0].shape[-1]
        bounds = [k * i // parts for i in range(parts + 1)]
        pieces = [t[0][..., bounds[i]:bounds[i + 1]] @ t[1][bounds[i]:bounds[i + 1]] for i in range(parts)]
        total = None
        for piece in (reversed(pieces) if reverse else pieces):
            total = piece if total is None else total + piece
        return total
    return run


# The MatMul tactics a build times and picks among (GPU_STANDIN_TACTICS=timed): each a real GPU implementation.
# The first two run about as fast (the same GEMM, asked of cuBLAS as x·W or as (Wᵀ·xᵀ)ᵀ, which it may tile
# differently), so timing noise decides between them from build to build, as it does between TensorRT's tactics.
MATMUL_TACTICS = {
    'gemm': lambda t, a: t[0] @ t[1],
    'gemm_t': lambda t, a: (t[1].transpose(0, 1) @ t[0].transpose(-1, -2)).transpose(-1, -2),
    'splitk2': _split_k(2),
}


def timed_tactics(model, dtype, batch, cache):
    """Each MatMul node's tactic, picked as TensorRT picks one: each candidate timed on this GPU on its shapes and
    the fastest kept, so two builds can pick differently where the candidates run about as fast. A layer whose
    key is in `cache` takes the cached tactic untimed; what was timed is added to it."""
    import onnx.numpy_helper
    import torch
    arrays = {t.name: onnx.numpy_helper.to_array(t) for t in model.graph.initializer}
    device = torch.cuda.get_device_name()
    chosen = {}
    for node in model.graph.node:
        if node.op_type != 'MatMul' or node.input[1] not in arrays:
            continue
        layer = node.name or f'node_of_{node.output[0]}'
        shape = arrays[node.input[1]].shape
        key = f'{layer}|MatMul|{batch}x{shape[0]}x{shape[1]}|{dtype}|{device}'
        if key in cache:
            chosen[layer] = cache[key]
            log('V', f'[TRT] {layer}: timing cache hit -> {chosen[layer]}')
            continue
        w = torch.from_numpy(arrays[node.input[1]].copy()).cuda().to(dtype)
        x = torch.randn(batch, w.shape[0], device='cuda', dtype=dtype)
        times = {}
        for name, tactic in MATMUL_TACTICS.items():
            for _ in range(2):
                tactic([x, w], [])
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            for _ in range(5):
                tactic([x, w], [])
            end.record()
            torch.cuda.synchronize()
            times[name] = start.elapsed_time(end) / 5
        chosen[layer] = cache[key] = min(times, key=times.get)
        log('V', f'[TRT] {layer}: ' + ', '.join(f'{k} {v * 1000:.2f} us' for k, v in times.items()) +
            f' -> {chosen[layer]}')
    return chosen


GRAPH_OPS = {
    'MatMul': lambda t, a: t[0] @ t[1], 'Add': lambda t, a: t[0] + t[1], 'Mul': lambda t, a: t[0] * t[1],
    'Greater': lambda t, a: t[0] > t[1],
    'Relu': lambda t, a: t[0].relu(), 'Sqrt': lambda t, a: t[0].sqrt(), 'Abs': lambda t, a: t[0].abs(),
    'Sigmoid': lambda t, a: t[0].sigmoid(), 'Exp': lambda t, a: t[0].exp(), 'Div': lambda t, a: t[0] / t[1],
    'ReduceSum': _reduce(lambda x, dim, keepdim: x.sum(dim=dim, keepdim=keepdim)),
    'ReduceMean': _reduce(lambda x, dim, keepdim: x.mean(dim=dim, keepdim=keepdim)),
}


def graph_on_gpu(model, dtype, kept, tactics=None):
    """An ONNX graph run node by node with torch on the GPU: each node in `dtype` (FP16: MatMul on the tensor
    cores), its inputs cast to it, but the nodes in `kept` (layer names: the node's, else node_of_<output>),
    which compute in FP32, as a weakly typed TensorRT engine with --layerPrecisions=<node>:fp32 does."""
    import onnx.numpy_helper
    import torch
    # Integer initializers (a ReduceSum's axes) stay on the host, as TensorRT keeps shape tensors there: read on
    # the GPU, each would copy back mid-inference, which a CUDA graph's capture forbids.
    arrays = {t.name: onnx.numpy_helper.to_array(t).copy() for t in model.graph.initializer}
    weights = {name: torch.from_numpy(a) if a.dtype.kind in 'iu' else torch.from_numpy(a).cuda()
               for name, a in arrays.items()}
    first = model.graph.input[0].name

    def run_nodes(nodes, values):
        for node in nodes:
            own = torch.float32 if (node.name or f'node_of_{node.output[0]}') in kept else dtype
            if node.op_type == 'If':
                # Both branches, each in its own scope over the outer values, and the condition picks: no read of
                # the condition on the host, so a CUDA graph captures it (a branch's Inf does not leak through).
                picked = []
                for key in ('then_branch', 'else_branch'):
                    branch = next(a.g for a in node.attribute if a.name == key)
                    scope = dict(values)
                    run_nodes(branch.node, scope)
                    picked.append(scope[branch.output[0].name].float())
                values[node.output[0]] = torch.where(values[node.input[0]], picked[0], picked[1])
                continue
            inputs = [values[i] if values[i].dtype in (torch.int64, torch.int32, torch.bool) else values[i].to(own)
                      for i in node.input]
            layer = node.name or f'node_of_{node.output[0]}'
            op = MATMUL_TACTICS[tactics[layer]] if tactics and layer in tactics else GRAPH_OPS[node.op_type]
            values[node.output[0]] = op(inputs, node.attribute)

    def run(x):
        values = dict(weights)
        values[first] = x
        run_nodes(model.graph.node, values)
        # Every graph output: a first-divergence pass marks intermediate tensors as outputs, each exported.
        return {o.name: values[o.name] for o in model.graph.output}
    return run


def planted(outputs, dims, engine):
    """GPU_STANDIN_FAULT, per engine (`<part of its path>=<fault>;…`): a fault computed on the GPU in the engine's own
    precision, on its real outputs, that the consistency checks and the sweep must catch. couple-rows:R adds R times
    the batch's mean row to every row when the batch is above 1 (NVIDIA/TensorRT#4853); row-drift:R scales row b by
    1 + R·b (#4813); at-shape:<dims>:R scales every value by 1 + R at that one input shape (#4846). What it changed
    is measured, not assumed: the largest change and the largest value, a JSON line to GPU_STANDIN_FAULT_LOG."""
    import torch
    setting = os.environ.get('GPU_STANDIN_FAULT', '')
    fault = next((entry.split('=', 1)[1] for entry in setting.split(';')
                  if '=' in entry and entry.split('=', 1)[0] in engine), '')
    if not fault:
        return outputs
    kind, _, rest = fault.partition(':')
    changed = {}
    for name, y in outputs.items():
        size = float(rest.rsplit(':', 1)[-1])
        if kind == 'couple-rows' and y.shape[0] > 1:
            changed[name] = y + size * y.mean(dim=0, keepdim=True)
        elif kind == 'row-drift':
            rows = torch.arange(y.shape[0], device=y.device, dtype=y.dtype).reshape(-1, *([1] * (y.dim() - 1)))
            changed[name] = y * (1 + size * rows)
        elif kind == 'at-shape' and 'x'.join(str(d) for d in dims) == rest.rsplit(':', 1)[0]:
            changed[name] = y * (1 + size)
        else:
            changed[name] = y
    record = os.environ.get('GPU_STANDIN_FAULT_LOG')
    if record:
        with open(record, 'a') as f:
            for name, y in outputs.items():
                delta = (changed[name].float() - y.float()).abs().max().item()
                f.write(json.dumps({'engine': os.path.basename(engine), 'fault': fault, 'shape': dims,
                                    'output': name, 'maxAbsChange': delta,
                                    'maxAbsValue': y.float().abs().max().item()}) + '\n')
    return changed


def infer(options, args):
    """--loadEngine with --loadInputs: the engine's model (the PyTorch module saved next to its ONNX as
    <onnx>.pt) run once on the GPU in the precision it was built with; the output written as trtexec 10.16
    writes it: --dumpRawBindingsToFile into the working folder (`<name>.output.<d0.d1…>.fp32.raw`, the
    binding's own type: float32 I/O, as trtexec builds without --inputIOFormats/--outputIOFormats), or
    --exportOutput's JSON."""
    import numpy as np
    import onnx
    import torch
    with open(options['--loadEngine'], 'rb') as plan_file:
        plan = plan_file.read(1 << 16)
    start = plan.index(META) + len(META)
    meta = json.loads(plan[start:plan.index(b'\n', start)])
    dtype = getattr(torch, meta['dtype'])
    if os.path.exists(meta['onnx'] + '.pt'):
        module = torch.load(meta['onnx'] + '.pt', weights_only=False).cuda().eval().to(dtype)
        model = lambda x: module(x.to(dtype))  # noqa: E731
    else:
        model = graph_on_gpu(onnx.load(meta['onnx']), dtype, set(meta.get('kept', [])), meta.get('tactics'))
    shapes = dict(entry.rsplit(':', 1) for entry in options.get('--shapes', '').split(',') if entry)
    if '--loadInputs' not in options:
        return timed(options, args, model, shapes)
    files = dict(entry.rsplit(':', 1) for entry in options.get('--loadInputs', '').split(',') if entry)
    name = next(iter(files))
    dims = [int(d) for d in shapes[name].split('x')]
    x = torch.from_numpy(np.fromfile(files[name], dtype=np.float32).reshape(dims)).cuda()
    first = onnx.load(meta['onnx'], load_external_data=False).graph.output[0].name
    with torch.no_grad():
        result = model(x)
        result = planted(result if isinstance(result, dict) else {first: result}, dims, options['--loadEngine'])
    # A module answers its one output; a graph each of its outputs (marked ones included).
    outs = {k: v.float().cpu().numpy() for k, v in result.items()}
    log('I', f'Engine loaded; inference in {meta["dtype"]}')
    if '--dumpRawBindingsToFile' in options:
        dumps = [(name, 'input', x.cpu().numpy())] + [(tensor, 'output', out) for tensor, out in outs.items()]
        for tensor, kind, values in dumps:
            dims = '.'.join(str(d) for d in values.shape)
            values.astype('<f4').tofile(f'{filename_safe(tensor)}.{kind}.{dims}.fp32.raw')
    if '--exportOutput' in options:
        entries = ['  { "name" : "%s"\n  , "dimensions" : "%s"\n  , "values" : [ %s ]\n  }'
                   % (tensor, 'x'.join(str(d) for d in out.shape), ', '.join('%g' % v for v in out.reshape(-1)))
                   for tensor, out in outs.items()]
        with open(options['--exportOutput'], 'w') as exported:
            exported.write('[\n' + '\n, '.join(entries) + '\n]\n')
    banner('PASSED', args)
    return 0


def timed(options, args, model, shapes):
    """A timed run, as trtexec 10.16 makes one of a loaded engine: the engine's graph on random inputs at
    --shapes (FP16 except its kept nodes), under the measurement asked (--noDataTransfers, --useCudaGraph,
    --useSpinWait; 10.16's defaults otherwise), --warmUp ms then --iterations runs (or --duration seconds), each
    timed with CUDA events; --exportTimes and --exportProfile in trtexec's layouts, the summary lines."""
    import torch
    name, spec = next(iter(shapes.items()))
    x = torch.rand([int(d) for d in spec.split('x')], device='cuda') * 2 + 1
    measured = {'transfers': '--noDataTransfers' not in options, 'graph': '--useCudaGraph' in options,
                'spin': '--useSpinWait' in options}
    said = {True: 'Enabled', False: 'Disabled'}
    log('I', f'Data transfers: {said[measured["transfers"]]}')
    log('I', f'Spin-wait: {said[measured["spin"]]}')
    log('I', f'CUDA Graph: {said[measured["graph"]]}')
    host = x.cpu().pin_memory()
    with torch.no_grad():
        for _ in range(3):
            model(x)
        torch.cuda.synchronize()
        launch = lambda: model(x)  # noqa: E731
        if measured['graph']:
            try:
                graph = torch.cuda.CUDAGraph()
                with torch.cuda.graph(graph):
                    model(x)
                launch = graph.replay
                log('I', 'Successfully captured CUDA graph for the current execution context.')
            except RuntimeError:
                # trtexec 10.16's words where an engine cannot be captured (sampleInference.cpp): it runs on
                # without a graph, and says so; trt-ci reads the measurement from these lines.
                torch.cuda.synchronize()
                log('W', 'The built TensorRT engine contains operations that are not permitted under CUDA graph '
                         'capture mode.')
                log('W', 'The specified --useCudaGraph flag has been ignored. The inference will be launched without '
                         'using CUDA graph launch.')

        def once():
            if measured['transfers']:
                x.copy_(host, non_blocking=True)
            launch()

        warm_until = time.time() + float(options.get('--warmUp', 200)) / 1000
        while time.time() < warm_until:
            once()
            torch.cuda.synchronize()
        count = int(options.get('--iterations', 10))
        duration_ms = float(options.get('--duration', 3)) * 1000
        times = []
        while len(times) < count or sum(times) < duration_ms:
            events = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True,
                                                                                 blocking=not measured['spin']))
                      for _ in range(max(count, 10))]
            for start, end in events:
                start.record()
                once()
                end.record()
            events[-1][1].synchronize()
            times += [start.elapsed_time(end) for start, end in events]
            if duration_ms <= 0:
                break
    times = times[:max(count, 1)] if duration_ms <= 0 else times
    if '--exportTimes' in options:
        clock, rows = 0.0, []
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
    mean = sum(times) / len(times)
    p99 = ordered[max(int(len(ordered) * 0.99) - 1, 0)]
    if '--exportProfile' in options:
        # exportJSONProfile's layout; the engine is one layer, named as --exportLayerInfo names it here.
        with open(options['--exportProfile'], 'w') as f:
            f.write(f'[\n  {{ "count" : {len(times)} }}\n, {{ "name" : "gpu-standin", "timeMs" : {sum(times):.6g}, '
                    f'"averageMs" : {mean:.6g}, "medianMs" : {median:.6g}, "percentage" : 100 }}\n]\n')
    log('I', '=== Performance summary ===')
    for what in ('Latency', 'GPU Compute Time'):
        log('I', f'{what}: min = {ordered[0]:.6g} ms, max = {ordered[-1]:.6g} ms, mean = {mean:.6g} ms, '
                 f'median = {median:.6g} ms, percentile(99%) = {p99:.6g} ms')
    banner('PASSED', args)
    return 0


# The switches a call carries to the server: the rest of a server's environment is its own.
FORWARDED = ('CUDA_VISIBLE_DEVICES', 'GPU_STANDIN_HOLD_S', 'GPU_STANDIN_RECORD', 'GPU_STANDIN_FAULT',
             'GPU_STANDIN_FAULT_LOG', 'GPU_STANDIN_TACTICS')


def serve(path):
    """`trtexec_gpu.py serve SOCKET`: one process that keeps torch and its CUDA context loaded and runs each
    call's main() in turn (its folder, its switches), so that a call costs its work, not an import of torch
    (8 s on an H100 host, twice per candidate of a keep-fp32 search). Calls are answered one at a time."""
    import contextlib
    import socket
    import traceback
    import onnx  # noqa: F401  (loaded once, as torch)
    import torch
    torch.cuda.init()
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(path)
    server.listen(8)
    while True:
        conn, _ = server.accept()
        with conn, conn.makefile('r') as request, conn.makefile('w') as reply:
            call = json.loads(request.readline())
            os.chdir(call['cwd'])
            for key in FORWARDED:
                if key in call['env']:
                    os.environ[key] = call['env'][key]
                else:
                    os.environ.pop(key, None)
            code = 1
            with contextlib.redirect_stdout(reply), contextlib.redirect_stderr(reply):
                try:
                    code = main(call['args'])
                except SystemExit as stop:
                    code = stop.code if isinstance(stop.code, int) else 1
                except Exception:  # what an uncaught error would print, and exit 1
                    traceback.print_exc()
            reply.write(f'\0exit {code}\n')
            reply.flush()


def call_server(path, args):
    """One call through the server: its output streamed back as it is printed, its exit status returned."""
    import socket
    client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    client.connect(path)
    env = {key: os.environ[key] for key in FORWARDED if key in os.environ}
    client.sendall((json.dumps({'args': args, 'cwd': os.getcwd(), 'env': env}) + '\n').encode())
    with client.makefile('r') as answer:
        for line in answer:
            if line.startswith('\0exit '):
                return int(line.split()[1])
            sys.stdout.write(line)
            sys.stdout.flush()
    return 1


if __name__ == '__main__':
    if sys.argv[1:2] == ['serve']:
        serve(sys.argv[2])
    elif os.environ.get('GPU_STANDIN_SOCKET'):
        sys.exit(call_server(os.environ['GPU_STANDIN_SOCKET'], sys.argv[1:]))
    sys.exit(main(sys.argv[1:]))
