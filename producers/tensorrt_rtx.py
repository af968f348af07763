#!/usr/bin/env python3
"""trt-ci's producer and runner for NVIDIA TensorRT-RTX (docs/tensorrt-rtx.md), through trt-ci's ports:

    build:
      command: [python3, "${TRT_CI_PRODUCERS}/tensorrt_rtx.py", build, --onnx, "{onnx}", --plan, "{plan}",
                --layer-info, "{layer-info}", --shapes, "{min-shapes}/{opt-shapes}/{max-shapes}",
                --workspace, "{workspace}", --compute-capability, "8.9"]
    run:
      command: [python3, "${TRT_CI_PRODUCERS}/tensorrt_rtx.py", run, "{request}"]

TensorRT-RTX ships as PyPI wheels (tensorrt_rtx_cu13_libs, tensorrt_rtx_cu13_bindings; the bindings import as
tensorrt_rtx_bindings). It builds ahead of time on the CPU for the compute capabilities it is given (no GPU is
needed to build), and its networks are strongly typed: an FP16 engine is built from an FP16 ONNX (trt-ci writes
it for precision: fp16). Its log is written in trtexec's line format ([date] [I] [TRT] message), so trt-ci reads
it as it reads trtexec's. The layer info is the builder's own "Engine Layer Information" lines in trtexec's
--exportLayerInfo shape: the builder prints them at the default profiling verbosity (at DETAILED it prints none),
and the engine inspector needs a GPU that loads the plan, which a CPU build has not.
"""
import argparse
import datetime
import json
import os
import re
import sys

PRODUCT = "TensorRT-RTX"


def tensorrt_rtx():
    try:
        import tensorrt_rtx_bindings as trt
    except ImportError:
        import tensorrt_rtx as trt
    return trt


def log_line(severity, message):
    stamp = datetime.datetime.now().strftime("%m/%d/%Y-%H:%M:%S")
    print(f"[{stamp}] [{severity}] {message}", flush=True)


def make_logger(trt, verbose, layer_lines):
    """TensorRT-RTX's messages in trtexec's format; the verbose ones only with --verbose, except the layer lines
    the builder prints (kept for the layer info)."""
    letters = {
        trt.Logger.INTERNAL_ERROR: "F",
        trt.Logger.ERROR: "E",
        trt.Logger.WARNING: "W",
        trt.Logger.INFO: "I",
        trt.Logger.VERBOSE: "V",
    }

    class Logger(trt.ILogger):
        def __init__(self):
            trt.ILogger.__init__(self)

        def log(self, severity, message):
            for line in str(message).splitlines():
                if line.startswith("Layer(") and "Tactic:" in line:
                    layer_lines.append(line)
                letter = letters.get(severity, "I")
                if letter != "V" or verbose:
                    log_line(letter, f"[TRT] {line}")

    return Logger()


def parse_shapes(text):
    """trtexec's shape spec, x:1x3x8x8,mask:1x77 → {"x": (1, 3, 8, 8), "mask": (1, 77)}."""
    shapes = {}
    for part in filter(None, text.split(",")):
        name, _, dims = part.rpartition(":")
        shapes[name] = tuple(int(d) for d in dims.split("x")) if dims else ()
    return shapes


def compute_capability(trt, text):
    name = "CURRENT" if text == "current" else "SM" + text.replace(".", "")
    if not hasattr(trt.ComputeCapability, name):
        known = [c for c in dir(trt.ComputeCapability) if c.startswith("SM")]
        raise SystemExit(f"error: --compute-capability {text}: TensorRT-RTX builds for {', '.join(known)} or current")
    return getattr(trt.ComputeCapability, name)


# "Layer(Myelin): {ForeignNode[a...b]}, Tactic: 0x0000000000000000, x (Float[-1,3,8,8]) -> y (Float[-1,4,8,8])"
LAYER_LINE = re.compile(r"^Layer\((?P<type>[^)]*)\): (?P<name>.*), Tactic: (?P<tactic>\S+), (?P<io>.*)$")
TENSOR = re.compile(r"(?P<name>[^,()]+?) \((?P<format>[A-Za-z0-9]+)\[(?P<dims>[^\]]*)\]\)")


def layers_from_log(lines):
    """The builder's "Engine Layer Information" lines as trtexec's --exportLayerInfo JSON (detailed)."""
    layers = []
    for line in lines:
        match = LAYER_LINE.match(line)
        if not match:
            continue
        inputs, _, outputs = match["io"].partition(" -> ")

        def tensors(text):
            return [
                {"Name": t["name"].strip(), "Format/Datatype": t["format"],
                 "Dimensions": [int(d) for d in t["dims"].split(",") if d.strip()]}
                for t in TENSOR.finditer(text)
            ]

        layers.append({"Name": match["name"], "LayerType": match["type"], "TacticValue": match["tactic"],
                       "Inputs": tensors(inputs), "Outputs": tensors(outputs)})
    return {"Layers": layers, "Bindings": [], "Source": "the builder's Engine Layer Information lines"}


def build(args):
    trt = tensorrt_rtx()
    layer_lines = []
    logger = make_logger(trt, args.verbose, layer_lines)
    log_line("I", f"{PRODUCT} {trt.__version__} ({trt.__name__}): building {args.onnx}")
    builder = trt.Builder(logger)
    network = builder.create_network(0)
    parser = trt.OnnxParser(network, logger)
    if not parser.parse_from_file(args.onnx):
        for i in range(parser.num_errors):
            log_line("E", f"[TRT] ModelImporter: {parser.get_error(i).desc()}")
        log_line("E", "Failed to parse onnx file")
        return 1
    config = builder.create_builder_config()
    # The default, said: at DETAILED, TensorRT-RTX 1.7 prints no "Engine Layer Information" (the layer info's source).
    config.profiling_verbosity = trt.ProfilingVerbosity.LAYER_NAMES_ONLY
    if args.workspace:
        config.set_memory_pool_limit(trt.MemoryPoolType.WORKSPACE, int(args.workspace))
    config.num_compute_capabilities = len(args.compute_capability)
    for i, cc in enumerate(args.compute_capability):
        config.set_compute_capability(compute_capability(trt, cc), i)
    log_line("I", f"Compute capabilities: {', '.join(args.compute_capability)}")
    if args.shapes:
        low, opt, high = (parse_shapes(part) for part in args.shapes.split("/"))
        profile = builder.create_optimization_profile()
        for i in range(network.num_inputs):
            name = network.get_input(i).name
            if name in opt:
                profile.set_shape(name, low.get(name, opt[name]), opt[name], high.get(name, opt[name]))
        config.add_optimization_profile(profile)
    serialized = builder.build_serialized_network(network, config)
    if serialized is None:
        log_line("E", "Engine could not be created from network")
        log_line("E", "Building engine failed")
        return 1
    with open(args.plan, "wb") as plan:
        plan.write(bytes(serialized))
    log_line("I", f"Engine built: {serialized.nbytes} bytes to {args.plan}")
    if args.layer_info:
        with open(args.layer_info, "w") as out:
            json.dump(layers_from_log(layer_lines), out, indent=1)
    return 0


def run(args):
    """The run-request@1 contract (producers/run_request.py) with TensorRT-RTX's runtime."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import run_request

    trt = tensorrt_rtx()
    return run_request.main(args.request, trt, product=PRODUCT)


def main(argv):
    parser = argparse.ArgumentParser(prog="tensorrt_rtx.py", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    b = commands.add_parser("build", help="build a plan from an ONNX model")
    b.add_argument("--onnx", required=True)
    b.add_argument("--plan", required=True)
    b.add_argument("--layer-info", default="")
    b.add_argument("--shapes", default="", help="{min-shapes}/{opt-shapes}/{max-shapes}")
    b.add_argument("--workspace", default="")
    b.add_argument("--compute-capability", action="append", required=True,
                   help="8.9, 12.0, ... or current (the GPU present); repeat for several")
    b.add_argument("--verbose", action="store_true")
    r = commands.add_parser("run", help="answer a trt-ci run request (docs/run-command.md)")
    r.add_argument("request", nargs="?", default=os.environ.get("TRT_CI_RUN_REQUEST"))
    args = parser.parse_args(argv[1:])
    return build(args) if args.command == "build" else run(args)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
