#!/usr/bin/env python3
"""trt-ci's run command for the TensorRT Python runtime (docs/run-command.md), and the contract part that
producers/tensorrt_rtx.py runs TensorRT-RTX's runtime through.

    run:
      command: [python3, "${TRT_CI_PRODUCERS}/run_request.py", "{request}"]

trt-ci writes a request (trt-ci/run-request@1) and reads the result this script writes where the request says.
The contract (reading the request and the inputs, writing the outputs and the result) is plain Python and NumPy;
the TensorRT part is TensorRTEngine below (the tensorrt module given: tensorrt, or TensorRT-RTX's bindings, which
have the same runtime API; torch for device memory, streams and CUDA events). test/run-command.test.ts runs this
file's contract part against a fake engine.
"""
import json
import os
import sys

import numpy as np

SCHEMA = "trt-ci/run-request@1"
# The request's dtype names (ONNX's element types) as NumPy's.
DTYPES = {
    "float32": np.float32,
    "float16": np.float16,
    "int8": np.int8,
    "uint8": np.uint8,
    "int32": np.int32,
    "int64": np.int64,
    "bool": np.bool_,
}


def error_keeping_logger(trt):
    """A TensorRT logger that prints warnings and errors as TensorRT's own does and keeps the errors."""

    class Logger(trt.ILogger):
        def __init__(self):
            trt.ILogger.__init__(self)
            self.errors = []

        def log(self, severity, message):
            if severity in (trt.Logger.ERROR, trt.Logger.INTERNAL_ERROR):
                self.errors.append(str(message))
            if severity in (trt.Logger.ERROR, trt.Logger.INTERNAL_ERROR, trt.Logger.WARNING):
                letter = "W" if severity == trt.Logger.WARNING else "E"
                print(f"[TRT] [{letter}] {message}", file=sys.stderr, flush=True)

    return Logger()


class TensorRTEngine:
    """One deserialized plan on the GPU: inference on host arrays, and timed iterations."""

    def __init__(self, plan, plugins=(), dynamic_plugins=(), version_compatible=False, trt=None):
        import ctypes

        import torch

        if trt is None:
            import tensorrt as trt
        for library in list(plugins) + list(dynamic_plugins):
            ctypes.CDLL(library)
        self.trt, self.torch = trt, torch
        logger = error_keeping_logger(trt)
        # TensorRT-RTX ships no plugin library to register.
        if hasattr(trt, "init_libnvinfer_plugins"):
            trt.init_libnvinfer_plugins(logger, "")
        runtime = trt.Runtime(logger)
        # A version-compatible plan carries its lean runtime: host code TensorRT runs only when allowed.
        runtime.engine_host_code_allowed = bool(version_compatible)
        with open(plan, "rb") as f:
            self.engine = runtime.deserialize_cuda_engine(f.read())
        if self.engine is None:
            # TensorRT's own words, where it said why (TensorRT-RTX on a GPU it does not run on, a plan of another
            # release): they are the line trt-ci reports.
            why = logger.errors[-1] if logger.errors else "TensorRT could not deserialize the plan"
            raise RuntimeError(f"{plan}: {why}")
        self.context = self.engine.create_execution_context()
        self.stream = torch.cuda.Stream()
        self.names = [self.engine.get_tensor_name(i) for i in range(self.engine.num_io_tensors)]

    def _is_input(self, name):
        return self.engine.get_tensor_mode(name) == self.trt.TensorIOMode.INPUT

    def _bind(self, shapes, arrays=None):
        """Device buffers for every tensor at these shapes; inputs copied from `arrays` (else zeros)."""
        torch = self.torch
        buffers = {}
        for name in self.names:
            if self._is_input(name):
                shape = shapes.get(name) or tuple(self.engine.get_tensor_shape(name))
                self.context.set_input_shape(name, shape)
        for name in self.names:
            dtype = torch.from_numpy(np.zeros(1, self.trt.nptype(self.engine.get_tensor_dtype(name)))).dtype
            shape = tuple(self.context.get_tensor_shape(name))
            if arrays is not None and name in arrays:
                buffers[name] = torch.from_numpy(np.ascontiguousarray(arrays[name])).cuda()
            else:
                buffers[name] = torch.zeros(shape, dtype=dtype, device="cuda")
            self.context.set_tensor_address(name, buffers[name].data_ptr())
        return buffers

    def infer(self, shapes, arrays):
        buffers = self._bind(shapes, arrays)
        if not self.context.execute_async_v3(self.stream.cuda_stream):
            raise RuntimeError("TensorRT could not enqueue the inference")
        self.stream.synchronize()
        return {n: buffers[n].cpu().numpy() for n in self.names if not self._is_input(n)}

    def time(self, shapes, iterations, warm_up_ms):
        torch = self.torch
        self._bind(shapes)
        with torch.cuda.stream(self.stream):
            start = torch.cuda.Event(enable_timing=True)
            start.record()
            while True:
                self.context.execute_async_v3(self.stream.cuda_stream)
                end = torch.cuda.Event(enable_timing=True)
                end.record()
                end.synchronize()
                if start.elapsed_time(end) >= warm_up_ms:
                    break
            times = []
            for _ in range(iterations):
                begin, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
                begin.record()
                self.context.execute_async_v3(self.stream.cuda_stream)
                end.record()
                end.synchronize()
                times.append(begin.elapsed_time(end))
        return times


def version():
    import tensorrt as trt

    return trt.__version__


def serve(request, make_engine=TensorRTEngine, tensorrt_version=version, product=None):
    """The result of one request, its files written beside the result. `product`: TensorRT-RTX, whose version
    is its own (1.7.1.116), not TensorRT's."""
    if request.get("schema") != SCHEMA:
        raise SystemExit(f"error: a request of schema {request.get('schema')}; this script knows {SCHEMA}")
    mode = request["mode"]
    if mode == "version":
        return {"tensorrtVersion": tensorrt_version(), **({"product": product} if product else {})}
    shapes = {name: tuple(dims) for name, dims in request.get("shapes", {}).items()}
    engine = make_engine(
        request["plan"],
        request.get("plugins", ()),
        request.get("dynamicPlugins", ()),
        version_compatible=request.get("versionCompatible", False),
    )
    if mode == "time":
        # CUDA events around a stream launch: data transfers are outside, as trt-ci's measurement asks.
        times = engine.time(shapes, request["iterations"], request.get("warmUpMs", 200))
        measured = dict(request["measurement"], cudaGraph=False, spinWait=False, dataTransfers=False)
        return {"timesMs": times, "measurement": measured}
    if mode == "load":
        # Deserialized above; one run at the shapes, as the deploy target would. TensorRT's logger lines are the
        # log trt-ci reads the verdict from; an exception exits non-zero.
        engine.time(shapes, 1, 0)
        return {"loaded": True}
    if mode == "infer":
        arrays = {}
        for given in request["inputs"]:
            data = np.fromfile(given["file"], dtype=DTYPES[given["dtype"]])
            arrays[given["name"]] = data.reshape(given["shape"])
        folder = os.path.dirname(request["result"])
        outputs = []
        for i, (name, array) in enumerate(engine.infer(shapes, arrays).items()):
            dtype = next((d for d, t in DTYPES.items() if np.dtype(t) == array.dtype), None)
            if dtype is None:
                array, dtype = array.astype(np.float32), "float32"
            file = f"output{i}.bin"
            np.ascontiguousarray(array).astype(array.dtype.newbyteorder("<")).tofile(os.path.join(folder, file))
            outputs.append({"name": name, "dtype": dtype, "shape": list(array.shape), "file": file})
        return {"outputs": outputs}
    raise SystemExit(f"error: no mode {mode}")


def main(path, trt=None, product=None):
    """Answers the request at `path` with the tensorrt module `trt` (the tensorrt wheel's when None)."""
    with open(path or os.environ["TRT_CI_RUN_REQUEST"]) as f:
        request = json.load(f)
    if trt is None:
        result = serve(request)
    else:
        def engine(plan, plugins=(), dynamic_plugins=(), version_compatible=False):
            return TensorRTEngine(plan, plugins, dynamic_plugins, version_compatible, trt=trt)

        result = serve(request, engine, lambda: trt.__version__, product)
    with open(request["result"], "w") as f:
        json.dump(result, f)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else None))
