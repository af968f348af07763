export const id = 374;
export const ids = [374];
export const modules = {

/***/ 31306:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   f: () => (/* binding */ absoluteTolerance),
/* harmony export */   u: () => (/* binding */ resolveAccuracy)
/* harmony export */ });
/**
 * Defaults by precision, from a ResNet-50 on an H200 against ONNX Runtime FP32 (docs/trtexec-inference-io.md):
 * FP32 with TF32 was off by at most 0.04% of the largest logit, FP16 0.07%, BF16 0.5%, with cosine 0.9999999,
 * 0.9999998 and 0.99998. Each default leaves room of 2.5-7x over that; INT8 and FP8 get the widest. A
 * 1e-5 tolerance (Polygraphy's default) fails every FP16 build (NVIDIA/TensorRT#2709).
 */
const DEFAULTS = {
    fp32: { atol: { shareOfMax: 0.001 }, rtol: 0.001, cosine: 0.9999 },
    fp16: { atol: { shareOfMax: 0.005 }, rtol: 0.005, cosine: 0.9999 },
    bf16: { atol: { shareOfMax: 0.02 }, rtol: 0.02, cosine: 0.999 },
    quantized: { atol: { shareOfMax: 0.05 }, rtol: 0.05, cosine: 0.99 },
};
function defaultsFor(precision) {
    if (precision === 'fp16')
        return DEFAULTS.fp16;
    if (precision === 'bf16')
        return DEFAULTS.bf16;
    if (precision === 'int8' || precision === 'fp8' || precision === 'best')
        return DEFAULTS.quantized;
    return DEFAULTS.fp32;
}
/** The check a model gets: its own `accuracy:`, else the top-level one, else none; gaps from the defaults. */
function resolveAccuracy(own, top, precision, 
/** Paths in trt-ci.yml are relative to its folder. */
resolvePath) {
    const raw = own ?? top;
    if (!raw)
        return null;
    const defaults = defaultsFor(precision);
    const atol = raw.atol === undefined
        ? defaults.atol
        : typeof raw.atol === 'number'
            ? { absolute: raw.atol }
            : { shareOfMax: Number(raw.atol.slice(0, -1)) / 100 };
    return {
        inputs: raw.inputs === undefined || raw.inputs === 'auto'
            ? 'auto'
            : raw.inputs.endsWith('.npz')
                ? { npz: resolvePath(raw.inputs) }
                : { folder: resolvePath(raw.inputs) },
        reference: raw.reference === undefined ? null : resolvePath(raw.reference),
        shapes: raw.shapes ?? ['opt'],
        atol,
        rtol: raw.rtol ?? defaults.rtol,
        cosine: raw.cosine ?? defaults.cosine,
        topK: raw['top-k'] ?? null,
    };
}
/** The absolute tolerance for one output: a share of its largest reference value, or as given. */
function absoluteTolerance(atol, reference) {
    if ('absolute' in atol)
        return atol.absolute;
    let largest = 0;
    for (let i = 0; i < reference.length; i += 1) {
        const v = Math.abs(reference[i]);
        if (Number.isFinite(v) && v > largest)
            largest = v;
    }
    return atol.shareOfMax * largest;
}


/***/ }),

/***/ 59531:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  J: () => (/* binding */ GitHubReporter)
});

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 7 modules
var core = __webpack_require__(33838);
// EXTERNAL MODULE: ./.build/tsc/report/trim.js
var trim = __webpack_require__(40540);
;// CONCATENATED MODULE: ./.build/tsc/github/check-run.js

/** GitHub takes at most 50 annotations per check-run request; more go in further updates. */
const ANNOTATIONS_PER_REQUEST = 50;
const OUTPUT_LIMIT = 65_535;
async function startCheckRun(octokit, target) {
    const { data } = await octokit.rest.checks.create({
        owner: target.owner,
        repo: target.repo,
        name: target.name,
        head_sha: target.headSha,
        status: 'in_progress',
        started_at: new Date().toISOString(),
    });
    return data.id;
}
/** Completes the check run, with every annotation in batches of 50. */
async function completeCheckRun(octokit, target, id, outcome) {
    const toApi = (a) => ({
        path: a.path,
        start_line: a.startLine,
        end_line: a.startLine,
        annotation_level: a.level,
        title: a.title.slice(0, 255),
        message: (0,trim/* cutBytes */.U)(a.message, 64 * 1024 - 1),
    });
    const batches = [];
    for (let i = 0; i < outcome.annotations.length; i += ANNOTATIONS_PER_REQUEST)
        batches.push(outcome.annotations.slice(i, i + ANNOTATIONS_PER_REQUEST));
    const output = { title: outcome.title, summary: (0,trim/* cutBytes */.U)(outcome.summary, OUTPUT_LIMIT) };
    // Annotations are added by updates that keep the run in progress; the last request completes it.
    for (const batch of batches.slice(0, -1)) {
        await octokit.rest.checks.update({
            owner: target.owner,
            repo: target.repo,
            check_run_id: id,
            output: { ...output, annotations: batch.map(toApi) },
        });
    }
    const last = batches[batches.length - 1];
    await octokit.rest.checks.update({
        owner: target.owner,
        repo: target.repo,
        check_run_id: id,
        status: 'completed',
        conclusion: outcome.conclusion,
        completed_at: new Date().toISOString(),
        output: { ...output, ...(last && { annotations: last.map(toApi) }) },
    });
}

// EXTERNAL MODULE: ./.build/tsc/github/comment.js
var comment = __webpack_require__(28102);
// EXTERNAL MODULE: ./.build/tsc/github/problems.js
var problems = __webpack_require__(68251);
// EXTERNAL MODULE: ./.build/tsc/action/summary.js
var action_summary = __webpack_require__(18586);
;// CONCATENATED MODULE: ./.build/tsc/action/github-reporter.js





/**
 * Everything the action says on GitHub besides the job summary: one check run that is started and
 * always completed, the sticky comment, and annotations. Nothing here fails the job: each failed step
 * is kept as a problem, which the summary shows with the permission that was missing.
 */
class GitHubReporter {
    octokit;
    fromFork;
    problems = [];
    checkId = null;
    completed = false;
    constructor(octokit, fromFork) {
        this.octokit = octokit;
        this.fromFork = fromFork;
    }
    async startCheck(target) {
        if (!this.octokit || !target)
            return;
        await this.attempt('Creating the check run', 'checks: write', async () => {
            this.checkId = await startCheckRun(this.octokit, target);
        });
    }
    /** Completes the check run with its annotations; without one, annotates with workflow commands. */
    async completeCheck(target, outcome) {
        if (this.completed)
            return;
        this.completed = true;
        let annotated = false;
        if (this.octokit && target && this.checkId !== null) {
            const id = this.checkId;
            annotated = await this.attempt('Completing the check run', 'checks: write', () => completeCheckRun(this.octokit, target, id, outcome));
            // A check left in progress reads as "still running" forever: complete it with the least there is.
            if (!annotated)
                await this.completeBare(target, id, outcome);
        }
        if (!annotated)
            workflowCommandAnnotations(outcome.annotations);
    }
    async completeBare(target, id, outcome) {
        await this.attempt('Completing the check run without its summary', 'checks: write', () => this.octokit.rest.checks.update({
            owner: target.owner,
            repo: target.repo,
            check_run_id: id,
            status: 'completed',
            conclusion: outcome.conclusion,
            completed_at: new Date().toISOString(),
            output: { title: outcome.title, summary: 'GitHub refused the full summary: the job summary has it.' },
        }));
    }
    async comment(where, body, create = true) {
        if (!this.octokit)
            return;
        const octokit = this.octokit;
        await this.attempt('Commenting on the pull request', 'pull-requests: write', async () => {
            const posted = await (0,comment/* upsertStickyComment */.qD)(octokit, { ...where, body }, await (0,comment/* tokenIdentity */.sX)(octokit), create);
            if (posted)
                core/* info */.pq(`trt-ci: ${posted.created ? 'created' : 'updated'} the pull request comment ${posted.id}`);
        });
    }
    /** Work that must not leave the check run in progress: a crash in it completes the check as failed. */
    async completing(target, work) {
        try {
            return await work();
        }
        catch (error) {
            const summary = (0,action_summary/* crashMarkdown */.d0)(error);
            await this.completeCheck(target, {
                conclusion: 'failure',
                title: 'trt-ci could not run',
                summary,
                annotations: [],
            });
            throw error;
        }
    }
    /** Runs one reporting step; a failure becomes a problem (and a warning), never an exception. */
    async attempt(step, permission, work) {
        try {
            await work();
            return true;
        }
        catch (error) {
            const problem = (0,problems/* reportingProblem */.y2)(step, permission, error, this.fromFork);
            this.problems.push(problem);
            core/* warning */.$e(`trt-ci: ${problem.message}`);
            return false;
        }
    }
}
/** Workflow-command annotations, within GitHub's limit of 10 per type per step. */
function workflowCommandAnnotations(annotations) {
    for (const level of ['failure', 'warning']) {
        const mine = annotations.filter((a) => a.level === level);
        for (const a of mine.slice(0, 10)) {
            (level === 'failure' ? core/* error */.z3 : core/* warning */.$e)(a.message, {
                title: a.title,
                file: a.path,
                startLine: a.startLine,
            });
        }
        if (mine.length > 10) {
            const what = level === 'failure' ? 'errors' : 'warnings';
            core/* notice */.lm(`trt-ci: ${mine.length - 10} more ${what} were not annotated ` +
                '(GitHub shows 10 per type per step); the job summary lists them all.');
        }
    }
}


/***/ }),

/***/ 75330:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Gc: () => (/* binding */ checkConclusion),
/* harmony export */   Hr: () => (/* binding */ failureReason),
/* harmony export */   TH: () => (/* binding */ wantsComment)
/* harmony export */ });
/* harmony import */ var _builds_outcome_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(38273);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(40988);
/* harmony import */ var _report_report_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(64730);
// What the action decides from a report: whether to comment, whether the job fails, and the check's
// conclusion. Pure functions, tested as a table.



/** Whether this report is worth a new comment under the policy (an existing one is always kept current). */
function wantsComment(policy, report) {
    if (policy === 'never')
        return false;
    if (policy === 'always' || !report)
        return true;
    const failed = report.status !== 'passed';
    if (policy === 'on-failure')
        return failed;
    const { comparison } = report;
    const changed = comparison.environment.length > 0 ||
        comparison.added.length > 0 ||
        comparison.removed.length > 0 ||
        report.budgets.some((b) => b.status === 'fail' || b.status === 'warn') ||
        report.builds.some((b) => b.baseline?.bytes != null && b.baseline.bytes !== b.bytes);
    return failed || changed;
}
/** Why the job should fail under `fail-on`, or null. */
function failureReason(failOn, report, crash) {
    if (crash)
        return failOn.includes('error') ? `trt-ci could not run: ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .errorMessage */ .gJ)(crash)}` : null;
    if (!report)
        return null;
    const names = (rows) => rows.map((r) => `${r.model}/${r.profile}${r.metric ? ` ${r.metric}` : ''}`).join(', ');
    const broken = report.builds.filter((b) => !(0,_builds_outcome_js__WEBPACK_IMPORTED_MODULE_0__/* .isBuilt */ .TQ)(b));
    if (failOn.includes('error') && broken.length)
        return `${broken.length} build(s) failed: ${names(broken)}`;
    const wrong = report.builds.filter((b) => b.accuracy?.status === 'failed');
    if (failOn.includes('accuracy') && wrong.length)
        return `${wrong.length} engine(s) out of tolerance: ${names(wrong)}`;
    const budgets = report.budgets.filter((b) => b.status === 'fail');
    if (failOn.includes('budget') && budgets.length)
        return `${budgets.length} budget(s) exceeded: ${names(budgets)}`;
    // An A/B that could not decide warns, but it is no regression: only a slower verdict is.
    const undecided = (b) => b.metric === 'latency-growth' &&
        report.builds.some((build) => build.model === b.model && build.profile === b.profile && build.latency && build.latency.verdict !== 'slower');
    const regressions = report.budgets.filter((b) => (b.status === 'warn' || b.status === 'fail') && b.metric.endsWith('-growth') && !undecided(b));
    if (failOn.includes('regression') && regressions.length) {
        return `${regressions.length} regression(s): ${names(regressions)}`;
    }
    return null;
}
/**
 * The check run's conclusion: cancelled when the run was, failure when it crashed or any report failed,
 * judged from the builds and budgets themselves and never from a report's own status field (a report
 * can come from a fork's artifact).
 */
function checkConclusion(run) {
    if (run.cancelled)
        return 'cancelled';
    const failed = run.reports.some((r) => (0,_report_report_js__WEBPACK_IMPORTED_MODULE_2__/* .overallStatus */ .g)(r.builds, r.budgets) !== 'passed');
    return run.crashed || failed || (run.missing ?? 0) > 0 ? 'failure' : 'success';
}


/***/ }),

/***/ 18586:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ad: () => (/* binding */ problemsSection),
/* harmony export */   Sy: () => (/* binding */ writeSummary),
/* harmony export */   d0: () => (/* binding */ crashMarkdown)
/* harmony export */ });
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(33838);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(40988);
/* harmony import */ var _report_markdown_text_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(82185);
/* harmony import */ var _github_problems_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(68251);




/** The job summary needs no permission, so it is always written; a failure to write it never hides the result. */
async function writeSummary(markdown) {
    if (!process.env.GITHUB_STEP_SUMMARY)
        return;
    try {
        await _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .summary */ .z.addRaw(markdown).write();
    }
    catch (error) {
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(`trt-ci: could not write the job summary: ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .errorMessage */ .gJ)(error)}`);
    }
}
/** The summary's account of reporting steps that did not work, with the permissions block to add. */
function problemsSection(problems) {
    if (problems.length === 0)
        return '';
    const block = (0,_github_problems_js__WEBPACK_IMPORTED_MODULE_2__/* .permissionsBlock */ .It)(problems);
    return [
        '',
        '### Reporting',
        '',
        ...problems.map((p) => `- ⚠️ ${p.message}`),
        ...(block
            ? [
                '',
                "Give the job these permissions (a fork's pull request " +
                    'never gets them: post its comment from a `workflow_run` job):',
                '',
                '```yaml',
                block,
                '```',
            ]
            : []),
        '',
    ].join('\n');
}
/** What the summary and the check run say when trt-ci could not run: the one line, or the bug's stack. */
function crashMarkdown(crash) {
    const detail = crash instanceof _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputError */ .dz
        ? crash.message
        : `internal error (please report it): ${crash instanceof Error ? (crash.stack ?? crash.message) : String(crash)}`;
    return `## trt-ci ❌ could not run\n\n${(0,_report_markdown_text_js__WEBPACK_IMPORTED_MODULE_3__/* .codeBlock */ .DV)(detail)}\n`;
}


/***/ }),

/***/ 34901:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   W: () => (/* binding */ planBuildJobs),
/* harmony export */   e: () => (/* binding */ shapesOf)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(76760);
/* harmony import */ var _config_load_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8026);
/* harmony import */ var _shard_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(94393);



/** Every model × profile in config order (one engine each), or the ones `selection` picks. */
function planBuildJobs(config, selection) {
    const jobs = allJobs(config);
    if (!selection)
        return jobs;
    const picked = (0,_shard_js__WEBPACK_IMPORTED_MODULE_2__/* .selectPairs */ .sC)(jobs.map((job) => `${job.model.name}/${job.profile.name}`), selection);
    return jobs.filter((_, i) => picked[i]);
}
function allJobs(config) {
    return config.models.flatMap((model, modelIndex) => enginesOf(model).map(({ profile, profileIndex }) => {
        const stem = `${model.name}.${profile.name}`;
        return {
            model,
            profile,
            modelIndex,
            profileIndex,
            plan: (0,node_path__WEBPACK_IMPORTED_MODULE_0__.join)(config.outputDir, `${stem}.plan`),
            layerInfo: (0,node_path__WEBPACK_IMPORTED_MODULE_0__.join)(config.outputDir, `${stem}.layers.json`),
            logPrefix: (0,node_path__WEBPACK_IMPORTED_MODULE_0__.join)(config.outputDir, 'logs', stem),
        };
    }));
}
/**
 * The plans a model asks for: one per profile, one with every profile (`combined`, after the others:
 * it is built with the workspace they proved enough), or both. The combined plan points at the model.
 */
function enginesOf(model) {
    const split = model.profiles.map((profile, profileIndex) => ({ profile, profileIndex }));
    const combined = { profile: { name: _config_load_js__WEBPACK_IMPORTED_MODULE_1__/* .COMBINED */ .KF, shapes: [], parts: model.profiles }, profileIndex: 0 };
    if (model.engine === 'per-profile')
        return split;
    return model.engine === 'combined' ? [combined] : [...split, combined];
}
/**
 * A profile's shapes as the report and the manifest write them: `{ x: { min: '1x3x8x8', … } }`; for the
 * combined plan, every profile's, as `<profile>/<input>` in profile order (the order of --profile=N).
 */
function shapesOf(profile) {
    if (profile.parts) {
        return Object.fromEntries(profile.parts.flatMap((part) => Object.entries(shapesOf(part)).map(([input, s]) => [`${part.name}/${input}`, s])));
    }
    return Object.fromEntries(profile.shapes.map((s) => [s.input, { min: s.min.join('x'), opt: s.opt.join('x'), max: s.max.join('x') }]));
}


/***/ }),

/***/ 38273:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   GG: () => (/* binding */ backedOff),
/* harmony export */   TQ: () => (/* binding */ isBuilt),
/* harmony export */   nE: () => (/* binding */ notRun)
/* harmony export */ });
/* harmony import */ var _units_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(84196);

/** A build that produced a usable plan, now or from the cache. */
function isBuilt(build) {
    return build.status === 'built' || build.status === 'cached';
}
/** A build that never ran: the report still lists it, and why. Other outcomes start from it. */
function notRun(job, gpu, failure) {
    return {
        job,
        status: 'skipped',
        gpu,
        attempts: [],
        plan: null,
        buildSeconds: null,
        peakGpuMemoryMiB: null,
        perf: null,
        failure,
        cache: null,
    };
}
/**
 * "built with 2 GiB after out-of-memory at 4 GiB" for a build that got through only on a smaller
 * workspace (which can mean slower tactics), or null.
 */
function backedOff(attempts) {
    const last = attempts.at(-1);
    const oom = attempts.filter((a) => a.failure?.kind === 'out-of-memory');
    if (!last || last.failure || oom.length === 0)
        return null;
    return `built with ${(0,_units_js__WEBPACK_IMPORTED_MODULE_0__/* .formatBytes */ .z3)(last.workspaceBytes)} after out-of-memory at ${(0,_units_js__WEBPACK_IMPORTED_MODULE_0__/* .formatBytes */ .z3)(oom[0].workspaceBytes)}`;
}


/***/ }),

/***/ 96068:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $_: () => (/* binding */ compareWithBaseline),
/* harmony export */   Mb: () => (/* binding */ measuredBuilds),
/* harmony export */   N1: () => (/* binding */ loadReport)
/* harmony export */ });
/* unused harmony exports environmentOf, withBaseline */
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(51455);
/* harmony import */ var _builds_outcome_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(38273);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(40988);
/* harmony import */ var _config_locate_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(37006);
/* harmony import */ var _report_report_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(64730);
/* harmony import */ var _report_schema_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(4535);
/* harmony import */ var _evaluate_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(17928);







/**
 * A trt-ci report read as data: a baseline from the base branch, or one runner's report to merge, which
 * can come from a fork. It must match the report schema; keys the schema does not know are dropped.
 */
async function loadReport(path, role = 'baseline') {
    let text;
    try {
        text = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readFile)(path, 'utf8');
    }
    catch (error) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .dz(`${path}: cannot read ${role}: ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .fileProblem */ .Wj)(error, 'a report.json')}`);
    }
    let data;
    try {
        data = JSON.parse(text);
    }
    catch (error) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .dz(`${path}: the ${role} is not JSON (${(0,_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .errorMessage */ .gJ)(error)})`);
    }
    const schema = data?.schema;
    if (schema !== _report_schema_js__WEBPACK_IMPORTED_MODULE_5__/* .REPORT_SCHEMA */ .DC) {
        const got = typeof schema === 'string' ? `schema ${JSON.stringify(schema.slice(0, 64))}` : 'something else';
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .dz(`${path}: expected a trt-ci report (schema "${_report_schema_js__WEBPACK_IMPORTED_MODULE_5__/* .REPORT_SCHEMA */ .DC}"), got ${got}`);
    }
    const parsed = _report_schema_js__WEBPACK_IMPORTED_MODULE_5__/* .reportSchema */ .Qh.safeParse(data);
    if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = (0,_config_locate_js__WEBPACK_IMPORTED_MODULE_3__/* .formatPath */ .jV)(issue.path.filter((p) => typeof p !== 'symbol'));
        const more = parsed.error.issues.length > 1 ? ` (and ${parsed.error.issues.length - 1} more)` : '';
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .dz(`${path}: not a valid ${_report_schema_js__WEBPACK_IMPORTED_MODULE_5__/* .REPORT_SCHEMA */ .DC} ${role}: ${where}: ${issue.message}${more}`);
    }
    // A report's own status is a claim: it is recomputed from its builds and budgets.
    return { ...parsed.data, status: (0,_report_report_js__WEBPACK_IMPORTED_MODULE_4__/* .overallStatus */ .g)(parsed.data.builds, parsed.data.budgets) };
}
/** Each built engine of a report with what budgets measure: the build joined with its plan scan. */
function largestError(accuracy) {
    const errors = (accuracy?.outputs ?? []).map((o) => o.maxAbsError).filter((e) => e !== null);
    return errors.length ? Math.max(...errors) : null;
}
function measuredBuilds(report) {
    return report.builds.filter(_builds_outcome_js__WEBPACK_IMPORTED_MODULE_1__/* .isBuilt */ .TQ).map((b) => {
        const plan = (report.plans ?? []).find((p) => p.model === b.model && p.profile === b.profile);
        return {
            model: b.model,
            profile: b.profile,
            gpu: b.gpu?.name ?? null,
            bytes: b.bytes,
            zeroFraction: plan?.zeroFraction ?? null,
            trailingZeroBytes: plan?.trailingZeroBytes ?? null,
            onnxBytes: b.onnxBytes ?? null,
            buildSeconds: b.buildSeconds,
            peakGpuMemoryMiB: b.peakGpuMemoryMiB,
            latencyMedianMs: b.perf?.latencyMs?.median ?? null,
            accuracyError: largestError(b.accuracy),
            latencyAb: b.latency ? { verdict: b.latency.verdict, ratio: b.latency.ratio, reason: b.latency.reason } : null,
        };
    });
}
function environmentOf(report) {
    const gpus = report.environment?.gpus ?? [];
    return {
        tensorrtVersion: report.environment?.tensorrtVersion ?? null,
        driverVersion: gpus.find((g) => g.driverVersion)?.driverVersion ??
            report.preflight?.gpus.find((g) => g.driverVersion)?.driverVersion ??
            null,
        gpus: gpus.map((g) => g.name).filter((name) => name !== null),
    };
}
/** What a report says when there is no baseline to compare with. */
const NO_COMPARISON = { baseline: null, environment: [], added: [], removed: [] };
/**
 * The compare stage: the baseline's figures next to each build (same model, profile and GPU model),
 * what changed in the environment, and which engines are new or gone.
 */
function compareWithBaseline(current, baseline) {
    if (!baseline)
        return { builds: current.builds.map((b) => ({ ...b, baseline: null })), comparison: NO_COMPARISON };
    const before = measuredBuilds(baseline.report);
    const builds = current.builds.map((build) => {
        const match = (0,_evaluate_js__WEBPACK_IMPORTED_MODULE_6__/* .matchBaseline */ .XZ)({ model: build.model, profile: build.profile, gpu: build.gpu?.name ?? null }, before);
        const figures = match && {
            bytes: match.bytes,
            buildSeconds: match.buildSeconds,
            peakGpuMemoryMiB: match.peakGpuMemoryMiB,
            latencyMedianMs: match.latencyMedianMs,
        };
        return { ...build, baseline: figures };
    });
    const comparison = {
        baseline: baseline.path,
        note: baseline.note ?? null,
        environment: (0,_evaluate_js__WEBPACK_IMPORTED_MODULE_6__/* .environmentChanges */ .$)(environmentOf(baseline.report), environmentOf(current)),
        ...(0,_evaluate_js__WEBPACK_IMPORTED_MODULE_6__/* .addedAndRemoved */ .mh)(current.builds, baseline.report.builds),
    };
    return { builds, comparison };
}
/** A report (read back, or another runner's) compared with a baseline: a new report, the old one untouched. */
function withBaseline(report, baseline, path) {
    return { ...report, ...compareWithBaseline(report, { report: baseline, path }) };
}


/***/ }),

/***/ 17928:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $: () => (/* binding */ environmentChanges),
/* harmony export */   A1: () => (/* binding */ evaluateBudgets),
/* harmony export */   XZ: () => (/* binding */ matchBaseline),
/* harmony export */   mh: () => (/* binding */ addedAndRemoved)
/* harmony export */ });
/* harmony import */ var _units_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(84196);
/* harmony import */ var _metrics_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76582);


const key = (m) => `${m.model}/${m.profile}`;
/** The baseline build for a build: same model and profile, and the same GPU model when both know it. */
function matchBaseline(build, baseline) {
    const candidates = baseline.filter((b) => key(b) === key(build));
    return (candidates.find((b) => b.gpu === build.gpu) ?? candidates.find((b) => b.gpu === null || build.gpu === null) ?? null);
}
/** Engines in one list and not the other, whether they built or not: a new model or profile, or one that is gone. */
function addedAndRemoved(current, baseline) {
    const now = new Set(current.map(key));
    const before = new Set(baseline.map(key));
    return { added: [...now].filter((k) => !before.has(k)), removed: [...before].filter((k) => !now.has(k)) };
}
function environmentChanges(before, now) {
    const changes = [];
    if (before.tensorrtVersion !== now.tensorrtVersion)
        changes.push({ what: 'TensorRT', from: before.tensorrtVersion, to: now.tensorrtVersion });
    if (before.driverVersion !== now.driverVersion)
        changes.push({ what: 'driver', from: before.driverVersion, to: now.driverVersion });
    const gpus = (list) => [...new Set(list)].sort().join(', ') || null;
    if (gpus(before.gpus) !== gpus(now.gpus))
        changes.push({ what: 'GPU', from: gpus(before.gpus), to: gpus(now.gpus) });
    return changes;
}
/** The figure a metric judges, in a threshold's unit; null when this build did not measure it. */
function measure(metric, unit, build, base) {
    const growth = (now, before) => {
        if (now === null || before === null)
            return null;
        if (unit === 'bytes')
            return now - before;
        return before === 0 ? (now === 0 ? 0 : Number.POSITIVE_INFINITY) : (now - before) / before;
    };
    switch (metric) {
        case 'plan-size':
            return build.bytes;
        case 'zero-fraction':
            return build.zeroFraction;
        case 'trailing-zeros':
            if (build.trailingZeroBytes === null || build.bytes === null)
                return null;
            return unit === 'bytes' ? build.trailingZeroBytes : build.bytes === 0 ? 0 : build.trailingZeroBytes / build.bytes;
        case 'plan-to-onnx':
            return build.bytes === null || !build.onnxBytes ? null : build.bytes / build.onnxBytes;
        case 'peak-memory':
            return build.peakGpuMemoryMiB === null ? null : build.peakGpuMemoryMiB * _units_js__WEBPACK_IMPORTED_MODULE_0__/* .MiB */ .lv;
        case 'plan-growth':
            return growth(build.bytes, base?.bytes ?? null);
        case 'build-time-growth':
            return growth(build.buildSeconds, base?.buildSeconds ?? null);
        case 'latency-growth':
            return growth(build.latencyMedianMs, base?.latencyMedianMs ?? null);
        case 'accuracy-drift': {
            const [now, before] = [build.accuracyError, base?.accuracyError ?? null];
            if (now === null || before === null)
                return null;
            return before === 0 ? (now === 0 ? 1 : Number.POSITIVE_INFINITY) : now / before;
        }
    }
}
function baselineFigure(metric, base) {
    if (!base)
        return null;
    if (metric === 'plan-growth')
        return base.bytes;
    if (metric === 'build-time-growth')
        return base.buildSeconds;
    if (metric === 'latency-growth')
        return base.latencyMedianMs;
    if (metric === 'accuracy-drift')
        return base.accuracyError;
    return null;
}
function show(value, unit) {
    if (unit === 'bytes')
        return (0,_units_js__WEBPACK_IMPORTED_MODULE_0__/* .formatBytes */ .z3)(value);
    if (unit === 'ratio')
        return `${value.toFixed(2)}x`;
    return Number.isFinite(value) ? `${(value * 100).toFixed(1)}%` : '∞';
}
function judge(metric, limit, build, base, hasBaseline, configPosition) {
    const spec = _metrics_js__WEBPACK_IMPORTED_MODULE_1__/* .METRICS */ .Cb[metric];
    if (metric === 'latency-growth' && build.latencyAb)
        return judgeAb(limit, build, build.latencyAb, configPosition);
    const row = {
        model: build.model,
        profile: build.profile,
        gpu: build.gpu,
        metric,
        baseline: baselineFigure(metric, base),
        configPosition,
    };
    // A figure this build does not have at all (no accuracy: check, no benchmark) gets no row, baseline or not.
    const unit = (limit.fail ?? limit.warn)?.unit;
    if (unit && measure(metric, unit, build, build) === null)
        return null;
    if (spec.growth && !base) {
        const why = hasBaseline ? 'new in this run' : 'no baseline yet';
        return { ...row, value: null, limit: null, unit: null, status: 'no-baseline', message: `${spec.describe}: ${why}` };
    }
    const levels = ['fail', 'warn'].filter((level) => limit[level] !== null);
    for (const level of levels) {
        const threshold = limit[level];
        const value = measure(metric, threshold.unit, build, base);
        if (value === null)
            return null;
        if (value > threshold.value) {
            // Latency medians from two jobs, maybe two machines, are noise at the percent level: they warn only.
            const fromTwoJobs = metric === 'latency-growth' && level === 'fail';
            return {
                ...row,
                value,
                limit: threshold.value,
                unit: threshold.unit,
                status: fromTwoJobs ? 'warn' : level,
                message: `${spec.describe} ${show(value, threshold.unit)} is over ` +
                    `${level === 'fail' ? 'the limit' : 'the warning level'} ${threshold.text}` +
                    (fromTwoJobs ? ' (medians of two jobs: only benchmark: ab fails on it)' : ''),
            };
        }
    }
    const decisive = limit.fail ?? limit.warn;
    if (!decisive)
        return null;
    const value = measure(metric, decisive.unit, build, base);
    if (value === null)
        return null;
    return {
        ...row,
        value,
        limit: decisive.value,
        unit: decisive.unit,
        status: 'pass',
        message: `${spec.describe} ${show(value, decisive.unit)} is within ${decisive.text}`,
    };
}
/**
 * latency-growth judged by an A/B on one GPU: it fails (or warns) only when the head engine is slower,
 * significantly and by at least the threshold; an A/B that could not decide warns with its reason.
 */
function judgeAb(limit, build, ab, configPosition) {
    const decisive = limit.fail ?? limit.warn;
    if (!decisive)
        return null;
    const row = { model: build.model, profile: build.profile, gpu: build.gpu, metric: 'latency-growth' };
    const value = ab.ratio === null ? null : ab.ratio - 1;
    const base = { ...row, value, unit: 'fraction', baseline: null, configPosition };
    if (ab.verdict === 'inconclusive' || ab.verdict === 'contract-mismatch') {
        const what = ab.verdict === 'inconclusive' ? 'inconclusive' : 'not run (contract mismatch)';
        return { ...base, limit: decisive.value, status: 'warn', message: `latency A/B ${what}: ${ab.reason}` };
    }
    for (const level of ['fail', 'warn']) {
        const threshold = limit[level];
        if (ab.verdict === 'slower' && threshold && value !== null && value >= threshold.value) {
            return {
                ...base,
                limit: threshold.value,
                status: level,
                message: `latency ${show(value, 'fraction')} slower than the base engine on the same GPU (A/B: ${ab.reason}), ` +
                    `over ${level === 'fail' ? 'the limit' : 'the warning level'} ${threshold.text}`,
            };
        }
    }
    return {
        ...base,
        limit: decisive.value,
        status: 'pass',
        message: `latency A/B on the same GPU: ${ab.verdict}${value === null ? '' : ` (${show(value, 'fraction')})`}`,
    };
}
/** Every budget of every build, against the baseline where the metric is a growth. */
function evaluateBudgets(builds, budgetsFor, baseline, 
/** Where a model's budget is written in trt-ci.yml, for annotations. */
positionOf = () => null) {
    const rows = [];
    for (const build of builds) {
        const base = baseline ? matchBaseline(build, baseline) : null;
        for (const [metric, limit] of Object.entries(budgetsFor(build.model))) {
            const row = judge(metric, limit, build, base, baseline !== null, positionOf(build.model, metric));
            if (row)
                rows.push(row);
        }
    }
    return rows;
}


/***/ }),

/***/ 76582:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Cb: () => (/* binding */ METRICS),
/* harmony export */   Dm: () => (/* binding */ DEFAULT_BUDGETS),
/* harmony export */   Uw: () => (/* binding */ METRIC_NAMES),
/* harmony export */   vE: () => (/* binding */ AB_BUDGETS)
/* harmony export */ });
const METRICS = {
    'plan-size': { units: ['bytes'], bare: 'fail', growth: false, describe: 'plan size' },
    'plan-growth': {
        units: ['fraction', 'bytes'],
        bare: 'fail',
        growth: true,
        describe: 'plan size growth over the baseline',
    },
    'zero-fraction': { units: ['fraction'], bare: 'fail', growth: false, describe: 'share of zero bytes in the plan' },
    'trailing-zeros': {
        units: ['fraction', 'bytes'],
        bare: 'fail',
        growth: false,
        describe: 'zero run at the end of the plan',
    },
    'plan-to-onnx': { units: ['ratio'], bare: 'fail', growth: false, describe: 'plan size over ONNX size' },
    'build-time-growth': {
        units: ['fraction'],
        bare: 'fail',
        growth: true,
        describe: 'build time growth over the baseline',
    },
    'peak-memory': { units: ['bytes'], bare: 'fail', growth: false, describe: 'peak GPU memory of the build' },
    // A bare value fails, but only on an A/B (benchmark: ab): medians measured in two jobs, maybe on two
    // machines, are too noisy to fail on, so there it warns (src/compare/evaluate.ts).
    'latency-growth': {
        units: ['fraction'],
        bare: 'fail',
        growth: true,
        describe: 'median latency growth over the baseline',
    },
    // An engine can drift towards its tolerance long before it crosses it: this catches the drift.
    'accuracy-drift': {
        units: ['ratio'],
        bare: 'warn',
        growth: true,
        describe: "largest output error (accuracy:) over the baseline's",
    },
};
const METRIC_NAMES = Object.keys(METRICS);
/**
 * What every model gets unless trt-ci.yml says otherwise: warnings only, for the two signs of
 * NVIDIA/TensorRT#4841 (a plan that is mostly a trailing zero run, a plan that grew a lot).
 */
/** What benchmark: ab adds unless latency-growth is set: 1% slower (significantly) fails. */
const AB_BUDGETS = {
    'latency-growth': { fail: { unit: 'fraction', value: 0.01, text: '1%' }, warn: null },
};
const DEFAULT_BUDGETS = {
    'trailing-zeros': { warn: { unit: 'fraction', value: 0.5, text: '50%' }, fail: null },
    'plan-growth': { warn: { unit: 'fraction', value: 0.2, text: '20%' }, fail: null },
    // Only for models with accuracy:; ten times the baseline's error is a change of kernel, not noise.
    'accuracy-drift': { warn: { unit: 'ratio', value: 10, text: '10x' }, fail: null },
};


/***/ }),

/***/ 8026:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  KF: () => (/* binding */ COMBINED),
  Fj: () => (/* binding */ configError),
  Z9: () => (/* binding */ loadConfig),
  Tm: () => (/* binding */ runProfile)
});

// UNUSED EXPORTS: parseConfig

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __webpack_require__(38815);
// EXTERNAL MODULE: ./.build/tsc/did-you-mean.js
var did_you_mean = __webpack_require__(13392);
// EXTERNAL MODULE: ./.build/tsc/errors.js
var errors = __webpack_require__(40988);
// EXTERNAL MODULE: ./.build/tsc/tensorrt/flags.js
var flags = __webpack_require__(52256);
// EXTERNAL MODULE: ./.build/tsc/accuracy/tolerance.js
var tolerance = __webpack_require__(31306);
;// CONCATENATED MODULE: ./.build/tsc/config/expand-env.js
/** `${NAME}`, or `${NAME:-fallback}` as in a shell; nothing else is special (a lone `$` stays). */
const VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;
/**
 * A path with its environment variables filled in: one runner image has TensorRT at /opt/tensorrt,
 * another at /usr/src/tensorrt, and one trt-ci.yml serves both with `${TENSORRT_DIR}/bin/trtexec`.
 * An empty variable counts as unset: `${TENSORRT_DIR}/bin/trtexec` must not become `/bin/trtexec`.
 */
function expandEnv(text, env) {
    const unset = [];
    const value = text.replace(VARIABLE, (_whole, name, fallback) => {
        const set = env[name];
        if (set)
            return set;
        if (fallback !== undefined)
            return fallback;
        unset.push(name);
        return '';
    });
    return { value, unset };
}
/** The message for a path whose variables are not all set: it names each, and the field. */
function unsetMessage(text, unset) {
    const names = unset.map((name) => `\${${name}}`).join(', ');
    return (`expected ${names} to be set in the environment (or \${NAME:-default} in trt-ci.yml), ` +
        `got "${text}" with ${unset.length > 1 ? 'them' : 'it'} unset`);
}

// EXTERNAL MODULE: ./.build/tsc/config/locate.js
var locate = __webpack_require__(37006);
// EXTERNAL MODULE: ./.build/tsc/compare/metrics.js
var metrics = __webpack_require__(76582);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 15 modules
var schemas = __webpack_require__(9691);
// EXTERNAL MODULE: ./node_modules/zod/v4/core/core.js
var core = __webpack_require__(88532);
// EXTERNAL MODULE: ./.build/tsc/preflight/types.js
var types = __webpack_require__(10298);
// EXTERNAL MODULE: ./.build/tsc/units.js
var tsc_units = __webpack_require__(84196);
;// CONCATENATED MODULE: ./.build/tsc/config/schema.js




/** How a rejected value is quoted in messages: strings in quotes, the rest as YAML would show it. */
function showValue(value) {
    if (value === undefined)
        return 'nothing';
    // A value can be megabytes long: quote its start, say how long it is.
    if (typeof value === 'string' && value.length > 80)
        return `${JSON.stringify(value.slice(0, 60))}… (${value.length} characters)`;
    if (typeof value === 'string')
        return JSON.stringify(value);
    if (Array.isArray(value))
        return 'a list';
    if (value === null)
        return 'null';
    if (typeof value === 'object')
        return 'a mapping';
    return String(value);
}
const PERCENT_PATTERN = /^\d+(\.\d+)?%$/;
const SHAPE_PATTERN = /^\d+(x\d+)*$/;
const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const expected = (what) => ({
    error: (issue) => `expected ${what}, got ${showValue(issue.input)}`,
});
const size = schemas/* string */.YjP(expected('a size like 4GiB or 512MiB'))
    .regex(tsc_units/* SIZE_PATTERN */.bv, expected('a size like 4GiB or 512MiB (B, KiB, MiB, GiB, or KB, MB, GB)'))
    .transform((text) => (0,tsc_units/* parseSize */.DB)(text));
const INT32_MAX = 2 ** 31 - 1;
/** The longest delay a timer holds (2^31-1 ms, 24.8 days); a longer one fires at once. */
const LONGEST_TIMER_MS = INT32_MAX;
const duration = schemas/* string */.YjP(expected('a duration like 45m, 90s or 2h'))
    .regex(tsc_units/* DURATION_PATTERN */.Cq, expected('a duration like 45m, 90s or 2h'))
    .refine((text) => {
    // A text that is no duration at all was reported by the pattern already.
    const ms = (0,tsc_units/* parseDuration */.E9)(text);
    return ms === null || (ms >= 1 && ms <= LONGEST_TIMER_MS);
}, expected('a duration from 1ms to 596h (what a timer can hold)'))
    .transform((text) => (0,tsc_units/* parseDuration */.E9)(text));
const workspace = size.refine((bytes) => bytes >= 1024 ** 2, {
    error: (issue) => `expected a workspace of at least 1MiB, got ${issue.input} bytes`,
});
const schema_name = (what) => schemas/* string */.YjP(expected(`a ${what} name`))
    .regex(NAME_PATTERN, expected(`a ${what} name of letters, digits, ".", "_" and "-" (it names files)`));
const path = (what) => schemas/* string */.YjP(expected(`a path to ${what}`)).min(1, expected(`a path to ${what}`));
const dims = schemas/* string */.YjP(expected('dimensions like 1x3x224x224'))
    .regex(SHAPE_PATTERN, expected('dimensions like 1x3x224x224'))
    .refine((text) => !SHAPE_PATTERN.test(text) || parseDims(text).every((d) => Number.isSafeInteger(d) && d >= 1 && d <= INT32_MAX), expected('dimensions of whole numbers from 1 to 2147483647, like 1x3x224x224'));
const shapeRange = schemas/* union */.KCZ([schemas/* strictObject */.rej({ min: dims, opt: dims, max: dims }), dims], expected('{ min, opt, max } dimensions, or one shape like 1x3x224x224 for a static input'));
const extraArgs = schemas/* array */.YOg(schemas/* string */.YjP(expected('a trtexec flag like --builderOptimizationLevel=5'))
    .regex(/^--[A-Za-z]/, expected('a trtexec flag like --builderOptimizationLevel=5'))
    // argv is passed without a shell: "--a=1 --b" would reach trtexec as one flag with a strange value.
    .refine((arg) => !/\s--?[A-Za-z]/.test(arg), expected('one flag per list item ("--a=1", "--b"), not several')), expected('a list of trtexec flags'));
const PRECISIONS = ['fp32', 'fp16', 'bf16', 'int8', 'fp8', 'best', 'strongly-typed'];
const RATIO_PATTERN = /^\d+(\.\d+)?x$/;
/** "64MiB", "10%", "4x" (or 4) → a threshold in the units the metric allows. */
function thresholdForms(units) {
    return [
        units.includes('fraction') && 'a percentage like 10%',
        units.includes('bytes') && 'a size like 64MiB',
        units.includes('ratio') && 'a ratio like 4x',
    ]
        .filter(Boolean)
        .join(' or ');
}
function threshold(units) {
    const forms = thresholdForms(units);
    return schemas/* union */.KCZ([schemas/* string */.YjP(), schemas/* number */.aig()], expected(forms)).transform((input, ctx) => {
        const text = String(input);
        if (units.includes('fraction') && PERCENT_PATTERN.test(text))
            return { unit: 'fraction', value: Number(text.slice(0, -1)) / 100, text };
        if (units.includes('bytes') && tsc_units/* SIZE_PATTERN */.bv.test(text))
            return { unit: 'bytes', value: (0,tsc_units/* parseSize */.DB)(text), text };
        if (units.includes('ratio') && (RATIO_PATTERN.test(text) || typeof input === 'number'))
            return { unit: 'ratio', value: Number(text.replace(/x$/, '')), text: text.endsWith('x') ? text : `${text}x` };
        ctx.addIssue({ code: 'custom', message: `expected ${forms}, got ${showValue(input)}` });
        return core/* NEVER */.tm;
    });
}
function limit(metric) {
    const spec = metrics/* METRICS */.Cb[metric];
    const value = threshold(spec.units);
    return schemas/* union */.KCZ([value, schemas/* strictObject */.rej({ warn: value.optional(), fail: value.optional() })], expected(`${thresholdForms(spec.units)}, or { warn, fail } of those`))
        .transform((given, ctx) => {
        const level = 'unit' in given
            ? spec.bare === 'warn'
                ? { warn: given, fail: null }
                : { warn: null, fail: given }
            : { warn: given.warn ?? null, fail: given.fail ?? null };
        if (level.warn && level.fail && level.warn.unit === level.fail.unit && level.warn.value > level.fail.value) {
            ctx.addIssue({
                code: 'custom',
                path: ['warn'],
                message: `expected warn <= fail (${level.fail.text}), got ${level.warn.text}`,
            });
        }
        return level;
    });
}
const budgets = schemas/* strictObject */.rej(Object.fromEntries(metrics/* METRIC_NAMES */.Uw.map((metric) => [metric, limit(metric).optional()])), expected('a mapping of budgets'));
const profile = schemas/* strictObject */.rej({
    name: schema_name('profile'),
    shapes: schemas/* record */.g1P(schemas/* string */.YjP(), shapeRange, expected('a mapping of input name to { min, opt, max }')),
}, expected('a profile with name and shapes'));
/** false; true: one --loadEngine run; ab: also interleaved runs against the base engine on the same GPU. */
const benchmark = schemas/* union */.KCZ([schemas/* boolean */.zMY(), schemas/* literal */.euz('ab')], expected('true, false, or ab (against the base engine, on the same GPU)'));
const share = /^\d+(\.\d+)?%$/;
const accuracy = schemas/* strictObject */.rej({
    inputs: schemas/* union */.KCZ([schemas/* literal */.euz('auto'), path('a folder of <input name>.npy samples or a .npz')], expected('auto (seeded random inputs), a folder of <input name>.npy samples or a .npz file'))
        .optional(),
    reference: path('a .npz of reference outputs by output name')
        .refine((file) => file.endsWith('.npz'), expected('a .npz file of reference outputs by output name'))
        .optional(),
    shapes: schemas/* array */.YOg(schemas/* enum */.k5n(['min', 'opt', 'max'], expected('min, opt or max')), expected('a list like [opt] or [min, max]'))
        .min(1, expected('at least one of min, opt, max'))
        .optional(),
    atol: schemas/* union */.KCZ([schemas/* number */.aig().min(0), schemas/* string */.YjP().regex(share)], expected("a number like 0.001, or a share of the output's largest value like 0.5%"))
        .optional(),
    rtol: schemas/* number */.aig(expected('a number like 0.001')).min(0).optional(),
    cosine: schemas/* number */.aig(expected('a number like 0.999')).min(-1).max(1).optional(),
    'top-k': schemas/* number */.aig(expected('a number of classes like 5')).int().min(1).optional(),
}, expected('a mapping with inputs, reference, shapes, atol, rtol, cosine, top-k'))
    .refine((check) => check.reference === undefined || (check.inputs !== undefined && check.inputs !== 'auto'), {
    error: 'expected inputs: the samples the reference was computed from (a folder or .npz), not auto',
    path: ['inputs'],
});
const model = schemas/* strictObject */.rej({
    name: schema_name('model'),
    onnx: path('an ONNX file'),
    precision: schemas/* enum */.k5n(PRECISIONS, expected(`one of ${PRECISIONS.join(', ')}`)).optional(),
    plugins: schemas/* array */.YOg(path('a plugin library'), expected('a list of plugin library paths')).optional(),
    'dynamic-plugins': schemas/* array */.YOg(path('a plugin library'), expected('a list of plugin library paths')).optional(),
    profiles: schemas/* array */.YOg(profile, expected('a list of profiles')).min(1, expected('at least one profile')),
    'extra-args': extraArgs.optional(),
    benchmark: benchmark.optional(),
    budgets: budgets.optional(),
    accuracy: accuracy.optional(),
    engine: schemas/* enum */.k5n(['per-profile', 'combined', 'both'], expected('per-profile (a plan per profile), combined (one plan with every profile), or both'))
        .optional(),
    // A model that needs more (or must not wait as long) than the others: the top-level value otherwise.
    workspace: workspace.optional(),
    'min-workspace': workspace.optional(),
    'build-timeout': duration.optional(),
}, expected('a model with name, onnx and profiles'));
const configSchema = schemas/* strictObject */.rej({
    trtexec: schemas/* string */.YjP(expected('a command or path')).min(1).default('trtexec'),
    'nvidia-smi': schemas/* string */.YjP(expected('a command or path')).min(1).default('nvidia-smi'),
    'output-dir': path('a folder').default('trt-engines'),
    workspace: workspace.default(4 * 1024 ** 3),
    'min-workspace': workspace.default(512 * 1024 ** 2),
    'timing-cache': schemas/* union */.KCZ([path('a timing cache file'), schemas/* literal */.euz(false)], expected('a path, or false for none'))
        .default('.trt-ci/timing.cache'),
    'build-timeout': duration.default(45 * 60_000),
    'kill-grace': duration.default(10_000),
    // Builds at once; by default one per GPU. More than the GPUs shares GPUs between builds.
    'max-parallel': schemas/* number */.aig(expected('a number of builds like 2')).int().min(1).optional(),
    gpus: schemas/* union */.KCZ([schemas/* literal */.euz('all'), schemas/* array */.YOg(schemas/* number */.aig().int().min(0), expected('a GPU index like 0')).min(1)], expected('"all" or a list of GPU indices like [0, 1]'))
        .default('all'),
    benchmark: benchmark.default(false),
    // The base engines of benchmark: ab, as the base branch's job uploaded them (<model>.<profile>.plan).
    'base-plans': path('a folder of base plans').optional(),
    // Allows building a base engine from the base commit's ONNX (git show <ref>:<onnx>) when none is found.
    'base-ref': schemas/* string */.YjP(expected('a git ref like origin/main or a commit')).min(1).optional(),
    'extra-args': extraArgs.default([]),
    budgets: budgets.optional(),
    // The accuracy check for every model that sets none of its own.
    accuracy: accuracy.optional(),
    cuda: schemas/* string */.YjP(expected('a CUDA version like "12.4"'))
        .regex(/^\d+(\.\d+){0,2}$/, expected('a CUDA version like "12.4"'))
        .optional(),
    'min-driver': schemas/* string */.YjP(expected('a driver version like "535.104.05"'))
        .regex(/^\d+(\.\d+){0,2}$/, expected('a driver version like "535.104.05"'))
        .optional(),
    'expect-gpu': schemas/* array */.YOg(schemas/* string */.YjP(expected('a GPU model like A100')).min(1), expected('a list of GPU models like [A100, H100]'))
        .default([]),
    'min-free-disk': size.default(20 * 1024 ** 3),
    'skip-checks': schemas/* array */.YOg(schemas/* enum */.k5n(types/* CHECK_IDS */.Sh, expected(`a preflight check id: ${types/* CHECK_IDS */.Sh.join(', ')}`)), expected('a list of preflight check ids'))
        .default([]),
    'cache-dir': path('a cache folder').optional(),
    'cache-max-size': size.optional(),
    'cache-trust': schemas/* enum */.k5n(['any', 'own-branch'], expected("any, or own-branch (pull requests' entries are not served to the default branch)"))
        .default('own-branch'),
    preflight: schemas/* enum */.k5n(['enforce', 'warn-only'], expected('enforce (a failed check stops the builds) or warn-only'))
        .default('enforce'),
    models: schemas/* array */.YOg(model, expected('a list of models')).min(1, expected('at least one model')),
}, expected('a trt-ci.yml mapping'));
function parseDims(text) {
    return text.split('x').map(Number);
}

;// CONCATENATED MODULE: ./.build/tsc/config/load.js











/** The name of the one plan of a model that holds every profile: `<model>.combined.plan`. */
const COMBINED = 'combined';
/** The profile a plan is run at: its own, or for the combined plan its first (trtexec's default). */
const runProfile = (profile) => profile.parts?.[0] ?? profile;
/** A problem found in the config, positioned at `path`. */
function configError(config, path, message) {
    return new errors/* InputError */.dz(`${config.where(path)}: ${message}`);
}
/**
 * Reads `file` (relative to `cwd`); messages name it as given, and its paths are relative to its folder.
 * `${NAME}` in the trtexec, nvidia-smi, ONNX and plugin paths comes from `env`.
 */
function loadConfig(file, cwd, env) {
    let text;
    const path = (0,external_node_path_.resolve)(cwd, file);
    try {
        text = (0,external_node_fs_.readFileSync)(path, 'utf8');
    }
    catch (error) {
        throw new errors/* InputError */.dz(`${file}: cannot read config: ${(0,errors/* fileProblem */.Wj)(error, 'a trt-ci.yml file')}`);
    }
    return parseConfig(text, file, (0,external_node_path_.dirname)(path), env);
}
/** Parses and validates config text; `file` names it in messages, paths in it are relative to `dir`. */
function parseConfig(text, file, dir = (0,external_node_path_.dirname)(file), env = {}) {
    const lines = new dist/* LineCounter */.HN();
    const doc = (0,dist/* parseDocument */.Tp)(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
    const yamlError = doc.errors[0];
    if (yamlError) {
        const pos = lines.linePos(yamlError.pos[0]);
        throw new errors/* InputError */.dz(`${file}:${pos.line}:${pos.col} invalid YAML: ${yamlError.message.split('\n')[0]}`);
    }
    const position = (path, atKey = false) => {
        const { line, col } = (0,locate/* locate */.x5)(doc, lines, path, atKey);
        return { file, line, column: col };
    };
    const where = (path, atKey = false) => `${(0,locate/* formatPosition */.Ld)(position(path, atKey))} ${(0,locate/* formatPath */.jV)(path)}`;
    let data;
    try {
        // Aliases expand: a few lines of anchors can stand for billions of nodes (a "billion laughs").
        data = doc.toJS({ maxAliasCount: 100 }) ?? {};
    }
    catch (error) {
        throw new errors/* InputError */.dz(`${file}: invalid YAML: ${(0,errors/* errorMessage */.gJ)(error).split('\n')[0]}`);
    }
    const parsed = configSchema.safeParse(data, { reportInput: true });
    if (!parsed.success)
        throw listed(parsed.error.issues.flatMap((issue) => schemaProblems(issue, where)));
    const expanded = withEnvironment(parsed.data, env);
    if (expanded.problems.length > 0)
        throw listed(expanded.problems.map((p) => `${where(p.path)}: ${p.message}`));
    const config = resolveConfig(expanded.raw, dir, file, { position, where });
    const problems = findProblems(parsed.data, config);
    if (problems.length > 0)
        throw listed(problems.map((p) => `${where(p.path)}: ${p.message}`));
    return config;
}
const MOST_PROBLEMS = 20;
/** Every problem at once, each on its own line with its place (the first 20, and how many more). */
function listed(problems) {
    const shown = problems.slice(0, MOST_PROBLEMS);
    const more = problems.length - shown.length;
    return new errors/* InputError */.dz([...shown, ...(more > 0 ? [`(and ${more} more problems)`] : [])].join('\n'));
}
function schemaProblems(raw, where) {
    const issue = deepest(raw);
    const path = issue.path.filter((p) => typeof p !== 'symbol');
    if (issue.code === 'unrecognized_keys') {
        // Each unknown key names itself, with the closest known one.
        return issue.keys.map((key) => `${where([...path, key], true)}: unknown key ${JSON.stringify(key)}${suggest(key, path)}`);
    }
    return [`${where(path)}: ${issueMessage(issue)}`];
}
/**
 * A union that failed reports each branch; when one branch got further into the value (a bad `warn:`
 * inside `{ warn, fail }`), its issue says more than "none of the forms matched".
 */
function deepest(issue) {
    if (issue.code !== 'invalid_union')
        return issue;
    const inner = issue.errors
        .flat()
        .map((nested) => deepest({ ...nested, path: [...issue.path, ...nested.path] }));
    const best = inner.reduce((a, b) => (a && a.path.length >= b.path.length ? a : b), null);
    return best && best.path.length > issue.path.length ? best : issue;
}
function issueMessage(issue) {
    if (issue.message.startsWith('expected '))
        return issue.message;
    const got = showValue(issue.input);
    switch (issue.code) {
        case 'invalid_type':
            return `expected ${issue.expected}, got ${got}`;
        case 'too_small':
            return `expected at least ${String(issue.minimum)}, got ${got}`;
        default:
            return `${issue.message}, got ${got}`;
    }
}
const KNOWN_KEYS = {
    top: Object.keys(configSchema.shape),
    model: [
        'name',
        'onnx',
        'precision',
        'plugins',
        'dynamic-plugins',
        'profiles',
        'extra-args',
        'benchmark',
        'budgets',
        'workspace',
        'min-workspace',
        'build-timeout',
        'engine',
        'accuracy',
    ],
    profile: ['name', 'shapes'],
    shape: ['min', 'opt', 'max'],
    budgets: metrics/* METRIC_NAMES */.Uw,
    level: ['warn', 'fail'],
    accuracy: ['inputs', 'reference', 'shapes', 'atol', 'rtol', 'cosine', 'top-k'],
};
function suggest(key, path) {
    const last = path[path.length - 1];
    const kind = path.length === 0
        ? 'top'
        : last === 'accuracy'
            ? 'accuracy'
            : last === 'budgets'
                ? 'budgets'
                : path.includes('budgets')
                    ? 'level'
                    : path.includes('shapes')
                        ? 'shape'
                        : path.includes('profiles')
                            ? 'profile'
                            : 'model';
    const known = KNOWN_KEYS[kind];
    const close = (0,did_you_mean/* closest */.k)(key, known);
    return close ? `; did you mean ${JSON.stringify(close)}?` : `; expected one of ${known.join(', ')}`;
}
function resolveConfig(raw, dir, file, locators) {
    const at = (p) => ((0,external_node_path_.isAbsolute)(p) ? p : (0,external_node_path_.resolve)(dir, p));
    const command = (c) => (c.includes('/') ? at(c) : c);
    const inDir = (arg) => (0,flags/* resolveFlagPaths */.LO)(arg, dir, (base, p) => ((0,external_node_path_.isAbsolute)(p) ? p : (0,external_node_path_.resolve)(base, p)));
    // A metric set on the model replaces the top-level one, which replaces the default.
    const budgets = (b) => Object.fromEntries(Object.entries(b ?? {}).filter(([, limit]) => limit !== undefined));
    return {
        file,
        dir: (0,external_node_path_.resolve)(dir),
        trtexec: command(raw.trtexec),
        nvidiaSmi: command(raw['nvidia-smi']),
        outputDir: at(raw['output-dir']),
        workspaceBytes: raw.workspace,
        minWorkspaceBytes: raw['min-workspace'],
        timingCache: raw['timing-cache'] === false ? null : at(raw['timing-cache']),
        buildTimeoutMs: raw['build-timeout'],
        killGraceMs: raw['kill-grace'],
        maxParallel: raw['max-parallel'] ?? null,
        gpus: raw.gpus,
        cuda: raw.cuda ?? null,
        minDriver: raw['min-driver'] ?? null,
        expectGpu: raw['expect-gpu'],
        minFreeDiskBytes: raw['min-free-disk'],
        skipChecks: raw['skip-checks'],
        preflight: raw.preflight,
        cacheDir: raw['cache-dir'] === undefined ? null : at(raw['cache-dir']),
        basePlans: raw['base-plans'] === undefined ? null : at(raw['base-plans']),
        baseRef: raw['base-ref'] ?? null,
        cacheMaxBytes: raw['cache-max-size'] ?? null,
        cacheTrust: raw['cache-trust'],
        extraArgs: raw['extra-args'].map(inDir),
        models: raw.models.map((m) => ({
            name: m.name,
            onnx: at(m.onnx),
            precision: m.precision ?? null,
            plugins: (m.plugins ?? []).map(at),
            dynamicPlugins: (m['dynamic-plugins'] ?? []).map(at),
            extraArgs: [...raw['extra-args'], ...(m['extra-args'] ?? [])].map(inDir),
            benchmark: m.benchmark ?? raw.benchmark,
            engine: m.engine ?? 'per-profile',
            accuracy: (0,tolerance/* resolveAccuracy */.u)(m.accuracy, raw.accuracy, m.precision ?? null, at),
            workspaceBytes: m.workspace ?? raw.workspace,
            minWorkspaceBytes: m['min-workspace'] ?? raw['min-workspace'],
            buildTimeoutMs: m['build-timeout'] ?? raw['build-timeout'],
            budgets: {
                ...metrics/* DEFAULT_BUDGETS */.Dm,
                ...((m.benchmark ?? raw.benchmark) === 'ab' && metrics/* AB_BUDGETS */.vE),
                ...budgets(raw.budgets),
                ...budgets(m.budgets),
            },
            profiles: m.profiles.map((p) => ({
                name: p.name,
                shapes: Object.entries(p.shapes).map(([input, range]) => typeof range === 'string'
                    ? { input, min: parseDims(range), opt: parseDims(range), max: parseDims(range) }
                    : { input, min: parseDims(range.min), opt: parseDims(range.opt), max: parseDims(range.max) }),
            })),
        })),
        ...locators,
    };
}
/** The config with `${NAME}` filled in where paths to programs and files are, and each unset name. */
function withEnvironment(raw, env) {
    const problems = [];
    const fill = (text, path) => {
        const { value, unset } = expandEnv(text, env);
        if (unset.length > 0)
            problems.push({ path, message: unsetMessage(text, unset) });
        return value;
    };
    const filled = {
        ...raw,
        trtexec: fill(raw.trtexec, ['trtexec']),
        'nvidia-smi': fill(raw['nvidia-smi'], ['nvidia-smi']),
        models: raw.models.map((model, m) => ({
            ...model,
            onnx: fill(model.onnx, ['models', m, 'onnx']),
            ...(model.plugins && { plugins: model.plugins.map((p, i) => fill(p, ['models', m, 'plugins', i])) }),
            ...(model['dynamic-plugins'] && {
                'dynamic-plugins': model['dynamic-plugins'].map((p, i) => fill(p, ['models', m, 'dynamic-plugins', i])),
            }),
        })),
    };
    return { raw: filled, problems };
}
/** Rules that span fields: the schema checks each value, these check how values fit together. */
function findProblems(raw, config) {
    const problems = [];
    if (raw['min-workspace'] > raw.workspace) {
        problems.push({
            path: ['min-workspace'],
            message: `expected at most workspace (${raw.workspace} bytes), got ${raw['min-workspace']} bytes`,
        });
    }
    const modelNames = new Map();
    const stems = new Map();
    raw.models.forEach((model, m) => {
        const resolvedModel = config.models[m];
        if ((model.workspace !== undefined || model['min-workspace'] !== undefined) &&
            resolvedModel.minWorkspaceBytes > resolvedModel.workspaceBytes) {
            problems.push({
                path: ['models', m, model['min-workspace'] !== undefined ? 'min-workspace' : 'workspace'],
                message: `expected min-workspace (${resolvedModel.minWorkspaceBytes} bytes) at most workspace ` +
                    `(${resolvedModel.workspaceBytes} bytes) for this model`,
            });
        }
        const first = modelNames.get(model.name);
        if (first !== undefined)
            problems.push({
                path: ['models', m, 'name'],
                message: `expected a unique model name, got "${model.name}" again (models[${first}] has it)`,
            });
        modelNames.set(model.name, m);
        const resolved = config.models[m];
        if (!(0,external_node_fs_.existsSync)(resolved.onnx))
            problems.push({
                path: ['models', m, 'onnx'],
                message: `expected an ONNX file, got "${model.onnx}" which does not exist (${resolved.onnx})`,
            });
        else if (isLfsPointer(resolved.onnx))
            problems.push({
                path: ['models', m, 'onnx'],
                message: `expected an ONNX file, got "${model.onnx}", a Git LFS pointer: the model itself was not fetched ` +
                    '(check out with lfs: true, or run git lfs pull)',
            });
        for (const key of ['plugins', 'dynamic-plugins']) {
            (model[key] ?? []).forEach((plugin, i) => {
                const full = key === 'plugins' ? resolved.plugins[i] : resolved.dynamicPlugins[i];
                if (!(0,external_node_fs_.existsSync)(full))
                    problems.push({
                        path: ['models', m, key, i],
                        message: `expected a plugin library, got "${plugin}" which does not exist`,
                    });
            });
        }
        const profileNames = new Map();
        model.profiles.forEach((profile, p) => {
            if (profile.name === COMBINED && (model.engine ?? 'per-profile') !== 'per-profile') {
                problems.push({
                    path: ['models', m, 'profiles', p, 'name'],
                    message: `expected another name: "${COMBINED}" names the plan with every profile (engine: ${model.engine})`,
                });
            }
            const earlier = profileNames.get(profile.name);
            if (earlier !== undefined) {
                problems.push({
                    path: ['models', m, 'profiles', p, 'name'],
                    message: `expected a unique profile name in model ` +
                        `"${model.name}", got "${profile.name}" again (profiles[${earlier}] has it)`,
                });
            }
            profileNames.set(profile.name, p);
            for (const range of resolved.profiles[p].shapes) {
                const problem = shapeProblem(range);
                if (problem)
                    problems.push({
                        path: ['models', m, 'profiles', p, 'shapes', range.input, ...problem.at],
                        message: problem.message,
                    });
            }
            // Files are named <model>.<profile>: "a.b"/"c" and "a"/"b.c" would write the same plan.
            const stem = `${model.name}.${profile.name}`;
            const other = stems.get(stem);
            if (other && other.model !== m) {
                problems.push({
                    path: ['models', m, 'profiles', p, 'name'],
                    message: `expected names whose files do not collide, got "${model.name}"/"${profile.name}", which writes ` +
                        `${stem}.plan as models[${other.model}].profiles[${other.profile}] does`,
                });
            }
            stems.set(stem, { model: m, profile: p });
        });
    });
    return problems;
}
/** Git LFS leaves this small text file in place of the content when LFS files were not checked out. */
const LFS_POINTER = 'version https://git-lfs.github.com/spec/v1';
function isLfsPointer(path) {
    let head;
    try {
        // Only a regular file is opened: opening a named pipe would wait for a writer.
        if (!(0,external_node_fs_.statSync)(path).isFile())
            return false;
        const fd = (0,external_node_fs_.openSync)(path, 'r');
        try {
            head = Buffer.alloc(LFS_POINTER.length);
            (0,external_node_fs_.readSync)(fd, head, 0, head.length, 0);
        }
        finally {
            (0,external_node_fs_.closeSync)(fd);
        }
    }
    catch {
        return false; // a folder or an unreadable file: trtexec says so itself
    }
    return head.toString('latin1') === LFS_POINTER;
}
function shapeProblem(range) {
    const { min, opt, max } = range;
    const show = (d) => d.join('x');
    const rankName = (rank) => (rank === 4 ? 'NxCxHxW' : `${rank} dimensions`);
    for (const [key, dims] of [
        ['opt', opt],
        ['max', max],
    ]) {
        if (dims.length !== min.length) {
            return {
                at: [key],
                message: `expected ${rankName(min.length)} like ${show(min)} (as min has), got "${show(dims)}"`,
            };
        }
    }
    for (let d = 0; d < min.length; d += 1) {
        if (opt[d] < min[d])
            return {
                at: ['opt'],
                message: `expected every dimension >= min ${show(min)}, got ` +
                    `"${show(opt)}" (dimension ${d}: ${opt[d]} < ${min[d]})`,
            };
        if (max[d] < opt[d])
            return {
                at: ['max'],
                message: `expected every dimension >= opt ${show(opt)}, got ` +
                    `"${show(max)}" (dimension ${d}: ${max[d]} < ${opt[d]})`,
            };
    }
    return null;
}


/***/ }),

/***/ 37006:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ld: () => (/* binding */ formatPosition),
/* harmony export */   jV: () => (/* binding */ formatPath),
/* harmony export */   x5: () => (/* binding */ locate)
/* harmony export */ });
/* harmony import */ var yaml__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(38815);

/** `trt-ci.yml:12:9`, as editors and terminals link it. */
function formatPosition(position) {
    return `${position.file}:${position.line}:${position.column}`;
}
/** `models[0].profiles[1].shapes.x.max`, quoting keys that are not plain identifiers. */
function formatPath(path) {
    let out = '';
    for (const part of path) {
        if (typeof part === 'number')
            out += `[${part}]`;
        else if (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(part))
            out += out ? `.${part}` : part;
        else
            out += `[${JSON.stringify(part)}]`;
    }
    return out || '(top level)';
}
/**
 * Finds where a config path is written: the value's node, or for a key that is not there (a
 * missing field) the nearest enclosing node. `atKey` points at the key instead of its value,
 * which is where an unknown key should be reported.
 */
function locate(doc, lines, path, atKey = false) {
    let node = doc.contents;
    let offset = rangeStart(node) ?? 0;
    for (let i = 0; i < path.length; i += 1) {
        const part = path[i];
        const last = i === path.length - 1;
        if ((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isMap */ .jh)(node)) {
            const pair = node.items.find((item) => (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isPair */ .tO)(item) && (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isScalar */ .jn)(item.key) && String(item.key.value) === String(part));
            if (!pair)
                break;
            if (last && atKey) {
                offset = rangeStart(pair.key) ?? offset;
                break;
            }
            node = pair.value;
        }
        else if ((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isSeq */ .oP)(node) && typeof part === 'number') {
            node = node.items[part];
        }
        else {
            break;
        }
        offset = rangeStart(node) ?? offset;
    }
    return lines.linePos(offset);
}
function rangeStart(node) {
    return node?.range?.[0];
}


/***/ }),

/***/ 26109:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   b: () => (/* binding */ reportAnnotations)
/* harmony export */ });
/** Annotations on trt-ci.yml: failed builds at their profile, broken budgets at their budget line. */
function reportAnnotations(report, toRepoPath) {
    const out = [];
    for (const build of report.builds) {
        if (!build.failure || build.status === 'built')
            continue;
        const at = build.configPosition;
        if (at)
            out.push({
                path: toRepoPath(at.file),
                startLine: at.line,
                level: 'failure',
                title: `${build.model}/${build.profile}: ${build.failure.kind}`,
                message: `${build.failure.message}\n\n${build.failure.hint}`,
            });
    }
    for (const build of report.builds) {
        const at = build.accuracy?.configPosition;
        if (build.accuracy?.status !== 'failed' || !at)
            continue;
        const reasons = build.accuracy.outputs.filter((o) => o.failure).map((o) => `${o.name} (${o.shape}): ${o.failure}`);
        out.push({
            path: toRepoPath(at.file),
            startLine: at.line,
            level: 'failure',
            title: `${build.model}/${build.profile}: out of tolerance against ONNX Runtime`,
            message: [build.accuracy.problem, ...reasons].filter(Boolean).join('\n'),
        });
    }
    for (const budget of report.budgets) {
        if (budget.status !== 'fail' && budget.status !== 'warn')
            continue;
        const at = budget.configPosition;
        if (at)
            out.push({
                path: toRepoPath(at.file),
                startLine: at.line,
                level: budget.status === 'fail' ? 'failure' : 'warning',
                title: `${budget.model}/${budget.profile}: ${budget.metric}`,
                message: budget.message,
            });
    }
    return out;
}


/***/ }),

/***/ 32659:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   EY: () => (/* binding */ workflowFile),
/* harmony export */   Xn: () => (/* binding */ findBaseline),
/* harmony export */   eM: () => (/* binding */ storesBaseline),
/* harmony export */   rC: () => (/* binding */ uploadBaseline)
/* harmony export */ });
/* unused harmony export baselineArtifactName */
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(51455);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(48161);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(76760);



/**
 * @actions/artifact is more than half of the bundle and only baseline: auto needs it, so it is loaded
 * when used (ncc puts it in its own chunk) and never at action start.
 */
async function artifactClient() {
    const { DefaultArtifactClient } = await __webpack_require__.e(/* import() */ 252).then(__webpack_require__.bind(__webpack_require__, 91252));
    return new DefaultArtifactClient();
}
/** The artifact a default-branch run stores its report in, per report key. */
function baselineArtifactName(reportKey) {
    return `trt-ci-report-${reportKey.replace(/[^A-Za-z0-9._-]+/g, '-')}`;
}
/** "acme/engines/.github/workflows/engines.yml@refs/pull/7/merge" → "engines.yml". */
function workflowFile(workflowRef) {
    const match = workflowRef ? /\/\.github\/workflows\/([^@/]+)@/.exec(workflowRef) : null;
    return match?.[1] ?? null;
}
/** A push to the default branch stores its report: that is what pull requests compare against. */
function storesBaseline(context) {
    return (context.eventName === 'push' &&
        context.defaultBranch !== null &&
        context.ref === `refs/heads/${context.defaultBranch}`);
}
async function uploadBaseline(reportFile, reportKey) {
    await (await artifactClient()).uploadArtifact(baselineArtifactName(reportKey), [reportFile], (0,node_path__WEBPACK_IMPORTED_MODULE_2__.dirname)(reportFile), {
        retentionDays: 90,
    });
}
/**
 * The base branch's report, without rebuilding the base branch: the newest successful push run of
 * this workflow on the base branch (never a fork's), and its report artifact. Null when there is none.
 */
async function findBaseline(octokit, token, context, reportKey) {
    const pr = context.pullRequest;
    const workflow = workflowFile(context.workflowRef);
    if (!pr || !workflow)
        return null;
    const { owner, repo } = context;
    const { data } = await octokit.rest.actions.listWorkflowRuns({
        owner,
        repo,
        workflow_id: workflow,
        branch: pr.baseRef,
        event: 'push',
        status: 'success',
        per_page: 20,
    });
    const name = baselineArtifactName(reportKey);
    for (const run of data.workflow_runs) {
        if (run.head_repository?.full_name !== `${owner}/${repo}`)
            continue;
        const { data: artifacts } = await octokit.rest.actions.listWorkflowRunArtifacts({
            owner,
            repo,
            run_id: run.id,
            name,
            per_page: 10,
        });
        const artifact = artifacts.artifacts.find((a) => a.name === name && !a.expired);
        if (!artifact)
            continue;
        const path = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.mkdtemp)((0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)((0,node_os__WEBPACK_IMPORTED_MODULE_1__.tmpdir)(), 'trt-ci-baseline-'));
        await (await artifactClient()).downloadArtifact(artifact.id, {
            path,
            findBy: { token, workflowRunId: run.id, repositoryOwner: owner, repositoryName: repo },
        });
        const { data: compare } = await octokit.rest.repos.compareCommitsWithBasehead({
            owner,
            repo,
            basehead: `${pr.baseSha}...${pr.headSha}`,
            per_page: 1,
        });
        const mergeBase = compare.merge_base_commit.sha;
        const short = (sha) => sha.slice(0, 7);
        const note = run.head_sha === mergeBase
            ? `baseline: run ${run.id} on ${pr.baseRef} at ${short(run.head_sha)}, the pull request's merge-base`
            : `baseline: run ${run.id} on ${pr.baseRef} at ${short(run.head_sha)}, which is not the pull ` +
                `request's merge-base ${short(mergeBase)}: deltas include changes made on ${pr.baseRef} since`;
        return { file: (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(path, (0,node_path__WEBPACK_IMPORTED_MODULE_2__.basename)('report.json')), note };
    }
    return null;
}


/***/ }),

/***/ 28102:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ql: () => (/* binding */ commentMarker),
/* harmony export */   qD: () => (/* binding */ upsertStickyComment),
/* harmony export */   sX: () => (/* binding */ tokenIdentity)
/* harmony export */ });
/** The HTML comment that identifies trt-ci's sticky comment for one report key. */
function commentMarker(key) {
    return `<!-- trt-ci:sticky-comment key=${key.replace(/--/g, '-')} -->`;
}
/**
 * Who the token is, so that only comments it wrote are updated (anyone can paste the marker). GraphQL's
 * viewer answers for every kind of token: the GITHUB_TOKEN (github-actions[bot]), a GitHub App's
 * installation token (its bot) and a personal token; REST /user does not for the first two.
 */
async function tokenIdentity(octokit) {
    try {
        const { viewer } = await octokit.graphql('query { viewer { login } }');
        return viewer.login;
    }
    catch {
        return 'github-actions[bot]';
    }
}
/** The second marker: which workflow wrote the comment (comments from before it carry none). */
function workflowMarker(workflow) {
    return `<!-- trt-ci:workflow=${workflow.replace(/--/g, '-')} -->`;
}
/**
 * Updates the comment this identity wrote before for the key, or creates it (when `create`): never a
 * second one, however many comments the pull request has. Null when there was none and none was made.
 */
async function upsertStickyComment(octokit, comment, author, create = true) {
    const marker = commentMarker(comment.key);
    const own = comment.workflow ? workflowMarker(comment.workflow) : null;
    const marked = comment.body.startsWith(marker) ? comment.body : `${marker}\n${comment.body}`;
    const body = own ? marked.replace(marker, `${marker}\n${own}`) : marked;
    const ours = (text) => text.includes(marker) && (!own || !text.includes('<!-- trt-ci:workflow=') || text.includes(own));
    // Page by page, stopping at the first page that holds ours: 5,000 comments need not cost 50 requests.
    let mine;
    const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, {
        owner: comment.owner,
        repo: comment.repo,
        issue_number: comment.issueNumber,
        per_page: 100,
    });
    for await (const page of pages) {
        mine = page.data.find((c) => c.user?.login === author && ours(c.body ?? ''));
        if (mine)
            break;
    }
    if (mine) {
        await octokit.rest.issues.updateComment({ owner: comment.owner, repo: comment.repo, comment_id: mine.id, body });
        return { id: mine.id, created: false };
    }
    if (!create)
        return null;
    const { data } = await octokit.rest.issues.createComment({
        owner: comment.owner,
        repo: comment.repo,
        issue_number: comment.issueNumber,
        body,
    });
    return { id: data.id, created: true };
}


/***/ }),

/***/ 8224:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $: () => (/* binding */ readRunContext),
/* harmony export */   s: () => (/* binding */ runProvenance)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);

function readRunContext(env, cwd) {
    const [owner, repo] = (env.GITHUB_REPOSITORY ?? '').split('/');
    if (!owner || !repo)
        return null;
    let event = {};
    try {
        if (env.GITHUB_EVENT_PATH)
            event = JSON.parse((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(env.GITHUB_EVENT_PATH, 'utf8'));
    }
    catch {
        event = {};
    }
    const pr = event.pull_request;
    return {
        owner,
        repo,
        eventName: env.GITHUB_EVENT_NAME ?? '',
        event,
        sha: pr?.head.sha ?? env.GITHUB_SHA ?? '',
        ref: env.GITHUB_REF ?? null,
        runId: env.GITHUB_RUN_ID ? Number(env.GITHUB_RUN_ID) : null,
        workflowRef: env.GITHUB_WORKFLOW_REF ?? null,
        defaultBranch: event.repository?.default_branch ?? null,
        pullRequest: pr
            ? {
                number: pr.number,
                headSha: pr.head.sha,
                baseRef: pr.base.ref,
                baseSha: pr.base.sha,
                // A fork's pull request runs with a read-only token: reporting degrades to the summary.
                fromFork: (pr.head.repo?.full_name ?? null) !== `${owner}/${repo}`,
            }
            : null,
        workspace: env.GITHUB_WORKSPACE ?? cwd,
    };
}
/**
 * Where this run comes from, for the engine cache's trust: the commit, the event, and whether it builds
 * the default branch (a push to it, or a schedule or dispatch on it). Outside Actions: local.
 */
function runProvenance(env, cwd) {
    const context = env.GITHUB_ACTIONS === 'true' ? readRunContext(env, cwd) : null;
    if (!context)
        return { commit: null, event: 'local', defaultBranch: false };
    const onDefault = context.defaultBranch !== null && context.ref === `refs/heads/${context.defaultBranch}`;
    const shipping = ['push', 'schedule', 'workflow_dispatch', 'merge_group'].includes(context.eventName);
    return { commit: context.sha || null, event: context.eventName, defaultBranch: onDefault && shipping };
}


/***/ }),

/***/ 64842:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   a: () => (/* binding */ makeOctokit)
/* harmony export */ });
/* harmony import */ var _actions_github__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(61351);
/* harmony import */ var _octokit_plugin_retry__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(49735);
/* harmony import */ var _octokit_plugin_throttling__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(86856);
/* harmony import */ var bottleneck__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(62203);




/** No GitHub request may hang the job: each gets this long. */
const REQUEST_TIMEOUT_MS = 30_000;
/**
 * The client for a token: every request times out; a 5xx or a network error is retried with backoff
 * (1 s, 4 s, 9 s); writes are paced a second apart, as GitHub asks of clients that post several; a
 * rate limit is waited out twice before giving up. TRT_CI_GITHUB_BACKOFF_MS replaces the second that
 * both the backoff and the pacing are made of.
 */
function makeOctokit(token, env = process.env) {
    const configured = Number(env.TRT_CI_GITHUB_BACKOFF_MS);
    const unitMs = env.TRT_CI_GITHUB_BACKOFF_MS && Number.isFinite(configured) && configured >= 0 ? configured : 1_000;
    return (0,_actions_github__WEBPACK_IMPORTED_MODULE_0__/* .getOctokit */ .Q)(token, {
        retry: { retryAfterBaseValue: unitMs },
        request: {
            fetch: (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }),
        },
        throttle: {
            write: new bottleneck__WEBPACK_IMPORTED_MODULE_1__.Group({ maxConcurrent: 1, minTime: unitMs }),
            onRateLimit: (_after, _options, _octokit, retryCount) => retryCount < 2,
            onSecondaryRateLimit: (_after, _options, _octokit, retryCount) => retryCount < 2,
        },
    }, _octokit_plugin_retry__WEBPACK_IMPORTED_MODULE_2__/* .retry */ .L, _octokit_plugin_throttling__WEBPACK_IMPORTED_MODULE_3__/* .throttling */ .A);
}


/***/ }),

/***/ 68251:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   It: () => (/* binding */ permissionsBlock),
/* harmony export */   y2: () => (/* binding */ reportingProblem)
/* harmony export */ });
/* unused harmony export httpStatus */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(40988);

function httpStatus(error) {
    const status = error?.status;
    return typeof status === 'number' ? status : null;
}
/** Turns an API error into what the user can do about it. */
function reportingProblem(step, permission, error, fromFork) {
    const status = httpStatus(error);
    const denied = status === 403 || status === 404 || status === 401;
    const why = denied
        ? fromFork
            ? 'a pull request from a fork gets a read-only token'
            : `the token lacks ${permission}`
        : `GitHub answered ${status ?? 'with an error'}`;
    return {
        step,
        message: `${step} failed: ${why} (${(0,_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error).split('\n')[0]})`,
        permission: denied ? permission : null,
    };
}
/** The block to paste into the workflow, for the permissions that were missing. */
function permissionsBlock(problems) {
    const needed = [...new Set(problems.map((p) => p.permission).filter((p) => p !== null))];
    if (needed.length === 0)
        return null;
    return ['permissions:', '  contents: read', ...needed.map((p) => `  ${p}`)].join('\n');
}


/***/ }),

/***/ 36439:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   h: () => (/* binding */ renderPreflightText),
/* harmony export */   z: () => (/* binding */ renderPreflightMarkdown)
/* harmony export */ });
/* harmony import */ var _report_markdown_text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(82185);

const ICON = { pass: '✔', warn: '⚠', fail: '✘', skip: '·' };
/** The preflight table for a terminal. */
function renderPreflightText(result) {
    const width = Math.max(...result.checks.map((c) => c.id.length));
    const lines = [
        `preflight: ${result.status} (TensorRT ` +
            `${result.tensorrtVersion}${result.cuda ? `, CUDA ${result.cuda.version} from ${result.cuda.source}` : ''})`,
    ];
    for (const check of result.checks) {
        lines.push(`${ICON[check.status]} ${check.id.padEnd(width)}  ${check.message}`);
        if (check.hint && (check.status === 'fail' || check.status === 'warn'))
            lines.push(`  ${' '.repeat(width)}  hint: ${check.hint}`);
    }
    return `${lines.join('\n')}\n`;
}
const MD_ICON = { pass: '✅', warn: '⚠️', fail: '❌', skip: '⏭️' };
/** The preflight section of the job summary: problems in a table with what to do, passing checks folded. */
function renderPreflightMarkdown(result, where = '') {
    const row = (c) => (0,_report_markdown_text_js__WEBPACK_IMPORTED_MODULE_0__/* .tableRow */ .jD)([MD_ICON[c.status], c.id, c.message, c.hint ?? '']);
    const head = ['| | check | result | what to do |', '|---|---|---|---|'];
    const problems = result.checks.filter((c) => c.status === 'fail' || c.status === 'warn');
    const fine = result.checks.filter((c) => c.status === 'pass' || c.status === 'skip');
    return [
        `### Preflight${where ? ` on ${(0,_report_markdown_text_js__WEBPACK_IMPORTED_MODULE_0__/* .text */ .Qq)(where)}` : ''} ${MD_ICON[result.status]} ${result.status}`,
        '',
        ...(problems.length ? [...head, ...problems.map(row), ''] : []),
        ...(fine.length
            ? [
                `<details><summary>${fine.length} checks passed or skipped</summary>`,
                '',
                ...head,
                ...fine.map(row),
                '',
                '</details>',
                '',
            ]
            : []),
    ].join('\n');
}


/***/ }),

/***/ 10298:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Me: () => (/* binding */ overall),
/* harmony export */   QZ: () => (/* binding */ worst),
/* harmony export */   Sh: () => (/* binding */ CHECK_IDS)
/* harmony export */ });
const CHECK_IDS = [
    'nvidia-smi',
    'driver',
    'gpu-arch',
    'expect-gpu',
    'gpu-memory',
    'gpu-processes',
    'mig',
    'compute-mode',
    'display',
    'ecc',
    'persistence',
    'disk',
    'plugins',
    'precision',
];
const RANK = { skip: 0, pass: 1, warn: 2, fail: 3 };
function worst(statuses) {
    return statuses.reduce((a, b) => (RANK[b] > RANK[a] ? b : a), 'skip');
}
function overall(checks) {
    const status = worst(checks.map((c) => c.status));
    return status === 'skip' ? 'pass' : status;
}


/***/ }),

/***/ 82185:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DV: () => (/* binding */ codeBlock),
/* harmony export */   Qq: () => (/* binding */ text),
/* harmony export */   _b: () => (/* binding */ mermaidLabel),
/* harmony export */   aY: () => (/* binding */ code),
/* harmony export */   jD: () => (/* binding */ tableRow),
/* harmony export */   js: () => (/* binding */ htmlText)
/* harmony export */ });
// Text from logs, configs and reports placed into markdown. A report can come from a fork and a log line
// from anything trtexec printed: each helper escapes for the place the text lands in, so that the text
// cannot leave that place (close a fence, end a cell or a row, open a comment or a tag) and nothing in it
// turns into a mention, an image or a link.
const ZERO_WIDTH_SPACE = '\u200b';
/** Line breaks of every kind (a bare \r ends a line for GitHub too) as one space. */
const oneLine = (text) => text.replace(/\r\n|\r|\n|\u2028|\u2029/g, ' ');
/** Mentions (@team), references (#12 stays: it is harmless) and autolinks (https://, www.) made inert. */
const inert = (text) => text
    .replace(/@/g, `@${ZERO_WIDTH_SPACE}`)
    .replace(/:\/\//g, `:${ZERO_WIDTH_SPACE}//`)
    .replace(/\bwww\./gi, (w) => `${w.slice(0, 3)}${ZERO_WIDTH_SPACE}.`);
/**
 * Inline text (in a sentence, a heading, a list item, a cell): one line, and the punctuation that opens
 * or closes something inline escaped: emphasis, code, links and images ([ ] !), HTML and comments (< >,
 * entities &), strikethrough and the cell separator. trt-ci never starts a line with such text, so the
 * line-start markers (#, -, +) need no escape.
 */
function text(value) {
    return inert(oneLine(value).replace(/[\\`*_[\]<>|!~&]/g, (c) => `\\${c}`));
}
/** Text inside trt-ci's own HTML (a <summary>): markdown is not read there, HTML is. */
function htmlText(value) {
    const escaped = oneLine(value).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
    return inert(escaped);
}
/** A table row with every cell escaped as text (a `|` would end the cell and a line break the row). */
function tableRow(cells) {
    return `| ${cells.map(text).join(' | ')} |`;
}
/** The longest run of backticks in the text. */
const longestBacktickRun = (value) => Math.max(0, ...[...value.matchAll(/`+/g)].map((m) => m[0].length));
/** An inline code span that the text cannot close: its delimiter is longer than any backtick run in it. */
function code(value) {
    const line = oneLine(value);
    const ticks = '`'.repeat(longestBacktickRun(line) + 1);
    const pad = line.startsWith('`') || line.endsWith('`') ? ' ' : '';
    return `${ticks}${pad}${line}${pad}${ticks}`;
}
/** A fenced block that the text cannot close; every line break becomes \n. */
function codeBlock(value) {
    const body = value.replace(/\r\n|\r|\u2028|\u2029/g, '\n');
    const fence = '`'.repeat(Math.max(3, longestBacktickRun(body) + 1));
    return `${fence}\n${body}\n${fence}`;
}
/** A label inside a Mermaid block: no quotes, backticks or line breaks to end it or the block. */
function mermaidLabel(value) {
    return oneLine(value).replace(/["`]/g, "'");
}


/***/ }),

/***/ 84142:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  gI: () => (/* binding */ COMMENT_LIMIT_BYTES),
  Jz: () => (/* binding */ SUMMARY_LIMIT_BYTES),
  kr: () => (/* binding */ renderReports),
  Br: () => (/* binding */ renderSummary)
});

// EXTERNAL MODULE: ./.build/tsc/builds/outcome.js
var outcome = __webpack_require__(38273);
// EXTERNAL MODULE: ./.build/tsc/config/locate.js
var locate = __webpack_require__(37006);
;// CONCATENATED MODULE: ./.build/tsc/latency/render.js
const signed = (ratio) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)}%`;
/** "+3.1% [2.8, 3.4]": the change and its 95% interval, in percent. */
function latencyChange(latency) {
    if (latency.ratio === null)
        return '–';
    const interval = latency.ci
        ? ` [${((latency.ci[0] - 1) * 100).toFixed(1)}, ${((latency.ci[1] - 1) * 100).toFixed(1)}]`
        : '';
    return `${signed(latency.ratio)}${interval}`;
}
const BARS = ' ▁▂▃▄▅▆▇█';
/**
 * Each side's repetition medians as a histogram on one shared scale (16 bins from the lowest to the
 * highest median of both): two lines of block characters, so overlap or separation shows at a glance.
 */
function distributionChart(runs, bins = 16) {
    const values = runs.map((r) => r.medianMs);
    const low = Math.min(...values);
    const high = Math.max(...values);
    const bin = (v) => (high === low ? 0 : Math.min(bins - 1, Math.floor(((v - low) / (high - low)) * bins)));
    const line = (side) => {
        const counts = new Array(bins).fill(0);
        for (const r of runs)
            if (r.side === side)
                counts[bin(r.medianMs)] += 1;
        const most = Math.max(...counts, 1);
        return counts.map((c) => (c === 0 ? '·' : BARS[Math.max(1, Math.round((c / most) * 8))])).join('');
    };
    return { base: line('base'), head: line('head'), range: `${low.toPrecision(5)}–${high.toPrecision(5)} ms` };
}
/** One line: the verdict, the change with its interval, p, and why. */
function describeLatency(latency) {
    if (latency.verdict === 'contract-mismatch')
        return `contract mismatch: ${latency.reason}`;
    const p = latency.p === null ? '' : `, p = ${latency.p.toPrecision(2)}`;
    const retried = latency.retried ? ', after a second batch' : '';
    return (`${latency.verdict}: ${latencyChange(latency)}${p} (${latency.repetitions} repetitions a side${retried}) — ` +
        latency.reason);
}

// EXTERNAL MODULE: ./.build/tsc/report/markdown-text.js
var markdown_text = __webpack_require__(82185);
// EXTERNAL MODULE: ./.build/tsc/verify/diagnose.js
var diagnose = __webpack_require__(96513);
;// CONCATENATED MODULE: ./.build/tsc/verify/render.js


function myelinLines(diagnosis) {
    return diagnosis.myelinLayers.map((l) => `${l.name}${l.ops.length ? `: ${l.ops.join(', ')}` : ''}${l.looksLike ? ` (${l.looksLike})` : ''}`);
}
function renderDiagnosisText(diagnosis) {
    const lines = [`  ⚠ ${diagnosis.summary} (${diagnosis.link})`];
    if (diagnosis.layerInfo)
        lines.push(`    layer info: ${diagnosis.layerInfo.layers} layers, ` +
            `${diagnosis.layerInfo.schema}, ${diagnosis.layerInfo.verbosity}`);
    for (const line of myelinLines(diagnosis))
        lines.push(`    Myelin: ${line}`);
    for (const advice of diagnosis.advice)
        lines.push(`    - ${advice}`);
    return lines;
}
/**
 * The diagnosis in the summary. Its text may come from another runner's report: every string is escaped,
 * and the link is trt-ci's own.
 */
function renderDiagnosisMarkdown(diagnosis) {
    return [
        `> ⚠️ ${(0,markdown_text/* text */.Qq)(diagnosis.summary)}: the shape of [NVIDIA/TensorRT#4841](${diagnose/* PADDING_ISSUE */.gy}).`,
        ...(diagnosis.myelinLayers.length
            ? [
                '>',
                '> Myelin kernels in the plan:',
                ...diagnosis.myelinLayers.map((l) => {
                    const ops = l.ops.length ? `: ${(0,markdown_text/* text */.Qq)(l.ops.join(', '))}` : '';
                    return `> - ${(0,markdown_text/* code */.aY)(l.name)}${ops}${l.looksLike ? ` (${(0,markdown_text/* text */.Qq)(l.looksLike)})` : ''}`;
                }),
            ]
            : []),
        '>',
        ...diagnosis.advice.map((a) => `> - ${(0,markdown_text/* text */.Qq)(a)}`),
    ].join('\n');
}

// EXTERNAL MODULE: ./.build/tsc/preflight/render.js
var render = __webpack_require__(36439);
// EXTERNAL MODULE: ./.build/tsc/units.js
var units = __webpack_require__(84196);
// EXTERNAL MODULE: ./.build/tsc/report/trim.js
var trim = __webpack_require__(40540);
;// CONCATENATED MODULE: ./.build/tsc/report/markdown.js








const SUMMARY_LIMIT_BYTES = 1024 * 1024 - 1024;
const COMMENT_LIMIT_BYTES = 65_535;
const STATUS_ICON = { built: '✅', cached: '♻️', failed: '❌', skipped: '⏭️' };
const BUDGET_ICON = { fail: '❌', warn: '⚠️', pass: '✅', 'no-baseline': '🆕' };
function rowsOf(reports) {
    return reports.flatMap((report) => report.builds.map((build) => ({
        build,
        gpu: build.gpu?.name ?? report.environment.gpus[0]?.name ?? 'GPU unknown',
        zeroFraction: report.plans.find((p) => p.model === build.model && p.profile === build.profile)?.zeroFraction ?? null,
        budgets: report.budgets.filter((b) => b.model === build.model && b.profile === build.profile),
    })));
}
function delta(now, before, show) {
    if (now === null || before === null || before === undefined)
        return '—';
    if (now === before)
        return '=';
    const sign = now > before ? '+' : '−';
    // A plan that grew 5000-fold (NVIDIA/TensorRT#4841) reads better as a factor than as a percentage.
    const relative = before === 0
        ? ''
        : now / before >= 10
            ? ` (×${Math.round(now / before).toLocaleString('en-US')})`
            : ` (${sign}${Math.abs(((now - before) / before) * 100).toFixed(1)}%)`;
    return `${sign}${show(Math.abs(now - before))}${relative}`;
}
/** A row is worth a look when it failed, broke a budget, or changed against its baseline. */
function notable(row) {
    const { build } = row;
    if (build.status !== 'built' && build.status !== 'cached')
        return true;
    if (row.budgets.some((b) => b.status === 'fail' || b.status === 'warn'))
        return true;
    if (!build.baseline)
        return true;
    return build.baseline.bytes !== build.bytes;
}
function rowIcon(row) {
    if (row.build.status !== 'built' && row.build.status !== 'cached')
        return STATUS_ICON[row.build.status];
    if (row.budgets.some((b) => b.status === 'fail'))
        return '❌';
    if (row.budgets.some((b) => b.status === 'warn'))
        return '⚠️';
    return STATUS_ICON[row.build.status];
}
const TABLE_HEAD = [
    '| | model | profile | plan | Δ plan | zeros | build | peak GPU memory | latency p50 (opt shape) |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|',
];
function engineRow(row) {
    const b = row.build;
    const latency = b.perf?.latencyMs?.median ?? null;
    return (0,markdown_text/* tableRow */.jD)([
        rowIcon(row),
        b.model,
        b.profile,
        b.bytes === null ? '—' : (0,units/* formatBytes */.z3)(b.bytes),
        delta(b.bytes, b.baseline?.bytes, units/* formatBytes */.z3),
        row.zeroFraction === null ? '—' : `${(row.zeroFraction * 100).toFixed(1)}%`,
        b.buildSeconds === null ? '—' : (0,units/* formatSeconds */.Xo)(b.buildSeconds),
        b.peakGpuMemoryMiB === null ? '—' : (0,units/* formatBytes */.z3)(b.peakGpuMemoryMiB * units/* MiB */.lv),
        latency === null ? '—' : (0,units/* formatMs */._V)(latency),
    ]);
}
/** One table per GPU type; rows that did not change against the baseline folded away. */
function gpuTables(rows) {
    const gpus = [...new Set(rows.map((r) => r.gpu))];
    if (gpus.length > 1)
        return [
            comparedAcrossGpus(rows, gpus),
            ...gpus.map((gpu) => ({
                priority: 5,
                text: sizeChart(gpu, rows.filter((r) => r.gpu === gpu)),
            })),
        ];
    const sections = [];
    for (const gpu of gpus) {
        const mine = rows.filter((r) => r.gpu === gpu);
        const shown = mine.filter(notable);
        const folded = mine.filter((r) => !notable(r));
        const head = `### ${(0,markdown_text/* text */.Qq)(gpu)}`;
        sections.push({
            priority: 2,
            text: [
                head,
                '',
                ...(shown.length
                    ? [...TABLE_HEAD, ...shown.map(engineRow)]
                    : ['Every engine is the same size as on the baseline.']),
            ].join('\n'),
        });
        if (folded.length) {
            sections.push({
                priority: 6,
                text: [
                    `<details><summary>${folded.length} unchanged on ${(0,markdown_text/* htmlText */.js)(gpu)}</summary>`,
                    '',
                    ...TABLE_HEAD,
                    ...folded.map(engineRow),
                    '',
                    '</details>',
                ].join('\n'),
            });
        }
        sections.push({ priority: 5, text: sizeChart(gpu, mine) });
    }
    return sections;
}
/** Reports from several runner types: one row per engine, a column group per GPU type. */
function comparedAcrossGpus(rows, gpus) {
    const engines = [...new Map(rows.map((r) => [`${r.build.model}/${r.build.profile}`, r.build])).values()];
    const short = (gpu) => (0,markdown_text/* text */.Qq)(gpu.replace(/^NVIDIA /, ''));
    const head = [
        `| | model | profile |${gpus.map((g) => ` ${short(g)} plan | ${short(g)} Δ | ${short(g)} build |`).join('')}`,
        `|---|---|---|${gpus.map(() => '---:|---:|---:|').join('')}`,
    ];
    const lines = engines.map((engine) => {
        const cells = gpus.map((gpu) => {
            const row = rows.find((r) => r.gpu === gpu && r.build.model === engine.model && r.build.profile === engine.profile);
            if (!row)
                return ' — | — | — |';
            const b = row.build;
            const icon = rowIcon(row) === '✅' || rowIcon(row) === '♻️' ? '' : `${rowIcon(row)} `;
            const size = b.bytes === null ? '—' : (0,units/* formatBytes */.z3)(b.bytes);
            const time = b.buildSeconds === null ? '—' : (0,units/* formatSeconds */.Xo)(b.buildSeconds);
            return ` ${icon}${size} | ${delta(b.bytes, b.baseline?.bytes, units/* formatBytes */.z3)} | ${time} |`;
        });
        const mine = rows.filter((r) => r.build.model === engine.model && r.build.profile === engine.profile);
        const icon = mine.map(rowIcon).find((i) => i === '❌') ?? mine.map(rowIcon).find((i) => i === '⚠️') ?? '✅';
        return `| ${icon} | ${(0,markdown_text/* text */.Qq)(engine.model)} | ${(0,markdown_text/* text */.Qq)(engine.profile)} |${cells.join('')}`;
    });
    return { priority: 2, text: [`### ${gpus.map(short).join(' · ')}`, '', ...head, ...lines].join('\n') };
}
/** Plan size per profile, baseline against current, as a chart GitHub draws from markdown (Mermaid). */
function sizeChart(gpu, rows) {
    const built = rows.filter((r) => r.build.bytes !== null);
    if (built.length === 0)
        return '';
    const mib = (n) => (n === null || n === undefined ? 0 : Number((n / units/* MiB */.lv).toFixed(2)));
    const labels = built.map((r) => `"${(0,markdown_text/* mermaidLabel */._b)(`${r.build.model}/${r.build.profile}`)}"`);
    // A line needs a point for every bar: with a new profile (no baseline) a 0 would read as "was empty".
    const hasBaseline = built.every((r) => r.build.baseline?.bytes != null);
    return [
        '```mermaid',
        'xychart-beta',
        `  title "Plan size on ${(0,markdown_text/* mermaidLabel */._b)(gpu)} (MiB)${hasBaseline ? ': bars now, line baseline' : ''}"`,
        `  x-axis [${labels.join(', ')}]`,
        '  y-axis "MiB"',
        `  bar [${built.map((r) => mib(r.build.bytes)).join(', ')}]`,
        ...(hasBaseline ? [`  line [${built.map((r) => mib(r.build.baseline?.bytes)).join(', ')}]`] : []),
        '```',
    ].join('\n');
}
function failures(rows) {
    return rows
        .filter((r) => r.build.failure && r.build.status !== 'built')
        .map((r) => {
        const b = r.build;
        const log = b.attempts[b.attempts.length - 1]?.log;
        return {
            priority: 1,
            text: [
                `#### ❌ ${(0,markdown_text/* text */.Qq)(b.model)} / ${(0,markdown_text/* text */.Qq)(b.profile)} on ${(0,markdown_text/* text */.Qq)(r.gpu)}: ${b.failure.kind}`,
                '',
                (0,markdown_text/* codeBlock */.DV)(b.failure.message),
                '',
                `**What to do:** ${(0,markdown_text/* text */.Qq)(b.failure.hint)}`,
                ...(log || b.configPosition
                    ? [
                        '',
                        [log && `log ${(0,markdown_text/* code */.aY)(log)}`, b.configPosition && `config ${(0,markdown_text/* code */.aY)((0,locate/* formatPosition */.Ld)(b.configPosition))}`]
                            .filter(Boolean)
                            .join(' · '),
                    ]
                    : []),
            ].join('\n'),
        };
    });
}
/** The worst output of each checked engine (a failing one first), with its figures. */
function worstOutput(accuracy) {
    return [...accuracy.outputs].sort((a, b) => Number(b.failure !== null) - Number(a.failure !== null) || b.outOfTolerance - a.outOfTolerance)[0];
}
const figure = (v) => (v === null ? '–' : Number(v.toPrecision(3)).toString());
/** Engines that built but compute the wrong answer: first-class failures, with the worst output's figures. */
function accuracySection(rows) {
    const checked = rows.filter((r) => r.build.accuracy);
    if (checked.length === 0)
        return null;
    const failed = checked.filter((r) => r.build.accuracy.status === 'failed');
    const lines = checked.map((r) => {
        const accuracy = r.build.accuracy;
        const worst = worstOutput(accuracy);
        const icon = accuracy.status === 'passed' ? '✅' : '❌';
        const why = accuracy.problem ?? worst?.failure ?? 'within tolerance';
        return (0,markdown_text/* tableRow */.jD)([
            icon,
            `${r.build.model} / ${r.build.profile}`,
            r.gpu,
            worst ? `${worst.name} (${worst.shape})` : '–',
            figure(worst?.maxAbsError ?? null),
            figure(worst?.maxRelError ?? null),
            worst ? `${Number((worst.outOfTolerance * 100).toPrecision(3))}%` : '–',
            // 0.9999995 must not read as 1: cosine gets the digits that tell precisions apart.
            worst?.cosine == null ? '–' : worst.cosine.toFixed(7),
            worst ? String(worst.nan + worst.inf) : '–',
            why,
        ]);
    });
    return {
        priority: failed.length ? 1 : 5,
        text: [
            `#### ${failed.length ? '❌' : '✅'} Accuracy against ONNX Runtime: ` +
                `${checked.length - failed.length}/${checked.length} within tolerance`,
            '',
            '| | engine | GPU | worst output | max abs | max rel | out of tol. | cosine | NaN/Inf | |',
            '|---|---|---|---|---|---|---|---|---|---|',
            ...lines,
        ].join('\n'),
    };
}
/**
 * Latency A/Bs (benchmark: ab): each engine against its base engine on the same GPU, "+3.1% [2.8, 3.4]"
 * with p, and the repetition medians of both sides as a strip chart on one scale.
 */
function latencySection(reports, rows) {
    const compared = rows.filter((r) => r.build.latency);
    const notes = reports.flatMap((r) => r.comparison.latencyNotes ?? []);
    if (compared.length === 0 && notes.length === 0)
        return null;
    const icons = { slower: '❌', faster: '🚀', same: '✅', inconclusive: '⚠️', 'contract-mismatch': '⚠️' };
    const slower = compared.filter((r) => r.build.latency.verdict === 'slower');
    const lines = compared.map((r) => {
        const latency = r.build.latency;
        const chart = latency.runs.length ? distributionChart(latency.runs) : null;
        return (0,markdown_text/* tableRow */.jD)([
            icons[latency.verdict],
            `${r.build.model} / ${r.build.profile}`,
            r.gpu,
            latency.verdict,
            latencyChange(latency),
            latency.p === null ? '–' : latency.p.toPrecision(2),
            latency.base && latency.head
                ? `${latency.base.median.toPrecision(4)} → ${latency.head.median.toPrecision(4)} ms`
                : '–',
            chart ? `base ${chart.base} / head ${chart.head}` : '–',
            latency.reason,
        ]);
    });
    return {
        priority: slower.length ? 1 : 5,
        text: [
            `#### ${slower.length ? '❌' : '✅'} Latency against the base engine, same GPU: ` +
                `${slower.length}/${compared.length} slower`,
            '',
            ...(compared.length
                ? [
                    '| | engine | GPU | verdict | change [95% CI] | p | median base → head | repetition medians | |',
                    '|---|---|---|---|---|---|---|---|---|',
                    ...lines,
                ]
                : []),
            ...notes.map((note) => `- ${(0,markdown_text/* text */.Qq)(note)}`),
        ].join('\n'),
    };
}
/** Builds that got through only after out-of-memory back-off: built, but maybe with slower tactics. */
function backoffSection(rows) {
    const lines = rows.flatMap((r) => {
        const note = (0,outcome/* backedOff */.GG)(r.build.attempts.map((a) => ({ workspaceBytes: a.workspaceMiB * units/* MiB */.lv, failure: a.failure })));
        return note ? [`- ${(0,markdown_text/* text */.Qq)(r.build.model)} / ${(0,markdown_text/* text */.Qq)(r.build.profile)} on ${(0,markdown_text/* text */.Qq)(r.gpu)}: ${note}`] : [];
    });
    if (lines.length === 0)
        return null;
    return {
        priority: 2,
        text: [
            '#### ⚠️ Built after out-of-memory back-off',
            '',
            ...lines,
            '',
            'A smaller workspace can mean slower tactics: give the model more (`workspace:` on the model) or a GPU ' +
                'with more free memory.',
        ].join('\n'),
    };
}
function budgetSection(reports) {
    const broken = reports.flatMap((r) => r.budgets).filter((b) => b.status === 'fail' || b.status === 'warn');
    // One row per engine, GPU and budget, however many reports repeat it.
    const rows = [...new Map(broken.map((b) => [`${b.model}\0${b.profile}\0${b.gpu}\0${b.metric}`, b])).values()];
    if (rows.length === 0)
        return null;
    return {
        priority: 2,
        text: [
            '### Budgets',
            '',
            '| | model | profile | GPU | budget | result |',
            '|---|---|---|---|---|---|',
            ...rows.map((b) => (0,markdown_text/* tableRow */.jD)([BUDGET_ICON[b.status], b.model, b.profile, b.gpu ?? '—', b.metric, b.message])),
        ].join('\n'),
    };
}
function headline(reports, title, missing) {
    const rows = rowsOf(reports);
    const passed = missing.length === 0 && reports.every((r) => r.status === 'passed');
    const built = rows.filter((r) => (0,outcome/* isBuilt */.TQ)(r.build)).length;
    const failedBudgets = reports.flatMap((r) => r.budgets).filter((b) => b.status === 'fail').length;
    const warnings = reports.flatMap((r) => r.budgets).filter((b) => b.status === 'warn').length;
    const versions = [...new Set(reports.map((r) => r.environment.tensorrtVersion))].join(', ');
    const hits = reports.reduce((sum, r) => sum + (r.cache?.hits ?? 0), 0);
    const saved = reports.reduce((sum, r) => sum + (r.cache?.savedSeconds ?? 0), 0);
    const refused = reports.find((r) => r.cache?.refused)?.cache?.refused;
    const problems = reports.flatMap((r) => r.cache?.problems ?? []);
    const cached = reports.some((r) => r.cache)
        ? ` · ♻️ ${hits} from the engine cache${hits ? ` (${(0,units/* formatSeconds */.Xo)(saved)} of GPU time saved)` : ''}` +
            (refused ? ` · ⚠️ engine cache not used: ${(0,markdown_text/* text */.Qq)(refused)}` : '') +
            (problems.length
                ? ` · ⚠️ ${(0,markdown_text/* text */.Qq)(problems[0])}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}`
                : '')
        : '';
    const lines = [
        `## ${title} ${passed ? '✅ passed' : '❌ failed'}`,
        '',
        [
            `${built}/${rows.length} engines built · TensorRT ${(0,markdown_text/* text */.Qq)(versions)}${cached}`,
            failedBudgets ? ` · ❌ ${failedBudgets} budget${failedBudgets > 1 ? 's' : ''} failed` : '',
            warnings ? ` · ⚠️ ${warnings} warning${warnings > 1 ? 's' : ''}` : '',
        ].join(''),
    ];
    for (const report of reports) {
        const { comparison } = report;
        const where = reports.length > 1 ? ` (${(0,markdown_text/* text */.Qq)(report.environment.gpus[0]?.name ?? 'GPU unknown')})` : '';
        if (comparison.baseline === null) {
            lines.push('', comparison.note
                ? `No baseline${where}: ${(0,markdown_text/* text */.Qq)(comparison.note)}.`
                : `No baseline yet${where}: growth budgets start from the next run on the base branch.`);
            continue;
        }
        // A list, so that each fact keeps its own line when GitHub renders it.
        lines.push('', `- Compared with ${(0,markdown_text/* code */.aY)(comparison.baseline)}${where}.${comparison.note ? ` _${(0,markdown_text/* text */.Qq)(comparison.note)}_` : ''}`);
        for (const c of comparison.environment) {
            const why = c.what === 'TensorRT' ? ': plans change size with TensorRT, check the Δ column' : '';
            lines.push(`- **${c.what} changed: ${(0,markdown_text/* text */.Qq)(c.from ?? 'unknown')} → ${(0,markdown_text/* text */.Qq)(c.to ?? 'unknown')}**${why}`);
        }
        if (comparison.added.length)
            lines.push(`- New: ${(0,markdown_text/* text */.Qq)(comparison.added.join(', '))}.`);
        if (comparison.removed.length)
            lines.push(`- Gone: ${(0,markdown_text/* text */.Qq)(comparison.removed.join(', '))}.`);
    }
    return lines.join('\n');
}
/** Runners whose job ended without a report: said first, never left out of the merged view. */
function missingSection(missing) {
    return [
        `### ❌ No report from ${missing.length} runner${missing.length === 1 ? '' : 's'}`,
        '',
        ...missing.map((runner) => `- ${(0,markdown_text/* code */.aY)(runner)}`),
        '',
        'Each job ended before trt-ci wrote its report: it failed early (trtexec not found, a setup step), was ' +
            'cancelled, timed out or never got a runner. Its log in this run says which.',
    ].join('\n');
}
/**
 * The markdown a reviewer reads, from one report or several (one per runner type): headline, a
 * table per GPU type, failures with what to do, budgets, plan diagnoses, a size chart, the folded
 * unchanged rows and the preflight, in that order of importance when it must be cut to fit.
 */
function renderReports(reports, options) {
    const rows = rowsOf(reports);
    const sections = [
        { priority: 0, text: headline(reports, options.title ?? 'trt-ci', options.missing ?? []) },
        ...(options.missing?.length ? [{ priority: 0, text: missingSection(options.missing) }] : []),
        ...failures(rows),
        ...[accuracySection(rows), latencySection(reports, rows), backoffSection(rows)].filter((s) => s !== null),
        ...[budgetSection(reports)].filter((s) => s !== null),
        ...gpuTables(rows).filter((s) => s.text),
        ...reports.flatMap((r) => r.plans
            .filter((p) => p.diagnosis)
            .map((p) => ({
            priority: 3,
            text: [
                `#### ${(0,markdown_text/* text */.Qq)(p.model)} / ${(0,markdown_text/* text */.Qq)(p.profile)}: plan padded with zeros`,
                '',
                renderDiagnosisMarkdown(p.diagnosis),
            ].join('\n'),
        }))),
        ...reports.flatMap((r) => r.preflight
            ? [
                {
                    priority: r.preflight.status === 'pass' ? 7 : 1,
                    text: (0,render/* renderPreflightMarkdown */.z)(r.preflight, reports.length > 1 ? (r.environment.gpus[0]?.name ?? '') : ''),
                },
            ]
            : []),
    ];
    const marker = options.marker ? `${options.marker}\n` : '';
    const body = (0,trim/* fitSections */.W)(sections, options.limit - Buffer.byteLength(marker), (count) => `_${count} section${count > 1 ? 's' : ''} left out to stay ` +
        `under GitHub's size limit: the full report is in report.json._`);
    return marker + body;
}
/** The job summary of one run. */
function renderSummary(report) {
    return renderReports([report], { limit: SUMMARY_LIMIT_BYTES });
}


/***/ }),

/***/ 64730:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   K: () => (/* binding */ toReportBuild),
/* harmony export */   g: () => (/* binding */ overallStatus)
/* harmony export */ });
/* harmony import */ var _builds_outcome_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(38273);
/* harmony import */ var _builds_jobs_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(34901);
/* harmony import */ var _units_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(84196);



/** A build as the report writes it: paths relative to where trt-ci was run, times as ISO strings. */
function toReportBuild(outcome, configPosition, onnxBytes, relativePath) {
    const { job, plan } = outcome;
    return {
        model: job.model.name,
        profile: job.profile.name,
        status: outcome.status,
        gpu: outcome.gpu,
        shapes: (0,_builds_jobs_js__WEBPACK_IMPORTED_MODULE_1__/* .shapesOf */ .e)(job.profile),
        // Filled by the accuracy and latency stages, after the builds.
        accuracy: null,
        latency: null,
        plan: plan && relativePath(plan.path),
        layerInfo: plan?.layerInfo ? relativePath(plan.layerInfo) : null,
        bytes: plan?.scan.bytes ?? null,
        sha256: plan?.scan.sha256 ?? null,
        attempts: outcome.attempts.map((a) => ({
            attempt: a.attempt,
            workspaceMiB: Math.floor(a.workspaceBytes / _units_js__WEBPACK_IMPORTED_MODULE_2__/* .MiB */ .lv),
            log: relativePath(a.log),
            startedAt: new Date(a.startedAt).toISOString(),
            endedAt: new Date(a.endedAt).toISOString(),
            seconds: (a.endedAt - a.startedAt) / 1000,
            exitCode: a.exitCode,
            signal: a.signal,
            peakGpuMemoryMiB: a.peakGpuMemoryMiB,
            failure: a.failure,
            argv: a.argv,
        })),
        buildSeconds: outcome.buildSeconds,
        peakGpuMemoryMiB: outcome.peakGpuMemoryMiB,
        perf: outcome.perf && { ...outcome.perf, log: relativePath(outcome.perf.log) },
        failure: outcome.failure,
        configPosition,
        onnxBytes,
        baseline: null,
        cache: outcome.cache,
    };
}
/** The work failed when any build did ('skipped' ones too: a cancelled run), or a budget failed. */
function overallStatus(builds, budgets) {
    // An engine that built but computes the wrong answer fails the run like one that did not build.
    const right = (b) => (0,_builds_outcome_js__WEBPACK_IMPORTED_MODULE_0__/* .isBuilt */ .TQ)(b) && b.accuracy?.status !== 'failed';
    return builds.every(right) && budgets.every((b) => b.status !== 'fail') ? 'passed' : 'failed';
}


/***/ }),

/***/ 4535:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DC: () => (/* binding */ REPORT_SCHEMA),
/* harmony export */   Qh: () => (/* binding */ reportSchema)
/* harmony export */ });
/* unused harmony exports failureSchema, timingStatsSchema, gpuInfoSchema, checkSchema, preflightGpuSchema, preflightSchema, planHeaderSchema, planScanSchema, myelinLayerSchema, layerInfoSchemaName, layerInfoVerbosity, diagnosisSchema, configPositionSchema, budgetRowSchema, environmentChangeSchema, shapesSchema, perfSchema, cacheVerdictSchema, accuracyOutputSchema, accuracySchema, abRunSchema, latencySchema, reportAttemptSchema, baselineFiguresSchema, BUILD_STATUSES, reportBuildSchema, reportPlanSchema, cacheSummarySchema, comparisonSchema */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9691);
/* harmony import */ var _compare_metrics_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(76582);
/* harmony import */ var _preflight_types_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(10298);
/* harmony import */ var _tensorrt_failures_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1840);
// The report, `trt-ci/report@1`, as one schema. The types of everything in a report come from it, and a
// report read from disk (a baseline, another runner's artifact, which can come from a fork) is parsed
// with it: what does not match is refused, and keys the schema does not know are dropped.




const count = zod__WEBPACK_IMPORTED_MODULE_3__/* .number */ .aig().int().nonnegative();
const nullableNumber = zod__WEBPACK_IMPORTED_MODULE_3__/* .number */ .aig().nullable();
const nullableString = zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().nullable();
const failureSchema = zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({
    kind: zod__WEBPACK_IMPORTED_MODULE_3__/* ["enum"] */ .k5n(_tensorrt_failures_js__WEBPACK_IMPORTED_MODULE_2__/* .FAILURE_KINDS */ .Bs),
    /** The line of trtexec output that shows it, or what trt-ci saw. */
    message: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
    /** What the user should do about it. */
    hint: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
});
/** trtexec's timing summary in ms; any other percentile it printed (--percentile=99.9) as `p99.9`. */
const timingStatsSchema = zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({
    min: nullableNumber,
    max: nullableNumber,
    mean: nullableNumber,
    median: nullableNumber,
    p90: nullableNumber,
    p95: nullableNumber,
    p99: nullableNumber,
})
    .catchall(nullableNumber);
const gpuInfoSchema = zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({
    index: count,
    name: nullableString,
    uuid: nullableString,
    busId: nullableString,
    computeCapability: nullableString,
    driverVersion: nullableString,
    memoryTotalMiB: nullableNumber,
    memoryUsedMiB: nullableNumber,
    memoryFreeMiB: nullableNumber,
    eccMode: nullableString,
    eccUncorrectedErrors: nullableNumber,
    displayActive: nullableString,
    persistenceMode: nullableString,
    computeMode: nullableString,
    migMode: nullableString,
});
const checkStatus = zod__WEBPACK_IMPORTED_MODULE_3__/* ["enum"] */ .k5n(['pass', 'warn', 'fail', 'skip']);
const checkSchema = zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({
    id: zod__WEBPACK_IMPORTED_MODULE_3__/* ["enum"] */ .k5n(_preflight_types_js__WEBPACK_IMPORTED_MODULE_1__/* .CHECK_IDS */ .Sh),
    status: checkStatus,
    message: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
    /** What to do about it; null when there is nothing to do. */
    hint: nullableString,
    /** What the check looked at when one id covers several things (a plugin's path). */
    subject: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP().optional(),
});
const preflightGpuSchema = gpuInfoSchema.pick({
    index: true,
    name: true,
    computeCapability: true,
    driverVersion: true,
    memoryTotalMiB: true,
    memoryUsedMiB: true,
});
const preflightSchema = zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({
    status: zod__WEBPACK_IMPORTED_MODULE_3__/* ["enum"] */ .k5n(['pass', 'warn', 'fail']),
    gpus: zod__WEBPACK_IMPORTED_MODULE_3__/* .array */ .YOg(preflightGpuSchema),
    checks: zod__WEBPACK_IMPORTED_MODULE_3__/* .array */ .YOg(checkSchema),
    /** The CUDA version the driver check used, and where it came from. */
    cuda: zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({ version: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(), source: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP() }).nullable(),
    tensorrtVersion: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
    elapsedMs: zod__WEBPACK_IMPORTED_MODULE_3__/* .number */ .aig(),
});
const planHeaderSchema = zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({
    /** `ftrt` found where a TensorRT plan starts. */
    magic: zod__WEBPACK_IMPORTED_MODULE_3__/* .boolean */ .zMY(),
    /** From bytes 24-27 of the plan: major.minor.patch.build. */
    tensorrtVersion: nullableString,
    /** `plan`: a bare TensorRT plan; `ultralytics`: a plan behind Ultralytics' length-prefixed JSON metadata. */
    container: zod__WEBPACK_IMPORTED_MODULE_3__/* ["enum"] */ .k5n(['plan', 'ultralytics']).nullable(),
    /** Where the plan itself starts in the file. */
    planOffset: count.nullable(),
    /** Why the file is not a usable plan, when it is not. */
    problem: nullableString,
    /** The Ultralytics metadata, when there is some. */
    metadata: zod__WEBPACK_IMPORTED_MODULE_3__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_3__/* .unknown */ .L5J()).nullable(),
});
const planScanSchema = planHeaderSchema.extend({
    path: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
    bytes: count,
    zeroBytes: count,
    zeroFraction: zod__WEBPACK_IMPORTED_MODULE_3__/* .number */ .aig().min(0).max(1),
    trailingZeroBytes: count,
    longestZeroRun: count,
    sha256: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP()
        .regex(/^[0-9a-f]{64}$/)
        .nullable(),
});
const myelinLayerSchema = zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({
    name: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
    /** `kgen`: a kernel Myelin generated (detailed info); `foreign-node`: the whole Myelin region (names only). */
    kind: zod__WEBPACK_IMPORTED_MODULE_3__/* ["enum"] */ .k5n(['kgen', 'foreign-node']),
    ops: zod__WEBPACK_IMPORTED_MODULE_3__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP()),
});
const layerInfoSchemaName = zod__WEBPACK_IMPORTED_MODULE_3__/* ["enum"] */ .k5n(['10.x (Bindings)', '11.x (I/O Tensors)', 'unknown']);
const layerInfoVerbosity = zod__WEBPACK_IMPORTED_MODULE_3__/* ["enum"] */ .k5n(['detailed', 'layer_names_only']);
const diagnosisSchema = zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({
    summary: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
    layerInfo: zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({ schema: layerInfoSchemaName, verbosity: layerInfoVerbosity, layers: count }).nullable(),
    myelinLayers: zod__WEBPACK_IMPORTED_MODULE_3__/* .array */ .YOg(myelinLayerSchema.extend({ looksLike: nullableString })),
    advice: zod__WEBPACK_IMPORTED_MODULE_3__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP()),
    link: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
});
/** Where something is written in trt-ci.yml, for annotations and messages. */
const configPositionSchema = zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({ file: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(), line: count, column: count });
const budgetRowSchema = zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({
    model: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
    profile: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
    gpu: nullableString,
    metric: zod__WEBPACK_IMPORTED_MODULE_3__/* ["enum"] */ .k5n(_compare_metrics_js__WEBPACK_IMPORTED_MODULE_0__/* .METRIC_NAMES */ .Uw),
    /** In the unit of the limit: bytes, a fraction (0.1 = 10%) or a ratio. */
    value: nullableNumber,
    limit: nullableNumber,
    unit: zod__WEBPACK_IMPORTED_MODULE_3__/* ["enum"] */ .k5n(['bytes', 'fraction', 'ratio']).nullable(),
    /** The baseline's own figure for the metric (bytes, seconds, ms), for growth metrics. */
    baseline: nullableNumber,
    status: zod__WEBPACK_IMPORTED_MODULE_3__/* ["enum"] */ .k5n(['pass', 'warn', 'fail', 'no-baseline']),
    message: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
    /** The budget's line in trt-ci.yml, for annotations. */
    configPosition: configPositionSchema.nullable().default(null),
});
const environmentChangeSchema = zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({
    what: zod__WEBPACK_IMPORTED_MODULE_3__/* ["enum"] */ .k5n(['TensorRT', 'driver', 'GPU']),
    from: nullableString,
    to: nullableString,
});
const gpuFactsSchema = zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({ index: count, name: nullableString, computeCapability: nullableString });
const shapesSchema = zod__WEBPACK_IMPORTED_MODULE_3__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({ min: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(), opt: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(), max: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP() }));
const perfSchema = zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({
    throughputQps: nullableNumber,
    latencyMs: timingStatsSchema.nullable(),
    gpuComputeMs: timingStatsSchema.nullable(),
    log: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
});
const cacheVerdictSchema = zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({
    key: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
    hit: zod__WEBPACK_IMPORTED_MODULE_3__/* .boolean */ .zMY(),
    savedSeconds: nullableNumber,
    corrupt: zod__WEBPACK_IMPORTED_MODULE_3__/* .boolean */ .zMY(),
    /** An entry was there, stored by a run this one does not take plans from (a pull request's). */
    untrusted: zod__WEBPACK_IMPORTED_MODULE_3__/* .boolean */ .zMY().default(false),
    /** The cache could not be read or written (a full or read-only disk): the engine was built all the same. */
    problem: nullableString.default(null),
});
/** One output of one engine against ONNX Runtime's, at one of the profile's shapes. */
const accuracyOutputSchema = zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({
    shape: zod__WEBPACK_IMPORTED_MODULE_3__/* ["enum"] */ .k5n(['min', 'opt', 'max']),
    name: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
    maxAbsError: nullableNumber,
    maxRelError: nullableNumber,
    /** Share (0-1) of elements off by more than atol and rtol. */
    outOfTolerance: zod__WEBPACK_IMPORTED_MODULE_3__/* .number */ .aig(),
    cosine: nullableNumber,
    nan: count,
    inf: count,
    /** The tolerances it was judged by: atol as used for this output (absolute). */
    atol: zod__WEBPACK_IMPORTED_MODULE_3__/* .number */ .aig(),
    rtol: zod__WEBPACK_IMPORTED_MODULE_3__/* .number */ .aig(),
    /**
     * Whose element rule gave outOfTolerance: trt-ci's (|e| > atol and > rtol·|r|, Polygraphy's), or trtexec
     * 11.1's own check (|e| > atol + rtol·|r|, NumPy's allclose) where that trtexec has it.
     */
    judgedBy: zod__WEBPACK_IMPORTED_MODULE_3__/* ["enum"] */ .k5n(['trt-ci', 'trtexec']).default('trt-ci'),
    /** Why it failed, or null. */
    failure: nullableString,
});
const accuracySchema = zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({
    status: zod__WEBPACK_IMPORTED_MODULE_3__/* ["enum"] */ .k5n(['passed', 'failed']),
    outputs: zod__WEBPACK_IMPORTED_MODULE_3__/* .array */ .YOg(accuracyOutputSchema),
    /** Why the check could not run at all (trtexec could not run the engine), or null. */
    problem: nullableString.default(null),
    /** The model's accuracy: line (or the top-level one it takes), where a failure is annotated. */
    configPosition: configPositionSchema.nullable().default(null),
});
/** One repetition of a latency A/B: one trtexec run of one side's engine. */
const abRunSchema = zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({
    side: zod__WEBPACK_IMPORTED_MODULE_3__/* ["enum"] */ .k5n(['base', 'head']),
    round: count,
    medianMs: zod__WEBPACK_IMPORTED_MODULE_3__/* .number */ .aig(),
    p99Ms: zod__WEBPACK_IMPORTED_MODULE_3__/* .number */ .aig(),
    iterations: count,
    throttled: zod__WEBPACK_IMPORTED_MODULE_3__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP()),
    /** The SM clock read right after the run (nvidia-smi clocks.current.sm), when it could be. */
    smClockMHz: nullableNumber.default(null),
});
const sideFiguresSchema = zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({ median: zod__WEBPACK_IMPORTED_MODULE_3__/* .number */ .aig(), p99: zod__WEBPACK_IMPORTED_MODULE_3__/* .number */ .aig() }).nullable();
/** The latency A/B of an engine against its base engine on the same GPU (benchmark: ab, trt-ci ab). */
const latencySchema = zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({
    verdict: zod__WEBPACK_IMPORTED_MODULE_3__/* ["enum"] */ .k5n(['slower', 'faster', 'same', 'inconclusive', 'contract-mismatch']),
    /** Head over base (Hodges-Lehmann on the repetition medians) and its 95% interval. */
    ratio: nullableNumber,
    ci: zod__WEBPACK_IMPORTED_MODULE_3__/* .tuple */ .PVZ([zod__WEBPACK_IMPORTED_MODULE_3__/* .number */ .aig(), zod__WEBPACK_IMPORTED_MODULE_3__/* .number */ .aig()]).nullable(),
    /** Mann-Whitney U, two-sided. */
    p: nullableNumber,
    base: sideFiguresSchema,
    head: sideFiguresSchema,
    repetitions: count,
    reason: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
    retried: zod__WEBPACK_IMPORTED_MODULE_3__/* .boolean */ .zMY(),
    /** The smallest change that counts (latency-growth; 0.02 = 2%). */
    budget: zod__WEBPACK_IMPORTED_MODULE_3__/* .number */ .aig(),
    /** Whether the GPU's clock event counters were read: without them, throttling cannot be seen. */
    clockEventsRead: zod__WEBPACK_IMPORTED_MODULE_3__/* .boolean */ .zMY(),
    /**
     * Where the base engine came from: the base job's uploaded plans, the engine cache (by the baseline's
     * cache key), a build from the base commit's ONNX (base-ref:), or a plan file given to trt-ci ab.
     */
    baseEngine: zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({ source: zod__WEBPACK_IMPORTED_MODULE_3__/* ["enum"] */ .k5n(['cache', 'plans', 'rebuilt', 'given']), plan: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP() }).nullable(),
    runs: zod__WEBPACK_IMPORTED_MODULE_3__/* .array */ .YOg(abRunSchema),
});
const reportAttemptSchema = zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({
    attempt: count,
    workspaceMiB: count,
    log: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
    startedAt: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
    endedAt: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
    seconds: zod__WEBPACK_IMPORTED_MODULE_3__/* .number */ .aig(),
    exitCode: zod__WEBPACK_IMPORTED_MODULE_3__/* .number */ .aig().int().nullable(),
    signal: nullableString,
    peakGpuMemoryMiB: nullableNumber,
    failure: failureSchema.nullable(),
    argv: zod__WEBPACK_IMPORTED_MODULE_3__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP()),
});
const baselineFiguresSchema = zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({
    bytes: nullableNumber,
    buildSeconds: nullableNumber,
    peakGpuMemoryMiB: nullableNumber,
    latencyMedianMs: nullableNumber,
});
const BUILD_STATUSES = ['built', 'cached', 'failed', 'skipped'];
const reportBuildSchema = zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({
    model: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
    profile: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
    status: zod__WEBPACK_IMPORTED_MODULE_3__/* ["enum"] */ .k5n(BUILD_STATUSES),
    gpu: gpuFactsSchema.nullable(),
    shapes: shapesSchema,
    plan: nullableString,
    layerInfo: nullableString,
    bytes: count.nullable(),
    sha256: nullableString,
    attempts: zod__WEBPACK_IMPORTED_MODULE_3__/* .array */ .YOg(reportAttemptSchema),
    buildSeconds: nullableNumber,
    peakGpuMemoryMiB: nullableNumber,
    perf: perfSchema.nullable(),
    failure: failureSchema.nullable(),
    /** Where this model's profile is written in trt-ci.yml, for annotations. */
    configPosition: configPositionSchema.nullable().default(null),
    onnxBytes: count.nullable(),
    /** The same engine in the baseline report, when there is one. */
    baseline: baselineFiguresSchema.nullable(),
    cache: cacheVerdictSchema.nullable(),
    /** The engine's outputs against ONNX Runtime's, when the model asks (accuracy:); null otherwise. */
    accuracy: accuracySchema.nullable().default(null),
    /** The latency A/B against the base engine on the same GPU (benchmark: ab); null otherwise. */
    latency: latencySchema.nullable().default(null),
});
/** One plan's scan, with the model and profile it was built for and, when it is mostly zeros, why. */
const reportPlanSchema = planScanSchema.extend({
    model: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
    profile: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
    diagnosis: diagnosisSchema.nullable(),
});
const cacheSummarySchema = zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({
    /** One key for all of this run's engines, for actions/cache. */
    key: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
    dir: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
    hits: count,
    misses: count,
    corrupt: count,
    untrusted: count.default(0),
    savedSeconds: zod__WEBPACK_IMPORTED_MODULE_3__/* .number */ .aig(),
    bytes: count.nullable(),
    evicted: count,
    /** Why the cache was not used for some builds (the GPU model was unknown), or null. */
    refused: nullableString.default(null),
    /** What went wrong reading, writing or evicting entries; each such build was built instead of served. */
    problems: zod__WEBPACK_IMPORTED_MODULE_3__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP()).default([]),
});
const comparisonSchema = zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({
    /** The baseline report, or null when there is none yet. */
    baseline: nullableString,
    /** Where the baseline came from (which run, whether it is the merge-base). */
    note: nullableString.optional(),
    environment: zod__WEBPACK_IMPORTED_MODULE_3__/* .array */ .YOg(environmentChangeSchema),
    /** model/profile pairs built now and not in the baseline, and the other way round. */
    added: zod__WEBPACK_IMPORTED_MODULE_3__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP()),
    removed: zod__WEBPACK_IMPORTED_MODULE_3__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP()),
    /** Engines that asked for a latency A/B (benchmark: ab) and did not get one, and why. */
    latencyNotes: zod__WEBPACK_IMPORTED_MODULE_3__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP()).optional(),
});
const REPORT_SCHEMA = 'trt-ci/report@1';
const reportSchema = zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({
    schema: zod__WEBPACK_IMPORTED_MODULE_3__/* .literal */ .euz(REPORT_SCHEMA),
    status: zod__WEBPACK_IMPORTED_MODULE_3__/* ["enum"] */ .k5n(['passed', 'failed']),
    startedAt: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
    finishedAt: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
    config: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
    environment: zod__WEBPACK_IMPORTED_MODULE_3__/* .object */ .Ikc({
        tensorrtVersion: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
        trtexec: zod__WEBPACK_IMPORTED_MODULE_3__/* .string */ .YjP(),
        gpus: zod__WEBPACK_IMPORTED_MODULE_3__/* .array */ .YOg(gpuInfoSchema),
        /** Why GPU facts are missing, when they are. */
        gpuQueryError: nullableString,
    }),
    preflight: preflightSchema.nullable(),
    builds: zod__WEBPACK_IMPORTED_MODULE_3__/* .array */ .YOg(reportBuildSchema),
    plans: zod__WEBPACK_IMPORTED_MODULE_3__/* .array */ .YOg(reportPlanSchema),
    budgets: zod__WEBPACK_IMPORTED_MODULE_3__/* .array */ .YOg(budgetRowSchema),
    comparison: comparisonSchema,
    /** The engine cache: hits, misses, and the GPU time the hits saved (their recorded build time). */
    cache: cacheSummarySchema.nullable(),
    manifest: nullableString,
});


/***/ }),

/***/ 40540:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   U: () => (/* binding */ cutBytes),
/* harmony export */   W: () => (/* binding */ fitSections)
/* harmony export */ });
const bytes = (text) => Buffer.byteLength(text, 'utf8');
/** Cuts text to at most `limit` UTF-8 bytes without splitting a character. */
function cutBytes(text, limit) {
    if (bytes(text) <= limit)
        return text;
    let cut = Buffer.from(text, 'utf8').subarray(0, Math.max(0, limit)).toString('utf8');
    while (bytes(cut) > limit || cut.endsWith('\uFFFD'))
        cut = cut.slice(0, -1);
    return cut;
}
/**
 * Joins sections in their order, dropping the least important ones until the whole fits in `limit`
 * bytes (GitHub: 65,535 for a comment, 1 MiB for a job summary), and says what was left out. The
 * headline (priority 0) is never dropped; if even it does not fit, it is cut.
 */
function fitSections(sections, limit, leftOut) {
    const kept = [...sections];
    const join = (list, dropped) => `${[...list.map((s) => s.text), ...(dropped ? [leftOut(dropped)] : [])].join('\n\n')}\n`;
    let dropped = 0;
    while (bytes(join(kept, dropped)) > limit) {
        const candidates = kept.filter((s) => s.priority > 0);
        if (candidates.length === 0)
            break;
        const least = candidates.reduce((a, b) => (b.priority >= a.priority ? b : a));
        kept.splice(kept.lastIndexOf(least), 1);
        dropped += 1;
    }
    const text = join(kept, dropped);
    return bytes(text) <= limit ? text : `${cutBytes(text, limit - 2)}\n`;
}


/***/ }),

/***/ 1840:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   AP: () => (/* binding */ TERMINAL_PATTERN),
/* harmony export */   Bs: () => (/* binding */ FAILURE_KINDS),
/* harmony export */   JR: () => (/* binding */ hintFor),
/* harmony export */   Q8: () => (/* binding */ requestedBytes),
/* harmony export */   nC: () => (/* binding */ matchEvidence)
/* harmony export */ });
/* harmony import */ var _units_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(84196);
/* harmony import */ var _flags_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(52256);
/* harmony import */ var _version_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(13139);



const FAILURE_KINDS = [
    'out-of-memory',
    'driver-insufficient',
    'unsupported-gpu',
    'plugin-missing',
    'plan-incompatible',
    'onnx-parse',
    'unknown-option',
    'timeout',
    'cancelled',
    'other',
];
/**
 * Lines that tell why trtexec failed, from real logs (test/fixtures/trtexec-logs). Order is priority:
 * when a log shows several, the earlier kind is the cause (a missing plugin also fails the ONNX
 * parse; an out-of-memory also ends in "Could not find any implementation").
 */
const EVIDENCE = [
    { kind: 'unknown-option', pattern: /Unknown option: (\S+)/ },
    {
        kind: 'driver-insufficient',
        pattern: /CUDA driver version is insufficient for CUDA runtime version|CUDA initialization failure with error:? 35\b/,
    },
    { kind: 'unsupported-gpu', pattern: /Unsupported SM|SM version not supported|Target GPU SM \d+ is not supported/ },
    {
        kind: 'unsupported-gpu',
        pattern: /no kernel image is available for execution on the device/,
        hint: 'A kernel (often a plugin .so) was not compiled for this GPU: rebuild the plugin with ' +
            "-gencode for this GPU's compute capability (nvidia-smi --query-gpu=compute_cap --format=csv).",
    },
    {
        kind: 'plugin-missing',
        pattern: /SymbolAddress for (getPluginCreators|getCreators) could not be loaded/,
        hint: 'A library passed with --dynamicPlugins must export getCreators (older TensorRT: getPluginCreators) and ' +
            'setLoggerFinder; export them from the plugin, or list ' +
            'it under `plugins:` so trt-ci loads it with --staticPlugins.',
    },
    {
        kind: 'plugin-missing',
        pattern: anyOf(/Plugin not found, are the plugin name, version, and namespace correct/, /IPluginCreator not found in Plugin Registry/, /Cannot find plugin: /, /getPluginCreator could not find plugin/),
    },
    { kind: 'plugin-missing', pattern: /Could not load library|cannot open shared object file/ },
    {
        kind: 'plan-incompatible',
        pattern: /Magic tag does not match|magicTag == rt::kPLAN_MAGIC_TAG failed|magicTagRead == kMAGIC_TAG failed/,
        hint: 'The file is not a TensorRT plan: check it is the saved engine, not the ONNX; an ' +
            'Ultralytics .engine has a JSON header in front of the plan and must be stripped first.',
    },
    {
        kind: 'plan-incompatible',
        pattern: anyOf(/Version tag does not match/, /generated on an incompatible device/, /Engine deserialization failed/, /Could not deserialize engine/, /Serialization version is not supported/),
    },
    {
        kind: 'out-of-memory',
        pattern: anyOf(/Cuda Runtime \(out of memory\)/i, /Error Code 2: OutOfMemory/i, /out of memory/i, /could not be allocated/i, /insufficient memory/i),
    },
    {
        kind: 'onnx-parse',
        pattern: anyOf(/Failed to parse onnx file/, /Failure while parsing ONNX file/, /While parsing node number/, /Parsing model failed/, 
        // No gaps: `.*` between two words is quadratic on a long line that repeats the first one.
        /ModelImporter\.cpp:\d+: ERROR/),
    },
];
/** One pattern that matches any of the alternatives (each kept on its own line). */
function anyOf(...alternatives) {
    return new RegExp(alternatives.map((a) => a.source).join('|'), alternatives[0]?.flags);
}
/** Lines after which trtexec gives up; without an exit code they mark the log as failed. */
const TERMINAL_PATTERN = anyOf(/Engine set up failed/, /Engine could not be created/, /Engine creation failed/, /Failed to create engine/, /Failed to parse onnx file/, /Failure while parsing ONNX/, /Parsing model failed/, /Network validation failed/, /Cuda failure/, /^Aborting/, /Unknown option:/, /Engine deserialization failed/, /Could not deserialize engine/, /FAILED_EXECUTION/, /Cannot find any available devices/, /Cannot find device ID/, /Uncaught exception detected/, /Building engine failed/, /Serialization assertion /, /Deserialize the cuda engine failed/, /SymbolAddress for \w+ could not be loaded/);
/** The failure evidence in one line, if any. */
function matchEvidence(message) {
    for (let rank = 0; rank < EVIDENCE.length; rank += 1) {
        const evidence = EVIDENCE[rank];
        if (evidence.pattern.test(message))
            return { kind: evidence.kind, message, rank, ...(evidence.hint && { hint: evidence.hint }) };
    }
    return null;
}
/** "Requested amount of GPU memory (N bytes)", "requested size of N", "allocating N-byte buffer". */
function requestedBytes(line) {
    const match = /memory \((\d+) bytes\)|requested size of (\d+)|allocating (\d+)-byte/.exec(line);
    return match ? Number(match[1] ?? match[2] ?? match[3]) : null;
}
function hintFor(kind, message, context = {}) {
    switch (kind) {
        case 'out-of-memory': {
            const asked = context.requestedBytes ?? requestedBytes(message);
            const floor = context.minWorkspaceBytes !== undefined
                ? ` down to min-workspace (${(0,_units_js__WEBPACK_IMPORTED_MODULE_0__/* .formatBytes */ .z3)(context.minWorkspaceBytes)})`
                : ' down to min-workspace';
            return (`The GPU ran out of memory during the build${asked ? ` (TensorRT asked for ${(0,_units_js__WEBPACK_IMPORTED_MODULE_0__/* .formatBytes */ .z3)(asked)})` : ''}. ` +
                `trt-ci retries with the workspace halved${floor}; if that is not enough, split the profile's max shapes, ` +
                'free the GPU (nvidia-smi ' +
                '--query-compute-apps=pid,used_memory --format=csv), or build on a GPU with more memory.');
        }
        case 'driver-insufficient': {
            // Every TensorRT 11 package is built with CUDA 13 (docs/compatibility.md); earlier lines ship per-CUDA
            // builds.
            const version = context.tensorrtVersion ? (0,_version_js__WEBPACK_IMPORTED_MODULE_2__/* .parseVersion */ .ot)(context.tensorrtVersion) : null;
            const known = version && version.major >= 11
                ? `TensorRT ${context.tensorrtVersion} is built with CUDA 13, which needs driver >= 580.65.06 on Linux. `
                : '';
            return (`The NVIDIA driver is older than the CUDA runtime this TensorRT ` +
                `was built with. ${known}Linux drivers needed: CUDA 13.x >= 580.65.06, ` +
                '12.x >= 525.60.13, 11.x >= 450.80.02. Compare `nvidia-smi ' +
                '--query-gpu=driver_version --format=csv` with the libcudart.so that ' +
                'trtexec links (ldd $(which trtexec) | grep cudart), then ' +
                "upgrade the runner's driver or use a container for an older CUDA.");
        }
        case 'unsupported-gpu':
            return ('This TensorRT release has no kernels for this GPU (TensorRT >= ' +
                '10.5 needs compute capability >= 7.5; 8.4 lacks 8.9; 10.7 lacks 12.0). ' +
                'Use a TensorRT release that supports the GPU, or run on a runner whose GPU it supports.');
        case 'plugin-missing':
            return ('A layer needs a plugin that was not loaded. List the ' +
                "plugin library under the model's `plugins:` (trt-ci passes it with " +
                '--staticPlugins, or --plugins before TensorRT 8.6), and ' +
                'check that the .so is in the image and built against this TensorRT.');
        case 'plan-incompatible':
            return ('The plan was built by another TensorRT version or for another ' +
                'GPU; plans are not portable unless built with --versionCompatible ' +
                'or --hardwareCompatibilityLevel. Rebuild it with this TensorRT on this GPU type.');
        case 'onnx-parse':
            return ("TensorRT's ONNX parser rejected the model. Check that " +
                'its opset is supported by this TensorRT, run onnx.checker or ' +
                '`polygraphy inspect model` on it, and fold constants ' +
                '(`polygraphy surgeon sanitize --fold-constants`) before the build.');
        case 'unknown-option': {
            const flag = /Unknown option: (--[A-Za-z0-9]+)/.exec(message)?.[1];
            const version = context.tensorrtVersion ? (0,_version_js__WEBPACK_IMPORTED_MODULE_2__/* .parseVersion */ .ot)(context.tensorrtVersion) : null;
            const verdict = flag && version ? (0,_flags_js__WEBPACK_IMPORTED_MODULE_1__/* .flagSupport */ .GP)(flag, version) : null;
            const why = verdict && !verdict.ok
                ? `${verdict.reason}. `
                : `trtexec ${context.tensorrtVersion ?? ''} does not know ${flag ?? 'this flag'}. `;
            return `${why}Remove it from extra-args, or run \`trtexec --help\` to see the flags this version takes.`;
        }
        case 'cancelled':
            return 'The run was cancelled (Ctrl-C, or the job was cancelled) before this build could finish; run again.';
        case 'timeout': {
            const limit = context.buildTimeoutMs !== undefined ? ` (${(0,_units_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(context.buildTimeoutMs)})` : '';
            return (`The build ran past build-timeout${limit} and its whole ` +
                `process group was stopped. Raise build-timeout, keep the timing cache ` +
                'between runs (timing-cache) so later builds are faster, or pass ' +
                '--builderOptimizationLevel=2 in extra-args to search fewer tactics.');
        }
        case 'other':
            return (`trtexec failed for a reason trt-ci does not recognise; read the ` +
                `log${context.logFile ? ` (${context.logFile})` : ''} from the first [E] line.`);
    }
}


/***/ }),

/***/ 52256:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   AM: () => (/* binding */ hasKnownSpan),
/* harmony export */   GI: () => (/* binding */ flagName),
/* harmony export */   GP: () => (/* binding */ flagSupport),
/* harmony export */   LO: () => (/* binding */ resolveFlagPaths),
/* harmony export */   Lt: () => (/* binding */ hasFlag),
/* harmony export */   mp: () => (/* binding */ MANAGED_FLAGS)
/* harmony export */ });
/* harmony import */ var _version_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(13139);

const FLAG_SPANS = {
    '--workspace': { until: '10.0', instead: '--memPoolSize=workspace:<MiB> (trt-ci sets it from `workspace:`)' },
    '--memPoolSize': { since: '8.4' },
    '--fp16': {
        until: '11.0',
        instead: 'a strongly typed ONNX (ModelOpt AutoCast); TensorRT 11 removed precision flags',
    },
    '--int8': { until: '11.0', instead: 'a quantized (Q/DQ) ONNX; TensorRT 11 removed precision flags' },
    '--best': { until: '11.0', instead: 'a strongly typed ONNX; TensorRT 11 removed precision flags' },
    '--bf16': { since: '10.0', until: '11.0', instead: 'a strongly typed ONNX; TensorRT 11 removed precision flags' },
    '--fp8': { since: '8.6', until: '11.0', instead: 'a quantized ONNX; TensorRT 11 removed precision flags' },
    '--int4': { since: '10.1', until: '11.0', instead: 'a quantized ONNX; TensorRT 11 removed precision flags' },
    '--stronglyTyped': { since: '10.0' },
    '--calib': { until: '11.0' },
    '--skipInference': { since: '8.6', instead: '--buildOnly before TensorRT 8.6' },
    '--buildOnly': { until: '10.0', instead: '--skipInference' },
    '--staticPlugins': { since: '8.6', instead: '--plugins' },
    '--dynamicPlugins': { since: '8.6' },
    '--setPluginsToSerialize': { since: '8.6' },
    '--timingCacheFile': { since: '8.0' },
    '--profilingVerbosity': { since: '8.2' },
    '--exportLayerInfo': { since: '8.2' },
    '--builderOptimizationLevel': { since: '8.6' },
    '--hardwareCompatibilityLevel': { since: '8.6' },
    '--versionCompatible': { since: '8.6' },
    '--profile': { since: '10.0' },
    '--useProfile': { since: '10.0' },
    '--getPlanVersionOnly': { since: '10.0' },
    '--explicitBatch': { until: '10.0' },
    '--minTiming': { until: '10.0', instead: '--avgTiming' },
    '--uff': { until: '10.0', instead: '--onnx' },
    '--model': { until: '10.0', instead: '--onnx' },
    '--deploy': { until: '10.0', instead: '--onnx' },
    '--batch': { until: '10.0', instead: 'explicit shapes' },
    '--maxBatch': { until: '10.0', instead: 'explicit shapes' },
    '--precisionConstraints': { since: '8.2', until: '11.0' },
    '--layerPrecisions': { since: '8.4', until: '11.0' },
    '--layerOutputTypes': { since: '8.4', until: '11.0' },
    '--includeDataTransfers': { since: '11.0' },
    '--noCudaGraph': { since: '11.0' },
    '--noSpinWait': { since: '11.0' },
    '--dumpRawBindingsToFile': { since: '8.6' },
    '--loadRefOutputs': { since: '11.1' },
    '--accuracyAlgorithm': { since: '11.1' },
    '--accuracyThreshold': { since: '11.1' },
    '--atol': { since: '11.1' },
    '--rtol': { since: '11.1' },
};
/** Flags that no trtexec ever had, though they are often written (docs/trtexec-flags.md). */
const NEVER_FLAGS = {
    '--engineCollection': 'trtexec has no --engineCollection; trt-ci builds one engine per profile',
    '--optProfile': 'trtexec has no --optProfile; multiple profiles are --profile=N plus shapes (TensorRT >= 10)',
};
/** Whether `flag` (as "--name", without "=value") is accepted by trtexec `version`. */
function flagSupport(flag, version) {
    const never = NEVER_FLAGS[flag];
    if (never)
        return { ok: false, reason: never };
    const span = FLAG_SPANS[flag];
    if (!span)
        return { ok: true };
    const v = (0,_version_js__WEBPACK_IMPORTED_MODULE_0__/* .formatVersion */ .qh)(version);
    if (span.since && !(0,_version_js__WEBPACK_IMPORTED_MODULE_0__/* .atLeast */ .jZ)(version, span.since)) {
        return {
            ok: false,
            reason: `${flag} needs TensorRT >= ${span.since}, this ` +
                `trtexec is ${v}${span.instead ? `; use ${span.instead}` : ''}`,
        };
    }
    if (span.until && (0,_version_js__WEBPACK_IMPORTED_MODULE_0__/* .atLeast */ .jZ)(version, span.until)) {
        return {
            ok: false,
            reason: `${flag} was removed in TensorRT ${span.until}, this ` +
                `trtexec is ${v}${span.instead ? `; use ${span.instead}` : ''}`,
        };
    }
    return { ok: true };
}
/** Whether trt-ci knows from which version to which this flag exists (so --help need not list it). */
function hasKnownSpan(flag) {
    return Object.hasOwn(FLAG_SPANS, flag);
}
function hasFlag(flag, version) {
    return flagSupport(flag, version).ok;
}
/**
 * Flags trt-ci derives from the config itself; `extra-args` may not set them, or the manifest and
 * the back-off would describe a build that did not happen.
 */
const MANAGED_FLAGS = new Set([
    '--onnx',
    '--saveEngine',
    '--loadEngine',
    '--minShapes',
    '--optShapes',
    '--maxShapes',
    '--shapes',
    '--profile',
    '--memPoolSize',
    '--workspace',
    '--timingCacheFile',
    '--skipInference',
    '--buildOnly',
    '--plugins',
    '--staticPlugins',
    '--exportLayerInfo',
    '--fp16',
    '--bf16',
    '--int8',
    '--fp8',
    '--int4',
    '--best',
    '--stronglyTyped',
]);
/** "--foo=bar" → "--foo". */
function flagName(arg) {
    const eq = arg.indexOf('=');
    return eq === -1 ? arg : arg.slice(0, eq);
}
/**
 * Flags whose value names files: `file` is the whole value, `named` is `name:file[,name:file]`
 * (--loadInputs). In extra-args their relative paths are relative to trt-ci.yml's folder, like every
 * path in the config (sampleOptions.cpp reads them relative to trtexec's working directory).
 */
const FILE_FLAGS = {
    '--calib': 'file',
    '--loadInputs': 'named',
    '--loadRefOutputs': 'named',
    '--exportTimes': 'file',
    '--exportProfile': 'file',
    '--exportOutput': 'file',
    '--setPluginsToSerialize': 'file',
    '--tuningCacheFile': 'file',
    '--leanDLLPath': 'file',
};
/** An extra-args entry with the relative file paths in its value made absolute against `dir`. */
function resolveFlagPaths(arg, dir, resolvePath) {
    const eq = arg.indexOf('=');
    const kind = eq === -1 ? undefined : FILE_FLAGS[arg.slice(0, eq)];
    if (!kind)
        return arg;
    const value = arg.slice(eq + 1);
    const resolved = kind === 'file'
        ? resolvePath(dir, value)
        : value
            .split(',')
            .map((item) => {
            const at = item.indexOf(':');
            return at === -1 ? item : `${item.slice(0, at + 1)}${resolvePath(dir, item.slice(at + 1))}`;
        })
            .join(',');
    return `${arg.slice(0, eq + 1)}${resolved}`;
}


/***/ }),

/***/ 13139:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ao: () => (/* binding */ BANNER_PATTERN),
/* harmony export */   jZ: () => (/* binding */ atLeast),
/* harmony export */   ot: () => (/* binding */ parseVersion),
/* harmony export */   qh: () => (/* binding */ formatVersion),
/* harmony export */   xJ: () => (/* binding */ decodeBannerVersion)
/* harmony export */ });
/* unused harmony export compareVersions */
/**
 * Decodes the `[TensorRT vNNNN] [bNN]` tag of trtexec's `&&&&` lines. NV_TENSORRT_VERSION is
 * major*1000+minor*100+patch up to 8.x (4 digits: v8601) and major*10000+minor*100+patch from 10
 * (6 digits: v101601), so the digit count tells the two apart.
 */
function decodeBannerVersion(digits, build) {
    const value = Number(digits);
    if (!Number.isInteger(value))
        return null;
    const buildNumber = build === undefined ? null : Number(build);
    if (digits.length === 4) {
        return {
            major: Math.floor(value / 1000),
            minor: Math.floor((value % 1000) / 100),
            patch: value % 100,
            build: buildNumber,
        };
    }
    if (digits.length === 6) {
        return {
            major: Math.floor(value / 10000),
            minor: Math.floor((value % 10000) / 100),
            patch: value % 100,
            build: buildNumber,
        };
    }
    return null;
}
const BANNER_PATTERN = /^&&&& (RUNNING|PASSED|FAILED|WAIVED) TensorRT\.trtexec \[TensorRT v(\d+)\](?: \[b(\d+)\])?/;
/** "10.16.1", "10.16.1.11", "8.6" → version; null when it is not one. */
function parseVersion(text) {
    const match = /^(\d+)\.(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(text.trim());
    if (!match)
        return null;
    return {
        major: Number(match[1]),
        minor: Number(match[2]),
        patch: match[3] === undefined ? 0 : Number(match[3]),
        build: match[4] === undefined ? null : Number(match[4]),
    };
}
function formatVersion(version, withBuild = false) {
    const base = `${version.major}.${version.minor}.${version.patch}`;
    return withBuild && version.build !== null ? `${base}.${version.build}` : base;
}
/** Compares release numbers, ignoring the build number. */
function compareVersions(a, b) {
    return a.major - b.major || a.minor - b.minor || a.patch - b.patch;
}
/** True when `version` is at least "major.minor". */
function atLeast(version, majorMinor) {
    const floor = parseVersion(majorMinor);
    if (!floor)
        throw new Error(`bad version literal ${majorMinor}`);
    return compareVersions(version, floor) >= 0;
}


/***/ }),

/***/ 84196:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Cq: () => (/* binding */ DURATION_PATTERN),
/* harmony export */   DB: () => (/* binding */ parseSize),
/* harmony export */   E9: () => (/* binding */ parseDuration),
/* harmony export */   Xo: () => (/* binding */ formatSeconds),
/* harmony export */   _V: () => (/* binding */ formatMs),
/* harmony export */   a3: () => (/* binding */ formatDuration),
/* harmony export */   bv: () => (/* binding */ SIZE_PATTERN),
/* harmony export */   lv: () => (/* binding */ MiB),
/* harmony export */   z3: () => (/* binding */ formatBytes)
/* harmony export */ });
const SIZE_UNITS = {
    B: 1,
    KiB: 1024,
    MiB: 1024 ** 2,
    GiB: 1024 ** 3,
    TiB: 1024 ** 4,
    KB: 1e3,
    MB: 1e6,
    GB: 1e9,
    TB: 1e12,
};
/** A size with its unit; the config's schema checks sizes with it too. */
const SIZE_PATTERN = /^(\d+(?:\.\d+)?)\s*(B|KiB|MiB|GiB|TiB|KB|MB|GB|TB)$/;
/** Bytes for "4GiB", "512MiB", "1.5GB"; null when the text is not a size with a unit. */
function parseSize(text) {
    const match = SIZE_PATTERN.exec(text.trim());
    if (!match)
        return null;
    return Math.round(Number(match[1]) * SIZE_UNITS[match[2]]);
}
const DURATION_UNITS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
const DURATION_PATTERN = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)$/;
/** Milliseconds for "45m", "90s", "1.5h"; null when the text is not a duration with a unit. */
function parseDuration(text) {
    const match = DURATION_PATTERN.exec(text.trim());
    if (!match)
        return null;
    return Math.round(Number(match[1]) * DURATION_UNITS[match[2]]);
}
const MiB = 1024 ** 2;
function formatBytes(bytes) {
    const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
    let value = bytes;
    let unit = 0;
    while (Math.abs(value) >= 1024 && unit < units.length - 1) {
        value /= 1024;
        unit += 1;
    }
    return unit === 0 ? `${bytes} B` : `${value.toFixed(value >= 100 ? 0 : value >= 10 ? 1 : 2)} ${units[unit]}`;
}
function formatSeconds(seconds) {
    if (seconds < 60)
        return `${seconds.toFixed(1)} s`;
    const minutes = Math.floor(seconds / 60);
    return `${minutes}m ${Math.round(seconds - minutes * 60)}s`;
}
/** A duration in the largest unit that holds it whole: 45m as "45 min", 90s as "90 s", 1500ms as "1500 ms". */
function formatDuration(ms) {
    if (ms >= 3_600_000 && ms % 3_600_000 === 0)
        return `${ms / 3_600_000} h`;
    if (ms >= 60_000 && ms % 60_000 === 0)
        return `${ms / 60_000} min`;
    if (ms >= 1_000 && ms % 1_000 === 0)
        return `${ms / 1_000} s`;
    return `${ms} ms`;
}
/** A time in ms to three significant figures: 0.0437 ms, 1.23 ms, 123 ms (trtexec prints seven). */
function formatMs(ms) {
    return `${Number(ms.toPrecision(3))} ms`;
}


/***/ }),

/***/ 96513:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   UX: () => (/* binding */ mostlyTrailingZeros),
/* harmony export */   gy: () => (/* binding */ PADDING_ISSUE),
/* harmony export */   oG: () => (/* binding */ diagnosePlan)
/* harmony export */ });
/* unused harmony export MOSTLY_ZEROS */
/* harmony import */ var _units_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(84196);
/* harmony import */ var _layer_info_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(52517);


const PADDING_ISSUE = 'https://github.com/NVIDIA/TensorRT/issues/4841';
/** A plan at least this much trailing zeros is diagnosed. */
const MOSTLY_ZEROS = 0.5;
function mostlyTrailingZeros(scan) {
    return scan.bytes > 0 && scan.trailingZeroBytes / scan.bytes >= MOSTLY_ZEROS;
}
/**
 * Why a plan is mostly a trailing zero run, as far as its layer info can tell: TensorRT 11.2 pads the
 * plan with 7× the fp16 activation of every pointwise op that could not fuse into its Conv, and those
 * ops run as Myelin kernels (NVIDIA/TensorRT#4841).
 */
function diagnosePlan(scan, layerInfo) {
    if (!mostlyTrailingZeros(scan))
        return null;
    const share = Math.round((scan.trailingZeroBytes / scan.bytes) * 100);
    const myelinLayers = (layerInfo?.myelin ?? []).map((layer) => ({ ...layer, looksLike: (0,_layer_info_js__WEBPACK_IMPORTED_MODULE_1__/* .describeOps */ .sN)(layer.ops) }));
    const advice = [];
    const named = myelinLayers
        .filter((l) => l.kind === 'kgen')
        .map((l) => `${l.name}${l.ops.length ? ` (${l.ops.join(', ')})` : ''}`);
    if (named.length > 0) {
        advice.push(`Let the pointwise ops of ` +
            `${named.slice(0, 5).join('; ')}${named.length > 5 ? ` and ${named.length - 5} more` : ''} ` +
            `fuse into their Conv: ` +
            'an op that cannot fuse (for instance a LeakyRelu after a DepthToSpace) ' +
            'can often be moved across the reshaping op, so that Conv+activation fuse again.');
    }
    else {
        advice.push('Find the pointwise ops that did not fuse into a Conv (for instance ' +
            'an activation after a DepthToSpace) and move them so that they fuse.');
    }
    if (!layerInfo)
        advice.push('Build with --profilingVerbosity=detailed --exportLayerInfo=FILE ' +
            '(trt-ci does, from TensorRT 8.2) to see which Myelin kernels are involved.');
    else if (layerInfo.verbosity === 'layer_names_only')
        advice.push('The layer info has names only: build with ' +
            '--profilingVerbosity=detailed to see the Myelin kernels inside each {ForeignNode[…]}.');
    advice.push('Build the same ONNX with the previous TensorRT and compare: on ' +
        '#4841 the plan was 10,508 bytes with 10.16.1 and 4.4 GB with 11.2.1.');
    advice.push('--builderOptimizationLevel=0 in extra-args only to diagnose: if the ' +
        'padding goes away, the tactic choice is involved (the engine will be slower).');
    return {
        summary: `${share}% of the plan ` +
            `(${(0,_units_js__WEBPACK_IMPORTED_MODULE_0__/* .formatBytes */ .z3)(scan.trailingZeroBytes)} of ${(0,_units_js__WEBPACK_IMPORTED_MODULE_0__/* .formatBytes */ .z3)(scan.bytes)}) is one run of zeros at its end`,
        layerInfo: layerInfo && { schema: layerInfo.schema, verbosity: layerInfo.verbosity, layers: layerInfo.layers },
        myelinLayers,
        advice,
        link: PADDING_ISSUE,
    };
}


/***/ }),

/***/ 52517:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   cq: () => (/* binding */ readLayerInfo),
/* harmony export */   sN: () => (/* binding */ describeOps)
/* harmony export */ });
/* unused harmony exports myelinOps, parseLayerInfo */
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(51455);

// Myelin spells the fused operations in the kernel's name, abbreviated: __myl_CastMulLtSeleCast_myl6_0.
const ABBREVIATIONS = {
    Sele: 'Select',
    Resh: 'Reshape',
    Gath: 'Gather',
    Tran: 'Transpose',
    Conc: 'Concat',
    Slic: 'Slice',
    Sigm: 'Sigmoid',
    Maxr: 'ReduceMax',
    Minr: 'ReduceMin',
    Expa: 'Expand',
    Squa: 'Square',
    Sqrt: 'Sqrt',
    Recp: 'Reciprocal',
    Resi: 'Resize',
};
/** "__myl_CastMulLtSeleCast_myl6_0" → ["Cast", "Mul", "Lt", "Select", "Cast"]. */
function myelinOps(name) {
    const fused = /^__myl_([A-Za-z]+?)_myl\d+_\d+$/.exec(name)?.[1];
    if (!fused)
        return [];
    return (fused.match(/[A-Z][a-z]*/g) ?? []).map((part) => ABBREVIATIONS[part] ?? part);
}
/** What a Myelin kernel's ops amount to, where the pattern is known (#4841: LeakyRelu as compare and select). */
function describeOps(ops) {
    const has = (op) => ops.includes(op);
    if (has('Mul') && (has('Lt') || has('Gt')) && has('Select'))
        return 'a LeakyRelu lowered to Mul, compare and Select';
    if (has('Mul') && has('Max'))
        return 'a LeakyRelu written as Mul and Max';
    return null;
}
function isMyelinName(name) {
    return name.startsWith('__myl_') || name.includes('{ForeignNode[');
}
/** Parses trtexec's --exportLayerInfo JSON, in both the 10.x and the 11.x schema. */
function parseLayerInfo(text) {
    let json;
    try {
        json = JSON.parse(text);
    }
    catch {
        return null;
    }
    if (!Array.isArray(json.Layers))
        return null;
    const schema = 'I/O Tensors' in json ? '11.x (I/O Tensors)' : 'Bindings' in json ? '10.x (Bindings)' : 'unknown';
    const detailed = json.Layers.some((layer) => typeof layer === 'object' && layer !== null);
    const myelin = [];
    for (const layer of json.Layers) {
        const name = typeof layer === 'string' ? layer : String(layer.Name ?? '');
        const type = typeof layer === 'object' && layer !== null ? layer.LayerType : undefined;
        if (!isMyelinName(name) && type !== 'kgen' && type !== 'Myelin')
            continue;
        myelin.push({
            name,
            kind: name.includes('{ForeignNode[') || type === 'Myelin' ? 'foreign-node' : 'kgen',
            ops: myelinOps(name),
        });
    }
    return { schema, verbosity: detailed ? 'detailed' : 'layer_names_only', layers: json.Layers.length, myelin };
}
async function readLayerInfo(path) {
    try {
        return parseLayerInfo(await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_0__.readFile)(path, 'utf8'));
    }
    catch {
        return null;
    }
}


/***/ })

};
