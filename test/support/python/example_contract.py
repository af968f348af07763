"""producers/run_request.py's contract part, with a fake engine in place of TensorRT (none is installed
here): what trt-ci writes it reads, what it writes trt-ci reads (test/run-command.test.ts). The fake doubles each
input into an output of the same dtype and times each iteration as 0.5 ms."""
import importlib.util
import json
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
example_file = os.path.join(here, "..", "..", "..", "producers", "run_request.py")
spec = importlib.util.spec_from_file_location("example", example_file)
example = importlib.util.module_from_spec(spec)
spec.loader.exec_module(example)


class FakeEngine:
    def __init__(self, plan, plugins=(), dynamic_plugins=(), version_compatible=False):
        if not os.path.exists(plan):
            raise RuntimeError(f"{plan}: no such plan")
        # What the example handed the engine, said as TensorRT's logger would: the test reads it from the log.
        print(f"[TRT] [I] version_compatible={bool(version_compatible)}", file=sys.stderr)

    def infer(self, shapes, arrays):
        return {f"{name}_doubled": array * 2 for name, array in arrays.items()}

    def time(self, shapes, iterations, warm_up_ms):
        return [0.5] * iterations


path = sys.argv[1]
with open(path) as f:
    request = json.load(f)
result = example.serve(request, make_engine=FakeEngine, tensorrt_version=lambda: "10.16.1")
with open(request["result"], "w") as f:
    json.dump(result, f)
