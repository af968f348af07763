// npm run bench: the keep-fp32 search (`trt-ci precision`) on 20 planted graphs, each candidate built by the
// trtexec stand-in, whose FP16 is real (every FP16 layer's output and input rounded through a Cast pair
// under ONNX Runtime). Each graph is a chain of FP16-safe nodes of 6 to 200 nodes with one or two traps of
// issue 37's kinds (a Mul past 65504, an Exp, an unshifted variance, an accumulation, a softmax without its max),
// whose 2 or 3 planted nodes must stay FP32 (test/support/onnx-models.ts plantedChainOnnx: the optimum by
// construction); every build is a whole run (BENCH_PRECISION_GRAPHS=N runs fewer graphs). Measured: the
// kept set against the optimum (budget: no larger than 1.1x), builds against 2 k ceil(log2 R) + 2, and
// whether the list, pasted into trt-ci.yml, passes a plain run on the build that produced it; whether the
// first-divergence pass of all-FP16 names the first planted node; the search's own price run (the list
// built again and A/B'd against all-FP16).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../src/cli/run-cli.js';
import { plantedChainOnnx, TRAP_KINDS, type TrapKind } from '../test/support/onnx-models.js';
import { installStandins } from '../test/support/standins.js';

const dir = mkdtempSync(join(tmpdir(), 'trt-ci-bench-precision-'));
try {
  const rows: {
    R: number;
    k: number;
    kept: number;
    exact: boolean;
    builds: number;
    bound: number;
    reverified: boolean;
    /** The first-divergence pass named the first planted node (graph order) of all-FP16's failure. */
    divergenceRight: boolean;
    /** The list's latency over all-FP16's, from the search's own A/B (the stand-in's timings). */
    priceRatio: number | null;
    priceReverified: boolean;
    seconds: number;
  }[] = [];
  const GRAPHS = Number(process.env.BENCH_PRECISION_GRAPHS ?? 20);
  for (let g = 0; g < GRAPHS; g++) {
    const version = g % 2 === 0 ? '10.16.1.11' : '11.2.1.2';
    const standins = installStandins(join(dir, `s${g}`), { trtexecEnv: { TRTEXEC_STANDIN_VERSION: version } });
    const length = [6, 12, 20, 32, 48, 64, 96, 128, 160, 200][g % 10]!;
    // One trap, or two of different kinds, every kind in turn.
    const first = TRAP_KINDS[(g >> 1) % TRAP_KINDS.length]!;
    const second: TrapKind = TRAP_KINDS[((g >> 1) + 2) % TRAP_KINDS.length]!;
    const kinds: TrapKind[] = g % 2 === 0 ? [first] : [first, second];
    const { model, planted } = plantedChainOnnx(1000 + g, length, kinds.length, kinds);
    const started = Date.now();
    writeFileSync(join(dir, `m${g}.onnx`), model);
    const file = join(dir, `g${g}.yml`);
    const yaml = (keep: string) =>
      `trtexec: ${standins.trtexec}\nnvidia-smi: ${standins.nvidiaSmi}\noutput-dir: out${g}\n` +
      `models:\n  - name: m\n    onnx: m${g}.onnx\n    precision: fp16\n${keep}` +
      '    accuracy: { inputs: { x: { range: [1, 3] } } }\n    profiles: [{ name: p, shapes: { x: 1x4 } }]\n';
    writeFileSync(file, yaml(''));
    let out = '';
    const io = { cwd: dir, env: process.env, stdout: (t: string) => (out += t), stderr: () => {} };
    await runCli(['precision', '--config', file, '--json', '--max-builds', '200'], io);
    const search = JSON.parse(out) as {
      candidates: string[];
      keep: string[] | null;
      trials: unknown[];
      divergence: { status: string; node: string | null; span?: string[] } | null;
      regions: number | null;
      price: { accuracy: string; ratio: number | null } | null;
    };
    const keep = search.keep ?? [];
    writeFileSync(file, yaml(`    keep-fp32: [${keep.join(', ')}]\n`));
    const code = await runCli(['run', '--config', file], { ...io, stdout: () => {} });
    const R = search.candidates.length;
    const k = planted.length;
    rows.push({
      R,
      k,
      kept: keep.length,
      exact: keep.length === k && planted.every((p) => keep.includes(p)),
      builds: search.trials.length,
      bound: 2 * k * Math.ceil(Math.log2(R)) + 2,
      reverified: code === 0,
      // plantedChainOnnx lists the planted nodes in chain (graph) order: the first is where FP16 overflows.
      // Past 200 nodes only layer ends are marked: right when the first planted node is in the span it names.
      divergenceRight:
        search.divergence?.status === 'found' &&
        (search.divergence.node === planted[0] || (search.divergence.span ?? []).includes(planted[0]!)),
      priceRatio: search.price?.ratio ?? null,
      priceReverified: search.price?.accuracy === 'passed',
      seconds: (Date.now() - started) / 1000,
    });
    const row = rows.at(-1)!;
    const kept = keep.join('+');
    console.error(
      `  graph ${g + 1}: R ${R}, ${kinds.join('+')}, planted ${planted.join('+')}, kept ${kept}, ` +
        `${row.builds}/${row.bound} builds${search.regions ? ` (${search.regions} regions first)` : ''}, ` +
        `error starts at ${search.divergence?.node ?? search.divergence?.status ?? '?'}`,
    );
  }
  const exact = rows.filter((r) => r.exact).length;
  const worstRatio = Math.max(...rows.map((r) => r.kept / r.k));
  const overBound = rows.filter((r) => r.builds > r.bound).length;
  const seconds = rows.reduce((sum, r) => sum + r.seconds, 0);
  const span = `${Math.min(...rows.map((r) => r.R))}-${Math.max(...rows.map((r) => r.R))}`;
  const reverified = rows.filter((r) => r.reverified).length;
  const divergenceRight = rows.filter((r) => r.divergenceRight).length;
  const priced = rows.filter((r) => r.priceReverified).length;
  const ratios = rows.flatMap((r) => (r.priceRatio === null ? [] : [r.priceRatio]));
  console.log(
    `precision search: ${GRAPHS} planted graphs (R ${span} candidates, k 2-6 planted; TensorRT 10.16 and ` +
      '11.2 alternately), each candidate built:\n' +
      `  the planted set found exactly on ${exact} of ${GRAPHS}; kept set / optimum at most ` +
      `${worstRatio.toFixed(2)} (budget 1.1)\n` +
      `  builds ${rows.map((r) => `${r.builds}/${r.bound}`).join(' ')} (each within 2 k ceil(log2 R) + 2: ` +
      `${GRAPHS - overBound} of ${GRAPHS})\n` +
      `  the list re-verified by a plain run on the build that produced it: ${reverified} of ${GRAPHS}; by the ` +
      `search's own second build: ${priced} of ${GRAPHS}\n` +
      `  first divergence named right (the first planted node, from all-FP16's marked build): ` +
      `${divergenceRight} of ${GRAPHS}\n` +
      `  latency: the kept set is the optimum's on ${exact} of ${GRAPHS} (the same engine, so the same latency); ` +
      `list / all-FP16 from the search's A/B ${ratios.length ? `${Math.min(...ratios).toFixed(3)}-` : ''}` +
      `${ratios.length ? Math.max(...ratios).toFixed(3) : 'not measured'} (the CPU stand-in's timings do not ` +
      'depend on precision: the GPU check measures the real price)\n' +
      `  ${seconds.toFixed(0)} s in all, ${(seconds / rows.reduce((n, r) => n + r.builds + 1, 0)).toFixed(1)} s ` +
      'per build and check (a whole trt-ci run each, stand-in processes included)',
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
