#!/usr/bin/env bash
# On the GPU machine (device tool: carry .gpu from ../shared/tools/gpu-node-prep): trt-ci's accuracy gate
# against real FP16 and BF16 arithmetic. A torchvision ResNet-50 with random weights is exported to ONNX
# (and kept as a PyTorch module beside it); the GPU-backed trtexec stand-in (test/gpu/trtexec_gpu.py) runs
# it in the precision each engine was built with, and trt-ci compares with ONNX Runtime FP32 on the CPU.
# A third model scales the classifier so its logits overflow FP16 (65504): the planted real failure.
# Writes $OUT/accuracy-report.json (trt-ci's report) and $OUT/accuracy-summary.md.
set -uo pipefail
source "$(dirname "$0")/node.sh"
root=$PWD
out=${OUT:-$root/accuracy-check-out}
mkdir -p "$out"
work=$(mktemp -d)
python3 - "$work" <<'PY'
import sys, torch, torchvision
work = sys.argv[1]
torch.manual_seed(0)
for name, scale in (('resnet50', 1.0), ('resnet50-overflow', 5000.0)):
    model = torchvision.models.resnet50(weights=None).eval()
    with torch.no_grad():
        model.fc.weight.mul_(scale)
    x = torch.zeros(1, 3, 224, 224)
    torch.onnx.export(model, x, f'{work}/{name}.onnx', input_names=['x'], output_names=['logits'],
                      dynamic_axes={'x': {0: 'batch'}, 'logits': {0: 'batch'}}, opset_version=17, dynamo=False)
    torch.save(model, f'{work}/{name}.onnx.pt')
PY
cat > "$work/trt-ci.yml" <<YML
trtexec: $root/test/gpu/trtexec_gpu.py
output-dir: $work/out
accuracy: { top-k: 5 }
models:
  - name: resnet50-fp16
    onnx: resnet50.onnx
    precision: fp16
    profiles: [{ name: b4, shapes: { x: 4x3x224x224 } }]
  - name: resnet50-bf16
    onnx: resnet50.onnx
    precision: bf16
    profiles: [{ name: b4, shapes: { x: 4x3x224x224 } }]
  - name: overflow-fp16
    onnx: resnet50-overflow.onnx
    precision: fp16
    profiles: [{ name: b4, shapes: { x: 4x3x224x224 } }]
YML
chmod +x "$root/test/gpu/trtexec_gpu.py"
export GPU_STANDIN_HOLD_S=0
( cd "$work" && time node "$root/dist/cli.js" run --config trt-ci.yml --json \
    > "$out/accuracy-report.json" 2> "$out/accuracy-stderr.txt" )
echo "trt-ci exit status: $?"
cp "$work/out/summary.md" "$out/accuracy-summary.md" 2>/dev/null
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/gpu.txt"
python3 -c "import torch, onnx; print('torch', torch.__version__, 'onnx', onnx.__version__)" >> "$out/gpu.txt"
tail -5 "$out/accuracy-stderr.txt"
