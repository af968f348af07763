import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { COMMENT_LIMIT_BYTES, renderReports, renderSummary } from '../src/report/render.js';
import { mixedHistory, mixedReports, tensorrtUpgradeReport } from './support/reports.js';
import { cutBytes, fitSections } from '../src/common/trim.js';
import { cli, makeRunner } from './support/harness.js';
import { withArticle } from '../src/common/article.js';
import { actionItems } from '../src/report/actions.js';

describe('the job summary', () => {
  const summary = renderSummary(tensorrtUpgradeReport());

  it('reads as a person would want it (file snapshot, reviewed)', async () => {
    await expect(summary).toMatchFileSnapshot('./__snapshots__/summary-upgrade.md');
  });

  it('puts the verdict first, then a line per thing to fix, then the environment change and the sections', () => {
    const order = [
      '## trt-ci ❌ failed',
      '**2 things to fix:**',
      '- ❌ **upsampler / hd** on H100 PCIe: build failed: out-of-memory',
      '**Do:** The GPU ran out of memory during the build. `trt-ci.yml:9`',
      '- ❌ **upsampler / sd** on H100 PCIe: plan size growth over the baseline 526,650% is over the limit 10%.',
      "**Do:** compare the engines' layers",
      'TensorRT changed: 10.16.1.11 → 11.2.1.2',
      '#### ❌ upsampler / hd',
      '### Budgets',
      '#### Change against the base, per engine',
      '### NVIDIA H100 PCIe',
    ];
    const positions = order.map((text) => summary.indexOf(text));
    expect(
      positions.every((p) => p >= 0),
      JSON.stringify(positions),
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('shows the delta against the baseline and folds the unchanged rows', () => {
    expect(summary).toContain('| ❌ | upsampler | sd | 5.11 GiB | +5.11 GiB (×5,268) |');
    expect(summary).toContain('<details><summary>2 unchanged on NVIDIA H100 PCIe</summary>');
    const folded = summary.slice(summary.indexOf('<details>'));
    expect(folded).toContain('| ✅ | detector | b1 | 12.0 MiB | = |');
  });

  it('draws the change against the base as one chart: bars from a 0 line, the biggest first', () => {
    // The failed build has no plan, the unchanged two are counted, not drawn.
    expect(summary).toContain('| upsampler / sd | H100 PCIe | ×5,268 | `\u00a0'.repeat(1));
    expect(summary).toContain('2 engines unchanged.');
    expect(summary).not.toContain('```mermaid');
  });
});

describe('several runner types in one comment', () => {
  it('trt-ci report merges them with a column group per GPU type', async () => {
    const dir = makeRunner().dir;
    const h100 = join(dir, 'h100.json');
    const a100 = join(dir, 'a100.json');
    writeFileSync(h100, JSON.stringify(tensorrtUpgradeReport('NVIDIA H100 PCIe')));
    writeFileSync(a100, JSON.stringify(tensorrtUpgradeReport('NVIDIA A100-SXM4-80GB')));
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
        ...tensorrtUpgradeReport('NVIDIA H100 PCIe'),
        environment: { ...tensorrtUpgradeReport('NVIDIA H100 PCIe').environment, tensorrtVersion: '10.16.1.11' },
      }),
    );
    writeFileSync(a100Base, JSON.stringify(tensorrtUpgradeReport('NVIDIA A100-SXM4-80GB')));
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
    const many = Array.from({ length: 40 }, (_, i) => tensorrtUpgradeReport(`GPU ${i}`));
    expect(
      Buffer.byteLength(renderReports(many, { limit: COMMENT_LIMIT_BYTES, marker: '<!-- m -->' })),
    ).toBeLessThanOrEqual(COMMENT_LIMIT_BYTES);
  });
});

describe("hostile text from a log, a config or a fork's report", () => {
  // What a log line, a model name or a report from a fork can hold to break out of its place.
  const HOSTILE =
    'x\r```\n| cell | <!-- @team <img src=x onerror=alert(1)> [a](https://evil.example) ![i](https://e/i.png) `y`';

  /** Every token of the rendered markdown, as GitHub's parser (GFM) reads it. */
  const tokens = (markdown: string) => {
    const all: { type: string; text?: string; raw: string }[] = [];
    marked.walkTokens(marked.lexer(markdown, { gfm: true }), (t) => {
      all.push(t as { type: string; raw: string });
    });
    return all;
  };

  it('stays text: no HTML, comment, link, image or mention gets out, and a fence holds the whole message', () => {
    const report = tensorrtUpgradeReport(`GPU ${HOSTILE}`);
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
    // GFM drops the cells past the header's count, so a `|` in a name would cut the name short: the cell
    // that starts with the model's name holds all of it.
    const cells = tables.flatMap((t) => t.rows.flat() as { text: string }[]).map((c) => c.text);
    const named = cells.filter((c) => c.startsWith('m x'));
    expect(named.length).toBeGreaterThan(0);
    for (const cell of named) expect(cell).toContain('onerror=alert(1)');
  });
});

describe('every string a report carries reaches the comment inert (issue 50)', () => {
  // Keys whose values are free text a fork's report or a log can set; enums and figures are left as they are.
  const FREE_TEXT = new Set([
    'file',
    'message',
    'hint',
    'problem',
    'line',
    'fix',
    'note',
    'reason',
    'step',
    'model',
    'profile',
    'name',
    'node',
    'op',
    'tensor',
    'computes',
    'target',
    'gpu',
    'log',
    'onnx',
    'plan',
    'path',
    'failure',
    'tensorrt',
  ]);
  const poisoned = <T>(value: T, key = ''): T => {
    if (typeof value === 'string') return (FREE_TEXT.has(key) ? `${value} @mallory` : value) as T;
    if (Array.isArray(value)) return value.map((v) => poisoned(v, key === 'span' ? 'node' : key)) as T;
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poisoned(v, k)])) as T;
    return value;
  };

  it('no @ outside code is followed by a name: a divergence, a deploy row and a history step included', async () => {
    const report = mixedReports()[1]!;
    const [first] = report.builds;
    report.builds[0] = {
      ...first!,
      accuracy: {
        status: 'failed',
        outputs: [],
        problem: null,
        configPosition: { file: 'trt-ci.yml', line: 4, column: 5 },
        divergence: {
          status: 'found',
          shape: 'opt',
          marked: 4,
          node: 'exp',
          op: 'Exp',
          computes: 'fp16',
          tensor: 'exp_out',
          error: { maxAbsError: 1, outOfTolerance: 0.5, nan: 0, inf: 3 } as never,
          failure: null,
          downstream: { marked: 3, failing: 3 },
          outputsFailing: ['y'],
          span: ['exp'],
          problem: null,
          log: 'divergence.log',
          onnx: 'marked.onnx',
          configPosition: { file: 'trt-ci.yml', line: 7, column: 5 },
        },
      },
      deploy: [
        {
          target: 'edge-l4',
          gpu: 'L4',
          computeCapability: '8.9',
          tensorrt: null,
          os: 'linux',
          verdict: 'fails',
          line: 'The engine plan file is generated on an incompatible device',
          fix: 'build on an L4',
          observed: false,
        },
      ],
    };
    const { standings } = await import('../src/history/standing.js');
    const reports = [poisoned(report)];
    const standing = standings(
      reports,
      mixedHistory(reports, () => 0),
    ).map((st) => ({
      ...st,
      step: 'TensorRT 10.16 @mallory → 11.5',
    }));
    const markdown = renderReports(reports, { limit: COMMENT_LIMIT_BYTES, history: standing });
    expect(markdown).toContain('mallory');
    // Code spans and blocks are never mentions; everywhere else an @ is followed by a zero-width space.
    const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/(`+)[^`]*?\1/g, '');
    expect(prose.match(/@(?!\u200b)\S*/g) ?? []).toEqual([]);
  });
});

describe('the change chart', () => {
  it('draws growth right and shrinkage left of one 0 line, each column on its own scale', async () => {
    const { divergingBar } = await import('../src/report/sections/change-chart.js');
    const nb = '\u00a0';
    expect(divergingBar(0.04, 0.04)).toBe(`\`${nb.repeat(10)}│${'█'.repeat(10)}\``);
    expect(divergingBar(-0.02, 0.04)).toBe(`\`${nb.repeat(5)}${'█'.repeat(5)}│${nb.repeat(10)}\``);
    // A change too small for a cell still shows which side it is on.
    expect(divergingBar(0.0001, 0.04)).toBe(`\`${nb.repeat(10)}│█${nb.repeat(9)}\``);
    const report = tensorrtUpgradeReport();
    const faster = {
      ...report,
      builds: report.builds.map((b) =>
        b.profile === 'b8'
          ? { ...b, bytes: 9 * 1024 * 1024, baseline: { ...b.baseline!, bytes: 12 * 1024 * 1024 } }
          : b,
      ),
    };
    const chart = renderSummary(faster);
    const rows = chart.split('\n').filter((l) => l.startsWith('| upsampler / sd') || l.startsWith('| detector / b8'));
    expect(rows[0]).toMatch(/^\| upsampler \/ sd \| .* \| ×5,268 \|/);
    expect(rows[1]).toContain('| −25.0% | `');
    expect(rows[1]).toContain('█│');
    expect(chart).toContain('1 engine unchanged.');
  });
});

describe('the comment, decision first (issue 28)', () => {
  const link = (p: { file: string; line: number }) => `https://github.com/acme/engines/blob/abc/${p.file}#L${p.line}`;
  const comment = renderReports(mixedReports(), { limit: COMMENT_LIMIT_BYTES, configLink: link });
  const lines = comment.split('\n');

  it('the verdict, then one line per engine to fix: what, why, what to do, and the trt-ci.yml line', () => {
    expect(lines[0]).toBe('## trt-ci ❌ failed');
    expect(lines.slice(2, 4)).toEqual(['**3 things to fix:**', '']);
    const [size, accuracy, latency] = lines.slice(4, 7);
    expect(size).toMatch(
      /^- ❌ \*\*bert \/ s128\*\* on A100-SXM4-80GB: plan size growth over the baseline 27\.0% is over the limit 10% — /,
    );
    // The trailing zero run is linked to the growth, and said to be too small to be its cause.
    expect(size).toContain('the 97.7 KiB trailing zero run (the padding of NVIDIA/TensorRT#4841) is only 0.8% of');
    expect(size).toMatch(
      /\*\*Do:\*\* compare the engines' layers .* \[`trt-ci\.yml:20`\]\(https:\/\/github\.com\/acme\/.*#L20\)$/,
    );
    expect(accuracy).toMatch(
      /^- ❌ \*\*vit-int8 \/ b8\*\* on H100 80GB HBM3: accuracy: logits \(opt\): max abs error 0\.31/,
    );
    expect(latency).toMatch(
      /^- ❌ \*\*bert \/ s384\*\* on H100 80GB HBM3: latency \+4\.0% \\\[4\.0, 4\.1\\\] on the same GPU \(A\/B\)/,
    );
    // Before any table.
    expect(comment.indexOf('**3 things to fix:**')).toBeLessThan(comment.indexOf('|'));
  });

  it('green rows are folded in every table; benchmark and A/B figures are named apart', () => {
    const latency = comment.slice(comment.indexOf('#### ❌ Latency'), comment.indexOf('### Budgets'));
    const [shown, folded] = latency.split('<details>');
    expect(shown!.match(/^\| ❌ \|/gm)).toHaveLength(1);
    expect(folded).toContain('<summary>11 the same as the base engine</summary>');
    expect(comment).toContain('<summary>1 fine</summary>');
    expect(comment).toContain('A/B change [95% CI]');
    // Two measures, named apart: trtexec's end-to-end p50 and the A/B's GPU compute medians (issue 35).
    expect(renderSummary(tensorrtUpgradeReport())).toContain('end-to-end latency p50 (trtexec benchmark, opt shape)');
    expect(comment).toContain('GPU compute median base → head (A/B)');
  });

  it('a failed budget carries what to do, in the budget table too', () => {
    const budgets = comment.slice(comment.indexOf('### Budgets'));
    expect(budgets).toMatch(/\| plan-growth \| .* \| compare the engines' layers .*raise `budgets\.plan-growth` \|/);
    expect(budgets).toMatch(/\| latency-growth \| .* \| look at the region the change sits in .* \|/);
  });

  it('without a web address for trt-ci.yml, the line is said as text; one baseline line for both runners', () => {
    const plain = renderReports(mixedReports(), { limit: COMMENT_LIMIT_BYTES });
    expect(plain).toMatch(/raise `budgets\.plan-growth`\. `trt-ci\.yml:20`$/m);
    expect(plain).toContain('- Compared with `base/report.json` (NVIDIA A100-SXM4-80GB, NVIDIA H100 80GB HBM3).');
  });
});

describe("the comment's History section (issue 28)", () => {
  it("says, per engine, where the head stands against the default branch's last 30 builds", async () => {
    const { standings } = await import('../src/history/standing.js');
    const reports = mixedReports();
    const history = mixedHistory(reports, (commit) => (commit % 2 === 0 ? 0.001 : -0.001));
    const standing = standings(reports, history);
    expect(standing).toHaveLength(24);
    expect(standing.filter((s) => !s.within).map((s) => [s.model, s.profile, s.gpu, s.metric])).toEqual([
      ['bert', 's128', 'NVIDIA A100-SXM4-80GB', 'planBytes'],
      ['bert', 's384', 'NVIDIA H100 80GB HBM3', 'latencyMs'],
    ]);
    const comment = renderReports(reports, { limit: COMMENT_LIMIT_BYTES, history: standing });
    expect(comment).toContain("#### ⚠️ History: 2 of 24 outside the base branch's recent range");
    const slower = comment.split('\n').find((l) => l.startsWith('| bert / s384 | H100'))!;
    expect(slower).toMatch(/ \| latency \(benchmark median\) \| `[▁█]{30}` \| 1\.29\d* ms \| /);
    expect(slower).toMatch(/ \| \*\*above\*\* the last 30 builds \(max 1\.24\d* ms, \+3\.\d%\) \|$/);
    expect(comment).toMatch(/\| bert \/ s128 \| A100-SXM4-80GB \| plan size \| `▄{30}` \| .* \| \*\*above\*\*/);
    expect(comment).toContain('<details><summary>22 within the range of the last builds</summary>');
  });
});

describe('the comment says only what was measured (issue 35)', () => {
  const h100 = () => mixedReports()[1]!;

  it('no A/B ran: not "0/0 slower" under a ✅; one that could not decide is not a pass', () => {
    const report = h100();
    const none = {
      ...report,
      builds: report.builds.map((b) => ({ ...b, latency: null })),
      comparison: { ...report.comparison, latencyNotes: ['m/p: no latency A/B: no base engine'] },
    };
    const text = renderSummary(none);
    expect(text).toContain('#### ℹ️ Latency against the base engine: no A/B ran');
    expect(text).not.toMatch(/0\/0 slower/);
    const [first, ...rest] = report.builds.filter((b) => b.latency);
    const undecided = {
      ...report,
      builds: [
        { ...first!, latency: { ...first!.latency!, verdict: 'inconclusive' as const } },
        ...rest.map((b) => ({ ...b, latency: { ...b.latency!, verdict: 'same' as const } })),
      ],
    };
    expect(renderSummary(undecided)).toMatch(
      /#### ⚠️ Latency against the base engine, same GPU: 0\/\d+ slower, 1 undecided/,
    );
  });

  it('a NaN output shows no max abs or cosine (they are over the finite elements); top-k agreement is shown', () => {
    const report = h100();
    const builds = report.builds.map((b) =>
      b.accuracy
        ? {
            ...b,
            accuracy: {
              ...b.accuracy,
              outputs: b.accuracy.outputs.map((o) => ({
                ...o,
                nan: 2,
                maxAbsError: 0,
                maxRelError: 0,
                cosine: 1,
                topK: { k: 5, rows: 8, agree: 6 },
              })),
            },
          }
        : b,
    );
    const text = renderSummary({ ...report, builds });
    const row = text.split('\n').find((l) => l.startsWith('|') && l.includes('vit-int8 / b8'))!;
    expect(row).toMatch(/\| logits \(opt\) \| – \| – \| [\d.]+% \| – \| 2 \| .*; top-5 agree in 6\/8 rows \|$/);
  });

  it('growth that is all #4841 padding gets the padding\'s fix, not "compare the layers"', () => {
    const report = mixedReports()[0]!;
    const bert = (r: typeof report) => r.builds.find((b) => b.model === 'bert' && b.profile === 's128')!;
    const grown = bert(report).bytes! - bert(report).baseline!.bytes!;
    const padded = {
      ...report,
      builds: report.builds.map((b) =>
        b === bert(report) ? { ...b, scan: { ...b.scan!, trailingZeroBytes: grown } } : b,
      ),
    };
    const [item] = actionItems([padded]).filter((i) => i.model === 'bert' && i.profile === 's128');
    expect(item!.why).toMatch(/is 100% of the growth: the zero padding of NVIDIA\/TensorRT#4841/);
    expect(item!.todo).toMatch(
      /^the plan is padded with zeros \(NVIDIA\/TensorRT#4841\).*raise `budgets\.plan-growth`$/,
    );
    // A growth the padding is a sliver of is the network's: compare the layers.
    const [network] = actionItems([report]).filter((i) => i.model === 'bert' && i.profile === 's128');
    expect(network!.todo).toMatch(/^compare the engines' layers/);
  });

  it('"an A100", "an H100", "a T4", "an 8.0": the article a reader says', () => {
    const words = ['A100 40GB', 'H100', 'L4', 'T4', 'B200', 'GH200', 'RTX A6000', '8.0', '9.0', '11.2', 'ampere+'];
    expect(words.map(withArticle)).toEqual([
      'an A100 40GB',
      'an H100',
      'an L4',
      'a T4',
      'a B200',
      'a GH200',
      'an RTX A6000',
      'an 8.0',
      'a 9.0',
      'an 11.2',
      'an ampere+',
    ]);
  });
});
