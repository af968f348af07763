import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { COMMENT_LIMIT_BYTES, renderReports, renderSummary } from '../src/report/markdown.js';
import type { Report, ReportBuild } from '../src/contract/report.js';
import { cutBytes, fitSections } from '../src/common/trim.js';
import { cli, makeRunner } from './support/harness.js';

const MiB = 1024 * 1024;

function build(model: string, profile: string, gpu: string, over: Partial<ReportBuild> = {}): ReportBuild {
  return {
    model,
    profile,
    accuracy: null,
    latency: null,
    explain: null,
    deploy: [],
    deployCost: null,
    status: 'built',
    gpu: { index: 0, name: gpu, computeCapability: '9.0' },
    shapes: {},
    plan: `out/${model}.${profile}.plan`,
    layerInfo: null,
    bytes: 12 * MiB,
    sha256: 'ab'.repeat(32),
    attempts: [],
    buildSeconds: 8.1,
    peakGpuMemoryMiB: 2048,
    perf: null,
    failure: null,
    configPosition: { file: 'trt-ci.yml', line: 9, column: 9 },
    onnxBytes: 4 * MiB,
    baseline: { bytes: 12 * MiB, buildSeconds: 8, peakGpuMemoryMiB: 2000, latencyMedianMs: null },
    cache: null,
    ...over,
  };
}

/** A report as a TensorRT 10.16 → 11.2 upgrade on an H100 leaves it: one plan padded with zeros, one failed build. */
function upgradeReport(gpu = 'NVIDIA H100 PCIe'): Report {
  return {
    schema: 'trt-ci/report@1',
    status: 'failed',
    startedAt: '2026-11-29T20:00:00.000Z',
    finishedAt: '2026-11-29T20:10:00.000Z',
    config: 'trt-ci.yml',
    environment: {
      tensorrtVersion: '11.2.1.2',
      trtexec: 'trtexec',
      gpus: [
        {
          index: 0,
          name: gpu,
          uuid: null,
          busId: null,
          computeCapability: '9.0',
          driverVersion: '580.159.04',
          memoryTotalMiB: 81559,
          memoryUsedMiB: 0,
          memoryFreeMiB: 81000,
          eccMode: null,
          eccUncorrectedErrors: 0,
          displayActive: null,
          persistenceMode: null,
          computeMode: null,
          migMode: null,
        },
      ],
      gpuQueryError: null,
    },
    preflight: null,
    builds: [
      build('upsampler', 'sd', gpu, {
        bytes: 5_487_774_180,
        baseline: { bytes: 1_041_804, buildSeconds: 8, peakGpuMemoryMiB: 2000, latencyMedianMs: null },
      }),
      build('upsampler', 'hd', gpu, {
        status: 'failed',
        bytes: null,
        plan: null,
        buildSeconds: null,
        attempts: [
          {
            attempt: 1,
            workspaceMiB: 4096,
            log: 'out/logs/upsampler.hd.1.log',
            startedAt: '',
            endedAt: '',
            seconds: 1,
            exitCode: 1,
            signal: null,
            peakGpuMemoryMiB: null,
            failure: null,
            argv: [],
          },
        ],
        failure: {
          kind: 'out-of-memory',
          message: 'Error[1]: [defaultAllocator.cpp::allocate::31] Error Code 1: Cuda Runtime (out of memory)',
          hint: 'The GPU ran out of memory during the build.',
        },
      }),
      build('detector', 'b1', gpu),
      build('detector', 'b8', gpu),
    ],
    plans: [],
    budgets: [
      {
        model: 'upsampler',
        profile: 'sd',
        gpu,
        metric: 'plan-growth',
        value: 5266.5,
        limit: 0.1,
        unit: 'fraction',
        baseline: 1_041_804,
        status: 'fail',
        message: 'plan size growth over the baseline 526,650% is over the limit 10%',
        configPosition: { file: 'trt-ci.yml', line: 12, column: 7 },
      },
    ],
    comparison: {
      baseline: 'base/report.json',
      environment: [{ what: 'TensorRT', from: '10.16.1.11', to: '11.2.1.2' }],
      added: [],
      removed: ['upsampler/uhd'],
    },
    manifest: 'out/manifest.json',
    cache: null,
  };
}

describe('the job summary', () => {
  const summary = renderSummary(upgradeReport());

  it('reads as a person would want it (file snapshot, reviewed)', async () => {
    await expect(summary).toMatchFileSnapshot('./__snapshots__/summary-upgrade.md');
  });

  it('puts the headline, the environment change and the failures first', () => {
    const order = [
      '## trt-ci ❌ failed',
      'TensorRT changed: 10.16.1.11 → 11.2.1.2',
      'Gone: upsampler/uhd',
      '#### ❌ upsampler / hd',
      'plan-growth',
      '### NVIDIA H100 PCIe',
    ];
    const positions = order.map((text) => summary.indexOf(text));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('shows the delta against the baseline and folds the unchanged rows', () => {
    expect(summary).toContain('| ❌ | upsampler | sd | 5.11 GiB | +5.11 GiB (×5,268) |');
    expect(summary).toContain('<details><summary>2 unchanged on NVIDIA H100 PCIe</summary>');
    const folded = summary.slice(summary.indexOf('<details>'));
    expect(folded).toContain('| ✅ | detector | b1 | 12.0 MiB | = |');
  });

  it('draws plan size per profile, now against the baseline, as a Mermaid chart GitHub renders', () => {
    // The failed build has no plan, so no bar.
    expect(summary).toContain(
      '```mermaid\nxychart-beta\n  title "Plan size on NVIDIA H100 PCIe (MiB): bars now, line baseline"\n' +
        '  x-axis ["upsampler/sd", "detector/b1", "detector/b8"]',
    );
    expect(summary).toContain('  bar [5233.55, 12, 12]');
    expect(summary).toContain('  line [0.99, 12, 12]');
  });
});

describe('several runner types in one comment', () => {
  it('trt-ci report merges them with a column group per GPU type', async () => {
    const dir = makeRunner().dir;
    const h100 = join(dir, 'h100.json');
    const a100 = join(dir, 'a100.json');
    writeFileSync(h100, JSON.stringify(upgradeReport('NVIDIA H100 PCIe')));
    writeFileSync(a100, JSON.stringify(upgradeReport('NVIDIA A100-SXM4-80GB')));
    const result = await cli(['report', h100, a100, '--key', 'engines']);
    expect(result.code).toBe(1);
    expect(result.stdout.startsWith('<!-- trt-ci:sticky-comment key=engines -->\n## trt-ci ❌ failed')).toBe(true);
    expect(result.stdout).toContain(
      '| | model | profile | H100 PCIe plan | H100 PCIe Δ | H100 PCIe ' +
        'build | A100-SXM4-80GB plan | A100-SXM4-80GB Δ | A100-SXM4-80GB build |',
    );
    expect(result.stdout).toMatch(/\| ❌ \| upsampler \| sd \| ❌ 5\.11 GiB \| \+5\.11 GiB .* \| ❌ 5\.11 GiB \|/);
    expect(result.stdout).toContain('#### ❌ upsampler / hd on NVIDIA A100-SXM4-80GB: out-of-memory');
    // The budgets of both runner types, each on its GPU's row, each once (a report merged twice adds none).
    const twice = await cli(['report', h100, a100, a100]);
    const budgetRows = twice.stdout.split('\n').filter((line) => line.includes('| plan-growth |'));
    expect(budgetRows).toEqual([
      expect.stringContaining('| upsampler | sd | NVIDIA H100 PCIe | plan-growth |'),
      expect.stringContaining('| upsampler | sd | NVIDIA A100-SXM4-80GB | plan-growth |'),
    ]);
    // One baseline per runner type: each report is compared with the one from its own GPU model.
    const h100Base = join(dir, 'h100-base.json');
    const a100Base = join(dir, 'a100-base.json');
    writeFileSync(
      h100Base,
      JSON.stringify({
        ...upgradeReport('NVIDIA H100 PCIe'),
        environment: { ...upgradeReport('NVIDIA H100 PCIe').environment, tensorrtVersion: '10.16.1.11' },
      }),
    );
    writeFileSync(a100Base, JSON.stringify(upgradeReport('NVIDIA A100-SXM4-80GB')));
    const compared = await cli(['report', h100, a100, '--baseline', a100Base, '--baseline', h100Base]);
    expect(compared.stdout).toContain(`- Compared with \`${h100Base}\` (NVIDIA H100 PCIe).`);
    expect(compared.stdout).toContain(`- Compared with \`${a100Base}\` (NVIDIA A100-SXM4-80GB).`);
    expect(compared.stdout.match(/TensorRT changed/g)).toHaveLength(1);
    // A profile that failed now is not "gone": it is still there, failing.
    expect(compared.stdout).not.toContain('Gone: upsampler/hd');
    const bad = await cli(['report', join(dir, 'nope.json')]);
    expect(bad).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('nope.json: cannot read report: no such file'),
    });
  });
});

describe("trimming to GitHub's limits", () => {
  it('drops the least important sections first and says so; the headline stays', () => {
    const text = fitSections(
      [
        { priority: 0, text: 'HEADLINE' },
        { priority: 6, text: 'x'.repeat(500) },
        { priority: 1, text: 'FAILURES' },
        { priority: 5, text: 'y'.repeat(500) },
      ],
      600,
      (n) => `(${n} left out)`,
    );
    expect(text).toBe(`HEADLINE\n\nFAILURES\n\n${'y'.repeat(500)}\n\n(1 left out)\n`);
  });

  it('cuts by bytes without splitting a character', () => {
    expect(cutBytes('ab✅cd', 4)).toBe('ab');
    expect(Buffer.byteLength(cutBytes('✅'.repeat(30_000), 65_535))).toBeLessThanOrEqual(65_535);
  });

  it('a comment of many reports stays under 65,535 bytes', () => {
    const many = Array.from({ length: 40 }, (_, i) => upgradeReport(`GPU ${i}`));
    expect(
      Buffer.byteLength(renderReports(many, { limit: COMMENT_LIMIT_BYTES, marker: '<!-- m -->' })),
    ).toBeLessThanOrEqual(COMMENT_LIMIT_BYTES);
  });
});

describe("hostile text from a log, a config or a fork's report", () => {
  // What a log line, a model name or a report from a fork can hold to break out of its place.
  const HOSTILE = 'x\r```\n<!-- @team <img src=x onerror=alert(1)> [a](https://evil.example) ![i](https://e/i.png) `y`';

  /** Every token of the rendered markdown, as GitHub's parser (GFM) reads it. */
  const tokens = (markdown: string) => {
    const all: { type: string; text?: string; raw: string }[] = [];
    marked.walkTokens(marked.lexer(markdown, { gfm: true }), (t) => {
      all.push(t as { type: string; raw: string });
    });
    return all;
  };

  it('stays text: no HTML, comment, link, image or mention gets out, and a fence holds the whole message', () => {
    const report = upgradeReport(`GPU ${HOSTILE}`);
    const failed = report.builds[1]!;
    report.builds[1] = {
      ...failed,
      model: `m ${HOSTILE}`,
      failure: { kind: 'other', message: `trtexec said ${HOSTILE}\r\`\`\`\`\rafter the fence`, hint: HOSTILE },
    };
    report.budgets[0] = { ...report.budgets[0]!, message: HOSTILE };
    report.comparison = { ...report.comparison, note: HOSTILE, added: [HOSTILE] };
    const markdown = renderReports([report], { limit: COMMENT_LIMIT_BYTES });
    const all = tokens(markdown);
    // No link or image, and trt-ci's own folding is the only HTML, with no tag inside.
    expect(all.filter((t) => ['link', 'image'].includes(t.type)).map((t) => t.raw)).toEqual([]);
    for (const html of all.filter((t) => t.type === 'html')) {
      expect(html.raw.trim()).toMatch(/^(<details><summary>[^<>]*<\/summary>|<\/details>)$/);
    }
    // The whole message, its bare \r and its own fences included, is one code block.
    const fenced = all.filter((t) => t.type === 'code' && t.text?.includes('trtexec said'));
    expect(fenced).toHaveLength(1);
    expect(fenced[0]!.text).toContain('after the fence');
    // Outside code, every @ is followed by a zero-width space: GitHub notifies nobody.
    const prose = all.filter((t) => t.type === 'text' || t.type === 'escape').map((t) => t.raw);
    expect(prose.join('')).not.toMatch(/@team/);
    // Table rows keep their cells: a model name cannot add a column or end the row.
    const tables = all.filter((t) => t.type === 'table') as unknown as { header: unknown[]; rows: unknown[][] }[];
    expect(tables.length).toBeGreaterThan(1);
    for (const table of tables)
      expect(table.rows.map((row) => row.length)).toEqual(table.rows.map(() => table.header.length));
  });
});

describe('the size chart', () => {
  it('draws no baseline line when a profile is new (a 0 would read as "the plan was empty")', () => {
    const report = upgradeReport();
    const fresh = {
      ...report,
      builds: [...report.builds, build('detector', 'b16', 'NVIDIA H100 PCIe', { baseline: null })],
    };
    const chart = (r: Report) => /```mermaid[\s\S]*?```/.exec(renderSummary(r))![0];
    expect(chart(report)).toContain('  line [');
    expect(chart(fresh)).not.toContain('  line [');
    expect(chart(fresh)).toContain('"detector/b16"');
  });
});
