// npm run bench: every benchmark, each printing ratios against a reference measured in the same run.
await import('./orchestration.js');
await import('./scan.js');
await import('./cache.js');
await import('./startup.js');
await import('./parse.js');
await import('./fuzz-logs.js');
await import('./accuracy.js');
await import('./shard.js');
await import('./onnx-inputs.js');
await import('./explain.js');
await import('./explain-scale.js');
await import('./big-inputs.js');
await import('./history.js');
await import('./registry.js');
await import('./registry-faults.js');
await import('./precision-search.js');
await import('./precision-writer.js');
