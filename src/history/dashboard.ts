// The history as a static page (trt-ci history html), decision first: the list of change points (regressions
// first, newest first, each linked to its chart and commit), then one card per series, its chart drawn by uPlot
// (bundled into the page, no server, opens from file://) in the metric's unit with dates and commits on the x
// axis, change points and environment steps marked, filters by model, GPU and TensorRT, the view in the URL. uPlot
// because it draws thousands of points per chart on a canvas in milliseconds at ~50 KB (docs/history.md).
// Pure: the series and the library's text in, one HTML document out.
import { HISTORY_METRICS } from '../contract/history.js';
import type { Series } from './changes.js';
import { seriesId } from './points.js';

export interface ChartLibrary {
  js: string;
  css: string;
}

const METRIC_LABELS: Record<Series['metric'], string> = {
  latencyMs: 'latency',
  planBytes: 'plan size',
  buildSeconds: 'build time',
  peakGpuMemoryMiB: 'peak GPU memory',
  accuracyMaxAbsError: 'accuracy: max abs error',
  accuracyMaxRelError: 'accuracy: max rel error',
  stabilityLevel: 'stability (0 bits … 4 none)',
};

/** JSON that is safe inside a <script> element: no "</script>", no "<!--". */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The page's data: per series id, its key and each metric's points and change points. */
function pageData(series: readonly Series[]) {
  const byId = new Map<string, { key: Series['key']; metrics: Record<string, unknown> }>();
  for (const s of series) {
    const id = seriesId(s.key);
    const entry = byId.get(id) ?? { key: s.key, metrics: {} };
    entry.metrics[s.metric] = {
      commits: s.points.map((p) => p.commit.slice(0, 12)),
      fullCommits: s.points.map((p) => p.commit),
      dates: s.points.map((p) => p.date),
      values: s.points.map((p) => p.value),
      low: s.points.map((p) => p.interval?.[0] ?? null),
      high: s.points.map((p) => p.interval?.[1] ?? null),
      changes: s.changePoints.map((c) => ({
        index: c.index,
        kind: c.kind,
        ratio: c.ratio,
        before: c.before,
        after: c.after,
        what: c.what,
      })),
    };
    byId.set(id, entry);
  }
  return [...byId.entries()].map(([id, entry]) => ({ id, ...entry }));
}

const PAGE_SCRIPT = `
const cards = document.getElementById('cards');
const filters = { model: document.getElementById('f-model'), gpu: document.getElementById('f-gpu'),
  tensorrt: document.getElementById('f-tensorrt'), metric: document.getElementById('f-metric') };
const KIND_COLOR = { regression: '#d1242f', improvement: '#1a7f37', environment: '#8250df' };
const KIND_ORDER = { regression: 0, improvement: 1, environment: 2 };
const UNITS = [['GiB', 1024 ** 3], ['MiB', 1024 ** 2], ['KiB', 1024]];
function bytes(v) {
  for (const [unit, size] of UNITS) {
    if (Math.abs(v) >= size) return (v / size).toFixed(Math.abs(v) >= 100 * size ? 0 : 2) + ' ' + unit;
  }
  return v + ' B';
}
// Each metric in its own unit: a plan size in KiB/MiB, never raw bytes that clip to "0,000".
const FORMAT = {
  planBytes: bytes,
  peakGpuMemoryMiB: (v) => bytes(v * 1024 * 1024),
  latencyMs: (v) => (v >= 100 ? v.toFixed(0) : v >= 1 ? v.toFixed(2) : v.toPrecision(3)) + ' ms',
  buildSeconds: (v) => (v >= 100 ? v.toFixed(0) : v.toFixed(1)) + ' s',
  accuracyMaxAbsError: (v) => v.toPrecision(3),
  accuracyMaxRelError: (v) => v.toPrecision(3),
};
for (const name of ['model', 'gpu', 'tensorrt']) {
  for (const value of [...new Set(DATA.map((s) => s.key[name]))].sort()) {
    filters[name].append(new Option(value, value));
  }
}
const pct = (r) => (r >= 1 ? '+' : '') + ((r - 1) * 100).toFixed(1) + '%';
// The view is the URL: #metric=…&model=…&gpu=…&tensorrt=…&series=…, so that a view can be linked.
function readView() {
  const view = new URLSearchParams(location.hash.slice(1));
  for (const name of Object.keys(filters)) {
    const value = view.get(name);
    if (value !== null && [...filters[name].options].some((o) => o.value === value)) filters[name].value = value;
  }
  return view.get('series');
}
function writeView(series) {
  const view = new URLSearchParams();
  for (const [name, f] of Object.entries(filters)) if (f.value) view.set(name, f.value);
  if (series) view.set('series', series);
  history.replaceState(null, '', '#' + view.toString());
}
// Decision first: every change point, regressions first and newest first, each linked to its chart and commit.
function decisions() {
  const list = document.getElementById('decisions');
  const all = DATA.flatMap((s) => Object.entries(s.metrics).flatMap(([metric, m]) =>
    m.changes.map((c) => ({ s, metric, m, c, date: m.dates[c.index] }))));
  all.sort((a, b) => KIND_ORDER[a.c.kind] - KIND_ORDER[b.c.kind] || (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  document.getElementById('decisions-count').textContent = all.length
    ? all.filter((d) => d.c.kind === 'regression').length + ' regression(s), ' + all.length + ' change point(s)'
    : 'no change points';
  for (const d of all) {
    const li = document.createElement('li');
    li.className = d.c.kind;
    li.style.color = KIND_COLOR[d.c.kind];
    const chart = document.createElement('a');
    chart.href = '#' + new URLSearchParams({ metric: d.metric, series: d.s.id }).toString();
    chart.textContent = d.c.kind + ': ' + d.s.key.model + ' / ' + d.s.key.profile + ' on ' + d.s.key.gpu + ', ' +
      LABELS[d.metric] + ' ' + pct(d.c.ratio) + ' (' + FORMAT[d.metric](d.c.before) + ' → ' +
      FORMAT[d.metric](d.c.after) + ')';
    chart.addEventListener('click', (e) => {
      e.preventDefault();
      for (const name of ['model', 'gpu', 'tensorrt']) filters[name].value = '';
      filters.metric.value = d.metric;
      draw(d.s.id);
    });
    const commit = d.m.commits[d.c.index];
    const at = COMMIT_URL ? document.createElement('a') : document.createElement('code');
    if (COMMIT_URL) at.href = COMMIT_URL + d.m.fullCommits[d.c.index];
    at.textContent = commit;
    li.append(chart, ' at ', at, ' on ' + d.date.slice(0, 10) + (d.c.what ? ' — ' + d.c.what : ''));
    list.append(li);
  }
  return all;
}
let charts = [];
function markChanges(changes) {
  return (u) => {
    const ctx = u.ctx;
    ctx.save();
    for (const c of changes) {
      const x = u.valToPos(c.index, 'x', true);
      ctx.strokeStyle = KIND_COLOR[c.kind];
      ctx.lineWidth = 2 * devicePixelRatio;
      ctx.setLineDash(c.kind === 'environment' ? [6 * devicePixelRatio, 4 * devicePixelRatio] : []);
      ctx.beginPath();
      ctx.moveTo(x, u.bbox.top);
      ctx.lineTo(x, u.bbox.top + u.bbox.height);
      ctx.stroke();
    }
    ctx.restore();
  };
}
function draw(focus) {
  for (const chart of charts) chart.destroy();
  charts = [];
  cards.textContent = '';
  const metric = filters.metric.value;
  const format = FORMAT[metric];
  const shown = DATA.filter((s) => ['model', 'gpu', 'tensorrt'].every((n) => !filters[n].value ||
    s.key[n] === filters[n].value) && s.metrics[metric]);
  document.getElementById('count').textContent = shown.length + ' of ' + DATA.length + ' series';
  for (const s of shown) {
    const m = s.metrics[metric];
    const card = document.createElement('section');
    card.className = 'card';
    card.dataset.series = s.id;
    const title = document.createElement('h2');
    title.textContent = s.key.model + ' / ' + s.key.profile;
    const sub = document.createElement('p');
    sub.className = 'sub';
    sub.textContent = s.key.gpu + ' · TensorRT ' + s.key.tensorrt + ' · ' + s.key.precision + ' · flags ' +
      s.key.flags + ' · ' + m.values.length + ' points, ' + m.dates[0].slice(0, 10) + ' to ' +
      m.dates[m.dates.length - 1].slice(0, 10);
    const changes = document.createElement('ul');
    changes.className = 'changes';
    for (const c of m.changes) {
      const li = document.createElement('li');
      li.style.color = KIND_COLOR[c.kind];
      li.textContent = c.kind + ' at ' + m.commits[c.index] + ' (' + m.dates[c.index].slice(0, 10) + '): ' +
        pct(c.ratio) + (c.what ? ' — ' + c.what : '');
      changes.append(li);
    }
    const plot = document.createElement('div');
    card.append(title, sub, plot, changes);
    cards.append(card);
    const x = m.values.map((_, i) => i);
    const hasBand = m.low.some((v) => v !== null);
    const series = [
      { label: 'commit', value: (u, i) => i == null ? '' : m.commits[i] + ' ' + m.dates[i].slice(0, 10) },
      { label: LABELS[metric], stroke: '#0969da', width: 1.5, points: { show: m.values.length < 200 },
        value: (u, v) => v == null ? '' : format(v) },
    ];
    const data = [x, m.values];
    if (hasBand) {
      series.push({ label: 'interval low', stroke: '#9ec5fe' }, { label: 'interval high', stroke: '#9ec5fe' });
      data.push(m.low, m.high);
    }
    charts.push(new uPlot({
      width: Math.min(1180, cards.clientWidth || 1180) - 24, height: 220,
      series, scales: { x: { time: false } },
      bands: hasBand ? [{ series: [3, 2], fill: 'rgba(9,105,218,0.12)' }] : [],
      axes: [
        // The date and the commit under each tick.
        { space: 100, size: 44, values: (u, ticks) => ticks.map((t) => m.commits[t] ?
          m.dates[t].slice(5, 10) + '\\n' + m.commits[t].slice(0, 7) : '') },
        { size: 80, values: (u, ticks) => ticks.map(format) },
      ],
      hooks: { draw: [markChanges(m.changes)] },
    }, data, plot));
  }
  writeView(focus);
  if (focus) document.querySelector('[data-series="' + CSS.escape(focus) + '"]')?.scrollIntoView();
  document.body.dataset.drawn = String(charts.length);
}
for (const f of Object.values(filters)) f.addEventListener('change', () => draw());
const all = decisions();
// It opens on what needs a decision: the metric of the first regression (else latency), unless the URL says.
if (!new URLSearchParams(location.hash.slice(1)).get('metric') && all.length && all[0].c.kind === 'regression') {
  filters.metric.value = all[0].metric;
}
draw(readView());
`;

/** The dashboard: one HTML file, the chart library and the data inside it. */
export function renderDashboard(
  series: readonly Series[],
  library: ChartLibrary,
  title: string,
  /** Where a commit is shown ("https://github.com/acme/engines/commit/"), when known. */
  commitUrl: string | null = null,
): string {
  const data = pageData(series);
  const metrics = [...new Set(series.map((s) => s.metric))];
  // Latency first: the page opens on it.
  const order = ['latencyMs', ...HISTORY_METRICS.filter((m) => m !== 'latencyMs')] as const;
  const options = order
    .filter((m) => metrics.includes(m))
    .map((m) => `<option value="${m}">${escapeHtml(METRIC_LABELS[m])}</option>`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${library.css}</style>
<style>
body { font: 14px/1.45 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 16px; color: #1f2328; }
header { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; margin-bottom: 12px; }
h1 { font-size: 20px; margin: 0 16px 0 0; }
h2 { font-size: 16px; margin: 0; }
.card { border: 1px solid #d0d7de; border-radius: 6px; padding: 12px; margin: 0 0 12px; max-width: 1180px; }
#decisions { margin: 4px 0 16px; padding-left: 22px; max-width: 1180px; }
#decisions a { color: inherit; }
.u-axis { white-space: pre; }
.sub { color: #59636e; margin: 2px 0 8px; }
.changes { margin: 6px 0 0; padding-left: 18px; }
.legend { color: #59636e; }
</style>
</head>
<body>
<header>
<h1>${escapeHtml(title)}</h1>
<label>metric <select id="f-metric">${options}</select></label>
<label>model <select id="f-model"><option value="">all</option></select></label>
<label>GPU <select id="f-gpu"><option value="">all</option></select></label>
<label>TensorRT <select id="f-tensorrt"><option value="">all</option></select></label>
<span id="count"></span>
<span class="legend">— <span style="color:#d1242f">regression</span>, <span style="color:#1a7f37">improvement</span>,
<span style="color:#8250df">environment step (dashed)</span></span>
</header>
<section><h2>Change points <span id="decisions-count" class="legend"></span></h2><ol id="decisions"></ol></section>
<main id="cards"></main>
<script>${library.js}</script>
<script>
const DATA = ${scriptJson(data)};
const LABELS = ${scriptJson(METRIC_LABELS)};
const COMMIT_URL = ${scriptJson(commitUrl)};
${PAGE_SCRIPT}
</script>
</body>
</html>
`;
}
