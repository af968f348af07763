// Engines × deploy targets: will each load where it ships (a verdict a real load saw is marked), what fails
// and its fix, what portability costs, and the compatibility flags no load has proven yet.
import { code, text } from '../../common/markdown-text.js';
import type { Section } from '../../common/trim.js';
import { formatBytes } from '../../common/units.js';
import type { DeployRow, PortableEngine } from '../../contract/report.js';
import { latencyChange } from '../../common/latency-text.js';
import { PRIORITY } from '../priority.js';
import { engineName, type Row } from '../rows.js';
import { tableOf } from '../table.js';

/** The portable engine against the native one: the sign in the engine, or its absence, that the flag took effect. */
export function portableEngineText(engine: PortableEngine): string {
  const { nativeBytes, portableBytes, changedRegions, regions, changes } = engine;
  const growth = nativeBytes > 0 ? (portableBytes - nativeBytes) / nativeBytes : 0;
  const size =
    portableBytes === nativeBytes
      ? `its engine is the native one's size (${formatBytes(nativeBytes)})`
      : `its engine is ${growth > 0 ? '+' : ''}${(growth * 100).toFixed(1)}% ` +
        `(${formatBytes(nativeBytes)} → ${formatBytes(portableBytes)})`;
  if (regions === null || changedRegions === null) return `${size}; no layer info to compare`;
  if (changedRegions > 0) return `${size}, ${changes.join(', ')} changed in ${changedRegions} of ${regions} regions`;
  return portableBytes === nativeBytes
    ? `${size} with the same layers and tactics: no sign in the engine that the flag took effect`
    : `${size} with the same layers and tactics`;
}

/** What the ampere+ build of each engine that asked (deploy-cost: true) costs, one line each. */
function costLines(rows: readonly Row[]): string[] {
  return rows.flatMap(({ build, gpu }) => {
    const cost = build.deployCost;
    if (!cost) return [];
    const what = cost.latency
      ? cost.latency.verdict === 'same'
        ? `costs nothing measurable (${latencyChange(cost.latency)})`
        : `costs ${latencyChange(cost.latency)} latency`
      : `not priced: ${cost.note ?? 'no A/B'}`;
    const engine = cost.engine ? `; ${portableEngineText(cost.engine)}` : '';
    return [`- ${text(engineName(build))}: ${cost.variant} ${text(what)} on ${text(gpu)}${text(engine)}`];
  });
}

/**
 * A compatibility flag is proven only by a load on a GPU or TensorRT the plan was not built for: said plainly
 * for each engine whose flag no such load has tried.
 */
function unprovenLines(rows: readonly Row[]): string[] {
  return rows.flatMap(({ build }) => {
    const builtCc = build.gpu?.computeCapability ?? null;
    const tried = build.deploy.some(
      (d) => d.observed && ((d.computeCapability && d.computeCapability !== builtCc) || d.tensorrt),
    );
    return build.portabilityFlags.length && !tried
      ? [
          `- ${text(engineName(build))}: ${build.portabilityFlags.map(code).join(', ')} not proven to have taken ` +
            'effect: no load on another GPU or TensorRT tried it (a deploy target with runs-on does)',
        ]
      : [];
  });
}

/** The pairs that do not simply load, one line per target and cause, naming its engines. */
function byTarget(failing: readonly { r: Row; d: DeployRow }[]) {
  const groups = new Map<string, { target: string; verdict: string; line: string | null; fix: string | null }>();
  const engines = new Map<string, string[]>();
  for (const { r, d } of failing) {
    const key = JSON.stringify([d.target, d.verdict, d.line, d.fix]);
    if (!groups.has(key)) groups.set(key, { target: d.target, verdict: d.verdict, line: d.line, fix: d.fix });
    engines.set(key, [...(engines.get(key) ?? []), engineName(r.build)]);
  }
  return [...groups].map(([key, group]) => ({ ...group, engines: engines.get(key)! }));
}

const ICON = { loads: '✅', 'loads-with-warning': '⚠️', fails: '❌', unknown: '❔' } as const;

export function deploySection(rows: readonly Row[]): Section | null {
  const withTargets = rows.filter((r) => r.build.deploy.length > 0);
  const costs = costLines(rows);
  if (withTargets.length === 0 && costs.length === 0) return null;
  if (withTargets.length === 0) {
    return { priority: PRIORITY.detail, text: ['#### Price of portability', '', ...costs].join('\n') };
  }
  const names = [...new Set(withTargets.flatMap((r) => r.build.deploy.map((d) => d.target)))];
  const table = tableOf(['engine', 'GPU', ...names]);
  const failing = withTargets.flatMap((r) =>
    r.build.deploy.filter((d) => d.verdict !== 'loads').map((d) => ({ r, d })),
  );
  const fails = failing.filter((x) => x.d.verdict === 'fails').length;
  const unproven = unprovenLines(withTargets);
  return {
    priority: fails ? PRIORITY.failure : PRIORITY.detail,
    text: [
      `#### ${fails ? '❌' : '✅'} Deploy targets: ${fails} engine × target pair${fails === 1 ? '' : 's'} will not load`,
      '',
      ...table.head,
      ...withTargets.map((r) => {
        const cells = names.map((n) => {
          const d = r.build.deploy.find((x) => x.target === n);
          return d ? `${ICON[d.verdict]}${d.observed ? ' (seen)' : ''}` : '–';
        });
        return table.row([engineName(r.build), r.gpu, ...cells]);
      }),
      '',
      ...byTarget(failing).map(
        ({ target, verdict, line, fix, engines }) =>
          `- ${text(target)}: ${text(verdict)} for ${[...new Set(engines)].map((e) => text(e)).join(', ')}` +
          `${line ? ` — ${text(line.replace(/\.+$/, ''))}` : ''}${fix ? `. Fix: ${text(fix)}` : ''}`,
      ),
      ...(costs.length ? ['', ...costs] : []),
      ...(unproven.length ? ['', ...unproven] : []),
    ].join('\n'),
  };
}
