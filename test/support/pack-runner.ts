// The workflow pack (workflows/trt-ci.yml, trt-ci-comment.yml) run as GitHub runs it, as far as it can be run
// here: each job's `if:`, matrix, env, concurrency and steps in order, every `${{ }}` evaluated with GitHub's
// own expression engine (@actions/expressions), trt-ci's three actions run from source as the runner runs
// them (INPUT_*, GITHUB_*), checkout and the artifact actions played by this file (a checkout is a folder
// per repository and commit; artifacts are kept per run and served to the actions through the GitHub API
// fake, as GitHub serves them). What cannot run here: runners, containers, and the baseline upload the run
// action makes itself through the runner's artifact service, which this file makes for it on a push to the
// default branch (storesBaseline in src/github/baseline-artifact.ts says when).
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import { data, Evaluator, Lexer, Parser } from '@actions/expressions';
import { parseDocument } from 'yaml';
import { fromSource } from './harness.js';
import { zipOf } from './zip.js';

const root = join(import.meta.dirname, '..', '..');

type Json = unknown;

/** A JSON value as the expression engine's data. */
function toData(value: Json): data.ExpressionData {
  if (value === null || value === undefined) return new data.Null();
  if (typeof value === 'string') return new data.StringData(value);
  if (typeof value === 'number') return new data.NumberData(value);
  if (typeof value === 'boolean') return new data.BooleanData(value);
  if (Array.isArray(value)) return new data.Array(...value.map(toData));
  const entries = Object.entries(value as Record<string, Json>).map(([key, v]) => ({ key, value: toData(v) }));
  return new data.Dictionary(...entries);
}

/** The expression engine's data as JSON. */
function toJson(value: data.ExpressionData): Json {
  switch (value.kind) {
    case data.Kind.Null:
      return null;
    case data.Kind.String:
      return (value as data.StringData).value;
    case data.Kind.Number:
      return (value as data.NumberData).value;
    case data.Kind.Boolean:
      return (value as data.BooleanData).value;
    case data.Kind.Array:
      return (value as data.Array).values().map(toJson);
    default:
      return Object.fromEntries((value as data.Dictionary).pairs().map((p) => [p.key, toJson(p.value)]));
  }
}

/** The status functions a job's `if:` may call: here every job before ran to its end. */
const STATUS = ['always', 'success', 'failure', 'cancelled'];
const statusFunctions = new Map(
  STATUS.map((name) => [
    name,
    { name, minArgs: 0, maxArgs: 0, call: () => new data.BooleanData(name === 'always' || name === 'success') },
  ]),
);

type Contexts = Record<string, Json>;

/** One expression (the text inside `${{ }}`, or an `if:` without it). */
function expression(text: string, contexts: Contexts): data.ExpressionData {
  const tokens = new Lexer(text).lex().tokens;
  const parsed = new Parser(tokens, Object.keys(contexts), [...statusFunctions.values()]).parse();
  return new Evaluator(parsed, toData(contexts) as data.Dictionary, statusFunctions).evaluate();
}

/** A value as the runner gives it: one `${{ }}` keeps its type; a template with several is a string. */
export function evaluateValue(value: Json, contexts: Contexts): Json {
  if (typeof value !== 'string') return value;
  const whole = /^\s*\$\{\{([\s\S]*?)\}\}\s*$/.exec(value);
  if (whole && !whole[1]!.includes('}}')) return toJson(expression(whole[1]!, contexts));
  return value.replace(/\$\{\{([\s\S]*?)\}\}/g, (_m, inner: string) => {
    const result = expression(inner, contexts);
    return result.coerceString();
  });
}

/** An `if:` as the runner reads it: an expression with or without `${{ }}`. */
export function condition(text: string | undefined, contexts: Contexts): boolean {
  if (text === undefined) return true;
  const inner = /^\s*\$\{\{([\s\S]*)\}\}\s*$/.exec(String(text))?.[1] ?? String(text);
  const result = expression(inner, contexts);
  const json = toJson(result);
  return !(json === false || json === null || json === 0 || json === '' || Number.isNaN(json));
}

export interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, Json>;
  env?: Record<string, Json>;
}

export interface Job {
  if?: string;
  needs?: string | string[];
  strategy?: { matrix: Record<string, Json> };
  env?: Record<string, Json>;
  concurrency?: { group: string; 'cancel-in-progress': Json };
  outputs?: Record<string, string>;
  steps: Step[];
}

export interface Workflow {
  on: { workflow_call: { inputs: Record<string, { default?: Json }>; secrets?: Record<string, Json> } };
  jobs: Record<string, Job>;
}

export function readWorkflow(file: string): Workflow {
  return parseWorkflowText(readFileSync(join(root, file), 'utf8'));
}

/** A workflow file's text (at any commit) as the jobs and inputs it declares. */
export function parseWorkflowText(text: string): Workflow {
  return parseDocument(text).toJS() as Workflow;
}

/** What one step of a job did, as a test looks at it. */
export interface StepRun {
  step: string;
  /** checkout: the repository and ref it checked out (an empty ref: the event's own). */
  checkout?: { repository: string; ref: string };
  /** An action of trt-ci: its exit code, outputs, summary and output text. */
  action?: {
    code: number | null;
    outputs: Record<string, string>;
    summary: string;
    log: string;
    /** Where it ran (its outputs' relative paths are from there) and the environment it was given. */
    cwd: string;
    env: NodeJS.ProcessEnv;
  };
  /** upload-artifact: the artifact's name and the files it holds (relative). */
  uploaded?: { name: string; files: string[] };
  /** deploy-pages: the files of the run's github-pages artifact it published. */
  published?: string[];
}

export interface JobRun {
  job: string;
  matrix: Record<string, Json>;
  env: Record<string, string>;
  concurrency: { group: string; cancelInProgress: boolean } | null;
  steps: StepRun[];
  outputs: Record<string, string>;
}

/** A run's artifacts: by name, a folder of its files. */
export type Artifacts = Map<string, string>;

export interface WorkflowRun {
  id: number;
  event: string;
  headSha: string;
  headRepository: string;
  ranJobs: JobRun[];
  artifacts: Artifacts;
}

/** What a run is given: the event as GitHub writes it, and the caller's `with:`. */
export interface PackEvent {
  name: string;
  payload: Record<string, Json>;
  sha: string;
  ref: string;
}

export interface PackWorld {
  api: { url: string };
  repository: string;
  /** The folder a checkout of (repository, ref) gives: the project at that commit. */
  checkout: (repository: string, ref: string, event: PackEvent) => string;
  /** Runs kept, for the API fake to serve (baseline, base plans). */
  runs: WorkflowRun[];
  /** The environment every action step gets on top of the runner's (stand-ins on PATH, fast backoff). */
  env: NodeJS.ProcessEnv;
  /** A job's own runner: what its machine adds (the deploy target's GPU, for the stand-in). */
  envFor?: (job: string, matrix: Record<string, Json>) => NodeJS.ProcessEnv;
}

let nextRunId = 700;

/** Runs the pack's workflow file for an event with the caller's inputs, job after job. */
export async function runWorkflow(
  world: PackWorld,
  file: string,
  event: PackEvent,
  callerWith: Record<string, Json>,
  callerWorkflow = 'engines.yml',
  /** The secrets the caller passes (declared ones by name, or all of them with secrets: inherit). */
  callerSecrets: Record<string, string> = {},
): Promise<WorkflowRun> {
  const workflow = readWorkflow(file);
  const inputs: Record<string, Json> = {};
  for (const [name, spec] of Object.entries(workflow.on.workflow_call.inputs)) inputs[name] = spec.default ?? '';
  Object.assign(inputs, callerWith);
  const id = nextRunId++;
  const headRepository =
    ((event.payload.pull_request as { head?: { repo?: { full_name?: string } } } | undefined)?.head?.repo?.full_name as
      | string
      | undefined) ?? world.repository;
  const run: WorkflowRun = {
    id,
    event: event.name,
    headSha: event.sha,
    headRepository,
    ranJobs: [],
    artifacts: new Map(),
  };
  const github = {
    event_name: event.name,
    event: event.payload,
    repository: world.repository,
    ref: event.ref,
    sha: event.sha,
    workflow: 'engines',
    token: 'ghs_job_token',
    run_id: String(id),
  };
  const needs: Record<string, { outputs: Record<string, string>; result: string }> = {};
  for (const [name, job] of Object.entries(workflow.jobs)) {
    // A secret the pack does not declare is not passed (GitHub drops it), unless the caller inherits.
    const declared = Object.keys(workflow.on.workflow_call.secrets ?? {});
    const secrets = Object.fromEntries(Object.entries(callerSecrets).filter(([k]) => declared.includes(k)));
    const base: Contexts = { github, inputs, needs, vars: {}, secrets };
    if (!condition(job.if ?? 'success()', base)) {
      needs[name] = { outputs: {}, result: 'skipped' };
      continue;
    }
    const matrices = expandMatrix(job.strategy?.matrix ?? {}, base);
    const outputs: Record<string, string> = {};
    for (const matrix of matrices) {
      const done = await runJob(world, run, name, job, { ...base, matrix, strategy: {} }, event, callerWorkflow);
      Object.assign(outputs, done.outputs);
      run.ranJobs.push(done);
    }
    needs[name] = { outputs, result: 'success' };
  }
  world.runs.push(run);
  return run;
}

function expandMatrix(matrix: Record<string, Json>, contexts: Contexts): Record<string, Json>[] {
  let combos: Record<string, Json>[] = [{}];
  for (const [key, value] of Object.entries(matrix)) {
    const values = evaluateValue(value, contexts) as Json[];
    combos = combos.flatMap((c) => values.map((v) => ({ ...c, [key]: v })));
  }
  return combos;
}

async function runJob(
  world: PackWorld,
  run: WorkflowRun,
  name: string,
  job: Job,
  contexts: Contexts,
  event: PackEvent,
  callerWorkflow: string,
): Promise<JobRun> {
  const env = Object.fromEntries(
    Object.entries(job.env ?? {}).map(([k, v]) => [k, String(evaluateValue(v, contexts))]),
  );
  const concurrency = job.concurrency
    ? {
        group: String(evaluateValue(job.concurrency.group, { ...contexts, env })),
        cancelInProgress: Boolean(evaluateValue(job.concurrency['cancel-in-progress'], { ...contexts, env })),
      }
    : null;
  const done: JobRun = {
    job: name,
    matrix: contexts.matrix as Record<string, Json>,
    env,
    concurrency,
    steps: [],
    outputs: {},
  };
  const steps: Record<string, { outputs: Record<string, string> }> = {};
  let workspace = mkdtempSync(join(tmpdir(), `trt-ci-pack-${name}-`));
  for (const [i, step] of job.steps.entries()) {
    const here: Contexts = { ...contexts, env, steps };
    if (!condition(step.if ?? 'success()', here)) continue;
    const withs = Object.fromEntries(
      Object.entries(step.with ?? {}).map(([k, v]) => [k, evaluateValue(v, here)]),
    ) as Record<string, Json>;
    const label = step.id ?? step.name ?? step.uses ?? `step ${i}`;
    const uses = step.uses ?? '';
    if (uses.startsWith('actions/checkout@')) {
      const checkout = { repository: String(withs.repository ?? ''), ref: String(withs.ref ?? '') };
      workspace = world.checkout(checkout.repository, checkout.ref, event);
      done.steps.push({ step: label, checkout });
    } else if (uses.startsWith('actions/upload-artifact@')) {
      const uploaded = upload(run, workspace, String(withs.name), String(withs.path));
      done.steps.push({ step: label, uploaded });
    } else if (uses.startsWith('actions/upload-pages-artifact@')) {
      // The site folder, as the artifact github-pages (a tar of it on GitHub; its files here).
      const uploaded = upload(run, workspace, 'github-pages', `${String(withs.path)}/*`);
      done.steps.push({ step: label, uploaded });
    } else if (uses.startsWith('actions/deploy-pages@')) {
      const site = run.artifacts.get('github-pages');
      done.steps.push({ step: label, published: site ? readdirSync(site).sort() : [] });
    } else if (uses.startsWith('actions/download-artifact@')) {
      const from = withs['run-id'] ? world.runs.find((r) => String(r.id) === String(withs['run-id'])) : run;
      const artifacts = from?.artifacts ?? new Map<string, string>();
      // By name: the artifact's files in `path` itself; by pattern: each artifact in a folder of its name.
      if (withs.name) {
        const dir = artifacts.get(String(withs.name));
        if (dir) cpSync(dir, join(workspace, String(withs.path)), { recursive: true });
      } else downloadInto(artifacts, String(withs.pattern), join(workspace, String(withs.path)));
      done.steps.push({ step: label });
    } else if (/^trt-ci\/trt-ci(\/gate|\/report)?@/.test(uses)) {
      const program = uses.includes('/gate@') ? 'gate' : uses.includes('/report@') ? 'report' : 'action';
      const machine = world.envFor?.(name, contexts.matrix as Record<string, Json>) ?? {};
      // The step's own env (the secrets the pack hands trt-ci), as the runner sets it: an empty one is "".
      const own = Object.fromEntries(
        Object.entries(step.env ?? {}).map(([k, v]) => [k, String(evaluateValue(v, here) ?? '')]),
      );
      const action = await runAction(
        world,
        program,
        workspace,
        withs,
        event,
        { ...env, ...machine, ...own },
        callerWorkflow,
        run.id,
      );
      if (step.id) steps[step.id] = { outputs: action.outputs };
      done.steps.push({ step: label, action });
      if (program === 'action' && storesBaselineHere(event) && action.outputs['report-path']) {
        // The upload the run action makes itself (through the runner's artifact service): made for it here.
        const key = String(withs['report-key'] || withs.config || 'trt-ci.yml').replace(/[^A-Za-z0-9._-]+/g, '-');
        const dir = mkdtempSync(join(tmpdir(), 'trt-ci-baseline-artifact-'));
        cpSync(resolve(workspace, action.outputs['report-path']), join(dir, 'report.json'));
        run.artifacts.set(`trt-ci-report-${key}`, dir);
      }
    } else if (step.run !== undefined) {
      done.steps.push({ step: label }); // the container check: no container here
    }
  }
  for (const [key, value] of Object.entries(job.outputs ?? {})) {
    done.outputs[key] = String(evaluateValue(value, { ...contexts, env, steps }) ?? '');
  }
  return done;
}

function storesBaselineHere(event: PackEvent): boolean {
  const branch = (event.payload.repository as { default_branch?: string } | undefined)?.default_branch;
  return event.name === 'push' && event.ref === `refs/heads/${branch}`;
}

/** actions/upload-artifact: each line of `path` a file or a `*` glob in the workspace, kept flat as it does. */
function upload(run: WorkflowRun, workspace: string, name: string, paths: string): StepRun['uploaded'] {
  const dir = run.artifacts.get(name) ?? mkdtempSync(join(tmpdir(), 'trt-ci-artifact-'));
  const files: string[] = [];
  const lines = paths
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  // upload-artifact keeps paths relative to the paths' common root.
  const absolute = lines.map((l) => (l.startsWith('/') ? l : join(workspace, l)));
  const rootOf = commonRoot(absolute.map((p) => (p.includes('*') || p.endsWith('/') ? parentOf(p) : parentOf(p))));
  for (const path of absolute) {
    const matches = path.includes('*')
      ? listMatching(path)
      : path.endsWith('/')
        ? walk(path)
        : existsSync(path)
          ? [path]
          : [];
    for (const file of matches) {
      const rel = relative(rootOf, file);
      mkdirSync(join(dir, rel, '..'), { recursive: true });
      cpSync(file, join(dir, rel));
      files.push(rel);
    }
  }
  if (files.length) run.artifacts.set(name, dir);
  return { name, files: files.sort() };
}

const parentOf = (path: string) => path.replace(/\/+$/, '').split('/').slice(0, -1).join('/') || '/';

function commonRoot(paths: string[]): string {
  const split = paths.map((p) => p.split('/'));
  const out: string[] = [];
  for (let i = 0; split.every((s) => s[i] !== undefined && s[i] === split[0]![i]); i += 1) out.push(split[0]![i]!);
  return out.join('/') || '/';
}

function listMatching(glob: string): string[] {
  const dir = parentOf(glob);
  const pattern = new RegExp(`^${basename(glob).replace(/[.]/g, '\\.').replace(/\*/g, '.*')}$`);
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => pattern.test(f))
        .map((f) => join(dir, f))
    : [];
}

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
  );
}

/** actions/download-artifact with a pattern: each matching artifact in a folder of its name. */
function downloadInto(artifacts: Artifacts, pattern: string, into: string): void {
  const match = new RegExp(`^${pattern.replace(/[.]/g, '\\.').replace(/\*/g, '.*')}$`);
  for (const [name, dir] of artifacts) {
    if (match.test(name)) cpSync(dir, join(into, name), { recursive: true });
  }
}

/** The artifact as the zip GitHub serves for GET /actions/artifacts/{id}/zip. */
export function artifactZip(dir: string): Buffer {
  return zipOf(walk(dir).map((file) => [relative(dir, file), readFileSync(file)] as const));
}

/** One of trt-ci's actions, as the runner runs it. */
function runAction(
  world: PackWorld,
  program: 'action' | 'gate' | 'report',
  workspace: string,
  withs: Record<string, Json>,
  event: PackEvent,
  jobEnv: NodeJS.ProcessEnv,
  callerWorkflow: string,
  runId: number,
): Promise<NonNullable<StepRun['action']>> {
  const dir = mkdtempSync(join(tmpdir(), 'trt-ci-step-'));
  const files = { output: join(dir, 'output'), summary: join(dir, 'summary'), event: join(dir, 'event.json') };
  writeFileSync(files.output, '');
  writeFileSync(files.summary, '');
  writeFileSync(files.event, JSON.stringify(event.payload));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    ...world.env,
    ...jobEnv,
    GITHUB_ACTIONS: 'true',
    GITHUB_REPOSITORY: world.repository,
    GITHUB_EVENT_NAME: event.name,
    GITHUB_EVENT_PATH: files.event,
    GITHUB_SHA: event.sha,
    GITHUB_REF: event.ref,
    GITHUB_RUN_ID: String(runId),
    GITHUB_WORKFLOW_REF: `${world.repository}/.github/workflows/${callerWorkflow}@${event.ref}`,
    GITHUB_API_URL: world.api.url,
    GITHUB_OUTPUT: files.output,
    GITHUB_STEP_SUMMARY: files.summary,
    GITHUB_WORKSPACE: workspace,
    RUNNER_TEMP: dir,
    ...Object.fromEntries(
      Object.entries(withs).map(([k, v]) => [`INPUT_${k.toUpperCase()}`, v === null ? '' : String(v)]),
    ),
  };
  // The runner gives the token input its default, github.token, unless the step says otherwise.
  if (!('token' in withs)) env.INPUT_TOKEN = 'ghs_job_token';
  return new Promise((resolve) => {
    const child = spawn(process.execPath, fromSource(program), {
      cwd: workspace,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (d) => (log += d));
    child.stderr.on('data', (d) => (log += d));
    child.on('exit', (code) => {
      const outputs: Record<string, string> = {};
      for (const m of readFileSync(files.output, 'utf8').matchAll(/^([\w-]+)<<(\S+)\n([\s\S]*?)\n\2$/gm)) {
        outputs[m[1]!] = m[3]!;
      }
      resolve({ code, outputs, summary: readFileSync(files.summary, 'utf8'), log, cwd: workspace, env });
    });
  });
}
