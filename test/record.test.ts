// The record: the one writer of an engine's entry (record/), paths made relative in one pass, and the
// merges after a run (a baseline again, the deploy jobs' loads) that return new reports.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DeployLoadReport } from '../src/contract/deploy-load.js';
import type { Report } from '../src/contract/report.js';
import { withDeployLoads } from '../src/record/deploy-loads.js';
import { withBaseline } from '../src/record/rebase.js';
import { withRelativePaths } from '../src/record/relative-paths.js';
import { build, mixedReports } from './support/reports.js';

const src = join(import.meta.dirname, '..', 'src');
const modules = (dir: string): string[] =>
  readdirSync(join(src, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? modules(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

describe("one writer of an engine's entry", () => {
  it('only record/ makes a ReportBuild: no other module returns one or spreads one into another', () => {
    const writers = modules('.').filter((file) => {
      const text = readFileSync(join(src, file), 'utf8');
      return /\): ReportBuild\b|\): ReportBuild\[\]|: ReportBuild = \{|Object\.assign\(/.test(text);
    });
    expect(writers).toEqual([
      'latency/base-plan.ts', // finds the baseline's entry of an engine; writes none
      'record/engine-entry.ts',
      'record/relative-paths.ts',
    ]);
  });
});

describe('paths, in one pass', () => {
  it("every path of a report is relative to the job's folder; argv and the config's own position are not", () => {
    const [report] = mixedReports();
    const abs = (path: string) => `/job/${path}`;
    const absolute: Report = {
      ...report!,
      builds: report!.builds.map((b) => ({
        ...b,
        plan: b.plan && abs(b.plan),
        layerInfo: abs('out/x.layers.json'),
        attempts: b.attempts.map((a) => ({ ...a, log: abs(a.log) })),
        perf: {
          throughputQps: 1,
          latencyMs: null,
          gpuComputeMs: null,
          log: abs('out/logs/x.perf.log'),
          measurement: null,
        },
        latency: b.latency && { ...b.latency, baseEngine: { source: 'plans', plan: abs('base/x.plan') } },
        scan: b.scan && { ...b.scan, path: abs(b.scan.path) },
      })),
      comparison: { ...report!.comparison, baseline: abs('base/report.json') },
      cache: { key: 'k', dir: abs('cache'), hits: 0, misses: 0, corrupt: 0, untrusted: 0, savedSeconds: 0 } as never,
      manifest: abs('out/manifest.json'),
    };
    const relative = withRelativePaths(absolute, (path) => path.replace(/^\/job\//, ''));
    const text = JSON.stringify({ ...relative, builds: relative.builds.map((b) => ({ ...b, argv: null })) });
    expect(text).not.toContain('/job/');
    expect(relative.builds[0]!.latency!.baseEngine!.plan).toBe('base/x.plan');
    expect(relative.plans.map((p) => p.path)).toEqual(['out/bert.s128.plan']);
    expect(relative.cache!.dir).toBe('cache');
    // The flat views are made from the relative builds, not copied from the absolute ones.
    expect(relative.plans[0]).toMatchObject({ model: 'bert', profile: 's128' });
  });
});

describe('merges after the run return new reports', () => {
  it("a deploy job's load replaces the prediction of its engine and target only, and says a contradiction", () => {
    const report = mixedReports()[0]!;
    const predicted = { gpu: 'L4', computeCapability: '8.9', tensorrt: null, os: 'linux' as const, fix: null };
    const rows = [
      { ...predicted, target: 'edge-l4', verdict: 'loads' as const, line: null, observed: false },
      { ...predicted, target: 'h100', verdict: 'loads' as const, line: null, observed: false },
    ];
    const withRows = { ...report, builds: report.builds.map((b) => ({ ...b, deploy: rows })) };
    const load: DeployLoadReport = {
      schema: 'trt-ci/deploy-load@1',
      target: 'edge-l4',
      from: 'self-hosted-linux-gpu-a100',
      engines: [
        {
          model: 'yolov8n',
          profile: '640',
          target: 'edge-l4',
          verdict: 'fails',
          line: 'expecting compute 8.9 got compute 8.0, please rebuild.',
          observed: true,
          predicted: 'loads',
          mismatch: true,
        },
      ],
    };
    const key = 'trt-ci-self-hosted-linux-gpu-a100';
    const before = JSON.stringify(withRows);
    const merged = withDeployLoads(new Map([[key, withRows]]), [load]).get(key)!;
    expect(JSON.stringify(withRows)).toBe(before);
    const [yolo, ...others] = merged.builds;
    expect(yolo!.deploy).toEqual([
      {
        ...rows[0],
        verdict: 'fails',
        observed: true,
        line: 'expecting compute 8.9 got compute 8.0, please rebuild. (predicted loads)',
      },
      rows[1],
    ]);
    for (const other of others) expect(other.deploy).toEqual(rows);
    // The load it saw fail fails the report, as a prediction would (issue 35): judged again, not carried.
    const clean = {
      ...withRows,
      status: 'passed' as const,
      builds: withRows.builds.map((b) => ({
        ...b,
        status: 'built' as const,
        budgets: [],
        accuracy: null,
        latency: null,
      })),
    };
    expect(withDeployLoads(new Map([[key, clean]]), [load]).get(key)!.status).toBe('failed');
    expect(withDeployLoads(new Map([[key, clean]]), [{ ...load, engines: [] }]).get(key)!.status).toBe('passed');
    // A load from a runner type with no report changes nothing.
    const stray = withDeployLoads(new Map([[key, withRows]]), [{ ...load, from: 'self-hosted-h100' }]).get(key)!;
    expect(stray).toEqual(withRows);
  });

  it("a report compared again with a baseline takes the baseline's figures; the report given is untouched", () => {
    const report = { ...mixedReports()[0]!, builds: [build('m', 'p', 'NVIDIA A100-SXM4-80GB', { baseline: null })] };
    const baseline = { ...report, builds: [build('m', 'p', 'NVIDIA A100-SXM4-80GB', { bytes: 7 })] };
    const before = JSON.stringify(report);
    const compared = withBaseline(report, baseline, 'base/report.json');
    expect(JSON.stringify(report)).toBe(before);
    expect(compared.builds[0]!.baseline).toMatchObject({ bytes: 7 });
    expect(compared.comparison).toMatchObject({ baseline: 'base/report.json', added: [], removed: [] });
  });
});
