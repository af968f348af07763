export const id = 152;
export const ids = [152];
export const modules = {

/***/ 30152:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runCommand: () => (/* binding */ run_runCommand)
});

;// CONCATENATED MODULE: ./.build/tsc/common/log-text.js
// Text from outside (trtexec's output, a plugin path, a model's name, a fork's report) printed to a job's
// log. The runner reads a line that starts with `::` as a workflow command (::error::, ::add-mask::,
// ::stop-commands::), and a bare \r (or U+2028/U+2029/U+0085) starts a new line for it: so every line
// break inside a value becomes a space, and a line that would start with `::` gets a zero-width space
// between the colons. Bidirectional overrides go too: they make a log line read other than it is.
/** U+202A-U+202E and U+2066-U+2069: embeddings, overrides and isolates. */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;
/** One value inside a log line: no line break, no bidirectional control. */
function logValue(value) {
    return value.replace(/\r\n|[\r\n\u2028\u2029\u0085]/g, ' ').replace(BIDI_CONTROLS, '');
}
/** Lines for the job log (split at \n only: the renderer's own line breaks); none can be a workflow command. */
function logLines(text) {
    return text
        .split('\n')
        .map((line) => logValue(line).replace(/^(\s*):(?=:)/, '$1:\u200b'))
        .join('\n');
}

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 13 modules
var core = __webpack_require__(77094);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: ./node_modules/@actions/github/lib/github.js
var github = __webpack_require__(61351);
// EXTERNAL MODULE: ./node_modules/@octokit/plugin-retry/dist-bundle/index.js
var dist_bundle = __webpack_require__(49735);
// EXTERNAL MODULE: ./node_modules/@octokit/plugin-throttling/dist-bundle/index.js
var plugin_throttling_dist_bundle = __webpack_require__(86856);
// EXTERNAL MODULE: ./node_modules/bottleneck/lib/index.js
var lib = __webpack_require__(62203);
;// CONCATENATED MODULE: ./.build/tsc/github/octokit.js




/** No GitHub request may hang the job: each gets this long. */
const REQUEST_TIMEOUT_MS = 30_000;
/**
 * The client for a token: every request times out; a 5xx or a network error is retried with backoff
 * (1 s, 4 s, 9 s); writes are paced a second apart, as GitHub asks of clients that post several; a
 * rate limit is waited out twice before giving up. TRT_CI_GITHUB_BACKOFF_MS replaces the second that
 * both the backoff and the pacing are made of.
 */
function makeOctokit(token, env) {
    const configured = Number(env.TRT_CI_GITHUB_BACKOFF_MS);
    const unitMs = env.TRT_CI_GITHUB_BACKOFF_MS && Number.isFinite(configured) && configured >= 0 ? configured : 1_000;
    return (0,github/* getOctokit */.Q)(token, {
        // The job's API (GitHub Enterprise Server has its own), from the environment the entry was handed.
        baseUrl: env.GITHUB_API_URL || 'https://api.github.com',
        retry: { retryAfterBaseValue: unitMs },
        request: {
            fetch: (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }),
        },
        throttle: {
            write: new lib.Group({ maxConcurrent: 1, minTime: unitMs }),
            onRateLimit: (_after, _options, _octokit, retryCount) => retryCount < 2,
            onSecondaryRateLimit: (_after, _options, _octokit, retryCount) => retryCount < 2,
        },
    }, dist_bundle/* retry */.L, plugin_throttling_dist_bundle/* throttling */.A);
}

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 14 modules
var schemas = __webpack_require__(74528);
;// CONCATENATED MODULE: ./.build/tsc/contract/metrics.js
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
/** What benchmark: ab adds unless latency-growth is set: 1% slower (significantly) fails. */
const AB_BUDGETS = {
    'latency-growth': { fail: { unit: 'fraction', value: 0.01, text: '1%' }, warn: null },
};
/**
 * What every model gets unless trt-ci.yml says otherwise: warnings only, for the two signs of
 * NVIDIA/TensorRT#4841 (a plan that is mostly a trailing zero run, a plan that grew a lot) and for an
 * accuracy that drifted from the baseline's.
 */
const DEFAULT_BUDGETS = {
    'trailing-zeros': { warn: { unit: 'fraction', value: 0.5, text: '50%' }, fail: null },
    'plan-growth': { warn: { unit: 'fraction', value: 0.2, text: '20%' }, fail: null },
    // Only for models with accuracy:; ten times the baseline's error is a change of kernel, not noise.
    'accuracy-drift': { warn: { unit: 'ratio', value: 10, text: '10x' }, fail: null },
};

;// CONCATENATED MODULE: ./.build/tsc/contract/checks.js
// The preflight checks, written once. Their ids are the report's `checks[].id`, the `skip-checks` values
// of trt-ci.yml and its JSON schema, and the rows of docs/preflight.md; preflight/ must judge every one,
// once: the preflight test holds a run's check ids to this table, so a check added here and judged nowhere
// fails it (npm run build regenerates the docs and schemas from the table, never the judges).
const PREFLIGHT_CHECKS = {
    'nvidia-smi': {
        source: 'nvidia-smi',
        looksAt: 'one `nvidia-smi --query-gpu` call (never the human table): the GPUs are visible and named',
        judges: 'fails when nvidia-smi is missing, fails or cannot name a GPU; warns on a corrupted infoROM (exit 14)',
    },
    driver: {
        source: 'gpu',
        looksAt: 'the driver version against the CUDA TensorRT uses (from `cuda:`, the libcudart trtexec links, the ' +
            'toolkit or CUDA_VERSION) and `min-driver`',
        judges: 'fails when the driver is older than that CUDA needs',
    },
    'gpu-arch': {
        source: 'gpu',
        looksAt: "each GPU's compute capability against the detected TensorRT's supported range",
        judges: 'fails when TensorRT cannot build for the GPU',
    },
    'expect-gpu': {
        source: 'gpu',
        looksAt: 'the GPU names against `expect-gpu`',
        judges: 'fails when a GPU is not one of them; skipped when `expect-gpu` is not set',
    },
    'gpu-memory': {
        source: 'gpu',
        looksAt: 'free GPU memory against the workspace plus a 1 GiB margin',
        judges: 'fails below `min-workspace` plus the margin; warns below `workspace` plus the margin',
    },
    'gpu-processes': {
        source: 'gpu',
        looksAt: 'compute processes already on the GPUs',
        judges: 'warns when another process holds a GPU, or when they cannot be listed',
    },
    mig: { source: 'gpu', looksAt: 'MIG mode', judges: 'warns when MIG is on (a build sees one slice)' },
    'compute-mode': {
        source: 'gpu',
        looksAt: 'the compute mode',
        judges: 'fails when it is Prohibited, or Exclusive_Process with another process holding the GPU',
    },
    display: { source: 'gpu', looksAt: 'an active display', judges: 'warns: the display watchdog can kill long kernels' },
    ecc: { source: 'gpu', looksAt: 'uncorrected ECC errors since the driver loaded', judges: 'fails when there are any' },
    persistence: { source: 'gpu', looksAt: 'persistence mode', judges: 'warns when it is off (slow first start)' },
    disk: {
        source: 'host',
        looksAt: 'free disk space at the output folder against `min-free-disk`',
        judges: 'fails below it; warns when it cannot be read',
    },
    plugins: {
        source: 'host',
        looksAt: 'each plugin `.so`: ELF for this machine, linking the same `libnvinfer.so.N` as trtexec',
        judges: 'fails on a missing, foreign or mislinked library',
    },
    'registry-login': {
        source: 'host',
        looksAt: "the Docker config (`$DOCKER_CONFIG`, else `~/.docker`) for a login to the registry cache's registries",
        judges: "warns on a run that is not the default branch's when one is there (on a persistent runner any job's code " +
            'reads it); skipped without an `oci://` cache',
    },
    'timing-cache': {
        source: 'host',
        looksAt: 'the record beside `timing-cache:` (`<file>.origin.json`, written by trt-ci): the TensorRT and GPU model ' +
            'of the build that wrote the file',
        judges: 'warns when it was written by another TensorRT or GPU model (builds there start without it and leave it ' +
            'as it is), or when there is no record (used as given); skipped without `timing-cache:`',
    },
    precision: {
        source: 'config',
        looksAt: "the models' precisions against the GPUs (fp8 needs compute capability 8.9) and int8 calibration",
        judges: 'fails on fp8 below 8.9; warns on int8 without a calibration cache',
    },
};
const CHECK_IDS = Object.keys(PREFLIGHT_CHECKS);
/** The checks judged from nvidia-smi's facts, skipped together when nvidia-smi itself fails. */
const GPU_CHECK_IDS = CHECK_IDS.filter((id) => PREFLIGHT_CHECKS[id].source === 'gpu');

;// CONCATENATED MODULE: ./.build/tsc/contract/failures.js
// Why a build, a run or a load failed: the report's `failure.kind` and parse-log's. tensorrt/failures.ts
// recognises them in trtexec's output and says what to do about each.
const FAILURE_KINDS = [
    'out-of-memory',
    'driver-insufficient',
    'unsupported-gpu',
    'plugin-missing',
    'plan-incompatible',
    'onnx-parse',
    'unknown-option',
    'timeout',
    /** TensorRT stopped on one of its own assertions (glibc's "Assertion `…' failed.", a Myelin bug). */
    'internal-assertion',
    /**
     * INT8 calibration failed (TensorRT <= 10; 11 has no calibrator): no scaling factors, a calibration cache that is
     * not one, an error while calibrating (an illegal memory access).
     */
    'int8-calibration',
    /** TensorRT found no kernel (tactic) for a layer at its shapes and precisions ("Could not find any …"). */
    'no-implementation',
    /** The network has a dynamic or shape input that the build's optimization profile gives no shape. */
    'no-profile',
    /** The profile's shapes do not fit the model: another rank than the input's, or not min <= opt <= max. */
    'bad-profile',
    'cancelled',
    /** Not built: the runner failed its preflight (said once for the run, not per engine). */
    'preflight-failed',
    /** Built, but FP32 everywhere while the model asks for FP16/BF16 (a strongly typed FP32 ONNX). */
    'silent-fp32',
    /**
     * Not built: the FP16/BF16 ONNX trt-ci wrote (TensorRT 11) is off from the model on ONNX Runtime, before any GPU
     * time. An accuracy verdict on the narrow model, not a build that broke.
     */
    'precision-onnx-inaccurate',
    'other',
];

;// CONCATENATED MODULE: ./.build/tsc/contract/values.js
// The small value schemas every part of the report uses.

const count = schemas/* number */.aig().int().nonnegative();
const nullableNumber = schemas/* number */.aig().nullable();
const nullableString = schemas/* string */.YjP().nullable();
/** Where something is written in trt-ci.yml, for annotations and messages. */
const configPositionSchema = schemas/* object */.Ikc({ file: schemas/* string */.YjP(), line: count, column: count });

;// CONCATENATED MODULE: ./.build/tsc/contract/built-from.js
// The ONNX an engine was built from when trt-ci wrote it (report.builds[].builtFrom), apart from report.ts for
// its size.


/**
 * ONNX Runtime's check of an ONNX trt-ci wrote (TensorRT 11's FP16 ONNX) against the user's, before it is built:
 * `agrees`, `differs` (an output out of the band: not built), `does-not-load` (not built), or `not-checked`
 * (ONNX Runtime cannot run the user's model itself: built, and said). `worst`: the float output with the largest
 * error, as a share of its largest value (null: Inf, NaN or a missing output where the model had a value);
 * `shape`: the inputs it ran at.
 */
const writtenCheckSchema = schemas/* object */.Ikc({
    status: schemas/* enum */.k5n(['agrees', 'differs', 'does-not-load', 'not-checked']),
    worst: schemas/* object */.Ikc({ output: schemas/* string */.YjP(), error: schemas/* number */.aig().nullable() }).nullable(),
    band: schemas/* number */.aig(),
    shape: schemas/* string */.YjP(),
    reason: schemas/* string */.YjP().nullable(),
});
/**
 * The FP16 or BF16 ONNX trt-ci wrote and trtexec built, for precision: fp16 or bf16 on TensorRT 11 (no --fp16 or
 * --bf16 there): its path, how many nodes compute in FP16, BF16 and FP32, the keep-fp32 nodes, the Casts between,
 * ONNX Runtime's check.
 */
const builtFromSchema = schemas/* object */.Ikc({
    onnx: schemas/* string */.YjP(),
    /** The narrow type written (absent in reports before BF16: fp16). */
    narrow: schemas/* enum */.k5n(['fp16', 'bf16']).optional(),
    fp16Nodes: count,
    /** Nodes computing in BF16 (absent in reports before BF16: 0). */
    bf16Nodes: count.optional(),
    fp32Nodes: count,
    kept: schemas/* array */.YOg(schemas/* string */.YjP()),
    /** Nodes the writer kept in FP32 on its own: they read a constant past the narrow type's largest value. */
    keptWide: schemas/* array */.YOg(schemas/* string */.YjP()).default([]),
    casts: count,
    /** ONNX Runtime's check of the written model before it was built (absent in reports before it). */
    check: writtenCheckSchema.optional(),
});

;// CONCATENATED MODULE: ./.build/tsc/contract/precision-search.js
// The record of a run's keep-fp32 search (report.precisionSearch), apart from report.ts for its size.


/**
 * A run's search for the keep-fp32 list of a model whose fp16 or bf16 engine failed its gate (precision-search:
 * true; src/accuracy/precision-search.ts): every candidate built and checked, the list to paste, its price.
 */
const precisionSearchSchema = schemas/* object */.Ikc({
    model: schemas/* string */.YjP(),
    /** error: the search could not run, or was cancelled (said in `error`); no list is decided then. */
    /** unjudged: keeping every candidate gave no verdict (a build or check that failed): no list is known. */
    /**
     * no-evidence: the first candidate (all-FP16, or the configured list alone) gave no verdict, so nothing shows
     * that any node must be kept: no list is given, whatever a later candidate did.
     */
    /** rechecked: a committed list after a TensorRT step, each node left out in turn (`dropped`: not needed). */
    outcome: schemas/* enum */.k5n([
        'found',
        'none-needed',
        'unfixable',
        'budget-spent',
        'rechecked',
        'error',
        'unjudged',
        'no-evidence',
    ]),
    keep: schemas/* array */.YOg(schemas/* string */.YjP()).nullable(),
    /** The model's keep-fp32 list as configured: every candidate keeps it, the search adds to it. */
    start: schemas/* array */.YOg(schemas/* string */.YjP()).default([]),
    candidates: count,
    /** How many regions (the all-FP16 engine's layers) were searched before the nodes in them; null: by node. */
    regions: nullableNumber.default(null),
    maxBuilds: count,
    /** No candidate build started after this (precision-search: { max-time }); null: no time bound. */
    maxSeconds: nullableNumber.default(null),
    /** budget-spent: which budget ran out, the builds or the time. */
    spent: schemas/* enum */.k5n(['builds', 'time']).nullable().default(null),
    /** Each candidate list built and checked, in order: the first is all-FP16 (or `start` alone). */
    builds: schemas/* array */.YOg(schemas/* object */.Ikc({
        keep: schemas/* array */.YOg(schemas/* string */.YjP()),
        passed: schemas/* boolean */.zMY(),
        /** Why this list gave no verdict (its build or its check failed); it counted as not passing. */
        unjudged: nullableString.default(null),
        worst: schemas/* string */.YjP(),
        planBytes: nullableNumber,
    })),
    /** The node where all-FP16's error starts, where the search opened; null when none was named. */
    openedAt: nullableString,
    /** The list built once more: its gate again, its latency against all-FP16 from an A/B, its plan size. */
    price: schemas/* object */.Ikc({ accuracy: schemas/* string */.YjP(), latency: schemas/* string */.YjP(), ratio: nullableNumber, planBytes: nullableNumber })
        .nullable(),
    error: nullableString,
    /** rechecked: the kept nodes this TensorRT no longer needs, and the step ("TensorRT 10.16 → 11.5"). */
    dropped: schemas/* array */.YOg(schemas/* string */.YjP()).default([]),
    step: nullableString.default(null),
    /** The folder of its candidate runs (each with its own report). */
    folder: schemas/* string */.YjP(),
    /** Where keep-fp32 goes in trt-ci.yml (the model's line). */
    configPosition: configPositionSchema.nullable(),
});

;// CONCATENATED MODULE: ./.build/tsc/contract/cache-summary.js
// The engine cache's account of a run, as the report holds it (record/ writes it from builds/run-cache.ts).


const artifactCounts = schemas/* object */.Ikc({ engine: count, reference: count, timing: count });
const cacheSummarySchema = schemas/* object */.Ikc({
    /** One key for all of this run's engines, for actions/cache. */
    key: schemas/* string */.YjP(),
    dir: schemas/* string */.YjP(),
    hits: count,
    misses: count,
    corrupt: count,
    untrusted: count.default(0),
    savedSeconds: schemas/* number */.aig(),
    bytes: count.nullable(),
    evicted: count,
    /** Why the cache was not used for some builds (the GPU model was unknown), or null. */
    refused: nullableString.default(null),
    /** What went wrong reading, writing or evicting entries; each such build was built instead of served. */
    problems: schemas/* array */.YOg(schemas/* string */.YjP()).default([]),
    /** With an oci:// cache: what the run read and wrote there. */
    registry: schemas/* object */.Ikc({
        /** The repositories read, in order (oci://…). */
        reads: schemas/* array */.YOg(schemas/* string */.YjP()),
        /** The repository written, or null: then `notWriting` says why. */
        writes: nullableString,
        notWriting: nullableString,
        /** Where the credentials came from (TRT_CI_REGISTRY_*, Docker config, GITHUB_TOKEN, none): never them. */
        credentials: schemas/* string */.YjP(),
        pulled: artifactCounts,
        pushed: artifactCounts,
        /** Engines built here that another run pushed first. */
        duplicates: count,
        /** What cache-max-size/-age deleted this run: each tag, with when it was pushed. */
        deleted: schemas/* array */.YOg(schemas/* string */.YjP()).default([]),
    })
        .nullable()
        .default(null),
});

;// CONCATENATED MODULE: ./.build/tsc/contract/consistency.js
// The consistency checks of an engine whose profile has a range: what the same engine gives for the same sample
// in different company, needing no reference (docs/accuracy.md#consistency). The report's `consistency`.


const CONSISTENCY_CHECKS = ['identical-rows', 'alone-vs-batch', 'same-run-twice'];
const consistencyCheckSchema = schemas/* object */.Ikc({
    id: schemas/* enum */.k5n(CONSISTENCY_CHECKS),
    status: schemas/* enum */.k5n(['passed', 'failed', 'skipped']),
    /** What was compared and what it found, in words: the failure's line, or why the check was skipped. */
    message: schemas/* string */.YjP(),
    /** The output that differed most (null: none differed, or skipped). */
    output: nullableString.default(null),
    maxAbsDiff: nullableNumber.default(null),
    /** Share (0-1) of that output's elements out of tolerance. */
    outOfTolerance: nullableNumber.default(null),
    /** Every compared value had the same bits (null: skipped). */
    bitwiseEqual: schemas/* boolean */.zMY().nullable().default(null),
});
const consistencySchema = schemas/* object */.Ikc({
    /**
     * failed: a check found rows that should agree out of tolerance; error: the engine could not be run (why in
     * `reason`); off: the model turned the checks off (its reason); skipped: no batch to check (why in `reason`).
     */
    status: schemas/* enum */.k5n(['passed', 'failed', 'error', 'off', 'skipped']),
    /** The batch dimension and the batch size the checks ran at; null when none. */
    batch: schemas/* object */.Ikc({ dim: count, size: count }).nullable().default(null),
    checks: schemas/* array */.YOg(consistencyCheckSchema).default([]),
    reason: nullableString.default(null),
});

;// CONCATENATED MODULE: ./.build/tsc/contract/stability.js
// How alike an engine's rebuilds are (docs/stability.md): the report's `stability`, when `stability:` asks.


const level = schemas/* enum */.k5n(['bits', 'tactics', 'outputs', 'latency', 'none']);
const rebuildSchema = schemas/* object */.Ikc({
    /** The strongest level measured to hold against the first build (src/stability/levels.ts). */
    level,
    /** Whether it was built with the run's timing cache (the last rebuild is built without it, where there is one). */
    timingCache: schemas/* boolean */.zMY(),
    bytesEqual: schemas/* boolean */.zMY(),
    /** Layers whose tactic changed, with both choices; null when layer info was not there to compare. */
    changedLayers: schemas/* array */.YOg(schemas/* object */.Ikc({ layer: schemas/* string */.YjP(), first: nullableString, again: nullableString })).nullable(),
    /** The outputs on the accuracy check's seeded inputs at opt against the first build's; null when not run. */
    outputs: schemas/* object */.Ikc({
        bitwiseEqual: schemas/* boolean */.zMY(),
        output: nullableString,
        maxAbsDiff: nullableNumber,
        outOfTolerance: schemas/* number */.aig(),
    })
        .nullable(),
    /**
     * The interleaved A/B of the rebuild against the first build on the same GPU (only where their bytes differ):
     * its verdict and head-over-base ratio; null when not run.
     */
    latency: schemas/* object */.Ikc({ verdict: schemas/* string */.YjP(), ratio: nullableNumber }).nullable().default(null),
    /** The rebuild's plan, and why it could not be compared (it did not build, it did not run). */
    plan: nullableString.default(null),
    problem: nullableString.default(null),
});
const stabilitySchema = schemas/* object */.Ikc({
    /** The level every rebuild reached (the weakest of them); null when no rebuild could be compared. */
    level: level.nullable(),
    rebuilds: schemas/* array */.YOg(rebuildSchema),
    /** How many rebuilds were asked for. */
    asked: count,
    /** Why nothing could be compared (the tested engine would not run on the inputs); null otherwise. */
    problem: nullableString.default(null),
});

;// CONCATENATED MODULE: ./.build/tsc/contract/engine-checks.js
// What the stages after the builds find for an engine, as the report holds it: its outputs against ONNX
// Runtime's (accuracy), its latency against the base engine's (the A/B), where and why it differs from the
// base engine (explain), and whether it loads where it ships (deploy) and what portability costs.


/** One output of one engine against ONNX Runtime's, at one of the profile's shapes. */
const accuracyOutputSchema = schemas/* object */.Ikc({
    /** A corner of the profile, or a seeded shape inside its range (interior). */
    shape: schemas/* enum */.k5n(['min', 'opt', 'max', 'interior']),
    /** The shapes it ran at, as trtexec's --shapes writes them (x:4x1x19x31); null in reports before 0.15. */
    at: nullableString.default(null),
    name: schemas/* string */.YjP(),
    maxAbsError: nullableNumber,
    maxRelError: nullableNumber,
    /** Share (0-1) of elements off by more than atol and rtol. */
    outOfTolerance: schemas/* number */.aig(),
    cosine: nullableNumber,
    nan: count,
    inf: count,
    /** The tolerances it was judged by: atol as used for this output (absolute). */
    atol: schemas/* number */.aig(),
    rtol: schemas/* number */.aig(),
    /**
     * Whose element rule gave outOfTolerance: trt-ci's (|e| > atol and > rtol·|r|, Polygraphy's), or trtexec
     * 11.1's own check (|e| > atol + rtol·|r|, NumPy's allclose) where that trtexec has it.
     */
    judgedBy: schemas/* enum */.k5n(['trt-ci', 'trtexec']).default('trt-ci'),
    /** Why it failed, or null. */
    failure: nullableString,
    /** With top-k: rows (every index but the last dimension) whose k largest classes are the reference's. */
    topK: schemas/* object */.Ikc({ k: count, rows: count, agree: count }).nullable().default(null),
});
/** One marked tensor's error, as a first-divergence pass measured it. */
const tensorErrorSchema = schemas/* object */.Ikc({
    maxAbsError: nullableNumber,
    maxRelError: nullableNumber,
    outOfTolerance: schemas/* number */.aig(),
    nan: count,
    inf: count,
});
/**
 * Where a failing engine's error first appears: the ONNX with its intermediate tensors marked as outputs,
 * built once with the same flags and run on the same inputs, each marked tensor against ONNX Runtime's.
 * found: `node` is the first node (in graph order) whose output leaves the tolerance; marked-passes: the
 * marked engine is within tolerance everywhere (marking changed the fusions), so no node can be named this
 * way; error: the pass could not run (`problem`).
 */
const divergenceSchema = schemas/* object */.Ikc({
    status: schemas/* enum */.k5n(['found', 'marked-passes', 'error']),
    shape: schemas/* enum */.k5n(['min', 'opt', 'max', 'interior']),
    /** Marked tensors (every float output of the main graph's nodes, or of each engine layer's last node). */
    marked: count,
    node: nullableString,
    op: nullableString,
    /** The precision the node computes in, per the FP16 table (fp16, or fp32 with why). */
    computes: nullableString,
    tensor: nullableString,
    error: tensorErrorSchema.nullable(),
    failure: nullableString,
    /** Marked tensors after the node: how many, and how many of them are out of tolerance. */
    downstream: schemas/* object */.Ikc({ marked: count, failing: count }).nullable(),
    /** The model's outputs out of tolerance in the marked engine. */
    outputsFailing: schemas/* array */.YOg(schemas/* string */.YjP()),
    /**
     * The nodes the error starts among: after the last marked tensor within tolerance, up to `node`. One node where
     * every node is marked; an engine layer's where only layer ends are (past 200 nodes). Absent in older reports.
     */
    span: schemas/* array */.YOg(schemas/* string */.YjP()).default([]),
    problem: nullableString,
    /** The marked engine's build log and the marked ONNX (for reproducing it). */
    log: nullableString,
    onnx: nullableString,
    /** Where to act: the model's keep-fp32 line, else its own line. */
    configPosition: configPositionSchema.nullable().default(null),
});
const accuracySchema = schemas/* object */.Ikc({
    /**
     * failed: out of tolerance; error: the check could not run (trtexec could not run the engine on the
     * inputs, say), with why in `problem`; not-checked: the model says accuracy: false.
     */
    status: schemas/* enum */.k5n(['passed', 'failed', 'error', 'not-checked']),
    outputs: schemas/* array */.YOg(accuracyOutputSchema),
    /** Why the check could not run at all (trtexec could not run the engine), or null. */
    problem: nullableString.default(null),
    /** The model's accuracy: line (or the top-level one it takes), where a failure is annotated. */
    configPosition: configPositionSchema.nullable().default(null),
    /** With status failed: where the error first appears (reports before 0.14 have none). */
    divergence: divergenceSchema.nullable().default(null),
});
/** One repetition of a latency A/B: one trtexec run of one side's engine. */
const abRunSchema = schemas/* object */.Ikc({
    side: schemas/* enum */.k5n(['base', 'head']),
    round: count,
    medianMs: schemas/* number */.aig(),
    p99Ms: schemas/* number */.aig(),
    iterations: count,
    throttled: schemas/* array */.YOg(schemas/* string */.YjP()),
    /** The SM clock read right after the run (nvidia-smi clocks.current.sm), when it could be. */
    smClockMHz: nullableNumber.default(null),
});
const sideFiguresSchema = schemas/* object */.Ikc({ median: schemas/* number */.aig(), p99: schemas/* number */.aig() }).nullable();
/**
 * What a latency is made of (src/tensorrt/measurement.ts): host-device copies in the timed work or not, a
 * CUDA graph launch, spin-wait synchronization. TensorRT 10 and 11 measure differently when asked nothing.
 */
const measurementSchema = schemas/* object */.Ikc({
    dataTransfers: schemas/* boolean */.zMY(),
    cudaGraph: schemas/* boolean */.zMY(),
    spinWait: schemas/* boolean */.zMY(),
});
/** The latency A/B of an engine against its base engine on the same GPU (benchmark: ab, trt-ci ab). */
const latencySchema = schemas/* object */.Ikc({
    /** head-failed: the head engine built but could not be run (it crashed): a failure of the run. */
    verdict: schemas/* enum */.k5n(['slower', 'faster', 'same', 'inconclusive', 'contract-mismatch', 'head-failed']),
    /** Head over base (Hodges-Lehmann on the repetition medians) and its 95% interval. */
    ratio: nullableNumber,
    ci: schemas/* tuple */.PVZ([schemas/* number */.aig(), schemas/* number */.aig()]).nullable(),
    /** Mann-Whitney U, two-sided. */
    p: nullableNumber,
    base: sideFiguresSchema,
    head: sideFiguresSchema,
    repetitions: count,
    reason: schemas/* string */.YjP(),
    retried: schemas/* boolean */.zMY(),
    /** The smallest change that counts (latency-growth; 0.02 = 2%). */
    budget: schemas/* number */.aig(),
    /** Whether the GPU's clock event counters were read: without them, throttling cannot be seen. */
    clockEventsRead: schemas/* boolean */.zMY(),
    /**
     * Where the base engine came from: the base job's uploaded plans, the engine cache (by the baseline's
     * cache key), a build from the base commit's ONNX (base-ref:), or a plan file given to trt-ci ab.
     */
    baseEngine: schemas/* object */.Ikc({ source: schemas/* enum */.k5n(['cache', 'plans', 'rebuilt', 'given']), plan: schemas/* string */.YjP() }).nullable(),
    runs: schemas/* array */.YOg(abRunSchema),
    /** What both sides ran under (the same, or the A/B is a contract mismatch); null when nothing ran. */
    measurement: measurementSchema.nullable().default(null),
});
/** What changed in a region between the base and the head engine (docs/explain.md). */
const EXPLAIN_CHANGES = ['new', 'gone', 'precision', 'fusion', 'tactic', 'reformat-added', 'reformat-removed'];
const explainSideSchema = schemas/* object */.Ikc({
    /** The engine's layers in this region, by name. */
    layers: schemas/* array */.YOg(schemas/* string */.YjP()),
    /** Their time from --exportProfile (median of the runs' sums); null without a profile. */
    timeMs: nullableNumber,
    /** max - min of that sum over the profile runs; null with fewer than two. */
    spreadMs: nullableNumber,
    /** timeMs as a share of this engine's layer time (the sum of all its layers'); null without a profile. */
    timeShare: nullableNumber.default(null),
    weightBytes: count,
    /** Precisions of the outputs of its computing layers (reformats left out). */
    precisions: schemas/* array */.YOg(schemas/* string */.YjP()),
    /** Formats of its computing layers' inputs and outputs ("Channel major FP16 format where channel % 8 == 0"). */
    formats: schemas/* array */.YOg(schemas/* string */.YjP()).default([]),
    tactics: schemas/* array */.YOg(schemas/* string */.YjP()),
});
const explainTotalSchema = schemas/* object */.Ikc({
    layers: count,
    timeMs: nullableNumber,
    weightBytes: count,
    /** The plan's size, when known: weightBytes + paddingBytes + otherBytes. */
    planBytes: count.nullable().default(null),
    /**
     * The zeros at the plan's end when they are most of it (the TensorRT 11.2 bloat, NVIDIA/TensorRT#4841,
     * verify's diagnosis); 0 otherwise; null when the plan is unknown.
     */
    paddingBytes: count.nullable().default(null),
    /** The rest of the plan: kernels, Myelin code, the engine's own structures. */
    otherBytes: count.nullable().default(null),
});
/** Why an engine changed: its layers and the base engine's grouped by the ONNX nodes they compute. */
const explainSchema = schemas/* object */.Ikc({
    base: explainTotalSchema,
    head: explainTotalSchema,
    regions: schemas/* array */.YOg(schemas/* object */.Ikc({
        onnxNodes: schemas/* array */.YOg(schemas/* string */.YjP()),
        base: explainSideSchema,
        head: explainSideSchema,
        deltaMs: nullableNumber,
        /** deltaMs as a share of the measured change (the A/B's, else the layer-time sums'). */
        share: nullableNumber,
        /** Beyond both sides' run-to-run spread; null without two profile runs a side. */
        significant: schemas/* boolean */.zMY().nullable(),
        change: schemas/* array */.YOg(schemas/* enum */.k5n(EXPLAIN_CHANGES)),
    })),
    /** What limits the explanation (coarse layer info, auxiliary streams, averages, unmatched names). */
    notes: schemas/* array */.YOg(schemas/* string */.YjP()),
});
/** An engine on a deploy target: predicted from the run (docs/deploy.md), or observed by a real load. */
const deployRowSchema = schemas/* object */.Ikc({
    target: schemas/* string */.YjP(),
    gpu: nullableString,
    computeCapability: nullableString,
    tensorrt: nullableString,
    os: schemas/* enum */.k5n(['linux', 'windows']),
    verdict: schemas/* enum */.k5n(['loads', 'loads-with-warning', 'fails', 'unknown']),
    /** The line TensorRT prints (its words where known), or why the verdict is unknown. */
    line: nullableString,
    fix: nullableString,
    /** true: a load on the target's runner said so; false: predicted. */
    observed: schemas/* boolean */.zMY(),
});
/**
 * How the portable engine differs from the native one, the sign in the engine that the flag took effect:
 * the plans' sizes, and the regions (docs/explain.md) whose layers, fusions, precisions or tactics changed.
 */
const portableEngineSchema = schemas/* object */.Ikc({
    nativeBytes: count,
    portableBytes: count,
    /** Regions of the two engines' layer info; null where either build wrote none. */
    regions: count.nullable(),
    changedRegions: count.nullable(),
    /** What changed, over all regions, once each. */
    changes: schemas/* array */.YOg(schemas/* enum */.k5n(EXPLAIN_CHANGES)),
});
/** What portability costs (deploy-cost: true): the native engine against its ampere+ build, on the build GPU. */
const deployCostSchema = schemas/* object */.Ikc({
    variant: schemas/* literal */.euz('ampere+'),
    /** The A/B, native as the base and the portable engine as the head; null when it could not be had. */
    latency: latencySchema.nullable(),
    /** Why there is no A/B, when there is none. */
    note: nullableString,
    /** The portable engine against the native one; null when the portable engine was not built. */
    engine: portableEngineSchema.nullable().default(null),
});

;// CONCATENATED MODULE: ./.build/tsc/contract/plan-file.js
// A plan file as verify reads it: its header (tag, layout, the TensorRT that wrote it, a container around it), its
// scan (size, runs of zeros, digest), and the diagnosis of a plan padded with zeros (NVIDIA/TensorRT#4841).


const planHeaderSchema = schemas/* object */.Ikc({
    /** A TensorRT plan tag (`ftrt`, or the older `ptrt`) found where a plan starts. */
    magic: schemas/* boolean */.zMY(),
    /**
     * `ftrt`: the layout trtexec's printPlanVersion reads (version in bytes 24-27, total size in 16-23);
     * `ptrt`: the older layout of TensorRT 8.2-era plans, whose header carries no readable version; `vtrt`:
     * TensorRT-RTX's, the `ftrt` layout under another tag (its version in 24-27 is TensorRT-RTX's).
     */
    layout: schemas/* enum */.k5n(['ftrt', 'ptrt', 'vtrt']).nullable(),
    /**
     * Whose plan: `TensorRT`, or `TensorRT-RTX` (tag `vtrt`, the same layout: docs/plan-header.md). Null when the
     * file is no plan; absent in reports before 0.15 (TensorRT).
     */
    product: schemas/* enum */.k5n(['TensorRT', 'TensorRT-RTX']).nullable().default('TensorRT'),
    /**
     * The compute capabilities a TensorRT-RTX plan was built for (byte 32's bits, learned from real plans: 7.5,
     * 8.0, 8.6, 8.9, 12.0, 12.1); null for a TensorRT plan, whose header names none.
     */
    computeCapabilities: schemas/* array */.YOg(schemas/* string */.YjP()).nullable().default(null),
    /** The plan's total size in bytes as its `ftrt` header says (bytes 16-23, little-endian u64). */
    declaredBytes: count.nullable(),
    /** From bytes 24-27 of the plan: major.minor.patch.build. */
    tensorrtVersion: nullableString,
    /** `plan`: a bare TensorRT plan; `ultralytics`: a plan behind Ultralytics' length-prefixed JSON metadata. */
    container: schemas/* enum */.k5n(['plan', 'ultralytics']).nullable(),
    /** Where the plan itself starts in the file. */
    planOffset: count.nullable(),
    /** Why the file is not a usable plan (not a plan, or a truncated or padded one), when it is not. */
    problem: nullableString,
    /** The Ultralytics metadata, when there is some. */
    metadata: schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* unknown */.L5J()).nullable(),
});
const planScanSchema = planHeaderSchema.extend({
    path: schemas/* string */.YjP(),
    bytes: count,
    zeroBytes: count,
    zeroFraction: schemas/* number */.aig().min(0).max(1),
    trailingZeroBytes: count,
    longestZeroRun: count,
    sha256: schemas/* string */.YjP()
        .regex(/^[0-9a-f]{64}$/)
        .nullable(),
});
const myelinLayerSchema = schemas/* object */.Ikc({
    name: schemas/* string */.YjP(),
    /** `kgen`: a kernel Myelin generated (detailed info); `foreign-node`: the whole Myelin region (names only). */
    kind: schemas/* enum */.k5n(['kgen', 'foreign-node']),
    ops: schemas/* array */.YOg(schemas/* string */.YjP()),
});
const layerInfoSchemaName = schemas/* enum */.k5n(['10.x (Bindings)', '11.x (I/O Tensors)', 'unknown']);
const layerInfoVerbosity = schemas/* enum */.k5n(['detailed', 'layer_names_only']);
/** The issue a diagnosis of a plan padded with zeros names: NVIDIA/TensorRT#4841. */
const PADDING_ISSUE = 'https://github.com/NVIDIA/TensorRT/issues/4841';
const diagnosisSchema = schemas/* object */.Ikc({
    summary: schemas/* string */.YjP(),
    layerInfo: schemas/* object */.Ikc({ schema: layerInfoSchemaName, verbosity: layerInfoVerbosity, layers: count }).nullable(),
    myelinLayers: schemas/* array */.YOg(myelinLayerSchema.extend({ looksLike: nullableString })),
    advice: schemas/* array */.YOg(schemas/* string */.YjP()),
    link: schemas/* string */.YjP(),
});

;// CONCATENATED MODULE: ./.build/tsc/contract/report.js
// The report, `trt-ci/report@2`, as one schema. The types of everything in a report come from it, and a
// report read from disk (a baseline, another runner's artifact, which can come from a fork) is parsed
// with it: what does not match is refused, and keys the schema does not know are dropped. Version 2 keeps
// each engine's plan scan and budgets in its build; reports of version 1 (baselines users keep) are read
// through `upgradeReport` in report-v1.ts.














// The schemas of what the stages after the builds find (accuracy, latency, explain, deploy) are in
// engine-checks.ts; this module is the report's, and the one to import them from.

// A plan file's header, scan and diagnosis: plan-file.ts, read through this module like the others.


const failureSchema = schemas/* object */.Ikc({
    kind: schemas/* enum */.k5n(FAILURE_KINDS),
    /** The line of trtexec output that shows it, or what trt-ci saw. */
    message: schemas/* string */.YjP(),
    /** What the user should do about it. */
    hint: schemas/* string */.YjP(),
});
/** trtexec's timing summary in ms; any other percentile it printed (--percentile=99.9) as `p99.9`. */
const timingStatsSchema = schemas/* object */.Ikc({
    min: nullableNumber,
    max: nullableNumber,
    mean: nullableNumber,
    median: nullableNumber,
    p90: nullableNumber,
    p95: nullableNumber,
    p99: nullableNumber,
})
    .catchall(nullableNumber);
const gpuInfoSchema = schemas/* object */.Ikc({
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
const checkStatus = schemas/* enum */.k5n(['pass', 'warn', 'fail', 'skip']);
const checkSchema = schemas/* object */.Ikc({
    id: schemas/* enum */.k5n(CHECK_IDS),
    status: checkStatus,
    message: schemas/* string */.YjP(),
    /** What to do about it; null when there is nothing to do. */
    hint: nullableString,
    /** What the check looked at when one id covers several things (a plugin's path). */
    subject: schemas/* string */.YjP().optional(),
});
const preflightGpuSchema = gpuInfoSchema.pick({
    index: true,
    name: true,
    computeCapability: true,
    driverVersion: true,
    memoryTotalMiB: true,
    memoryUsedMiB: true,
});
const preflightSchema = schemas/* object */.Ikc({
    status: schemas/* enum */.k5n(['pass', 'warn', 'fail']),
    gpus: schemas/* array */.YOg(preflightGpuSchema),
    checks: schemas/* array */.YOg(checkSchema),
    /** The CUDA version the driver check used, and where it came from. */
    cuda: schemas/* object */.Ikc({ version: schemas/* string */.YjP(), source: schemas/* string */.YjP() }).nullable(),
    tensorrtVersion: schemas/* string */.YjP(),
    elapsedMs: schemas/* number */.aig(),
});
const budgetRowSchema = schemas/* object */.Ikc({
    model: schemas/* string */.YjP(),
    profile: schemas/* string */.YjP(),
    gpu: nullableString,
    metric: schemas/* enum */.k5n(METRIC_NAMES),
    /** In the unit of the limit: bytes, a fraction (0.1 = 10%) or a ratio. */
    value: nullableNumber,
    limit: nullableNumber,
    unit: schemas/* enum */.k5n(['bytes', 'fraction', 'ratio']).nullable(),
    /** The baseline's own figure for the metric (bytes, seconds, ms), for growth metrics. */
    baseline: nullableNumber,
    status: schemas/* enum */.k5n(['pass', 'warn', 'fail', 'no-baseline']),
    message: schemas/* string */.YjP(),
    /** The budget's line in trt-ci.yml, for annotations. */
    configPosition: configPositionSchema.nullable().default(null),
});
const environmentChangeSchema = schemas/* object */.Ikc({
    what: schemas/* enum */.k5n(['TensorRT', 'driver', 'GPU']),
    from: nullableString,
    to: nullableString,
});
const gpuFactsSchema = schemas/* object */.Ikc({ index: count, name: nullableString, computeCapability: nullableString });
const shapesSchema = schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* object */.Ikc({ min: schemas/* string */.YjP(), opt: schemas/* string */.YjP(), max: schemas/* string */.YjP() }));
const perfSchema = schemas/* object */.Ikc({
    throughputQps: nullableNumber,
    latencyMs: timingStatsSchema.nullable(),
    gpuComputeMs: timingStatsSchema.nullable(),
    log: schemas/* string */.YjP(),
    /** What the benchmark run measured; null in reports written before trt-ci gave it (that TensorRT's defaults). */
    measurement: measurementSchema.nullable().default(null),
});
const cacheVerdictSchema = schemas/* object */.Ikc({
    key: schemas/* string */.YjP(),
    hit: schemas/* boolean */.zMY(),
    savedSeconds: nullableNumber,
    corrupt: schemas/* boolean */.zMY(),
    /** An entry was there, stored by a run this one does not take plans from (a pull request's). */
    untrusted: schemas/* boolean */.zMY().default(false),
    /** The cache could not be read or written (a full or read-only disk): the engine was built all the same. */
    problem: nullableString.default(null),
    /**
     * A hit's build, as the entry's record gives its argv: what a served engine was built with (a cached build has
     * no attempts of its own), for the history's series key. Absent on a miss, and in older reports.
     */
    argv: schemas/* array */.YOg(schemas/* string */.YjP()).optional(),
    /**
     * With a hit: where the served engine was built, as its entry records it (said, never trusted): the runner's
     * name, the GPU, the run. A build elsewhere can be another engine: `stability:` compares it with a rebuild here.
     */
    builtOn: schemas/* object */.Ikc({ runner: nullableString, gpu: nullableString, computeCapability: nullableString, run: nullableString })
        .optional(),
    /** With an oci:// cache: where the entry came from or went, and who built it. */
    registry: schemas/* object */.Ikc({
        /** oci://… the entry was pulled from; null when it was not (a miss, or found in the run's folder). */
        pulledFrom: nullableString,
        /** The run that built a pulled entry (`owner/repo#run-id`, else its event and commit), as it recorded. */
        builtBy: nullableString,
        /** This run's build was pushed. */
        pushed: schemas/* boolean */.zMY(),
        /** Built here while another run pushed the same key first: a build the fleet made twice. */
        duplicate: schemas/* boolean */.zMY(),
    })
        .nullable()
        .default(null),
});
const reportAttemptSchema = schemas/* object */.Ikc({
    attempt: count,
    workspaceMiB: count,
    log: schemas/* string */.YjP(),
    startedAt: schemas/* string */.YjP(),
    endedAt: schemas/* string */.YjP(),
    seconds: schemas/* number */.aig(),
    exitCode: schemas/* number */.aig().int().nullable(),
    signal: nullableString,
    peakGpuMemoryMiB: nullableNumber,
    failure: failureSchema.nullable(),
    argv: schemas/* array */.YOg(schemas/* string */.YjP()),
});
const baselineFiguresSchema = schemas/* object */.Ikc({
    bytes: nullableNumber,
    buildSeconds: nullableNumber,
    peakGpuMemoryMiB: nullableNumber,
    latencyMedianMs: nullableNumber,
});
/** A built plan's scan (verify): size, zero runs, header and, when it is mostly zeros, why. */
const engineScanSchema = planScanSchema.extend({ diagnosis: diagnosisSchema.nullable() });
/** One plan's scan, with the model and profile it was built for: the report's flat `plans` view. */
const reportPlanSchema = engineScanSchema.extend({ model: schemas/* string */.YjP(), profile: schemas/* string */.YjP() });
const BUILD_STATUSES = ['built', 'cached', 'failed', 'skipped'];
/** A build that produced a usable plan, now or from the cache. */
function report_isBuilt(build) {
    return build.status === 'built' || build.status === 'cached';
}
const reportBuildSchema = schemas/* object */.Ikc({
    model: schemas/* string */.YjP(),
    profile: schemas/* string */.YjP(),
    status: schemas/* enum */.k5n(BUILD_STATUSES),
    gpu: gpuFactsSchema.nullable(),
    shapes: shapesSchema,
    plan: nullableString,
    layerInfo: nullableString,
    bytes: count.nullable(),
    sha256: nullableString,
    attempts: schemas/* array */.YOg(reportAttemptSchema),
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
    /**
     * The FP16 ONNX trt-ci wrote and trtexec built, for precision: fp16 on TensorRT 11 (no --fp16 there); null
     * otherwise (built-from.ts).
     */
    builtFrom: builtFromSchema.nullable().default(null),
    /** The engine's outputs against ONNX Runtime's, when the model asks (accuracy:); null otherwise. */
    accuracy: accuracySchema.nullable().default(null),
    /**
     * Identical rows, a sample alone and in a batch, the same run twice (no reference needed): on every engine
     * whose profile has a range unless the model turns it off; null where no range, or before 0.15.
     */
    consistency: consistencySchema.nullable().default(null),
    /** How alike the engine's rebuilds are (stability:); null when not asked, or before 0.15. */
    stability: stabilitySchema.nullable().default(null),
    /** The latency A/B against the base engine on the same GPU (benchmark: ab); null otherwise. */
    latency: latencySchema.nullable().default(null),
    /**
     * Where and why it differs from its base engine, per ONNX region: for an A/B'd engine (benchmark: ab), and
     * for a plan that grew against the baseline's (bytes only); null otherwise.
     */
    explain: explainSchema.nullable().default(null),
    /** Will it load where it ships: a row per deploy target of its model (deploy:); empty without targets. */
    deploy: schemas/* array */.YOg(deployRowSchema).default([]),
    /**
     * The compatibility flags it was built with (--hardwareCompatibilityLevel=…, --versionCompatible), for an
     * engine with deploy targets: what only a load on another GPU or TensorRT proves took effect.
     */
    portabilityFlags: schemas/* array */.YOg(schemas/* string */.YjP()).default([]),
    /** The price of portability, when the model asks (deploy-cost: true); null otherwise. */
    deployCost: deployCostSchema.nullable().default(null),
    /** Its plan's scan (verify), when it has a plan. */
    scan: engineScanSchema.nullable(),
    /** Its budgets, each judged (compare); empty without budgets or without a plan. */
    budgets: schemas/* array */.YOg(budgetRowSchema),
});
const comparisonSchema = schemas/* object */.Ikc({
    /** The baseline report, or null when there is none yet. */
    baseline: nullableString,
    /** Where the baseline came from (which run, whether it is the merge-base). */
    note: nullableString.optional(),
    environment: schemas/* array */.YOg(environmentChangeSchema),
    /** model/profile pairs built now and not in the baseline, and the other way round. */
    added: schemas/* array */.YOg(schemas/* string */.YjP()),
    removed: schemas/* array */.YOg(schemas/* string */.YjP()),
    /** Engines that asked for a latency A/B (benchmark: ab) and did not get one, and why. */
    latencyNotes: schemas/* array */.YOg(schemas/* string */.YjP()).optional(),
});
const REPORT_SCHEMA = 'trt-ci/report@2';
const reportSchema = schemas/* object */.Ikc({
    schema: schemas/* literal */.euz(REPORT_SCHEMA),
    status: schemas/* enum */.k5n(['passed', 'failed']),
    /**
     * The stage a cancel stopped (the runner's SIGINT/SIGTERM), when one did: what it and the stages after it
     * did not do is missing, so the report is never `passed`. Null for a run that finished.
     */
    interrupted: nullableString.default(null),
    startedAt: schemas/* string */.YjP(),
    finishedAt: schemas/* string */.YjP(),
    config: schemas/* string */.YjP(),
    environment: schemas/* object */.Ikc({
        tensorrtVersion: schemas/* string */.YjP(),
        /** Whose version that is: TensorRT, or TensorRT-RTX (a run command that said so); absent before 0.15. */
        product: schemas/* enum */.k5n(['TensorRT', 'TensorRT-RTX']).default('TensorRT'),
        trtexec: schemas/* string */.YjP(),
        gpus: schemas/* array */.YOg(gpuInfoSchema),
        /** Why GPU facts are missing, when they are. */
        gpuQueryError: nullableString,
        /** The container image the job ran in, as it was named (TRT_CI_IMAGE; the pack sets it from container:). */
        image: nullableString.default(null),
        /** What trt-ci asked every latency to be (tensorrt/measurement.ts); null before it asked (the defaults). */
        measurement: measurementSchema.nullable().default(null),
    }),
    preflight: preflightSchema.nullable(),
    builds: schemas/* array */.YOg(reportBuildSchema),
    /**
     * Every build's scan and budgets again, flat, for tools that read them so (the keys of version 1). Written
     * from `builds` in one place and rebuilt from it when a report is read: trt-ci reads the builds' own.
     */
    plans: schemas/* array */.YOg(reportPlanSchema),
    budgets: schemas/* array */.YOg(budgetRowSchema),
    comparison: comparisonSchema,
    /** The engine cache: hits, misses, and the GPU time the hits saved (their recorded build time). */
    cache: cacheSummarySchema.nullable(),
    /** precision-search's searches, one per model whose fp16 engine failed its gate. */
    precisionSearch: schemas/* array */.YOg(precisionSearchSchema).default([]),
    manifest: nullableString,
});
/** The report's flat `plans` and `budgets` views, from its builds: the one place they are written. */
function flatViews(builds) {
    return {
        plans: builds.flatMap((b) => (b.scan ? [{ ...b.scan, model: b.model, profile: b.profile }] : [])),
        budgets: builds.flatMap((b) => b.budgets),
    };
}

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
;// CONCATENATED MODULE: ./.build/tsc/common/units.js
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
/** A share written as a percentage ("10%", "0.5%"). */
const PERCENT_PATTERN = /^(\d+(?:\.\d+)?)%$/;
/** 0.1 for "10%"; null when the text is not a percentage. */
function parseShare(text) {
    const match = PERCENT_PATTERN.exec(text.trim());
    return match ? Number(match[1]) / 100 : null;
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

;// CONCATENATED MODULE: ./.build/tsc/common/back-off.js
// The words for a build that got through only after out-of-memory back-off, said by the build's progress
// line and by the summary alike: built, but maybe with slower tactics.

/** "built with 2 GiB after out-of-memory at 4 GiB" for a build that got through only on a smaller workspace. */
function backedOff(attempts) {
    const last = attempts.at(-1);
    const oom = attempts.filter((a) => a.failure?.kind === 'out-of-memory');
    if (!last || last.failure || oom.length === 0)
        return null;
    return `built with ${formatBytes(last.workspaceBytes)} after out-of-memory at ${formatBytes(oom[0].workspaceBytes)}`;
}

;// CONCATENATED MODULE: ./.build/tsc/builds/progress.js
// What a run says while it goes, for people: a line per build event (the CLI's stderr, the action's log).





/** One line per build event, on stderr while the builds run. */
function describeEvent(event) {
    // Names and trtexec's last line are outside text: nothing in them may act as a workflow command.
    return logLines(eventLine(event));
}
function eventLine(event) {
    switch (event.type) {
        case 'start': {
            const where = event.gpu === null ? 'the default GPU' : `GPU ${event.gpu}`;
            const { model, profile } = event.job;
            return (`▶ ${model.name}/${profile.name}: building on ${where} ` +
                `(attempt ${event.attempt}, workspace ${formatBytes(event.workspaceBytes)})\n`);
        }
        case 'retry':
            return (`↻ ${event.job.model.name}/${event.job.profile.name}: ${event.failure.kind}; ` +
                `retrying with workspace ${formatBytes(event.workspaceBytes)}\n`);
        case 'heartbeat': {
            const where = event.gpu === null ? '' : ` on GPU ${event.gpu}`;
            const peak = event.peakMiB === null ? '' : `, peak ${formatBytes(event.peakMiB * 1024 ** 2)} so far`;
            const last = event.lastLine ? `; last: ${event.lastLine}` : '';
            return (`… ${event.job.model.name}/${event.job.profile.name}: ${formatSeconds(event.elapsedMs / 1000)}${where} ` +
                `(attempt ${event.attempt})${peak}${last}\n`);
        }
        case 'done': {
            const { job, status, failure } = event.outcome;
            const name = `${job.model.name}/${job.profile.name}`;
            if (!report_isBuilt(event.outcome))
                return `✘ ${name}: ${failure?.kind ?? status}\n`;
            const backoff = backedOff(event.outcome.attempts);
            return `✔ ${name}: ${backoff ?? status}\n`;
        }
    }
}
/**
 * The last `count` lines of a log, read from its end (a verbose log can be gigabytes): what a failed
 * build's log says last is nearly always why.
 */
async function lastLines(file, count, maxBytes = 256 * 1024) {
    const handle = await (0,promises_.open)(file, 'r').catch(() => null);
    if (!handle)
        return [];
    try {
        const { size } = await handle.stat();
        const length = Math.min(size, maxBytes);
        const buffer = Buffer.alloc(length);
        await handle.read(buffer, 0, length, size - length);
        const lines = buffer.toString('utf8').split(/\r?\n/);
        if (lines.at(-1) === '')
            lines.pop();
        // The first line may be cut where the window starts.
        if (length < size)
            lines.shift();
        return lines.slice(-count);
    }
    finally {
        await handle.close();
    }
}
/** TRT_CI_HEARTBEAT_MS: how often a running build prints where it is (default a minute). */
function heartbeatMs(env) {
    const ms = Number(env.TRT_CI_HEARTBEAT_MS);
    return Number.isInteger(ms) && ms >= 100 ? ms : undefined;
}

;// CONCATENATED MODULE: ./.build/tsc/common/markdown-text.js
// Text from logs, configs and reports placed into markdown. A report can come from a fork and a log line
// from anything trtexec printed: each helper escapes for the place the text lands in, so that the text
// cannot leave that place (close a fence, end a cell or a row, open a comment or a tag) and nothing in it
// turns into a mention, an image or a link.

const ZERO_WIDTH_SPACE = '\u200b';
/** Line breaks of every kind (a bare \r ends a line for GitHub too) as one space; bidirectional controls go. */
const oneLine = (text) => text.replace(/\r\n|\r|\n|\u2028|\u2029/g, ' ').replace(BIDI_CONTROLS, '');
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
function markdown_text_text(value) {
    // `$` too: GitHub renders $…$ and $$…$$ as math, which can draw anything over the comment.
    return inert(oneLine(value).replace(/[\\`*_[\]<>|!~&$]/g, (c) => `\\${c}`));
}
/** Text inside trt-ci's own HTML (a <summary>): markdown is not read there, HTML is. */
function htmlText(value) {
    const escaped = oneLine(value).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
    return inert(escaped);
}
/** A table row with every cell escaped as text (a `|` would end the cell and a line break the row). */
function tableRow(cells) {
    return `| ${cells.map(markdown_text_text).join(' | ')} |`;
}
/** The longest run of backticks in the text. */
const longestBacktickRun = (value) => {
    // A loop, not Math.max(...): a long text's runs would be more arguments than the stack holds.
    let longest = 0;
    for (const run of value.matchAll(/`+/g))
        longest = Math.max(longest, run[0].length);
    return longest;
};
/** An inline code span that the text cannot close: its delimiter is longer than any backtick run in it. */
function code(value) {
    const line = oneLine(value);
    const ticks = '`'.repeat(longestBacktickRun(line) + 1);
    const pad = line.startsWith('`') || line.endsWith('`') ? ' ' : '';
    return `${ticks}${pad}${line}${pad}${ticks}`;
}
/** A fenced block that the text cannot close; every line break becomes \n. */
function codeBlock(value) {
    const body = value.replace(/\r\n|\r|\u2028|\u2029/g, '\n').replace(BIDI_CONTROLS, '');
    const fence = '`'.repeat(Math.max(3, longestBacktickRun(body) + 1));
    return `${fence}\n${body}\n${fence}`;
}

;// CONCATENATED MODULE: ./.build/tsc/report/parts/preflight.js
// The preflight for a terminal and for the summary. Pure.


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
    // Messages carry paths and names from the config and the host: no line of them may act as a workflow command.
    return logLines(`${lines.join('\n')}\n`);
}
const MD_ICON = { pass: '✅', warn: '⚠️', fail: '❌', skip: '⏭️' };
/** The preflight section of the job summary: problems in a table with what to do, passing checks folded. */
function renderPreflightMarkdown(result, where = '') {
    const row = (c) => tableRow([MD_ICON[c.status], c.id, c.message, c.hint ?? '']);
    const head = ['| | check | result | what to do |', '|---|---|---|---|'];
    const problems = result.checks.filter((c) => c.status === 'fail' || c.status === 'warn');
    const fine = result.checks.filter((c) => c.status === 'pass' || c.status === 'skip');
    return [
        `### Preflight${where ? ` on ${markdown_text_text(where)}` : ''} ${MD_ICON[result.status]} ${result.status}`,
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

;// CONCATENATED MODULE: ./.build/tsc/github/annotations.js

/**
 * Annotations on trt-ci.yml: failed builds and inconsistent engines at their profile, broken budgets at their
 * budget line.
 */
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
        if ((build.accuracy?.status !== 'failed' && build.accuracy?.status !== 'error') || !at)
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
    for (const build of report.builds) {
        // At the profile's line: the batch range there is what the engine is wrong across.
        const failed = build.consistency?.checks.filter((c) => c.status === 'failed') ?? [];
        const at = build.configPosition;
        if (failed.length === 0 || !at)
            continue;
        out.push({
            path: toRepoPath(at.file),
            startLine: at.line,
            level: 'failure',
            title: `${build.model}/${build.profile}: not the same in a batch`,
            message: failed.map((c) => c.message).join('\n'),
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
    // Titles and messages quote a fork's names and trtexec's words: no bidirectional control may reorder them.
    return out.map((a) => ({
        ...a,
        title: a.title.replace(BIDI_CONTROLS, ''),
        message: a.message.replace(BIDI_CONTROLS, ''),
    }));
}

// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
;// CONCATENATED MODULE: ./.build/tsc/github/baseline-artifact.js



/**
 * @actions/artifact is more than half of the bundle and only baseline: auto needs it, so it is loaded
 * when used (ncc puts it in its own chunk) and never at action start.
 */
async function artifactClient() {
    const { DefaultArtifactClient } = await __webpack_require__.e(/* import() */ 252).then(__webpack_require__.bind(__webpack_require__, 91252));
    return new DefaultArtifactClient();
}
/**
 * Every artifact of a job's report starts so: the pack's report job downloads `trt-ci-*` (a glob in YAML,
 * the one name there that cannot come from here; test/workflows.test.ts holds the two together).
 */
const REPORT_ARTIFACT_PREFIX = 'trt-ci-';
const artifactSafe = (reportKey) => reportKey.replace(/[^A-Za-z0-9._-]+/g, '-');
/**
 * The artifacts of one report key, named once: the job's report (uploaded by the pack, read by its report
 * job), its plans (not `trt-ci-*`: the report job must not download gigabytes) and the baseline a
 * default-branch run stores for pull requests to compare against.
 */
function artifactNames(reportKey) {
    const key = artifactSafe(reportKey);
    return { report: `${REPORT_ARTIFACT_PREFIX}${key}`, plans: `plans-trt-ci-${key}`, baseline: `trt-ci-report-${key}` };
}
/** The artifact a default-branch run stores its report in, per report key. */
function baselineArtifactName(reportKey) {
    return artifactNames(reportKey).baseline;
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
    await (await artifactClient()).uploadArtifact(baselineArtifactName(reportKey), [reportFile], (0,external_node_path_.dirname)(reportFile), {
        retentionDays: 90,
    });
}
/** The newest such run that still holds the artifact `name`; null when none does (or this is no pull request). */
async function findBaseRunArtifact(octokit, context, name) {
    const pr = context.pullRequest;
    const workflow = workflowFile(context.workflowRef);
    if (!pr || !workflow || !pr.baseRef)
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
        if (artifact)
            return { run: { id: run.id, head_sha: run.head_sha }, artifactId: artifact.id };
    }
    return null;
}
/** That artifact, downloaded into a new temporary folder. */
async function download(found, token, context, prefix) {
    const path = await (0,promises_.mkdtemp)((0,external_node_path_.join)((0,external_node_os_.tmpdir)(), prefix));
    await (await artifactClient()).downloadArtifact(found.artifactId, {
        path,
        findBy: { token, workflowRunId: found.run.id, repositoryOwner: context.owner, repositoryName: context.repo },
    });
    return path;
}
const baseline_artifact_short = (sha) => sha.slice(0, 7);
/**
 * The base branch's report, without rebuilding the base branch: the newest successful push run of
 * this workflow on the base branch (never a fork's), and its report artifact. Null when there is none.
 */
async function findBaseline(octokit, token, context, reportKey) {
    const found = await findBaseRunArtifact(octokit, context, baselineArtifactName(reportKey));
    const pr = context.pullRequest;
    if (!found || !pr)
        return null;
    const path = await download(found, token, context, 'trt-ci-baseline-');
    const { data: compare } = await octokit.rest.repos.compareCommitsWithBasehead({
        owner: context.owner,
        repo: context.repo,
        basehead: `${pr.baseSha}...${pr.headSha}`,
        per_page: 1,
    });
    const mergeBase = compare.merge_base_commit.sha;
    const { run } = found;
    const note = run.head_sha === mergeBase
        ? `baseline: run ${run.id} on ${pr.baseRef} at ${baseline_artifact_short(run.head_sha)}, the pull request's merge-base`
        : `baseline: run ${run.id} on ${pr.baseRef} at ${baseline_artifact_short(run.head_sha)}, which is not the pull ` +
            `request's merge-base ${baseline_artifact_short(mergeBase)}: deltas include changes made on ${pr.baseRef} since`;
    return { file: (0,external_node_path_.join)(path, (0,external_node_path_.basename)('report.json')), note };
}
/**
 * The base engines of the latency A/B: the plans the base branch's newest successful push run uploaded for
 * this report key (the pack's plans-trt-ci-<key>, <model>.<profile>.plan), in a new folder. Null: none.
 */
async function findBasePlans(octokit, token, context, reportKey) {
    const found = await findBaseRunArtifact(octokit, context, artifactNames(reportKey).plans);
    if (!found)
        return null;
    const dir = await download(found, token, context, 'trt-ci-base-plans-');
    const branch = context.pullRequest?.baseRef ?? 'the base branch';
    return { dir, note: `base plans: run ${found.run.id} on ${branch} at ${baseline_artifact_short(found.run.head_sha)}` };
}

;// CONCATENATED MODULE: ./.build/tsc/github/comment.js
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
    // The markers count only where trt-ci writes them, as the first lines: a report line quoting another
    // key's marker (a log line can carry anything) must not make that key's run overwrite this comment.
    const ours = (text) => {
        if (!text.startsWith(`${marker}\n`) && text !== marker)
            return false;
        const second = text.slice(marker.length + 1).split('\n', 1)[0];
        return !own || !second.startsWith('<!-- trt-ci:workflow=') || second === own;
    };
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

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: ./.build/tsc/common/errors.js
var errors = __webpack_require__(69326);
;// CONCATENATED MODULE: ./.build/tsc/github/context.js


function readRunContext(env, cwd) {
    const [owner, repo] = (env.GITHUB_REPOSITORY ?? '').split('/');
    if (!owner || !repo)
        return null;
    let event = {};
    try {
        if (env.GITHUB_EVENT_PATH)
            event = JSON.parse((0,external_node_fs_.readFileSync)(env.GITHUB_EVENT_PATH, 'utf8'));
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
 * The run's pull request when its event is not a pull_request (a `/gpu-ok` comment, whose GITHUB_SHA and
 * GITHUB_REF are the default branch's): the pack's gate names it (`pull-request`) and the commit it approved
 * (`head-sha`), and GET /pulls/{n} gives its base. Without a token the commit still targets the check run.
 */
async function withPullRequest(context, octokit, given) {
    if (context.pullRequest || !given.number)
        return context;
    if (!/^[1-9]\d{0,9}$/.test(given.number)) {
        throw new errors/* InputError */.dz(`input pull-request: expected a pull request number, got "${given.number}"`);
    }
    if (given.headSha && !/^[0-9a-f]{40}$/.test(given.headSha)) {
        throw new errors/* InputError */.dz(`input head-sha: expected a full commit SHA (40 hex digits), got "${given.headSha}"`);
    }
    const pinned = given.headSha ? { ...context, sha: given.headSha } : context;
    if (!octokit)
        return pinned;
    const { owner, repo } = context;
    const { data } = await octokit.rest.pulls.get({ owner, repo, pull_number: Number(given.number) });
    const headSha = given.headSha || data.head.sha;
    return {
        ...context,
        sha: headSha,
        pullRequest: {
            number: data.number,
            headSha,
            baseRef: data.base.ref,
            baseSha: data.base.sha,
            fromFork: (data.head.repo?.full_name ?? null) !== `${owner}/${repo}`,
        },
    };
}
/** The values of TRT_CI_DEFAULT_BRANCH that declare a default-branch run; anything else declares nothing. */
const DECLARED = /^(true|1|yes)$/i;
/**
 * Where this run comes from, for the engine cache's trust: the commit, the event, and whether it builds
 * the default branch (a push to it, or a schedule or dispatch on it). Outside Actions: local.
 */
function runProvenance(env, cwd) {
    const context = env.GITHUB_ACTIONS === 'true' ? readRunContext(env, cwd) : null;
    // Outside GitHub Actions (GitLab, Jenkins, Buildkite) the job declares it: TRT_CI_DEFAULT_BRANCH=true, set only
    // in the job that builds the default branch (docs/cache.md). Inside Actions, GitHub's own context decides.
    const runner = env.RUNNER_NAME || null;
    if (!context && env.GITHUB_ACTIONS !== 'true' && DECLARED.test(env.TRT_CI_DEFAULT_BRANCH ?? ''))
        return {
            commit: env.TRT_CI_COMMIT || null,
            event: 'declared',
            defaultBranch: true,
            run: env.TRT_CI_RUN || null,
            runner,
        };
    if (!context)
        return { commit: null, event: 'local', defaultBranch: false, runner };
    const onDefault = context.defaultBranch !== null && context.ref === `refs/heads/${context.defaultBranch}`;
    const shipping = ['push', 'schedule', 'workflow_dispatch', 'merge_group'].includes(context.eventName);
    const run = env.GITHUB_REPOSITORY && env.GITHUB_RUN_ID ? `${env.GITHUB_REPOSITORY}#${env.GITHUB_RUN_ID}` : null;
    return { commit: context.sha || null, event: context.eventName, defaultBranch: onDefault && shipping, run, runner };
}
/**
 * The web address of a trt-ci.yml line at the commit that was built (the pull request's head, else the
 * run's): for the comment's "what to do" lines. A path outside the repository has none.
 */
function configLinker(context, env, toRepoPath = (path) => path) {
    const server = (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '');
    const commit = context.pullRequest?.headSha || context.sha;
    return (position) => {
        const path = toRepoPath(position.file);
        if (!commit || path.startsWith('/') || path.startsWith('..'))
            return null;
        const encoded = path.split('/').map(encodeURIComponent).join('/');
        return `${server}/${context.owner}/${context.repo}/blob/${commit}/${encoded}#L${position.line}`;
    };
}

;// CONCATENATED MODULE: ./.build/tsc/contract/config.js
const PRECISIONS = ['fp32', 'fp16', 'bf16', 'int8', 'fp8', 'best', 'strongly-typed'];
/** The 16-bit float a precision narrows to (what keep-fp32 keeps nodes out of), or null for any other. */
const narrowOf = (precision) => precision === 'fp16' || precision === 'bf16' ? precision : null;
/** The name of the one plan of a model that holds every profile: `<model>.combined.plan`. */
const COMBINED = 'combined';
/** The profile a plan is run at: its own, or for the combined plan its first (trtexec's default). */
const runProfile = (profile) => profile.parts?.[0] ?? profile;
/** The builds a keep-fp32 search makes at most, unless told (precision-search: { max-builds }, --max-builds). */
const config_DEFAULT_PRECISION_MAX_BUILDS = 32;
/** What a build command's arguments and plan path may name in braces: filled in per build. */
const BUILD_PLACEHOLDERS = [
    'onnx',
    'plan',
    'layer-info',
    'model',
    'profile',
    'precision',
    'keep-fp32',
    'workspace',
    'min-shapes',
    'opt-shapes',
    'max-shapes',
    'timing-cache',
];
/** How long a process group has between TERM and KILL where trt-ci.yml does not say (kill-grace:). */
const DEFAULT_KILL_GRACE_MS = 10_000;

;// CONCATENATED MODULE: ./.build/tsc/common/did-you-mean.js
/** The known word closest to a mistyped one (at most two edits away), or null. */
function closest(word, known) {
    let best = null;
    let bestDistance = 3;
    for (const candidate of known) {
        const distance = editDistance(candidate, word);
        if (distance < bestDistance) {
            best = candidate;
            bestDistance = distance;
        }
    }
    return best;
}
function editDistance(a, b) {
    const row = Array.from({ length: b.length + 1 }, (_, i) => i);
    for (let i = 1; i <= a.length; i += 1) {
        let previous = row[0];
        row[0] = i;
        for (let j = 1; j <= b.length; j += 1) {
            const current = row[j];
            row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
            previous = current;
        }
    }
    return row[b.length];
}

;// CONCATENATED MODULE: ./.build/tsc/builds/shard.js



/** murmur3's 32-bit finalizer: an even spread of a 32-bit value. */
function mix(x) {
    let h = x >>> 0;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    return (h ^ (h >>> 16)) >>> 0;
}
/** Each pair's rendezvous score for shard s: one SHA-256 per pair, then integer mixing per shard. */
function scorer(pairs) {
    const seeds = pairs.map((pair) => {
        const digest = (0,external_node_crypto_.createHash)('sha256').update(pair).digest();
        return [digest.readUInt32BE(0), digest.readUInt32BE(4)];
    });
    return (i, shard) => mix(seeds[i][0] ^ mix(seeds[i][1] + Math.imul(shard + 1, 0x9e3779b9)));
}
/**
 * Which shard builds each model/profile pair: deterministic (every job of the matrix computes the same
 * split on its own), balanced, and stable when models come and go.
 *
 * Rendezvous hashing with bounded load: each pair ranks the shards by a hash of (pair, shard) and starts
 * on its first. A shard over its share (the pair count divided evenly and rounded up; with build times
 * from an earlier report, the even share of the time or the longest build, whichever is more) gives up
 * the pairs that lose least by leaving, each to its best shard with room, until none is over.
 *
 * No pair's whole ranking is kept or sorted: a move looks for the best shard with room when it needs
 * one, so the work is about pairs × shards hash mixes (--shard 1/9999 over 1,000 pairs: ~10 M, well
 * under a second) and the memory pairs + shards.
 */
function assignShards(pairs, count, weights) {
    const weightOf = (pair) => (weights ? Math.max(weights.get(pair) ?? 0, 0) || meanWeight : 1);
    const known = weights ? pairs.map((p) => weights.get(p) ?? 0).filter((w) => w > 0) : [];
    // A pair the earlier report did not have counts as an average one.
    const meanWeight = known.length ? known.reduce((a, b) => a + b, 0) / known.length : 1;
    const weight = pairs.map(weightOf);
    const total = weight.reduce((a, b) => a + b, 0);
    const room = weights ? Math.max(total / count, ...weight) : Math.ceil(total / count - 1e-9);
    const score = scorer(pairs);
    /** The highest-scoring shard for pair i that `ok` accepts (ties to the lower index), or -1. */
    const bestShard = (i, ok) => {
        let best = -1;
        let bestScore = -1;
        for (let s = 0; s < count; s += 1) {
            if (!ok(s))
                continue;
            const value = score(i, s);
            if (value > bestScore)
                [best, bestScore] = [s, value];
        }
        return best;
    };
    const shardOf = pairs.map((_, i) => bestShard(i, () => true));
    const load = new Array(count).fill(0);
    const members = Array.from({ length: count }, () => []);
    for (const [i, shard] of shardOf.entries()) {
        load[shard] += weight[i];
        members[shard].push(i);
    }
    for (let moves = 0; moves < pairs.length * count; moves += 1) {
        const over = load.findIndex((l) => l > room + 1e-9);
        if (over < 0)
            break;
        // The pair that loses least by leaving, among those another shard has room for (else the lightest).
        let best = null;
        let lightest = -1;
        for (const i of members[over]) {
            if (lightest < 0 || weight[i] < weight[lightest])
                lightest = i;
            const fits = bestShard(i, (s) => s !== over && load[s] + weight[i] <= room + 1e-9);
            if (fits < 0)
                continue;
            const loss = score(i, over) - score(i, fits);
            if (!best || loss < best.loss)
                best = { i, to: fits, loss };
        }
        const emptiest = load.reduce((min, l, s) => (s !== over && (min < 0 || l < load[min]) ? s : min), -1);
        const { i, to } = best ?? { i: lightest, to: emptiest };
        shardOf[i] = to;
        load[over] -= weight[i];
        load[to] += weight[i];
        members[over] = members[over].filter((m) => m !== i);
        members[to].push(i);
    }
    return shardOf;
}
/**
 * The pairs of `pairs` (each `model/profile`) this run builds. An `--only` that names no model or profile of
 * the config is an input error with the closest name: a typo must not build nothing and pass.
 */
function selectPairs(pairs, selection) {
    for (const wanted of selection.only) {
        const known = wanted.includes('/') ? pairs : [...new Set(pairs.map((p) => p.split('/')[0]))];
        if (!known.includes(wanted)) {
            const close = closest(wanted, known);
            throw new errors/* InputError */.dz(`--only: expected a model or model/profile of the config, got "${wanted}"` +
                (close ? `; did you mean "${close}"?` : ''));
        }
    }
    const named = (pair) => selection.only.length === 0 || selection.only.some((w) => w === pair || w === pair.split('/')[0]);
    const shardOf = selection.shard ? assignShards(pairs, selection.shard.count, selection.weights) : null;
    return pairs.map((pair, i) => named(pair) && (!shardOf || shardOf[i] === selection.shard.index - 1));
}
/** `i/n`, 1-based, as the Actions matrix counts: 1/3, 2/3, 3/3. */
function parseShard(text) {
    const match = /^(\d{1,4})\/(\d{1,4})$/.exec(text);
    if (!match)
        return null;
    const [index, count] = [Number(match[1]), Number(match[2])];
    return count >= 1 && index >= 1 && index <= count ? { index, count } : null;
}

;// CONCATENATED MODULE: ./.build/tsc/builds/jobs.js



/** The key of a job, or of a build a report names by its model and profile. */
function jobKey(job) {
    const [model, profile] = typeof job.model === 'string' ? [job.model, job.profile] : [job.model.name, job.profile];
    return `${model}/${typeof profile === 'string' ? profile : profile.name}`;
}
/**
 * Another plan of a job, built by a later stage the same way (build-plan.ts): a marked copy, the ampere+ variant,
 * the base commit's engine. Its files are `<dir>/<name>.plan`, `.layers.json` and `.N.log`; it starts from the
 * workspace the job's own build got through with, and is built, not benchmarked (the stage measures it).
 */
function sideJob(job, dir, name, changes) {
    const model = { ...(changes.model ?? job.model), benchmark: false };
    const { precisionOnnx, ...rest } = job;
    const written = 'precisionOnnx' in changes ? changes.precisionOnnx : precisionOnnx;
    return {
        ...rest,
        model,
        plan: (0,external_node_path_.join)(dir, `${name}.plan`),
        layerInfo: (0,external_node_path_.join)(dir, `${name}.layers.json`),
        logPrefix: (0,external_node_path_.join)(dir, name),
        workspaceBytes: changes.workspaceBytes,
        ...(written && { precisionOnnx: written }),
        ...(changes.fresh && { fresh: true }),
        ...(changes.withoutTimingCache && { withoutTimingCache: true }),
    };
}
/** Every model × profile in config order (one engine each), or the ones `selection` picks. */
function planBuildJobs(config, selection) {
    const jobs = allJobs(config);
    if (!selection)
        return jobs;
    const picked = selectPairs(jobs.map((job) => `${job.model.name}/${job.profile.name}`), selection);
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
            plan: (0,external_node_path_.join)(config.outputDir, `${stem}.plan`),
            layerInfo: (0,external_node_path_.join)(config.outputDir, `${stem}.layers.json`),
            logPrefix: (0,external_node_path_.join)(config.outputDir, 'logs', stem),
        };
    }));
}
/**
 * The plans a model asks for: one per profile, one with every profile (`combined`, after the others:
 * it is built with the workspace they proved enough), or both. The combined plan points at the model.
 */
function enginesOf(model) {
    const split = model.profiles.map((profile, profileIndex) => ({ profile, profileIndex }));
    const combined = { profile: { name: COMBINED, shapes: [], parts: model.profiles }, profileIndex: 0 };
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

;// CONCATENATED MODULE: ./.build/tsc/common/latency-text.js
const signed = (ratio) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)}%`;
/** "+3.1% [2.8, 3.4]": the change and its 95% interval, in percent. */
function latency_text_latencyChange(latency) {
    if (latency.ratio === null)
        return '–';
    const interval = latency.ci
        ? ` [${((latency.ci[0] - 1) * 100).toFixed(1)}, ${((latency.ci[1] - 1) * 100).toFixed(1)}]`
        : '';
    return `${signed(latency.ratio)}${interval}`;
}

;// CONCATENATED MODULE: ./.build/tsc/common/protobuf.js
// The protobuf wire format (protobuf.dev/programming-guides/encoding), read and written in one place: the
// ONNX inputs and graph (onnx/inputs.ts), the FP32 widening of a model (onnx/widen-model.ts)
// and an ONNX's external-data names (cache/engine-cache.ts). Fields are found by their lengths, so a model's
// gigabytes of weights are skipped, never read.
const bufferSource = (bytes) => {
    const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return { size: buffer.length, read: (offset, length) => buffer.subarray(offset, offset + length) };
};
/** The varint at `at`, and where the bytes after it start; null when it runs past `end` or past 10 bytes. */
function readVarint(source, at, end = source.size) {
    // A varint is at most 10 bytes: read them together, not byte by byte from a file.
    const bytes = source.read(at, Math.max(0, Math.min(10, end - at)));
    let value = 0;
    for (let i = 0; i < bytes.length; i += 1) {
        const byte = bytes[i];
        value += (byte & 0x7f) * 2 ** (7 * i);
        if (byte < 0x80)
            return { value, next: at + i + 1 };
    }
    return null;
}
/** The fields of the message in [start, end) of `source`, in order; throws on bytes that are not protobuf. */
function wireFields(source, start = 0, end = source.size) {
    const out = [];
    const varint = (at) => {
        const read = readVarint(source, at, end);
        if (!read)
            throw new Error('a varint runs past the end');
        return read;
    };
    for (let at = start; at < end;) {
        const key = varint(at);
        const number = Math.floor(key.value / 8);
        const wire = key.value % 8;
        let field;
        if (wire === 0) {
            const v = varint(key.next);
            field = { number, wire, start: at, end: v.next, value: v.value, payload: key.next };
        }
        else if (wire === 2) {
            const length = varint(key.next);
            field = { number, wire, start: at, end: length.next + length.value, value: length.value, payload: length.next };
        }
        else if (wire === 1 || wire === 5) {
            field = { number, wire, start: at, end: key.next + (wire === 1 ? 8 : 4), value: 0, payload: key.next };
        }
        else
            throw new Error(`wire type ${wire} is not protobuf's`);
        if (field.end > end)
            throw new Error('a field runs past the end');
        out.push(field);
        at = field.end;
    }
    return out;
}
/** A value as varint bytes. */
function encodeVarint(value) {
    const out = [];
    let rest = value;
    while (rest >= 0x80) {
        out.push((rest % 0x80) | 0x80);
        rest = Math.floor(rest / 0x80);
    }
    out.push(rest);
    return out;
}
/** A varint field's bytes: its key and value. */
const varintField = (number, value) => Buffer.from([...encodeVarint(number * 8), ...encodeVarint(value)]);
/**
 * A length-delimited field as parts: its key and the payload's length, then the payload's parts as they are. A
 * message made of parts is copied once, when it is joined: a gigabyte weight is not copied at every level.
 */
function lenParts(number, parts) {
    const length = parts.reduce((sum, part) => sum + part.length, 0);
    return [Buffer.from([...encodeVarint(number * 8 + 2), ...encodeVarint(length)]), ...parts];
}
/** The parts as one Buffer: each written once, into it. */
function joinParts(parts) {
    const out = Buffer.allocUnsafe(parts.reduce((sum, part) => sum + part.length, 0));
    let at = 0;
    for (const part of parts) {
        if (Buffer.isBuffer(part))
            part.copy(out, at);
        else
            part.writeInto(out, at);
        at += part.length;
    }
    return out;
}
/** A length-delimited field's bytes: its key, the payload's length, the payload. */
const lenField = (number, payload) => joinParts(lenParts(number, [payload]));

;// CONCATENATED MODULE: ./.build/tsc/onnx/inputs.js
// The inputs of an ONNX model (what trtexec's --minShapes/--optShapes/--maxShapes must name), read from the
// protobuf itself: ModelProto.graph (7) → GraphProto.input (11), each a ValueInfoProto: name (1), type (2) →
// TypeProto.tensor_type (1) → elem_type (1), shape (2) → TensorShapeProto.dim (1) → dim_value (1) or
// dim_param (2). Initializers (GraphProto.initializer, 5; TensorProto.name, 8) that older exporters also list
// as inputs are not inputs a profile must shape. Source: onnx/onnx.proto3 (ONNX 1.x, field numbers are stable).


const ELEM_TYPES = {
    1: 'float32',
    2: 'uint8',
    3: 'int8',
    4: 'uint16',
    5: 'int16',
    6: 'int32',
    7: 'int64',
    8: 'string',
    9: 'bool',
    10: 'float16',
    11: 'float64',
    12: 'uint32',
    13: 'uint64',
    16: 'bfloat16',
    17: 'float8e4m3fn',
    18: 'float8e4m3fnuz',
    19: 'float8e5m2',
    20: 'float8e5m2fnuz',
    21: 'uint4',
    22: 'int4',
};
/** The fields of the message in [start, end) of `source`, in order; throws on bytes that are not protobuf. */
function fields(source, start, end) {
    return wireFields(source, start, end).flatMap((f) => {
        if (f.wire === 0)
            return [{ number: f.number, value: f.value }];
        if (f.wire === 2)
            return [{ number: f.number, start: f.payload, length: f.value }];
        return [];
    });
}
/**
 * The graph's inputs a build must be given shapes for; throws when the bytes are not an ONNX model. Only the
 * graph's structure, its inputs and its initializers' names are read: a model's weights (gigabytes of
 * initializer data) are skipped by their lengths.
 */
function onnxInputs(source) {
    return graphValues(source, 11);
}
/** The graph's outputs (GraphProto.output, 12), read as its inputs are. */
function onnxOutputs(source) {
    return graphValues(source, 12);
}
const EMPTY_GRAPH = { nodes: [], producers: new Map(), inputs: new Map() };
/**
 * The graph's nodes in the order the file lists them: each node's name (NodeProto.name, 3), else its first
 * output (NodeProto.output, 2), as TensorRT names a layer from it, with the tensors it reads (NodeProto.input,
 * 1) and writes.
 */
function onnxGraph(source) {
    const src = Buffer.isBuffer(source) ? bufferSource(source) : source;
    const inside = (f) => fields(src, f.start, f.start + f.length);
    const text = (f) => src.read(f.start, f.length).toString('utf8');
    const graph = fields(src, 0, src.size).find((f) => f.number === 7 && f.start !== undefined);
    if (!graph)
        throw new Error('no graph in it (ModelProto.graph)');
    const nodes = [];
    const producers = new Map();
    const inputs = new Map();
    const ops = new Set();
    const subgraphNodes = [];
    // NodeProto.attribute (5) → AttributeProto.g (6) or .graphs (11) → GraphProto.node (1), at any depth.
    const bodiesOf = (nodeFields) => nodeFields
        .filter((f) => f.number === 5)
        .flatMap((a) => inside(a).filter((f) => (f.number === 6 || f.number === 11) && f.start !== undefined));
    const walkBody = (body) => {
        for (const node of inside(body).filter((f) => f.number === 1 && f.start !== undefined)) {
            const nodeFields = inside(node).filter((f) => f.start !== undefined);
            const named = nodeFields.find((f) => f.number === 3);
            const first = nodeFields.find((f) => f.number === 2);
            subgraphNodes.push(layerNameOf((named && text(named)) || '', first && text(first)));
            for (const inner of bodiesOf(nodeFields))
                walkBody(inner);
        }
    };
    for (const node of inside(graph).filter((f) => f.number === 1 && f.start !== undefined)) {
        const nodeFields = inside(node).filter((f) => f.start !== undefined);
        for (const body of bodiesOf(nodeFields))
            walkBody(body);
        const op = nodeFields.find((f) => f.number === 4);
        if (op)
            ops.add(text(op));
        const outputs = nodeFields.filter((f) => f.number === 2).map(text);
        const named = nodeFields.find((f) => f.number === 3);
        const name = layerNameOf((named && text(named)) || '', outputs[0]);
        nodes.push(name);
        inputs.set(name, nodeFields.filter((f) => f.number === 1).map(text));
        for (const output of outputs)
            producers.set(output, name);
    }
    return { nodes, producers, inputs, ops, subgraphNodes };
}
/** The layer name TensorRT gives an ONNX node: its name, else `node_of_<first output>` (onnx-tensorrt getNodeName). */
const layerNameOf = (name, firstOutput) => name || (firstOutput ? `node_of_${firstOutput}` : '');
/** The graph's node names in order (see onnxGraph). */
const onnxNodeNames = (source) => [...onnxGraph(source).nodes];
/** A model file's graph, read at offsets; empty when it cannot be read (the ForeignNodes stay coarse). */
async function readOnnxGraph(path) {
    try {
        return onnxGraphOf(path);
    }
    catch {
        return EMPTY_GRAPH;
    }
}
/** A model file's graph, read at offsets (never whole); throws when it cannot be read or parsed. */
function onnxGraphOf(path) {
    const fd = (0,external_node_fs_.openSync)(path, 'r');
    try {
        return onnxGraph(fileSource(fd, (0,external_node_fs_.fstatSync)(fd).size, (f, buffer, at) => (0,external_node_fs_.readSync)(f, buffer, 0, buffer.length, at)));
    }
    finally {
        (0,external_node_fs_.closeSync)(fd);
    }
}
/** A model file's inputs and outputs, read at offsets (never whole); throws when it cannot be read or parsed. */
function readOnnxIo(path) {
    const fd = (0,external_node_fs_.openSync)(path, 'r');
    try {
        const source = fileSource(fd, (0,external_node_fs_.fstatSync)(fd).size, (f, buffer, at) => (0,external_node_fs_.readSync)(f, buffer, 0, buffer.length, at));
        return { inputs: onnxInputs(source), outputs: onnxOutputs(source) };
    }
    finally {
        (0,external_node_fs_.closeSync)(fd);
    }
}
/** The ValueInfoProtos of GraphProto field `number` (11: inputs, less initializers; 12: outputs). */
function graphValues(source, number) {
    const src = Buffer.isBuffer(source) ? bufferSource(source) : source;
    const sub = (list, number) => list.filter((f) => f.number === number && f.start !== undefined);
    const inside = (f) => fields(src, f.start, f.start + f.length);
    const text = (f) => (f ? src.read(f.start, f.length).toString('utf8') : null);
    const graph = sub(fields(src, 0, src.size), 7)[0];
    if (!graph)
        throw new Error('no graph in it (ModelProto.graph)');
    const graphFields = inside(graph);
    // An initializer's name (8) comes before its raw_data (9) as protobuf writes fields in order; the rest is skipped.
    const initialized = new Set(sub(graphFields, 5).map((t) => text(sub(inside(t), 8)[0])));
    return sub(graphFields, number).flatMap((info) => {
        const infoFields = inside(info);
        const name = text(sub(infoFields, 1)[0]) ?? '';
        if (number === 11 && initialized.has(name))
            return [];
        const tensor = sub(infoFields, 2).flatMap((t) => sub(inside(t), 1))[0];
        const tensorFields = tensor ? inside(tensor) : [];
        const elem = tensorFields.find((f) => f.number === 1)?.value;
        const shape = sub(tensorFields, 2)[0];
        const dims = shape
            ? sub(inside(shape), 1).map((d) => {
                const value = inside(d).find((f) => f.number === 1)?.value;
                return value !== undefined && value > 0 ? value : null;
            })
            : [];
        return [{ name, type: elem !== undefined ? (ELEM_TYPES[elem] ?? `type ${elem}`) : 'unknown', dims }];
    });
}
/** A model file as a ByteSource: read at offsets, never whole. */
function fileSource(fd, size, readAt) {
    return {
        size,
        read(offset, length) {
            const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
            const got = readAt(fd, buffer, offset);
            return buffer.subarray(0, got);
        },
    };
}
/** `images (float32, 1x3x?x?)`: an input as a message shows it. */
const describeInput = (input) => `${input.name} (${input.type}, ${input.dims.map((d) => d ?? '?').join('x') || 'scalar'})`;

;// CONCATENATED MODULE: ./.build/tsc/onnx/graph.js
// An ONNX model's protobuf, read as views and written back field by field (onnx/onnx.proto3; field numbers
// are stable): what mixed-precision.ts needs to see a graph's nodes, tensors and types and to write Casts
// and narrowed initializers. Fields are copied as bytes, never decoded and encoded again.


const FLOAT = 1;
const INT64 = 7;
const BOOL = 9;
const FLOAT16 = 10;
const BFLOAT16 = 16;
const narrowCode = (narrow) => (narrow === 'fp16' ? FLOAT16 : BFLOAT16);
/** The default-domain opset a model imports (ModelProto.opset_import 8: domain 1, version 2); 1 if none says. */
function modelOpset(model) {
    for (const f of fieldsOf(model).filter((x) => x.number === 8 && x.wire === 2)) {
        const set = payload(model, f);
        const fields = fieldsOf(set);
        const domain = fields.find((x) => x.number === 1);
        const name = domain ? graph_text(set, domain) : '';
        const version = fields.find((x) => x.number === 2);
        if ((name === '' || name === 'ai.onnx') && version)
            return version.value;
    }
    return 1;
}
const fieldsOf = (bytes) => wireFields(bufferSource(bytes), 0, bytes.length);
const graph_text = (bytes, f) => bytes.toString('utf8', f.payload, f.end);
const payload = (bytes, f) => bytes.subarray(f.payload, f.end);
function readNode(bytes) {
    const fields = fieldsOf(bytes);
    const strings = (n) => fields.filter((f) => f.number === n).map((f) => graph_text(bytes, f));
    const attributes = fields
        .filter((f) => f.number === 5)
        .map((f) => {
        const a = payload(bytes, f);
        const af = fieldsOf(a);
        const nameField = af.find((x) => x.number === 1);
        return { name: nameField ? graph_text(a, nameField) : '', bytes: a, fields: af };
    });
    const outputs = strings(2);
    return {
        bytes,
        fields,
        inputs: strings(1),
        outputs,
        // The layer's name, which --layerPrecisions and keep-fp32 match.
        name: layerNameOf(strings(3)[0] ?? '', outputs[0]),
        op: strings(4)[0] ?? '',
        domain: strings(7)[0] ?? '',
        attributes,
    };
}
const intAttribute = (node, name) => node.attributes.find((a) => a.name === name)?.fields.find((f) => f.number === 3 && f.wire === 0)?.value;
/** The element type a TensorProto (data_type 2) holds. */
const tensorType = (bytes) => fieldsOf(bytes).find((f) => f.number === 2 && f.wire === 0)?.value ?? 0;
/** A ValueInfoProto's name and its tensor element type (type 2 → tensor_type 1 → elem_type 1), 0 when none. */
function valueInfo(bytes) {
    const fields = fieldsOf(bytes);
    const nameField = fields.find((f) => f.number === 1);
    let type = 0;
    const typeField = fields.find((f) => f.number === 2 && f.wire === 2);
    if (typeField) {
        const tp = payload(bytes, typeField);
        const tensor = fieldsOf(tp).find((f) => f.number === 1 && f.wire === 2);
        if (tensor)
            type = fieldsOf(payload(tp, tensor)).find((f) => f.number === 1 && f.wire === 0)?.value ?? 0;
    }
    return { name: nameField ? graph_text(bytes, nameField) : '', type };
}
/** Names a graph (and its subgraphs) reads that it does not define: what it captures from outside. */
function capturedNames(graph) {
    const defined = new Set();
    const read = new Set();
    for (const f of fieldsOf(graph)) {
        const p = payload(graph, f);
        if (f.number === 5)
            defined.add(tensorName(p));
        else if (f.number === 11)
            defined.add(valueInfo(p).name);
        else if (f.number === 1) {
            const node = readNode(p);
            for (const input of node.inputs)
                if (input)
                    read.add(input);
            for (const g of subgraphs(node))
                for (const name of capturedNames(g.bytes))
                    read.add(name);
            for (const output of node.outputs)
                defined.add(output);
        }
    }
    return new Set([...read].filter((name) => !defined.has(name)));
}
const tensorName = (bytes) => {
    const f = fieldsOf(bytes).find((x) => x.number === 8);
    return f ? graph_text(bytes, f) : '';
};
/** A node's subgraphs: attribute g (6) and graphs (11). */
function subgraphs(node) {
    return node.attributes.flatMap((a) => a.fields
        .filter((f) => (f.number === 6 || f.number === 11) && f.wire === 2)
        .map((f) => ({
        attribute: a.name,
        bytes: payload(a.bytes, f),
    })));
}
const stringField = (number, value) => lenField(number, Buffer.from(value, 'utf8'));
function castNode(input, output, to) {
    const attribute = Buffer.concat([stringField(1, 'to'), varintField(3, to), varintField(20, 2)]);
    return Buffer.concat([
        stringField(1, input),
        stringField(2, output),
        stringField(3, `${output}__cast`),
        stringField(4, 'Cast'),
        lenField(5, attribute),
    ]);
}
/**
 * FP32 values as FP16 or BF16 bits, rounded to nearest even (Float16Array's conversion; for BF16 the top 16 bits
 * of the FP32 pattern, rounded on the 16 below); a NaN stays a NaN.
 */
function narrowValues(values, narrow, 
/** Where the bits go (at least values.length long, reused chunk after chunk); a new array where not given. */
into = new Uint16Array(values.length)) {
    const bytes = Buffer.from(into.buffer, into.byteOffset, values.length * 2);
    if (narrow === 'fp16') {
        new Float16Array(into.buffer, into.byteOffset, values.length).set(values);
        return bytes;
    }
    const bits = new Uint32Array(values.buffer, values.byteOffset, values.length);
    for (let i = 0; i < bits.length; i++) {
        const b = bits[i];
        into[i] = Number.isNaN(values[i]) ? (b >>> 16) | 0x40 : (b + 0x7fff + ((b >>> 16) & 1)) >>> 16;
    }
    return bytes;
}
/** How many floats an FP32 tensor is read in at a time: raw data not aligned to 4 bytes is copied this much. */
const CHUNK = 1 << 20;
/**
 * An FP32 TensorProto's values (raw_data or float_data) in chunks: views of raw data where it lies on a 4-byte
 * boundary, else copied a chunk at a time into one buffer, never the whole tensor at once (a 1 GiB weight). Each
 * chunk is valid until the next is read. Null for a tensor whose data is external.
 */
function floatChunks(bytes) {
    const fields = fieldsOf(bytes);
    if (fields.some((f) => f.number === 14 && f.value === 1))
        return null;
    const raw = fields.find((f) => f.number === 9);
    if (raw) {
        const data = payload(bytes, raw);
        const count = Math.floor(data.length / 4);
        const aligned = data.byteOffset % 4 === 0;
        const scratch = aligned ? null : new Float32Array(Math.min(CHUNK, count));
        return {
            count,
            *chunks() {
                for (let at = 0; at < count; at += CHUNK) {
                    const n = Math.min(CHUNK, count - at);
                    if (!scratch)
                        yield new Float32Array(data.buffer, data.byteOffset + at * 4, n);
                    else {
                        new Uint8Array(scratch.buffer).set(data.subarray(at * 4, (at + n) * 4));
                        yield scratch.subarray(0, n);
                    }
                }
            },
        };
    }
    const floats = [];
    for (const f of fields.filter((x) => x.number === 4)) {
        if (f.wire === 5)
            floats.push(bytes.readFloatLE(f.payload));
        else
            for (let at = f.payload; at < f.end; at += 4)
                floats.push(bytes.readFloatLE(at));
    }
    const values = Float32Array.from(floats);
    return {
        count: values.length,
        *chunks() {
            yield values;
        },
    };
}
/**
 * From where a value rounds to Inf in each narrow type (round to nearest even): halfway between its largest finite
 * value and the next power of two. FP16: 65504 is the largest, 65519 still rounds to it, 65520 is Inf.
 */
const NARROW_OVERFLOW = { fp16: 65520, bf16: (3.3895313892515355e38 + 2 ** 128) / 2 };
/** Whether an FP32 TensorProto holds a finite value past the narrow type's largest (its data read, not external). */
function exceedsNarrow(bytes, narrow) {
    if (tensorType(bytes) !== FLOAT)
        return false;
    const values = floatChunks(bytes);
    if (!values)
        return false;
    for (const chunk of values.chunks())
        for (const v of chunk)
            if (Number.isFinite(v) && Math.abs(v) >= NARROW_OVERFLOW[narrow])
                return true;
    return false;
}
/**
 * An FP32 initializer renamed and converted, as parts (a gigabyte weight's narrow values are written once, never
 * copied into the message); null when its data is external (a Cast is written instead).
 */
function narrowInitializer(bytes, name, narrow) {
    const fields = fieldsOf(bytes);
    const values = floatChunks(bytes);
    if (!values)
        return null;
    // Converted where the model is joined, straight into it: no narrowed copy of the weight is held beside it.
    const narrowed = {
        length: values.count * 2,
        writeInto(target, at) {
            const scratch = new Uint16Array(Math.min(CHUNK, values.count));
            for (const chunk of values.chunks())
                at += narrowValues(chunk, narrow, scratch).copy(target, at);
        },
    };
    return [
        ...fields.filter((f) => f.number === 1).map((f) => bytes.subarray(f.start, f.end)),
        varintField(2, narrowCode(narrow)),
        stringField(8, name),
        ...fields.filter((f) => ![1, 2, 4, 8, 9].includes(f.number)).map((f) => bytes.subarray(f.start, f.end)),
        ...lenParts(9, [narrowed]),
    ];
}
/** The graph's constants whose values a narrow type cannot hold: initializers and Constant nodes' values. */
function wideConstants(initializers, nodes, narrow) {
    const wide = new Set();
    for (const [name, tensor] of initializers)
        if (exceedsNarrow(tensor, narrow))
            wide.add(name);
    for (const node of nodes) {
        if (node.op !== 'Constant' || !node.outputs[0])
            continue;
        const value = node.attributes.find((a) => a.name === 'value');
        const t = value?.fields.find((f) => f.number === 5);
        if (value && t && exceedsNarrow(payload(value.bytes, t), narrow))
            wide.add(node.outputs[0]);
    }
    return wide;
}

;// CONCATENATED MODULE: ./.build/tsc/onnx/narrow-ops.js

/**
 * Per op whose FP32 inputs and outputs may all be the narrow type, the first opset whose version of it takes
 * [float16, bfloat16] (null: none yet). Once a version takes a type, every later one does (checked when the
 * table was made from the Changelog). Inputs that are not FP32 (indices, shapes, axes, conditions) stay as
 * they are. Conv, pooling and the normalizations take BF16 only from opset 22, TopK from 24.
 */
const NARROW_SINCE = {
    Abs: [1, 13],
    Acos: [7, 22],
    Acosh: [9, 22],
    Add: [1, 13],
    ArgMax: [1, 13],
    ArgMin: [1, 13],
    Asin: [7, 22],
    Asinh: [9, 22],
    Atan: [7, 22],
    Atanh: [9, 22],
    AveragePool: [1, 22],
    BatchNormalization: [1, 14],
    Ceil: [1, 13],
    Clip: [1, 13],
    Concat: [1, 13],
    Conv: [1, 22],
    ConvTranspose: [1, 22],
    Cos: [7, 22],
    Cosh: [9, 22],
    CumSum: [14, 14],
    DepthToSpace: [1, 13],
    Div: [1, 13],
    Dropout: [1, 13],
    Einsum: [12, null],
    Elu: [1, 22],
    Equal: [11, 13],
    Erf: [9, 13],
    Exp: [1, 13],
    Expand: [8, 13],
    Flatten: [1, 13],
    Floor: [1, 13],
    Gather: [1, 13],
    GatherElements: [11, 13],
    GatherND: [11, 13],
    Gelu: [20, 20],
    Gemm: [1, 13],
    GlobalAveragePool: [1, 22],
    GlobalMaxPool: [1, 22],
    Greater: [1, 13],
    GreaterOrEqual: [12, 16],
    GroupNormalization: [21, 21],
    HardSigmoid: [1, 22],
    HardSwish: [14, 22],
    Identity: [1, 13],
    InstanceNormalization: [1, 22],
    IsInf: [20, 20],
    IsNaN: [9, 13],
    LayerNormalization: [17, 17],
    LeakyRelu: [1, 16],
    Less: [1, 13],
    LessOrEqual: [12, 16],
    Log: [1, 13],
    LogSoftmax: [1, 13],
    LpNormalization: [1, 22],
    MatMul: [1, 13],
    Max: [1, 13],
    MaxPool: [1, 22],
    Mean: [1, 13],
    Min: [1, 13],
    Mish: [18, 22],
    Mod: [10, 13],
    Mul: [1, 13],
    Neg: [1, 13],
    Pad: [1, 13],
    Pow: [1, 13],
    PRelu: [1, 16],
    Reciprocal: [1, 13],
    ReduceL1: [1, 13],
    ReduceL2: [1, 13],
    ReduceLogSum: [1, 13],
    ReduceLogSumExp: [1, 13],
    ReduceMax: [1, 13],
    ReduceMean: [1, 13],
    ReduceMin: [1, 13],
    ReduceProd: [1, 13],
    ReduceSum: [1, 13],
    ReduceSumSquare: [1, 13],
    Relu: [1, 13],
    Reshape: [1, 13],
    Resize: [10, 13],
    Round: [11, 22],
    ScatterElements: [11, 13],
    ScatterND: [11, 13],
    Selu: [1, 22],
    Shrink: [9, null],
    Sigmoid: [1, 13],
    Sign: [9, 13],
    Sin: [7, 22],
    Sinh: [9, 22],
    Slice: [1, 13],
    Softmax: [1, 13],
    Softplus: [1, 22],
    Softsign: [1, 22],
    SpaceToDepth: [1, 13],
    Split: [1, 13],
    Sqrt: [1, 13],
    Squeeze: [1, 13],
    Sub: [1, 13],
    Sum: [1, 13],
    Tan: [7, 22],
    Tanh: [1, 13],
    ThresholdedRelu: [10, 22],
    Tile: [1, 13],
    TopK: [1, 24],
    Transpose: [1, 13],
    Trilu: [14, 14],
    Unsqueeze: [1, 13],
    Where: [9, 16],
};
/** Whether the op's data type variable is a float that may be narrowed at some opset (its outputs follow it). */
const takesFloatT = (op) => op in NARROW_SINCE;
/** Whether the op's version at this opset takes `narrow` in ONNX's schema. */
function narrowableAt(op, narrow, opset) {
    const since = NARROW_SINCE[op]?.[narrow === 'fp16' ? 0 : 1];
    return since !== undefined && since !== null && opset >= since;
}
/** Inputs that stay FP32 on a narrowed node: their type variable is not the data's (Resize: roi, scales). */
const FP32_INPUTS = { Resize: [1, 2] };
/** Outputs whose type is fixed whatever the inputs are. */
const FIXED_OUTPUTS = {
    ArgMax: { 0: INT64 },
    ArgMin: { 0: INT64 },
    TopK: { 1: INT64 },
    MaxPool: { 1: INT64 },
    Dropout: { 1: BOOL },
    LayerNormalization: { 1: FLOAT, 2: FLOAT },
    Equal: { 0: BOOL },
    Greater: { 0: BOOL },
    GreaterOrEqual: { 0: BOOL },
    Less: { 0: BOOL },
    LessOrEqual: { 0: BOOL },
    IsInf: { 0: BOOL },
    IsNaN: { 0: BOOL },
    Shape: { 0: INT64 },
    Size: { 0: INT64 },
    NonZero: { 0: INT64 },
};
/** Ops that take any type and need no version of their input made for them: they take the producer's. */
const TYPE_AGNOSTIC = new Set(['Shape', 'Size', 'Cast', 'CastLike']);

;// CONCATENATED MODULE: ./.build/tsc/onnx/node-precision.js
// Which precision one node of a graph computes in, and why: the rule the mixed-precision writer applies to every
// node (mixed-precision.ts says the whole of it). Pure: the node and what is known of the graph's types in, the
// verdict out.


/**
 * Whether a node computes narrow and why; its outputs' types are recorded in `types` (by their FP32 names), and
 * the outputs it makes narrow in `madeNarrow`.
 */
function decideNode(node, types, madeNarrow, graph) {
    const kept = graph.keep.has(node.name);
    const inputTypes = node.inputs.map((input) => (input ? types.get(input) : -1));
    const fixed = FIXED_OUTPUTS[node.op] ?? {};
    const setOutputs = (dataType) => node.outputs.forEach((output, k) => {
        const type = fixed[k] ?? dataType;
        if (output && type)
            types.set(output, type);
    });
    let reason;
    if (node.domain && node.domain !== 'ai.onnx')
        reason = 'custom domain';
    else if (subgraphs(node).length)
        reason = 'holds a subgraph';
    else if (node.op === 'Cast' || node.op === 'CastLike') {
        const to = node.op === 'Cast' ? intAttribute(node, 'to') : types.get(node.inputs[1] ?? '');
        if (node.op === 'CastLike' || to !== FLOAT)
            reason = 'no FP32 input';
        else
            reason = kept ? 'kept' : 'narrowed';
        setOutputs(to);
        if (reason === 'narrowed')
            for (const o of node.outputs)
                madeNarrow.add(o);
        return { narrowed: reason === 'narrowed', reason };
    }
    else if (!narrowableAt(node.op, graph.narrow, graph.opset))
        reason = 'op not narrowed';
    else if (inputTypes.some((t) => t === undefined))
        reason = 'input type unknown';
    else if (!inputTypes.some((t, k) => t === FLOAT && !(FP32_INPUTS[node.op] ?? []).includes(k)))
        reason = 'no FP32 input';
    else if (kept)
        reason = 'kept';
    // 1e5 as FP16 is Inf: the node that reads it stays FP32 on its own (one keep-fp32 list for 10.x and 11.x).
    else if (node.inputs.some((input, k) => graph.wide.has(input) && !(FP32_INPUTS[node.op] ?? []).includes(k)))
        reason = 'reads a constant past the narrow range';
    else
        reason = 'narrowed';
    if (reason === 'holds a subgraph') {
        // If: a branch's outputs are the node's; Loop: the body's after its condition (carried, then scanned).
        const body = subgraphs(node)[0].bytes;
        const bodyOutputs = fieldsOf(body)
            .filter((f) => f.number === 12)
            .map((f) => valueInfo(payload(body, f)).type);
        const offset = node.op === 'Loop' ? 1 : 0;
        node.outputs.forEach((output, k) => {
            const type = node.op === 'If' || node.op === 'Loop' ? bodyOutputs[k + offset] : undefined;
            if (output && type)
                types.set(output, type);
        });
    }
    else if (node.op === 'Constant') {
        const value = node.attributes.find((a) => a.name === 'value');
        const t = value?.fields.find((f) => f.number === 5);
        setOutputs(value && t ? tensorType(payload(value.bytes, t)) : undefined);
    }
    else if (node.op === 'ConstantOfShape') {
        const value = node.attributes.find((a) => a.name === 'value');
        const t = value?.fields.find((f) => f.number === 5);
        setOutputs(value && t ? tensorType(payload(value.bytes, t)) : FLOAT);
    }
    else if (takesFloatT(node.op) && reason !== 'input type unknown') {
        // T is the type of the data inputs: the first input whose type is not an index's or a condition's.
        const data = inputTypes.find((t, k) => t !== undefined &&
            t !== -1 &&
            !(FP32_INPUTS[node.op] ?? []).includes(k) &&
            !(node.op === 'Where' && k === 0) &&
            t !== INT64);
        setOutputs(data ?? inputTypes.find((t) => t !== undefined && t !== -1));
    }
    else
        setOutputs(undefined);
    const narrowed = reason === 'narrowed';
    if (narrowed)
        node.outputs.forEach((o, k) => {
            if (o && types.get(o) === FLOAT && !(k in fixed))
                madeNarrow.add(o);
        });
    return { narrowed, reason };
}

;// CONCATENATED MODULE: ./.build/tsc/onnx/mixed-precision.js
// The mixed-precision ONNX TensorRT 11 needs for what 10.x did with `--fp16` (11.x builds strongly typed networks
// only: the precision is in the ONNX's types). Every node that computes on FP32 tensors and whose op takes FP16 in
// ONNX's schema computes in the narrow type, except the nodes kept in FP32 (`keep-fp32:`), nodes that read a
// constant the narrow type cannot hold (1e5 in FP16 is Inf), and nodes whose types are fixed or unknown: shape
// arithmetic, indices, int inputs, custom-domain ops, Resize's roi and scales. The model's inputs and outputs keep
// FP32, as AutoCast's keep_io_types does. How: every FP32 tensor has two versions, its own name (FP32) and
// `<name>__trtci_<type>` (narrow); its producer makes one, each consumer names the one it needs, and the other is
// made where something needs it: an initializer converted (round to nearest even), or a Cast after the producer.
// Subgraphs (If, Loop, Scan) are written the same way; what they capture is the FP32 version and their outputs
// stay FP32, so a body's interface never changes type. Rewritten at the protobuf level (onnx/onnx.proto3) like
// widen-model.ts: fields it does not change are copied byte for byte. Pure: bytes in, bytes and a table out.




const suffix = (narrow) => `__trtci_${narrow}`;
class Writer {
    options;
    opset;
    nodes = [];
    matched = new Set();
    casts = 0;
    /** The graph's constants (initializers, Constant outputs) that hold a value past the narrow type's largest. */
    wide = new Set();
    /** What the graph being written captures: their narrow versions get a name of this graph's own. */
    captured = { names: new Set(), scope: 0 };
    scopes = 0;
    constructor(options, 
    /** The model's default-domain opset: which version of each op, and so which types it takes. */
    opset) {
        this.options = options;
        this.opset = opset;
    }
    /**
     * A tensor's narrow version. Names are unique across a model's graphs (ONNX's SSA spans subgraphs), so a
     * subgraph that narrows what it captures (two If branches, each its own Cast) names its version apart.
     */
    narrowName(name) {
        const tag = suffix(this.options.narrow);
        return this.captured.names.has(name) ? `${name}${tag}_${this.captured.scope}` : `${name}${tag}`;
    }
    /** One graph rewritten, as parts; `outer` holds the element types of what it may capture (all FP32 versions). */
    graph(bytes, label, outer) {
        const enclosing = this.captured;
        this.captured = { names: outer.size ? capturedNames(bytes) : new Set(), scope: this.scopes++ };
        try {
            return this.write(bytes, label, outer);
        }
        finally {
            this.captured = enclosing;
        }
    }
    write(bytes, label, outer) {
        const { narrow } = this.options;
        const fields = fieldsOf(bytes);
        const types = new Map(outer);
        const initializers = new Map();
        for (const f of fields) {
            const p = payload(bytes, f);
            if (f.number === 5) {
                initializers.set(tensorName(p), p);
                types.set(tensorName(p), tensorType(p));
            }
            else if (f.number === 11 || f.number === 13 || f.number === 12) {
                const info = valueInfo(p);
                if (info.type && !types.has(info.name))
                    types.set(info.name, info.type);
            }
        }
        const outputs = fields.filter((f) => f.number === 12).map((f) => valueInfo(payload(bytes, f)).name);
        const nodes = fields.filter((f) => f.number === 1).map((f) => readNode(payload(bytes, f)));
        this.wide = wideConstants(initializers, nodes, narrow);
        // Pass 1: each node's precision and its outputs' types; which tensors are made narrow.
        const madeNarrow = new Set();
        const plans = nodes.map((node) => {
            const plan = decideNode(node, types, madeNarrow, { ...this.options, opset: this.opset, wide: this.wide });
            if (this.options.keep.has(node.name))
                this.matched.add(node.name);
            this.nodes.push({
                node: node.name,
                op: node.op,
                graph: label,
                precision: plan.narrowed ? narrow : 'fp32',
                reason: plan.reason,
                floatOutputs: node.outputs.filter((o) => o && types.get(o) === FLOAT),
            });
            return plan;
        });
        const { wanted, readAs } = this.versionsRead(nodes, plans, types, madeNarrow, outputs);
        const made = this.versionsMade(nodes, wanted, madeNarrow, initializers);
        const { head, castsAfter, newInitializers, droppedInitializers } = made;
        const written = [];
        let nodeIndex = 0;
        let headWritten = false;
        for (const f of fields) {
            const p = payload(bytes, f);
            if (f.number === 1) {
                if (!headWritten) {
                    written.push(...head.map((cast) => lenField(1, cast)));
                    headWritten = true;
                }
                const i = nodeIndex++;
                written.push(lenField(1, this.node(nodes[i], plans[i], readAs[i], label, types, madeNarrow)));
                for (const cast of castsAfter.get(i) ?? [])
                    written.push(lenField(1, cast));
            }
            else if (f.number === 5) {
                if (!droppedInitializers.has(tensorName(p)))
                    written.push(bytes.subarray(f.start, f.end));
            }
            else if (f.number === 13) {
                // A value_info of a tensor whose FP32 version no longer exists would describe nothing.
                const info = valueInfo(p);
                if (!(madeNarrow.has(info.name) && !wanted.get(info.name)?.has('fp32')))
                    written.push(bytes.subarray(f.start, f.end));
            }
            else
                written.push(bytes.subarray(f.start, f.end));
        }
        if (!headWritten)
            written.push(...head.map((cast) => lenField(1, cast)));
        for (const tensor of newInitializers)
            written.push(...lenParts(5, tensor));
        return written;
    }
    /** Which version of each FP32 tensor each consumer reads (null: not an FP32 tensor), and all wanted. */
    versionsRead(nodes, plans, types, madeNarrow, outputs) {
        const wanted = new Map();
        const want = (name, version) => {
            if (!wanted.has(name))
                wanted.set(name, new Set());
            wanted.get(name).add(version);
        };
        const readAs = nodes.map((node, i) => node.inputs.map((input, k) => {
            if (!input || types.get(input) !== FLOAT)
                return null;
            const native = madeNarrow.has(input) ? 'narrow' : 'fp32';
            const asked = plans[i].narrowed && !(FP32_INPUTS[node.op] ?? []).includes(k) ? 'narrow' : 'fp32';
            const version = TYPE_AGNOSTIC.has(node.op) ? native : asked;
            want(input, version);
            return version;
        }));
        for (const node of nodes)
            for (const g of subgraphs(node))
                for (const name of capturedNames(g.bytes))
                    want(name, 'fp32');
        for (const name of outputs)
            if (types.get(name) === FLOAT)
                want(name, 'fp32');
        return { wanted, readAs };
    }
    /** The versions their producers do not make: narrowed initializers, or Casts right after the producer. */
    versionsMade(nodes, wanted, madeNarrow, initializers) {
        const { narrow } = this.options;
        const castsAfter = new Map();
        const head = [];
        const newInitializers = [];
        const droppedInitializers = new Set();
        for (const [name, versions] of wanted) {
            const native = madeNarrow.has(name) ? 'narrow' : 'fp32';
            for (const version of versions) {
                if (version === native)
                    continue;
                const initializer = native === 'fp32' ? initializers.get(name) : undefined;
                const narrowed = initializer ? narrowInitializer(initializer, this.narrowName(name), narrow) : null;
                if (narrowed) {
                    newInitializers.push(narrowed);
                    // Its FP32 version goes where nothing reads it; one whose data is external is Cast instead, and stays.
                    if (!versions.has('fp32'))
                        droppedInitializers.add(name);
                    continue;
                }
                this.casts++;
                const cast = version === 'narrow'
                    ? castNode(name, this.narrowName(name), narrowCode(narrow))
                    : castNode(this.narrowName(name), name, FLOAT);
                const producer = nodes.findIndex((n) => n.outputs.includes(name));
                if (producer < 0)
                    head.push(cast);
                else
                    castsAfter.set(producer, [...(castsAfter.get(producer) ?? []), cast]);
            }
        }
        return { head, castsAfter, newInitializers, droppedInitializers };
    }
    /** The node with the inputs it reads and the outputs it makes renamed, and its subgraphs rewritten. */
    node(node, plan, readAs, label, types, madeNarrow) {
        let input = 0;
        let output = 0;
        const parts = node.fields.map((f) => {
            if (f.number === 1) {
                const name = node.inputs[input];
                return readAs[input++] === 'narrow'
                    ? stringField(1, this.narrowName(name))
                    : node.bytes.subarray(f.start, f.end);
            }
            if (f.number === 2) {
                const name = node.outputs[output++];
                return madeNarrow.has(name) ? stringField(2, this.narrowName(name)) : node.bytes.subarray(f.start, f.end);
            }
            if (f.number === 5) {
                const attribute = node.attributes.find((a) => a.bytes.equals(payload(node.bytes, f)));
                return lenField(5, this.attribute(node, attribute, plan, label, types));
            }
            return node.bytes.subarray(f.start, f.end);
        });
        return Buffer.concat(parts);
    }
    attribute(node, attribute, plan, label, types) {
        const { bytes, fields } = attribute;
        if (node.op === 'Cast' && attribute.name === 'to' && plan.narrowed)
            return Buffer.concat(fields.map((f) => f.number === 3 && f.wire === 0
                ? varintField(3, narrowCode(this.options.narrow))
                : bytes.subarray(f.start, f.end)));
        if (!fields.some((f) => (f.number === 6 || f.number === 11) && f.wire === 2))
            return bytes;
        // What a subgraph captures is the outer graph's FP32 version, whose type `types` holds.
        const outer = types;
        return joinParts(fields.flatMap((f) => (f.number === 6 || f.number === 11) && f.wire === 2
            ? lenParts(f.number, this.graph(payload(bytes, f), `${label}/${node.name}/${attribute.name}`, outer))
            : [bytes.subarray(f.start, f.end)]));
    }
}
/**
 * The model with every node that can compute in `narrow` doing so, except the nodes named in `keep`.
 * Written as parts and joined once: the largest weights are copied once, into the written model. Throws on bytes
 * that are not protobuf.
 */
function mixedPrecisionOnnx(model, options) {
    const writer = new Writer(options, modelOpset(model));
    const rewritten = joinParts(fieldsOf(model).flatMap((f) => {
        if (f.number !== 7 || f.wire !== 2)
            return [model.subarray(f.start, f.end)];
        const graph = payload(model, f);
        const nameField = fieldsOf(graph).find((x) => x.number === 2);
        return lenParts(7, writer.graph(graph, nameField ? graph_text(graph, nameField) : 'graph', new Map()));
    }));
    return {
        model: rewritten,
        nodes: writer.nodes,
        unmatched: [...options.keep].filter((name) => !writer.matched.has(name)).sort(),
        casts: writer.casts,
    };
}

;// CONCATENATED MODULE: ./.build/tsc/tensorrt/layer-info.js
// trtexec's --exportLayerInfo JSON (8.2+; the 10.x "Bindings" and 11.x "I/O Tensors" schemas), read once for
// both of its readers: verify's padding diagnosis (which Myelin kernels a plan holds) and explain (each layer
// with the ONNX nodes it computes). A layer's nodes are its `Metadata` (8.6+: "[ONNX Layer: name]" entries
// separated by U+001E or U+001F, both occur: the entries are read, not the separators), else the nodes its
// fused name lists ("Conv_0 + Relu_1", "PWN(Clip_16)"), a ForeignNode's "[first...last]" expanded over the
// ONNX graph's order when the graph is known. Given the graph, a name that is no node but a tensor (a
// constant, "<tensor> copy") stands for the node that makes it, and a name that is neither (an initializer
// folded in, "reshape_before_MatMul-9") computes no node. Reformats name the layer they feed or read
// ("Reformatting CopyNode for Input Tensor 0 to X"). Sources: docs/explain.md. Pure: text in, layers out.


const REFORMAT = /^Reformatting CopyNode for (?:Input|Output) Tensor \d+ to (.+)$/;
const METADATA_ENTRY = /\[ONNX Layer: ([^\]]*)\]/g;
const UNNAMED_LAYER = /\(Unnamed Layer\* \d+\) \[[^\]]*\]/g;
/** A Myelin library layer (a gemm): its ONNX node's name, then _myl<graph>_<index>. */
const MYELIN_LIBRARY = /^(.+)_myl\d+_\d+$/;
/** A copy TensorRT adds for a concatenation or an output, named by the tensor it copies. */
const TENSOR_COPY = /^(.+) copy$/;
const TYPE_BYTES = {
    Float: 4,
    Half: 2,
    BFloat16: 2,
    BF16: 2,
    Int8: 1,
    FP8: 1,
    Int32: 4,
    Int64: 8,
    Bool: 1,
    UInt8: 1,
};
/**
 * "Row major linear FP32", "Half", "Channel major FP16 format …", "Int8" → fp32, fp16, fp16, int8; null for a
 * text that names no type ("N/A due to dynamic shapes", which 8.x writes for a dynamic engine's tensors).
 */
function precisionOf(text) {
    const t = text.toLowerCase();
    if (/\bbf16\b|bfloat16/.test(t))
        return 'bf16';
    if (/\bfp16\b|\bhalf\b/.test(t))
        return 'fp16';
    if (/\bfp32\b|\bfloat\b/.test(t))
        return 'fp32';
    if (/\bfp8\b|\bfloat8/.test(t))
        return 'fp8';
    if (/\bint8\b/.test(t))
        return 'int8';
    if (/\bint32\b/.test(t))
        return 'int32';
    if (/\bint64\b/.test(t))
        return 'int64';
    if (/\bbool\b/.test(t))
        return 'bool';
    return null;
}
/** The nodes a fused layer name lists: "A + B", "PWN(PWN(C, D), E)", "{ForeignNode[F...G]}" (its ends). */
function nodesInName(name) {
    const ends = foreignEnds(name);
    if (ends) {
        // Its ends may themselves be fused names ("/a/Unsqueeze_3 + /a/Unsqueeze_4..."); read as plain names (no
        // recursion: a name of 200k nested "{ForeignNode[" is one pass).
        const first = plainNodes(ends[0]);
        const last = plainNodes(ends[1]);
        return { nodes: [...first, ...last], foreign: [first[0] ?? ends[0], last.at(-1) ?? ends[1]] };
    }
    // "{ForeignNode[A]}": one node.
    const inner = name.startsWith(FOREIGN_OPEN) && name.endsWith(']}') ? name.slice(FOREIGN_OPEN.length, -2) : null;
    const single = inner !== null && inner.length > 0 && !inner.includes(']');
    return { nodes: plainNodes(single ? inner : name), foreign: null };
}
const FOREIGN_OPEN = '{ForeignNode[';
/**
 * The two ends of "{ForeignNode[first...last]}": from the first "{ForeignNode[", to the first "..." after it,
 * to the first "]}" after that. indexOf, not a regex: lazy groups over a long name backtrack for minutes.
 */
function foreignEnds(name) {
    const open = name.indexOf(FOREIGN_OPEN);
    if (open < 0)
        return null;
    const start = open + FOREIGN_OPEN.length;
    const dots = name.indexOf('...', start + 1);
    if (dots < 0)
        return null;
    const close = name.indexOf(']}', dots + 4);
    return close < 0 ? null : [name.slice(start, dots), name.slice(dots + 3, close)];
}
/** The nodes of a fused name without ForeignNodes: "A + B", "PWN(PWN(C, D), E)". */
function plainNodes(text) {
    return (text
        // A layer TensorRT made itself, "(Unnamed Layer* 21) [Shuffle]", with its "_output" tensor: no ONNX node.
        .replace(UNNAMED_LAYER, ' + ')
        .replace(/\b(?:PWN|PWNH)\(/g, ' + ')
        .replace(/[(),]/g, ' + ')
        .split(' + ')
        .map((part) => part.trim())
        .filter((part) => part && !/^_?(?:output)?$/.test(part)));
}
/**
 * A tensor's precision and format, in each spelling TensorRT has written: one "Format/Datatype" text (8.2 to
 * 10.x: "Row major linear FP16 format", or "Float" alone), or a separate "Format" and "Datatype" (11.x; the
 * "DataType" spelling is read too).
 */
function tensorPrecision(tensor) {
    const str = (value) => (typeof value === 'string' ? value : '');
    const format = str(tensor.Format) || str(tensor['Format/Datatype']);
    const datatype = str(tensor.Datatype) || str(tensor.DataType) || str(tensor['Format/Datatype']) || format;
    return { precision: precisionOf(datatype), format: format || datatype };
}
function weightBytesOf(layer) {
    let bytes = 0;
    for (const key of ['Weights', 'Bias']) {
        const w = layer[key];
        if (w && typeof w.Count === 'number')
            bytes += w.Count * (TYPE_BYTES[w.Type ?? ''] ?? 4);
    }
    return bytes;
}
/**
 * An engine of several optimization profiles has a graph per profile: the layers of profile N > 0 carry a
 * " [profile N]" suffix, profile 0's none (TREx's parser.py filter_profiles, NVIDIA/TensorRT v10.16).
 */
const PROFILE_SUFFIX = /\s*\[profile (\d+)\]/;
/** The JSON's layers, each as an object (a names-only entry becomes { Name }) with its profile; throws on garbage. */
function rawLayers(text) {
    let json;
    try {
        const parsed = JSON.parse(text);
        // The layer list alone, as IEngineInspector users and NVIDIA's trt-perf-analysis skill also save it.
        json = (Array.isArray(parsed) ? { Layers: parsed } : parsed);
    }
    catch (error) {
        throw new Error(`expected --exportLayerInfo JSON, got text that does not parse (${error.message})`);
    }
    if (!json || !Array.isArray(json.Layers))
        throw new Error('expected --exportLayerInfo JSON with a "Layers" list');
    const schema = 'I/O Tensors' in json ? '11.x (I/O Tensors)' : 'Bindings' in json ? '10.x (Bindings)' : 'unknown';
    const detailed = json.Layers.some((l) => typeof l === 'object' && l !== null);
    const entries = json.Layers.map((raw) => {
        const layer = (typeof raw === 'object' && raw !== null ? raw : { Name: String(raw) });
        const full = String(layer.Name ?? '');
        const suffix = PROFILE_SUFFIX.exec(full);
        return { layer, name: full.replace(PROFILE_SUFFIX, ''), profile: suffix ? Number(suffix[1]) : 0 };
    });
    return { schema, verbosity: detailed ? 'detailed' : 'layer_names_only', entries };
}
/** The nodes a layer's name stands for, read against the graph when it is known (see the file's comment). */
function nodesOfName(name, graph, position) {
    // A Myelin kernel ("__myl_CastReshCast_myl4_4") is named after the ops it fuses, not after any node.
    if (name.startsWith('__myl_'))
        return [];
    // A Myelin library layer is named after its node: "node_linear_myl4_0" computes node_linear.
    const library = MYELIN_LIBRARY.exec(name)?.[1];
    if (library)
        return nodesOfName(library, graph, position);
    const copied = TENSOR_COPY.exec(name)?.[1];
    if (graph.nodes.length === 0)
        return copied ? [] : expandForeign(name, graph, position);
    if (copied)
        return graph.producers.has(copied) ? [graph.producers.get(copied)] : [];
    return expandForeign(name, graph, position).flatMap((part) => {
        if (position.has(part))
            return [part];
        const producer = graph.producers.get(part);
        return producer ? [producer] : [];
    });
}
function expandForeign(name, graph, position) {
    const { nodes, foreign } = nodesInName(name);
    const [from, to] = foreign ? [position.get(foreign[0]), position.get(foreign[1])] : [undefined, undefined];
    return from !== undefined && to !== undefined && from <= to ? graph.nodes.slice(from, to + 1) : nodes;
}
/**
 * Parses --exportLayerInfo JSON; `graph` is the engine's ONNX graph, to expand ForeignNodes and tell nodes from
 * tensors. Of an engine of several optimization profiles, the layers of `profile` (default 0, the first).
 */
function parseEngineLayers(text, graph = EMPTY_GRAPH, profile = 0) {
    const { schema, verbosity, entries } = rawLayers(text);
    const position = new Map(graph.nodes.map((n, i) => [n, i]));
    // A loop, not Math.max(...): 150k layers would be 150k arguments, past the stack.
    const profiles = 1 + entries.reduce((most, n) => Math.max(most, n.profile), 0);
    const layers = entries
        .filter((n) => n.profile === profile)
        .map(({ layer, name }) => {
        const reformat = REFORMAT.exec(name)?.[1] ?? null;
        const metadata = typeof layer.Metadata === 'string' ? [...layer.Metadata.matchAll(METADATA_ENTRY)].map((m) => m[1]) : [];
        const onnxNodes = reformat ? [] : metadata.length ? metadata : nodesOfName(name, graph, position);
        const tensors = (key) => (Array.isArray(layer[key]) ? layer[key] : []);
        const outputs = tensors('Outputs').map(tensorPrecision);
        const described = [...tensors('Inputs').map(tensorPrecision), ...outputs];
        return {
            name,
            type: String(layer.LayerType ?? (reformat ? 'Reformat' : 'unknown')),
            onnxNodes: [...new Set(onnxNodes)],
            reformatOf: reformat,
            precisions: [...new Set(outputs.map((d) => d.precision).filter((p) => p !== null))],
            formats: [...new Set(described.map((d) => d.format).filter(Boolean))],
            // TacticName where TensorRT writes one (10.x Myelin and kgen layers), else the TacticValue (8.x, CASK).
            tactic: typeof layer.TacticName === 'string'
                ? layer.TacticName
                : typeof layer.TacticValue === 'string'
                    ? layer.TacticValue
                    : null,
            weightBytes: weightBytesOf(layer),
            auxiliaryStream: typeof layer.StreamId === 'number' && layer.StreamId > 0,
        };
    });
    return { layers, profiles, profile, verbosity, schema };
}
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
/** Parses trtexec's --exportLayerInfo JSON for verify's diagnosis; null when it is not layer info. */
function parseLayerInfo(text) {
    let raw;
    try {
        raw = rawLayers(text);
    }
    catch {
        return null;
    }
    const myelin = [];
    for (const { layer } of raw.entries) {
        const name = String(layer.Name ?? '');
        const type = layer.LayerType;
        if (!isMyelinName(name) && type !== 'kgen' && type !== 'Myelin')
            continue;
        myelin.push({
            name,
            kind: name.includes('{ForeignNode[') || type === 'Myelin' ? 'foreign-node' : 'kgen',
            ops: myelinOps(name),
        });
    }
    return { schema: raw.schema, verbosity: raw.verbosity, layers: raw.entries.length, myelin };
}
/** A plan's layer info read for explain (see parseEngineLayers); null when it is missing or not layer info. */
async function readEngineLayers(path, graph = EMPTY_GRAPH) {
    try {
        return parseEngineLayers(await (0,promises_.readFile)(path, 'utf8'), graph);
    }
    catch {
        return null;
    }
}
async function readLayerInfo(path) {
    try {
        return parseLayerInfo(await (0,promises_.readFile)(path, 'utf8'));
    }
    catch {
        return null;
    }
}

;// CONCATENATED MODULE: ./.build/tsc/accuracy/first-divergence.js
/** Up to this many main-graph nodes, every node's output is marked; above it, each engine layer's last. */
const EVERY_NODE_UP_TO = 200;
/** The main graph's nodes of a writer's table (the first node's graph is the main one). */
const mainGraphNodes = (table) => table.filter((n) => n.graph === table[0]?.graph);
/**
 * The tensors to mark: every float output of a small graph's nodes; for a large one, the outputs of the last
 * ONNX node each engine layer computes (its region's boundary, where marking breaks no fusion inside it).
 */
function tensorsToMark(nodes, layers) {
    if (nodes.length <= EVERY_NODE_UP_TO || !layers)
        return nodes.flatMap((n) => n.floatOutputs);
    const order = new Map(nodes.map((n, i) => [n.node, i]));
    const ends = new Set();
    for (const layer of layers) {
        const at = layer.onnxNodes.map((name) => order.get(name)).filter((i) => i !== undefined);
        if (at.length)
            ends.add(Math.max(...at));
    }
    return [...ends].sort((a, b) => a - b).flatMap((i) => nodes[i].floatOutputs);
}
const errorOf = (o) => ({
    maxAbsError: o.maxAbsError,
    maxRelError: o.maxRelError,
    outOfTolerance: o.outOfTolerance,
    nan: o.nan,
    inf: o.inf,
});
/**
 * The first node whose marked output is out of tolerance, with the error there and after it. `judged` holds
 * the marked engine's outputs (marked tensors and the model's own) at one shape.
 */
function firstDivergence(nodes, judged, modelOutputs, shape) {
    const byTensor = new Map(judged.map((o) => [o.name, o]));
    const marked = nodes.flatMap((n, i) => n.floatOutputs.flatMap((tensor) => (byTensor.has(tensor) ? [{ node: i, output: byTensor.get(tensor) }] : [])));
    const finals = new Set(modelOutputs);
    const outputsFailing = judged.filter((o) => finals.has(o.name) && o.failure !== null).map((o) => o.name);
    const first = marked.find((m) => m.output.failure !== null);
    const none = { node: null, op: null, computes: null, tensor: null, error: null, failure: null, downstream: null };
    if (!first)
        return { status: 'marked-passes', shape, marked: marked.length, ...none, outputsFailing, span: [] };
    const node = nodes[first.node];
    const after = marked.filter((m) => m.node > first.node);
    // Where it starts, between the last marked node still within tolerance and this one.
    const before = marked.filter((m) => m.node < first.node).at(-1)?.node ?? -1;
    const span = nodes.slice(before + 1, first.node + 1).map((n) => n.node);
    return {
        status: 'found',
        shape,
        marked: marked.length,
        node: node.node,
        op: node.op,
        computes: node.precision === 'fp32' ? `fp32 (${node.reason})` : node.precision,
        tensor: first.output.name,
        error: errorOf(first.output),
        failure: first.output.failure,
        downstream: { marked: after.length, failing: after.filter((m) => m.output.failure !== null).length },
        outputsFailing,
        span,
    };
}

;// CONCATENATED MODULE: ./.build/tsc/accuracy/keep-search.js
// Which nodes must stay in FP32: the smallest keep-fp32 set found for which the engine passes its accuracy
// gate, with the built engine as the oracle (no heuristic decides). Keeping more nodes in FP32 never makes
// FP16 arithmetic less exact, so the gate's verdict is taken as monotone in the set: if a set passes, every
// superset does. Then a minimal set is found one node at a time: with the nodes already known necessary (K)
// and the candidates still open (L, in rank order), a binary search finds the shortest prefix of L that
// passes with K; its last node is necessary given the prefix before it, joins K, and only that prefix stays
// open. Each node found costs ceil(log2 |L|) builds and one to check K alone, so a search of k nodes among
// R costs at most 2 + k * (ceil(log2 R) + 1) builds. The result is minimal (no node of it can be dropped
// along the order searched), and minimum when one set of nodes is what the gate needs.
// Pure: the oracle (a build and an accuracy check) is passed in.
/** The most builds a search of `k` nodes among `candidates` makes. */
const buildBound = (k, candidates) => 2 + k * (Math.ceil(Math.log2(Math.max(candidates, 1))) + 1);
/**
 * Candidates ranked by where the all-FP16 engine's error starts (the first-divergence pass): that node, then
 * the nodes after it in graph order, then those before it (within tolerance, so searched last). Graph order
 * when the pass named no candidate.
 */
function rankByDivergence(candidates, start) {
    const at = start === null ? -1 : candidates.indexOf(start);
    return at < 0 ? [...candidates] : [...candidates.slice(at), ...candidates.slice(0, at)];
}
/**
 * `candidates` in graph order (how a set is written); `rank`, asked once all-FP16 has failed, may give the
 * order the search opens them in (rankByDivergence), a permutation of them.
 */
async function searchKeepSet(candidates, passes, maxBuilds, rank = () => candidates, 
/** Whether the search's time is up: asked before each build, as the build count is. */
outOfTime = () => false) {
    const trials = [];
    let spent = null;
    const judged = new Map();
    const order = new Map(candidates.map((c, i) => [c, i]));
    const sorted = (keep) => [...keep].sort((a, b) => order.get(a) - order.get(b));
    class Spent extends Error {
    }
    const judge = async (keep) => {
        const set = sorted(keep);
        const id = set.join('\n');
        const known = judged.get(id);
        if (known !== undefined)
            return known;
        if (trials.length >= maxBuilds)
            spent = 'builds';
        else if (outOfTime())
            spent = 'time';
        if (spent)
            throw new Spent();
        const passed = await passes(set);
        judged.set(id, passed);
        trials.push({ keep: set, passed });
        return passed;
    };
    try {
        if (await judge([]))
            return { outcome: 'none-needed', keep: [], trials, spent };
        if (!(await judge([...candidates])))
            return { outcome: 'unfixable', keep: null, trials, spent };
    }
    catch (error) {
        if (error instanceof Spent)
            return { outcome: 'budget-spent', keep: null, trials, spent };
        throw error;
    }
    const kept = [];
    // A rank that is not a permutation of the candidates (a name twice, one missing or unknown) is ignored.
    const ranked = new Set(rank());
    const permutation = ranked.size === candidates.length && [...ranked].every((c) => order.has(c));
    let open = permutation ? [...ranked] : [...candidates];
    // Known: kept ∪ open passes.
    try {
        while (open.length > 0 && !(kept.length > 0 && (await judge(kept)))) {
            let [lo, hi] = [0, open.length - 1];
            while (lo < hi) {
                const mid = (lo + hi) >> 1;
                if (await judge([...kept, ...open.slice(0, mid + 1)]))
                    hi = mid;
                else
                    lo = mid + 1;
            }
            kept.push(open[hi]);
            open = open.slice(0, hi);
        }
    }
    catch (error) {
        if (error instanceof Spent)
            return { outcome: 'budget-spent', keep: sorted([...kept, ...open]), trials, spent };
        throw error;
    }
    return { outcome: 'found', keep: sorted(kept), trials, spent };
}
/**
 * Candidates in regions (an engine layer's ONNX nodes, for graphs too large to search node by node): first the
 * regions that must stay FP32, searched as units (each a group test of all its nodes) in `rankRegions`' order,
 * then the nodes inside those guilty regions, in graph order. Regions partition the candidates; a region a
 * passing set needs keeps some node of it, so the nodes searched are the guilty regions' alone. Both levels
 * share the budget; a set asked twice is judged once. At most 2 + k (ceil(log2 R) + 1) + k (ceil(log2 S) + 1)
 * builds for k nodes, R regions and S nodes in the guilty ones.
 */
async function searchKeepSetByRegions(regions, passes, maxBuilds, rankRegions = () => regions.map((_, i) => i), outOfTime = () => false) {
    const candidates = regions.flat();
    const order = new Map(candidates.map((c, i) => [c, i]));
    const inGraphOrder = (keep) => [...keep].sort((a, b) => order.get(a) - order.get(b));
    const known = new Map();
    const trials = [];
    // One memo for both levels: the budget counts builds, never a set asked again.
    const judge = async (keep) => {
        const set = inGraphOrder(keep);
        const id = set.join('\n');
        if (!known.has(id)) {
            known.set(id, await passes(set));
            trials.push({ keep: set, passed: known.get(id) });
        }
        return known.get(id);
    };
    const expand = (chosen) => chosen.flatMap((id) => regions[Number(id)]);
    const left = () => maxBuilds - trials.length;
    const byRegion = await searchKeepSet(regions.map((_, i) => String(i)), (chosen) => judge(expand(chosen)), maxBuilds, () => rankRegions().map(String), outOfTime);
    if (byRegion.outcome !== 'found' || byRegion.keep.length === 0) {
        const keep = byRegion.keep && inGraphOrder(expand(byRegion.keep));
        return { outcome: byRegion.outcome, keep, trials, spent: byRegion.spent, guiltyRegions: null };
    }
    const guilty = byRegion.keep.map(Number);
    const inside = inGraphOrder(expand(byRegion.keep));
    // Its first two sets (none of them, all of them) are known where the memo holds them: no build for those.
    const free = [[], inside].filter((set) => known.has(set.join('\n'))).length;
    const byNode = await searchKeepSet(inside, judge, left() + free, () => inside, outOfTime);
    return { ...byNode, keep: byNode.keep && inGraphOrder(byNode.keep), trials, guiltyRegions: guilty };
}
/**
 * The candidates grouped by the engine layer that computes them (its ONNX nodes, fused), each region and its
 * nodes in graph order; a candidate no layer names is a region of its own.
 */
function layerRegions(candidates, layers) {
    const at = new Map(candidates.map((c, i) => [c, i]));
    const taken = new Set();
    const regions = [];
    for (const layer of layers) {
        const nodes = layer.onnxNodes.filter((n) => at.has(n) && !taken.has(n));
        for (const n of nodes)
            taken.add(n);
        if (nodes.length)
            regions.push(nodes);
    }
    for (const c of candidates)
        if (!taken.has(c))
            regions.push([c]);
    const byPlace = (a, b) => at.get(a) - at.get(b);
    return regions.map((r) => r.sort(byPlace)).sort((a, b) => byPlace(a[0], b[0]));
}

;// CONCATENATED MODULE: ./.build/tsc/accuracy/precision-search.js
// The search for which nodes stay FP32 (docs/accuracy.md), as `trt-ci precision` and a run with
// `precision-search: true` both make it: each candidate keep-fp32 list is one run of the model alone, built and
// its accuracy gate checked (the oracle); all-FP16 (or the model's keep-fp32 list as configured, which every
// candidate keeps) first, with its tensors marked, so that the search opens at the node where its error starts;
// then the found list built once more, its gate again and its latency against the first candidate's plan from
// an A/B. The runs themselves are the caller's (`run`), so that this module never knows the pipeline that makes
// them. keep-lists-in-run.ts makes the searches a run asks for.











function priceOf(builds, report) {
    const build = builds[0];
    const latency = build?.latency;
    return {
        // Not checked at all (the build failed, say) reads as that, with why, never as an accuracy verdict.
        accuracy: build?.accuracy?.status ??
            `not checked: the build ${build?.status ?? 'did not run'}${build?.failure ? ` (${build.failure.message})` : ''}`,
        latency: !latency
            ? 'not measured (no A/B ran)'
            : latency.ratio === null
                ? `not measured (${latency.verdict}: ${latency.reason ?? 'no figure'})`
                : `${latency_text_latencyChange(latency)} (${latency.verdict}, A/B on this GPU)`,
        ratio: latency?.ratio ?? null,
        planBytes: build?.bytes ?? null,
        report,
    };
}
const DEFAULT_MAX_BUILDS = (/* unused pure expression or super */ null && (DEFAULT_PRECISION_MAX_BUILDS));
/**
 * The nodes a keep-fp32 list may name: those that compute in FP16 (or BF16) when nothing is kept (the writer's
 * own table, so TensorRT 10 and 11 search the same nodes): the main graph's in graph order, then those inside
 * If and Loop bodies (an overflow there is a node to keep like any other; the first-divergence pass marks only
 * the main graph, so they are searched after it).
 */
function keepCandidates(onnx, narrow) {
    const written = mixedPrecisionOnnx(onnx, { narrow, keep: new Set() });
    const main = new Set(mainGraphNodes(written.nodes));
    const narrowed = written.nodes.filter((n) => n.precision === narrow && n.node);
    return [...narrowed.filter((n) => main.has(n)), ...narrowed.filter((n) => !main.has(n))].map((n) => n.node);
}
function worstOf(builds) {
    const outputs = builds.flatMap((b) => b.accuracy?.outputs ?? []);
    const worst = [...outputs].sort((a, b) => b.outOfTolerance - a.outOfTolerance || b.inf - a.inf)[0];
    if (!worst)
        return builds.map((b) => b.accuracy?.problem ?? b.failure?.message ?? b.status).join('; ');
    const share = `${(worst.outOfTolerance * 100).toFixed(1)}% out of tolerance`;
    return `${worst.name}: ${share}${worst.inf ? `, ${worst.inf} inf` : ''}${worst.nan ? `, ${worst.nan} NaN` : ''}`;
}
/**
 * A candidate's verdict: passed when every engine passed its gate. An engine that did not build, or a check that
 * could not run (no reference, an engine that would not run), gives no verdict: it is counted as not passing, so
 * the search goes on and only a list judged passing is ever its answer, and said (`unjudged`), so no one reads it
 * as the gate failing.
 */
function verdictOf(builds) {
    // The written FP16/BF16 ONNX off from the model on ONNX Runtime is a verdict before the build: it fails.
    if (builds.some((b) => b.failure?.kind === 'precision-onnx-inaccurate'))
        return { passed: false, unjudged: null };
    const unbuilt = builds.find((b) => b.status !== 'built' && b.status !== 'cached');
    if (unbuilt)
        return { passed: false, unjudged: `did not build: ${unbuilt.failure?.message ?? unbuilt.status}` };
    const unjudged = builds.find((b) => b.accuracy?.status !== 'passed' && b.accuracy?.status !== 'failed');
    if (unjudged) {
        const why = unjudged.accuracy?.problem ?? `accuracy ${unjudged.accuracy?.status ?? 'not checked'}`;
        return { passed: false, unjudged: `was not judged: ${why}` };
    }
    if (builds.length === 0)
        return { passed: false, unjudged: 'built no engine' };
    return { passed: builds.every((b) => b.accuracy?.status === 'passed'), unjudged: null };
}
/** A candidate's plans together, in bytes; null when none has a size. */
const planBytesOf = (builds) => builds.reduce((sum, b) => (b.bytes === null ? sum : (sum ?? 0) + b.bytes), null);
/** Node names for a log line: the ONNX's own strings, each kept on the line (no break, no direction control). */
const namesOf = (nodes) => nodes.map(logValue).join(', ');
/** The search was cancelled (SIGINT, SIGTERM, a runner's cancel): no list is decided, and no build starts. */
class SearchCancelled extends Error {
    constructor() {
        super('the search was cancelled');
    }
}
/** Region ids ranked as rankByDivergence ranks nodes: the region holding the node where the error starts first. */
function rankRegions(regions, opensAt) {
    return () => {
        const node = opensAt();
        const at = node === null ? -1 : regions.findIndex((r) => r.includes(node));
        const ids = regions.map((_, i) => String(i));
        return rankByDivergence(ids, at < 0 ? null : String(at)).map(Number);
    };
}
/** Where a model's search puts its candidate runs: one folder each, under the run's output folder. */
const searchFolder = (outputDir, model) => (0,external_node_path_.join)(outputDir, 'precision', model);
/**
 * The config of one candidate run: this model alone with `keep` kept, no deploy, budgets or search of its
 * own; only the first (all-FP16) is built once more with its tensors marked.
 */
function candidateConfig(loaded, model, outputDir, keep, changes, first, basePlans) {
    return {
        ...loaded,
        outputDir,
        ...(basePlans && { basePlans }),
        models: loaded.models
            .filter((m) => m.name === model)
            .map((m) => ({
            ...m,
            keepFp32: keep,
            deploy: [],
            deployCost: false,
            budgets: {},
            precisionSearch: null,
            // A candidate is judged by its accuracy alone: the gate's run checks its batch consistency once.
            consistency: { ...m.consistency, off: 'a keep-fp32 candidate, judged by its accuracy alone' },
            ...changes,
            accuracy: m.accuracy && { ...m.accuracy, firstDivergence: first },
        })),
    };
}
/** Candidate runs as the search oracle: each list (the start list added) built once, judged, logged. */
function candidateOracle(start, all, bounds, run) {
    const order = new Map(all.map((n, i) => [n, i]));
    const at = (n) => order.get(n) ?? all.length;
    const withStart = (keep) => [...new Set([...start, ...keep])].sort((a, b) => at(a) - at(b));
    const trials = [];
    const first = { divergence: null, layers: null };
    const known = new Map();
    const stopIfCancelled = () => {
        if (bounds.signal?.aborted)
            throw new SearchCancelled();
    };
    const judge = async (candidate, log) => {
        const keep = withStart(candidate);
        const id = keep.join('\n');
        if (known.has(id))
            return known.get(id);
        stopIfCancelled();
        const n = trials.length + 1;
        // No latency or deploy work: the gate is the oracle.
        const result = await run(String(n), keep, { benchmark: false }, { first: n === 1, basePlans: null });
        stopIfCancelled();
        const builds = result.report.builds;
        const { passed, unjudged } = verdictOf(builds);
        known.set(id, passed);
        if (n === 1) {
            first.divergence = builds.find((b) => b.accuracy?.divergence)?.accuracy?.divergence ?? null;
            // Beside its report, as every output of a run (the report holds it relative to where trt-ci ran).
            const layers = builds[0]?.layerInfo;
            first.layers = layers ? (0,external_node_path_.join)((0,external_node_path_.dirname)(result.reportFile), (0,external_node_path_.basename)(layers)) : null;
        }
        trials.push({
            keep,
            passed,
            unjudged,
            worst: worstOf(builds),
            planBytes: planBytesOf(builds),
            report: result.reportFile,
        });
        const verdict = unjudged
            ? `not judged: it ${unjudged} (${result.reportFile}); counted as not passing`
            : passed
                ? 'passed'
                : `failed (${worstOf(builds)})`;
        log(`precision: build ${n} (at most ${bounds.maxBuilds}): keep [${namesOf(keep)}] → ${verdict}`);
        return passed;
    };
    return { judge, trials, first, withStart, stopIfCancelled };
}
/**
 * The smallest keep-fp32 list for `model` (its configured list kept throughout, the search adds to it), each
 * candidate built and checked by `run`. A candidate that gives no verdict counts as not passing (said); a
 * cancel throws SearchCancelled; an ONNX it cannot read throws InputError.
 */
async function searchPrecision(model, outputDir, bounds, run, log, now = Date.now) {
    const { maxBuilds, maxMs } = bounds;
    const deadline = maxMs === null ? null : now() + maxMs;
    let all;
    try {
        all = keepCandidates((0,external_node_fs_.readFileSync)(model.onnx), narrowOf(model.precision) ?? 'fp16');
    }
    catch (error) {
        throw new errors/* InputError */.dz(`${model.onnx}: the search reads the whole ONNX and could not: ${(0,errors/* errorMessage */.gJ)(error)}`);
    }
    const start = [...model.keepFp32];
    const candidates = all.filter((n) => !start.includes(n));
    const oracle = candidateOracle(start, all, bounds, run);
    const judge = (keep) => oracle.judge(keep, log);
    // Where the first candidate's error starts (its run's first-divergence pass): the search opens there.
    const opensAt = () => (oracle.first.divergence?.status === 'found' ? oracle.first.divergence.node : null);
    const ranked = () => rankByDivergence(candidates, opensAt());
    const outOfTime = () => deadline !== null && now() >= deadline;
    // Past EVERY_NODE_UP_TO nodes, regions first: all-FP16 is built, and its engine's layers group the nodes.
    let regions = null;
    if (candidates.length > EVERY_NODE_UP_TO && !outOfTime() && !(await judge([]))) {
        // Read against the model's graph: a fused Myelin layer names only its ends, the graph gives what is between.
        const file = oracle.first.layers;
        const layers = file && (await readEngineLayers(file, await readOnnxGraph(model.onnx)))?.layers;
        if (layers)
            regions = layerRegions(candidates, layers);
        else
            log(`precision: all-FP16's layer info could not be read: the search goes node by node`);
    }
    const search = regions
        ? await searchKeepSetByRegions(regions, judge, maxBuilds, rankRegions(regions, opensAt), outOfTime)
        : await searchKeepSet(candidates, judge, maxBuilds, ranked, outOfTime);
    if (search.spent === 'time')
        log(`precision: the search's time (${maxMs} ms) ran out after ${oracle.trials.length} build(s)`);
    const keep = search.keep && oracle.withStart(search.keep);
    const trials = oracle.trials;
    const same = (t) => keep !== null && t.keep.join('\n') === keep.join('\n');
    // Keeping every candidate gave no verdict: that is not "no list fixes it", only that none could be judged.
    const everyKept = oracle.withStart(candidates).join('\n');
    const unjudged = search.outcome === 'unfixable' && trials.some((t) => t.unjudged && t.keep.join('\n') === everyKept);
    // The first candidate (all-FP16, or the configured list alone) gave no verdict: that it fails is not known, so
    // neither is that anything must be kept; a later candidate that passed proves nothing.
    const noEvidence = !unjudged && trials[0]?.unjudged != null;
    const against = start.length ? 'the configured list' : 'all-FP16';
    const price = search.keep?.length && !noEvidence
        ? await priceList(keep, outputDir, run, oracle.stopIfCancelled, log, against)
        : null;
    return {
        model: model.name,
        start,
        candidates,
        regions: regions?.length ?? null,
        maxBuilds,
        maxMs,
        ...search,
        outcome: unjudged ? 'unjudged' : noEvidence ? 'no-evidence' : search.outcome,
        keep: noEvidence ? null : keep,
        trials,
        allFp16: trials[0],
        answer: noEvidence ? null : (trials.find(same) ?? null),
        divergence: oracle.first.divergence,
        ranked: ranked(),
        price,
    };
}
/**
 * The list's price: built once more and A/B'd against the first candidate's engine (all-FP16, or the configured
 * list) on this GPU, its accuracy gate run again (the list re-verified on the build that found it).
 */
async function priceList(keep, outputDir, run, stopIfCancelled, log, against) {
    stopIfCancelled();
    const base = (0,external_node_path_.join)(outputDir, '1');
    const result = await run('price', keep, { benchmark: 'ab' }, { first: false, basePlans: base });
    stopIfCancelled();
    const price = priceOf(result.report.builds, result.reportFile);
    log(`precision: the list re-verified (${price.accuracy}); latency against ${against} ${price.latency}`);
    return price;
}

;// CONCATENATED MODULE: ./.build/tsc/accuracy/keep-lists-in-run.js
// The keep-fp32 searches a run asks for (precision-search: true, docs/accuracy.md): for each model whose fp16 or
// bf16 engine failed its gate, the search of precision-search.ts, its candidate runs made by the run's own
// pipeline; after a TensorRT step, a committed list rechecked node by node. What it finds is the report's
// precisionSearch[]; a search that cannot run is said (`error`), never the run's failure: the run's verdict is
// its engines'.




async function searchModels(models, plan, outputDir, run, log, positionOf, signal) {
    const records = [];
    for (const model of models.filter((m) => m.precisionSearch)) {
        // A cancelled run starts no search (the run says it was interrupted).
        if (signal?.aborted)
            break;
        const folder = searchFolder(outputDir, model.name);
        const recheck = plan.step !== null && model.keepFp32.length > 0 && plan.passed(model.name);
        if (!plan.failed(model.name) && !recheck)
            continue;
        const base = {
            ...{ model: model.name, folder, configPosition: positionOf(model.name) },
            maxBuilds: model.precisionSearch.maxBuilds,
            maxSeconds: model.precisionSearch.maxMs === null ? null : model.precisionSearch.maxMs / 1000,
            spent: null,
            regions: null,
            ...{ dropped: [], step: recheck ? plan.step : null, error: null },
        };
        try {
            if (recheck)
                records.push({ ...base, ...(await recheckList(model, run(model.name, folder), log, signal)) });
            else {
                const bounds = { ...model.precisionSearch, ...(signal && { signal }) };
                const found = await searchPrecision(model, folder, bounds, run(model.name, folder), log);
                records.push({ ...base, ...recordOf(found) });
            }
        }
        catch (error) {
            if (!(error instanceof errors/* InputError */.dz || error instanceof SearchCancelled))
                throw error;
            log(`precision: ${model.name}: ${error.message}`);
            const none = { keep: null, start: model.keepFp32, candidates: 0, builds: [], openedAt: null, price: null };
            records.push({ ...base, ...none, outcome: 'error', error: error.message });
        }
    }
    return records;
}
/**
 * A committed list after a TensorRT step: each kept node left out in turn (the others kept), built and
 * checked; a node whose absence still passes is no longer needed on this TensorRT, and stays out.
 */
async function recheckList(model, run, log, signal) {
    let keep = [...model.keepFp32];
    const builds = [];
    const dropped = [];
    for (const node of model.keepFp32) {
        // A cancel decides nothing: no more builds, and no node is dropped on a build it cut short.
        if (signal?.aborted)
            throw new SearchCancelled();
        const trial = keep.filter((n) => n !== node);
        const n = builds.length + 1;
        const result = await run(`recheck-${n}`, trial, { benchmark: false }, { first: false, basePlans: null });
        if (signal?.aborted)
            throw new SearchCancelled();
        // A recheck with no verdict keeps its node: only a list judged passing drops one.
        const { passed, unjudged } = verdictOf(result.report.builds);
        builds.push({
            keep: trial,
            passed,
            unjudged,
            worst: worstOf(result.report.builds),
            planBytes: planBytesOf(result.report.builds),
        });
        const verdict = unjudged ? `not judged: it ${unjudged}; ${node} stays` : passed ? 'passed' : 'failed';
        log(`precision: recheck ${n}: keep [${namesOf(trial)}] without ${namesOf([node])} → ${verdict}`);
        if (passed) {
            keep = trial;
            dropped.push(node);
        }
    }
    const none = { candidates: model.keepFp32.length, openedAt: null, price: null, start: model.keepFp32 };
    return { ...none, outcome: 'rechecked', keep, builds, dropped };
}
function recordOf(found) {
    return {
        outcome: found.outcome,
        keep: found.keep,
        start: found.start,
        candidates: found.candidates.length,
        regions: found.regions,
        maxBuilds: found.maxBuilds,
        maxSeconds: found.maxMs === null ? null : found.maxMs / 1000,
        spent: found.spent,
        builds: found.trials.map(({ keep, passed, unjudged, worst, planBytes }) => ({
            ...{ keep, passed, unjudged },
            ...{ worst, planBytes },
        })),
        openedAt: found.divergence?.status === 'found' ? found.divergence.node : null,
        price: found.price && {
            accuracy: found.price.accuracy,
            latency: found.price.latency,
            ratio: found.price.ratio,
            planBytes: found.price.planBytes,
        },
    };
}
/**
 * precision-search in a run: for each model asking it whose fp16 engine failed its gate, the search (and
 * after a TensorRT step, for one that passed with a committed list, that list rechecked node by node), each
 * candidate a run of the pipeline of its own (`run`: the config adjusted, with or without preflight), the
 * model alone, into output-dir/precision/<model>/<n>.
 */
function searchKeepLists(outcomes, accuracy, config, log, pipeline, 
/** "TensorRT 10.16 → 11.5" when the baseline ran another TensorRT minor: committed lists are rechecked. */
step = null) {
    const candidate = (model, folder) => (name, keep, changes, { first, basePlans }) => pipeline.run((loaded) => candidateConfig(loaded, model, (0,external_node_path_.join)(folder, name), keep, changes, first, basePlans), first);
    const statuses = (model) => outcomes.filter((o) => o.job.model.name === model).map((o) => accuracy.get(jobKey(o.job))?.status);
    const plan = {
        failed: (model) => statuses(model).includes('failed'),
        passed: (model) => statuses(model).length > 0 && statuses(model).every((s) => s === 'passed'),
        step,
    };
    const position = (model) => config.position(['models', config.models.findIndex((m) => m.name === model)]);
    return searchModels(config.models, plan, config.outputDir, candidate, log, position, pipeline.signal);
}

;// CONCATENATED MODULE: ./.build/tsc/common/compare-output.js
// How far an output is from the reference's (ONNX Runtime FP32): the figures the accuracy gate judges an engine
// by, and the check of a written FP16/BF16 ONNX before it is built. Pure: arrays in, figures out.
function compareOutput(engine, reference, dimensions, tolerance) {
    if (engine.length !== reference.length) {
        throw new Error(`expected ${reference.length} values like the reference, got ${engine.length}`);
    }
    let maxAbs = null;
    let maxRel = null;
    let out = 0;
    let nan = 0;
    let inf = 0;
    let dot = 0;
    let engineNorm = 0;
    let referenceNorm = 0;
    let finitePairs = 0;
    for (let i = 0; i < engine.length; i += 1) {
        const a = engine[i];
        const b = reference[i];
        if (!Number.isFinite(b)) {
            // The reference itself is not finite: the engine agrees only by being the same.
            if (!Object.is(a, b) && !(Number.isNaN(a) && Number.isNaN(b)))
                out += 1;
            continue;
        }
        if (!Number.isFinite(a)) {
            if (Number.isNaN(a))
                nan += 1;
            else
                inf += 1;
            out += 1;
            continue;
        }
        const diff = Math.abs(a - b);
        maxAbs = maxAbs === null ? diff : Math.max(maxAbs, diff);
        if (b !== 0) {
            const rel = diff / Math.abs(b);
            maxRel = maxRel === null ? rel : Math.max(maxRel, rel);
        }
        if (diff > tolerance.atol && diff > tolerance.rtol * Math.abs(b))
            out += 1;
        dot += a * b;
        engineNorm += a * a;
        referenceNorm += b * b;
        finitePairs += 1;
    }
    const cosine = finitePairs === 0
        ? null
        : engineNorm === 0 && referenceNorm === 0
            ? 1
            : engineNorm === 0 || referenceNorm === 0
                ? 0
                : dot / Math.sqrt(engineNorm * referenceNorm);
    return {
        maxAbsError: maxAbs,
        maxRelError: maxRel,
        outOfTolerance: engine.length === 0 ? 0 : out / engine.length,
        cosine,
        nan,
        inf,
        topK: tolerance.topK === null ? null : topKAgreement(engine, reference, dimensions, tolerance.topK),
    };
}
/** Whether an output's figures pass its tolerance, and if not, the first reason in words. */
function judgeOutput(error, tolerance, 
/** Whose element rule gave outOfTolerance: trt-ci's (Polygraphy's) or trtexec 11.1's own (NumPy allclose). */
rule = 'polygraphy') {
    if (error.nan > 0)
        return `${error.nan} NaN where the reference is finite`;
    if (error.inf > 0)
        return `${error.inf} infinite where the reference is finite`;
    if (error.outOfTolerance > 0) {
        const share = `${(error.outOfTolerance * 100).toPrecision(3)}%`;
        const atol = Number(tolerance.atol.toPrecision(3));
        return rule === 'polygraphy'
            ? `${share} of elements off by more than atol ${atol} and rtol ${tolerance.rtol}`
            : `${share} of elements off by more than atol ${atol} + rtol ${tolerance.rtol} × |reference| (trtexec's check)`;
    }
    if (tolerance.cosine !== null && error.cosine !== null && error.cosine < tolerance.cosine) {
        return `cosine similarity ${error.cosine.toPrecision(6)} below ${tolerance.cosine}`;
    }
    if (error.topK && error.topK.agree < error.topK.rows) {
        return `top-${error.topK.k} classes differ in ${error.topK.rows - error.topK.agree} of ${error.topK.rows} rows`;
    }
    return null;
}
/** Rows (every index but the last dimension) whose top-k indices are the same set in both. */
function topKAgreement(engine, reference, dimensions, k) {
    const classes = dimensions.at(-1) ?? engine.length;
    const rows = classes === 0 ? 0 : engine.length / classes;
    const take = Math.min(k, classes);
    let agree = 0;
    for (let row = 0; row < rows; row += 1) {
        const top = (values) => Array.from({ length: classes }, (_, c) => c)
            // NaN sorts last: a NaN is never a top class.
            .sort((x, y) => score(values[row * classes + y]) - score(values[row * classes + x]) || x - y)
            .slice(0, take);
        const want = new Set(top(reference));
        if (top(engine).every((c) => want.has(c)))
            agree += 1;
    }
    return { k: take, rows, agree };
}
const score = (v) => (Number.isNaN(v) ? Number.NEGATIVE_INFINITY : v);

;// CONCATENATED MODULE: ./.build/tsc/onnx/element-type.js
// The element types an accuracy check feeds and compares: ONNX's names (inputs.ts), NumPy's descr and
// the little-endian bytes trtexec's --loadInputs reads (the binding's own type, row-major, no header).
// Pure: numbers in, bytes out.
const ELEMENT_TYPES = ['float32', 'float16', 'bfloat16', 'int8', 'uint8', 'int32', 'int64', 'bool'];
const isElementType = (type) => ELEMENT_TYPES.includes(type);
/** Integers and booleans: compared exactly, filled with whole numbers. */
const isIntegral = (type) => type !== 'float32' && type !== 'float16' && type !== 'bfloat16';
/** Bytes per element. */
const ELEMENT_BYTES = {
    float32: 4,
    float16: 2,
    bfloat16: 2,
    int8: 1,
    uint8: 1,
    int32: 4,
    int64: 8,
    bool: 1,
};
/** The whole numbers each integral type holds, to refuse a range it cannot. */
const INTEGRAL_LIMITS = {
    int8: [-128, 127],
    uint8: [0, 255],
    int32: [-(2 ** 31), 2 ** 31 - 1],
    int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
    bool: [0, 1],
};
/** A float32's bits rounded to bfloat16's (round to nearest, ties to even), as the top half of a float32. */
function bfloat16Bits(value) {
    const bits = new Uint32Array(Float32Array.of(value).buffer)[0];
    if ((bits & 0x7f800000) === 0x7f800000 && (bits & 0x7fffff) !== 0)
        return (bits >>> 16) | 0x40; // NaN stays NaN
    return ((bits + 0x7fff + ((bits >>> 16) & 1)) >>> 16) & 0xffff;
}
/** NumPy's descr of each type np.save writes little-endian (bfloat16 is no NumPy type). */
const NUMPY_DESCR = {
    '<f4': 'float32',
    '<f2': 'float16',
    '|i1': 'int8',
    '|u1': 'uint8',
    '<i4': 'int32',
    '<i8': 'int64',
    '|b1': 'bool',
};
/** Little-endian bytes of the type as numbers (the inverse of elementBytes); `bytes` holds whole elements. */
function readElements(type, bytes) {
    const count = bytes.length / ELEMENT_BYTES[type];
    // A copy: a typed view needs its own aligned buffer, which a Buffer's slice of Node's pool may not be.
    const own = Uint8Array.from(bytes).buffer;
    if (type === 'float32')
        return new Float32Array(own);
    if (type === 'float16')
        return Float32Array.from(new Float16Array(own));
    if (type === 'bfloat16')
        return new Float32Array(Uint32Array.from(new Uint16Array(own), (h) => h << 16).buffer);
    const view = type === 'int8'
        ? new Int8Array(own)
        : type === 'uint8' || type === 'bool'
            ? new Uint8Array(own)
            : type === 'int32'
                ? new Int32Array(own)
                : Array.from(new BigInt64Array(own), Number);
    return Float64Array.from({ length: count }, (_, i) => view[i]);
}
/** The value as the type stores it: what the engine receives, so that the reference computes on the same. */
function roundTo(type, value) {
    if (type === 'float32')
        return Math.fround(value);
    if (type === 'float16')
        return Math.f16round(value);
    if (type === 'bfloat16')
        return new Float32Array(Uint32Array.of(bfloat16Bits(value) << 16).buffer)[0];
    return type === 'bool' ? (value ? 1 : 0) : Math.trunc(value);
}
/** The values' bytes in the type, little-endian: what --loadInputs reads for a binding of that type. */
function elementBytes(type, values) {
    // A view, not a copy, for the common case (the hosts trtexec runs on are little-endian).
    if (type === 'float32' && values instanceof Float32Array) {
        return Buffer.from(values.buffer, values.byteOffset, values.byteLength);
    }
    const out = Buffer.alloc(values.length * ELEMENT_BYTES[type]);
    for (let i = 0; i < values.length; i += 1) {
        const v = values[i];
        if (type === 'float32')
            out.writeFloatLE(v, i * 4);
        else if (type === 'float16')
            out.writeUInt16LE(new Uint16Array(Float16Array.of(v).buffer)[0], i * 2);
        else if (type === 'bfloat16')
            out.writeUInt16LE(bfloat16Bits(v), i * 2);
        else if (type === 'int8')
            out.writeInt8(v, i);
        else if (type === 'uint8' || type === 'bool')
            out.writeUInt8(v, i);
        else if (type === 'int32')
            out.writeInt32LE(v, i * 4);
        else
            out.writeBigInt64LE(BigInt(v), i * 8);
    }
    return out;
}

;// CONCATENATED MODULE: ./.build/tsc/runners/plan-runner.js
// The port every built plan is run through, beside the producer port that builds it (builds/plan-producer.ts):
// the build's benchmark, the accuracy check, the latency A/B, explain's profile runs and every check added later
// ask a PlanRunner, never trtexec. Two runners: trtexec (trtexec-runner.ts) and a command of the team's own
// (`run: { command }`, command-runner.ts: e.g. a script against the TensorRT Python runtime, whose wheels ship no
// trtexec). What a runner cannot give (per-layer times from a command) it says, and the stage says why it did
// not run. docs/run-command.md is the command's contract.


/** A built engine of a model's profile, run at one of the profile's shapes (opt: what it is measured at). */
function engineOf(plan, model, profile, pick = 'opt') {
    const shapes = profile ? runProfile(profile).shapes.map((s) => ({ input: s.input, dims: s[pick] })) : [];
    return { plan, shapes, plugins: model.plugins, dynamicPlugins: model.dynamicPlugins };
}
/**
 * `x:1x3x224x224,'in:0':1x77` (trtexec's --shapes) as input shapes; null where it is not that. A name holding
 * `:` or `,` is quoted, as trtexec takes it.
 */
function shapesFromText(text) {
    const shapes = [];
    for (const entry of text.match(/('[^']*'|[^,])+/g) ?? []) {
        const match = /^(?:'([^']*)'|([^':]+)):(\d+(?:x\d+)*)$/.exec(entry.trim());
        if (!match)
            return null;
        shapes.push({ input: match[1] ?? match[2], dims: match[3].split('x').map(Number) });
    }
    return shapes.length > 0 ? shapes : null;
}
/**
 * A run whose outputs are read back and compared with another run's, not judged against a reference: each output
 * named by the model (to be read) and typed as it says.
 */
function readingRequest(inputs, outputs, dir) {
    const expected = outputs.map((o) => ({
        name: o.name,
        type: isElementType(o.type) ? o.type : 'float32',
        dims: [],
        values: new Float32Array(0),
    }));
    const outputTypes = new Map(outputs.map((o) => [o.name, o.type]));
    return { inputs, expected, tolerance: { atols: [], rtol: 0 }, dir, outputTypes };
}
/** A run that did not finish: how it ended and its log, for the stage's message. */
class RunFailed extends Error {
    how;
    log;
    cancelled;
    constructor(how, log, cancelled) {
        super(`${how} (${log})`);
        this.how = how;
        this.log = log;
        this.cancelled = cancelled;
    }
}

;// CONCATENATED MODULE: ./.build/tsc/onnx/widen-model.js
// An FP32 copy of an ONNX model whose tensors are FP16 or BF16 (a strongly typed network, as TensorRT 11
// builds only): the reference is computed in FP32, as for every other model, and ONNX Runtime's CPU has no
// BF16 kernels at all. Rewritten at the protobuf level (onnx/onnx.proto3; field numbers are stable): every
// FLOAT16 (10) or BFLOAT16 (16) element type, initializer, Constant/attribute tensor and Cast target becomes
// FLOAT (1), in the graph and in every subgraph (If, Loop, Scan). Fields it does not change are copied byte
// for byte, so int64 attributes beyond 2^53 survive. Pure: bytes in, bytes out.

const widen_model_FLOAT = 1;
const NARROW = new Set([10, 16]);
const parse = (bytes, start, end) => wireFields(bufferSource(bytes), start, end);
/** The message with each field a rule covers rewritten (null: unchanged); `changed` says whether any was. */
class Rewriter {
    changed = false;
    message(bytes, rules, varints = {}) {
        const parts = [];
        for (const field of parse(bytes, 0, bytes.length)) {
            const rule = field.wire === 2 ? rules[field.number] : undefined;
            const number = field.wire === 0 ? varints[field.number] : undefined;
            if (rule) {
                const next = rule(bytes.subarray(field.payload, field.end));
                parts.push(next ? lenField(field.number, next) : bytes.subarray(field.start, field.end));
            }
            else if (number && number(field.value) !== field.value) {
                this.changed = true;
                parts.push(varintField(field.number, number(field.value)));
            }
            else
                parts.push(bytes.subarray(field.start, field.end));
        }
        return Buffer.concat(parts);
    }
}
const widenType = (type) => (NARROW.has(type) ? widen_model_FLOAT : type);
/** Packed or not, the uint16 bit patterns an FP16/BF16 TensorProto keeps in int32_data (5). */
function int32Data(bytes, fields) {
    const out = [];
    const source = bufferSource(bytes);
    for (const f of fields.filter((x) => x.number === 5)) {
        if (f.wire === 0) {
            out.push(f.value);
            continue;
        }
        for (let at = f.payload; at < f.end;) {
            const v = readVarint(source, at, f.end);
            if (!v)
                throw new Error('a varint runs past the end');
            out.push(v.value);
            at = v.next;
        }
    }
    return out;
}
/** A TensorProto (dims 1, data_type 2, int32_data 5, name 8, raw_data 9, data_location 14) as FP32. */
function widenTensor(bytes) {
    const fields = parse(bytes, 0, bytes.length);
    const type = fields.find((f) => f.number === 2 && f.wire === 0)?.value ?? 0;
    if (!NARROW.has(type))
        return null;
    if (fields.some((f) => f.number === 14 && f.value === 1)) {
        throw new Error('its FP16/BF16 weights are in external data, which the FP32 reference cannot widen');
    }
    const raw = fields.find((f) => f.number === 9);
    const bits = raw
        ? Array.from({ length: (raw.end - raw.payload) / 2 }, (_, i) => bytes.readUInt16LE(raw.payload + i * 2))
        : int32Data(bytes, fields);
    const halves = Uint16Array.from(bits);
    const values = type === 10
        ? Float32Array.from(new Float16Array(halves.buffer))
        : new Float32Array(Uint32Array.from(halves, (h) => h << 16).buffer);
    this.changed = true;
    const kept = fields.filter((f) => f.number !== 2 && f.number !== 5 && f.number !== 9);
    return Buffer.concat([
        ...kept.filter((f) => f.number === 1).map((f) => bytes.subarray(f.start, f.end)),
        varintField(2, widen_model_FLOAT),
        ...kept.filter((f) => f.number !== 1).map((f) => bytes.subarray(f.start, f.end)),
        lenField(9, Buffer.from(values.buffer)),
    ]);
}
/**
 * The model with every FP16/BF16 tensor in FP32, or null when it has none (the model is used as it is).
 * Throws, saying why, when a narrow tensor cannot be widened (its weights are in external data).
 */
function widenToFloat32(model) {
    const w = new Rewriter();
    const tensor = (payload) => widenTensor.call(w, payload);
    // TypeProto: tensor_type (1) → elem_type (1); sequence (4) and optional (9) hold a TypeProto (elem_type 1).
    const typeProto = (payload) => w.message(payload, {
        1: (t) => w.message(t, {}, { 1: widenType }),
        4: (s) => w.message(s, { 1: typeProto }),
        9: (o) => w.message(o, { 1: typeProto }),
    });
    const valueInfo = (payload) => w.message(payload, { 2: typeProto });
    // AttributeProto: t (5), g (6), tensors (10), graphs (11); the int (3) of `to` (Cast) and `dtype` (EyeLike…).
    const attribute = (payload) => {
        const fields = parse(payload, 0, payload.length);
        const nameField = fields.find((f) => f.number === 1);
        const name = nameField ? payload.toString('utf8', nameField.payload, nameField.end) : '';
        const typeOf = name === 'to' || name === 'dtype' ? { 3: widenType } : {};
        return w.message(payload, { 5: tensor, 6: graph, 10: tensor, 11: graph }, typeOf);
    };
    const node = (payload) => w.message(payload, { 5: attribute });
    // GraphProto: node 1, initializer 5, input 11, output 12, value_info 13.
    const graph = (payload) => w.message(payload, { 1: node, 5: tensor, 11: valueInfo, 12: valueInfo, 13: valueInfo });
    const widened = w.message(model, { 7: graph });
    return w.changed ? widened : null;
}

;// CONCATENATED MODULE: ./.build/tsc/onnx/seeded-inputs.js

/** Polygraphy's default data loader range, [0, 1] inclusive, for whole numbers (comparator/data_loader.py). */
const DEFAULT_INTEGER_RANGE = [0, 1];
/** trt-ci's float inputs: uniform in [-1, 1). */
const DEFAULT_FLOAT_RANGE = [-1, 1];
/** The element type of input `name` in the model (float32 when the model does not say, as before types). */
function inputType(types, name) {
    const type = types.get(name) ?? 'float32';
    if (!isElementType(type)) {
        throw new Error(`the model's input ${name} is ${type}; trt-ci feeds ${ELEMENT_TYPES.join(', ')} inputs (give samples)`);
    }
    return type;
}
/**
 * The inputs `inputs: auto` means: for each input of the profile at the chosen shape, values drawn from a
 * seeded generator, so that the same model and shapes get the same inputs on every runner and every run, and
 * a reference computed once can be kept. Floats are uniform in [-1, 1) and integers and booleans uniform in
 * [0, 1] (Polygraphy's default), or in the input's own `range` (a vocabulary: [0, 30521]).
 */
function seededInputs(profile, shape, types = new Map(), ranges = {}, seed = 0x7e57) {
    let state = seed >>> 0;
    const next = () => {
        // xorshift32: fast, and the same numbers in every JavaScript engine.
        state ^= state << 13;
        state >>>= 0;
        state ^= state >>> 17;
        state ^= state << 5;
        state >>>= 0;
        return state / 0x100000000;
    };
    return profile.shapes.map((range) => {
        const dims = range[shape];
        const count = dims.reduce((a, b) => a * b, 1);
        const type = inputType(types, range.input);
        if (isIntegral(type)) {
            const [low, high] = ranges[range.input] ?? DEFAULT_INTEGER_RANGE;
            const values = Float64Array.from({ length: count }, () => low + Math.floor(next() * (high - low + 1)));
            return { name: range.input, dims: [...dims], type, values };
        }
        const [low, high] = ranges[range.input] ?? DEFAULT_FLOAT_RANGE;
        const values = Float32Array.from({ length: count }, () => roundTo(type, low + next() * (high - low)));
        return { name: range.input, dims: [...dims], type, values };
    });
}

// EXTERNAL MODULE: external "node:zlib"
var external_node_zlib_ = __webpack_require__(38522);
;// CONCATENATED MODULE: ./.build/tsc/accuracy/npz.js
// NumPy .npz archives (np.savez, np.savez_compressed): a ZIP of one `<name>.npy` per array. NumPy writes
// each member with force_zip64 (numpy/lib/_npyio_impl.py _savez), so sizes may sit in the ZIP64 extra
// field; members are stored, or deflated by savez_compressed. Read from the central directory
// (APPNOTE.TXT 4.3.12, 4.3.16, 4.5.3), which is what a ZIP reader must trust.


const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const ZIP64_END = 0x06064b50;
const ZIP64_EXTRA = 0x0001;
const MASK32 = 0xffffffff;
/** Deflate's largest ratio (RFC 1951: 258 bytes from a 2-bit code, about 1,032 to 1): no honest member is more. */
const DEFLATE_MAX_RATIO = 1032;
/**
 * Each array of the archive by its name (the member name without `.npy`), in C order (parseNpy). Nothing
 * is inflated past what the member's own .npy header and the directory agree on: a member that says 16
 * bytes and inflates to gigabytes (a zip bomb) stops at 16 and is refused.
 */
function parseNpz(bytes, file) {
    const bad = (what) => new Error(`${file}: expected a NumPy .npz archive (np.savez), ${what}`);
    try {
        return readMembers(bytes, file, bad);
    }
    catch (error) {
        // Offsets and sizes come from the file: one that points outside it is a damaged archive, said as one.
        if (error instanceof RangeError)
            throw bad(`its directory points outside the file (${error.message})`);
        throw error;
    }
}
function readMembers(bytes, file, bad) {
    const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (end < 0 || bytes.length - end < 22 || bytes.readUInt32LE(end) !== END_OF_CENTRAL_DIRECTORY) {
        throw bad('found no ZIP directory');
    }
    let count = bytes.readUInt16LE(end + 10);
    let offset = bytes.readUInt32LE(end + 16);
    if (offset === MASK32 || count === 0xffff) {
        const locator = end - 20;
        if (locator < 0 || bytes.readUInt32LE(locator) !== ZIP64_END_LOCATOR)
            throw bad('its ZIP64 directory is missing');
        const zip64 = Number(bytes.readBigUInt64LE(locator + 8));
        if (bytes.readUInt32LE(zip64) !== ZIP64_END)
            throw bad('its ZIP64 directory is damaged');
        count = Number(bytes.readBigUInt64LE(zip64 + 32));
        offset = Number(bytes.readBigUInt64LE(zip64 + 48));
    }
    const arrays = new Map();
    for (let i = 0; i < count; i += 1) {
        if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== CENTRAL_FILE_HEADER) {
            throw bad('its directory is damaged');
        }
        const method = bytes.readUInt16LE(offset + 10);
        let compressed = bytes.readUInt32LE(offset + 20);
        let size = bytes.readUInt32LE(offset + 24);
        const nameLength = bytes.readUInt16LE(offset + 28);
        const extraLength = bytes.readUInt16LE(offset + 30);
        const commentLength = bytes.readUInt16LE(offset + 32);
        let local = bytes.readUInt32LE(offset + 42);
        const name = bytes.toString('utf8', offset + 46, offset + 46 + nameLength);
        // ZIP64: the 64-bit values follow in this order, only for the fields that are 0xFFFFFFFF.
        const extra = bytes.subarray(offset + 46 + nameLength, offset + 46 + nameLength + extraLength);
        for (let at = 0; at + 4 <= extra.length; at += 4 + extra.readUInt16LE(at + 2)) {
            if (extra.readUInt16LE(at) !== ZIP64_EXTRA)
                continue;
            let field = at + 4;
            const next = () => {
                const value = Number(extra.readBigUInt64LE(field));
                field += 8;
                return value;
            };
            if (size === MASK32)
                size = next();
            if (compressed === MASK32)
                compressed = next();
            if (local === MASK32)
                local = next();
        }
        offset += 46 + nameLength + extraLength + commentLength;
        if (bytes.readUInt32LE(local) !== LOCAL_FILE_HEADER)
            throw bad(`member ${name} is damaged`);
        const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
        if (!name.endsWith('.npy'))
            continue;
        if (start + compressed > bytes.length)
            throw bad(`member ${name} runs past the end of the file`);
        const stored = bytes.subarray(start, start + compressed);
        let member;
        if (method === 0)
            member = stored;
        else if (method === 8) {
            if (size > compressed * DEFLATE_MAX_RATIO + 1024) {
                throw bad(`member ${name} says it inflates to ${size} bytes from ${compressed}, more than deflate can`);
            }
            // The .npy header first (a little of the stream), then the whole member, held to what the header says.
            let header = null;
            try {
                header = npyHeader((0,external_node_zlib_.inflateRawSync)(stored.subarray(0, 1024), { finishFlush: external_node_zlib_.constants.Z_SYNC_FLUSH }));
            }
            catch {
                // A damaged stream: the full inflate below says so.
            }
            const element = header?.descr === undefined ? undefined : NUMPY_DESCR[header.descr];
            const expected = header && element ? header.dataStart + header.count * ELEMENT_BYTES[element] : null;
            if (expected !== null && expected !== size) {
                throw bad(`member ${name}: its .npy header holds ${expected} bytes, its directory says ${size}`);
            }
            try {
                member = (0,external_node_zlib_.inflateRawSync)(stored, { maxOutputLength: Math.max(size, 1) });
            }
            catch (error) {
                const code = error.code;
                if (code === 'ERR_BUFFER_TOO_LARGE')
                    throw bad(`member ${name} inflates past the ${size} bytes it says`);
                throw bad(`member ${name} is damaged (${error.message})`);
            }
        }
        else
            throw bad(`member ${name} is compressed with method ${method}, not stored or deflated`);
        if (member.length !== size)
            throw bad(`member ${name} has ${member.length} bytes, its directory says ${size}`);
        arrays.set(name.slice(0, -4), parseNpy(member, `${file}:${name}`));
    }
    return arrays;
}
/** The array a .npy header describes, and where its data starts; null when it is not one. */
function npyHeader(bytes) {
    if (bytes.length < 10 || bytes.toString('latin1', 0, 6) !== '\x93NUMPY')
        return null;
    const major = bytes[6];
    if (major !== 1 && bytes.length < 12)
        return null;
    const headerLength = major === 1 ? bytes.readUInt16LE(8) : bytes.readUInt32LE(8);
    const start = major === 1 ? 10 : 12;
    if (start + headerLength > bytes.length)
        return null;
    const header = bytes.toString('latin1', start, start + headerLength);
    const shape = /'shape':\s*\(([^)]*)\)/.exec(header)?.[1];
    const texts = (shape ?? '')
        .split(',')
        .map((d) => d.trim())
        .filter(Boolean);
    // Whole, non-negative dimensions only: "1.5" or "-1" describe no array.
    if (shape === undefined || !texts.every((d) => /^\d{1,12}$/.test(d)))
        return null;
    const dims = texts.map(Number);
    return {
        dims,
        count: dims.reduce((a, b) => a * b, 1),
        dataStart: start + headerLength,
        descr: /'descr':\s*'([^']+)'/.exec(header)?.[1],
        fortran: /'fortran_order':\s*(True|False)/.exec(header)?.[1],
    };
}
/**
 * A NumPy .npy file (what `np.save` writes): the magic, a version, a header that is a Python dict literal,
 * then the data. Little-endian float32, float16, int8, uint8, int32, int64 and bool in C order are taken:
 * the types --loadInputs feeds a binding of.
 */
function parseNpy(bytes, file) {
    if (bytes.length < 10 || bytes.toString('latin1', 0, 6) !== '\x93NUMPY') {
        throw new Error(`${file}: expected a NumPy .npy file (np.save), got something else`);
    }
    const header = npyHeader(bytes);
    if (!header)
        throw new Error(`${file}: expected a .npy header with a shape of whole numbers`);
    const { descr, fortran, dims, count } = header;
    const type = descr === undefined ? undefined : NUMPY_DESCR[descr];
    if (!type || fortran !== 'False') {
        throw new Error(`${file}: expected float32, float16, int8, uint8, int32, int64 or bool in C order, ` +
            `got ${descr ?? '?'}, fortran_order ${fortran}`);
    }
    const data = bytes.subarray(header.dataStart);
    if (data.length !== count * ELEMENT_BYTES[type])
        throw new Error(`${file}: shape (${dims.join(', ')}) but ${data.length} bytes of data`);
    return { dims, type, values: readElements(type, data) };
}

;// CONCATENATED MODULE: ./.build/tsc/accuracy/inputs.js






/**
 * Real samples for each input of the profile, at the chosen shape: `<folder>/<input name>.npy`, or the
 * array of that name in a .npz archive. A sample of another shape is an error that names both: an engine
 * is checked at the shapes it is built for. Float samples feed any float input (rounded to its type, as the
 * engine holds them); whole-number samples feed integer and boolean inputs, when each value fits.
 */
function sampleInputs(source, profile, shape, 
/** How a .npz is read: the stage reads each archive once for all its profiles and shapes. */
read = readNpz, types = new Map()) {
    const archive = 'npz' in source ? read(source.npz) : null;
    return profile.shapes.map((range) => {
        let sample;
        let where;
        if ('npz' in source) {
            where = `${source.npz}:${range.input}`;
            const found = archive.get(range.input);
            if (!found)
                throw new Error(`${source.npz}: no array named ${range.input} (the model's input)`);
            sample = found;
        }
        else {
            where = (0,external_node_path_.join)(source.folder, `${range.input}.npy`);
            let bytes;
            try {
                // The largest honest .npy of this input: its largest shape's data at 8 bytes an element, and a header.
                bytes = readRegularFile(where, range.max.reduce((a, b) => a * b, 1) * 8 + 64 * 1024, 'a .npy file');
            }
            catch (error) {
                throw new Error(`${where}: cannot read sample for input ${range.input}: ${(0,errors/* fileProblem */.Wj)(error, 'a .npy file')}`);
            }
            sample = parseNpy(bytes, where);
        }
        const want = range[shape];
        if (sample.dims.join('x') !== want.join('x')) {
            throw new Error(`${where}: shape ${sample.dims.join('x')}, but the ${shape} shape of this profile is ${want.join('x')}`);
        }
        const type = inputType(types, range.input);
        return { name: range.input, dims: sample.dims, type, values: asInputType(sample, type, where) };
    });
}
/** A sample's values as the input's type holds them; a sample of the other kind (float, whole) is refused. */
function asInputType(sample, type, where) {
    if (isIntegral(sample.type) !== isIntegral(type)) {
        throw new Error(`${where}: ${sample.type} values, but the model's input is ${type}`);
    }
    if (!isIntegral(type)) {
        return sample.type === type ? sample.values : Float32Array.from(sample.values, (v) => roundTo(type, v));
    }
    const [low, high] = INTEGRAL_LIMITS[type];
    const outside = sample.values.findIndex((v) => v < low || v > high);
    if (outside >= 0) {
        throw new Error(`${where}: value ${sample.values[outside]} at ${outside} does not fit the input's ${type}`);
    }
    return sample.values;
}
/**
 * A file's bytes, when it is a regular file (a FIFO would block the event loop, so that not even SIGTERM
 * could write the report; /dev/zero never ends) of at most `maxBytes`.
 */
function readRegularFile(file, maxBytes, expected) {
    const found = (0,external_node_fs_.statSync)(file);
    const irregular = (0,errors/* notRegularFile */.s5)(found, expected);
    if (irregular)
        throw new Error(irregular);
    if (found.size > maxBytes)
        throw new Error(`${found.size} bytes, more than the ${maxBytes} it can hold`);
    return (0,external_node_fs_.readFileSync)(file);
}
/** Largest .npz trt-ci reads (inputs and references of one model, compressed or not). */
const MAX_NPZ_BYTES = 16 * 1024 ** 3;
/** A .npz file's arrays by name; a file that cannot be read is an error naming it. */
function readNpz(file) {
    let bytes;
    try {
        bytes = readRegularFile(file, MAX_NPZ_BYTES, 'a .npz file');
    }
    catch (error) {
        throw new Error(`${file}: cannot read: ${(0,errors/* fileProblem */.Wj)(error, 'a .npz file')}`);
    }
    return parseNpz(bytes, file);
}

;// CONCATENATED MODULE: ./.build/tsc/proc/new-file.js
// Files trt-ci writes where someone else may have put a link first: on a shared self-hosted runner a pull
// request's job runs as the same user and can plant `report.json -> ~/.ssh/authorized_keys` (or a hard link)
// in a persistent output folder for the next run to write through. What is at the path goes first (a
// symbolic link itself, not what it points to; a hard link's name, not the file), then the file is created
// exclusively (O_EXCL): a link planted in between makes the write fail; it is never followed.




async function writeNewFile(path, data) {
    await (0,promises_.rm)(path, { force: true });
    await (0,promises_.writeFile)(path, data, { flag: 'wx' });
}
function writeNewFileSync(path, data) {
    (0,external_node_fs_.rmSync)(path, { force: true });
    (0,external_node_fs_.writeFileSync)(path, data, { flag: 'wx' });
}
function newFileStream(path) {
    (0,external_node_fs_.rmSync)(path, { force: true });
    return (0,external_node_fs_.createWriteStream)(path, { flags: 'wx' });
}
/**
 * The folder `root`/`parts…`, made one level at a time: a link planted at a level is removed (the link, never
 * what it points to) and a real folder made there, so that nothing written into the folder lands elsewhere. A
 * file where a folder goes is refused: it is not trt-ci's to remove.
 */
async function folderWithin(root, ...parts) {
    let dir = root;
    for (const part of parts) {
        dir = (0,external_node_path_.join)(dir, part);
        const found = await (0,promises_.lstat)(dir).catch(() => null);
        if (found?.isDirectory())
            continue;
        if (found?.isSymbolicLink())
            await (0,promises_.rm)(dir, { force: true });
        else if (found)
            throw notAFolder(`${dir}: a file where a folder goes`);
        // Another writer may make it meanwhile (runners appending at once): then it must be a folder, not a link.
        await (0,promises_.mkdir)(dir).catch(async (error) => {
            if (error.code !== 'EEXIST' || !(await (0,promises_.lstat)(dir)).isDirectory())
                throw error;
        });
    }
    return dir;
}
/** An ENOTDIR error (said by fileProblem as "a part of the path is a file, not a folder"). */
function notAFolder(message) {
    const error = new Error(message);
    error.code = 'ENOTDIR';
    return error;
}
/** Each file written on its own: a full disk costs the files it cannot hold, and says which, not the others. */
async function writeNewFiles(files) {
    const unwritten = [];
    for (const [path, text] of files) {
        await writeNewFile(path, text).catch((error) => {
            unwritten.push(`${path}: cannot write: ${(0,errors/* fileProblem */.Wj)(error, 'a file')}`);
        });
    }
    return unwritten;
}

;// CONCATENATED MODULE: ./.build/tsc/cache/trust.js
// Whom a cache serves. On a self-hosted runner the cache folder outlives the job and every job runs as the
// same user: a pull request's job can rewrite any entry, record, reference or timing cache there, and set
// any environment variable a later step reads. So nothing written in the folder, and no provenance a run
// records, proves who wrote an entry. What does: a signature made with a key that pull request jobs never
// receive (a secret of a GitHub environment that only the default branch may use), checked with its public
// half, which is in trt-ci.yml for every run to verify with. docs/cache.md says how to set it up.
//
//   cache-public-key set   every run serves only entries signed by that key (engines, accuracy references,
//                          timing caches); runs holding cache-signing-key sign what they store.
//   no key                 a run for the default branch (its own environment, which no other job can set,
//                          says so) serves nothing from the folder and only stores; other runs serve all.
//   cache-trust: any       every entry is served: for runners that only ever run one trust level of code.


/** The cache's trust for this run, from trt-ci.yml (keys validated when it was loaded) and its own environment. */
function cacheTrustOf(config, defaultBranch) {
    return {
        trust: config.cacheTrust,
        defaultBranch,
        // Only what ships is signed: a key that reached another run (a pull request's job) signs nothing.
        signingKey: config.cacheSigningKey && defaultBranch ? parseCacheKey(config.cacheSigningKey, 'private') : null,
        publicKey: config.cachePublicKey ? parseCacheKey(config.cachePublicKey, 'public') : null,
    };
}
/** Why a signing key this run was given signs nothing, for the top of the summary; null when it signs or has none. */
function unusedSigningKey(config, defaultBranch) {
    if (!config.cacheSigningKey || defaultBranch)
        return null;
    return ("cache-signing-key is set, but this run is not the default branch's: nothing it stores is signed. Give the key " +
        'only to default-branch jobs (docs/cache.md): a job that has it can sign what the default branch is served');
}
/** A run that serves whatever is in the cache (tests of other things, a developer's own machine). */
const TRUST_ALL = { trust: 'any', defaultBranch: false, signingKey: null, publicKey: null };
/** A key as trt-ci.yml gives it: PEM, or its DER in base64 on one line (PKCS#8 private, SPKI public). */
function parseCacheKey(text, kind) {
    const pem = text.includes('-----BEGIN');
    const der = pem ? null : Buffer.from(text.replace(/\s+/g, ''), 'base64');
    const made = kind === 'private'
        ? (0,external_node_crypto_.createPrivateKey)(der ? { key: der, format: 'der', type: 'pkcs8' } : text)
        : (0,external_node_crypto_.createPublicKey)(der ? { key: der, format: 'der', type: 'spki' } : text);
    if (made.asymmetricKeyType !== 'ed25519')
        throw new Error(`expected an Ed25519 key, got ${made.asymmetricKeyType}`);
    return made;
}
/** What a signature covers: the kind of entry, its cache key and the digest of its content. */
const trust_signed = (kind, key, sha256) => Buffer.from(`trt-ci-cache/1\0${kind}\0${key}\0${sha256}`);
/** The signature this run puts on an entry it stores, or null when it holds no signing key. */
function signEntry(trust, kind, key, sha256) {
    return trust.signingKey ? (0,external_node_crypto_.sign)(null, trust_signed(kind, key, sha256), trust.signingKey).toString('base64') : null;
}
/** Whether an entry (its signature, if any) may be served to this run. */
function mayServe(trust, kind, key, sha256, signature) {
    if (trust.trust === 'any')
        return true;
    if (trust.publicKey) {
        if (!signature)
            return false;
        try {
            return (0,external_node_crypto_.verify)(null, trust_signed(kind, key, sha256), trust.publicKey, Buffer.from(signature, 'base64'));
        }
        catch {
            return false;
        }
    }
    return !trust.defaultBranch;
}
/**
 * Whether a run may put its unsigned content in place of what is there: never over an entry signed by the
 * key this run verifies with (a pull request's job would otherwise wipe what the default branch stored).
 */
function mayReplace(trust, existingServable) {
    return trust.signingKey !== null || !trust.publicKey || !existingServable;
}
/** A path in the cache that is a regular file, not a link: a link could lead anywhere (a runner's secret). */
async function isPlainFile(path) {
    const found = await (0,promises_.lstat)(path).catch(() => null);
    return found?.isFile() === true;
}

;// CONCATENATED MODULE: ./.build/tsc/cache/signed-file.js
// The files the cache keeps beside its engines (ONNX Runtime references, timing caches): each a plain file named
// by its key, its signature (when the storing run signed) in `<file>.sig`. One reader and one writer for both, so
// the trust check (cache/trust.ts) is the same for them as for an engine's record.





const sha256Of = (content) => (0,external_node_crypto_.createHash)('sha256').update(content).digest('hex');
/**
 * What a kept file holds, if this run may be served it: a plain file (a link could lead anywhere), signed where
 * signatures count. Null otherwise, and for one that is not there or cannot be read.
 */
async function servedFile(kind, file, trust) {
    if (!(await isPlainFile(file)))
        return null;
    const content = await (0,promises_.readFile)(file).catch(() => null);
    if (content === null)
        return null;
    const signature = await (0,promises_.readFile)(`${file}.sig`, 'utf8').catch(() => null);
    return mayServe(trust, kind, (0,external_node_path_.basename)(file), sha256Of(content), signature?.trim()) ? content : null;
}
/**
 * Puts a staged file in place of a kept one, with a rename (readers see the old file or the new one, whole),
 * and its signature beside it. The old signature goes first: for a moment the file is unsigned, never signed by
 * a signature that is not its own. Returns the digest and signature, for the registry.
 */
async function placeSigned(kind, staged, file, trust) {
    const sha256 = sha256Of(await (0,promises_.readFile)(staged));
    const signature = signEntry(trust, kind, (0,external_node_path_.basename)(file), sha256);
    await (0,promises_.rm)(`${file}.sig`, { force: true });
    await (0,promises_.rename)(staged, file);
    if (signature)
        await writeNewFile(`${file}.sig`, `${signature}\n`);
    return { sha256, signature };
}

;// CONCATENATED MODULE: ./.build/tsc/accuracy/reference.js







/**
 * The reference outputs, kept in the engine cache's folder by (ONNX digest, inputs, runtime): a model
 * whose ONNX did not change is not run on the CPU again, nor even read. A cache that cannot be read or
 * written costs a computation, never the check.
 */
async function cachedReferenceOutputs(cacheDir, modelDigest, inputs, compute, 
/** A reference another job could have rewritten (to zeros, so that a broken engine passes) is used only
 * when the cache's trust says so: a plain file, signed where signatures count (cache/trust.ts). */
trust, 
/** The fleet's registry: a reference the folder lacks is pulled from it, one computed here pushed to it. */
registry = null) {
    const hash = (0,external_node_crypto_.createHash)('sha256')
        .update(REFERENCE_RUNTIME)
        .update(modelDigest ?? '');
    for (const input of inputs) {
        // float32 inputs hash as they did before types: a kept reference stays valid.
        const type = input.type === 'float32' ? '' : `:${input.type}`;
        hash.update(`${input.name}:${input.dims.join('x')}${type}`).update(elementBytes(input.type, input.values));
    }
    const key = hash.digest('hex');
    const file = cacheDir && modelDigest && (0,external_node_path_.join)(cacheDir, 'references', `${key}.json`);
    if (!file && modelDigest)
        return { outputs: await computedOnce(key, compute), cached: false };
    if (file && registry && !(await isPlainFile(file))) {
        await (0,promises_.mkdir)((0,external_node_path_.dirname)(file), { recursive: true }).catch(() => { });
        await registry.pullFile('reference', (0,external_node_path_.basename)(file), file);
    }
    const served = file && (await servedFile('reference', file, trust));
    const kept = served ? decode(served.toString('utf8')) : null;
    if (kept)
        return { outputs: kept, cached: true };
    const outputs = await compute();
    if (file) {
        const staging = `${file}.${process.pid}.tmp`;
        await (0,promises_.mkdir)((0,external_node_path_.dirname)(file), { recursive: true })
            .then(() => writeNewFile(staging, encode(outputs)))
            .then(() => placeSigned('reference', staging, file, trust))
            .then(({ sha256, signature }) => registry?.pushFile('reference', (0,external_node_path_.basename)(file), file, sha256, signature))
            .catch(() => (0,promises_.rm)(staging, { force: true }));
    }
    return { outputs, cached: false };
}
/**
 * References this process computed without a cache folder, by the key a folder would file them under: a keep-fp32
 * search checks the same model on the same inputs once per candidate, each a run of its own in this process. The
 * last few are kept; one that failed (or was cancelled) is computed again.
 */
const computed = new Map();
const COMPUTED_KEPT = 4;
function computedOnce(key, compute) {
    let outputs = computed.get(key);
    if (!outputs) {
        outputs = compute();
        computed.set(key, outputs);
        outputs.catch(() => computed.delete(key));
        if (computed.size > COMPUTED_KEPT)
            computed.delete(computed.keys().next().value);
    }
    return outputs;
}
/** Which runtime computed a kept reference: another version may round differently. */
const REFERENCE_RUNTIME = 'onnxruntime-web 1.30 cpu fp32\0';
/** Each output's values in its type's bytes (a float32 output as before types: no `type` key). */
const encode = (outputs) => JSON.stringify(outputs.map((o) => ({
    name: o.name,
    dims: o.dims,
    ...(o.type !== 'float32' && { type: o.type }),
    values: elementBytes(o.type, o.values).toString('base64'),
})));
function decode(text) {
    try {
        const data = JSON.parse(text);
        return data.map((o) => {
            const type = o.type ?? 'float32';
            if (!isElementType(type))
                throw new Error('damaged');
            const values = readElements(type, Buffer.from(o.values, 'base64'));
            if (values.length !== o.dims.reduce((a, b) => a * b, 1))
                throw new Error('damaged');
            return { name: o.name, dims: o.dims, type, values };
        });
    }
    catch {
        return null; // damaged: computed again
    }
}

;// CONCATENATED MODULE: ./.build/tsc/onnx/runtime.js
// ONNX Runtime on the CPU (onnxruntime-web's WebAssembly, one thread): the FP32 reference a check compares with,
// computed from an ONNX model on the inputs an engine gets. Loaded the first time something asks for it.

/**
 * How a reference session is made: each runs once or a few times, so MatMul weights are not prepacked (a prepacked
 * copy doubles the weights in WebAssembly's heap: a 1 GiB MatMul weight peaked at 3.2 GiB prepacked, 2.2 GiB
 * not, and started 5x sooner).
 */
const SESSION_OPTIONS = { extra: { session: { disable_prepacking: '1' } } };
/** ONNX Runtime (WebAssembly, on the CPU), loaded the first time a model asks for it. */
async function loadOnnxRuntime() {
    const ort = (await __webpack_require__.e(/* import() */ 601).then(__webpack_require__.bind(__webpack_require__, 73601)));
    if (ort.env.wasm)
        ort.env.wasm.numThreads = 1;
    return ort;
}
/**
 * An input as ONNX Runtime takes it: the reference model is FP32 (widen-model.ts), so FP16 and BF16 inputs
 * go in as the float32 values they hold; integers in their own type.
 */
function feed(ort, input) {
    const { type, values, dims } = input;
    if (!isIntegral(type))
        return new ort.Tensor('float32', Float32Array.from(values), dims);
    if (type === 'int64')
        return new ort.Tensor('int64', BigInt64Array.from(values, (v) => BigInt(v)), dims);
    const arrays = { int32: Int32Array, int8: Int8Array, uint8: Uint8Array, bool: Uint8Array };
    return new ort.Tensor(type, arrays[type].from(values), dims);
}
/** ONNX Runtime's output as a reference: float32 as it is, integers and booleans as numbers. */
function referenceOf(name, tensor) {
    const dims = [...tensor.dims];
    if (tensor.type === 'float32' && tensor.data instanceof Float32Array) {
        return { name, dims, type: 'float32', values: tensor.data };
    }
    if (isElementType(tensor.type) && isIntegral(tensor.type)) {
        const data = tensor.data;
        return {
            name,
            dims,
            type: tensor.type,
            values: Float64Array.from({ length: data.length }, (_, i) => Number(data[i])),
        };
    }
    throw new Error(`the model's output ${name} is ${tensor.type}: float32, integer and bool outputs are compared`);
}
/**
 * The reference outputs: the ONNX model (a session opened once per model, its FP16/BF16 tensors widened to
 * FP32) run by ONNX Runtime on the CPU in FP32, on the same inputs the engine gets.
 */
async function referenceOutputs(ort, session, inputs) {
    const given = new Map(inputs.map((input) => [input.name, input]));
    const feeds = {};
    for (const name of session.inputNames) {
        const input = given.get(name);
        if (!input)
            throw new Error(`the model's input ${name} has no shape in this profile`);
        feeds[name] = feed(ort, input);
    }
    const results = await session.run(feeds);
    return session.outputNames.map((name) => referenceOf(name, results[name]));
}

;// CONCATENATED MODULE: ./.build/tsc/common/within.js
// Whether a path lies inside a folder, by the names alone (resolve links first where a link could lead out).

/** `path` is `folder` or below it: not above it (`..`), and not on another root or drive. */
function isWithin(folder, path) {
    const rest = (0,external_node_path_.relative)((0,external_node_path_.resolve)(folder), (0,external_node_path_.resolve)(path));
    return !rest.startsWith('..') && !(0,external_node_path_.isAbsolute)(rest);
}

// EXTERNAL MODULE: external "node:timers/promises"
var external_node_timers_promises_ = __webpack_require__(58500);
;// CONCATENATED MODULE: ./.build/tsc/onnx/pieces.js
// An ONNX model run by ONNX Runtime in pieces of consecutive nodes, each its own small model: the tensors that
// cross a piece's edge are handed to the next piece as they are (an FP16 tensor stays FP16). ONNX Runtime's
// session start grows faster than the graph on a long FP16 chain (the casts its CPU inserts around every FP16
// node: 10,000 nodes 4.2 s, 20,000 about 20 s, measured in bench/precision-writer.ts), and a session cannot be
// stopped once begun; pieces keep both bounded: the time is linear in the nodes, and a cancel stops the run at
// the next piece. A piece's weights go to ONNX Runtime as external data, a view of the model's bytes or the range
// of an external-data file it needs, so WebAssembly's heap holds one piece's weights once (a 1 GiB FP32 weight
// inline and prepacked: bad_alloc; as external data, unprepacked: checked). A model pieces cannot express (a graph
// output that no node makes, sparse initializers) runs whole, as it is; one whose pieces fail is run again as one
// piece, whose error is the one said.







/** Nodes in one piece: small enough that a session starts in well under a second, large enough to amortize it. */
const NODES_PER_PIECE = 1000;
/** The weights one piece holds at most (a larger single weight is a piece of its own). */
const PIECE_WEIGHT_BYTES = 256 * 2 ** 20;
/** From this size an inline weight goes to ONNX Runtime as external data (a view, never copied into the model). */
const EXTERNAL_FROM_BYTES = 2 ** 20;
/** ONNX's TensorProto.DataType code for each type ONNX Runtime's tensors name. */
const ONNX_TYPE = {
    float32: 1,
    uint8: 2,
    int8: 3,
    uint16: 4,
    int16: 5,
    int32: 6,
    int64: 7,
    string: 8,
    bool: 9,
    float16: 10,
    float64: 11,
    uint32: 12,
    uint64: 13,
};
/** What a node reads: its inputs and what its subgraphs capture from outside them. */
function readsOf(node) {
    const captured = subgraphs(node).flatMap((g) => [...capturedNames(g.bytes)]);
    return [...node.inputs, ...captured].filter(Boolean);
}
/** The bytes of an initializer's data, inline or external (its external_data `length`, else 0). */
function weightBytes(tensor) {
    const fields = fieldsOf(tensor);
    const raw = fields.find((f) => f.number === 9);
    if (raw)
        return raw.value;
    return Number(externalEntries(tensor, fields).get('length') ?? 0);
}
/** A TensorProto's external_data entries (13: key 1, value 2). */
function externalEntries(tensor, fields = fieldsOf(tensor)) {
    const entries = new Map();
    for (const f of fields.filter((x) => x.number === 13 && x.wire === 2)) {
        const entry = payload(tensor, f);
        const parts = fieldsOf(entry);
        const key = parts.find((x) => x.number === 1);
        const value = parts.find((x) => x.number === 2);
        if (key)
            entries.set(graph_text(entry, key), value ? graph_text(entry, value) : '');
    }
    return entries;
}
/**
 * The model cut into pieces no larger than `size` (one piece when it is small); null where pieces cannot express
 * it (it then runs as it is).
 */
function plan(model, size, fed) {
    const fields = fieldsOf(model);
    const graphField = fields.find((f) => f.number === 7 && f.wire === 2);
    if (!graphField)
        return null;
    const graph = payload(model, graphField);
    const graphFields = fieldsOf(graph);
    if (graphFields.some((f) => f.number === 15))
        return null;
    const initializers = new Map();
    const declared = new Map();
    const outputs = [];
    const nodes = [];
    for (const f of graphFields) {
        const bytes = payload(graph, f);
        if (f.number === 1)
            nodes.push({ field: graph.subarray(f.start, f.end), node: readNode(bytes) });
        else if (f.number === 5)
            initializers.set(tensorName(bytes), bytes);
        else if (f.number === 12 || f.number === 13) {
            const { name } = valueInfo(bytes);
            declared.set(name, bytes);
            if (f.number === 12)
                outputs.push(name);
        }
    }
    // A fed input shadows an initializer of its name (IR < 4's overridable defaults).
    for (const name of fed)
        initializers.delete(name);
    const made = new Set(nodes.flatMap(({ node }) => node.outputs));
    if (outputs.some((o) => !made.has(o)))
        return null;
    const pieces = [];
    const lastRead = new Map();
    let piece = open();
    function open() {
        return {
            nodes: [],
            inputs: [],
            initializers: [],
            outputs: [],
            inside: new Set(),
            used: new Set(),
            weights: 0,
        };
    }
    const close = () => {
        pieces.push({
            nodes: piece.nodes,
            inputs: piece.inputs,
            initializers: [...piece.used].map((name) => initializers.get(name)),
            outputs: [...piece.inside],
        });
        piece = open();
    };
    for (const { field, node } of nodes) {
        const reads = readsOf(node);
        const weights = reads
            .filter((name) => initializers.has(name) && !piece.used.has(name))
            .reduce((sum, name) => sum + weightBytes(initializers.get(name)), 0);
        if (piece.nodes.length >= size.nodes || (piece.nodes.length > 0 && piece.weights + weights > size.weights))
            close();
        for (const name of reads) {
            if (piece.inside.has(name))
                continue;
            if (initializers.has(name)) {
                if (!piece.used.has(name))
                    piece.weights += weightBytes(initializers.get(name));
                piece.used.add(name);
            }
            else if (!piece.inputs.includes(name))
                piece.inputs.push(name);
            lastRead.set(name, pieces.length);
        }
        piece.nodes.push(field);
        for (const o of node.outputs)
            if (o)
                piece.inside.add(o);
    }
    if (piece.nodes.length > 0)
        close();
    const kept = new Set(outputs);
    // A piece hands on only what a later piece or the graph's outputs read.
    for (const [k, each] of pieces.entries())
        each.outputs = each.outputs.filter((name) => kept.has(name) || (lastRead.get(name) ?? -1) > k);
    const done = pieces.map(() => []);
    for (const [name, k] of lastRead)
        if (!kept.has(name))
            done[k].push(name);
    const head = fields.filter((f) => f.number !== 7).map((f) => model.subarray(f.start, f.end));
    return { head, pieces, done, outputs, declared };
}
/** A ValueInfoProto of a tensor's element type and its concrete dims. */
function valueInfoOf(name, tensor) {
    const code = ONNX_TYPE[tensor.type];
    if (code === undefined)
        throw new Error(`${name} is a ${tensor.type} tensor, which a piece cannot be fed`);
    const shape = Buffer.concat(tensor.dims.map((d) => lenField(1, varintField(1, d))));
    const tensorType = Buffer.concat([varintField(1, code), lenField(2, shape)]);
    return Buffer.concat([stringField(1, name), lenField(2, lenField(1, tensorType))]);
}
/**
 * The bytes [offset, offset + length) of an external-data file in the model's folder (never outside it, by name
 * or through a link), for `tensor`: a range the file does not hold is said, naming the tensor.
 */
function readExternal(tensor, dir, location, offset, length) {
    const path = (0,external_node_path_.normalize)(location);
    const real = (() => {
        try {
            return (0,external_node_fs_.realpathSync)((0,external_node_path_.join)(dir, path));
        }
        catch {
            return null; // not there: the open below says so
        }
    })();
    const folder = (0,external_node_fs_.realpathSync)(dir);
    if (!isWithin(dir, (0,external_node_path_.resolve)(dir, path)) || (real && !isWithin(folder, real)))
        throw new Error(`${tensor}: external data ${location} is outside the model's folder`);
    const fd = (0,external_node_fs_.openSync)((0,external_node_path_.join)(dir, path), 'r');
    const size = (0,external_node_fs_.fstatSync)(fd).size;
    if (offset < 0 || length < 0 || offset + length > size) {
        (0,external_node_fs_.closeSync)(fd);
        throw new Error(`${tensor}: external data ${location} holds ${size} bytes; offset ${offset} and length ${length} are not a ` +
            'range of it');
    }
    const out = Buffer.allocUnsafe(length);
    try {
        for (let at = 0; at < length;) {
            const read = (0,external_node_fs_.readSync)(fd, out, at, length - at, offset + at);
            if (read === 0)
                throw new Error(`external data ${location} ends before ${offset + length} bytes`);
            at += read;
        }
    }
    finally {
        (0,external_node_fs_.closeSync)(fd);
    }
    return out;
}
/**
 * An initializer as the piece gives it: a large inline one, or one whose data is external, becomes external data
 * of the piece's own (a view of the model's bytes, or the range of the file it names, read now).
 */
function pieceTensor(tensor, dir, external) {
    const fields = fieldsOf(tensor);
    const raw = fields.find((f) => f.number === 9);
    const isExternal = fields.some((f) => f.number === 14 && f.value === 1);
    if (!isExternal && (!raw || raw.value < EXTERNAL_FROM_BYTES))
        return tensor;
    let data;
    if (raw)
        data = payload(tensor, raw);
    else {
        const entries = externalEntries(tensor, fields);
        const offset = Number(entries.get('offset') ?? 0);
        const length = Number(entries.get('length') ?? Number.NaN);
        if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length))
            throw new Error(`${tensorName(tensor)}: external data without an offset and length`);
        data = readExternal(tensorName(tensor), dir, entries.get('location') ?? '', offset, length);
    }
    const path = `piece-data-${external.length}`;
    external.push({ path, data });
    const entry = (key, value) => lenField(13, Buffer.concat([stringField(1, key), stringField(2, value)]));
    return Buffer.concat([
        ...fields.filter((f) => ![9, 13, 14].includes(f.number)).map((f) => tensor.subarray(f.start, f.end)),
        entry('location', path),
        entry('offset', '0'),
        entry('length', String(data.length)),
        varintField(14, 1),
    ]);
}
/** One piece as a model of its own: its nodes and initializers, fed what it reads, giving what it hands on. */
function pieceModel(plan, piece, values, dir) {
    const externalData = [];
    const graph = Buffer.concat([
        ...piece.nodes,
        stringField(2, 'piece'),
        ...piece.initializers.map((t) => lenField(5, pieceTensor(t, dir, externalData))),
        // A name nothing defines is left undeclared: ONNX Runtime says what the whole model would.
        ...piece.inputs
            .filter((name) => values.has(name))
            .map((name) => lenField(11, valueInfoOf(name, values.get(name)))),
        ...piece.outputs.map((name) => lenField(12, plan.declared.get(name) ?? stringField(1, name))),
    ]);
    return { bytes: Buffer.concat([...plan.head, lenField(7, graph)]), externalData };
}
/**
 * The model's outputs on `inputs` from ONNX Runtime, run piece by piece (`size` nodes each); a cancel stops it at
 * the next piece (throwing the signal's reason). Throws what ONNX Runtime throws for the model as one piece.
 */
async function runInPieces(ort, model, inputs, options = {}) {
    const { signal, dir = '.' } = options;
    const fed = new Set(inputs.map((i) => i.name));
    const size = { nodes: NODES_PER_PIECE, weights: PIECE_WEIGHT_BYTES, ...options.size };
    const cut = plan(model, size, fed);
    if (!cut) {
        signal?.throwIfAborted();
        const session = await ort.InferenceSession.create(model, SESSION_OPTIONS);
        try {
            return await referenceOutputs(ort, session, inputs);
        }
        finally {
            await session.release?.();
        }
    }
    try {
        return await piecewise(ort, cut, inputs, dir, signal);
    }
    catch (error) {
        if (signal?.aborted || cut.pieces.length === 1)
            throw error;
        // The model as one piece: its error names what is wrong, not which piece met it.
        const whole = { nodes: Number.POSITIVE_INFINITY, weights: Number.POSITIVE_INFINITY };
        return piecewise(ort, plan(model, whole, fed), inputs, dir, signal);
    }
}
async function piecewise(ort, cut, inputs, dir, signal) {
    const values = new Map(inputs.map((i) => [i.name, feed(ort, i)]));
    for (const [k, piece] of cut.pieces.entries()) {
        // ONNX Runtime's promises settle as microtasks: without a turn of the event loop here a SIGTERM's handler
        // (a macrotask) would not run, nor abort the signal, until every piece had (measured: 16 s on 100,000 nodes).
        await (0,external_node_timers_promises_.setImmediate)();
        signal?.throwIfAborted();
        const { bytes, externalData } = pieceModel(cut, piece, values, dir);
        const session = await ort.InferenceSession.create(bytes, { ...SESSION_OPTIONS, externalData });
        try {
            const feeds = Object.fromEntries(piece.inputs.filter((name) => values.has(name)).map((n) => [n, values.get(n)]));
            const results = await session.run(feeds);
            for (const name of piece.outputs)
                values.set(name, results[name]);
        }
        finally {
            await session.release?.();
        }
        for (const name of cut.done[k])
            values.delete(name);
    }
    return cut.outputs.map((name) => referenceOf(name, values.get(name)));
}

;// CONCATENATED MODULE: ./.build/tsc/common/tolerance.js
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

;// CONCATENATED MODULE: ./.build/tsc/onnx/external-data.js
// Where an ONNX model keeps its weights outside the file: what a build reads besides the model, so what the
// engine cache keys and what must be regular files before anything reads them.





/**
 * The external-data files an ONNX model names: each TensorProto's external_data holds a
 * StringStringEntryProto { key: "location", value: <file> }, which protobuf writes as the bytes
 * 0a 08 "location" 12 <length> <file>.
 */
async function externalDataFiles(onnx) {
    const MAX_NAME_BYTES = 4096;
    const marker = Buffer.from('\x0a\x08location\x12', 'latin1');
    const found = new Set();
    let tail = Buffer.alloc(0);
    for await (const chunk of (0,external_node_fs_.createReadStream)(onnx, { highWaterMark: 4 * 1024 * 1024 })) {
        const data = Buffer.concat([tail, chunk]);
        for (let at = data.indexOf(marker); at !== -1; at = data.indexOf(marker, at + 1)) {
            const length = readVarint(bufferSource(data), at + marker.length);
            if (!length || length.value === 0 || length.value > MAX_NAME_BYTES)
                continue;
            const end = length.next + length.value;
            if (end <= data.length)
                found.add(data.toString('utf8', length.next, end));
        }
        // A marker cut at the chunk's end is found again with the next chunk.
        tail = data.subarray(Math.max(0, data.length - MAX_NAME_BYTES - marker.length - 4));
    }
    // Names under .. or absolute ones are keyed too: whatever the parser reads changes the plan.
    return [...found].map((name) => (0,external_node_path_.resolve)((0,external_node_path_.dirname)(onnx), name)).sort();
}
/**
 * The external-data files an ONNX names that are not regular files (a FIFO, a device), missing ones, and ones
 * named inside the model's folder that a link there leads out of it (to a runner's secret, say): what the model
 * names is read, never what a link planted beside it leads to.
 */
async function irregularExternalData(onnx) {
    const files = await externalDataFiles(onnx).catch(() => []);
    const named = (0,external_node_path_.dirname)(onnx);
    const folder = await (0,promises_.realpath)(named).catch(() => named);
    const found = await Promise.all(files.map(async (file) => {
        if (!(await (0,promises_.stat)(file).catch(() => null))?.isFile())
            return [file];
        const real = await (0,promises_.realpath)(file).catch(() => file);
        return isWithin(named, file) && !isWithin(folder, real) ? [file] : [];
    }));
    return found.flat();
}

;// CONCATENATED MODULE: ./.build/tsc/common/article.js
// "a" or "an" before a word as it is read aloud: GPU models are spelled out letter by letter ("an H100", "an
// L4", "a T4"), numbers read as numbers ("an 8.0", "an 11.2", "a 10.16"), other words by their first letter.
/** Letters whose names start with a vowel sound, read on their own (A, E, F, H, I, L, M, N, O, R, S, X). */
const VOWEL_LETTERS = /^[AEFHILMNORSX]/;
/** `word` with its article: "an H100", "a T4", "an 8.0", "an A100 40GB", "a linux". */
function withArticle(word) {
    return `${anBefore(word) ? 'an' : 'a'} ${word}`;
}
function anBefore(word) {
    const number = /^(\d+)/.exec(word);
    // 8, 11, 18, 80-89, 800-899 and 8000…, 11000…, 18000…: the numbers read aloud with a vowel sound first.
    if (number)
        return /^(8|11|18)$/.test(number[1]) || /^8\d*$/.test(number[1]) || /^(11|18)\d{3}$/.test(number[1]);
    // An acronym or a model (capitals, or a capital then digits): spelled letter by letter.
    if (/^[A-Z]{1,4}(\d|[- ]|$)/.test(word) || /^[A-Z]{2,}/.test(word))
        return VOWEL_LETTERS.test(word);
    return /^[aeiou]/i.test(word);
}

;// CONCATENATED MODULE: ./.build/tsc/common/release-bytes.js
// A large file's bytes given back at once. A Buffer's memory lives outside V8's heap and is freed when a garbage
// collection finds it unreferenced, which may be seconds later: a 1 GiB model read for the FP16 writer was still
// held while ONNX Runtime loaded the next model (bench/precision-writer.ts measured 3.2 GiB at peak).
/**
 * Frees `bytes`' memory now, where it alone owns its ArrayBuffer (a large file read whole); a Buffer that shares
 * Node's pool (a small file) is left to the collector. `bytes` and every view of its memory are empty afterwards:
 * call it only when nothing reads them again.
 */
function releaseBytes(bytes) {
    const { buffer } = bytes;
    if (!(buffer instanceof ArrayBuffer) || buffer.detached)
        return;
    if (bytes.byteOffset !== 0 || bytes.byteLength !== buffer.byteLength)
        return;
    buffer.transfer(0);
}

;// CONCATENATED MODULE: ./.build/tsc/tensorrt/measurement.js
/** trt-ci's contract: the GPU's work alone, launched as a graph, waited on by spinning (11.x's defaults). */
const MEASUREMENT = { dataTransfers: false, cudaGraph: true, spinWait: true };
/** What this trtexec measures when it is given none of the flags. */
function defaultMeasurement(version) {
    return version.major >= 11
        ? { dataTransfers: false, cudaGraph: true, spinWait: true }
        : { dataTransfers: true, cudaGraph: false, spinWait: false };
}
/**
 * The flags that make this trtexec measure `wanted`. 10.x turns its defaults with --noDataTransfers,
 * --useCudaGraph, --useSpinWait; 11.x with --includeDataTransfers, --noCudaGraph, --noSpinWait and takes
 * the 10.x flags only as no-ops with a deprecation warning. Where `wanted` is the default, no flag: the
 * same measurement, and no warning in the log.
 */
function measurementFlags(version, wanted = MEASUREMENT) {
    const given = defaultMeasurement(version);
    const eleven = version.major >= 11;
    const flags = [];
    if (wanted.dataTransfers !== given.dataTransfers)
        flags.push(eleven ? '--includeDataTransfers' : '--noDataTransfers');
    if (wanted.cudaGraph !== given.cudaGraph)
        flags.push(eleven ? '--noCudaGraph' : '--useCudaGraph');
    if (wanted.spinWait !== given.spinWait)
        flags.push(eleven ? '--noSpinWait' : '--useSpinWait');
    return flags;
}
/**
 * What a run measured, from its log (what it was asked where the log does not say): its options block,
 * then a CUDA graph trtexec could not capture (an engine with operations capture forbids), which runs
 * without one, with this warning (sampleInference.cpp v10.16 and v11.1 alike).
 */
function measuredFrom(asked, log) {
    // Every run prints its inference options first: what it was set to measure, in its own words (a real
    // 10.14.1 log says "Data transfers: Enabled", an 11.0.0 one "Disabled", test/fixtures/trtexec-logs).
    const said = (name) => {
        const value = new RegExp(`\\[I\\] ${name}: (Enabled|Disabled)\\s*$`, 'm').exec(log)?.[1];
        return value === undefined ? null : value === 'Enabled';
    };
    const set = {
        dataTransfers: said('Data transfers') ?? asked.dataTransfers,
        cudaGraph: said('CUDA Graph') ?? asked.cudaGraph,
        spinWait: said('Spin-wait') ?? asked.spinWait,
    };
    return refusesGraph(log) ? { ...set, cudaGraph: false } : set;
}
/** A log line measuredFrom reads: one of the options block's three, or the graph capture's warning. */
const MEASUREMENT_LINE = /\[I\] (Data transfers|Spin-wait|CUDA Graph): |CUDA graph capture mode/;
/** Whether a log (or one of its lines) holds trtexec's warning that the engine cannot be captured. */
const refusesGraph = (text) => text.includes('contains operations that are not permitted under CUDA graph capture mode');
/** A measurement in words: "no data transfers, CUDA graph, spin-wait". */
function describeMeasurement(m) {
    return [
        m.dataTransfers ? 'data transfers' : 'no data transfers',
        m.cudaGraph ? 'CUDA graph' : 'no CUDA graph',
        m.spinWait ? 'spin-wait' : 'blocking sync',
    ].join(', ');
}
const sameMeasurement = (a, b) => a.dataTransfers === b.dataTransfers && a.cudaGraph === b.cudaGraph && a.spinWait === b.spinWait;
/** A measurement as a key's part: "transfers-off+graph+spin". */
function measurementId(m) {
    const parts = [m.dataTransfers ? 'transfers' : 'transfers-off', m.cudaGraph ? 'graph' : 'no-graph'];
    return [...parts, m.spinWait ? 'spin' : 'block'].join('+');
}
/** measurementId read back; null for text that is not one. */
function parseMeasurementId(id) {
    const match = /^(transfers|transfers-off)\+(graph|no-graph)\+(spin|block)$/.exec(id);
    if (!match)
        return null;
    return { dataTransfers: match[1] === 'transfers', cudaGraph: match[2] === 'graph', spinWait: match[3] === 'spin' };
}

;// CONCATENATED MODULE: ./.build/tsc/tensorrt/flag-catalog.js
// Generated by scripts/trtexec-flag-catalog.mjs from NVIDIA/TensorRT (samples/common/sampleOptions.cpp and
// samples/trtexec/trtexec.cpp) at these tags; do not edit by hand:
//   7.1.3 9a9cae75e715
//   7.2.1 492878b2df3c
//   8.0.1 eb5de99b523c
//   8.2.1 6f38570b7406
//   8.4.1 b55c4710ce01
//   8.4.3 87f3394404ff
//   8.5.1 1d6bf36034bb
//   8.5.3 b0c259a749aa
//   v8.6.0 4af32bad37c9
//   v8.6.1 a25ca8bba2a1
//   v9.1.0 b8ada0188d6c
//   v9.2.0 a1820ecdf6c1
//   v9.3.0 6d1397ed4bb6
//   v10.0.0 28733f0fdccd
//   v10.1.0 9db1508f7479
//   v10.2.0 2332a7191d03
//   v10.3.0 c5b9de37f7ef
//   v10.4.0 866548c95c6d
//   v10.5.0 c8a50438f692
//   v10.6.0 c468d67760e0
//   v10.7.0 17003e43da98
//   v10.8.0 64e56ab6cbe9
//   v10.9.0 8c6d69ddec0b
//   v10.10.0 665cfbe86236
//   v10.11 9255eb39e664
//   v10.12.0 6d178ce8c736
//   v10.13.0 b8db91e15be2
//   v10.14 3b4ddc1d45f1
//   v10.15 9973b2f4ab5c
//   v10.16 52399f555c2f
//   v11.0 771d8efdf7f9
//   v11.1 82d1dca801c8
/** The last release whose sources the catalog read. */
const CATALOGUED_THROUGH = '11.1';
/** Flag → the first release that parses it and the last (null: still parsed at CATALOGUED_THROUGH). */
const FLAG_CATALOG = {
    '--accuracyAlgorithm': ['11.1', null],
    '--accuracyThreshold': ['11.1', null],
    '--adjustForDLA': ['10.16', null],
    '--allocationStrategy': ['10.0', null],
    '--allowGPUFallback': ['7.1', null],
    '--allowWeightStreaming': ['10.0', null],
    '--asyncFileReader': ['10.7', null],
    '--atol': ['11.1', null],
    '--avgRuns': ['7.1', null],
    '--avgTiming': ['7.1', null],
    '--batch': ['7.1', '9.2'],
    '--best': ['7.1', '10.16'],
    '--bf16': ['9.1', '10.16'],
    '--buildDLAStandalone': ['8.6', null],
    '--builderOptimizationLevel': ['8.6', null],
    '--buildOnly': ['7.1', '9.3'],
    '--calib': ['7.1', '10.16'],
    '--calibProfile': ['9.1', '10.16'],
    '--consistency': ['8.2', null],
    '--continue': ['11.1', null],
    '--cpuOnly': ['10.15', null],
    '--decomposableAttentions': ['10.14', null],
    '--deploy': ['7.1', '9.2'],
    '--device': ['7.1', null],
    '--directIO': ['8.2', null],
    '--distributiveIndependence': ['10.12', null],
    '--dryRun': ['11.1', null],
    '--dumpKernelText': ['10.13', null],
    '--dumpLayerInfo': ['8.2', null],
    '--dumpOptimizationProfile': ['9.1', null],
    '--dumpOutput': ['7.1', null],
    '--dumpProfile': ['7.1', null],
    '--dumpRawBindingsToFile': ['8.6', null],
    '--dumpRefit': ['7.2', null],
    '--duration': ['7.1', null],
    '--dynamicPlugins': ['8.6', null],
    '--enablePluginOverride': ['10.15', null],
    '--errorOnTimingCacheMiss': ['9.1', null],
    '--excludeLeanRuntime': ['8.6', null],
    '--explicitBatch': ['7.1', '9.3'],
    '--explicitPrecision': ['8.0', '9.3'],
    '--exportLayerInfo': ['8.2', null],
    '--exportOutput': ['7.1', null],
    '--exportProfile': ['7.1', null],
    '--exportTimes': ['7.1', null],
    '--exposeDMA': ['7.1', null],
    '--fp16': ['7.1', '10.16'],
    '--fp8': ['8.6', '10.16'],
    '--getPlanVersionOnly': ['9.1', null],
    '--hardwareCompatibilityLevel': ['8.6', null],
    '--help': ['7.1', null],
    '--helpBuildRoute': ['11.1', null],
    '--heuristic': ['8.5', '9.3'],
    '--idleTime': ['8.2', null],
    '--ignoreParsedPluginLibs': ['8.6', null],
    '--includeDataTransfers': ['11.0', null],
    '--infStreams': ['8.6', null],
    '--inputIOFormats': ['7.1', null],
    '--int4': ['10.1', '10.16'],
    '--int8': ['7.1', null],
    '--iterations': ['7.1', null],
    '--l2LimitForTiling': ['10.8', null],
    '--layerDeviceTypes': ['8.6', null],
    '--layerOutputTypes': ['8.4', '10.16'],
    '--layerPrecisions': ['8.4', '10.16'],
    '--leanDLLPath': ['8.6', null],
    '--loadEngine': ['7.1', null],
    '--loadInputs': ['7.1', null],
    '--loadRefOutputs': ['11.1', null],
    '--markDebug': ['10.0', null],
    '--markUnfusedTensorsAsDebugTensors': ['10.12', null],
    '--maxAuxStreams': ['8.6', null],
    '--maxBatch': ['7.1', '9.2'],
    '--maxShapes': ['7.1', null],
    '--maxShapesCalib': ['7.1', '10.16'],
    '--maxTactics': ['10.4', null],
    '--memPoolSize': ['8.4', null],
    '--minShapes': ['7.1', null],
    '--minShapesCalib': ['7.1', '10.16'],
    '--minTiming': ['7.1', '9.3'],
    '--model': ['7.1', '9.2'],
    '--monitorMemory': ['10.6', null],
    '--nativeInstanceNorm': ['9.1', '9.3'],
    '--ni': ['9.1', '9.3'],
    '--noBuilderCache': ['7.1', null],
    '--noCompilationCache': ['9.1', null],
    '--noCudaGraph': ['11.0', null],
    '--noDataTransfers': ['7.2', null],
    '--noSpinWait': ['11.0', null],
    '--noTF32': ['7.1', null],
    '--nvtxMode': ['7.1', '9.3'],
    '--onnx': ['7.1', null],
    '--optShapes': ['7.1', null],
    '--optShapesCalib': ['7.1', '10.16'],
    '--output': ['7.1', '9.2'],
    '--outputIOFormats': ['7.1', null],
    '--percentile': ['7.1', null],
    '--persistentCacheRatio': ['8.5', null],
    '--pi': ['10.0', null],
    '--pluginInstanceNorm': ['10.0', null],
    '--plugins': ['7.1', null],
    '--precisionConstraints': ['8.2', '10.16'],
    '--preview': ['8.5', null],
    '--profile': ['9.1', null],
    '--profilingVerbosity': ['8.2', null],
    '--refit': ['7.2', null],
    '--refitFromOnnx': ['10.14', null],
    '--refPair': ['11.1', null],
    '--remoteAutoTuningConfig': ['10.13', null],
    '--reportCapabilityDLA': ['10.16', null],
    '--restricted': ['8.2', '10.16'],
    '--rtol': ['11.1', null],
    '--runtimePlatform': ['10.2', null],
    '--safe': ['7.1', null],
    '--safetyPlugins': ['10.13', null],
    '--saveAllDebugTensors': ['10.12', null],
    '--saveAllEngines': ['11.1', null],
    '--saveDebugTensors': ['10.0', null],
    '--saveEngine': ['7.1', null],
    '--separateProfileRun': ['7.2', null],
    '--serialized': ['8.0', null],
    '--setBuildRoute': ['11.1', null],
    '--setPluginsToSerialize': ['8.6', null],
    '--shapes': ['7.1', null],
    '--skipInference': ['8.6', null],
    '--sleepTime': ['7.1', null],
    '--sparsity': ['8.0', null],
    '--staticPlugins': ['8.6', null],
    '--std': ['8.4', null],
    '--streams': ['7.1', null],
    '--stripAllWeights': ['10.1', null],
    '--stripWeights': ['10.0', null],
    '--stronglyTyped': ['9.1', null],
    '--tacticSources': ['7.2', null],
    '--tempdir': ['8.6', null],
    '--tempfileControls': ['8.6', null],
    '--threads': ['7.1', null],
    '--tilingOptimizationLevel': ['10.8', null],
    '--timeDeserialize': ['8.0', null],
    '--timeRefit': ['8.0', null],
    '--timingCacheFile': ['8.0', null],
    '--tuneBuildRouteFile': ['11.1', null],
    '--tuneBuildRoutes': ['11.1', null],
    '--tuningCacheFile': ['11.1', null],
    '--tuningResultFile': ['11.1', null],
    '--tuningSearch': ['11.1', null],
    '--tuningTimeOut': ['11.1', null],
    '--uff': ['7.1', '9.2'],
    '--uffInput': ['7.1', '9.2'],
    '--uffNHWC': ['7.1', '9.2'],
    '--uint8AsymmetricQuantizationDLA': ['10.11', null],
    '--useCudaGraph': ['7.1', null],
    '--useDLACore': ['7.1', null],
    '--useManagedMemory': ['8.2', null],
    '--useProfile': ['9.1', null],
    '--useRuntime': ['8.6', null],
    '--useSpinWait': ['7.1', null],
    '--vc': ['8.6', null],
    '--verbose': ['7.1', null],
    '--versionCompatible': ['8.6', null],
    '--warmUp': ['7.1', null],
    '--weightless': ['9.3', '10.16'],
    '--weightStreamingBudget': ['10.0', null],
    '--workspace': ['7.1', '9.3'],
};

;// CONCATENATED MODULE: ./.build/tsc/tensorrt/version.js
/** "TensorRT" or "TensorRT-RTX": whose version this is, for the report and its words. */
const productOf = (version) => version.product ?? 'TensorRT';
/**
 * Whether networks are strongly typed only: TensorRT 11 and TensorRT-RTX, which build FP16 and BF16 from an
 * ONNX of that type (trt-ci writes it) and have no precision flags and no INT8 calibrator.
 */
const stronglyTypedOnly = (version) => version.product === 'TensorRT-RTX' || atLeast(version, '11.0');
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
/**
 * The verdict line as every version prints it: TensorRT 7.x had no `[TensorRT v…]` tag
 * (`&&&& PASSED TensorRT.trtexec # trtexec …`), so the verdict must not depend on it; the version does.
 */
// The command after " # " is left out where a log was cut or quoted short ("&&&& PASSED TensorRT.trtexec
// [TensorRT v101401]" in tutorials' logs): the verdict is the banner's either way.
const VERDICT_PATTERN = /^&&&& (RUNNING|PASSED|FAILED|WAIVED) TensorRT\.trtexec(?:(?: \[TensorRT v\d+\][^#]*)? #| \[TensorRT v\d+\]\s*$)/;
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

;// CONCATENATED MODULE: ./.build/tsc/tensorrt/flags.js


const FLAG_SPANS = {
    '--workspace': { until: '10.0', instead: '--memPoolSize=workspace:<MiB> (trt-ci sets it from `workspace:`)' },
    '--memPoolSize': { since: '8.4' },
    '--fp16': {
        until: '11.0',
        instead: 'precision: fp16 in trt-ci.yml (trt-ci writes the FP16 ONNX); TensorRT 11 removed precision flags',
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
    '--vc': { since: '8.6' },
    '--excludeLeanRuntime': { since: '8.6' },
    '--useRuntime': { since: '8.6' },
    '--leanDLLPath': { since: '8.6' },
    '--pluginInstanceNorm': { since: '10.0' },
    '--runtimePlatform': { since: '10.2' },
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
    '--precisionConstraints': {
        since: '8.2',
        until: '11.0',
        instead: 'keep-fp32: in trt-ci.yml (TensorRT 11 takes precisions from the ONNX, which trt-ci writes)',
    },
    '--layerPrecisions': {
        since: '8.4',
        until: '11.0',
        instead: 'keep-fp32: in trt-ci.yml (TensorRT 11 takes precisions from the ONNX, which trt-ci writes)',
    },
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
    '--refPair': { since: '11.1' },
    '--tuneBuildRoutes': { since: '11.1' },
    '--tuneBuildRouteFile': { since: '11.1' },
    '--tuningSearch': { since: '11.1' },
    '--tuningTimeOut': { since: '11.1' },
    '--tuningCacheFile': { since: '11.1' },
    '--continue': { since: '11.1' },
    '--dryRun': { since: '11.1' },
    '--saveAllEngines': { since: '11.1' },
    '--helpBuildRoute': { since: '11.1' },
    // Parsed since v10.13.0 (sampleOptions.cpp), though trt-ci once dated them from the 11.4 release notes.
    '--dumpKernelText': { since: '10.13' },
    '--remoteAutoTuningConfig': { since: '10.13' },
    // 11.4 and 11.5 from their release notes (the repository snapshot has no tag past v11.1).
    '--greenContext': { since: '11.4' },
    '--reference': { since: '11.4' },
    '--loadCheckerBlob': { since: '11.4' },
    '--dumpCheckerBlob': { since: '11.4' },
    '--remoteConfig': { since: '11.4' },
    '--dlaWorkspaceAllocationStrategy': { since: '11.4' },
    '--independentWeightLayouts': { since: '11.5' },
    '--saveEngineSo': { since: '11.5' },
    '--loadEngineSo': { since: '11.5' },
};
/** The last release whose new trtexec flags trt-ci has read (its release notes; FLAG_SPANS holds them). */
const FLAGS_KNOWN_THROUGH = '11.5';
/**
 * Flags trtexec reads every copy of (sampleOptions.cpp v11.1: the plugin lists in a loop; --profile and
 * --refPair each take the shapes or files that follow them). Any other flag is read once: up to 11.3 a
 * second copy is left over as an unknown option (exit 1), from 11.4 it is ignored with a warning.
 */
const REPEATABLE_FLAGS = new Set([
    '--plugins',
    '--setPluginsToSerialize',
    '--dynamicPlugins',
    '--safetyPlugins',
    '--staticPlugins',
    '--profile',
    '--minShapes',
    '--optShapes',
    '--maxShapes',
    '--refPair',
    '--loadInputs',
    '--loadRefOutputs',
]);
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
    const v = formatVersion(version);
    if (span.since && !atLeast(version, span.since)) {
        return {
            ok: false,
            reason: `${flag} needs TensorRT >= ${span.since}, this ` +
                `trtexec is ${v}${span.instead ? `; use ${span.instead}` : ''}`,
        };
    }
    if (span.until && atLeast(version, span.until)) {
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
/**
 * Whether trtexec `version`'s option parser takes this flag name at all, by the catalog of its sources
 * (flag-catalog.ts) and the release notes after it: 'absent' is sure, 'unknown' is a release trt-ci has not read.
 * For a flag with a FLAG_SPANS entry, flagSupport is the verdict.
 */
function parsedBy(flag, version) {
    const span = FLAG_CATALOG[flag];
    const introduced = FLAG_SPANS[flag]?.since;
    if (span && atLeast(version, span[0]) && (span[1] === null || !atLeast(version, nextMinor(span[1]))))
        return 'parsed';
    if (introduced && atLeast(version, introduced))
        return 'parsed';
    if (!atLeast(version, nextMinor(CATALOGUED_THROUGH)))
        return 'absent';
    if (span && span[1] === null)
        return 'parsed';
    return atLeast(version, nextMinor(FLAGS_KNOWN_THROUGH)) ? 'unknown' : 'absent';
}
/** The flag names trtexec `version` parses, for a did-you-mean. */
function catalogFlags(version) {
    return Object.keys(FLAG_CATALOG).filter((flag) => parsedBy(flag, version) === 'parsed');
}
function nextMinor(minor) {
    const [major, rest] = minor.split('.').map(Number);
    return `${major}.${rest + 1}`;
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
/** The flags whose files trtexec reads (the rest of FILE_FLAGS it writes): they must exist before a build. */
const READ_FLAGS = new Set(['--calib', '--loadInputs', '--loadRefOutputs', '--setPluginsToSerialize', '--leanDLLPath']);
/** The files an extra-args entry (its paths resolved) has trtexec read: `--calib=x` → [x]. */
function filesReadBy(arg) {
    const eq = arg.indexOf('=');
    const flag = eq === -1 ? arg : arg.slice(0, eq);
    if (!READ_FLAGS.has(flag) || eq === -1)
        return null;
    const value = arg.slice(eq + 1);
    const files = FILE_FLAGS[flag] === 'file'
        ? [value]
        : value.split(',').map((item) => (item.includes(':') ? item.slice(item.indexOf(':') + 1) : item));
    return { flag, files: files.filter(Boolean) };
}
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

;// CONCATENATED MODULE: ./.build/tsc/tensorrt/argv.js






/** trtexec takes quoted tensor names when they hold the characters its shape syntax uses. */
const quoteName = (name) => (/[:,']/.test(name) ? `'${name}'` : name);
function shapeSpec(shapes, pick) {
    return shapes.map((shape) => `${quoteName(shape.input)}:${shape[pick].join('x')}`).join(',');
}
const PRECISION_FLAGS = {
    fp32: null,
    fp16: '--fp16',
    bf16: '--bf16',
    int8: '--int8',
    fp8: '--fp8',
    best: '--best',
    'strongly-typed': '--stronglyTyped',
};
/**
 * The flag for a precision on this TensorRT, or why there is none. TensorRT 11 is strongly typed and has no
 * precision flags: --stronglyTyped is its default there, and fp16 and bf16 are built from the FP16 or BF16
 * ONNX trt-ci writes (`writesOnnx`: the build stage swaps the model for it, so buildArgv never sees them).
 */
function precisionFlag(precision, version) {
    if (precision === null || precision === 'fp32')
        return { flag: null };
    if (precision === 'strongly-typed' && stronglyTypedOnly(version))
        return { flag: null };
    const narrow = narrowOf(precision);
    if (narrow && stronglyTypedOnly(version))
        return { flag: null, writesOnnx: narrow };
    // TensorRT 11 has no calibrator: INT8 comes only from the ONNX's Q/DQ nodes (preflight checks it has them).
    if (precision === 'int8' && stronglyTypedOnly(version))
        return { flag: null };
    const flag = PRECISION_FLAGS[precision];
    const verdict = flagSupport(flag, version);
    if (verdict.ok)
        return { flag };
    if (stronglyTypedOnly(version)) {
        return {
            error: `${productOf(version)} ${formatVersion(version)} builds strongly typed networks and has no ${flag}; use ` +
                'precision: fp16 or bf16 (trt-ci writes that ONNX), give it a strongly typed ONNX (ModelOpt AutoCast) with ' +
                'precision: strongly-typed, or remove precision',
        };
    }
    return { error: verdict.reason };
}
/**
 * keep-fp32 on TensorRT <= 10: each node's layer pinned to FP32 and the builder told to obey
 * (samples/common/sampleOptions.cpp getLayerPrecisions at v10.16: comma-separated name:precision pairs, the
 * name before the last ':'; sampleEngines.cpp setLayerPrecisions matches the network's layer names).
 */
function keptLayerArgs(model) {
    if (model.keepFp32.length === 0)
        return [];
    return [`--layerPrecisions=${model.keepFp32.map((n) => `${n}:fp32`).join(',')}`, '--precisionConstraints=obey'];
}
/** Why an extra-args entry cannot be passed to this trtexec, or null when it can. */
function extraArgProblem(arg, version, helpFlags = new Set()) {
    const flag = flagName(arg);
    if (MANAGED_FLAGS.has(flag))
        return (`${flag} is set by trt-ci from the config (shapes, ` +
            `workspace, precision, plugins, timing-cache); set it there`);
    const verdict = flagSupport(flag, version);
    if (!verdict.ok)
        return verdict.reason;
    if (flag === '--saveEngineSo' || flag === '--loadEngineSo')
        return (`${flag} is for safety engines (it requires --safe, TensorRT 11.5 release notes); trt-ci builds, runs ` +
            'and checks standard engines');
    // Strongly typed (11.x), a binding's type is its ONNX tensor's: an FP16/BF16 I/O format on an FP32 input
    // is not a conversion TensorRT 11 makes (issue 38's list of 11.x config errors).
    if ((flag === '--inputIOFormats' || flag === '--outputIOFormats') && atLeast(version, '11.0')) {
        const narrow = arg
            .slice(flag.length + 1)
            .split(',')
            .find((spec) => /^(fp16|bf16)(:|$)/.test(spec));
        if (narrow)
            return (`${flag}=${narrow}: TensorRT ${formatVersion(version)} takes each binding's type from the ONNX ` +
                '(strongly typed); give the ONNX FP16/BF16 inputs and outputs with precision: strongly-typed, or drop it ' +
                '(precision: fp16 keeps FP32 inputs and outputs)');
    }
    // A flag this trtexec neither lists in --help nor is known to parse would fail every build. Where --help lists
    // none (a run: command says only its version), the catalog of trtexec's sources judges.
    if (helpFlags.size > 0 && !helpFlags.has(flag) && !hasKnownSpan(flag)) {
        const near = closest(flag, [...helpFlags]);
        return `this trtexec (${formatVersion(version)}) has no ${flag}${near ? `; did you mean ${near}?` : ''}`;
    }
    if (helpFlags.size === 0 && flag.startsWith('--') && parsedBy(flag, version) === 'absent') {
        const near = closest(flag, catalogFlags(version));
        return (`trtexec ${formatVersion(version)} has no ${flag} (not in its option parser)` +
            (near ? `; did you mean ${near}?` : ''));
    }
    return null;
}
/**
 * Why an extra-args entry repeats a flag (an earlier entry's, or one trt-ci puts in the build itself), or null.
 * trtexec reads most flags once (REPEATABLE_FLAGS): up to 11.3 the copy it leaves is an unknown option and the
 * build fails; from 11.4 it warns "specified more than once" and keeps one, which one no source says.
 */
function repeatedFlagProblem(flag, earlier, model, version) {
    if (REPEATABLE_FLAGS.has(flag))
        return null;
    const own = ownBuildArgs(model, version).some((arg) => flagName(arg) === flag);
    if (!own && !earlier.some((arg) => flagName(arg) === flag))
        return null;
    const where = own ? 'trt-ci sets it in the build itself' : 'extra-args gives it twice';
    const v = formatVersion(version);
    return atLeast(version, '11.4')
        ? `${flag} would be given twice (${where}): trtexec ${v} keeps one and warns "specified more than once"; ` +
            'give it once'
        : `${flag} would be given twice (${where}): trtexec ${v} reads one and fails the build on the other as an ` +
            'unknown option; give it once';
}
/** The flags a build gets from the config besides the managed ones: its precision and the layer info's. */
function ownBuildArgs(model, version) {
    const precision = precisionFlag(model.precision, version);
    const precisionArgs = 'flag' in precision && precision.flag ? [precision.flag, ...keptLayerArgs(model)] : [];
    return [...precisionArgs, ...layerInfoArgs(version, '')];
}
const layerInfoArgs = (version, path) => hasFlag('--exportLayerInfo', version) ? ['--profilingVerbosity=detailed', `--exportLayerInfo=${path}`] : [];
/** argv for building one profile of one model. Never a shell string. */
function buildArgv(version, model, profile, workspaceBytes, paths) {
    const argv = [`--onnx=${model.onnx}`, `--saveEngine=${paths.plan}`];
    // One engine with several optimization profiles: --profile=N, each followed by its shapes (9.1+).
    (profile.parts ?? [profile]).forEach((part, index) => {
        if (profile.parts)
            argv.push(`--profile=${index}`);
        if (part.shapes.length === 0)
            return;
        argv.push(`--minShapes=${shapeSpec(part.shapes, 'min')}`, `--optShapes=${shapeSpec(part.shapes, 'opt')}`, `--maxShapes=${shapeSpec(part.shapes, 'max')}`);
    });
    const workspaceMiB = Math.max(1, Math.floor(workspaceBytes / MiB));
    argv.push(hasFlag('--memPoolSize', version) ? `--memPoolSize=workspace:${workspaceMiB}` : `--workspace=${workspaceMiB}`);
    const precision = precisionFlag(model.precision, version);
    // fp16 and bf16 on 11.x are an ONNX trt-ci writes (builds/precision-onnx.ts): built as it is, it would be FP32.
    if ('writesOnnx' in precision && precision.writesOnnx)
        throw new Error(`${model.name}: ${precision.writesOnnx} on TensorRT 11 is built from the written ONNX, not ${model.onnx}`);
    if ('flag' in precision && precision.flag)
        argv.push(precision.flag, ...keptLayerArgs(model));
    if (paths.timingCache && hasFlag('--timingCacheFile', version))
        argv.push(`--timingCacheFile=${paths.timingCache}`);
    argv.push(hasFlag('--skipInference', version) ? '--skipInference' : '--buildOnly');
    argv.push(...pluginArgs(model, version), ...layerInfoArgs(version, paths.layerInfo), ...model.extraArgs);
    return argv;
}
/** argv for loading a built plan and measuring it at its shapes. */
function benchmarkArgv(version, engine) {
    return [`--loadEngine=${engine.plan}`, ...engineArgs(version, engine)];
}
/**
 * argv for one load of a plan as it ships (deploy-load): loaded, run once at its shapes, no warm-up or timing
 * (version-compatible plans need --versionCompatible to load, docs/deploy.md).
 */
function loadArgv(engine, versionCompatible) {
    return [
        `--loadEngine=${engine.plan}`,
        ...(versionCompatible ? ['--versionCompatible'] : []),
        ...(engine.shapes.length > 0 ? [`--shapes=${shapesText(engine.shapes)}`] : []),
        '--warmUp=0',
        '--duration=0',
        '--iterations=1',
    ];
}
/** What a run of an engine is given besides the engine: the contract both sides of an A/B share. */
function engineArgs(version, engine, measurement = MEASUREMENT) {
    return [
        ...(engine.shapes.length > 0 ? [`--shapes=${shapesText(engine.shapes)}`] : []),
        ...pluginArgs(engine, version),
        // What a latency is made of, the same on every version (measurement.ts): explicit wherever it is not
        // this version's default.
        ...measurementFlags(version, measurement),
    ];
}
/** `x:1x3x224x224,mask:1x77`: shapes as trtexec's --shapes takes them. */
const shapesText = (shapes) => shapes.map((s) => `${quoteName(s.input)}:${s.dims.join('x')}`).join(',');
/**
 * argv for one repetition of a latency A/B: the engine, the contract (shapes, plugins), then trtexec's
 * default 200 ms warm-up and a fixed number of timed iterations (no --duration: every repetition times
 * the same work), each written to `times` (--exportTimes, docs/trtexec-inference-io.md).
 */
function abRunArgv(plan, contract, iterations, times) {
    return [
        `--loadEngine=${plan}`,
        ...contract,
        '--warmUp=200',
        '--duration=0',
        `--iterations=${iterations}`,
        `--exportTimes=${times}`,
    ];
}
/**
 * argv for one profile run of an engine after its A/B (docs/explain.md): the same contract and warm-up, a
 * fixed number of iterations, per-layer times to `profile` (--exportProfile). Below 11.0 the profile is
 * taken in a run of its own (--separateProfileRun), so profiling does not slow the timed iterations; from
 * 11.0 that is always so and the flag a no-op that warns (docs/trtexec-flags.md).
 */
function profileRunArgv(version, plan, contract, iterations, profile) {
    return [
        `--loadEngine=${plan}`,
        ...contract,
        '--warmUp=200',
        '--duration=0',
        `--iterations=${iterations}`,
        `--exportProfile=${profile}`,
        ...(version.major < 11 ? ['--separateProfileRun'] : []),
    ];
}
/**
 * argv for running a built plan once on given inputs and writing its outputs, at one of the profile's
 * shapes (docs/trtexec-inference-io.md): --loadInputs (raw files); the outputs at full precision with
 * --dumpRawBindingsToFile (8.6+, into the working folder) or else --exportOutput's JSON; one iteration,
 * no warm-up (trtexec would otherwise infer for its default 3 s). With `judge` (11.1+), trtexec also
 * compares them with the reference outputs: any element out of tolerance fails (a threshold above 0 is
 * required; the share of one element in a billion is still above 1e-9).
 */
function accuracyArgv(version, engine, files, judge = null, 
/** false: --exportOutput even where the dump exists (outputs whose dump file names collide). */
dump = hasFlag('--dumpRawBindingsToFile', version)) {
    const argv = [`--loadEngine=${engine.plan}`];
    if (engine.shapes.length > 0)
        argv.push(`--shapes=${shapesText(engine.shapes)}`);
    argv.push(`--loadInputs=${fileList(files.inputs)}`, '--warmUp=0', '--duration=0', '--iterations=1');
    argv.push(dump ? '--dumpRawBindingsToFile' : `--exportOutput=${files.output}`);
    if (judge) {
        argv.push(`--loadRefOutputs=${fileList(judge.references)}`, '--accuracyAlgorithm=l0');
        argv.push(`--atol=${judge.atol}`, `--rtol=${judge.rtol}`, '--accuracyThreshold=1e-9');
    }
    argv.push(...pluginArgs(engine, version));
    return argv;
}
const fileList = (files) => files.map((f) => `${quoteName(f.name)}:${f.file}`).join(',');
function pluginArgs(model, version) {
    const flag = hasFlag('--staticPlugins', version) ? '--staticPlugins' : '--plugins';
    return [
        ...model.plugins.map((plugin) => `${flag}=${plugin}`),
        ...model.dynamicPlugins.map((plugin) => `--dynamicPlugins=${plugin}`),
    ];
}

;// CONCATENATED MODULE: ./.build/tsc/builds/written-onnx-check.js
// Before any GPU time goes to an engine built from an ONNX trt-ci wrote (TensorRT 11's FP16 ONNX), ONNX Runtime
// loads the written model and runs it beside the user's on the same seeded inputs, at the first profile's min
// shape. A written model that does not load, or whose outputs leave the FP16 band, is not built: the writer's
// mistake, or a weight FP16 cannot hold (past 65504), is said with the output and its error instead.
// ONNX Runtime's CPU computes FP16 nodes in FP32 (docs/accuracy.md), so what this sees is the written graph's
// types, casts and rounded weights; an overflow of FP16 activations shows only on the engine (its own gate), or
// where it crosses the edge of a piece the models run in (onnx/pieces.ts), stored in FP16 there.









/**
 * How far a written output may be from the user's model's, as a share of that output's largest magnitude:
 * FP16 keeps 11 significant bits (2^-11); rounded weights and the casts between layers add up over a network,
 * and 2^-7 (16 units in the last place) is where the writer's own tests put the band. BF16 keeps 8 bits:
 * the same 16 units are 2^-4.
 */
const WRITTEN_BAND = 2 ** -7;
const WRITTEN_BAND_BF16 = 2 ** -4;
/**
 * ONNX Runtime's CPU has no BF16 kernels: a BF16 model it has resolved (types checked against ONNX's schemas)
 * stops at the first node it has no kernel for. Such a model is then run widened to FP32 (its BF16 weights
 * as the exact values they hold): the types are checked, and the numbers within the band.
 */
const NO_KERNEL = /Could not find an implementation for/;
/**
 * One float output's largest error as a share of its largest finite reference magnitude (compareOutput with
 * atol at the band, rtol 0): Infinity where an element is Inf or NaN and the reference's is not the same, or the
 * output is missing.
 */
function outputError(want, got, band) {
    if (!got || got.values.length !== want.values.length)
        return Number.POSITIVE_INFINITY;
    const scale = Math.max(1e-3, absoluteTolerance({ shareOfMax: 1 }, want.values));
    const tolerance = { atol: band * scale, rtol: 0, cosine: null, topK: null };
    const error = compareOutput(got.values, want.values, want.dims, tolerance);
    const finite = (error.maxAbsError ?? 0) / scale;
    // Out of tolerance while every finite element is within it: a non-finite element made it so.
    return error.outOfTolerance > 0 && finite <= band ? Number.POSITIVE_INFINITY : finite;
}
/**
 * Whether the written model's outputs agree with the user's within `band`: each float output's largest error
 * (integer and boolean outputs are not compared: an arg-max may flip on a tie); null when no float output was
 * there to compare. Pure.
 */
function judgeWritten(reference, written, band = WRITTEN_BAND) {
    const byName = new Map(written.map((o) => [o.name, o]));
    let worst = null;
    for (const want of reference.filter((o) => o.type === 'float32')) {
        const error = outputError(want, byName.get(want.name), band);
        if (!worst || error > worst.error)
            worst = { output: want.name, error };
    }
    if (!worst)
        return null;
    return {
        status: worst.error <= band ? 'agrees' : 'differs',
        worst: { output: worst.output, error: Number.isFinite(worst.error) ? worst.error : null },
    };
}
/** The accuracy check's input ranges, where it gives them: the check's inputs are drawn in them. */
function rangesOf(model) {
    const inputs = model.accuracy?.inputs;
    return inputs && typeof inputs === 'object' && 'ranges' in inputs ? inputs.ranges : {};
}
/**
 * The user's model's outputs, by its bytes and the inputs: a keep-fp32 search writes one model tens of times in
 * one process (each candidate list), and its reference is the same each time. The few last are kept.
 */
const originals = new Map();
const ORIGINALS_KEPT = 4;
function originalOutputs(ort, original, inputs, ranges, { dir, signal }) {
    const key = (0,external_node_crypto_.createHash)('sha256')
        .update(original)
        .update(JSON.stringify([inputs.map((i) => [i.name, i.dims, i.type]), ranges, dir]))
        .digest('hex');
    let outputs = originals.get(key);
    if (!outputs) {
        outputs = runInPieces(ort, Buffer.from(original.buffer, original.byteOffset, original.byteLength), inputs, {
            dir,
            ...(signal && { signal }),
        });
        // A cancelled run is not the model's outputs: the next check computes them afresh.
        outputs.catch(() => originals.delete(key));
        originals.set(key, outputs);
        if (originals.size > ORIGINALS_KEPT)
            originals.delete(originals.keys().next().value);
    }
    return outputs;
}
/** Runs both models on ONNX Runtime and judges the written one; never throws. */
async function checkWrittenOnnx(model, 
/**
 * The user's model, or how to read it: then it is read for its run and freed right after (a gigabyte model is
 * not held while ONNX Runtime runs the written one).
 */
original, written, types, runtime, options = {}) {
    const { narrow = 'fp16', judged = null, signal } = options;
    // Both models name their external data relative to the user's (the written one's is linked beside it).
    const dir = (0,external_node_path_.dirname)(model.onnx);
    let shape = '';
    const band = narrow === 'bf16' ? WRITTEN_BAND_BF16 : WRITTEN_BAND;
    const result = (status, reason) => ({
        status,
        worst: null,
        band,
        shape,
        reason,
    });
    let ort;
    let inputs;
    let reference;
    try {
        // The first profile at its min shape: the cheapest run that goes through every node.
        inputs = seededInputs(model.profiles[0], 'min', types, rangesOf(model));
        shape = inputs.map((i) => `${i.name}:${i.dims.join('x')}`).join(',');
        ort = await runtime();
        const bytes = typeof original === 'function' ? await original() : original;
        try {
            reference = await originalOutputs(ort, bytes, inputs, rangesOf(model), { dir, signal });
        }
        finally {
            if (bytes !== original)
                releaseBytes(bytes);
        }
    }
    catch (error) {
        if (signal?.aborted)
            return result('not-checked', 'the run was cancelled');
        // The user's own model: a custom op ONNX Runtime has no kernel for, an input type it is not fed. Not the
        // writer's fault; the build goes on and the report says the written model went unchecked.
        return result('not-checked', `ONNX Runtime cannot run the model itself: ${(0,errors/* errorMessage */.gJ)(error)}`);
    }
    let outputs;
    try {
        const run = (bytes) => runInPieces(ort, bytes, inputs, { dir, ...(signal && { signal }) });
        outputs = await run(Buffer.from(written.buffer, written.byteOffset, written.byteLength)).catch((error) => {
            const widened = narrow === 'bf16' && NO_KERNEL.test((0,errors/* errorMessage */.gJ)(error)) && widenToFloat32(Buffer.from(written));
            if (!widened || signal?.aborted)
                throw error;
            return run(widened);
        });
    }
    catch (error) {
        if (signal?.aborted)
            return result('not-checked', 'the run was cancelled');
        return result('does-not-load', `ONNX Runtime cannot run the written model: ${(0,errors/* errorMessage */.gJ)(error)}`);
    }
    const verdict = judgeWritten(reference.filter((o) => !judged || judged.has(o.name)), outputs, band);
    // An agreement over nothing is no check: said as one not made.
    if (!verdict)
        return result('not-checked', 'the model has no float output to compare (integer outputs are not)');
    return { ...verdict, band, shape, reason: null };
}
/** The check's verdict in words, for a build that is not made. */
function writtenCheckProblem(check) {
    if (check.status === 'does-not-load')
        return check.reason;
    if (check.status !== 'differs')
        return null;
    const { output, error } = check.worst;
    const off = error === null ? 'Inf or NaN' : `${(error * 100).toPrecision(3)}% of its largest value`;
    return (`on ONNX Runtime its output ${output} is off from the model's by ${off} at ${check.shape} ` +
        `(band ${(check.band * 100).toPrecision(2)}%)`);
}

;// CONCATENATED MODULE: ./.build/tsc/builds/precision-onnx.js
// precision: fp16 on TensorRT 11, which has no --fp16: the engine is built from an FP16 ONNX trt-ci writes
// (onnx/mixed-precision.ts), FP16 except the nodes keep-fp32 names. The written ONNX goes to a folder
// of its own under the output folder with the model's external-data files linked beside it (an ONNX names
// them relative to itself); the user's ONNX is what every other stage reads (references, explain, history).












/** The model as trtexec is given it: the written FP16 ONNX, strongly typed, where there is one. */
function modelToBuild(job) {
    return job.precisionOnnx
        ? { ...job.model, onnx: job.precisionOnnx.onnx, precision: 'strongly-typed', keepFp32: [] }
        : job.model;
}
/** The narrow type of the ONNX this model is built from on this TensorRT, where trt-ci writes one; else null. */
function writesPrecisionOnnx(model, version) {
    const flag = precisionFlag(model.precision, version);
    return 'writesOnnx' in flag && flag.writesOnnx ? flag.writesOnnx : null;
}
/** Where a model's written ONNX goes under a folder: `fp16-onnx/` or `bf16-onnx/`, by its precision. */
const precisionOnnxFolder = (model, under) => (0,external_node_path_.join)(under, `${narrowOf(model.precision) ?? 'fp16'}-onnx`);
/** A written ONNX that ONNX Runtime refused or found out of the FP16 band: nothing is built from it. */
class WrittenOnnxRefused extends Error {
}
/**
 * Writes `model`'s FP16 ONNX into `dir` (made afresh), its external data linked beside it, and has ONNX Runtime
 * check it against the model before anything is built from it (written-onnx-check.ts).
 */
async function writePrecisionOnnx(model, dir, runtime = loadOnnxRuntime, 
/** The outputs the check judges (a marked copy's own model's: its marked tensors carry FP16's error by design). */
judged = null, signal) {
    await (0,promises_.rm)(dir, { recursive: true, force: true });
    await (0,promises_.mkdir)(dir, { recursive: true });
    const source = await (0,promises_.readFile)(model.onnx);
    const narrow = narrowOf(model.precision) ?? 'fp16';
    const written = mixedPrecisionOnnx(source, { narrow, keep: new Set(model.keepFp32) });
    // The written model is a copy: the source's memory goes back now, and the check reads the model again for its
    // own run (a 1 GiB model: 2.x GiB at peak instead of 3.2, bench/precision-writer.ts).
    releaseBytes(source);
    // A kept name no node has would leave that node FP16 without a word (config rules catch it where the graph
    // reads at load; this is where it is decided).
    if (written.unmatched.length)
        throw new Error(`keep-fp32 names no node of it: ${written.unmatched.join(', ')} (node_of_<output> for unnamed ones)`);
    const onnx = await writeOnnxCopy(model.onnx, written.model, dir);
    const types = new Map(readOnnxIo(model.onnx).inputs.map((input) => [input.name, input.type]));
    const check = await checkWrittenOnnx(model, () => (0,promises_.readFile)(model.onnx), written.model, types, runtime, {
        narrow,
        judged,
        ...(signal && { signal }),
    });
    const refused = writtenCheckProblem(check);
    if (refused)
        throw new WrittenOnnxRefused(refused);
    const narrowNodes = written.nodes.filter((n) => n.precision === narrow).length;
    return {
        onnx,
        narrow,
        fp16Nodes: narrow === 'fp16' ? narrowNodes : 0,
        bf16Nodes: narrow === 'bf16' ? narrowNodes : 0,
        fp32Nodes: written.nodes.length - narrowNodes,
        kept: model.keepFp32,
        keptWide: written.nodes.filter((n) => n.reason === 'reads a constant past the narrow range').map((n) => n.node),
        casts: written.casts,
        check,
    };
}
/**
 * `bytes` (a rewrite of the ONNX `source`) written into `dir` under the source's name, with the source's
 * external-data files linked beside it: an ONNX names them relative to itself. Returns the written path.
 */
async function writeOnnxCopy(source, bytes, dir) {
    const onnx = (0,external_node_path_.join)(dir, (0,external_node_path_.basename)(source));
    await (0,promises_.writeFile)(onnx, bytes);
    for (const data of await externalDataFiles(source)) {
        const name = (0,external_node_path_.relative)((0,external_node_path_.dirname)(source), data);
        if (name.startsWith('..'))
            throw new Error(`${(0,external_node_path_.basename)(source)} names external data outside its folder`);
        await (0,promises_.mkdir)((0,external_node_path_.dirname)((0,external_node_path_.join)(dir, name)), { recursive: true });
        await (0,promises_.symlink)(data, (0,external_node_path_.join)(dir, name));
    }
    return onnx;
}
/** Why a model's builds are not made: its FP16 ONNX could not be written, or ONNX Runtime refused what was. */
function writeFailure(error, model, dir) {
    const source = (0,external_node_path_.basename)(model.onnx);
    const type = (narrowOf(model.precision) ?? 'fp16').toUpperCase();
    if (error instanceof WrittenOnnxRefused) {
        const why = type === 'FP16'
            ? 'a weight or constant past 65504 (or too small for FP16) turns Inf or 0 in the written model'
            : "BF16's 8 bits do not hold a weight or constant closely enough";
        return {
            kind: 'precision-onnx-inaccurate',
            message: `the ${type} ONNX trt-ci wrote from ${source} was not built: ${error.message}`,
            hint: `${why}: keep the node that holds it in FP32 (keep-fp32:), or give a strongly typed ONNX with ` +
                `precision: strongly-typed; the written model: ${dir}`,
        };
    }
    return {
        kind: 'other',
        message: `trt-ci could not write the ${type} ONNX of ${source}: ${(0,errors/* errorMessage */.gJ)(error)}`,
        hint: `TensorRT 11 has no --${type.toLowerCase()}: precision: ${type.toLowerCase()} builds ${withArticle(type)} ` +
            'ONNX trt-ci writes from yours (docs/accuracy.md); or give a strongly typed ONNX with precision: strongly-typed',
    };
}
/**
 * Each job with the FP16 ONNX its model is built from (written once per model), or the failure that stops
 * it: an ONNX the writer cannot read fails its builds with the reason, never builds FP32 in its place.
 */
async function withPrecisionOnnx(jobs, version, outputDir, runtime = loadOnnxRuntime, 
/** The run's cancel: the check of a written model stops at once (a cancelled run builds nothing). */
signal) {
    const byModel = new Map();
    const failures = new Map();
    const out = [];
    for (const job of jobs) {
        if (!writesPrecisionOnnx(job.model, version)) {
            out.push(job);
            continue;
        }
        const name = job.model.name;
        if (!byModel.has(name))
            byModel.set(name, writePrecisionOnnx(job.model, (0,external_node_path_.join)(precisionOnnxFolder(job.model, outputDir), name), runtime, null, signal).catch((error) => writeFailure(error, job.model, (0,external_node_path_.join)(precisionOnnxFolder(job.model, outputDir), name))));
        const written = await byModel.get(name);
        if ('kind' in written) {
            failures.set(name, written);
            out.push(job);
        }
        else
            out.push({ ...job, precisionOnnx: written });
    }
    return { jobs: out, failures };
}

;// CONCATENATED MODULE: ./.build/tsc/onnx/marked.js
// A copy of an ONNX model whose chosen intermediate tensors are also graph outputs ("marked"), as Polygraphy's
// `--onnx-outputs` does it: an engine built from it exports each of them, so its values can be set beside ONNX
// Runtime's tensor by tensor (accuracy/first-divergence.ts). Each marked tensor is declared a float tensor of
// unknown shape (ValueInfoProto name 1, type 2 → tensor_type 1 → elem_type 1 = FLOAT); the rest of the model
// is copied byte for byte. Marking changes what TensorRT may fuse (a marked tensor must be materialised):
// the caller says so. Pure: bytes in, bytes out.


const floatOutput = (name) => lenField(12, Buffer.concat([stringField(1, name), lenField(2, lenField(1, varintField(1, FLOAT)))]));
/** The model with `tensors` (main-graph tensors of float type) added to its outputs; existing ones stay once. */
function markOutputs(model, tensors) {
    return Buffer.concat(fieldsOf(model).map((f) => {
        if (f.number !== 7 || f.wire !== 2)
            return model.subarray(f.start, f.end);
        const graph = payload(model, f);
        const outputs = new Set(fieldsOf(graph)
            .filter((x) => x.number === 12)
            .map((x) => valueInfo(payload(graph, x)).name));
        const added = [...new Set(tensors)].filter((name) => !outputs.has(name)).map(floatOutput);
        return lenField(7, Buffer.concat([graph, ...added]));
    }));
}

;// CONCATENATED MODULE: ./.build/tsc/accuracy/divergence.js
// The first-divergence pass, for an engine that failed its accuracy gate: a copy of its ONNX with the
// intermediate tensors marked as outputs (onnx/marked.ts), built once with the engine's own flags
// (FP16 written from the marked copy on TensorRT 11, --fp16 and keep-fp32's --layerPrecisions on 10), run on
// the check's inputs at the shape that failed, each marked tensor against ONNX Runtime's on the same marked
// model (never the cache: a marked reference serves no other run). first-divergence.ts names the node. What
// goes wrong is said in the record, never the run: the pass only explains a failure the check already made.











/**
 * The engine's own flags for the marked copy: on 11.x its FP16 or BF16 ONNX is written again, from the marked
 * copy, and ONNX Runtime's check judges the outputs of the model itself (a marked tensor carries FP16's error:
 * that is what the pass measures).
 */
async function markedPrecisionOnnx(marked, original, dir, version) {
    if (!writesPrecisionOnnx(marked, version))
        return undefined;
    const outputs = new Set(readOnnxIo(original).outputs.map((o) => o.name));
    return writePrecisionOnnx(marked, precisionOnnxFolder(marked, dir), undefined, outputs);
}
/** Where `checked` (a failed check of `outcome`) first leaves its tolerance, or why that cannot be said. */
async function findFirstDivergence(outcome, checked, context, checkMarked) {
    const { job, plan } = outcome;
    const check = job.model.accuracy;
    // The marked engine is judged without top-k (it means nothing for a hidden tensor): a failure by top-k
    // alone would pass there and read as a fusion that marking broke, so it is said instead of searched.
    const beyondTopK = (o) => o.nan + o.inf > 0 ||
        o.outOfTolerance > 0 ||
        (check.cosine !== null && o.cosine !== null && o.cosine < check.cosine);
    const failing = checked.outputs.find((o) => o.failure !== null && beyondTopK(o));
    const shape = failing?.shape ?? checked.outputs.find((o) => o.failure)?.shape ?? 'opt';
    const dir = (0,external_node_path_.join)(context.config.outputDir, 'divergence', `${job.model.name}.${job.profile.name}`);
    const said = { log: null, onnx: null };
    const fail = (problem) => ({
        status: 'error',
        shape,
        marked: 0,
        node: null,
        op: null,
        computes: null,
        tensor: null,
        error: null,
        failure: null,
        downstream: null,
        outputsFailing: [],
        span: [],
        problem,
        ...said,
        configPosition: null,
    });
    if (!failing)
        return fail('the engine failed by top-k alone, which a hidden tensor cannot be judged by: no node is named ' +
            '(`trt-ci precision` searches with the plain engine and its whole gate)');
    try {
        await (0,promises_.rm)(dir, { recursive: true, force: true });
        await (0,promises_.mkdir)((0,external_node_path_.join)(dir, 'marked'), { recursive: true });
        const source = await (0,promises_.readFile)(job.model.onnx);
        const nodes = mainGraphNodes(mixedPrecisionOnnx(source, {
            narrow: narrowOf(job.model.precision) ?? 'fp16',
            keep: new Set(job.model.keepFp32),
        }).nodes);
        const layers = plan?.layerInfo ? ((await readEngineLayers(plan.layerInfo))?.layers ?? null) : null;
        const marked = tensorsToMark(nodes, layers);
        if (marked.length === 0)
            return fail('the graph has no float tensor to mark');
        said.onnx = await writeOnnxCopy(job.model.onnx, markOutputs(source, marked), (0,external_node_path_.join)(dir, 'marked'));
        const markedModel = { ...job.model, onnx: said.onnx };
        const precisionOnnx = await markedPrecisionOnnx(markedModel, job.model.onnx, dir, context.version);
        const workspaceBytes = outcome.attempts.at(-1)?.workspaceBytes ?? job.model.workspaceBytes;
        const markedJob = sideJob(job, dir, 'marked', { model: markedModel, precisionOnnx, workspaceBytes });
        const build = await context.buildPlan(markedJob, outcome.gpu?.index ?? null);
        said.log = build.attempts.at(-1)?.log ?? null;
        if (!build.plan)
            return fail(`the engine with marked outputs did not build: ${build.failure?.message ?? 'no plan'}`);
        // One shape, every marked tensor against ONNX Runtime's on the marked model; top-k means nothing for an
        // intermediate tensor, so tensors are judged by atol, rtol and cosine.
        // At the one shape that failed: two interior points share a name, and only one may have failed.
        const markedCheck = {
            ...check,
            shapes: [shape],
            reference: null,
            topK: null,
            ...(failing.at && { onlyAt: failing.at }),
        };
        const markedOutcome = { ...outcome, job: markedJob };
        const run = await checkMarked(markedOutcome, build.plan.path, markedCheck, context, {
            folder: (0,external_node_path_.join)(dir, 'check'),
            cachedReference: false,
        });
        if (run.status === 'error')
            return fail(`the engine with marked outputs could not be checked: ${run.problem}`);
        // The model's own outputs are the ones its plain check judged.
        const modelOutputs = checked.outputs.map((o) => o.name);
        return {
            ...firstDivergence(nodes, run.outputs, modelOutputs, shape),
            problem: null,
            ...said,
            configPosition: null,
        };
    }
    catch (error) {
        return fail((0,errors/* errorMessage */.gJ)(error));
    }
}

;// CONCATENATED MODULE: ./.build/tsc/accuracy/shape-sweep.js
// The shapes inside a profile's range that an accuracy check runs at besides its corners: seeded, so every
// runner and every run picks the same ones, and on no profile point. An engine can be right at min, opt and max
// and wrong at one valid shape between them (NVIDIA/TensorRT#4846: [4,1,19,31]).

/** How many interior shapes the sweep adds to a profile's corners. */
const INTERIOR_POINTS = 2;
/**
 * The profile's interior shapes, each as a profile whose opt is that shape (so every reader of a profile's
 * shape takes it). A dimension's value is shared by every dimension with the same min, opt and max (a batch,
 * a sequence length that several inputs carry); each is drawn from the values strictly between min and max
 * that are no profile point, the first odd where one is; a dimension with no such value stays at opt. None
 * when no dimension has room.
 */
function interiorPoints(profile) {
    const shapes = runProfile(profile).shapes;
    const picks = new Map();
    for (const s of shapes)
        s.min.forEach((min, i) => {
            const key = `${min},${s.opt[i]},${s.max[i]}`;
            if (!picks.has(key))
                picks.set(key, pickInterior(min, s.opt[i], s.max[i]));
        });
    if ([...picks.values()].every((p) => p.length === 0))
        return [];
    return Array.from({ length: INTERIOR_POINTS }, (_, point) => ({
        name: profile.name,
        shapes: shapes.map((s) => ({
            ...s,
            opt: s.opt.map((opt, i) => {
                const values = picks.get(`${s.min[i]},${opt},${s.max[i]}`);
                return values.length ? values[point % values.length] : opt;
            }),
        })),
    }));
}
/** Up to INTERIOR_POINTS values in (min, max) other than opt, drawn by a generator seeded by the range. */
function pickInterior(min, opt, max) {
    const candidates = [];
    // A range of millions is sampled, not listed: 4096 evenly spaced candidates keep the draw cheap.
    const step = Math.max(1, Math.floor((max - min) / 4096));
    for (let v = min + 1; v < max; v += step)
        if (v !== opt)
            candidates.push(v);
    if (candidates.length === 0)
        return [];
    let state = (Math.imul(min, 73856093) ^ Math.imul(opt, 19349663) ^ Math.imul(max, 83492791) ^ 0x5eed) >>> 0 || 1;
    const next = () => {
        state ^= state << 13;
        state >>>= 0;
        state ^= state >>> 17;
        state ^= state << 5;
        state >>>= 0;
        return state / 0x100000000;
    };
    const odd = candidates.filter((v) => v % 2 === 1);
    const first = odd.length
        ? odd[Math.floor(next() * odd.length)]
        : candidates[Math.floor(next() * candidates.length)];
    const rest = candidates.filter((v) => v !== first);
    return rest.length ? [first, rest[Math.floor(next() * rest.length)]] : [first];
}
/** A profile's shape as trtexec's --shapes writes it: x:4x1x19x31,mask:4x19. */
function shapeText(profile, pick) {
    return runProfile(profile)
        .shapes.map((s) => `${s.input}:${s[pick].join('x')}`)
        .join(',');
}

;// CONCATENATED MODULE: ./.build/tsc/accuracy/stage.js
// The accuracy stage: each built engine whose model asks (accuracy:) is run once on seeded inputs and
// its outputs are judged against ONNX Runtime's on the same inputs. "Built but wrong" fails the run.


















/** Each checked engine's result, by its job; engines that were not checked are absent. */
async function checkAccuracy(outcomes, context, runtime = loadOnnxRuntime) {
    const results = new Map();
    const readers = accuracyReaders(context, runtime);
    for (const outcome of outcomes) {
        const { job, plan } = outcome;
        const built = plan && (outcome.status === 'built' || outcome.status === 'cached');
        // accuracy: false is said in the report, never a silent gap beside the engines that were checked.
        if (built && job.model.accuracyOff) {
            results.set(jobKey(job), {
                status: 'not-checked',
                outputs: [],
                problem: null,
                configPosition: null,
                divergence: null,
            });
            continue;
        }
        if (!job.model.accuracy || !plan || !built)
            continue;
        if (context.signal?.aborted)
            break;
        const checked = await checkEngine(outcome, plan.path, job.model.accuracy, context, null, readers);
        // A failure says where its error starts: one more build, of the ONNX with its tensors marked.
        const divergence = checked.status === 'failed' && job.model.accuracy.firstDivergence && !context.signal?.aborted
            ? await findFirstDivergence(outcome, checked, context, (...args) => checkEngine(...args, readers))
            : null;
        results.set(jobKey(job), { ...checked, divergence });
    }
    return results;
}
function accuracyReaders(context, runtime) {
    // ONNX Runtime is loaded, and each model read, the first time a reference is not in the cache; each reference
    // runs the model in pieces (onnx/pieces.ts: linear in its nodes, stopped at once by a cancel, its
    // external data read a piece at a time).
    let ort = null;
    const loaded = () => {
        ort ??= runtime();
        return ort;
    };
    // A strongly typed FP16/BF16 model is run widened to FP32: the reference is FP32 for every model.
    const modelOf = once((onnx) => (0,promises_.readFile)(onnx).then((model) => widenToFloat32(model) ?? model));
    const npz = once(readNpz);
    const typesOf = once((onnx) => {
        let io = { inputs: [], outputs: [] };
        try {
            io = readOnnxIo(onnx);
        }
        catch {
            // trtexec's parser says what is wrong with a model that is not ONNX.
        }
        const byName = (list) => new Map(list.map((v) => [v.name, v.type]));
        return { inputs: byName(io.inputs), outputs: byName(io.outputs) };
    });
    const reference = async (check, onnx, inputs, cached = true) => {
        if (check.reference)
            return givenReference(check.reference, npz);
        const compute = async () => runInPieces(await loaded(), await modelOf(onnx), inputs, {
            dir: (0,external_node_path_.dirname)(onnx),
            ...(context.signal && { signal: context.signal }),
        });
        if (!cached)
            return compute();
        const digest = await context.digests.of(onnx);
        const { cacheDir } = context.config;
        const registry = context.registry ?? null;
        return (await cachedReferenceOutputs(cacheDir, digest, inputs, compute, context.cacheTrust, registry)).outputs;
    };
    return { typesOf, npz, reference };
}
/** A function of one argument whose result is kept per argument. */
function once(compute) {
    const kept = new Map();
    return (key) => {
        if (!kept.has(key))
            kept.set(key, compute(key));
        return kept.get(key);
    };
}
/**
 * One engine at each of its check's shapes; a check that could not run is an error (said with why). The
 * engine's outputs are those of `outcome.job.model`'s ONNX (a marked copy, for the first-divergence pass).
 */
async function checkEngine(outcome, plan, check, context, place, readers) {
    const { job } = outcome;
    const outputs = [];
    const folder = place?.folder ?? (0,external_node_path_.join)(context.config.outputDir, 'accuracy');
    for (const point of pointsOf(job.profile, check.shapes).filter((p) => !check.onlyAt || p.at === check.onlyAt)) {
        const { profile, pick, shape, at } = point;
        const dir = (0,external_node_path_.join)(folder, `${job.model.name}.${job.profile.name}.${point.name}`);
        // A dump left by an earlier run must never stand in for this run's outputs.
        await (0,promises_.rm)(dir, { recursive: true, force: true });
        await (0,promises_.mkdir)(dir, { recursive: true });
        const types = readers.typesOf(job.model.onnx);
        let inputs;
        let expected;
        try {
            inputs =
                check.inputs === 'auto' || 'ranges' in check.inputs
                    ? seededInputs(profile, pick, types.inputs, check.inputs === 'auto' ? {} : check.inputs.ranges)
                    : sampleInputs(check.inputs, profile, pick, readers.npz, types.inputs);
        }
        catch (error) {
            return checkError(outputs, (0,errors/* errorMessage */.gJ)(error));
        }
        try {
            expected = await readers.reference(check, job.model.onnx, inputs, place?.cachedReference ?? true);
        }
        catch (error) {
            const why = (0,errors/* errorMessage */.gJ)(error);
            return checkError(outputs, check.reference ? why : `ONNX Runtime could not compute the reference: ${why}`);
        }
        // Integers and booleans (token ids, indices, masks) are right or wrong: compared exactly.
        const exact = expected.map((o) => isIntegral(o.type));
        const atols = expected.map((o, i) => (exact[i] ? 0 : absoluteTolerance(check.atol, o.values)));
        const where = {
            gpu: outcome.gpu?.index ?? null,
            timeoutMs: job.model.buildTimeoutMs,
            ...(context.signal && { signal: context.signal }),
        };
        const request = { inputs, expected, tolerance: { atols, rtol: check.rtol }, dir, outputTypes: types.outputs };
        const engine = await context.runner.infer(engineOf(plan, job.model, profile, pick), where, request);
        if ('problem' in engine)
            return checkError(outputs, engine.problem);
        for (const [i, want] of expected.entries()) {
            const tolerance = exact[i]
                ? { atol: 0, rtol: 0, cosine: null, topK: null }
                : { atol: atols[i], rtol: check.rtol, cosine: check.cosine, topK: check.topK };
            const judged = judgedOutput({ shape, at }, want, engine, tolerance);
            if (typeof judged === 'string')
                return checkError(outputs, judged);
            outputs.push(judged);
        }
    }
    const status = outputs.some((o) => o.failure !== null) ? 'failed' : 'passed';
    return { status, outputs, problem: null, configPosition: null, divergence: null };
}
/** The shapes of the check, in its order; a shape that is another's (a static profile's corners) runs once. */
function pointsOf(profile, shapes) {
    const own = runProfile(profile);
    const points = shapes.flatMap((shape) => shape === 'interior'
        ? interiorPoints(own).map((p, i) => ({
            profile: p,
            pick: 'opt',
            shape,
            at: shapeText(p, 'opt'),
            name: `interior-${i + 1}`,
        }))
        : [{ profile: own, pick: shape, shape, at: shapeText(own, shape), name: shape }]);
    return points.filter((p, i) => points.findIndex((q) => q.at === p.at) === i);
}
const checkError = (outputs, problem) => ({
    status: 'error',
    outputs,
    problem,
    configPosition: null,
    divergence: null,
});
/** One output of the engine against the reference's, or why the two cannot be compared. */
function judgedOutput({ shape, at }, want, engine, tolerance) {
    const got = engine.outputs.get(want.name);
    if (!got)
        return `the engine has no output ${want.name}`;
    if (got.length !== want.values.length) {
        return `the engine's output ${want.name} has ${got.length} values, the reference ${want.values.length}`;
    }
    let error = compareOutput(got, want.values, want.dims, tolerance);
    const judged = engine.trtexecLosses?.get(want.name);
    if (judged) {
        // trtexec's share is over the exact values; printed with 6 decimals, a failing share can read 0.
        const share = judged.failed ? Math.max(judged.loss, 1 / Math.max(got.length, 1)) : judged.loss;
        error = { ...error, outOfTolerance: share };
    }
    return {
        shape,
        at,
        name: want.name,
        maxAbsError: error.maxAbsError,
        maxRelError: error.maxRelError,
        outOfTolerance: error.outOfTolerance,
        cosine: error.cosine,
        nan: error.nan,
        inf: error.inf,
        atol: tolerance.atol,
        rtol: tolerance.rtol,
        judgedBy: judged ? 'trtexec' : 'trt-ci',
        failure: judgeOutput(error, tolerance, judged ? 'allclose' : 'polygraphy'),
        topK: error.topK,
    };
}
/** Reference outputs the user gave: a .npz with one array per output, named as the output. */
function givenReference(file, read) {
    const arrays = read(file);
    if (arrays.size === 0)
        throw new Error(`${file}: no arrays; expected one per output, named as the output`);
    return [...arrays].map(([name, array]) => ({
        name,
        dims: array.dims,
        // A float16 array is a float reference like any other: compared as the float32 it widens to.
        type: array.type === 'float16' ? 'float32' : array.type,
        values: array.values,
    }));
}

;// CONCATENATED MODULE: ./.build/tsc/accuracy/consistency.js




/** The largest batch the checks run: enough rows to couple, few enough to stay one cheap inference. */
const LARGEST_BATCH = 4;
/** Whether any input of the profile has a dimension whose min and max differ. */
function hasRange(profile) {
    return runProfile(profile).shapes.some((s) => s.min.some((d, i) => d !== s.max[i]));
}
/**
 * The batch dimension (the leading one when it is dynamic and every input shares its range, or the one the model
 * names) and the batch to run, or why there is none.
 */
function batchPlan(profile, named) {
    const shapes = runProfile(profile).shapes;
    const dim = named ?? 0;
    const short = shapes.find((s) => s.min.length <= dim);
    if (short)
        return { skip: `input ${short.input} has no dimension ${dim}` };
    const ranges = shapes.map((s) => `${s.min[dim]}..${s.max[dim]}`);
    if (new Set(ranges).size > 1) {
        const each = shapes.map((s, i) => `${s.input}: ${ranges[i]}`).join(', ');
        return {
            skip: `the inputs' dimension ${dim} ranges differ (${each}): no batch they share; name it with ` +
                'consistency: { batch-dim: N }',
        };
    }
    const [min, max] = [shapes[0].min[dim], shapes[0].max[dim]];
    if (named === null && min === max) {
        return {
            skip: `the leading dimension is static (${min}): no batch to vary; name one with consistency: { batch-dim }`,
        };
    }
    if (max < 2)
        return { skip: `the batch dimension ${dim} is at most ${max}: no rows to compare` };
    const size = Math.min(max, Math.max(min, 2, Math.min(LARGEST_BATCH, max)));
    return { dim, size, alone: min <= 1 };
}
const SAMPLE_SEED = 0xc0115157;
const BATCH_SEED = 0xba7c4ed;
function consistencyInputs(profile, plan, types, ranges = {}) {
    const at = (size) => ({
        name: profile.name,
        shapes: runProfile(profile).shapes.map((s) => ({ ...s, opt: s.opt.map((d, i) => (i === plan.dim ? size : d)) })),
    });
    const one = seededInputs(at(1), 'opt', types, ranges, SAMPLE_SEED);
    const mixed = seededInputs(at(plan.size), 'opt', types, ranges, BATCH_SEED);
    // The last row: where a batch's coupling or a row-dependent error shows most.
    const row = plan.size - 1;
    return {
        identical: one.map((t) => tile(t, plan.dim, plan.size)),
        mixed,
        alone: plan.alone ? mixed.map((t) => rowOf(t, plan.dim, row)) : null,
        row,
    };
}
/** A batch-of-1 tensor repeated `size` times along `dim`. */
function tile(tensor, dim, size) {
    const inner = tensor.dims.slice(dim + 1).reduce((a, b) => a * b, 1);
    const outer = tensor.dims.slice(0, dim).reduce((a, b) => a * b, 1);
    const values = new tensor.values.constructor(outer * size * inner);
    for (let o = 0; o < outer; o += 1)
        for (let r = 0; r < size; r += 1)
            values.set(tensor.values.subarray(o * inner, (o + 1) * inner), (o * size + r) * inner);
    return { ...tensor, dims: tensor.dims.map((d, i) => (i === dim ? size : d)), values };
}
/** Row `row` of a tensor along `dim`, as a batch of 1. */
function rowOf(tensor, dim, row) {
    const size = tensor.dims[dim];
    const inner = tensor.dims.slice(dim + 1).reduce((a, b) => a * b, 1);
    const outer = tensor.dims.slice(0, dim).reduce((a, b) => a * b, 1);
    const values = new tensor.values.constructor(outer * inner);
    for (let o = 0; o < outer; o += 1)
        values.set(tensor.values.subarray((o * size + row) * inner, (o * size + row + 1) * inner), o * inner);
    return { ...tensor, dims: tensor.dims.map((d, i) => (i === dim ? 1 : d)), values };
}
function difference(output, got, want, t) {
    const tolerance = { atol: absoluteTolerance(t.atol, want), rtol: t.rtol, cosine: null, topK: null };
    const error = compareOutput(got, want, [want.length], tolerance);
    let bitwiseEqual = true;
    for (let i = 0; i < want.length && bitwiseEqual; i += 1)
        bitwiseEqual = Object.is(got[i], want[i]);
    // A NaN where the other has NaN too agrees; maxAbsError is over finite pairs.
    return { output, maxAbsDiff: error.maxAbsError ?? 0, outOfTolerance: error.outOfTolerance, bitwiseEqual };
}
/** The `size` rows of an output along its leading dimension, or null when it has no such batch. */
function rowsOf(values, size) {
    if (values.length % size !== 0)
        return null;
    const length = values.length / size;
    return Array.from({ length: size }, (_, r) => Array.prototype.slice.call(values, r * length, (r + 1) * length));
}
const percent = (share) => `${Math.round(share * 1000) / 10}%`;
const figure = (value) => Number(value.toPrecision(3)).toString();
function checkOf(id, worst, passed, failed) {
    const wrong = worst !== null && worst.outOfTolerance > 0;
    return {
        id,
        status: wrong ? 'failed' : 'passed',
        message: wrong ? failed : passed,
        output: worst?.output ?? null,
        maxAbsDiff: worst?.maxAbsDiff ?? null,
        outOfTolerance: worst?.outOfTolerance ?? null,
        bitwiseEqual: worst?.bitwiseEqual ?? true,
    };
}
/** The difference that matters most of several: out of tolerance first, then the largest. */
function consistency_worstOf(differences) {
    return [...differences].sort((a, b) => b.outOfTolerance - a.outOfTolerance || b.maxAbsDiff - a.maxAbsDiff)[0] ?? null;
}
/** Every row of a batch of identical rows against its first. */
function judgeIdenticalRows(outputs, size, t) {
    const found = [];
    for (const [name, values] of outputs) {
        const rows = rowsOf(values, size);
        if (!rows)
            continue;
        for (let r = 1; r < size; r += 1)
            found.push({ ...difference(name, rows[r], rows[0], t), row: r });
    }
    const worst = consistency_worstOf(found);
    const all = found.every((d) => d.bitwiseEqual);
    return checkOf('identical-rows', worst && { ...worst, bitwiseEqual: all }, `a batch of ${size} identical rows gave identical rows` +
        (all ? ' (bitwise equal)' : ` within tolerance (max abs ${figure(worst?.maxAbsDiff ?? 0)})`), worst
        ? `rows 0 and ${worst.row} of a batch of ${size} identical rows differ at ${worst.output} (max abs ` +
            `${figure(worst.maxAbsDiff)}, ${percent(worst.outOfTolerance)} out of tolerance)`
        : '');
}
/** One sample's row in a batch of different samples against the same sample run alone. */
function judgeAloneVsBatch(batch, alone, size, row, t) {
    const found = [];
    for (const [name, values] of batch) {
        const rows = rowsOf(values, size);
        const own = alone.get(name);
        if (!rows || !own || own.length !== rows[row].length)
            continue;
        found.push(difference(name, rows[row], own, t));
    }
    const worst = consistency_worstOf(found);
    return checkOf('alone-vs-batch', worst && { ...worst, bitwiseEqual: found.every((d) => d.bitwiseEqual) }, `sample ${row} alone and in a batch of ${size} gave the same outputs (max abs ${figure(worst?.maxAbsDiff ?? 0)})`, worst
        ? `sample ${row} alone vs in a batch of ${size}: ${percent(worst.outOfTolerance)} of ${worst.output} out of ` +
            `tolerance (max abs ${figure(worst.maxAbsDiff)})`
        : '');
}
/** The same batch run twice: the same bits, or by how much they differ. */
function judgeTwice(first, second, size, t) {
    const found = [];
    for (const [name, values] of first) {
        const again = second.get(name);
        if (again && again.length === values.length)
            found.push(difference(name, again, values, t));
    }
    const worst = consistency_worstOf(found);
    const same = found.every((d) => d.bitwiseEqual);
    return checkOf('same-run-twice', worst && { ...worst, bitwiseEqual: same }, same
        ? 'the same inputs twice gave the same bits'
        : `the same inputs twice differ by at most ${figure(worst?.maxAbsDiff ?? 0)} at ${worst?.output} ` +
            '(within tolerance)', worst
        ? `the same batch of ${size} run twice differs at ${worst.output} (max abs ${figure(worst.maxAbsDiff)}, ` +
            `${percent(worst.outOfTolerance)} out of tolerance)`
        : '');
}

;// CONCATENATED MODULE: ./.build/tsc/accuracy/consistency-stage.js
// The consistency stage: each built engine whose profile has a range is run four times (a batch of identical
// rows, a batch of different rows, one of those rows alone, the batch again) and judged by consistency.ts. It
// needs no ONNX Runtime, so plans a build command wrote are checked too; the model's ONNX names its I/O.







/** Each checked engine's consistency, by its job; engines whose profile has no range are absent. */
async function checkConsistency(outcomes, context) {
    const results = new Map();
    for (const outcome of outcomes) {
        const { job, plan } = outcome;
        if (!plan || (outcome.status !== 'built' && outcome.status !== 'cached') || !hasRange(job.profile))
            continue;
        if (context.signal?.aborted)
            break;
        const { off, batchDim } = job.model.consistency;
        if (off !== null) {
            results.set(jobKey(job), { status: 'off', batch: null, checks: [], reason: off });
            continue;
        }
        const batch = batchPlan(job.profile, batchDim);
        if ('skip' in batch) {
            results.set(jobKey(job), { status: 'skipped', batch: null, checks: [], reason: batch.skip });
            continue;
        }
        const checked = await consistency_stage_checkEngine(outcome, plan.path, batch, context).catch((error) => ({ status: 'error', batch: null, checks: [], reason: (0,errors/* errorMessage */.gJ)(error) }));
        results.set(jobKey(job), checked);
    }
    return results;
}
async function consistency_stage_checkEngine(outcome, plan, batch, context) {
    const { job } = outcome;
    let io;
    try {
        io = readOnnxIo(job.model.onnx);
    }
    catch (error) {
        // Without the model's inputs and outputs there is nothing to name the runs' tensors by: said, not guessed.
        const reason = `the model's inputs and outputs could not be read (${(0,errors/* errorMessage */.gJ)(error)})`;
        return { status: 'skipped', batch: null, checks: [], reason };
    }
    const types = new Map(io.inputs.map((v) => [v.name, v.type]));
    // The seeded values stay in the ranges the accuracy check gives its inputs (token ids in a vocabulary).
    const given = job.model.accuracy?.inputs;
    const ranges = given && typeof given === 'object' && 'ranges' in given ? given.ranges : {};
    const inputs = consistencyInputs(job.profile, batch, types, ranges);
    const run = runner(outcome, plan, io.outputs, context);
    const identical = await run('identical', inputs.identical);
    const mixed = await run('mixed', inputs.mixed);
    const again = await run('mixed-again', inputs.mixed);
    const alone = inputs.alone ? await run('alone', inputs.alone) : null;
    const tolerances = toleranceOf(job.model);
    const checks = [
        judgeIdenticalRows(identical, batch.size, tolerances),
        alone
            ? judgeAloneVsBatch(mixed, alone, batch.size, inputs.row, tolerances)
            : skipped('alone-vs-batch', `the profile's batch starts above 1: a sample cannot run alone`),
        judgeTwice(mixed, again, batch.size, tolerances),
    ];
    const status = checks.some((c) => c.status === 'failed') ? 'failed' : 'passed';
    return { status, batch: { dim: batch.dim, size: batch.size }, checks, reason: null };
}
const skipped = (id, message) => ({
    id,
    status: 'skipped',
    message,
    output: null,
    maxAbsDiff: null,
    outOfTolerance: null,
    bitwiseEqual: null,
});
/** The model's accuracy tolerances (its check's, else its precision's defaults, resolved with the config). */
const toleranceOf = (model) => model.accuracy ?? model.consistency.tolerance;
/** One run of the engine on `inputs` in a folder of its own; its outputs, or the error that says why not. */
function runner(outcome, plan, outputs, context) {
    const { job } = outcome;
    const folder = (0,external_node_path_.join)(context.config.outputDir, 'consistency', `${job.model.name}.${job.profile.name}`);
    const where = {
        gpu: outcome.gpu?.index ?? null,
        timeoutMs: job.model.buildTimeoutMs,
        ...(context.signal && { signal: context.signal }),
    };
    return async (name, inputs) => {
        const dir = (0,external_node_path_.join)(folder, name);
        // Outputs left by an earlier run must never stand in for this run's.
        await (0,promises_.rm)(dir, { recursive: true, force: true });
        await (0,promises_.mkdir)(dir, { recursive: true });
        const engine = {
            plan,
            shapes: inputs.map((t) => ({ input: t.name, dims: t.dims })),
            plugins: job.model.plugins,
            dynamicPlugins: job.model.dynamicPlugins,
        };
        // No reference: the outputs are read back and compared with each other, not with ONNX Runtime's.
        const ran = await context.runner.infer(engine, where, readingRequest(inputs, outputs, dir));
        if ('problem' in ran)
            throw new Error(`the ${name} run: ${ran.problem}`);
        return ran.outputs;
    };
}

// EXTERNAL MODULE: external "node:worker_threads"
var external_node_worker_threads_ = __webpack_require__(75919);
;// CONCATENATED MODULE: ./.build/tsc/tensorrt/compat.js
// Driver, CUDA, GPU and TensorRT compatibility facts, from docs/compatibility.md (each names its
// NVIDIA source there). Pure data and the comparisons over it.

/** "580.159.04" → [580, 159, 4]; null when it is not a driver version. */
function parseDriver(text) {
    if (!/^\d+(\.\d+){0,2}$/.test(text.trim()))
        return null;
    return text.trim().split('.').map(Number);
}
function compareDriver(a, b) {
    const x = parseDriver(a) ?? [];
    const y = parseDriver(b) ?? [];
    for (let i = 0; i < Math.max(x.length, y.length); i += 1) {
        const d = (x[i] ?? 0) - (y[i] ?? 0);
        if (d !== 0)
            return d;
    }
    return 0;
}
/**
 * Minor-version compatibility floor per CUDA major on Linux: below it nothing built with that CUDA
 * runs (CUDA Compatibility guide, Table 1, and the 12.0/13.0 GA toolkit drivers).
 */
const DRIVER_FLOOR = { 11: '450.80.02', 12: '525.60.13', 13: '580.65.06' };
/** The Linux driver each toolkit GA shipped with (CUDA release notes, Table 3). */
const TOOLKIT_DRIVER = {
    '13.2': '595.45.04',
    '13.1': '590.44.01',
    '13.0': '580.65.06',
    '12.9': '575.51.03',
    '12.8': '570.26',
    '12.6': '560.28.03',
    '12.5': '555.42.02',
    '12.4': '550.54.14',
    '12.3': '545.23.06',
    '12.2': '535.54.03',
    '12.1': '530.30.02',
    '12.0': '525.60.13',
    '11.8': '520.61.05',
    '11.7': '515.43.04',
    '11.6': '510.39.01',
    '11.5': '495.29.05',
    '11.4': '470.42.01',
    '11.3': '465.19.01',
    '11.2': '460.27.03',
    '11.1': '455.23',
    '11.0': '450.51.05',
};
/** Compute capability "9.0" → 90; null when unknown. */
function smNumber(cc) {
    const match = cc ? /^(\d+)\.(\d+)$/.exec(cc) : null;
    return match ? Number(match[1]) * 10 + Number(match[2]) : null;
}
/**
 * Newer GPUs and the first TensorRT known to support them; `unsupportedThrough` is the newest release
 * known to reject them. Between the two nothing is known, and trt-ci says so instead of guessing.
 */
const NEWER_GPUS = [
    { sm: 86, supportedFrom: '8.4', unsupportedThrough: '7.2', source: 'NVIDIA/TensorRT#2332, #1428' },
    { sm: 89, supportedFrom: '8.5', unsupportedThrough: '8.4', source: 'NVIDIA/TensorRT#2727' },
    { sm: 90, supportedFrom: '10.1', source: 'TensorRT 10.1 support matrix' },
    { sm: 100, supportedFrom: '10.9', source: 'TensorRT OSS 10.9 CUDA architectures' },
    { sm: 103, supportedFrom: '11.5', source: 'TensorRT 11.5.0 release notes' },
    { sm: 107, supportedFrom: '11.3', source: 'TensorRT 11.3.0 release notes' },
    { sm: 110, supportedFrom: '10.13', source: 'TensorRT OSS 10.13 CUDA architectures' },
    {
        sm: 120,
        supportedFrom: '10.9',
        unsupportedThrough: '10.7',
        source: 'TensorRT 10.7 rejects SM 120; OSS 10.9 builds it',
    },
    { sm: 121, supportedFrom: '11.1', source: 'TensorRT 11.1.0 release notes' },
];
/** Whether a TensorRT release can build for a GPU of this compute capability. */
function archSupport(version, cc) {
    if (version.product === 'TensorRT-RTX')
        return rtxArchSupport(version, cc);
    const v = formatVersion(version);
    const sm = smNumber(cc);
    if (sm === null)
        return {
            status: 'warn',
            message: `compute capability unknown; cannot tell whether TensorRT ${v} supports this GPU`,
        };
    if (atLeast(version, '10.5') && sm < 75)
        return {
            status: 'fail',
            message: `TensorRT ${v} needs compute capability >= 7.5 (Volta was removed in 10.5), this GPU is ${cc}`,
        };
    if (atLeast(version, '10.0') && sm < 70)
        return { status: 'fail', message: `TensorRT ${v} needs compute capability >= 7.0, this GPU is ${cc}` };
    if (atLeast(version, '8.6') && sm < 60)
        return {
            status: 'fail',
            message: `TensorRT ${v} dropped Kepler and Maxwell (8.5.3 was the last), this GPU is ${cc}`,
        };
    if (atLeast(version, '10.0') && sm === 70)
        return { status: 'warn', message: `Volta (7.0) is deprecated in TensorRT ${v} and removed in 10.5` };
    if (atLeast(version, '8.6') && sm < 70)
        return { status: 'warn', message: `Pascal (${cc}) is deprecated in TensorRT ${v}` };
    if (version.major >= 11 && sm === 75)
        return {
            status: 'warn',
            message: `Turing (7.5) on TensorRT 11 is not confirmed: the OSS 11.0 build dropped SM 75 and 11.1 restored it`,
        };
    const newer = NEWER_GPUS.find((g) => g.sm === sm);
    if (newer) {
        if (atLeast(version, newer.supportedFrom))
            return { status: 'pass', message: `TensorRT ${v} supports compute capability ${cc}` };
        if (newer.unsupportedThrough && !atLeast(version, compat_nextMinor(newer.unsupportedThrough))) {
            return {
                status: 'fail',
                message: `TensorRT ${v} does not support compute capability ${cc} ` +
                    `(${newer.source}); it is supported from ${newer.supportedFrom}`,
            };
        }
        return {
            status: 'warn',
            message: `compute capability ${cc} is known to work from TensorRT ` +
                `${newer.supportedFrom} (${newer.source}); ${v} is not confirmed`,
        };
    }
    if (sm > 90)
        return {
            status: 'warn',
            message: `compute capability ${cc} is newer than anything trt-ci knows about for TensorRT ${v}`,
        };
    return { status: 'pass', message: `TensorRT ${v} supports compute capability ${cc}` };
}
function compat_nextMinor(majorMinor) {
    const [major, minor] = majorMinor.split('.').map(Number);
    return `${major}.${minor + 1}`;
}
/**
 * The compute capabilities TensorRT-RTX builds for (its ComputeCapability enum, 1.7: SM75 to SM121; the plan
 * header's bits, docs/plan-header.md). It builds ahead of time on the CPU for the ones it is given, so the
 * runner's GPU limits no build: it is where the engines are checked, and one outside the list (H100, H200: 9.0)
 * runs them only through forward-compatible PTX, off-label.
 */
const RTX_COMPUTE_CAPABILITIES = ['7.5', '8.0', '8.6', '8.9', '12.0', '12.1'];
function rtxArchSupport(version, cc) {
    const v = `TensorRT-RTX ${formatVersion(version)}`;
    if (cc !== null && RTX_COMPUTE_CAPABILITIES.includes(cc))
        return { status: 'pass', message: `${v} builds for and runs on compute capability ${cc}` };
    return {
        status: 'warn',
        message: `${v} builds ahead of time for ${RTX_COMPUTE_CAPABILITIES.join(', ')}; this GPU (${cc ?? 'unknown'}) is ` +
            'none of them: its engines run here only off-label, through forward-compatible PTX',
    };
}

;// CONCATENATED MODULE: ./.build/tsc/tensorrt/plan-header.js


/** TensorRT's kPLAN_FILE_TAG 0x74727466 as stored (little-endian): "ftrt". */
const MAGIC = 'ftrt';
/** TensorRT-RTX's tag, with the same layout (docs/plan-header.md: read from real TensorRT-RTX 1.7 plans). */
const RTX_MAGIC = 'vtrt';
/** Byte 32 of a TensorRT-RTX plan: a bit per compute capability it was built for, in the enum's order. */
const RTX_TARGETS = RTX_COMPUTE_CAPABILITIES;
/** The tag older plans start with (docs/plan-header.md: real TensorRT 8.2-era plans). */
const OLDER_MAGIC = 'ptrt';
const HEADER_BYTES = 28;
const MAX_METADATA_BYTES = 1024 * 1024;
const notAPlan = {
    magic: false,
    layout: null,
    product: null,
    computeCapabilities: null,
    tensorrtVersion: null,
    declaredBytes: null,
    problem: null,
};
/** What the header at `offset` says, `planBytes` being what the file holds from there on. */
function planAt(head, offset, planBytes) {
    const tag = head.toString('latin1', offset, offset + 4);
    if (tag === OLDER_MAGIC) {
        // Its fields moved between releases (two real plans put the size at 12 and at 16): read none of them.
        return { ...notAPlan, magic: true, layout: 'ptrt', product: 'TensorRT' };
    }
    if (tag !== MAGIC && tag !== RTX_MAGIC)
        return notAPlan;
    if (head.length < offset + HEADER_BYTES) {
        return { ...notAPlan, problem: `starts with "${tag}" but is shorter than the ${HEADER_BYTES}-byte plan header` };
    }
    const bytes = [...head.subarray(offset + 24, offset + 28)];
    const rtx = tag === RTX_MAGIC;
    const product = rtx ? 'TensorRT-RTX' : 'TensorRT';
    // No TensorRT release is 0.x (TensorRT-RTX's are 1.x): a 0.0.0.0 header only looks like a plan.
    if (bytes[0] === 0)
        return { ...notAPlan, problem: `has the "${tag}" tag but ${product} version ${bytes.join('.')}` };
    const declared = head.readBigUInt64LE(offset + 16);
    const declaredBytes = declared <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(declared) : null;
    const targets = rtx ? targetsAt(head, offset + 32) : null;
    return {
        magic: true,
        layout: rtx ? 'vtrt' : 'ftrt',
        product,
        computeCapabilities: targets,
        tensorrtVersion: bytes.join('.'),
        declaredBytes,
        problem: sizeProblem(declaredBytes, planBytes) ?? (targets?.length === 0 ? NO_TARGETS : null),
    };
}
/**
 * A TensorRT-RTX plan built for no compute capability: what `--compute-capability current` builds on a GPU
 * TensorRT-RTX does not support (real, on an H100: the build passes, byte 32 is 0, and no GPU loads the plan).
 */
const NO_TARGETS = 'built for no compute capability (byte 32 is 0: a "current" build on a GPU TensorRT-RTX does not support): ' +
    'it loads on no GPU';
/** The compute capabilities of byte `at`'s bits; null when the header is too short to hold it. */
function targetsAt(head, at) {
    if (head.length <= at)
        return null;
    return RTX_TARGETS.filter((_, bit) => (head[at] >> bit) & 1);
}
/** Every real ftrt plan examined holds its own total size at bytes 16-23; a plan that disagrees is damaged. */
function sizeProblem(declared, actual) {
    if (declared === null)
        return 'the header declares an impossible size (bytes 16-23)';
    if (declared === actual)
        return null;
    const says = `the header says ${formatBytes(declared)} (${declared} bytes), the file holds ${actual}`;
    return declared > actual ? `truncated: ${says}` : `padded: ${says}`;
}
/**
 * Reads the plan header (docs/plan-header.md): "ftrt" at 0, the plan's total size in bytes 16-23 and the
 * TensorRT version in bytes 24-27; `fileBytes` is the whole file's size, to check the declared one against.
 * Older plans start with "ptrt" and are recognised without a version. Ultralytics' .engine files put a
 * 4-byte length and a JSON blob in front of the plan; those are recognised rather than called "not a plan".
 */
function readPlanHeader(head, fileBytes) {
    const none = { container: null, planOffset: null, metadata: null };
    if (head.length === 0)
        return { ...notAPlan, problem: 'the file is empty', ...none };
    const bare = planAt(head, 0, fileBytes);
    if (bare.magic || bare.problem)
        return { ...bare, container: bare.magic ? 'plan' : null, planOffset: bare.magic ? 0 : null, metadata: null };
    if (head.length >= 5 && head[4] === 0x7b /* { */) {
        const length = head.readInt32LE(0);
        if (length > 0 && length <= MAX_METADATA_BYTES && head.length >= 4 + length) {
            const wrapped = planAt(head, 4 + length, fileBytes - 4 - length);
            if (wrapped.magic) {
                let metadata = null;
                try {
                    metadata = JSON.parse(head.toString('utf8', 4, 4 + length));
                }
                catch {
                    metadata = null;
                }
                return { ...wrapped, container: 'ultralytics', planOffset: 4 + length, metadata };
            }
        }
    }
    return { ...notAPlan, problem: 'no "ftrt" (or "vtrt") plan header: not a TensorRT plan', ...none };
}

;// CONCATENATED MODULE: ./.build/tsc/tensorrt/zero-runs.js
const ZERO_BLOCK = Buffer.alloc(64 * 1024);
const STEPS = [64 * 1024, 4096, 256];
/** The first index at or after `start` that holds a non-zero byte (or the end). */
function zeroRunEnd(chunk, start) {
    const end = chunk.length;
    let i = start;
    // Most zero runs in real data are a byte or two long: look at those byte by byte first.
    for (const stop = Math.min(end, start + 64); i < stop; i += 1)
        if (chunk[i] !== 0)
            return i;
    // Long runs (a zero-padded plan) are skipped a block at a time with memcmp against zeros.
    for (const step of STEPS) {
        while (i + step <= end && chunk.compare(ZERO_BLOCK, 0, step, i, i + step) === 0)
            i += step;
    }
    while (i < end && chunk[i] === 0)
        i += 1;
    return i;
}
/**
 * Zero bytes, the longest zero run and the zero run at the end, over a stream of chunks. Non-zero
 * stretches are crossed with indexOf (memchr), zero stretches with block compares, so neither random
 * nor zero-filled data is walked byte by byte.
 */
class ZeroRuns {
    zeroBytes = 0;
    longestRun = 0;
    /** The zero run that reaches the end of what has been pushed so far. */
    currentRun = 0;
    push(chunk) {
        const end = chunk.length;
        // A chunk of a zero-padded plan is all zeros: one memcmp says so.
        if (end > 0 && chunk[0] === 0 && chunk[end - 1] === 0 && chunk.compare(chunk, 0, end - 1, 1, end) === 0) {
            this.zeroBytes += end;
            this.currentRun += end;
            if (this.currentRun > this.longestRun)
                this.longestRun = this.currentRun;
            return;
        }
        let pos = 0;
        while (pos < end) {
            const zero = chunk.indexOf(0, pos);
            if (zero === -1) {
                this.currentRun = 0;
                return;
            }
            if (zero > pos)
                this.currentRun = 0;
            const after = zeroRunEnd(chunk, zero);
            const run = after - zero;
            this.zeroBytes += run;
            this.currentRun += run;
            if (this.currentRun > this.longestRun)
                this.longestRun = this.currentRun;
            pos = after;
        }
    }
}

;// CONCATENATED MODULE: ./.build/tsc/tensorrt/plan-scan.js






// Chunk sizes as measured on a 2-core runner (npm run bench): reading 512 KiB at a time keeps a plain
// scan within 1.1-1.2× of `cat`; with the digest, two 4 MiB slots beat both smaller chunks (more
// hand-overs between the threads) and more slots (the data leaves the cache before it is hashed).
const SCAN_CHUNK = 512 * 1024;
const plan_scan_CHUNK = 4 * 1024 * 1024;
const SLOTS = 2;
/** Enough of the head of a file for the plan header behind Ultralytics' metadata. */
const HEAD_BYTES = 1024 * 1024 + 64;
/** Reads between two yields to the event loop, so log streaming and timers go on during a long scan. */
const CHUNKS_PER_YIELD = 128;
// The digest runs in a worker over the shared chunks the scan reads into: the file is read once and
// hashing (the slower half) overlaps reading and counting. Slots are handed over with Atomics, not
// messages, so neither side waits on an event loop. Inline source: nothing extra to bundle.
const DIGEST_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const { data, control, slots, chunk } = workerData;
const memory = new Uint8Array(data);
const state = new Int32Array(control, 0, slots);
const lengths = new Int32Array(control, slots * 4, slots);
// One plan after another: a length of -1 ends a plan; the next one starts again at slot 0.
for (;;) {
  const hash = createHash('sha256');
  for (let seq = 0; ; seq += 1) {
    const slot = seq % slots;
    Atomics.wait(state, slot, 0);
    const length = lengths[slot];
    if (length >= 0) hash.update(memory.subarray(slot * chunk, slot * chunk + length));
    Atomics.store(state, slot, 0);
    Atomics.notify(state, slot);
    if (length < 0) break;
  }
  parentPort.postMessage(hash.digest('hex'));
}
`;
const FILLED = 1;
/** Small plans: a worker costs more to start than hashing them takes. */
class InlineDigest {
    buffer;
    hash = (0,external_node_crypto_.createHash)('sha256');
    /** A chunk no bigger than the plan: a 64 KiB plan is not read through 4 MiB of zeroed memory. */
    constructor(buffer) {
        this.buffer = buffer;
    }
    slot() {
        return this.buffer;
    }
    filled(_seq, length) {
        this.hash.update(this.buffer.subarray(0, length));
    }
    async digest() {
        return this.hash.digest('hex');
    }
    async stop() { }
}
/** Plans over this size are hashed in a worker, alongside the scan. */
const INLINE_DIGEST_BYTES = 16 * 1024 * 1024;
class DigestRing {
    data = new SharedArrayBuffer(plan_scan_CHUNK * SLOTS);
    control = new SharedArrayBuffer(SLOTS * 8);
    state = new Int32Array(this.control, 0, SLOTS);
    lengths = new Int32Array(this.control, SLOTS * 4, SLOTS);
    worker;
    constructor() {
        this.worker = new external_node_worker_threads_.Worker(DIGEST_WORKER, {
            eval: true,
            workerData: { data: this.data, control: this.control, slots: SLOTS, chunk: plan_scan_CHUNK },
        });
        // An idle ring waits in the pool for the next plan; it must not keep the process alive.
        this.worker.unref();
    }
    /** A ring from the pool (a worker costs tens of milliseconds to start), or a new one. */
    static take() {
        return idleRings.pop() ?? new DigestRing();
    }
    /** The chunk for read number `seq`, once the worker has hashed what was in it before. */
    slot(seq) {
        const slot = seq % SLOTS;
        while (Atomics.load(this.state, slot) === FILLED)
            Atomics.wait(this.state, slot, FILLED, 1000);
        return Buffer.from(this.data, slot * plan_scan_CHUNK, plan_scan_CHUNK);
    }
    filled(seq, length) {
        const slot = seq % SLOTS;
        this.lengths[slot] = length;
        Atomics.store(this.state, slot, FILLED);
        Atomics.notify(this.state, slot);
    }
    async digest(seq) {
        const result = new Promise((resolve, reject) => {
            this.worker.once('message', resolve);
            this.worker.once('error', reject);
        });
        this.slot(seq);
        this.filled(seq, -1);
        const digest = await result;
        this.worker.removeAllListeners('error');
        idleRings.push(this);
        return digest;
    }
    async stop() {
        await this.worker.terminate();
    }
}
const idleRings = [];
/**
 * A read buffer for a file of `size` bytes: at most `limit`, and not bigger than the file (a file that grows
 * while it is read just takes more reads). Only the bytes a read filled are ever looked at: not zeroed.
 */
function chunkFor(size, limit) {
    return Buffer.allocUnsafe(Math.min(limit, Math.max(size, 1)));
}
/**
 * One pass over a plan of any size in bounded memory: size, zero bytes, the longest and the trailing
 * zero run, the header, and (unless `digest: false`) the sha256.
 */
async function scanPlan(path, options = {}) {
    let fd;
    (0,errors/* requireRegularFile */.S1)(path, path, 'plan', 'a plan file');
    try {
        fd = (0,external_node_fs_.openSync)(path, 'r');
    }
    catch (error) {
        throw new errors/* InputError */.dz(`${path}: cannot read plan: ${(0,errors/* fileProblem */.Wj)(error, 'a plan file')}`);
    }
    const size = (0,external_node_fs_.fstatSync)(fd).size;
    const ring = options.digest === false
        ? null
        : size <= INLINE_DIGEST_BYTES
            ? new InlineDigest(chunkFor(size, plan_scan_CHUNK))
            : DigestRing.take();
    const single = ring ? null : chunkFor(size, SCAN_CHUNK);
    const zeros = new ZeroRuns();
    const head = chunkFor(size, HEAD_BYTES);
    let headBytes = 0;
    let bytes = 0;
    let seq = 0;
    try {
        for (;; seq += 1) {
            const chunk = ring ? ring.slot(seq) : single;
            let read;
            try {
                read = (0,external_node_fs_.readSync)(fd, chunk, 0, chunk.length, null);
            }
            catch (error) {
                throw new errors/* InputError */.dz(`${path}: cannot read plan: ${(0,errors/* fileProblem */.Wj)(error, 'a plan file')}`);
            }
            if (read === 0)
                break;
            const data = chunk.subarray(0, read);
            if (headBytes < head.length)
                headBytes += data.copy(head, headBytes, 0, Math.min(read, head.length - headBytes));
            zeros.push(data);
            bytes += read;
            ring?.filled(seq, read);
            if (seq % CHUNKS_PER_YIELD === CHUNKS_PER_YIELD - 1)
                await new Promise((resolve) => setImmediate(resolve));
        }
        const sha256 = ring ? await ring.digest(seq) : null;
        return {
            path,
            bytes,
            zeroBytes: zeros.zeroBytes,
            zeroFraction: bytes === 0 ? 0 : zeros.zeroBytes / bytes,
            trailingZeroBytes: zeros.currentRun,
            longestZeroRun: zeros.longestRun,
            sha256,
            ...readPlanHeader(head.subarray(0, headBytes), bytes),
        };
    }
    catch (error) {
        await ring?.stop();
        throw error;
    }
    finally {
        (0,external_node_fs_.closeSync)(fd);
    }
}
/**
 * A plan's size and the run of zeros at its end, read backwards from the end: one chunk for a plan that ends
 * in data, the run itself for a padded one. For a plan already scanned elsewhere, whose figures are not at
 * hand (explain's base engine), without a second read of the whole file.
 */
function planTail(path) {
    const fd = (0,external_node_fs_.openSync)(path, 'r');
    try {
        const bytes = (0,external_node_fs_.fstatSync)(fd).size;
        const chunk = chunkFor(bytes, SCAN_CHUNK);
        let end = bytes;
        while (end > 0) {
            const start = Math.max(0, end - chunk.length);
            let read = 0;
            while (read < end - start) {
                const got = (0,external_node_fs_.readSync)(fd, chunk, read, end - start - read, start + read);
                if (got === 0)
                    throw new Error(`${path}: the plan got shorter while it was read`);
                read += got;
            }
            let i = read - 1;
            while (i >= 0 && chunk[i] === 0)
                i -= 1;
            if (i >= 0)
                return { bytes, trailingZeroBytes: bytes - (start + i + 1) };
            end = start;
        }
        return { bytes, trailingZeroBytes: bytes };
    }
    finally {
        (0,external_node_fs_.closeSync)(fd);
    }
}

;// CONCATENATED MODULE: ./.build/tsc/cache/engine-cache.js






async function sha256OfFile(path, signal) {
    // A FIFO or a device (/dev/zero) would be read forever: only a regular file is hashed.
    if (!(await (0,promises_.stat)(path)).isFile())
        throw new Error(`${path} is not a regular file`);
    const hash = (0,external_node_crypto_.createHash)('sha256');
    // A cancel stops the read between chunks: hashing 100 GB of weights never holds a cancelled run.
    const chunks = (0,external_node_fs_.createReadStream)(path, { highWaterMark: 1024 * 1024, ...(signal && { signal }) });
    for await (const chunk of chunks)
        hash.update(chunk);
    return hash.digest('hex');
}
/**
 * sha256 of files, each read once per run however many builds (and the manifest) ask: an ONNX with its
 * external data can be gigabytes. Null for a file that cannot be read.
 */
class FileDigests {
    signal;
    digests = new Map();
    /** `signal`: the run's cancel, which stops a file's hashing (its digest is then unknown, null). */
    constructor(signal) {
        this.signal = signal;
    }
    of(path) {
        let digest = this.digests.get(path);
        if (!digest) {
            digest = sha256OfFile(path, this.signal).catch(() => null);
            this.digests.set(path, digest);
        }
        return digest;
    }
}
/**
 * Content keys for builds: the same key means the same plan. Files are hashed once per run, however
 * many profiles share them.
 */
class EngineKeys {
    digests;
    constructor(digests = new FileDigests()) {
        this.digests = digests;
    }
    async fileHash(path) {
        return (await this.digests.of(path)) ?? 'missing';
    }
    /** What a file is, cheaply: its real path, size and change time (for libraries too big to hash every run). */
    async fileIdentity(path) {
        const found = await (0,promises_.stat)(path).catch(() => null);
        return found ? `${await (0,promises_.realpath)(path).catch(() => path)}:${found.size}:${found.mtimeMs}` : 'missing';
    }
    async key(parts) {
        const external = await externalDataFiles(parts.onnx).catch(() => []);
        const hashed = async (paths) => Promise.all(paths.map(async (path) => [(0,external_node_path_.basename)(path), await this.fileHash(path)]));
        const material = JSON.stringify({
            v: 2,
            files: await hashed([parts.onnx, ...external, ...parts.plugins]),
            // Files named in extra-args (calibration caches, inputs, plugins): what is in them, not where.
            inputs: await hashed(parts.inputs),
            argv: parts.argv,
            tensorrt: parts.tensorrtVersion,
            trtexec: await this.fileHash(parts.trtexec),
            libraries: await Promise.all(parts.libraries.map((lib) => this.fileIdentity(lib))),
            gpu: parts.gpu,
            environment: parts.environment,
        });
        return (0,external_node_crypto_.createHash)('sha256').update(material).digest('hex');
    }
}
/** How far ahead of this machine's clock an entry's stamp may be (another job's clock) and still count. */
const CLOCK_SLACK_MS = 5 * 60_000;
/**
 * Plans by content key, in a folder that outlives the run (and may be shared by jobs on one runner).
 * An entry appears whole or not at all: it is written in a temporary folder and renamed into place.
 * An entry whose plan does not match its record is removed and rebuilt, never used.
 */
class EngineCache {
    dir;
    maxBytes;
    constructor(dir, maxBytes) {
        this.dir = dir;
        this.maxBytes = maxBytes;
    }
    entry(key) {
        return (0,external_node_path_.join)(this.dir, 'engines', key.slice(0, 2), key);
    }
    /** The entry for a key, if it is there and its plan has the recorded size. */
    async lookup(key) {
        const dir = this.entry(key);
        let record;
        try {
            record = JSON.parse(await (0,promises_.readFile)((0,external_node_path_.join)(dir, 'record.json'), 'utf8'));
        }
        catch (error) {
            const exists = await (0,promises_.stat)(dir).then(() => true, () => false);
            if (error.code === 'ENOENT' && !exists)
                return null;
            // An entry without a readable record was damaged after it was written: it goes, and the engine is rebuilt.
            await this.remove(key);
            return 'corrupt';
        }
        // lstat: a plan that is a link could lead to any file (a runner's secret restored as a "plan").
        const plan = await (0,promises_.lstat)((0,external_node_path_.join)(dir, 'plan')).catch(() => null);
        const plain = plan?.isFile() === true && (await isPlainFile((0,external_node_path_.join)(dir, 'record.json')));
        // `null`, a list or a record of another key: written by something else, or damaged.
        if (typeof record !== 'object' || record === null || record.key !== key || !plain || plan.size !== record.bytes) {
            await this.remove(key);
            return 'corrupt';
        }
        const now = new Date();
        await (0,promises_.utimes)((0,external_node_path_.join)(dir, 'record.json'), now, now).catch(() => { }); // least recently used goes first
        return { dir, record };
    }
    /** Puts the cached plan (and layer info) where a build would have written them; never through a link. */
    async restore(entry, plan, layerInfo) {
        await place((0,external_node_path_.join)(entry.dir, 'plan'), plan);
        const layers = (0,external_node_path_.join)(entry.dir, 'layers.json');
        if (entry.record.hasLayerInfo && (await isPlainFile(layers)))
            await place(layers, layerInfo);
    }
    /**
     * Stores an entry; `replace` puts it in place of one already there (one this run does not trust), `move`
     * takes the files instead of copying them (a plan just pulled into the cache's own tmp folder).
     */
    async store(record, plan, layerInfo, how = {}) {
        const take = how.move ? promises_.rename : promises_.copyFile;
        const staging = (0,external_node_path_.join)(this.dir, 'tmp', `${record.key}.${process.pid}.${(0,external_node_crypto_.randomBytes)(4).toString('hex')}`);
        await (0,promises_.mkdir)(staging, { recursive: true });
        try {
            await take(plan, (0,external_node_path_.join)(staging, 'plan'));
            if (layerInfo)
                await take(layerInfo, (0,external_node_path_.join)(staging, 'layers.json'));
            await (0,promises_.writeFile)((0,external_node_path_.join)(staging, 'record.json'), `${JSON.stringify(record, null, 2)}\n`);
            const target = this.entry(record.key);
            await (0,promises_.mkdir)((0,external_node_path_.dirname)(target), { recursive: true });
            if (how.replace)
                await (0,promises_.rm)(target, { recursive: true, force: true });
            await (0,promises_.rename)(staging, target).catch(async (error) => {
                // Another job stored the same engine first: theirs is as good as ours.
                if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST')
                    throw error;
            });
        }
        finally {
            await (0,promises_.rm)(staging, { recursive: true, force: true });
        }
    }
    async remove(key) {
        await (0,promises_.rm)(this.entry(key), { recursive: true, force: true });
    }
    /**
     * Removes the least recently used entries until the cache is under `cache-max-size`. An entry used "in
     * the future" was stamped by a clock that was wrong (or by hand): it counts as the oldest, else it would
     * never go and every new entry would be evicted right after it was stored.
     */
    async evict(now = Date.now()) {
        const entries = [];
        for (const prefix of await (0,promises_.readdir)((0,external_node_path_.join)(this.dir, 'engines')).catch(() => [])) {
            for (const key of await (0,promises_.readdir)((0,external_node_path_.join)(this.dir, 'engines', prefix)).catch(() => [])) {
                const dir = (0,external_node_path_.join)(this.dir, 'engines', prefix, key);
                const files = await (0,promises_.readdir)(dir).catch(() => []);
                const sizes = await Promise.all(files.map((f) => (0,promises_.stat)((0,external_node_path_.join)(dir, f))
                    .then((s) => s.size)
                    .catch(() => 0)));
                const stamped = (await (0,promises_.stat)((0,external_node_path_.join)(dir, 'record.json')).catch(() => null))?.mtimeMs ?? 0;
                const used = stamped > now + CLOCK_SLACK_MS ? Number.NEGATIVE_INFINITY : stamped;
                entries.push({ key, bytes: sizes.reduce((a, b) => a + b, 0), used });
            }
        }
        let total = entries.reduce((a, e) => a + e.bytes, 0);
        const removed = [];
        if (this.maxBytes !== null) {
            for (const entry of entries.sort((a, b) => a.used - b.used)) {
                if (total <= this.maxBytes)
                    break;
                await this.remove(entry.key);
                total -= entry.bytes;
                removed.push(entry.key);
            }
        }
        return { removed, bytes: total };
    }
}
/** A hard link when the cache is on the same volume (no copy of a 5 GB plan), a copy otherwise. */
async function place(from, to) {
    await (0,promises_.rm)(to, { force: true });
    await (0,promises_.link)(from, to).catch(() => (0,promises_.copyFile)(from, to));
}

;// CONCATENATED MODULE: ./.build/tsc/latency/base-plan.js
// Where the base branch's plan of an engine is, without building it: the plan `base-plans:` holds (as the base
// job uploaded it, its layer info beside it), else the engine cache's entry under the key the base branch's
// report gives, when this run trusts whoever stored it. The latency A/B runs against it; explain reads the
// layer info beside it. (A third source, base-ref:, costs a build: base-rebuild.ts, for the A/B only.)




/** The baseline's build of this engine on this GPU model; null when it has none. */
function baseBuildOf(baseline, outcome) {
    const { job, gpu } = outcome;
    return (baseline?.builds.find((b) => b.model === job.model.name && b.profile === job.profile.name && (b.gpu?.name ?? null) === (gpu?.name ?? null)) ?? null);
}
async function findBasePlan(job, baseBuild, config, trust, 
/** The fleet's registry: a base engine the run's folder lacks is pulled from it (the default branch's). */
registry = null) {
    const uploaded = config.basePlans && (0,external_node_path_.join)(config.basePlans, `${job.model.name}.${job.profile.name}.plan`);
    if (uploaded && (0,external_node_fs_.existsSync)(uploaded))
        return { source: 'plans', plan: uploaded, sha256: null };
    // base-plans: names a folder that is there (the config's load checks it): one without this plan says so.
    const notUploaded = uploaded ? `${config.basePlans} has no ${(0,external_node_path_.basename)(uploaded)}, and ` : '';
    if (!baseBuild)
        return { missing: `${notUploaded}the base branch has no report of this engine on this GPU model` };
    const key = baseBuild.cache?.key;
    if (!config.cacheDir || !key)
        return { missing: 'no base plan, and no engine cache entry to take it from' };
    const engines = new EngineCache(config.cacheDir, null);
    let entry = await engines.lookup(key);
    if (entry === null && registry && (await registry.pullEngine(key, engines)).from)
        entry = await engines.lookup(key);
    if (!entry || entry === 'corrupt')
        return { missing: `the base engine (cache key ${key.slice(0, 12)}) is not in the cache` };
    if (!mayServe(trust, 'engine', key, entry.record.sha256, entry.record.signature)) {
        return { missing: 'the cache entry of the base engine was stored by a run this one does not take plans from' };
    }
    // The signature vouches for the recorded digest: the plan beside it is checked against it when scanned.
    return { source: 'cache', plan: (0,external_node_path_.join)(entry.dir, 'plan'), sha256: entry.record.sha256 };
}

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(31421);
// EXTERNAL MODULE: external "node:stream"
var external_node_stream_ = __webpack_require__(57075);
;// CONCATENATED MODULE: ./.build/tsc/proc/child-env.js
/**
 * Names that carry the job's credentials. No child process (trtexec, or whatever program `trtexec:`
 * names; nvidia-smi; ldd) needs them, and a child that leaks its environment into a log or an uploaded
 * artifact would leak the token: they are removed from every child's environment.
 */
const SECRET = new RegExp(`^(${[
    'INPUT_.*',
    'GITHUB_TOKEN',
    'GH_TOKEN',
    'ACTIONS_RUNTIME_TOKEN',
    'ACTIONS_RUNTIME_URL',
    'ACTIONS_RESULTS_URL',
    'ACTIONS_CACHE_URL',
    'ACTIONS_ID_TOKEN_REQUEST_TOKEN',
    'ACTIONS_ID_TOKEN_REQUEST_URL',
    // The cache signing key under its documented name (a key under another name, cache-signing-key: ${NAME},
    // is removed by the run itself: pipeline.ts).
    'TRT_CI_CACHE_KEY',
    // The registry cache's credentials (cache/registry-auth.ts), and the Docker config's inline form.
    'TRT_CI_REGISTRY_USERNAME',
    'TRT_CI_REGISTRY_PASSWORD',
    'DOCKER_AUTH_CONFIG',
].join('|')})$`, 'i');
function childEnv(base) {
    const env = {};
    for (const [name, value] of Object.entries(base))
        if (!SECRET.test(name))
            env[name] = value;
    return env;
}
/** The environment less the named variables (the secrets trt-ci.yml reads by a name of the user's own). */
function withoutVariables(env, names) {
    if (names.length === 0)
        return env;
    const left = { ...env };
    for (const name of names)
        delete left[name];
    return left;
}

;// CONCATENATED MODULE: ./.build/tsc/proc/lines.js
const NEWLINE = 0x0a;
/**
 * Splits a byte stream into lines without holding more than one line. A line longer than
 * `maxLineBytes` is cut there and the rest of it dropped, so one runaway line cannot grow memory.
 */
class LineSplitter {
    onLine;
    maxLineBytes;
    pending = [];
    pendingBytes = 0;
    overflowed = false;
    constructor(onLine, maxLineBytes = 64 * 1024) {
        this.onLine = onLine;
        this.maxLineBytes = maxLineBytes;
    }
    push(chunk) {
        let start = 0;
        for (let end = chunk.indexOf(NEWLINE, start); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
            if (this.pendingBytes === 0 && !this.overflowed && end - start <= this.maxLineBytes) {
                // The usual case: the whole line is in this chunk, decode it in place.
                this.emit(chunk.toString('utf8', start, end));
            }
            else {
                this.take(chunk, start, end);
                this.flushLine();
            }
            start = end + 1;
        }
        if (start < chunk.length)
            this.take(chunk, start, chunk.length);
    }
    end() {
        if (this.pendingBytes > 0 || this.overflowed)
            this.flushLine();
    }
    take(chunk, start, end) {
        const room = this.maxLineBytes - this.pendingBytes;
        if (room <= 0) {
            this.overflowed = this.overflowed || end > start;
            return;
        }
        const stop = Math.min(end, start + room);
        if (stop > start) {
            // Copy: the caller may reuse the chunk's memory after push() returns.
            this.pending.push(Buffer.from(chunk.subarray(start, stop)));
            this.pendingBytes += stop - start;
        }
        if (stop < end)
            this.overflowed = true;
    }
    flushLine() {
        const bytes = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending, this.pendingBytes);
        this.pending = [];
        this.pendingBytes = 0;
        this.overflowed = false;
        this.emit(bytes.toString('utf8'));
    }
    emit(line) {
        this.onLine(line.endsWith('\r') ? line.slice(0, -1) : line);
    }
}

;// CONCATENATED MODULE: ./.build/tsc/proc/run-process.js






/** Process groups still running, so that trt-ci can take them down when it is itself stopped. */
const liveGroups = new Set();
function killAllProcessGroups(signal = 'SIGKILL') {
    for (const pgid of liveGroups)
        signalGroup(pgid, signal);
}
function signalGroup(pgid, signal) {
    try {
        process.kill(-pgid, signal);
        return true;
    }
    catch {
        return false; // ESRCH: the group is gone
    }
}
/** Why a command could not start, in words. */
function spawnProblem(command, error) {
    if (error.code === 'ENOENT')
        return `${command}: command not found`;
    if (error.code === 'EACCES')
        return `${command}: not executable`;
    return error.message;
}
/**
 * The child's output into the log (both streams, and lines to `lines`) or, for stdout, its own file; a file
 * that cannot keep up pauses the child's pipe until it drains. A log that cannot be written (a full disk)
 * costs the log, never the run: the child goes on.
 */
function pipeOutput(child, lines, log, output) {
    // A stream that failed (ENOSPC) is written no more, and the pipes it paused are resumed: a 'drain' that
    // will never come must not hold the child's output, and with it the child, forever.
    const broken = new Set();
    const resume = () => {
        child.stdout?.resume();
        child.stderr?.resume();
    };
    for (const stream of [log, output]) {
        stream?.on('error', () => {
            broken.add(stream);
            resume();
        });
    }
    const into = (stream, chunk, pipes) => {
        if (broken.has(stream) || stream.write(chunk))
            return;
        child.stdout?.pause();
        if (pipes === 'both')
            child.stderr?.pause();
        stream.once('drain', resume);
    };
    const onData = (chunk) => {
        lines?.push(chunk);
        if (log)
            into(log, chunk, 'both');
    };
    child.stdout?.on('data', output ? (chunk) => into(output, chunk, 'stdout') : onData);
    child.stderr?.on('data', onData);
}
/**
 * Runs a command as the leader of its own process group, streaming its output line by line.
 * The group is killed when the timeout fires and again after the leader exits, so nothing the
 * command forked outlives it. argv only: nothing here is ever given to a shell.
 */
function runProcess(options) {
    const startedAt = Date.now();
    if (options.signal?.aborted) {
        const never = { exitCode: null, signal: null, timedOut: false, spawnError: null, cancelled: true };
        return Promise.resolve({ ...never, startedAt, endedAt: startedAt });
    }
    return new Promise((resolve) => {
        let log = null;
        let timedOut = false;
        let spawnError = null;
        const timers = [];
        const lines = options.onLine ? new LineSplitter(options.onLine) : null;
        const child = (0,external_node_child_process_.spawn)(options.command, options.args, {
            cwd: options.cwd,
            env: childEnv(options.env),
            stdio: ['ignore', 'pipe', 'pipe'],
            detached: true,
        });
        const pgid = child.pid;
        if (pgid !== undefined)
            liveGroups.add(pgid);
        const cancel = () => {
            if (pgid !== undefined)
                signalGroup(pgid, 'SIGKILL');
        };
        options.signal?.addEventListener('abort', cancel, { once: true });
        if (options.logFile)
            log = newFileStream(options.logFile);
        const output = options.stdoutFile ? newFileStream(options.stdoutFile) : null;
        pipeOutput(child, lines, log, output);
        if (options.timeoutMs !== undefined && pgid !== undefined) {
            timers.push(setTimeout(() => {
                timedOut = true;
                signalGroup(pgid, 'SIGTERM');
                timers.push(setTimeout(() => signalGroup(pgid, 'SIGKILL'), options.killGraceMs ?? DEFAULT_KILL_GRACE_MS));
            }, options.timeoutMs));
        }
        child.on('error', (error) => {
            spawnError = spawnProblem(options.command, error);
        });
        // The leader is gone; whatever it forked goes with it, and only then can the pipes close.
        child.on('exit', () => {
            if (pgid !== undefined)
                signalGroup(pgid, 'SIGKILL');
        });
        child.on('close', (exitCode, signal) => {
            for (const timer of timers)
                clearTimeout(timer);
            options.signal?.removeEventListener('abort', cancel);
            if (pgid !== undefined)
                liveGroups.delete(pgid);
            lines?.end();
            const cancelled = options.signal?.aborted ?? false;
            const result = {
                exitCode,
                signal,
                timedOut,
                spawnError,
                cancelled,
                startedAt,
                endedAt: Date.now(),
            };
            const closed = [log, output].map((stream) => new Promise((done) => {
                if (!stream)
                    return done();
                (0,external_node_stream_.finished)(stream, () => done());
                stream.end();
            }));
            void Promise.all(closed).then(() => resolve(result));
        });
    });
}
/** How a run that did not exit 0 ended, in words: `exited 1`, `was stopped by SIGSEGV`, or why it did not start. */
const howItEnded = (run) => run.spawnError ?? (run.exitCode === null ? `was stopped by ${run.signal}` : `exited ${run.exitCode}`);

;// CONCATENATED MODULE: ./.build/tsc/proc/git.js
// git, as trt-ci asks it: one file of another commit, written byte for byte. argv only; the ref is
// resolved to a commit first, so that nothing a user writes in a ref is read by git as an option.

const COMMIT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
function gitShow(options) {
    // Only a resolved commit id reaches git here: a ref could be read as an option or name a path.
    if (!COMMIT_ID.test(options.ref))
        throw new Error(`gitShow takes a commit id, got "${options.ref}"`);
    return runProcess({
        command: 'git',
        args: ['show', `${options.ref}:./${options.path}`],
        cwd: options.cwd,
        env: options.env,
        stdoutFile: options.outFile,
        logFile: options.logFile,
        timeoutMs: 10 * 60_000,
        killGraceMs: options.killGraceMs,
        ...(options.signal && { signal: options.signal }),
    });
}
/**
 * The commit a ref names, or why it names none. `--verify` takes exactly one object name (no range, no
 * option: --end-of-options), and `^{commit}` refuses what is not a commit (a tree path such as
 * `HEAD:dir`, a blob).
 */
async function resolveCommit(options) {
    let stdout = '';
    const result = await runProcess({
        command: 'git',
        args: ['rev-parse', '--verify', '--quiet', '--end-of-options', `${options.ref}^{commit}`],
        cwd: options.cwd,
        env: options.env,
        timeoutMs: 60_000,
        killGraceMs: options.killGraceMs,
        onLine: (line) => {
            stdout ||= line.trim();
        },
        ...(options.signal && { signal: options.signal }),
    });
    if (result.spawnError)
        return { problem: `git could not be run (${result.spawnError})` };
    if (result.exitCode === 0 && COMMIT_ID.test(stdout))
        return { commit: stdout };
    return { problem: `git has no commit by that name in ${options.cwd}` };
}

;// CONCATENATED MODULE: ./.build/tsc/latency/base-rebuild.js
// The third source of a base engine (base-ref:, when the user allows it): the base commit's ONNX, as git
// has it, built with this job's trtexec, flags and workspace on the same GPU. Costs a build; said in the
// report (baseEngine.source: rebuilt). External data files the ONNX names are taken from the same commit.







/** The base engine's plan path, or why it could not be made (naming the log). */
async function rebuildBase(ref, outcome, buildPlan, 
/** What git runs with (the job's environment) and how long it has to stop. */
host, version, dir, signal) {
    const { job } = outcome;
    await (0,promises_.rm)(dir, { recursive: true, force: true });
    await (0,promises_.mkdir)(dir, { recursive: true });
    const onnx = (0,external_node_path_.join)(dir, (0,external_node_path_.basename)(job.model.onnx));
    const show = async (file, target) => {
        // <ref>:./<path> is relative to git's working folder: the file's own folder.
        const log = `${target}.git.log`;
        const result = await gitShow({
            ref,
            path: (0,external_node_path_.basename)(file),
            cwd: (0,external_node_path_.dirname)(file),
            outFile: target,
            logFile: log,
            ...host,
            ...(signal && { signal }),
        });
        return result.exitCode === 0 ? null : `git could not give ${(0,external_node_path_.basename)(file)} at ${ref} (${log})`;
    };
    const missing = await show(job.model.onnx, onnx);
    if (missing)
        return { missing };
    for (const data of await externalDataFiles(onnx)) {
        const name = (0,external_node_path_.relative)(dir, data);
        if (name.startsWith('..'))
            return { missing: `${(0,external_node_path_.basename)(job.model.onnx)} names external data outside its folder` };
        const original = (0,external_node_path_.join)((0,external_node_path_.dirname)(job.model.onnx), name);
        await (0,promises_.mkdir)((0,external_node_path_.dirname)(data), { recursive: true });
        const problem = await show(original, data);
        if (problem)
            return { missing: problem };
    }
    const workspaceBytes = outcome.attempts.at(-1)?.workspaceBytes ?? job.model.workspaceBytes;
    // fp16 or bf16 on TensorRT 11: the base's own written ONNX, as the head's was (its keep-fp32 list included).
    const model = { ...job.model, onnx };
    let precisionOnnx;
    if (writesPrecisionOnnx(model, version)) {
        // Refused by ONNX Runtime's check, or not written: no base engine, said as the A/B's reason.
        const written = await writePrecisionOnnx(model, precisionOnnxFolder(model, dir)).catch((error) => (0,errors/* errorMessage */.gJ)(error));
        if (typeof written === 'string')
            return { missing: `the base's written ONNX from ${ref}: ${written}` };
        precisionOnnx = written;
    }
    const built = await buildPlan(sideJob(job, dir, 'base', { model, precisionOnnx, workspaceBytes }), outcome.gpu?.index ?? null);
    const log = built.attempts.at(-1)?.log;
    return built.plan
        ? { plan: built.plan.path }
        : {
            missing: `the base engine did not build from ${ref}: ${built.failure?.message ?? 'no plan'}` +
                (log ? ` (${log})` : ''),
        };
}

;// CONCATENATED MODULE: ./.build/tsc/latency/latency-report.js
function toLatency(result, budget, baseEngine) {
    return {
        verdict: result.verdict,
        ratio: result.ratio,
        ci: result.ci,
        p: result.p,
        base: result.base,
        head: result.head,
        repetitions: result.repetitions,
        reason: result.reason,
        retried: result.retried,
        budget,
        clockEventsRead: result.clockEventsRead,
        baseEngine,
        runs: result.runs.map((run) => ({ ...run, smClockMHz: run.smClockMHz ?? null })),
        measurement: result.measurement ?? null,
    };
}
/**
 * An A/B decided without (all of) its runs: two engines that cannot be compared on equal terms
 * (contract-mismatch), the head engine being the base engine byte for byte (same, a ratio of exactly 1),
 * or a head engine that could not be run (head-failed).
 */
function unmeasured(verdict, reason, budget, baseEngine) {
    return {
        verdict,
        ratio: verdict === 'same' ? 1 : null,
        ci: verdict === 'same' ? [1, 1] : null,
        p: null,
        base: null,
        head: null,
        repetitions: 0,
        reason,
        retried: false,
        budget,
        clockEventsRead: false,
        baseEngine,
        runs: [],
        measurement: null,
    };
}

;// CONCATENATED MODULE: ./.build/tsc/gpu/nvidia-smi.js

/** nvidia-smi answers these instead of a value; they mean "unknown", never an error. */
const NOT_A_VALUE = /^\[.*\]$|^N\/A$/;
/** One row of `--format=csv,noheader,nounits` output, keyed by the queried field names. */
function parseCsvRows(text, fields) {
    return text
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line.length > 0)
        .map((line) => {
        const values = line.split(', ');
        return Object.fromEntries(fields.map((field, i) => {
            const value = values[i]?.trim();
            return [field, value === undefined || value === '' || NOT_A_VALUE.test(value) ? null : value];
        }));
    });
}
/** Every GPU fact trt-ci uses, in one query (the human table is not a stable format). */
const GPU_FIELDS = [
    'index',
    'name',
    'uuid',
    'pci.bus_id',
    'driver_version',
    'compute_cap',
    'memory.total',
    'memory.used',
    'memory.free',
    'ecc.mode.current',
    'ecc.errors.uncorrected.volatile.total',
    'display_active',
    'persistence_mode',
    'compute_mode',
    'mig.mode.current',
];
const toNumber = (value) => value == null || !Number.isFinite(Number(value)) ? null : Number(value);
function parseGpuRows(text, fields = GPU_FIELDS) {
    return parseCsvRows(text, fields).map((row) => ({
        index: Number(row.index),
        name: row.name ?? null,
        uuid: row.uuid ?? null,
        busId: row['pci.bus_id'] ?? null,
        computeCapability: row.compute_cap ?? null,
        driverVersion: row.driver_version ?? null,
        memoryTotalMiB: toNumber(row['memory.total']),
        memoryUsedMiB: toNumber(row['memory.used']),
        memoryFreeMiB: toNumber(row['memory.free']),
        eccMode: row['ecc.mode.current'] ?? null,
        eccUncorrectedErrors: toNumber(row['ecc.errors.uncorrected.volatile.total']),
        displayActive: row.display_active ?? null,
        persistenceMode: row.persistence_mode ?? null,
        computeMode: row.compute_mode ?? null,
        migMode: row['mig.mode.current'] ?? null,
    }));
}
/** What nvidia-smi's exit statuses mean (nvidia-smi(1), RETURN VALUE). */
const EXIT_MEANING = {
    3: 'the operation is not available on this GPU',
    4: 'no permission to query the GPU',
    6: 'no GPU was found',
    9: 'the NVIDIA driver is not loaded',
    12: 'the NVML library (libnvidia-ml.so) was not found',
    15: 'a GPU has fallen off the bus',
    18: 'the driver and the NVML library versions do not match (driver ' +
        "updated without a reboot, or a container with another driver's libraries)",
};
/** The run's cancel stops a query at once: a hung driver must not hold a cancelled run for its timeout. */
async function runSmi(smi, args) {
    const lines = [];
    const result = await (smi.start ?? runProcess)({
        command: smi.command,
        args,
        env: smi.env,
        timeoutMs: 30_000,
        killGraceMs: 1_000,
        onLine: (line) => lines.push(line),
        ...(smi.signal && { signal: smi.signal }),
    });
    return { result, text: lines.join('\n') };
}
/**
 * The GPUs nvidia-smi sees. A driver can answer with exit 0 and still be dead: a GPU with no name
 * is reported as such. A field this driver does not know (compute_cap before 510) is left out and
 * the query made again without it.
 */
function queryGpus(smi) {
    return queryGpuFields(smi, GPU_FIELDS);
}
async function queryGpuFields(smi, fields) {
    const { result, text } = await runSmi(smi, [`--query-gpu=${fields.join(',')}`, '--format=csv,noheader,nounits']);
    const said = text.trim().split('\n')[0]?.slice(0, 200) ?? '';
    if (result.spawnError)
        return { ok: false, exitCode: null, reason: result.spawnError };
    const unknownField = /^Field "([^"]+)" is not a valid field to query/.exec(text.trim());
    if (result.exitCode === 2 && unknownField && fields.includes(unknownField[1]) && unknownField[1] !== 'index') {
        return queryGpuFields(smi, fields.filter((f) => f !== unknownField[1]));
    }
    if (/No devices were found/i.test(text))
        return { ok: false, exitCode: result.exitCode, reason: 'nvidia-smi found no GPU (No devices were found)' };
    if (result.exitCode !== 0 && result.exitCode !== 14) {
        const meaning = result.exitCode === null
            ? `was stopped by ${result.signal}`
            : `exited with status ` +
                `${result.exitCode}${EXIT_MEANING[result.exitCode] ? ` (${EXIT_MEANING[result.exitCode]})` : ''}`;
        return { ok: false, exitCode: result.exitCode, reason: `nvidia-smi ${meaning}${said ? `: ${said}` : ''}` };
    }
    const rows = text.split('\n').filter((line) => /^\d+, /.test(line.trim()));
    const gpus = parseGpuRows(rows.join('\n'), fields);
    if (gpus.length === 0)
        return { ok: false, exitCode: result.exitCode, reason: `nvidia-smi listed no GPUs${said ? `: ${said}` : ''}` };
    const warning = result.exitCode === 14
        ? `nvidia-smi exited with status 14: a GPU's infoROM is ` +
            `corrupted${said && !/^\d+, /.test(said) ? ` (${said})` : ''}`
        : null;
    return { ok: true, gpus, warning };
}
const APP_FIELDS = ['pid', 'process_name', 'gpu_uuid', 'used_memory'];
/** Processes holding a compute context on any GPU; null when nvidia-smi could not say. */
async function queryComputeApps(smi) {
    const { result, text } = await runSmi(smi, [
        `--query-compute-apps=${APP_FIELDS.join(',')}`,
        '--format=csv,noheader,nounits',
    ]);
    if (result.spawnError || (result.exitCode !== 0 && result.exitCode !== 14))
        return null;
    return parseCsvRows(text
        .split('\n')
        .filter((line) => /^\d+, /.test(line.trim()))
        .join('\n'), APP_FIELDS).map((row) => ({
        pid: Number(row.pid),
        processName: row.process_name ?? null,
        gpuUuid: row.gpu_uuid ?? null,
        usedMemoryMiB: toNumber(row.used_memory),
    }));
}
/** The clock event reasons whose counters (µs spent slowed) mean a latency measurement is not to be trusted. */
const SLOWDOWN_REASONS = ['sw_power_cap', 'sw_thermal_slowdown', 'hw_thermal_slowdown', 'hw_power_brake_slowdown'];
/**
 * GPU `index`'s clock state (a capture is in test/fixtures/nvidia-smi). Read between runs, a counter that
 * grew says the GPU slowed down during the run even if it no longer is. Null when nvidia-smi cannot say
 * (drivers without the counters).
 */
async function queryClockState(smi, index) {
    const counters = SLOWDOWN_REASONS.map((reason) => `clocks_event_reasons_counters.${reason}`);
    const fields = ['index', 'clocks.current.sm', ...counters];
    const { result, text } = await runSmi(smi, [`--query-gpu=${fields.join(',')}`, '--format=csv,noheader,nounits']);
    if (result.exitCode !== 0)
        return null;
    const row = parseCsvRows(text, fields).find((r) => Number(r.index) === index);
    if (!row)
        return null;
    const slowed = {};
    for (const reason of SLOWDOWN_REASONS) {
        const value = toNumber(row[`clocks_event_reasons_counters.${reason}`]);
        if (value === null)
            return null;
        slowed[reason] = value;
    }
    return { smClockMHz: toNumber(row['clocks.current.sm']), slowed };
}

;// CONCATENATED MODULE: ./.build/tsc/tensorrt/bindings.js
// The bindings trtexec 8.5+ says it creates when it runs an engine ("Created input binding for images with
// dimensions 4x3x640x640"), and the dynamic inputs it was given no shape for and ran at 1s ("Dynamic
// dimensions required for input: x, but no shapes were provided. Automatically overriding shape to: 1x3x1x1").
// Real lines: test/fixtures/trtexec-logs/bindings-and-dynamic-override.log.
const BINDING = /Created (input|output) binding for (.+) with dimensions (\S+)\s*$/;
const OVERRIDDEN = /Dynamic dimensions required for input: (.+), but no shapes were provided/;
/** The bindings a run's log names, in order, and the inputs trtexec overrode for want of --shapes. */
function readBindings(log) {
    const bindings = [];
    const overridden = [];
    for (const line of log.split('\n')) {
        const binding = BINDING.exec(line);
        if (binding)
            bindings.push({ kind: binding[1], name: binding[2], dims: binding[3] });
        const dynamic = OVERRIDDEN.exec(line);
        if (dynamic)
            overridden.push(dynamic[1]);
    }
    return { bindings, overridden };
}
/** `images:4x3x640x640 → output0:4x84x8400`: a run's interface, as a message shows it. */
const describeBindings = (bindings) => `${bindings
    .filter((b) => b.kind === 'input')
    .map((b) => `${b.name}:${b.dims}`)
    .join(', ')} → ${bindings
    .filter((b) => b.kind === 'output')
    .map((b) => `${b.name}:${b.dims}`)
    .join(', ')}`;

;// CONCATENATED MODULE: ./.build/tsc/latency/statistics.js
// Rank statistics for the latency A/B: the Mann-Whitney U test and the Hodges-Lehmann shift with its
// distribution-free confidence interval (the inversion of the same test). Pure. Chosen over a bootstrap
// because they are exact for the small samples an A/B has (8-16 repetition medians a side), give the
// same answer on every run (no resampling seed), and are robust to the odd slow repetition. Checked
// against SciPy 1.17 (scipy.stats.mannwhitneyu) in test/latency.test.ts.
/** Two-sided 95%: the normal quantile for large samples. */
const Z_975 = 1.959963984540054;
/** Up to this many pairs the null distribution of U is counted exactly (no ties). */
const EXACT_PAIRS = 2500;
const median = (values) => quantile(values, 0.5);
/** The q-quantile with linear interpolation between order statistics (NumPy's default). */
function quantile(values, q) {
    if (values.length === 0)
        return Number.NaN;
    const sorted = [...values].sort((a, b) => a - b);
    const at = (sorted.length - 1) * q;
    const low = Math.floor(at);
    const high = Math.min(low + 1, sorted.length - 1);
    return sorted[low] + (sorted[high] - sorted[low]) * (at - low);
}
/**
 * How many of the C(n+m, n) orderings give each U = 0 … n·m (U counts pairs with y > x). Counted with
 * the recurrence f(n, m, u) = f(n-1, m, u-m) + f(n, m-1, u), as probabilities to stay in range.
 */
function uDistribution(n, m) {
    // previous[j] is the distribution for (i - 1, j); rows are built for i = 0 … n.
    let previous = Array.from({ length: m + 1 }, () => Float64Array.of(1));
    for (let i = 1; i <= n; i += 1) {
        const row = [Float64Array.of(1)];
        for (let j = 1; j <= m; j += 1) {
            const dist = new Float64Array(i * j + 1);
            const withX = previous[j]; // the largest value is an x: U unchanged, from (i-1, j)
            const withY = row[j - 1]; // the largest value is a y: it beats all i x's, from (i, j-1)
            const px = i / (i + j);
            for (let u = 0; u < withX.length; u += 1)
                dist[u] += px * withX[u];
            for (let u = 0; u < withY.length; u += 1)
                dist[u + i] += (1 - px) * withY[u];
            row.push(dist);
        }
        previous = row;
    }
    return previous[m];
}
/** Ranks 1…N with ties given their average rank, and the tie term Σ(t³ - t). */
function rank(values) {
    const order = values.map((v, i) => [v, i]).sort((a, b) => a[0] - b[0]);
    const ranks = new Array(values.length);
    let ties = 0;
    for (let start = 0; start < order.length;) {
        let end = start;
        while (end + 1 < order.length && order[end + 1][0] === order[start][0])
            end += 1;
        const t = end - start + 1;
        ties += t ** 3 - t;
        for (let k = start; k <= end; k += 1)
            ranks[order[k][1]] = (start + end) / 2 + 1;
        start = end + 1;
    }
    return { ranks, ties };
}
/**
 * Mann-Whitney U, two-sided. Exact when there are no ties and at most 2,500 pairs; else the normal
 * approximation with the tie correction and a continuity correction (SciPy's `asymptotic`).
 */
function mannWhitney(x, y) {
    const n = x.length;
    const m = y.length;
    if (n === 0 || m === 0)
        return { u: 0, p: 1, method: 'exact' };
    const { ranks, ties } = rank([...x, ...y]);
    const u = ranks.slice(n).reduce((a, b) => a + b, 0) - (m * (m + 1)) / 2;
    if (ties === 0 && n * m <= EXACT_PAIRS) {
        const dist = uDistribution(n, m);
        const low = Math.min(u, n * m - u);
        let tail = 0;
        for (let k = 0; k <= low; k += 1)
            tail += dist[k];
        return { u, p: Math.min(1, 2 * tail), method: 'exact' };
    }
    const total = n + m;
    const sigma = Math.sqrt(((n * m) / 12) * (total + 1 - ties / (total * (total - 1))));
    if (sigma === 0)
        return { u, p: 1, method: 'normal' };
    const z = (Math.abs(u - (n * m) / 2) - 0.5) / sigma;
    return { u, p: Math.min(1, 2 * normalTail(Math.max(z, 0))), method: 'normal' };
}
/**
 * The Hodges-Lehmann shift of y over x (the median of all y - x) and its 95% confidence interval: the
 * order statistics of those differences that the U test's critical value picks (Lehmann 1975, §2.6).
 */
function hodgesLehmann(x, y) {
    const differences = [];
    for (const b of y)
        for (const a of x)
            differences.push(b - a);
    differences.sort((a, b) => a - b);
    const pairs = differences.length;
    if (pairs === 0)
        return { shift: Number.NaN, ci: [Number.NaN, Number.NaN] };
    // k: the largest U with P(U <= k) <= 2.5%. The shifts the two-sided test does not reject are those
    // with k < #{differences > shift} < pairs - k: from the (k+1)-th smallest to the (k+1)-th largest.
    let k = -1;
    if (pairs <= EXACT_PAIRS) {
        const dist = uDistribution(x.length, y.length);
        let tail = 0;
        while (k + 1 < dist.length && tail + dist[k + 1] <= 0.025 + 1e-12) {
            tail += dist[k + 1];
            k += 1;
        }
    }
    else {
        const total = x.length + y.length;
        k = Math.floor(pairs / 2 - Z_975 * Math.sqrt((pairs * (total + 1)) / 12) - 0.5);
    }
    const ci = k < 0 ? [differences[0], differences[pairs - 1]] : [differences[k], differences[pairs - 1 - k]];
    return { shift: median(differences), ci };
}
/** P(Z > z) for a standard normal: erfc by its Chebyshev fit (Numerical Recipes, error < 1.2e-7). */
function normalTail(z) {
    const x = z / Math.SQRT2;
    const t = 1 / (1 + 0.5 * Math.abs(x));
    const poly = -x * x -
        1.26551223 +
        t *
            (1.00002368 +
                t *
                    (0.37409196 +
                        t *
                            (0.09678418 +
                                t *
                                    (-0.18628806 +
                                        t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
    const erfc = t * Math.exp(poly);
    return (x >= 0 ? erfc : 2 - erfc) / 2;
}

;// CONCATENATED MODULE: ./.build/tsc/latency/verdict.js
// The A/B verdict: is the head engine slower than the base engine on this GPU? Pure: repetitions in,
// verdict out. Each repetition is one trtexec run; its median is one observation, so the test sees
// run-to-run noise (what differs between two runs of the same engine), not the iterations of one run,
// which are not independent. Everything is on the log scale: a ratio of medians, with its interval.

/** Significance level of the test and 1 - the interval's confidence. */
const ALPHA = 0.05;
const MIN_REPETITIONS = 3;
const pct = (ratio) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(2)}%`;
/**
 * `budget` is the smallest change that counts (0.02 for 2%): a change counts only when it is both
 * significant (p < 5%) and at least the budget; "same" needs the whole interval inside ±budget.
 */
function judgeAb(repetitions, budget) {
    const of = (side) => repetitions.filter((r) => r.side === side);
    const [base, head] = [of('base'), of('head')];
    const summary = (reps) => reps.length === 0 ? null : { median: median(reps.map((r) => r.medianMs)), p99: median(reps.map((r) => r.p99Ms)) };
    const judged = (verdict, reason, retry = null) => ({
        verdict,
        ratio: null,
        ci: null,
        p: null,
        base: summary(base),
        head: summary(head),
        repetitions: Math.min(base.length, head.length),
        reason,
        retry,
    });
    const throttled = repetitions.filter((r) => r.throttled.length > 0);
    if (throttled.length > 0) {
        const first = throttled[0];
        return judged('inconclusive', `the GPU throttled (${first.throttled.join(', ')}) during ${throttled.length} repetition(s), ` +
            `first in round ${first.round + 1} (${first.side})`);
    }
    if (base.length < MIN_REPETITIONS || head.length < MIN_REPETITIONS) {
        return judged('inconclusive', `${Math.min(base.length, head.length)} repetition(s) a side; ${MIN_REPETITIONS} needed`);
    }
    const logs = (reps) => reps.map((r) => Math.log(r.medianMs));
    const { shift, ci } = hodgesLehmann(logs(base), logs(head));
    const { p } = mannWhitney(logs(base), logs(head));
    const result = {
        ...judged('same', ''),
        ratio: Math.exp(shift),
        ci: [Math.exp(ci[0]), Math.exp(ci[1])],
        p,
    };
    // Interleaving cancels a steady drift of the GPU; a change in the difference itself between the first
    // and second half of the rounds (one engine warming differently) is not cancelled: say so, do not judge.
    const firstRound = Math.min(...repetitions.map((r) => r.round));
    const rounds = Math.max(...repetitions.map((r) => r.round)) - firstRound + 1;
    const half = (first) => {
        const inHalf = (r) => r.round - firstRound < rounds / 2 === first;
        return median(head.filter(inHalf).map((r) => r.medianMs)) / median(base.filter(inHalf).map((r) => r.medianMs));
    };
    const [early, late] = [half(true), half(false)];
    if (rounds >= 4 && Math.abs(Math.log(early / late)) > Math.log(1 + budget) / 2) {
        return {
            ...result,
            verdict: 'inconclusive',
            reason: `the difference drifted within the run: ${pct(early)} in the first half, ${pct(late)} in the second`,
            retry: 'drift',
        };
    }
    const band = `±${(budget * 100).toFixed(1)}%`;
    if (p < ALPHA && result.ratio >= 1 + budget) {
        return { ...result, verdict: 'slower', reason: `significant (p < ${ALPHA}) and beyond the ${band} budget` };
    }
    if (p < ALPHA && result.ratio <= 1 - budget) {
        return { ...result, verdict: 'faster', reason: `significant (p < ${ALPHA}) and beyond the ${band} budget` };
    }
    if (result.ci[0] > 1 - budget && result.ci[1] < 1 + budget) {
        return { ...result, verdict: 'same', reason: `the 95% interval is within ${band}` };
    }
    return {
        ...result,
        verdict: 'inconclusive',
        reason: `no change beyond ${band} is significant, but the 95% interval reaches past it`,
        retry: 'undecided',
    };
}

;// CONCATENATED MODULE: ./.build/tsc/latency/ab.js


async function compareAb(edges, plan) {
    let clockEventsRead = true;
    let index = 0;
    let before = await edges.clockState();
    const batch = async (firstRound) => {
        const runs = [];
        for (let round = firstRound; round < firstRound + plan.repetitions; round += 1) {
            const order = round % 2 === 0 ? ['base', 'head'] : ['head', 'base'];
            for (const side of order) {
                const times = await edges.measure(side, index);
                index += 1;
                const after = await edges.clockState();
                if (!before || !after)
                    clockEventsRead = false;
                const grew = (reason) => after.slowed[reason] > (before.slowed[reason] ?? 0);
                const throttled = before && after ? Object.keys(after.slowed).filter(grew) : [];
                before = after;
                runs.push({
                    side,
                    round,
                    medianMs: quantile(times, 0.5),
                    p99Ms: quantile(times, 0.99),
                    iterations: times.length,
                    throttled,
                    smClockMHz: after?.smClockMHz ?? null,
                });
            }
        }
        return runs;
    };
    const first = await batch(0);
    const judged = judgeAb(first, plan.budget);
    if (!plan.retry || judged.retry === null)
        return { ...judged, runs: first, retried: false, clockEventsRead };
    // A drifting batch is set aside; an undecided one is pooled with the next for more power.
    const second = await batch(plan.repetitions);
    const pooled = judged.retry === 'drift' ? second : [...first, ...second];
    const again = judgeAb(pooled, plan.budget);
    return { ...again, runs: [...first, ...second], retried: true, clockEventsRead };
}

;// CONCATENATED MODULE: ./.build/tsc/latency/plan-ab.js
// The A/B's edges on a real runner: each repetition is one timed run of the plan runner (trtexec's
// --exportTimes, or the run command's times, into the A/B's folder, its log beside it), the clock event counters
// come from nvidia-smi between them. Nothing else runs on the GPU meanwhile: the memory sampler is not started.









/**
 * The default work: 8 repetitions a side of 300 iterations; 1% the smallest change that counts, 20x the
 * run-to-run noise measured on an H200 (CV of run medians 0.03-0.06%, test/fixtures/latency).
 */
const AB_DEFAULTS = { repetitions: 8, iterations: 300, budget: 0.01 };
/** One side's engine could not be run (not stopped by the run's cancel): the A/B has no verdict. */
class EngineRunError extends Error {
    side;
    constructor(side, message) {
        super(message);
        this.side = side;
    }
}
/**
 * The two engines cannot be compared on equal terms: their inputs or outputs differ (a YOLO plan against
 * a ViT plan), or trtexec ran a dynamic input at 1s for want of --shapes. A contract mismatch, not a verdict.
 */
class AbContractError extends Error {
}
/** The files an A/B writes (01.base.times.json, 02.head.log, …): the only ones it ever removes. */
const OWN_FILE = /^\d{2}\.(base|head)\.(times\.json|log)$/;
/** One side's engine cannot be captured as a CUDA graph: it ran without one while the other ran with one. */
class GraphRefused extends AbContractError {
    side;
    constructor(side) {
        super(`the ${side} engine cannot be captured as a CUDA graph`);
        this.side = side;
    }
}
/**
 * The interleaved A/B under trt-ci's measurement (measurement.ts). Where one engine cannot be captured as a CUDA
 * graph (trtexec then runs it without one), both are run again without a graph: one contract for both sides, a
 * verdict instead of two measurements compared (the reason says so).
 */
async function runAb(options, plan) {
    try {
        return await abUnder(options, plan, MEASUREMENT);
    }
    catch (error) {
        if (!(error instanceof GraphRefused))
            throw error;
        const result = await abUnder(options, plan, { ...MEASUREMENT, cudaGraph: false });
        const why = `both engines ran without a CUDA graph: trtexec cannot capture the ${error.side} engine as one`;
        return { ...result, reason: `${result.reason}; ${why}` };
    }
}
async function abUnder(options, plan, measurement) {
    const seen = {};
    const measured = {};
    for (const side of ['base', 'head']) {
        if (isWithin(options.dir, options.engines[side].plan)) {
            throw new errors/* InputError */.dz(`the ${side} plan ${options.engines[side].plan} is inside the A/B's folder ${options.dir}, where trt-ci ` +
                'writes its runs: move it, or give trt-ci another output folder');
        }
    }
    await (0,promises_.mkdir)(options.dir, { recursive: true });
    for (const file of await (0,promises_.readdir)(options.dir)) {
        if (OWN_FILE.test(file))
            await (0,promises_.rm)((0,external_node_path_.join)(options.dir, file), { force: true });
    }
    const result = await compareAb({
        async measure(side, index) {
            const stem = (0,external_node_path_.join)(options.dir, `${String(index + 1).padStart(2, '0')}.${side}`);
            const place = {
                gpu: options.gpuIndex,
                timeoutMs: options.timeoutMs,
                ...(options.signal && { signal: options.signal }),
            };
            const request = { stem, iterations: options.iterations, measurement };
            const run = await options.runner.time(options.engines[side], place, request).catch((error) => {
                if (!(error instanceof RunFailed))
                    throw error;
                throw new EngineRunError(side, `${error.how} running the ${side} engine (${error.log})`);
            });
            checkContract(side, run, seen);
            // A runner that does not say what it measured ran what it was asked.
            checkMeasurement(side, run.measurement ?? measurement, measured);
            return run.timesMs;
        },
        clockState: async () => (options.nvidiaSmi ? queryClockState(options.nvidiaSmi, options.gpuIndex) : null),
    }, plan);
    return { ...result, measurement: measured.head ?? measured.base ?? measurement };
}
/**
 * Both sides measured alike: an engine whose CUDA graph trtexec could not capture ran without one, and its
 * latency against a graph-launched engine's is two measurements, not a change (said as a contract mismatch).
 */
function checkMeasurement(side, now, measured) {
    const before = measured[side];
    if (before && !sameMeasurement(before, now))
        throw new AbContractError(`the ${side} engine's runs measured differently: ${describeMeasurement(before)}, then ` +
            `${describeMeasurement(now)}`);
    measured[side] = now;
    const [base, head] = [measured.base, measured.head];
    // Only the graph differs: the side without one could not be captured, and both can run without.
    if (base && head && !sameMeasurement(base, head) && sameMeasurement(base, { ...head, cudaGraph: base.cudaGraph }))
        throw new GraphRefused(base.cudaGraph ? 'head' : 'base');
    if (base && head && !sameMeasurement(base, head)) {
        throw new AbContractError(`the engines ran under two measurements: base ${describeMeasurement(base)}, head ${describeMeasurement(head)} ` +
            '(trtexec could not capture one of them as a CUDA graph: "operations that are not permitted under CUDA ' +
            'graph capture mode")');
    }
}
/** Each side's bindings (as its first run named them) must be the other's, and no input run at 1s. */
function checkContract(side, run, seen) {
    if (run.overridden.length > 0) {
        throw new AbContractError(`the ${side} engine has dynamic inputs given no shape (${run.overridden.join(', ')}), which trtexec ran at 1s: ` +
            'give --shapes at the shapes that matter (the opt shapes), or --config');
    }
    if (!run.bindings || run.bindings.length === 0 || seen[side])
        return;
    seen[side] = run.bindings;
    const [base, head] = [seen.base, seen.head];
    if (base && head && describeBindings(base) !== describeBindings(head)) {
        throw new AbContractError(`the engines' inputs and outputs differ: base ${describeBindings(base)}; head ${describeBindings(head)}`);
    }
}

;// CONCATENATED MODULE: ./.build/tsc/latency/stage.js
// The latency stage (benchmark: ab): each built engine against its base engine, on the GPU it was built
// on, one A/B at a time (two at once on one GPU would measure each other). The base engine is the base
// branch's: its plan from `base-plans:` (as that job uploaded it), else the engine cache's entry under the
// key the base branch's report gives, when this run trusts it, else (base-ref:, when the user allows the
// build) one built from the base commit's ONNX. The memory sampler is not running now.









const SAME_PLAN = 'the same plan as the base engine (sha256): nothing to measure';
async function compareLatency(outcomes, baseline, context) {
    const { config, version } = context;
    const latency = new Map();
    const notes = [];
    /** Plans taken from the engine cache, with the digest their (trusted) record gives. */
    const recorded = new Map();
    const host = { env: context.env, killGraceMs: config.killGraceMs };
    for (const outcome of outcomes) {
        const { job, plan } = outcome;
        if (job.model.benchmark !== 'ab' || !plan || (outcome.status !== 'built' && outcome.status !== 'cached'))
            continue;
        if (context.signal?.aborted)
            break;
        const key = jobKey(job);
        const name = `${job.model.name}/${job.profile.name}`;
        // A base plan that cannot be read, a cache that fails, a trtexec that cannot run: a note, never the run.
        try {
            const baseBuild = baseBuildOf(baseline, outcome);
            const base = await baseEngine(outcome, baseBuild);
            if ('missing' in base) {
                notes.push(`${name}: no latency A/B: ${base.missing}`);
                continue;
            }
            const budget = smallestChange(job.model.budgets['latency-growth']);
            // The head plan was scanned when it was built or restored; the base plan is read once, for its digest.
            const baseScan = await scanPlan(base.plan);
            if (recorded.has(base.plan) && baseScan.sha256 !== recorded.get(base.plan)) {
                notes.push(`${name}: no latency A/B: the base engine in the cache is not the plan its record names`);
                continue;
            }
            if (baseScan.sha256 && baseScan.sha256 === plan.scan.sha256) {
                // The base engine itself (a cache hit of the same key): an A/A, which would cost GPU time to say "same".
                latency.set(key, unmeasured('same', SAME_PLAN, budget, base));
                continue;
            }
            const headShapes = JSON.stringify(shapesOf(job.profile));
            if (baseBuild && JSON.stringify(baseBuild.shapes) !== headShapes) {
                const reason = `the base engine was built for other shapes (${stage_shapeText(baseBuild.shapes)}) ` +
                    `than this one (${stage_shapeText(shapesOf(job.profile))})`;
                latency.set(key, unmeasured('contract-mismatch', reason, budget, base));
                continue;
            }
            if (baseScan.tensorrtVersion !== plan.scan.tensorrtVersion) {
                const reason = `the base plan is TensorRT ${baseScan.tensorrtVersion}, this one ${plan.scan.tensorrtVersion}`;
                latency.set(key, unmeasured('contract-mismatch', reason, budget, base));
                continue;
            }
            const result = await abOfEngine(outcome, { base: base.plan, head: plan.path }, (0,external_node_path_.join)(config.outputDir, 'ab', `${job.model.name}.${job.profile.name}`), budget, context);
            latency.set(key, toLatency(result, budget, base));
        }
        catch (error) {
            // The head engine built and then could not be run: that is this engine's failure, not a missing A/B.
            if (error instanceof AbContractError) {
                latency.set(key, unmeasured('contract-mismatch', error.message, smallestChange(job.model.budgets['latency-growth']), null));
            }
            else if (error instanceof EngineRunError && error.side === 'head' && !context.signal?.aborted) {
                const budget = smallestChange(job.model.budgets['latency-growth']);
                latency.set(key, unmeasured('head-failed', error.message, budget, null));
            }
            else
                notes.push(`${name}: the latency A/B could not run: ${(0,errors/* errorMessage */.gJ)(error)}`);
        }
    }
    return { latency, notes };
    /** The base branch's plan of this engine, and where it came from; or why there is none. */
    async function baseEngine(outcome, baseBuild) {
        const found = await findBasePlan(outcome.job, baseBuild, config, context.cacheTrust, context.registry ?? null);
        if ('plan' in found) {
            if (found.sha256)
                recorded.set(found.plan, found.sha256);
            return { source: found.source, plan: found.plan };
        }
        if (!config.baseRef)
            return found;
        const [model, profile] = [outcome.job.model.name, outcome.job.profile.name];
        // Beside the A/B's folder, which is emptied when the A/B starts.
        const dir = (0,external_node_path_.join)(config.outputDir, 'ab', `${model}.${profile}.base`);
        const rebuilt = await rebuildBase(config.baseRef, outcome, context.buildPlan, host, version, dir, context.signal);
        return 'plan' in rebuilt
            ? { source: 'rebuilt', plan: rebuilt.plan }
            : { missing: `${found.missing}; ${rebuilt.missing}` };
    }
}
/**
 * The A/B of two plans of one built engine, as trt-ci runs it after the builds (the latency stage's base
 * against head, deploy-cost's native against ampere+): on the GPU the engine was built on, with its shapes,
 * trt-ci's defaults, a retry when unstable, and the build's timeout for each run.
 */
function abOfEngine(outcome, plans, dir, budget, run) {
    const { job } = outcome;
    return runAb({
        runner: run.runner,
        nvidiaSmi: run.nvidiaSmi,
        gpuIndex: outcome.gpu?.index ?? 0,
        engines: {
            base: engineOf(plans.base, job.model, job.profile),
            head: engineOf(plans.head, job.model, job.profile),
        },
        iterations: AB_DEFAULTS.iterations,
        dir,
        timeoutMs: job.model.buildTimeoutMs,
        ...(run.signal && { signal: run.signal }),
    }, { repetitions: AB_DEFAULTS.repetitions, budget, retry: true });
}
/** The smallest latency-growth threshold (fail or warn) as a fraction: the A/B's budget. */
/** The smallest change of latency that counts for a model: its latency-growth budget, else the A/B's default. */
function smallestChange(limit) {
    const values = [limit?.fail, limit?.warn].filter((t) => t && t.unit === 'fraction').map((t) => t.value);
    return values.length ? Math.min(...values) : AB_DEFAULTS.budget;
}
const stage_shapeText = (shapes) => Object.entries(shapes)
    .map(([input, s]) => `${input}:${s.opt}`)
    .join(',');

;// CONCATENATED MODULE: ./.build/tsc/stability/levels.js
// How alike two builds of one engine are, pure: the same bytes, the same tactic in every layer, the same
// outputs on the same inputs. TensorRT picks tactics by timing them on the GPU, so two builds from the same
// inputs need not be one engine (NVIDIA/TensorRT#4798: the same timing cache, 0 of 100 outputs bitwise equal;
// #4730: identical commands, two engine graphs). A level is claimed only where it was measured.

/**
 * The strongest first: byte-identical plans, the same tactics, the same outputs, the same latency (an A/B that
 * says `same`); none of them.
 */
const STABILITY_LEVELS = ['bits', 'tactics', 'outputs', 'latency', 'none'];
/** Every layer's tactic in both builds, and the layers where they differ (or one build lacks the layer). */
function tacticChanges(first, again) {
    const before = new Map(first.map((l) => [l.name, l.tactic]));
    const after = new Map(again.map((l) => [l.name, l.tactic]));
    const names = [...new Set([...before.keys(), ...after.keys()])];
    return names
        .map((layer) => ({ layer, first: before.get(layer) ?? null, again: after.get(layer) ?? null }))
        .filter((c) => c.first !== c.again || !before.has(c.layer) || !after.has(c.layer));
}
/** The outputs of a rebuild against the first build's: bitwise, else by the accuracy check's tolerance. */
function outputsAgainst(first, again, tolerance) {
    let worst = { bitwiseEqual: true, output: null, maxAbsDiff: 0, outOfTolerance: 0 };
    for (const [name, want] of first) {
        const got = again.get(name);
        if (!got || got.length !== want.length)
            return { bitwiseEqual: false, output: name, maxAbsDiff: Infinity, outOfTolerance: 1 };
        let bitwise = true;
        for (let i = 0; i < want.length && bitwise; i += 1)
            bitwise = Object.is(got[i], want[i]);
        if (bitwise)
            continue;
        const error = compareOutput(got, want, [want.length], { ...tolerance, cosine: null, topK: null });
        const maxAbsDiff = error.maxAbsError ?? Infinity;
        if (worst.bitwiseEqual || error.outOfTolerance > worst.outOfTolerance || maxAbsDiff > worst.maxAbsDiff)
            worst = { bitwiseEqual: false, output: name, maxAbsDiff, outOfTolerance: error.outOfTolerance };
    }
    return worst;
}
/**
 * How a rebuild compares with the first build, and the strongest level that was measured to hold. `latencySame`
 * is the A/B's answer (true: `same`; false: slower or faster; null: not measured or no verdict): a level above
 * latency holds only where a measured latency agrees too.
 */
function judgeRebuild(first, again, tolerance, latencySame = null) {
    const bytesEqual = first.sha256 === again.sha256;
    const changedLayers = first.layers && again.layers ? tacticChanges(first.layers, again.layers) : null;
    const outputs = first.outputs && again.outputs ? outputsAgainst(first.outputs, again.outputs, tolerance) : null;
    // The same bytes are the same engine. The same tactics count only where the outputs, when measured, agree too:
    // #4798's builds shared a timing cache and still gave other outputs.
    const outputsAgree = outputs !== null && outputs.outOfTolerance === 0;
    const latencyAgrees = latencySame !== false;
    const level = bytesEqual
        ? 'bits'
        : changedLayers?.length === 0 && (outputs === null || outputsAgree) && latencyAgrees
            ? 'tactics'
            : outputsAgree && latencyAgrees
                ? 'outputs'
                : latencySame === true
                    ? 'latency'
                    : 'none';
    return { level, bytesEqual, changedLayers, outputs };
}
/**
 * The level every rebuild reached: the weakest of them (an engine is as stable as its least alike rebuild); null
 * when no rebuild ran, since nothing was measured.
 */
function certifiedLevel(rebuilds) {
    if (rebuilds.length === 0)
        return null;
    const rank = (level) => STABILITY_LEVELS.indexOf(level);
    return rebuilds.reduce((weakest, r) => (rank(r.level) > rank(weakest) ? r.level : weakest), 'bits');
}

;// CONCATENATED MODULE: ./.build/tsc/stability/stage.js
// The stability stage (`stability: { rebuilds: N }`): each engine that built (or came from the cache) is built N
// more times, afresh, with the run's timing cache, and each rebuild is compared with it: the plan's bytes, the
// tactic of every layer (detailed layer info), the outputs on the same seeded inputs at opt. The level every
// rebuild reached is certified; nothing is claimed that was not measured (levels.ts).












/** Each engine's stability, by its job; absent where `stability:` is off or the engine did not build. */
async function checkStability(outcomes, context) {
    const results = new Map();
    const asked = context.config.stability?.rebuilds ?? 0;
    if (asked === 0)
        return results;
    for (const outcome of outcomes) {
        if (!outcome.plan || (outcome.status !== 'built' && outcome.status !== 'cached'))
            continue;
        if (context.signal?.aborted)
            break;
        const io = onnxIoOf(outcome.job.model.onnx);
        let first;
        try {
            first = await sampleOf(outcome, outcome.plan, io, context, 'first');
        }
        catch (error) {
            // The tested engine would not run on the inputs: nothing to compare a rebuild with, said.
            const problem = `the engine could not be run to compare its rebuilds with: ${(0,errors/* errorMessage */.gJ)(error)}`;
            results.set(jobKey(outcome.job), { level: null, rebuilds: [], asked, problem });
            continue;
        }
        const rebuilds = [];
        // With the run's timing cache, as the fleet rebuilds; then once without it, to show what the cache pins. A run
        // without one rebuilds without one, and says so.
        const cached = hasTimingCache(context);
        const runs = [...Array.from({ length: asked }, () => cached), ...(cached ? [false] : [])];
        for (const [i, timingCache] of runs.entries()) {
            if (context.signal?.aborted)
                break;
            rebuilds.push(await rebuildOnce(outcome, i + 1, timingCache, { first, io }, context));
        }
        const compared = rebuilds.filter((r) => r.problem === null);
        results.set(jobKey(outcome.job), { level: certifiedLevel(compared), rebuilds, asked, problem: null });
    }
    return results;
}
/** Whether the run builds with a timing cache (trt-ci.yml's timing-cache:, or the cache folder's). */
const hasTimingCache = (context) => context.config.timingCache !== null || context.config.cacheDir !== null;
async function rebuildOnce(outcome, n, timingCache, { first, io }, context) {
    const { job } = outcome;
    const dir = (0,external_node_path_.join)(context.config.outputDir, 'stability', `${job.model.name}.${job.profile.name}`);
    const workspaceBytes = outcome.attempts.at(-1)?.workspaceBytes ?? job.model.workspaceBytes;
    const name = timingCache ? `rebuild-${n}` : `rebuild-${n}-no-timing-cache`;
    const again = sideJob(job, dir, name, { workspaceBytes, fresh: true, withoutTimingCache: !timingCache });
    const none = { level: 'none', bytesEqual: false, changedLayers: null, outputs: null, latency: null };
    const built = await context.buildPlan(again, outcome.gpu?.index ?? null);
    if (!built.plan)
        return {
            ...none,
            timingCache,
            plan: null,
            problem: `rebuild ${n} did not build: ${built.failure?.message ?? 'no plan'}`,
        };
    try {
        const sample = await sampleOf(outcome, built.plan, io, context, name);
        // Other bytes: the two engines are timed against each other, interleaved on the engine's GPU.
        const latency = sample.sha256 === first.sha256 ? null : await latencyAgainst(outcome, built.plan.path, name, context);
        const same = latency === null ? null : latency.verdict === 'same' ? true : SIDES.has(latency.verdict) ? false : null;
        const judged = judgeRebuild(first, sample, stage_toleranceOf(outcome, first), same);
        const outputs = judged.outputs && {
            ...judged.outputs,
            maxAbsDiff: Number.isFinite(judged.outputs.maxAbsDiff) ? judged.outputs.maxAbsDiff : null,
        };
        return { ...judged, timingCache, outputs, latency, plan: built.plan.path, problem: null };
    }
    catch (error) {
        const problem = `rebuild ${n} could not be compared: ${(0,errors/* errorMessage */.gJ)(error)}`;
        return { ...none, timingCache, plan: built.plan.path, problem };
    }
}
/** A/B verdicts that say the latency differs; any other (inconclusive, a mismatch) measured nothing. */
const SIDES = new Set(['slower', 'faster']);
/** The interleaved A/B of a rebuild against the engine the run tested, with trt-ci's defaults. */
async function latencyAgainst(outcome, plan, name, context) {
    const { job } = outcome;
    const dir = (0,external_node_path_.join)(context.config.outputDir, 'stability', `${job.model.name}.${job.profile.name}`, `${name}.ab`);
    const budget = smallestChange(job.model.budgets['latency-growth']);
    try {
        const result = await abOfEngine(outcome, { base: outcome.plan.path, head: plan }, dir, budget, context);
        return { verdict: result.verdict, ratio: result.ratio };
    }
    catch (error) {
        // An engine that would not run, or a contract the two do not share: no latency was measured.
        return { verdict: `not measured: ${(0,errors/* errorMessage */.gJ)(error)}`, ratio: null };
    }
}
/** The accuracy check's tolerance (else the precision's defaults), absolute at the first build's largest output. */
function stage_toleranceOf(outcome, first) {
    const { atol, rtol } = outcome.job.model.accuracy ?? outcome.job.model.consistency.tolerance;
    const each = [...(first.outputs?.values() ?? [])].map((values) => absoluteTolerance(atol, values));
    return { atol: Math.max(0, ...each), rtol };
}
/** The model's inputs and outputs, read once per engine; null for a model trt-ci cannot read. */
function onnxIoOf(onnx) {
    try {
        return readOnnxIo(onnx);
    }
    catch {
        return null;
    }
}
/**
 * A build's plan digest (its scan's), its layers' tactics, and its outputs on the seeded inputs at opt; a model
 * trt-ci cannot read has its outputs not measured, and no level is claimed by them.
 */
async function sampleOf(outcome, plan, io, context, name) {
    const { job } = outcome;
    // The verify stage's digest of the plan, where it has one: the bytes are read once.
    const sha256 = plan.scan.sha256 ?? (await context.digests.of(plan.path));
    if (!sha256)
        throw new Error(`${plan.path} could not be read`);
    const layers = plan.layerInfo ? ((await readEngineLayers(plan.layerInfo))?.layers ?? null) : null;
    if (!io)
        return { sha256, layers, outputs: null };
    const types = new Map(io.inputs.map((v) => [v.name, v.type]));
    const inputs = seededInputs(runProfile(job.profile), 'opt', types);
    const dir = (0,external_node_path_.join)(context.config.outputDir, 'stability', `${job.model.name}.${job.profile.name}`, `${name}.run`);
    await (0,promises_.rm)(dir, { recursive: true, force: true });
    await (0,promises_.mkdir)(dir, { recursive: true });
    const where = {
        gpu: outcome.gpu?.index ?? null,
        timeoutMs: job.model.buildTimeoutMs,
        ...(context.signal && { signal: context.signal }),
    };
    const request = readingRequest(inputs, io.outputs, dir);
    const ran = await context.runner.infer(engineOf(plan.path, job.model, job.profile, 'opt'), where, request);
    if ('problem' in ran)
        throw new Error(ran.problem);
    return { sha256, layers, outputs: ran.outputs };
}

;// CONCATENATED MODULE: ./.build/tsc/gpu/selection.js

/**
 * The GPUs `gpus:` names, checked against what nvidia-smi lists: an index it does not list is a config
 * error (exit 2) wherever it is found, in preflight as in the build stage. Null for `gpus: all`.
 */
function selectedGpus(config, query) {
    if (config.gpus === 'all')
        return null;
    if (!query.ok)
        return config.gpus;
    const known = new Set(query.gpus.map((g) => g.index));
    const missing = config.gpus.findIndex((index) => !known.has(index));
    if (missing !== -1) {
        throw (0,errors/* configError */.Fj)(config, ['gpus', missing], `expected a GPU index that nvidia-smi lists (${[...known].join(', ')}), got ${config.gpus[missing]}`);
    }
    return config.gpus;
}

;// CONCATENATED MODULE: ./.build/tsc/gpu/memory-sampler.js

/**
 * Memory samples per GPU, kept as plain arrays: ten a second for a 45-minute run on 8 GPUs is a
 * few hundred thousand numbers. Pure, so attribution is tested without nvidia-smi.
 */
class MemoryTimeline {
    series = new Map();
    baselineEnd = Number.POSITIVE_INFINITY;
    add(gpu, time, usedMiB) {
        let series = this.series.get(gpu);
        if (!series) {
            series = { times: [], values: [] };
            this.series.set(gpu, series);
        }
        series.times.push(time);
        series.values.push(usedMiB);
    }
    /**
     * Samples up to this moment describe the idle GPU. A sample stamped in the same millisecond is idle too: it
     * was taken before this mark, which comes before any build starts.
     */
    markBaselineEnd(time) {
        this.baselineEnd = Math.min(this.baselineEnd, time);
    }
    hasSampled(gpus) {
        return gpus.every((gpu) => (this.series.get(gpu)?.times.length ?? 0) > 0);
    }
    /** What a build on `gpu` from `start` to `end` held; null when no sample fell in the window. */
    window(gpu, start, end) {
        const series = this.series.get(gpu);
        if (!series)
            return null;
        let peak = Number.NEGATIVE_INFINITY;
        let samples = 0;
        let idle = null;
        let lowest = Number.POSITIVE_INFINITY;
        for (let i = 0; i < series.times.length; i += 1) {
            const time = series.times[i];
            const value = series.values[i];
            if (time <= this.baselineEnd)
                idle = value;
            if (time >= start && time <= end) {
                peak = Math.max(peak, value);
                lowest = Math.min(lowest, value);
                samples += 1;
            }
        }
        if (samples === 0)
            return null;
        const baselineMiB = idle ?? lowest;
        return { peakUsedMiB: peak, baselineMiB, attributedMiB: Math.max(0, peak - baselineMiB), samples };
    }
}
const SAMPLE_FIELDS = 'index,memory.used';
/** One `nvidia-smi --query-gpu=index,memory.used -lms N` stream for the whole run. */
class MemorySampler {
    smi;
    intervalMs;
    clock;
    timeline = new MemoryTimeline();
    /** The running stream: its cancel and its end; null when none runs (never started, stopped, no nvidia-smi). */
    child = null;
    constructor(
    /** nvidia-smi without the run's cancel: the stream is stopped by stop(), at the end of the builds. */
    smi, intervalMs = 100, clock = Date.now) {
        this.smi = smi;
        this.intervalMs = intervalMs;
        this.clock = clock;
    }
    start() {
        const stop = new AbortController();
        // Started as every process is (proc/run-process.ts): its own group, killed with it, credentials removed.
        const ended = (this.smi.start ?? runProcess)({
            command: this.smi.command,
            args: [`--query-gpu=${SAMPLE_FIELDS}`, '--format=csv,noheader,nounits', `-lms`, String(this.intervalMs)],
            env: this.smi.env,
            signal: stop.signal,
            onLine: (line) => {
                const [index, used] = line.split(',').map((part) => Number(part.trim()));
                if (Number.isInteger(index) && Number.isFinite(used))
                    this.timeline.add(index, this.clock(), used);
            },
        });
        const child = { stop, ended };
        this.child = child;
        // No nvidia-smi, or one that ended by itself: builds go on without memory figures.
        void ended.then(() => {
            if (this.child === child)
                this.child = null;
        });
    }
    /** Waits (briefly) until every GPU has an idle sample, so builds can be measured against it. */
    async waitForBaseline(gpus, timeoutMs = 3_000) {
        const deadline = this.clock() + timeoutMs;
        while (this.child && !this.timeline.hasSampled(gpus) && this.clock() < deadline) {
            await new Promise((resolve) => setTimeout(resolve, 20));
        }
        this.timeline.markBaselineEnd(this.clock());
    }
    /** Ends the stream: its process group is killed (a wedged driver's nvidia-smi ignores SIGTERM). */
    async stop() {
        const child = this.child;
        this.child = null;
        if (!child)
            return;
        child.stop.abort();
        await child.ended;
    }
}

;// CONCATENATED MODULE: ./.build/tsc/cache/timing-cache.js





/**
 * Builds on other GPUs run at the same time, and trtexec rewrites its timing cache file in place at
 * the end: two of them writing one file could leave it torn. Each build works on its own copy of the
 * shared cache and a finished build replaces the shared one with a rename, which is atomic; the
 * shared cache is always whole. trtexec cannot merge two caches, so when builds overlap the copy that
 * knows most (the largest: a timing cache only grows) is kept, and the others' new entries are lost;
 * serializing the builds instead would cost the GPUs their parallelism, which is worth more.
 */
async function privateTimingCache(shared, label, trust) {
    await (0,promises_.mkdir)((0,external_node_path_.dirname)(shared), { recursive: true });
    const own = `${shared}.${process.pid}.${label}.${(0,external_node_crypto_.randomBytes)(4).toString('hex')}`;
    // A timing cache another job could have written (a pull request's, on a shared runner) is not handed to
    // this build unless the cache's trust says it may be (cache/trust.ts): the build starts with none.
    if (await servable(shared, trust)) {
        // One that went meanwhile: the build starts without it. (One this user may not read is exit 2 when
        // trt-ci.yml is read: config/rules.ts.)
        await (0,promises_.copyFile)(shared, own).catch((error) => {
            if (error.code !== 'ENOENT')
                throw error;
        });
    }
    return own;
}
/** Whether the shared timing cache may be given to a build: a plain file, signed where signatures count. */
const servable = async (shared, trust) => trust.trust === 'any' ? isPlainFile(shared) : (await servedFile('timing', shared, trust)) !== null;
/** Puts a finished build's copy in place of the shared cache, unless the shared one already knows more. */
async function publishTimingCache(own, shared, built, trust) {
    const mine = await (0,promises_.stat)(own).catch(() => null);
    const current = await (0,promises_.stat)(shared).catch(() => null);
    // What is there counts only if this run may be served it: one it may not is replaced whatever its size.
    const kept = current ? await servable(shared, trust) : false;
    // Never an unsigned cache over one signed by the key this run verifies with (it would undo the default
    // branch's); otherwise the copy that knows more stays.
    if (built && mayReplace(trust, kept) && mine?.isFile() && (!kept || mine.size >= current.size)) {
        await placeSigned('timing', own, shared, trust);
        return 'kept';
    }
    await (0,promises_.rm)(own, { force: true });
    return 'dropped';
}

;// CONCATENATED MODULE: ./.build/tsc/cache/timing-cache-origin.js
// Where a `timing-cache:` file of the user's was written. TensorRT keeps a timing cache per TensorRT build and
// device (docs/stability.md), yet the file itself says neither in a form anyone documents, and trtexec loads it
// with setTimingCache(…, ignoreMismatch=false) and goes on when TensorRT refuses it. So trt-ci records, beside
// the file, the TensorRT and GPU model of the build that last wrote it, with the file's sha256 (a file replaced
// by another hand is no longer the one recorded); a build of another TensorRT or GPU model does not use it.
// (The cache folder's timing caches need none: their names carry both, build-stage.ts.)



const originFileOf = (timingCache) => `${timingCache}.origin.json`;
async function readTimingCacheOrigin(timingCache) {
    const content = await (0,promises_.readFile)(timingCache).catch(() => null);
    if (content === null)
        return { state: 'absent' };
    const origin = parseOrigin(await (0,promises_.readFile)(originFileOf(timingCache), 'utf8').catch(() => null));
    if (!origin)
        return { state: 'unrecorded' };
    return origin.sha256 === sha256Of(content) ? { state: 'recorded', origin } : { state: 'replaced' };
}
function parseOrigin(text) {
    if (text === null)
        return null;
    try {
        const { tensorrt, gpu, sha256 } = JSON.parse(text);
        if (typeof tensorrt !== 'string' || typeof sha256 !== 'string')
            return null;
        return { tensorrt, gpu: typeof gpu === 'string' ? gpu : null, sha256 };
    }
    catch {
        return null;
    }
}
/**
 * Records the build that just wrote the file (after its rename into place), with a rename of its own: builds on
 * other GPUs finish at the same time, and a record is whole or not there. One that lost the race to the file
 * names another sha256 than the file's, and reads as replaced: used as given, and said.
 */
async function recordTimingCacheOrigin(timingCache, tensorrt, gpu) {
    const content = await (0,promises_.readFile)(timingCache).catch(() => null);
    if (content === null)
        return;
    const origin = { tensorrt, gpu, sha256: sha256Of(content) };
    const staged = `${originFileOf(timingCache)}.${process.pid}.${(0,external_node_crypto_.randomBytes)(4).toString('hex')}`;
    await (0,promises_.writeFile)(staged, `${JSON.stringify(origin, null, 2)}\n`, { flag: 'wx' });
    await (0,promises_.rename)(staged, originFileOf(timingCache));
}
/**
 * Why a build of `tensorrt` on `gpu` must not use the recorded file, or null when it may: another TensorRT
 * (release and build number, as TensorRT's support policy asks of timing caches) or another GPU model. A build
 * whose GPU is not known is not held to the GPU.
 */
function foreignTo(state, tensorrt, gpu) {
    if (state.state !== 'recorded')
        return null;
    const { origin } = state;
    const otherTensorrt = origin.tensorrt !== tensorrt;
    const otherGpu = gpu !== null && origin.gpu !== null && origin.gpu !== gpu;
    if (!otherTensorrt && !otherGpu)
        return null;
    const written = `written by TensorRT ${origin.tensorrt}${origin.gpu ? ` on ${origin.gpu}` : ''}`;
    return `${written}, not TensorRT ${tensorrt}${gpu ? ` on ${gpu}` : ''}`;
}

;// CONCATENATED MODULE: ./.build/tsc/cache/plan-cache.js
// The engine cache as one layer around a build. A build asks once, `getOrBuild`, and the layer does the rest in
// its order: the key, the run's folder, then the fleet's registry, the trust check, the restore and its digest
// check; on a miss the build, then the store (signed where this run signs) and the push. The build itself (the
// producer) knows nothing of the cache, and the cache nothing of how a plan is made.






/** What a cache that cannot be read or written (a full, read-only or damaged disk) did; said in the report. */
function cacheProblem(what, error) {
    return `the engine cache could not be ${what}: ${(0,errors/* errorMessage */.gJ)(error)}`;
}
const NOT_PULLED = { pulledFrom: null, builtBy: null, pushed: false, duplicate: false };
/** Who built an entry, as its record says (never trusted: it is what the report shows). */
function builtBy(record) {
    const p = record.provenance;
    if (!p)
        return null;
    return p.run ?? `${p.event}${p.commit ? ` ${p.commit.slice(0, 12)}` : ''}`;
}
function miss(key, registry, how = {}) {
    const base = { key, hit: false, savedSeconds: null, corrupt: false, untrusted: false, problem: null };
    return { ...base, registry: registry && NOT_PULLED, ...how };
}
const withProblem = (verdict, problem) => problem ? { ...verdict, problem: verdict.problem ? `${verdict.problem}; ${problem}` : problem } : verdict;
/**
 * The run's engine cache: its folder (the run's own when the fleet's registry stands behind it), the keys,
 * whom it serves and how it signs, and the registry.
 */
class PlanCache {
    engines;
    keys;
    trust;
    toolchain;
    provenance;
    registry;
    toolchainLookup = null;
    constructor(engines, keys, trust, toolchain, 
    /** Who this run is, as its entries record it (said in the record, never trusted). */
    provenance, 
    /** The fleet's registry behind the run's folder (cache-dir: oci://…), or null. */
    registry) {
        this.engines = engines;
        this.keys = keys;
        this.trust = trust;
        this.toolchain = toolchain;
        this.provenance = provenance;
        this.registry = registry;
    }
    /** The content key: the request, the toolchain (looked up once per run) and the files' digests. */
    async keyOf(request) {
        this.toolchainLookup ??= this.toolchain();
        return this.keys.key({ ...request, ...(await this.toolchainLookup) });
    }
    /**
     * A hit: the plan restored where the build would have written it, and checked; a mismatch is removed and
     * rebuilt. An entry this run does not trust (a pull request's, read by the default branch) is not served.
     * With a registry, an entry the run's folder lacks is pulled into it first and served by the same checks.
     */
    async lookup(key, files) {
        const { engines, registry } = this;
        let entry = await engines.lookup(key);
        let pulled = { from: null, problem: null };
        if (entry === null && registry) {
            pulled = await registry.pullEngine(key, engines);
            if (pulled.from)
                entry = await engines.lookup(key);
        }
        const remote = registry && {
            ...NOT_PULLED,
            pulledFrom: pulled.from,
            builtBy: pulled.from && entry && entry !== 'corrupt' ? builtBy(entry.record) : null,
        };
        const missed = (how) => ({
            served: null,
            verdict: miss(key, registry, { problem: pulled.problem, registry: remote, ...how }),
        });
        if (entry === null || entry === 'corrupt')
            return missed({ corrupt: entry === 'corrupt' });
        const { record } = entry;
        if (!mayServe(this.trust, 'engine', key, record.sha256, record.signature))
            return missed({ untrusted: true });
        await engines.restore(entry, files.plan, files.layerInfo);
        const scan = await scanPlan(files.plan);
        if (scan.sha256 !== record.sha256) {
            await engines.remove(key);
            await (0,promises_.rm)(files.plan, { force: true });
            await (0,promises_.rm)(files.layerInfo, { force: true });
            return missed({ corrupt: true });
        }
        const layerInfo = record.hasLayerInfo ? files.layerInfo : null;
        return {
            served: { plan: files.plan, layerInfo, scan, buildSeconds: record.buildSeconds },
            verdict: {
                ...miss(key, registry, { registry: remote }),
                hit: true,
                savedSeconds: record.buildSeconds,
                argv: record.argv,
                builtOn: {
                    runner: record.provenance?.runner ?? null,
                    gpu: record.gpu?.name ?? null,
                    computeCapability: record.gpu?.computeCapability ?? null,
                    run: builtBy(record),
                },
            },
        };
    }
    /**
     * Keeps a plan a build just made under its key (signed where this run signs), then pushes it to the registry
     * this run writes. Whatever fails is said in the verdict: a full cache disk costs the next run a build, not
     * this one its engine.
     */
    async keep(key, fresh, verdict) {
        if (!fresh.sha256)
            return verdict;
        const signature = signEntry(this.trust, 'engine', key, fresh.sha256);
        const record = {
            key,
            ...fresh.record,
            bytes: fresh.bytes,
            sha256: fresh.sha256,
            createdAt: new Date().toISOString(),
            hasLayerInfo: fresh.layerInfo !== null,
            ...(this.provenance && { provenance: this.provenance }),
            ...(signature && { signature }),
        };
        try {
            // An entry this run does not trust is replaced by its own build.
            await this.engines.store(record, fresh.plan, fresh.layerInfo, { replace: verdict.untrusted });
        }
        catch (error) {
            return withProblem(verdict, cacheProblem('written', error));
        }
        return this.registry?.writes ? this.push(key, verdict) : verdict;
    }
    async push(key, verdict) {
        const entry = await this.engines.lookup(key);
        if (!entry || entry === 'corrupt' || !this.registry)
            return verdict;
        const pushed = await this.registry.pushEngine(key, entry.dir, entry.record);
        const registry = { ...(verdict.registry ?? NOT_PULLED), pushed: pushed.pushed, duplicate: pushed.already };
        return { ...withProblem(verdict, pushed.problem), registry };
    }
    /** Each timing cache from the registry into the run's folder; the size each came with. */
    async pullTimingCaches(paths) {
        const pulled = new Map();
        if (!this.registry)
            return pulled;
        for (const path of new Set(paths)) {
            await (0,promises_.mkdir)((0,external_node_path_.dirname)(path), { recursive: true }).catch(() => { });
            await this.registry.pullFile('timing', (0,external_node_path_.basename)(path), path);
            pulled.set(path, (0,errors/* fileSize */.Ov)(path));
        }
        return pulled;
    }
    /**
     * A timing cache that grew in this run goes back to the registry this run writes (the default branch's for
     * a default-branch run; a pull request's own repository, or none): it only grows, so larger is newer.
     */
    async pushTimingCaches(pulled) {
        if (!this.registry?.writes)
            return;
        for (const [path, before] of pulled) {
            const size = (0,errors/* fileSize */.Ov)(path);
            if (size === null || size === 0 || (before !== null && size <= before))
                continue;
            const bytes = await (0,promises_.readFile)(path).catch(() => null);
            if (!bytes)
                continue;
            const sha256 = sha256Of(bytes);
            const signature = signEntry(this.trust, 'timing', (0,external_node_path_.basename)(path), sha256);
            await this.registry.pushFile('timing', (0,external_node_path_.basename)(path), path, sha256, signature);
        }
    }
    /**
     * The cache trimmed to its limits: with a registry, what this repository pushed (the run's folder goes with
     * the run); else the folder, least recently used first. A folder that cannot be trimmed is said, not thrown.
     */
    async evict(limits) {
        if (this.registry)
            return this.registry.evict(limits);
        return this.engines.evict().then(({ removed, bytes }) => ({ removed: removed.length, bytes, problem: null }), (error) => ({ removed: 0, bytes: null, problem: cacheProblem('trimmed to cache-max-size', error) }));
    }
}
/**
 * The one way a plan is got: from the cache when it holds this exact build (and this run trusts whoever stored
 * it), else built and kept. No cache, or no key (a GPU nobody named): the build alone, with no verdict. The cache
 * only saves time: one it cannot read is a miss, said in the report, and the engine is built.
 */
async function getOrBuild(cache, request, files, build, signal) {
    if (!cache || !request)
        return { built: (await build()).result, verdict: null };
    const key = await cache.keyOf(request);
    // A cancel during the key's hashing leaves a file's digest unknown: no key is whole, nothing is looked up.
    if (signal?.aborted)
        return { built: (await build()).result, verdict: null };
    const looked = await cache.lookup(key, files).catch((error) => ({
        served: null,
        verdict: miss(key, cache.registry, { problem: cacheProblem('read', error) }),
    }));
    if (looked.served)
        return { served: looked.served, verdict: looked.verdict };
    const { result, fresh } = await build();
    return { built: result, verdict: fresh ? await cache.keep(key, fresh, looked.verdict) : looked.verdict };
}

;// CONCATENATED MODULE: ./.build/tsc/tensorrt/failures.js
/** A process that died of a signal, as a shell or a signal handler says it (test/fixtures/trtexec-logs/crash-*). */
const CRASH = /\b(Segmentation fault|Bus error|Illegal instruction)\b|\bAborted \(core dumped\)/;
/**
 * Lines that tell why trtexec failed, from real logs (test/fixtures/trtexec-logs). Order is priority:
 * when a log shows several, the earlier kind is the cause (a missing plugin also fails the ONNX
 * parse; an out-of-memory also ends in "Could not find any implementation").
 */
const EVIDENCE = [
    { kind: 'unknown-option', pattern: /Unknown option: (\S+)/ },
    // The engine built and could not be written (sampleEngines.cpp v10.16 saveEngine and setUpInference): a full
    // or read-only output folder. Before out-of-memory: a build that skipped tactics for memory still built.
    {
        kind: 'other',
        pattern: anyOf(/Saving engine to file failed/, /Cannot open engine file: /, /Failed to open engine file for reading/, /Error when reading engine file/),
        hint: 'trtexec built the engine and could not write it: check the free space of the output folder and that it ' +
            'is writable (df -h; a read-only mount), then build again.',
    },
    // TensorRT-RTX checks a profile's shapes against the network itself (real logs, test/fixtures/tensorrt-rtx/logs).
    // Before driver-insufficient: building on a CPU (TensorRT-RTX's default), checking a bad profile also logs a
    // CUDA driver error (cudaError 35) that nothing else in the build needed.
    {
        kind: 'bad-profile',
        pattern: anyOf(/please ensure that the optimization profiles satisfy MIN<=OPT<=MAX/, /input tensor \S+ has \d+ dimensions but profile \d+ has \d+ dimensions/),
    },
    {
        kind: 'driver-insufficient',
        pattern: /CUDA driver version is insufficient for CUDA runtime version|CUDA initialization failure with error:? 35\b/,
    },
    { kind: 'unsupported-gpu', pattern: /Unsupported SM|SM version not supported|Target GPU SM \d+ is not supported/ },
    // TensorRT-RTX 1.7 loading a plan on a GPU it was not built for, or does not support (real: an H100, 9.0).
    {
        kind: 'unsupported-gpu',
        pattern: /The engine cannot run on this GPU, which has compute capability/,
        hint: 'TensorRT-RTX runs a plan only on the compute capabilities it was built for (--compute-capability), and ' +
            'only on those it supports (7.5, 8.0, 8.6, 8.9, 12.0, 12.1): run it on such a GPU, or build for this one.',
    },
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
    // An op the parser has no importer for: it then looks for a plugin of the op's name, and says the plugin is not
    // found (TensorRT-RTX 1.7, test/fixtures/tensorrt-rtx/logs/unsupported.log). Before plugin-missing.
    {
        kind: 'onnx-parse',
        pattern: /In function checkFallbackPluginImporter/,
        hint: 'The ONNX has an op this TensorRT has no importer for (the parser then looked for a plugin of its name and ' +
            'found none): the node is the one the log names ("While parsing node number …"). Export it as ops TensorRT ' +
            'imports (another opset, a supported equivalent), or give a plugin that implements it under plugins:.',
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
        pattern: anyOf(/Cuda Runtime \(out of memory\)/i, /Error Code 2: OutOfMemory/i, /out of memory/i, 
        // TensorRT 7's one word (rtSafe "OutOfMemory Error in allocate") and 8.x's own spelling "insuficient".
        /OutOfMemory Error/, /could not be allocated/i, /insuf+icient memory/i, 
        // Said by the allocator alone, with no "Building engine failed" after it (a Jetson build's autotuning, Myelin).
        /User allocator error allocating \d+-byte buffer/, /region '[^']+' allocation failed/, /Requested size was \d+ bytes/),
    },
    // The ONNX parser could not open the file (onnx-tensorrt's ParseFromFileAsBinary and parseFromFile): a path,
    // not a model that does not parse. Before onnx-parse, whose "Failed to parse ONNX model from file" follows.
    {
        kind: 'other',
        pattern: /^Could not open file |Input is not a regular file: |Input file cannot be found/,
        hint: 'trtexec could not open the file the message names: it is missing, unreadable, or a folder. The path is ' +
            "trtexec's: where trtexec runs in a container (a trtexec: or run: wrapper), mount the model's folder at the " +
            'same path, or give the model by a path that exists there.',
    },
    {
        kind: 'int8-calibration',
        pattern: anyOf(/Calibration failure occurred with no scaling factors detected/, /Could not find scales for tensor/, /Builder failed while configuring INT8 mode/, 
        // An assertion in TensorRT's quantization code: a calibration cache that is not one (an .h5 given to --calib,
        // NVIDIA/TensorRT#2984: quantizeBiasCommon) or ranges it cannot use (min > max, #1634: DynamicRange).
        /\[(?:quantization|weightConvertors|calibrator)\.cpp::\w+::\d+\].*Assertion/),
    },
    {
        kind: 'no-profile',
        pattern: /no optimization profile has been defined|optimization profile is missing values for shape input/,
    },
    // After out-of-memory, whose builds also end in it; before the assertion and the crash that may follow it.
    { kind: 'no-implementation', pattern: /Could not find any implementation for node/ },
    // Myelin's words for the same, where the workspace is what is short (TensorRT-RTX 1.7 with a 1-byte workspace).
    {
        kind: 'no-implementation',
        pattern: /no tactics to implement the operation within workspace limit/,
        hint: 'TensorRT found no kernel that fits the workspace it was given: raise workspace: (and min-workspace:), ' +
            'or leave workspace: unset for the builder to use what the GPU has.',
    },
    {
        kind: 'onnx-parse',
        pattern: anyOf(/Failed to parse onnx file/, /Failure while parsing ONNX file/, /While parsing node number/, /Parsing model failed/, 
        // No gaps: `.*` between two words is quadratic on a long line that repeats the first one.
        /ModelImporter\.cpp:\d+: ERROR/),
    },
    // glibc's assert(3) line, then abort (SIGABRT, exit 134 from a shell), with no &&&& line after it:
    // "python3: …/myelin/src/compiler/kernel_gen/dag.cpp:1050: …: Assertion `value_info->operand()->is_tensor()'
    // failed." (NVIDIA/TensorRT#2654). Last: a log that says more (out of memory, a plugin) says why.
    // Myelin's own form says the same: "In function split_input -- …kqv_gemm_split.cpp:658 … -- assertion failed".
    {
        kind: 'internal-assertion',
        pattern: anyOf(/: Assertion `[^`'’]*['’] failed\.|-- assertion failed$/, 
        // trtexec's fatal line ("[F] [TRT] Assertion failed: …", NVIDIA/TensorRT#2690) and TensorRT 7's ("[TensorRT]
        // INTERNAL ERROR: Assertion failed: …", #872); the check's file and line follow on the next line.
        /^Assertion failed: |INTERNAL ERROR: Assertion failed: /, 
        // Myelin's own checks: "operand.cpp:75: DCHECK(t->root_tensor()->is_update_tensor()) failed" (#4394).
        /\bD?CHECK\(.*\) failed\b/, 
        // An Error Code 2 assertion; not the builder's "engine != nullptr", which only says the build failed.
        /Internal Error \(Assertion (?!engine(?:Ptr)? != nullptr).* failed/),
    },
    // A crash says least: the shell's line ("Segmentation fault (core dumped)"), or a signal handler's
    // ("Signal: Segmentation fault (11)"). Any line that says more comes first.
    {
        kind: 'other',
        pattern: CRASH,
        hint: 'trtexec crashed: TensorRT, a plugin or the driver died on this model. Run it again with --verbose to see ' +
            'the last layer it reached; a crash in a plugin points at the plugin, else report it to NVIDIA with the log.',
    },
];
/** One pattern that matches any of the alternatives (each kept on its own line). */
function anyOf(...alternatives) {
    return new RegExp(alternatives.map((a) => a.source).join('|'), alternatives[0]?.flags);
}
/** Lines after which trtexec gives up; without an exit code they mark the log as failed. */
const TERMINAL_PATTERN = anyOf(/Engine set up failed/, /Engine could not be created/, /Engine creation failed/, /Failed to create engine/, /Failed to parse onnx file/, /Failure while parsing ONNX/, /Parsing model failed/, /Network validation failed/, /Cuda failure/, /^Aborting/, /Unknown option:/, /Engine deserialization failed/, /Could not deserialize engine/, /FAILED_EXECUTION/, /Cannot find any available devices/, /Cannot find device ID/, /Uncaught exception detected/, /Building engine failed/, /Serialization assertion /, /: Assertion `[^`'’]*['’] failed\.|-- assertion failed$/, /Deserialize the cuda engine failed/, /SymbolAddress for \w+ could not be loaded/, 
// The ONNX parser's own errors and a build that found no tactic: trtexec stops after them.
/While parsing node number/, /ModelImporter\.cpp:\d+: ERROR/, /Could not find any implementation for node/, /Saving engine to file failed/, CRASH);
const rankOf = (kind) => EVIDENCE.findIndex((e) => e.kind === kind);
const CALIBRATION_RANK = rankOf('int8-calibration');
/**
 * The failure evidence in one line, if any. A line at trtexec's [F] level (TensorRT's kINTERNAL_ERROR) that says
 * nothing more is an internal assertion.
 */
function matchEvidence(message, level = null) {
    for (let rank = 0; rank < EVIDENCE.length; rank += 1) {
        const evidence = EVIDENCE[rank];
        if (evidence.pattern.test(message))
            return { kind: evidence.kind, message, rank, ...(evidence.hint && { hint: evidence.hint }) };
    }
    return level === 'F' ? { kind: 'internal-assertion', message, rank: rankOf('internal-assertion') } : null;
}
/**
 * A line while TensorRT calibrates (from "Starting Calibration" to "Calibration completed"): an error there is the
 * calibration's, an illegal memory access first among them (NVIDIA/TensorRT#4092); a cause that says more (out of
 * memory, a driver) keeps its own kind.
 */
function matchWhileCalibrating(message, level) {
    const found = matchEvidence(message, level);
    if (found && found.rank <= CALIBRATION_RANK)
        return found;
    const illegal = /an illegal memory access was encountered/.test(message);
    if (!illegal && !found && level !== 'E')
        return null;
    const hint = illegal
        ? 'TensorRT hit an illegal memory access while calibrating: a bug in a kernel or a plugin at the calibration ' +
            'shapes, not in the data. Calibrate at a smaller shape (--optShapesCalib, a batch of 1), build without the ' +
            "plugin the model's failing layer uses, or give a quantized (Q/DQ) ONNX (ModelOpt), which needs no calibration."
        : undefined;
    return { kind: 'int8-calibration', message, rank: CALIBRATION_RANK + (illegal ? 0.25 : 0.5), ...(hint && { hint }) };
}
/** The file and line a fatal assertion names on the line after it ("/…/groupNormKernel.cu:138"). */
const LOCATION = /^\s*(\S+\.(?:cu|cuh|cpp|cc|h|hpp)):(\d+)\s*$/;
/** An assertion's evidence with the location on the line after it; a plugin's source gets a hint of its own. */
function withLocation(evidence, line) {
    const at = LOCATION.exec(line);
    if (!at)
        return null;
    const plugin = /\/plugin\/(\w+)\//.exec(at[1])?.[1];
    const hint = plugin
        ? `A check in TensorRT's ${plugin} failed (${at[1].split('/').at(-1)}:${at[2]}): the plugin does not take ` +
            "this layer's shapes or attributes. Use the ONNX op TensorRT builds natively where there is one (the parser " +
            'picks it over the plugin), change the shapes to ones the plugin supports, or fix the plugin.'
        : evidence.hint;
    return { ...evidence, message: `${evidence.message} (${at[1]}:${at[2]})`, ...(hint && { hint }) };
}
/** "Requested amount of GPU memory (N bytes)", "requested size of N", "allocating N-byte buffer". */
function requestedBytes(line) {
    const match = /memory \((\d+) bytes\)|requested size (?:of|was) (\d+)|allocating (\d+)-byte/i.exec(line);
    return match ? Number(match[1] ?? match[2] ?? match[3]) : null;
}

;// CONCATENATED MODULE: ./.build/tsc/tensorrt/failure-hints.js
// What to do about each kind of failure: a hint per kind, made more precise by what the caller knows (the
// TensorRT version, the workspace, the profile). The kinds are contract/failures.ts's; failures.ts finds them.




/** The hints that depend on nothing but the kind of failure. */
const FIXED_HINTS = {
    'precision-onnx-inaccurate': 'A weight or constant the narrow type cannot hold (past 65504, or too small for FP16) turns Inf or 0 in ' +
        'the written model: keep the node that holds it in FP32 (keep-fp32:, or trt-ci precision to find it), or ' +
        'give a strongly typed ONNX with precision: strongly-typed',
    'silent-fp32': 'Give precision: fp16 with the FP32 ONNX (trt-ci writes the FP16 ONNX TensorRT 11 needs: ' +
        'docs/accuracy.md), or an ONNX converted to FP16/BF16 (ModelOpt AutoCast) with precision: strongly-typed',
    'internal-assertion': 'TensorRT stopped on one of its own internal assertions (often in Myelin, which fuses ops into ' +
        'ForeignNodes): a TensorRT bug, not your config. Try another TensorRT release, or move the ops the ' +
        'assertion names out of the fused region (a Cast or a Reshape around them), and report it to ' +
        'NVIDIA/TensorRT with the log.',
    'unsupported-gpu': 'This TensorRT release has no kernels for this GPU (TensorRT >= ' +
        '10.5 needs compute capability >= 7.5; 8.4 lacks 8.9; 10.7 lacks 12.0). ' +
        'Use a TensorRT release that supports the GPU, or run on a runner whose GPU it supports.',
    'plugin-missing': 'A layer needs a plugin that was not loaded. List the ' +
        "plugin library under the model's `plugins:` (trt-ci passes it with " +
        '--staticPlugins, or --plugins before TensorRT 8.6), and ' +
        'check that the .so is in the image and built against this TensorRT.',
    'plan-incompatible': 'The plan was built by another TensorRT version or for another ' +
        'GPU; plans are not portable unless built with --versionCompatible ' +
        'or --hardwareCompatibilityLevel. Rebuild it with this TensorRT on this GPU type.',
    'onnx-parse': "TensorRT's ONNX parser rejected the model. Check that " +
        'its opset is supported by this TensorRT, run onnx.checker or ' +
        '`polygraphy inspect model` on it, and fold constants ' +
        '(`polygraphy surgeon sanitize --fold-constants`) before the build.',
    'int8-calibration': 'INT8 calibration failed. Give --calib a calibration cache written by this TensorRT for this model (one from ' +
        'another release or tool, or a data file such as .h5 or .npy, is not one; an empty one calibrates nothing), ' +
        "calibrate at the profile's shapes (--minShapesCalib/--optShapesCalib/--maxShapesCalib), or give a quantized " +
        '(Q/DQ) ONNX (ModelOpt) with precision: strongly-typed: it needs no calibrator, and is the only INT8 TensorRT 11 ' +
        'builds.',
    'bad-profile': "The profile's shapes do not fit the model: give each input the ONNX makes dynamic as many dimensions as it " +
        'has, with min <= opt <= max in every one (the message names the input and what TensorRT found).',
    'no-implementation': 'TensorRT found no kernel for the node the message names at these shapes and precisions. Give the build more ' +
        "workspace (workspace:, min-workspace:), narrow the profile's max shapes, drop a precision pinned on that node " +
        '(keep-fp32:, or --layerPrecisions with --precisionConstraints=obey), or try another TensorRT release; a ' +
        '{ForeignNode[…]} is a region Myelin fused, where this is often a TensorRT bug to report with the log.',
    cancelled: 'The run was cancelled (Ctrl-C, or the job was cancelled) before this build could finish; run again.',
    'preflight-failed': 'Fix what the preflight section says, or set preflight: warn-only in trt-ci.yml to build anyway.',
};
function outOfMemoryHint(message, context) {
    const asked = context.requestedBytes ?? requestedBytes(message);
    const floor = context.minWorkspaceBytes !== undefined
        ? ` down to min-workspace (${formatBytes(context.minWorkspaceBytes)})`
        : ' down to min-workspace';
    return (`The GPU ran out of memory during the build${asked ? ` (TensorRT asked for ${formatBytes(asked)})` : ''}. ` +
        `trt-ci retries with the workspace halved${floor}; if that is not enough, split the profile's max shapes, ` +
        'free the GPU (nvidia-smi ' +
        '--query-compute-apps=pid,used_memory --format=csv), or build on a GPU with more memory.');
}
function driverHint(context) {
    // Every TensorRT 11 package is built with CUDA 13 (docs/compatibility.md); earlier lines ship per-CUDA builds.
    const version = context.tensorrtVersion ? parseVersion(context.tensorrtVersion) : null;
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
function unknownOptionHint(message, context) {
    const flag = /Unknown option: (--[A-Za-z0-9]+)/.exec(message)?.[1];
    const version = context.tensorrtVersion ? parseVersion(context.tensorrtVersion) : null;
    const verdict = flag && version ? flagSupport(flag, version) : null;
    const why = verdict && !verdict.ok
        ? `${verdict.reason}. `
        : `trtexec ${context.tensorrtVersion ?? ''} does not know ${flag ?? 'this flag'}. `;
    return `${why}Remove it from extra-args, or run \`trtexec --help\` to see the flags this version takes.`;
}
function noProfileHint(message, context) {
    // "inputT1: optimization profile is missing values for shape input" names it; the older line names none.
    const named = /([^\s(]+): optimization profile is missing values/.exec(message)?.[1];
    const profile = context.profile;
    const given = profile ? ` (it gives ${profile.inputs.join(', ') || 'none'})` : '';
    return (`The network has ${named ? `a shape input, ${named},` : 'an input with dynamic dimensions, or a shape input,'} ` +
        `that ${profile ? `profile ${profile.name}` : "the build's profile"} gives no shape: give every dynamic input ` +
        `min/opt/max under the profile's shapes:${given}. \`polygraphy inspect model <onnx>\` lists the inputs and ` +
        'their dimensions.');
}
function hintFor(kind, message, context = {}) {
    switch (kind) {
        case 'out-of-memory':
            return outOfMemoryHint(message, context);
        case 'driver-insufficient':
            return driverHint(context);
        case 'unknown-option':
            return unknownOptionHint(message, context);
        case 'no-profile':
            return noProfileHint(message, context);
        case 'timeout': {
            const limit = context.buildTimeoutMs !== undefined ? ` (${formatDuration(context.buildTimeoutMs)})` : '';
            return (`The build ran past build-timeout${limit} and its whole ` +
                `process group was stopped. Raise build-timeout, keep the timing cache ` +
                'between runs (timing-cache) so later builds are faster, or pass ' +
                '--builderOptimizationLevel=2 in extra-args to search fewer tactics.');
        }
        case 'other':
            return (`trtexec failed for a reason trt-ci does not recognise; read the ` +
                `log${context.logFile ? ` (${context.logFile})` : ''} from the first [E] line.`);
        default:
            return FIXED_HINTS[kind];
    }
}
/** What a build or a run that the run's cancel stopped, or never let start, reports. */
const CANCELLED = {
    kind: 'cancelled',
    message: 'the run was cancelled',
    hint: hintFor('cancelled', ''),
};

;// CONCATENATED MODULE: ./.build/tsc/tensorrt/log-parser.js




const TIMESTAMP = /^\[?\d\d\/\d\d\/\d{4}-\d\d:\d\d:\d\d\] /;
const SEVERITY = /^\[([IWEVF])\] /;
const NUMBER = '(-?\\d+(?:\\.\\d+)?(?:e[-+]?\\d+)?)';
const STAT = new RegExp(`\\b(min|max|mean|median) = ${NUMBER} ms`, 'g');
const PERCENTILE = new RegExp(`percentile\\((\\d+(?:\\.\\d+)?)%\\) = ${NUMBER} ms`, 'g');
// TensorRT <= 8.0 printed the summary as a block of "min: X ms (end to end Y ms)" lines.
const OLD_STAT = new RegExp(`^(min|max|mean|median): ${NUMBER} ms`);
const OLD_PERCENTILE = new RegExp(`^percentile: ${NUMBER} ms at (\\d+(?:\\.\\d+)?)%`);
function emptyStats() {
    return { min: null, max: null, mean: null, median: null, p90: null, p95: null, p99: null };
}
/**
 * Reads trtexec output (7.x to 11.x) one line at a time and keeps only the figures, so a
 * multi-gigabyte verbose log costs no more memory than a short one.
 */
/** TensorRT's line after a timing cache it could not read (its magic or version tag): it builds without one. */
const TIMING_CACHE_UNUSED = /The timing cache will not be used/;
class TrtexecLogParser {
    version = null;
    banner = null;
    engineBytes = null;
    loadedEngineBytes = null;
    builtSeconds = null;
    generationSeconds = null;
    throughput = null;
    latency = null;
    gpuCompute = null;
    oldSection = null;
    evidence = null;
    evidenceLevel = null;
    /** What the evidence was before the last line that replaced it, and how many lines ago that was. */
    replaced = null;
    requestedBytes = null;
    /** Between "Starting Calibration" and "Calibration completed": an error there is INT8 calibration's. */
    calibrating = false;
    terminal = null;
    lastError = null;
    deviceName = null;
    computeCapability = null;
    push(rawLine) {
        // trtexec never starts a line with '#'; saved logs use such lines for notes (where it ran, why).
        if (rawLine.startsWith('#'))
            return;
        if (rawLine.startsWith('&&&& ')) {
            this.readBanner(rawLine);
            return;
        }
        let line = rawLine.replace(TIMESTAMP, '');
        // trtexec writes "[E] [TRT] …", TensorRT's Python logger "[TRT] [E] …": take both in either order.
        let level = null;
        for (let prefix = 0; prefix < 2; prefix += 1) {
            const severity = SEVERITY.exec(line);
            if (severity) {
                level = severity[1];
                line = line.slice(severity[0].length);
            }
            else if (line.startsWith('[TRT] ')) {
                line = line.slice(6);
            }
        }
        // Verbose lines are most of a big log and carry little; only the build time can hide there.
        if (level === 'V') {
            this.readBuildFigures(line);
            return;
        }
        this.readFigures(line);
        this.readFailure(line, level);
    }
    readBanner(line) {
        const verdict = VERDICT_PATTERN.exec(line)?.[1];
        if (verdict === 'PASSED' || verdict === 'FAILED')
            this.banner = verdict;
        const match = BANNER_PATTERN.exec(line);
        if (!match)
            return;
        const version = decodeBannerVersion(match[2], match[3]);
        if (version && !this.version)
            this.version = version;
        else if (version && this.version?.build === null && sameRelease(version, this.version))
            this.version.build = version.build;
    }
    readBuildFigures(line) {
        let match = /^Engine built in ([\d.]+) sec/.exec(line);
        if (match) {
            this.builtSeconds = Number(match[1]);
            return true;
        }
        match = /^Engine generation completed in ([\d.]+) seconds/.exec(line);
        if (match) {
            this.generationSeconds = Number(match[1]);
            return true;
        }
        return false;
    }
    readFigures(line) {
        if (this.readBuildFigures(line))
            return;
        let match = /^Created engine with size: ([\d.]+) MiB/.exec(line);
        if (match) {
            this.engineBytes = Math.round(Number(match[1]) * MiB);
            return;
        }
        // TensorRT 8.0 prints "MB" where later releases print "MiB", for the same size >> 20 (docs/trtexec-flags.md).
        match = /^Loaded engine size: ([\d.]+) Mi?B\b/.exec(line);
        if (match) {
            this.loadedEngineBytes ??= Math.round(Number(match[1]) * MiB);
            return;
        }
        match = /^TensorRT version: (\d+\.\d+\.\d+)/.exec(line);
        if (match) {
            if (!this.version)
                this.version = parseVersion(match[1]);
            return;
        }
        match = /^Selected Device: (.+)$/.exec(line);
        if (match) {
            this.deviceName = match[1].trim();
            return;
        }
        match = /^Compute Capability: (\d+\.\d+)/.exec(line);
        if (match) {
            this.computeCapability = match[1];
            return;
        }
        match = /^Throughput: ([\d.e+-]+) qps/.exec(line) ?? /^throughput: ([\d.e+-]+) qps/.exec(line);
        if (match) {
            this.throughput = Number(match[1]);
            return;
        }
        if (line.startsWith('Latency: ')) {
            this.latency = readStats(line);
            return;
        }
        if (line.startsWith('GPU Compute Time: ')) {
            this.gpuCompute = readStats(line);
            return;
        }
        this.readOldSummary(line);
    }
    readOldSummary(line) {
        const header = line.trim();
        if (header === 'Host Latency') {
            this.oldSection = 'latency';
            this.latency = emptyStats();
        }
        else if (header === 'GPU Compute') {
            this.oldSection = 'gpu';
            this.gpuCompute = emptyStats();
        }
        else if (header === 'Enqueue Time' || header === 'Host Walltime') {
            this.oldSection = 'other';
        }
        const target = this.oldSection === 'latency' ? this.latency : this.oldSection === 'gpu' ? this.gpuCompute : null;
        if (!target)
            return;
        const stat = OLD_STAT.exec(line);
        if (stat) {
            target[stat[1]] = Number(stat[2]);
            return;
        }
        const percentile = OLD_PERCENTILE.exec(line);
        if (percentile)
            target[`p${percentile[2]}`] = Number(percentile[1]);
    }
    readFailure(line, level) {
        // Said at [I] (trtexec) or with no level (TensorRT 7's "[TensorRT] INFO: Starting Calibration with batch size 1.").
        if (/Starting Calibration\b/.test(line))
            this.calibrating = true;
        else if (/Calibration completed in /.test(line))
            this.calibrating = false;
        if (level === 'I')
            return;
        if (this.replaced)
            this.replaced.linesAgo += 1;
        // A fatal assertion's file and line, on the line after it (trtexec's [F] line, TensorRT 7's INTERNAL ERROR).
        const located = this.evidence && this.replaced?.linesAgo === 1 ? withLocation(this.evidence, line) : null;
        if (located) {
            this.evidence = located;
            return;
        }
        // "Magic tag / Version tag does not match" then "The timing cache will not be used!": TensorRT could not read
        // a timing cache and builds without it (a warning, whatever its level), not a plan that does not load.
        if (TIMING_CACHE_UNUSED.test(line)) {
            if (this.replaced && this.replaced.linesAgo <= 3 && this.evidence?.kind === 'plan-incompatible') {
                this.evidence = this.replaced.evidence;
                this.evidenceLevel = this.replaced.level;
            }
            this.replaced = null;
            return;
        }
        const match = this.calibrating ? matchWhileCalibrating(line, level) : matchEvidence(line, level);
        if (match &&
            (!this.evidence ||
                match.rank < this.evidence.rank ||
                (match.rank === this.evidence.rank && level === 'E' && this.evidenceLevel !== 'E'))) {
            this.replaced = { evidence: this.evidence, level: this.evidenceLevel, linesAgo: 0 };
            this.evidence = match;
            this.evidenceLevel = level;
        }
        if (!this.terminal && TERMINAL_PATTERN.test(line))
            this.terminal = line;
        if (match?.kind === 'out-of-memory')
            this.requestedBytes ??= requestedBytes(line);
        if (level === 'E' || level === 'F')
            this.lastError = line;
    }
    /** The figures so far, judged by how the process ended when that is known. */
    result(outcome, context = {}) {
        const version = this.version ? formatVersion(this.version) : null;
        const status = this.status(outcome);
        return {
            tensorrtVersion: version,
            tensorrtBuild: this.version?.build ?? null,
            status,
            engineBytes: this.engineBytes ?? this.loadedEngineBytes,
            engineBytesAre: this.engineBytes !== null ? 'exact' : this.loadedEngineBytes !== null ? 'at-least' : null,
            buildSeconds: this.builtSeconds ?? this.generationSeconds,
            throughputQps: this.throughput,
            latencyMs: this.latency,
            gpuComputeMs: this.gpuCompute,
            failure: status === 'failed' ? this.failure(outcome, { tensorrtVersion: version, ...context }) : null,
            device: { name: this.deviceName, computeCapability: this.computeCapability },
        };
    }
    status(outcome) {
        if (outcome?.timedOut)
            return 'failed';
        if (outcome && (outcome.exitCode !== null || outcome.signal))
            return outcome.exitCode === 0 ? 'passed' : 'failed';
        if (this.banner === 'PASSED')
            return 'passed';
        if (this.banner === 'FAILED' || this.terminal)
            return 'failed';
        return 'unknown';
    }
    failure(outcome, context) {
        if (outcome?.timedOut)
            return {
                kind: 'timeout',
                message: 'trtexec ran past build-timeout and was stopped',
                hint: hintFor('timeout', '', context),
            };
        if (this.evidence) {
            const hint = this.evidence.hint ??
                hintFor(this.evidence.kind, this.evidence.message, { requestedBytes: this.requestedBytes, ...context });
            return { kind: this.evidence.kind, message: this.evidence.message, hint };
        }
        const how = outcome?.signal
            ? `trtexec was killed by ${outcome.signal}`
            : outcome
                ? `trtexec exited with status ${outcome.exitCode}`
                : 'trtexec failed';
        const message = this.terminal ?? this.lastError ?? how;
        return {
            kind: 'other',
            message: message === how ? how : `${how}: ${message}`,
            hint: hintFor('other', message, context),
        };
    }
}
function sameRelease(a, b) {
    return a.major === b.major && a.minor === b.minor && a.patch === b.patch;
}
function readStats(line) {
    const stats = emptyStats();
    for (const match of line.matchAll(STAT))
        stats[match[1]] = Number(match[2]);
    for (const match of line.matchAll(PERCENTILE))
        stats[`p${match[1]}`] = Number(match[2]);
    return stats;
}

;// CONCATENATED MODULE: ./.build/tsc/tensorrt/silent-fp32.js



/** The precisions a layer computes floats in (int32, int64 and bool are indices and masks). */
const FLOATING = new Set(['fp32', 'fp16', 'bf16', 'fp8', 'int8', 'int4', 'fp4']);
/** Whether the computing layers (reformats left out) hold floats, and every one of them in FP32. */
function fp32Everywhere(layers) {
    const floats = layers
        .filter((l) => l.reformatOf === null && l.type !== 'Reformat')
        .flatMap((l) => l.precisions.filter((p) => FLOATING.has(p)));
    return floats.length > 0 && floats.every((p) => p === 'fp32');
}
/**
 * Whether a build is judged for it: strongly typed (TensorRT 11) and asked for fp16 or bf16. Exempt only where
 * FP32 everywhere is what was asked: a keep-fp32 list that left the written ONNX no narrow node (`trt-ci
 * precision` keeps every candidate once). A list that leaves narrow nodes is judged like no list, and so is one
 * whose written ONNX is not known (`narrowed` null: no evidence that it kept everything). Before 11 FP16 is a
 * permission, not an order: TensorRT may pick FP32 kernels for a tiny network.
 */
function judgesSilentFp32(model, version, 
/** The narrow (FP16 or BF16) nodes of the ONNX trt-ci wrote for the build; null when it wrote none. */
narrowed) {
    if (narrowOf(model.precision) === null || !atLeast(version, '11.0'))
        return false;
    return !(model.keepFp32.length > 0 && narrowed === 0);
}
/** The failure of a strongly typed build asked for `precision` whose layers are FP32 everywhere. */
function silentFp32Failure(precision, layerInfo, 
/** The narrow nodes of the ONNX trt-ci wrote for the build, when it wrote one. */
narrowed) {
    const type = precision.toUpperCase();
    const why = narrowed === null
        ? 'TensorRT 11 builds the precisions the ONNX holds, and this one holds none narrower'
        : narrowed === 0
            ? `the ${type} ONNX trt-ci wrote has no ${type} node: every op of this model is one the writer keeps in ` +
                'FP32 (docs/accuracy.md lists what it narrows)'
            : `the ${type} ONNX trt-ci wrote has ${narrowed} ${type} node(s), and TensorRT still built every layer ` +
                'in FP32';
    return {
        kind: 'silent-fp32',
        message: `the engine computes in FP32 everywhere (${layerInfo}) though the model asks for ${precision}: ${why}`,
        hint: hintFor('silent-fp32', ''),
    };
}

;// CONCATENATED MODULE: ./.build/tsc/builds/cache-key.js




/** Variables that change what trtexec builds; their values are part of the key. */
// TensorRT's own TRT_* variables change a build; trt-ci's TRT_CI_* (its cache key, a secret) do not.
const BUILD_ENVIRONMENT = /^(CUDA_MODULE_LOADING|CUDA_FORCE_PTX_JIT|CUDA_DISABLE_PTX_JIT|CUDA_CACHE_DISABLE|TRT_(?!CI_).+)$/;
/**
 * What the content key is made of: the model's files, the plugins, files named in extra-args, the argv without
 * its paths, TensorRT, the GPU and driver, and the variables that change a build (the cache adds the trtexec
 * binary and its TensorRT libraries). Null when the GPU is unknown: a plan is never served for a GPU nobody named.
 */
function keyRequest(job, gpu, context) {
    if (!gpu?.name)
        return null;
    // Paths differ between checkouts and runners; what is in the files does not.
    const built = modelToBuild(job);
    const model = {
        ...built,
        onnx: 'model.onnx',
        plugins: job.model.plugins.map((_, i) => `plugin${i}`),
        dynamicPlugins: job.model.dynamicPlugins.map((_, i) => `dynamic${i}`),
    };
    const paths = { plan: 'plan', layerInfo: 'layers.json', timingCache: null };
    // The model's workspace, not where a combined plan started: that follows from its split builds, which
    // are keyed themselves, and must not make a cached split run look like another build.
    const request = { model, profile: job.profile, workspaceBytes: job.model.workspaceBytes, paths };
    const argv = context.producer.argv(request);
    const environment = Object.fromEntries(Object.entries(context.env)
        .filter(([name, value]) => BUILD_ENVIRONMENT.test(name) && value !== undefined)
        .sort(([a], [b]) => a.localeCompare(b)));
    return {
        // The ONNX trtexec is given: for fp16 on 11.x the written one, which the keep-fp32 list shapes.
        onnx: built.onnx,
        plugins: [...job.model.plugins, ...job.model.dynamicPlugins],
        inputs: [
            ...new Set([...filesNamedIn(job.model.extraArgs, context.config.dir), ...context.producer.inputsNamed(argv)]),
        ].sort(),
        argv: [...argv, ...context.producer.keyed(request), `min-workspace=${job.model.minWorkspaceBytes}`],
        tensorrtVersion: formatVersion(context.version, true),
        gpu: { name: gpu.name, computeCapability: gpu.computeCapability, driverVersion: gpu.driverVersion },
        environment,
    };
}
/** Files an extra-args value names (`--calib=x.cache`, `--loadInputs=in:data.bin`), where they exist. */
function filesNamedIn(extraArgs, dir) {
    const files = new Set();
    for (const arg of extraArgs) {
        const value = /^--[A-Za-z0-9]+=(.+)$/.exec(arg)?.[1];
        if (!value)
            continue;
        for (const part of value.split(',').flatMap((item) => [item, ...item.split(':').slice(1)])) {
            const path = (0,external_node_path_.resolve)(dir, part);
            if (part && (0,external_node_fs_.statSync)(path, { throwIfNoEntry: false })?.isFile())
                files.add(path);
        }
    }
    return [...files].sort();
}

;// CONCATENATED MODULE: ./.build/tsc/builds/outcome.js
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

;// CONCATENATED MODULE: ./.build/tsc/builds/build-plan.js
















/** Why a model whose external data is not there as regular files is not built. */
function externalDataFailure(job, files) {
    return {
        kind: 'other',
        message: `${job.model.onnx} names external data that is missing, not a regular file, or outside its folder: ` +
            files.join(', '),
        hint: 'Put the external data files beside the ONNX as regular files (not a pipe, a device, or a link that leads ' +
            "out of the model's folder).",
    };
}
/** The next workspace after an out-of-memory failure, or null when the floor is reached. */
function nextWorkspace(current, floor) {
    if (current <= floor)
        return null;
    return Math.max(Math.floor(current / 2), floor);
}
/**
 * The one way a plan is built, for the build stage and for every side build (a marked copy, the ampere+ variant,
 * the base commit's engine): from the engine cache when it holds this exact build, else the run's producer
 * (trtexec, or the user's build command) on one GPU, retried with half the workspace while it runs out of memory,
 * its plan checked (there, whole, not silently FP32), then (if asked) loaded once to prove it deserializes and to
 * measure it.
 */
async function buildPlan(job, gpu, context) {
    const info = gpu === null ? undefined : context.gpus.get(gpu);
    const facts = gpu === null ? null : { index: gpu, name: info?.name ?? null, computeCapability: info?.computeCapability ?? null };
    await (0,promises_.mkdir)((0,external_node_path_.dirname)(job.logPrefix), { recursive: true });
    // A plan left by an earlier run must never pass for this run's output.
    await (0,promises_.rm)(job.plan, { force: true });
    await (0,promises_.rm)(job.layerInfo, { force: true });
    const done = (outcome) => {
        context.onEvent?.({ type: 'done', outcome });
        return outcome;
    };
    // External data that is no regular file (a FIFO, /dev/zero) would be read forever, by the key and by trtexec.
    const irregular = await irregularExternalData(job.model.onnx);
    if (irregular.length > 0)
        return done({ ...notRun(job, facts, externalDataFailure(job, irregular)), status: 'failed' });
    // A rebuild proves what a build gives: the cache would hand back the engine it is compared with.
    const cache = job.fresh ? null : (context.cache ?? null);
    const request = cache && keyRequest(job, facts && { ...facts, driverVersion: info?.driverVersion ?? null }, context);
    const got = await getOrBuild(cache, request, job, () => built(job, gpu, facts, context), context.signal);
    // A plan from the cache is measured as a built one is: its latency is this run's, on this GPU.
    if ('served' in got) {
        const { served, verdict } = got;
        const plan = { path: served.plan, layerInfo: served.layerInfo, scan: served.scan };
        const hit = { ...notRun(job, facts, null), status: 'cached', plan, buildSeconds: served.buildSeconds };
        return done(await measured(job, gpu, context, { ...hit, cache: verdict }));
    }
    const outcome = { ...got.built, cache: got.verdict };
    return done(outcome.status === 'built' ? await measured(job, gpu, context, outcome) : outcome);
}
/** The producer's build of the job (its attempts, its plan checked), and the plan for the cache to keep. */
async function built(job, gpu, facts, context) {
    const { attempts, parsed, retryCancelled } = await runAttempts(job, gpu, context);
    const last = attempts[attempts.length - 1];
    // Cancelled before its first attempt: it never ran.
    if (!last || !parsed)
        return { result: notRun(job, facts, CANCELLED), fresh: null };
    const collected = last.failure ? null : await collectPlan(job, last, parsed, context);
    if (!collected || 'failure' in collected) {
        const failure = retryCancelled ? CANCELLED : (collected?.failure ?? last.failure);
        const settled = collected ? [...attempts.slice(0, -1), { ...last, failure }] : attempts;
        return { result: { ...notRun(job, facts, failure), status: 'failed', attempts: settled }, fresh: null };
    }
    const gpuFacts = fillGpu(facts, parsed);
    const { plan, buildSeconds } = collected;
    const result = { ...notRun(job, gpuFacts, null), status: 'built', attempts, ...collected };
    const record = {
        model: job.model.name,
        profile: job.profile.name,
        buildSeconds,
        tensorrtVersion: tensorrtOf(context),
        gpu: gpuFacts && { name: gpuFacts.name, computeCapability: gpuFacts.computeCapability },
        argv: last.argv,
    };
    const fresh = {
        plan: plan.path,
        layerInfo: plan.layerInfo,
        bytes: plan.scan.bytes,
        sha256: plan.scan.sha256,
        record,
    };
    return { result, fresh };
}
/** The outcome with its benchmark, where the model asks for one: the plan loaded once and measured. */
async function measured(job, gpu, context, outcome) {
    if (!job.model.benchmark)
        return outcome;
    if (context.signal?.aborted)
        return { ...outcome, status: 'failed', failure: CANCELLED };
    const place = { gpu, timeoutMs: job.model.buildTimeoutMs, ...(context.signal && { signal: context.signal }) };
    const engine = engineOf(job.plan, job.model, job.profile);
    const bench = await context.runner.benchmark(engine, place, `${job.logPrefix}.bench.log`);
    return { ...outcome, perf: bench.perf, ...(bench.failure && { status: 'failed', failure: bench.failure }) };
}
/**
 * The timing cache a build on `gpuName` starts from: the cache folder's for that GPU model and TensorRT, else
 * trt-ci.yml's `timing-cache:` unless it was written by another TensorRT or GPU model (preflight's timing-cache
 * check says so at the top of the run); then the build starts without one and leaves the file as it is.
 */
async function sharedTimingCache(context, gpuName) {
    const kept = context.timingCacheFor?.(gpuName);
    if (kept)
        return kept;
    const own = context.config.timingCache;
    if (!own)
        return null;
    return foreignTo(await readTimingCacheOrigin(own), tensorrtOf(context), gpuName) ? null : own;
}
const tensorrtOf = (context) => formatVersion(context.version, true);
/** trtexec until it builds, runs out of workspace to try, or fails for another reason. */
async function runAttempts(job, gpu, context) {
    const { config, producer } = context;
    const gpuName = gpu === null ? null : (context.gpus.get(gpu)?.name ?? null);
    const sharedTiming = job.withoutTimingCache ? null : await sharedTimingCache(context, gpuName);
    const timingCache = sharedTiming
        ? await privateTimingCache(sharedTiming, `${job.model.name}.${job.profile.name}`, context.cacheTrust)
        : null;
    const attempts = [];
    let workspace = job.workspaceBytes ?? job.model.workspaceBytes;
    let parsed = null;
    while (workspace !== null && !context.signal?.aborted) {
        const attempt = attempts.length + 1;
        const paths = { plan: job.plan, layerInfo: job.layerInfo, timingCache };
        const request = { model: modelToBuild(job), profile: job.profile, workspaceBytes: workspace, paths };
        const argv = producer.argv(request);
        // The record names the shared timing cache, not this build's private copy of it.
        const recorded = timingCache ? argv.map((a) => a.replace(timingCache, sharedTiming)) : argv;
        const log = `${job.logPrefix}.${attempt}.log`;
        context.onEvent?.({ type: 'start', job, gpu, attempt, workspaceBytes: workspace });
        const parser = new TrtexecLogParser();
        const began = Date.now();
        let lastLine = null;
        const heartbeat = setInterval(() => {
            const peakMiB = gpu === null ? null : (context.peakSince?.(gpu, began) ?? null);
            context.onEvent?.({ type: 'heartbeat', job, gpu, attempt, elapsedMs: Date.now() - began, peakMiB, lastLine });
        }, context.heartbeatMs ?? 60_000);
        const result = await producer
            .produce(request, argv, {
            gpu,
            logFile: log,
            timeoutMs: job.model.buildTimeoutMs,
            onLine: (line) => {
                parser.push(line);
                if (line.trim() && !/\[V\]/.test(line))
                    lastLine = line.trim().slice(0, 200);
            },
            ...(context.signal && { signal: context.signal }),
        })
            .finally(() => clearInterval(heartbeat));
        parsed = parser.result(outcomeOf(result), {
            workspaceBytes: workspace,
            minWorkspaceBytes: job.model.minWorkspaceBytes,
            buildTimeoutMs: job.model.buildTimeoutMs,
            logFile: log,
            profile: { name: job.profile.name, inputs: job.profile.shapes.map((s) => s.input) },
        });
        const failure = result.spawnError
            ? {
                kind: 'other',
                message: result.spawnError,
                hint: producer.name === 'trtexec'
                    ? 'Set trtexec: in trt-ci.yml to the trtexec binary.'
                    : 'Check build.command in trt-ci.yml: its first item is the program, found on PATH or by its path.',
            }
            : result.cancelled
                ? CANCELLED
                : parsed.failure;
        const { startedAt, endedAt, exitCode, signal } = result;
        attempts.push({
            attempt,
            workspaceBytes: workspace,
            argv: recorded,
            log,
            startedAt,
            endedAt,
            exitCode,
            signal,
            failure,
            peakGpuMemoryMiB: null,
        });
        if (!failure)
            break;
        workspace = failure.kind === 'out-of-memory' ? nextWorkspace(workspace, job.model.minWorkspaceBytes) : null;
        if (workspace !== null)
            context.onEvent?.({ type: 'retry', job, failure, workspaceBytes: workspace });
    }
    const built = attempts.length > 0 && !attempts[attempts.length - 1].failure;
    if (timingCache && (await publishTimingCache(timingCache, sharedTiming, built, context.cacheTrust)) === 'kept') {
        if (config.timingCache && sharedTiming === config.timingCache)
            await recordTimingCacheOrigin(sharedTiming, tensorrtOf(context), gpuName);
    }
    // Cancelled with a retry still to come: the build did not fail, it was stopped. (A build that passed
    // leaves the loop with its workspace still set: that is no retry.)
    return { attempts, parsed, retryCancelled: workspace !== null && attempts.length > 0 && !built };
}
/** The plan trtexec says it wrote, scanned once; a pass without a plan is a failure. */
async function collectPlan(job, last, parsed, context) {
    const { version, producer } = context;
    const planStat = await (0,promises_.stat)(job.plan).catch(() => null);
    if (!planStat?.isFile() || planStat.size === 0) {
        return {
            failure: {
                kind: 'other',
                message: `${producer.name} exited 0 but wrote no plan at ${job.plan}`,
                hint: producer.name === 'trtexec'
                    ? 'Check that the output folder is writable and has free space, ' +
                        'and that extra-args does not change --saveEngine.'
                    : 'Check that the build command writes its plan where build.plan says, and fails when it cannot.',
            },
        };
    }
    const layerInfo = (await (0,promises_.stat)(job.layerInfo).catch(() => null))?.isFile() ? job.layerInfo : null;
    const scan = await scanPlan(job.plan);
    // A file that is no TensorRT plan (a build command that wrote its log, or JSON, where build.plan says) is no
    // build: never verified as a note, cached or shipped.
    if (!scan.magic) {
        return {
            failure: {
                kind: 'other',
                message: `${producer.name} exited 0 but wrote no TensorRT plan at ${job.plan}: ${scan.problem}`,
                hint: producer.name === 'trtexec'
                    ? 'Check that extra-args does not change what --saveEngine writes.'
                    : 'Check that the build command writes the serialized engine (ICudaEngine.serialize()) where build.plan ' +
                        'says, and nothing else there.',
            },
        };
    }
    // A plan cut short on the way to disk (a full disk, a killed writer) must not be verified, cached or shipped.
    if (scan.layout === 'ftrt' && scan.problem) {
        return {
            failure: {
                kind: 'other',
                message: `${producer.name} exited 0 but the plan at ${job.plan} is damaged: ${scan.problem}`,
                hint: 'Check the free space of the output folder, then build again.',
            },
        };
    }
    // Strongly typed (11.x), an engine is what its ONNX holds: FP32 everywhere where fp16 was asked is a failure.
    const written = job.precisionOnnx;
    const narrowed = written ? written.fp16Nodes + written.bf16Nodes : null;
    if (layerInfo && judgesSilentFp32(job.model, version, narrowed)) {
        const layers = await readEngineLayers(layerInfo);
        if (layers && fp32Everywhere(layers.layers)) {
            return { failure: silentFp32Failure(job.model.precision, layerInfo, narrowed) };
        }
    }
    return {
        plan: { path: job.plan, layerInfo, scan },
        buildSeconds: parsed.buildSeconds ?? (last.endedAt - last.startedAt) / 1000,
    };
}
/** What nvidia-smi did not say about the GPU, trtexec's log may. */
function fillGpu(gpu, parsed) {
    return (gpu && {
        index: gpu.index,
        name: gpu.name ?? parsed.device.name,
        computeCapability: gpu.computeCapability ?? parsed.device.computeCapability,
    });
}
function outcomeOf(result) {
    return { exitCode: result.exitCode, signal: result.signal, timedOut: result.timedOut };
}

;// CONCATENATED MODULE: ./.build/tsc/proc/escaped.js
// Processes that left the process group they were started in. trt-ci stops a trtexec by killing its group,
// but a child that called setsid (a daemon a plugin or a fork's model starts) is in no group of ours and
// would outlive the run: on a shared runner it could read the next job's files or tokens. Every process
// trt-ci starts carries a tag in its environment, which its children inherit; after a run, a process that
// still carries the tag is one of them and is killed. Linux only (/proc/<pid>/environ); elsewhere nothing.

const RUN_TAG_VARIABLE = 'TRT_CI_RUN_TAG';
/** Kills every process (but this one) whose environment holds `RUN_TAG_VARIABLE=tag`; returns their pids. */
async function killTagged(tag) {
    const entries = await (0,promises_.readdir)('/proc').catch(() => []);
    const needle = Buffer.from(`${RUN_TAG_VARIABLE}=${tag}\0`);
    const killed = [];
    for (const entry of entries) {
        if (!/^\d+$/.test(entry) || Number(entry) === process.pid)
            continue;
        const environ = await (0,promises_.readFile)(`/proc/${entry}/environ`).catch(() => null);
        if (!environ || !(environ.indexOf(needle) === 0 || environ.includes(Buffer.concat([Buffer.from([0]), needle]))))
            continue;
        try {
            process.kill(Number(entry), 'SIGKILL');
            killed.push(Number(entry));
        }
        catch {
            // Gone already, or not ours to signal.
        }
    }
    return killed;
}

;// CONCATENATED MODULE: ./.build/tsc/tensorrt/trtexec.js
// The one place trt-ci runs trtexec. Builds, benchmarks, accuracy runs, the latency A/B and base rebuilds
// all come here, so the environment a run gets (the job's, less its credentials), how it is pinned to a GPU
// (CUDA_VISIBLE_DEVICES), how it is stopped (its process group: TERM, then KILL after the grace) and what
// its version is are decided once. Stage tests may hand a stage any object of this shape.





function createTrtexec(setup) {
    let probed = null;
    // This seam's tag, in every run's environment: what still carries it at the end escaped its process group.
    const tag = (0,external_node_crypto_.randomBytes)(12).toString('hex');
    const env = { ...setup.env, [RUN_TAG_VARIABLE]: tag };
    // The version probe is not cancelled with the run (a --help takes a moment, bounded by its timeout):
    // a run cancelled meanwhile still knows its TensorRT and writes its report.
    const run = async (args, options, cancellable = true) => {
        const signals = [cancellable ? setup.signal : undefined, options.signal].filter((s) => s !== undefined);
        const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
        return (setup.start ?? runProcess)({
            command: setup.command,
            args,
            env: {
                ...env,
                ...options.env,
                ...(options.gpu !== null && { CUDA_VISIBLE_DEVICES: String(options.gpu) }),
            },
            killGraceMs: setup.killGraceMs,
            ...(options.cwd !== undefined && { cwd: options.cwd }),
            ...(options.logFile !== undefined && { logFile: options.logFile }),
            ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
            ...(options.onLine && { onLine: options.onLine }),
            ...(signal && { signal }),
        });
    };
    return {
        command: setup.command,
        run,
        sweep: () => killTagged(tag),
        probe(where) {
            probed ??= probeHelp(setup.command, (args, options) => run(args, options, false), where);
            return probed;
        },
    };
}
async function probeHelp(command, run, where) {
    let version = null;
    const helpFlags = new Set();
    const result = await run(['--help'], {
        gpu: null,
        timeoutMs: 60_000,
        onLine: (line) => {
            // Help lines read "  --flag=value   what it does" (also "--help, -h"), after any log prefix.
            const help = /^(?:\[[^\]]*\] )*\s+(--[A-Za-z][A-Za-z0-9]*)\b/.exec(line);
            if (help)
                helpFlags.add(help[1]);
            if (version)
                return;
            const banner = BANNER_PATTERN.exec(line);
            if (banner)
                version = decodeBannerVersion(banner[2], banner[3]);
            const info = /TensorRT version: (\d+\.\d+\.\d+)/.exec(line);
            if (info)
                version = parseVersion(info[1]);
        },
    });
    if (result.spawnError) {
        throw new errors/* InputError */.dz(`${where}: ${result.spawnError}; set trtexec: to its path (e.g. /usr/src/tensorrt/bin/trtexec)`);
    }
    if (!version) {
        throw new errors/* InputError */.dz(`${where}: "${command} --help" printed no "&&&& RUNNING … [TensorRT ` +
            `vNNNN]" line (exit ${result.exitCode ?? result.signal}); is it trtexec?`);
    }
    return { version, helpFlags };
}

;// CONCATENATED MODULE: ./.build/tsc/builds/command-producer.js
// The second producer: a builder command of the user's own (build: { command, plan } in trt-ci.yml), e.g. a
// Python script against the TensorRT wheel, which ships no trtexec. It runs through the same seam as trtexec (its
// own process group, pinned to the build's GPU, credentials removed, killed on timeout or cancel), in trt-ci.yml's
// folder, once per attempt with the placeholders filled in; its output is the build's log, read like trtexec's
// (TensorRT's own messages say out-of-memory the same way from Python). docs/build-command.md says more.




/** `x:1x3x8x8,mask:1x8` as trtexec's shape flags write them, for {min-shapes} and the others. */
const shapesAt = (profile, pick) => profile.shapes.map((s) => `${s.input}:${s[pick].join('x')}`).join(',');
/** Each placeholder's value for one build. */
function placeholderValues({ model, profile, workspaceBytes, paths }) {
    return {
        onnx: model.onnx,
        plan: paths.plan,
        'layer-info': paths.layerInfo,
        model: model.name,
        profile: profile.name,
        precision: model.precision ?? 'fp32',
        'keep-fp32': model.keepFp32.join(','),
        workspace: String(workspaceBytes),
        'min-shapes': shapesAt(profile, 'min'),
        'opt-shapes': shapesAt(profile, 'opt'),
        'max-shapes': shapesAt(profile, 'max'),
        'timing-cache': paths.timingCache ?? '',
    };
}
/** `text` with each {placeholder} replaced (config/rules.ts refused any other name). */
function fillPlaceholders(text, values) {
    return text.replace(/\{([a-z-]+)\}/g, (whole, name) => name in values ? values[name] : whole);
}
function commandProducer(build, seam, dir) {
    const args = build.command.slice(1);
    const name = `the build command (${(0,external_node_path_.basename)(build.command[0])})`;
    return {
        name,
        argv: (request) => {
            const values = placeholderValues(request);
            return args.map((arg) => fillPlaceholders(arg, values));
        },
        // A command need not name every setting: the key holds them all, so a changed shape or precision is a miss
        // even when the script reads it from elsewhere.
        keyed: ({ model, profile, workspaceBytes }) => [
            `build=${JSON.stringify({ plan: build.plan, precision: model.precision, keep: model.keepFp32 })}`,
            `shapes=${['min', 'opt', 'max'].map((p) => shapesAt(profile, p)).join('/')}`,
            `workspace=${workspaceBytes}`,
        ],
        async produce(request, argv, options) {
            const result = await seam.run(argv, { ...options, cwd: dir });
            if (result.exitCode !== 0)
                return result;
            // Where the command was told to write: moved to where the build checks, scans and caches it.
            const written = (0,external_node_path_.resolve)(dir, fillPlaceholders(build.plan, placeholderValues(request)));
            const plan = (0,external_node_path_.resolve)(request.paths.plan);
            // Moved only from inside the run's folder (config rules refuse a build.plan outside it), and only a file:
            // a link there is left where it is, and the build has no plan.
            const inside = isWithin(dir, written);
            if (written !== plan && inside && (await (0,promises_.lstat)(written).catch(() => null))?.isFile())
                await (0,promises_.rename)(written, plan);
            return result;
        },
        sweep: () => seam.sweep(),
        // The program and the files its arguments name (build.py): a changed script is another build.
        inputsNamed: (filled) => [build.command[0], ...filled]
            .map((arg) => ((0,external_node_path_.isAbsolute)(arg) ? arg : (0,external_node_path_.resolve)(dir, arg)))
            .filter((path) => (0,external_node_fs_.statSync)(path, { throwIfNoEntry: false })?.isFile()),
    };
}

;// CONCATENATED MODULE: ./.build/tsc/builds/plan-producer.js

/** trtexec builds: `--onnx … --saveEngine …`, as tensorrt/argv.ts writes them for this TensorRT. */
function trtexecProducer(trtexec, version) {
    return {
        name: 'trtexec',
        argv: (r) => buildArgv(version, r.model, r.profile, r.workspaceBytes, r.paths),
        // Its arguments say everything the build is asked.
        keyed: () => [],
        produce: (_request, argv, options) => trtexec.run(argv, options),
        // The model's own extra-args name its files (--calib=…): the cache key reads those from the model.
        inputsNamed: () => [],
        // The run sweeps its trtexec seam itself (pipeline.ts).
        sweep: () => Promise.resolve(),
    };
}

;// CONCATENATED MODULE: ./.build/tsc/builds/producer-for.js



/** The run's producer: the user's build command where trt-ci.yml has one, else trtexec. */
function producerFor(config, trtexec, version, run) {
    if (!config.build)
        return trtexecProducer(trtexec, version);
    const seam = createTrtexec({
        command: config.build.command[0],
        env: run.env,
        killGraceMs: config.killGraceMs,
        ...(run.signal && { signal: run.signal }),
    });
    return commandProducer(config.build, seam, config.dir);
}

;// CONCATENATED MODULE: ./.build/tsc/proc/ldd.js
// Which libraries a binary links, as the loader resolves them (ldd), and where a command is on PATH: for
// preflight's plugin checks and the engine cache's key (the TensorRT libraries trtexec loads).



/** A command's path as the shell would find it; null when it is not there. */
function whichCommand(command, env) {
    const path = env.PATH ?? '';
    if (command.includes('/'))
        return (0,external_node_fs_.existsSync)(command) ? command : null;
    for (const dir of path.split(external_node_path_.delimiter)) {
        const candidate = (0,external_node_path_.join)(dir, command);
        if (dir && (0,external_node_fs_.existsSync)(candidate))
            return candidate;
    }
    return null;
}
/** ldd reads a file's dynamic section and asks the loader: seconds at most, or it hangs on a broken loader. */
const LDD_TIMEOUT_MS = 30_000;
/** Runs ldd on a file: the resolved libraries and the ones not found; null when ldd cannot tell. */
async function lddOf(file, env) {
    const ldd = whichCommand('ldd', env);
    if (!ldd)
        return null;
    // Started as every process is (proc/run-process.ts): its own group, a timeout, stdin closed.
    const lines = [];
    const result = await runProcess({
        command: ldd,
        args: [file],
        env,
        timeoutMs: LDD_TIMEOUT_MS,
        onLine: (line) => lines.push(line),
    });
    if (result.exitCode !== 0)
        return null;
    const resolved = new Map();
    const notFound = [];
    for (const line of lines) {
        const match = /^\s*(\S+) => (?:(not found)|(\S+))/.exec(line);
        if (!match)
            continue;
        if (match[2])
            notFound.push(match[1]);
        else
            resolved.set(match[1], match[3]);
    }
    return { resolved, notFound };
}

;// CONCATENATED MODULE: ./.build/tsc/builds/scheduler.js
/**
 * Runs jobs on slots (GPUs), one job per slot at a time, slots in parallel. Each free slot takes
 * the next job, so a long build on one GPU does not hold back the others. Results keep job order.
 */
async function runOnSlots(jobs, slots, work) {
    if (slots.length === 0)
        throw new Error('runOnSlots needs at least one slot');
    const results = new Array(jobs.length);
    let next = 0;
    const worker = async (slot) => {
        while (next < jobs.length) {
            const index = next;
            next += 1;
            results[index] = await work(jobs[index], slot);
        }
    };
    await Promise.all(slots.map(worker));
    return results;
}

;// CONCATENATED MODULE: ./.build/tsc/builds/build-stage.js

















/**
 * The context every build of the run is handed (build-plan.ts): the producer, the engine cache and its keys, the
 * timing cache per GPU model, whom the cache serves. The GPUs are the stage's to fill in.
 */
function planBuilding(config, version, options) {
    const cacheTrust = options.cacheTrust ?? TRUST_ALL;
    const cache = config.cacheDir
        ? new PlanCache(new EngineCache(config.cacheDir, config.cacheMaxBytes), new EngineKeys(options.digests), cacheTrust, () => toolchainOf(config.trtexec, options.env), options.provenance ?? null, options.registry ?? null)
        : null;
    const producer = producerFor(config, options.trtexec, version, {
        env: options.env,
        ...(options.signal && { signal: options.signal }),
    });
    return {
        config,
        producer,
        runner: options.runner,
        env: options.env,
        version,
        gpus: new Map(),
        cache,
        cacheTrust,
        ...(config.cacheDir && { timingCacheFor: timingCacheIn(config.cacheDir, version) }),
        ...(options.signal && { signal: options.signal }),
    };
}
async function planGpus(config, smi, made) {
    const query = await (made ?? queryGpus(smi));
    if (!query.ok) {
        // Without nvidia-smi the builds still run, unpinned and one at a time, without memory figures.
        return { slots: config.gpus === 'all' ? [null] : config.gpus, gpus: [], queryError: query.reason };
    }
    const wanted = selectedGpus(config, query);
    if (!wanted)
        return { slots: query.gpus.map((g) => g.index), gpus: query.gpus, queryError: null };
    return { slots: wanted, gpus: query.gpus.filter((g) => wanted.includes(g.index)), queryError: null };
}
/**
 * The workspace a model's split builds got through with (the largest, after any back-off), for its
 * combined plan; the model's own when none of them built.
 */
function provenWorkspace(job, split) {
    const proven = split
        .filter((o) => o.job.model === job.model && o.status === 'built')
        .map((o) => o.attempts.at(-1).workspaceBytes);
    return proven.length ? Math.min(Math.max(...proven), job.model.workspaceBytes) : job.model.workspaceBytes;
}
/**
 * The slots builds run in: one per GPU unless `max-parallel` says otherwise. Fewer uses the first GPUs;
 * more deals the GPUs out in turn, so each GPU holds about as many builds as the others.
 */
function parallelSlots(gpus, maxParallel) {
    if (maxParallel === null)
        return [...gpus];
    return Array.from({ length: maxParallel }, (_, i) => gpus[i % gpus.length]);
}
/** The trtexec binary and the libnvinfer* libraries it links, as the dynamic linker resolves them. */
async function toolchainOf(trtexec, env) {
    const binary = whichCommand(trtexec, env) ?? trtexec;
    const linked = await lddOf(binary, env);
    const libraries = [...(linked?.resolved.entries() ?? [])]
        .filter(([name]) => name.startsWith('libnvinfer'))
        .map(([, path]) => path)
        .sort();
    return { trtexec: binary, libraries };
}
/** Each attempt's peak memory from the stream, by its GPU and time window; the build's is its last attempt's. */
function withPeakMemory(outcomes, timeline) {
    return outcomes.map((outcome) => {
        const gpu = outcome.gpu;
        if (!gpu)
            return outcome;
        const attempts = outcome.attempts.map((a) => {
            const peak = timeline.window(gpu.index, a.startedAt, a.endedAt)?.attributedMiB ?? null;
            // An attempt that showed nothing above the idle GPU ran between two samples (a build holds a CUDA context
            // at the least): what it held is unknown, never 0 B within a budget.
            return { ...a, peakGpuMemoryMiB: peak === 0 ? null : peak };
        });
        return { ...outcome, attempts, peakGpuMemoryMiB: attempts[attempts.length - 1]?.peakGpuMemoryMiB ?? null };
    });
}
/** Every build of the config, not run: the report still lists what was not built, and why. */
function skipBuildStage(config, failure, selection) {
    return {
        outcomes: planBuildJobs(config, selection).map((job) => notRun(job, null, failure)),
        gpus: [],
        gpuQueryError: null,
        cacheBytes: null,
        evicted: 0,
        evictProblem: null,
    };
}
/**
 * The GPUs to build on, and the memory stream watching them: started while the GPUs are being listed, it has
 * its baseline before the first build; without GPUs it is stopped unused.
 */
async function watchedGpus(config, options) {
    const smi = options.nvidiaSmi ?? { command: config.nvidiaSmi, env: options.env, signal: options.signal };
    const sampler = new MemorySampler({ command: smi.command, env: smi.env, start: smi.start });
    sampler.start();
    let gpuPlan;
    try {
        gpuPlan = await planGpus(config, smi, options.gpuQuery);
    }
    catch (error) {
        await sampler.stop();
        throw error;
    }
    if (gpuPlan.gpus.length === 0) {
        await sampler.stop();
        return { sampler: null, gpuPlan };
    }
    await sampler.waitForBaseline(gpuPlan.slots.filter((s) => s !== null));
    return { sampler, gpuPlan };
}
/** With a cache folder, the timing cache is kept there per TensorRT version and GPU model. */
function timingCacheIn(cacheDir, version) {
    return (gpuName) => (0,external_node_path_.join)(cacheDir, 'timing', `${formatVersion(version, true)}-${(gpuName ?? 'unknown-gpu').replace(/[^A-Za-z0-9._-]+/g, '-')}.cache`);
}
/**
 * Every model × profile, one trtexec each, one build per GPU at a time with the GPUs in parallel,
 * under one nvidia-smi memory stream whose samples are charged to the builds afterwards.
 */
async function runBuildStage(config, options) {
    const { version } = options.building;
    const { sampler, gpuPlan } = await watchedGpus(config, options);
    const onAbort = () => killAllProcessGroups('SIGKILL');
    options.signal?.addEventListener('abort', onAbort);
    const gpus = new Map(gpuPlan.gpus.map((g) => [g.index, g]));
    const { building } = options;
    const { cache, timingCacheFor } = building;
    const timing = cache?.registry && timingCacheFor
        ? await cache.pullTimingCaches(gpuPlan.gpus.flatMap((gpu) => timingCacheFor(gpu.name) ?? []))
        : null;
    let outcomes;
    const jobsPlanned = planBuildJobs(config, options.selection);
    const prepared = await withPrecisionOnnx(jobsPlanned, version, config.outputDir, undefined, options.signal);
    const jobs = prepared.jobs;
    const slots = parallelSlots(gpuPlan.slots, config.maxParallel);
    try {
        const unwritten = (job) => prepared.failures.get(job.model.name);
        const build = (job, gpu) => options.signal?.aborted
            ? Promise.resolve(notRun(job, gpu === null ? null : { index: gpu, name: null, computeCapability: null }, CANCELLED))
            : unwritten(job)
                ? Promise.resolve({ ...notRun(job, null, unwritten(job)), status: 'failed' })
                : buildPlan(job, gpu, {
                    ...building,
                    gpus,
                    ...(options.onEvent && { onEvent: options.onEvent }),
                    ...(options.heartbeatMs && { heartbeatMs: options.heartbeatMs }),
                    ...(sampler && {
                        peakSince: (gpu, since) => sampler?.timeline.window(gpu, since, Date.now())?.attributedMiB ?? null,
                    }),
                });
        // The plans with every profile come after the split ones, starting from the workspace those proved.
        const split = await runOnSlots(jobs.filter((job) => !job.profile.parts), slots, build);
        const combined = await runOnSlots(jobs.filter((job) => job.profile.parts).map((job) => ({ ...job, workspaceBytes: provenWorkspace(job, split) })), slots, build);
        const done = [...split, ...combined];
        outcomes = jobs.map((job) => done.find((o) => o.job.plan === job.plan));
    }
    finally {
        options.signal?.removeEventListener('abort', onAbort);
        await sampler?.stop();
    }
    if (sampler)
        outcomes = withPeakMemory(outcomes, sampler.timeline);
    if (timing)
        await cache?.pushTimingCaches(timing);
    // With a registry the run's folder goes with the run: the limits apply to what this repository pushed.
    const evicted = await cache?.evict({ maxBytes: config.cacheMaxBytes, maxAgeMs: config.cacheMaxAgeMs });
    return {
        outcomes,
        gpus: gpuPlan.gpus,
        gpuQueryError: gpuPlan.queryError,
        cacheBytes: evicted?.bytes ?? null,
        evicted: evicted?.removed ?? 0,
        evictProblem: evicted?.problem ?? null,
    };
}

;// CONCATENATED MODULE: ./.build/tsc/verify/diagnose.js



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
    const myelinLayers = (layerInfo?.myelin ?? []).map((layer) => ({ ...layer, looksLike: describeOps(layer.ops) }));
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
            `(${formatBytes(scan.trailingZeroBytes)} of ${formatBytes(scan.bytes)}) is one run of zeros at its end`,
        layerInfo: layerInfo && { schema: layerInfo.schema, verbosity: layerInfo.verbosity, layers: layerInfo.layers },
        myelinLayers,
        advice,
        link: PADDING_ISSUE,
    };
}

;// CONCATENATED MODULE: ./.build/tsc/explain/regions.js


class Components {
    parent = new Map();
    find(key) {
        let root = key;
        while (this.parent.has(root) && this.parent.get(root) !== root)
            root = this.parent.get(root);
        if (!this.parent.has(root))
            this.parent.set(root, root);
        // Path halving keeps later finds short.
        let at = key;
        while (at !== root) {
            const next = this.parent.get(at) ?? root;
            this.parent.set(at, root);
            at = next;
        }
        return root;
    }
    union(a, b) {
        const [ra, rb] = [this.find(a), this.find(b)];
        if (ra !== rb)
            this.parent.set(rb, ra);
    }
}
const isReformat = (layer) => layer.reformatOf !== null || layer.type === 'Reformat';
/**
 * The layer each node-less layer joins: the one a reformat names, else the nearest layer before it that computes
 * ONNX nodes, else the nearest after it. (Joining merely the layer before would pair a reformat with the
 * node-less layer it feeds, "reshape_after_MatMul-12", apart from the MatMul both belong to.) All layers in
 * two passes: a scan per layer would be quadratic in 100k unnamed layers.
 */
function anchorsOf(layers) {
    const byName = new Map();
    layers.forEach((l, i) => {
        if (!byName.has(l.name))
            byName.set(l.name, i);
    });
    const before = [];
    let last = null;
    for (let i = 0; i < layers.length; i += 1) {
        before.push(last);
        if (layers[i].onnxNodes.length > 0)
            last = i;
    }
    const after = new Array(layers.length).fill(null);
    let next = null;
    for (let i = layers.length - 1; i >= 0; i -= 1) {
        after[i] = next;
        if (layers[i].onnxNodes.length > 0)
            next = i;
    }
    return layers.map((layer, i) => {
        const named = layer.reformatOf === null ? undefined : byName.get(layer.reformatOf);
        if (named !== undefined && named !== i)
            return named;
        const near = before[i] ?? after[i] ?? null;
        if (near !== null)
            return near;
        if (i > 0)
            return i - 1;
        return layers.length > 1 ? 1 : null;
    });
}
/**
 * A set of layers' time: the mean over the profile runs of their summed times (a mean, so that the regions'
 * times add up to the engine's in every run count; each run's layer time is already its median over
 * iterations), and the spread (max - min) of those sums.
 */
function timeOf(names, profiles) {
    if (profiles.length === 0)
        return { timeMs: null, spreadMs: null };
    const sums = profiles.map((p) => names.reduce((sum, n) => sum + (p.times.get(n) ?? 0), 0));
    const timeMs = sums.reduce((a, b) => a + b, 0) / sums.length;
    return { timeMs, spreadMs: sums.length > 1 ? Math.max(...sums) - Math.min(...sums) : null };
}
/** The same strings, as many times each, in any order. */
function sameSet(a, b) {
    if (a.length !== b.length)
        return false;
    const sorted = [...b].sort();
    return [...a].sort().every((x, i) => x === sorted[i]);
}
/**
 * Explains the head engine against the base. `measuredChangeMs`: the A/B's change of latency, if known.
 * `graph`: the ONNX graph, if known; its nodes that no layer names (a bias Add TensorRT folded into a
 * MatMul, a constant) join the region of the node they read from, else of the node that reads them, so
 * that each connected ONNX node is in exactly one region.
 */
function explainEngines(base, head, options = {}) {
    const graph = options.graph ?? EMPTY_GRAPH;
    const groups = groupsOf(base, head, graph);
    const [baseTotal, headTotal] = [totalsOf(base), totalsOf(head)];
    const layerChange = baseTotal.timeMs !== null && headTotal.timeMs !== null ? headTotal.timeMs - baseTotal.timeMs : null;
    const denominator = options.measuredChangeMs ?? layerChange;
    // A region's nodes in the graph's order where it is known (a sort that keeps the layers' order otherwise).
    const position = new Map(graph.nodes.map((n, i) => [n, i]));
    const regions = groups
        .map((g) => {
        const [b, h] = [sideOf(g.base, base.profiles, baseTotal.timeMs), sideOf(g.head, head.profiles, headTotal.timeMs)];
        const deltaMs = b.timeMs !== null && h.timeMs !== null ? h.timeMs - b.timeMs : null;
        const significant = deltaMs !== null && b.spreadMs !== null && h.spreadMs !== null
            ? Math.abs(deltaMs) > b.spreadMs + h.spreadMs
            : null;
        return {
            onnxNodes: [...g.nodes].sort((x, y) => (position.get(x) ?? Infinity) - (position.get(y) ?? Infinity)),
            base: b,
            head: h,
            deltaMs,
            share: deltaMs !== null && denominator ? deltaMs / denominator : null,
            significant,
            change: changesOf(g.base, g.head),
        };
    })
        .sort((x, y) => Math.abs(y.deltaMs ?? 0) - Math.abs(x.deltaMs ?? 0) ||
        Math.abs(y.head.weightBytes - y.base.weightBytes) - Math.abs(x.head.weightBytes - x.base.weightBytes));
    const shared = groups.some((g) => g.base.length > 0 && g.head.length > 0);
    const noneShared = !shared && base.layers.layers.length > 0 && head.layers.layers.length > 0
        ? [
            'the two engines share no ONNX node (a model exported again renames its nodes): every region is new ' +
                'in one engine and gone from the other, so what changed where cannot be said by region',
        ]
        : [];
    return { base: baseTotal, head: headTotal, regions, notes: [...noneShared, ...notesOf(base, head)] };
}
/**
 * The regions: layers of both engines joined by the ONNX nodes they name (a layer that names none joins the
 * nearest layer that does), then the graph's nodes no layer names joined to a neighbour; in first-seen order.
 */
function groupsOf(base, head, graph) {
    const components = new Components();
    const sides = [
        ['b', base],
        ['h', head],
    ];
    for (const [tag, side] of sides) {
        const { layers } = side.layers;
        layers.forEach((layer, i) => {
            const key = `${tag}:${i}`;
            components.find(key);
            for (const node of layer.onnxNodes)
                components.union(`n:${node}`, key);
        });
        const anchors = anchorsOf(layers);
        layers.forEach((layer, i) => {
            if (layer.onnxNodes.length > 0)
                return;
            const anchor = anchors[i];
            if (anchor !== null)
                components.union(`${tag}:${anchor}`, `${tag}:${i}`);
        });
    }
    const groups = new Map();
    const group = (root) => {
        let g = groups.get(root);
        if (!g) {
            g = { nodes: new Set(), base: [], head: [], first: groups.size };
            groups.set(root, g);
        }
        return g;
    };
    for (const [tag, side] of sides) {
        side.layers.layers.forEach((layer, i) => {
            const g = group(components.find(`${tag}:${i}`));
            (tag === 'b' ? g.base : g.head).push(layer);
            for (const node of layer.onnxNodes)
                g.nodes.add(node);
        });
    }
    const named = new Set([...groups.values()].flatMap((g) => [...g.nodes]));
    for (const node of unnamedNodes(graph, named, components)) {
        groups.get(components.find(`n:${node}`))?.nodes.add(node);
    }
    return [...groups.values()].sort((a, b) => a.first - b.first);
}
/** An engine's totals: layers, layer time, weights, and its plan split into weights, #4841 padding and the rest. */
function totalsOf(side) {
    const weightBytes = side.layers.layers.reduce((sum, l) => sum + l.weightBytes, 0);
    const plan = side.plan ?? null;
    // Only the padding verify diagnoses: zeros at the end of a plan that is mostly not zeros are its own.
    const paddingBytes = plan === null ? null : mostlyTrailingZeros(plan) ? plan.trailingZeroBytes : 0;
    return {
        layers: side.layers.layers.length,
        timeMs: timeOf(side.layers.layers.map((l) => l.name), side.profiles).timeMs,
        weightBytes,
        planBytes: plan?.bytes ?? null,
        paddingBytes,
        otherBytes: plan === null ? null : Math.max(0, plan.bytes - weightBytes - (paddingBytes ?? 0)),
    };
}
/** One engine's side of a region: its layers, their time and share, weights, precisions, formats and tactics. */
function sideOf(layers, profiles, total) {
    const computing = layers.filter((l) => !isReformat(l));
    const time = timeOf(layers.map((l) => l.name), profiles);
    return {
        layers: layers.map((l) => l.name),
        ...time,
        timeShare: time.timeMs !== null && total ? time.timeMs / total : null,
        weightBytes: layers.reduce((sum, l) => sum + l.weightBytes, 0),
        precisions: [...new Set(computing.flatMap((l) => l.precisions))].sort(),
        formats: [...new Set(computing.flatMap((l) => l.formats))].sort(),
        tactics: [...new Set(computing.map((l) => l.tactic).filter((t) => t !== null))].sort(),
    };
}
/**
 * Joins the graph's nodes that no layer names to a neighbour's component: first to the node that makes one of
 * their inputs (in graph order, so chains resolve), then to a node that reads one of their outputs. Returns
 * the nodes so joined; a node with no named neighbour at all stays out.
 */
function unnamedNodes(graph, named, components) {
    const placed = new Set(named);
    const joined = [];
    const join = (node, neighbour) => {
        if (neighbour === undefined || !placed.has(neighbour))
            return false;
        components.union(`n:${neighbour}`, `n:${node}`);
        placed.add(node);
        joined.push(node);
        return true;
    };
    for (const node of graph.nodes) {
        if (placed.has(node))
            continue;
        for (const input of graph.inputs.get(node) ?? [])
            if (join(node, graph.producers.get(input)))
                break;
    }
    // Lists grown in place: a copy per entry is quadratic in a tensor read by 100k nodes.
    const readers = new Map();
    for (const [node, inputs] of graph.inputs)
        for (const input of inputs)
            listAt(readers, input).push(node);
    const outputs = new Map();
    for (const [tensor, node] of graph.producers)
        listAt(outputs, node).push(tensor);
    for (const node of [...graph.nodes].reverse()) {
        if (placed.has(node))
            continue;
        const next = (outputs.get(node) ?? []).flatMap((t) => readers.get(t) ?? []);
        for (const reader of next)
            if (join(node, reader))
                break;
    }
    return joined;
}
function listAt(map, key) {
    const found = map.get(key);
    if (found)
        return found;
    const list = [];
    map.set(key, list);
    return list;
}
/** What changed between a region's layers of the two engines. */
function changesOf(base, head) {
    if (base.length === 0)
        return ['new'];
    if (head.length === 0)
        return ['gone'];
    const change = [];
    const computing = (layers) => layers.filter((l) => !isReformat(l));
    const [b, h] = [computing(base), computing(head)];
    const precisions = (layers) => [...new Set(layers.flatMap((l) => l.precisions))];
    if (!sameSet(precisions(b), precisions(h)))
        change.push('precision');
    // A fusion is which nodes a layer computes together; the names may differ while that stays.
    const groupsOf = (layers) => layers.map((l) => [...l.onnxNodes].sort().join('\n'));
    if (!sameSet(groupsOf(b), groupsOf(h)))
        change.push('fusion');
    const tactics = (layers) => layers.map((l) => l.tactic).filter((t) => t !== null);
    if (!change.includes('fusion') && !sameSet(tactics(b), tactics(h)))
        change.push('tactic');
    const reformats = (layers) => layers.filter(isReformat).length;
    if (reformats(head) > reformats(base))
        change.push('reformat-added');
    if (reformats(head) < reformats(base))
        change.push('reformat-removed');
    return change;
}
function notesOf(base, head) {
    const notes = [];
    for (const [which, side] of [
        ['base', base],
        ['head', head],
    ]) {
        if (side.layers.verbosity === 'layer_names_only') {
            notes.push(`the ${which} engine's layer info has names only (built without --profilingVerbosity=detailed): ` +
                'regions come from layer names, with no precisions, tactics or weights');
        }
        if (side.layers.layers.some((l) => l.auxiliaryStream)) {
            notes.push(`the ${which} engine runs layers on auxiliary streams (StreamId > 0): the sum of layer times is not reliable`);
        }
        if (side.profiles.some((p) => !p.median))
            notes.push(`the ${which} profile has averages, not medians (TensorRT before 8.4)`);
        else if (side.profiles.length > 0) {
            notes.push(`the ${which} engine's times: each layer's median over its iterations (--exportProfile medianMs), summed ` +
                `per region, the mean of ${side.profiles.length} profile run${side.profiles.length === 1 ? '' : 's'}`);
        }
        const names = new Set(side.layers.layers.map((l) => l.name));
        const unmatched = new Set(side.profiles.flatMap((p) => [...p.times.keys()].filter((n) => !names.has(n))));
        if (unmatched.size)
            notes.push(`${unmatched.size} of the ${which} profile's layers are not in its layer info`);
        if (side.profiles.length === 1)
            notes.push(`one profile run of the ${which} engine: no run-to-run spread to judge by`);
    }
    if ((base.profiles.length === 0) !== (head.profiles.length === 0)) {
        const only = base.profiles.length ? 'base' : 'head';
        notes.push(`a profile of the ${only} engine only: its times are shown, with no deltas to the other`);
    }
    const [bp, hp] = [base.layers.profiles, head.layers.profiles];
    if (bp !== hp) {
        notes.push(`the engines hold different numbers of optimization profiles (${bp} against ${hp}): ` +
            `profile ${base.layers.profile} of the base is compared with profile ${head.layers.profile} of the head`);
    }
    else if (bp > 1) {
        notes.push(`engines of ${bp} optimization profiles: profile ${head.layers.profile} of each is compared`);
    }
    if (base.layers.schema !== head.layers.schema) {
        notes.push(`the layer info schemas differ (${base.layers.schema} against ${head.layers.schema})`);
    }
    return notes;
}

;// CONCATENATED MODULE: ./.build/tsc/tensorrt/deploy-rules.js
// Will a plan load where it ships? TensorRT's rules for a serialized engine on another GPU, TensorRT and OS,
// and the lines it prints when it will not (docs/deploy.md has the sources). Pure: what the build knew and
// the target's description in, a verdict with the line and the fix out.


/** GPU models by compute capability (NVIDIA "CUDA GPU Compute Capability", developer.nvidia.com/cuda-gpus). */
const GPU_COMPUTE = {
    T4: '7.5',
    V100: '7.0',
    A100: '8.0',
    A30: '8.0',
    A10: '8.6',
    A10G: '8.6',
    A40: '8.6',
    A16: '8.6',
    A2: '8.6',
    'RTX A6000': '8.6',
    L4: '8.9',
    L40: '8.9',
    L40S: '8.9',
    H100: '9.0',
    H200: '9.0',
    GH200: '9.0',
    B200: '10.0',
    GB200: '10.0',
    B300: '10.3',
    GB300: '10.3',
};
/** A GPU model as nvidia-smi names it ("NVIDIA H100 80GB HBM3") or as a target names it ("H100"): its CC. */
function computeCapabilityOf(gpu) {
    const name = gpu.replace(/^NVIDIA\s+/i, '').trim();
    if (GPU_COMPUTE[name])
        return GPU_COMPUTE[name];
    // The longest known model that starts the name: "H100 80GB HBM3" is an H100, "A100-SXM4-40GB" an A100.
    const known = Object.keys(GPU_COMPUTE)
        .filter((model) => new RegExp(`^${model.replace(/ /g, '[ -]')}(?![0-9A-Za-z])`, 'i').test(name))
        .sort((a, b) => b.length - a.length)[0];
    return known ? GPU_COMPUTE[known] : null;
}
function portabilityOf(flags) {
    const value = (flag) => flags
        .filter((f) => f.startsWith(`${flag}=`))
        .map((f) => f.slice(flag.length + 1))
        .at(-1);
    const level = value('--hardwareCompatibilityLevel');
    const platform = value('--runtimePlatform');
    return {
        hardware: level === 'ampere+' ? 'ampere+' : level === 'sameComputeCapability' ? 'sameComputeCapability' : 'none',
        versionCompatible: flags.includes('--versionCompatible') || flags.includes('--vc'),
        runtimePlatform: platform?.toLowerCase() === 'windowsamd64' ? 'WindowsAMD64' : 'SameAsBuild',
    };
}
const DEPLOY_VERDICTS = (/* unused pure expression or super */ null && (['loads', 'loads-with-warning', 'fails', 'unknown']));
// "expecting" is the runtime's (the device it runs on, its library), "got" the plan's: NVIDIA/TensorRT#564 on a
// GTX 1060 (6.1) read "expecting compute 6.1 got compute 7.5"; wang-xinyu/tensorrtx#664, a plan of 8.0.1.6 on
// an 8.0.0 runtime, "expecting library version 8.0.0 got 8.0.1". Before 8.5 the versions have three parts.
const DEVICE_LINE = (expecting, got) => `The engine plan file is generated on an incompatible device, expecting compute ${expecting} got compute ${got}, ` +
    'please rebuild.';
const spelled = (version) => {
    const [major = 0, minor = 0] = parts(version);
    return major < 8 || (major === 8 && minor < 5) ? version.split('.').slice(0, 3).join('.') : version;
};
const VERSION_LINE = (plan, runtime) => 'The engine plan file is not compatible with this version of TensorRT, expecting library version ' +
    `${spelled(runtime)} got ${spelled(plan)}, please rebuild.`;
const MODEL_WARNING = 'Using an engine plan file across different models of devices is not recommended and is likely to affect ' +
    'performance or even cause errors.';
const parts = (v) => v.split('.').map(Number);
const compare = (a, b) => {
    const [x, y] = [parts(a), parts(b)];
    for (let i = 0; i < Math.max(x.length, y.length); i += 1)
        if ((x[i] ?? 0) !== (y[i] ?? 0))
            return (x[i] ?? 0) - (y[i] ?? 0);
    return 0;
};
const sameModel = (a, b) => a !== null && b !== null && a.replace(/^NVIDIA\s+/i, '').toLowerCase() === b.replace(/^NVIDIA\s+/i, '').toLowerCase();
/**
 * Why a machine is not the target it is said to be, or null when it is: its GPU (by nvidia-smi's name, or
 * its compute capability for a target named by one) and its TensorRT (a version prefix). A target "A100 40GB"
 * is an "NVIDIA A100-SXM4-40GB": every word of the target's name is a word of the GPU's.
 */
function notTheTarget(target, machine) {
    const words = (name) => name
        .replace(/^NVIDIA\s+/i, '')
        .toLowerCase()
        .split(/[\s-]+/)
        .filter(Boolean);
    const has = new Set(words(machine.gpu));
    if (target.gpu && !words(target.gpu).every((w) => has.has(w))) {
        return `this machine's GPU is ${machine.gpu}, not the target's ${target.gpu}`;
    }
    const cc = machine.computeCapability ?? computeCapabilityOf(machine.gpu);
    if (!target.gpu && target.computeCapability && cc !== target.computeCapability) {
        return (`this machine's GPU is ${machine.gpu} (compute capability ${cc ?? 'unknown'}), not the target's ` +
            `compute capability ${target.computeCapability}`);
    }
    const version = target.tensorrt;
    if (version && machine.tensorrt !== version && !machine.tensorrt.startsWith(`${version}.`)) {
        return `this machine's TensorRT is ${machine.tensorrt}, not the target's ${version}`;
    }
    return null;
}
/** The plan on the target, by TensorRT's rules: version first (a plan that does not deserialize loads nowhere). */
function predictLoad(plan, target) {
    const { portability } = plan;
    const targetOs = target.os;
    const builtFor = portability.runtimePlatform === 'WindowsAMD64' ? 'windows' : plan.os;
    if (builtFor !== targetOs) {
        return {
            verdict: 'fails',
            line: `a ${builtFor} plan does not deserialize on ${targetOs} (the serialized platform does not match)`,
            fix: targetOs === 'windows'
                ? 'build with --runtimePlatform=WindowsAMD64 (TensorRT 10.2+), or on a Windows runner'
                : 'build on a Linux runner (drop --runtimePlatform)',
        };
    }
    if (plan.rtx)
        return rtxVerdict(plan, plan.rtx.computeCapabilities, target);
    const version = versionVerdict(plan, target);
    if (version)
        return version;
    return hardwareVerdict(plan, target);
}
/**
 * TensorRT-RTX's rules (docs/tensorrt-rtx.md): a plan loads only on its own release, and runs on the compute
 * capabilities it was built for (its header's); a GPU outside TensorRT-RTX's list (9.0: H100, H200) runs one only
 * off-label, through forward-compatible PTX, which nothing promises.
 */
function rtxVerdict(plan, targets, target) {
    const built = plan.tensorrtVersion;
    const rebuild = "build with the target's TensorRT-RTX release (its plans are not compatible across releases)";
    if (target.tensorrt && built && built !== target.tensorrt && !built.startsWith(`${target.tensorrt}.`))
        return {
            verdict: 'fails',
            line: `a TensorRT-RTX ${built} plan does not load on TensorRT-RTX ${target.tensorrt}`,
            fix: rebuild,
        };
    const cc = target.computeCapability ?? (target.gpu ? computeCapabilityOf(target.gpu) : null);
    if (!cc || !targets)
        return {
            verdict: 'unknown',
            line: "the target's compute capability or the plan's targets are not known",
            fix: null,
        };
    if (targets.includes(cc))
        return { verdict: 'loads', line: null, fix: null };
    const add = `add --compute-capability ${cc} to the producer's build command`;
    if (RTX_COMPUTE_CAPABILITIES.includes(cc))
        return { verdict: 'fails', line: `built for compute capability ${targets.join(', ')}, not ${cc}`, fix: add };
    // Off-label: TensorRT-RTX 1.7.1 refused its plans on an H100 (9.0), whatever they were built for (measured,
    // bench/results/tensorrt-rtx-gpu-2026-12-07-h100).
    return {
        verdict: 'fails',
        line: RTX_REFUSES(cc, targets),
        fix: `deploy to a GPU TensorRT-RTX supports (${RTX_COMPUTE_CAPABILITIES.join(', ')}), or build with TensorRT`,
    };
}
// TensorRT-RTX 1.7.1's words when it will not load a plan on a GPU it does not support (IRuntime::
// deserializeCudaEngine on an H100: test/fixtures/tensorrt-rtx/logs/h100-refused.log).
const RTX_REFUSES = (cc, targets) => `The engine cannot run on this GPU, which has compute capability ${cc}. Supported compute capabilities: ` +
    `${targets.length ? targets.join(', ') : 'None'}. TensorRT-RTX does not support this compute capability, so the ` +
    'engine cannot be rebuilt for it.';
function versionVerdict(plan, target) {
    const built = plan.tensorrtVersion;
    if (!target.tensorrt)
        return null; // the target runs the builder's TensorRT
    if (!built)
        return { verdict: 'unknown', line: "the plan's TensorRT version is not known", fix: null };
    const wanted = target.tensorrt;
    const exact = parts(wanted).length >= 4;
    // The built version cut to as many parts as the target names: "10.16.1" names the release 10.16.1.11 is of.
    const prefix = built.split('.').slice(0, parts(wanted).length).join('.');
    const ownRelease = compare(prefix, wanted) === 0;
    if (plan.portability.versionCompatible) {
        // Newer TensorRT of the same major loads a version-compatible plan (with --versionCompatible at load); so
        // does its own release, however the target writes it.
        if (parts(wanted)[0] !== parts(built)[0] || (!ownRelease && compare(wanted, built) < 0)) {
            return {
                verdict: 'fails',
                line: VERSION_LINE(built, wanted),
                fix: `a version-compatible plan loads on TensorRT ${parts(built)[0]}.x from ${built} on; build for ${wanted}`,
            };
        }
        // "10.16" spans 10.16.0, older than a plan of 10.16.1, and 10.16.2, newer: which one the target runs decides.
        if (ownRelease && parts(wanted).length < 3)
            return {
                verdict: 'unknown',
                line: `a version-compatible plan of ${built} loads from ${built} on; the target names ${wanted}`,
                fix: `name the target's TensorRT in full (tensorrt: "${built}") to know`,
            };
        return null;
    }
    if (!ownRelease) {
        return {
            verdict: 'fails',
            line: VERSION_LINE(built, exact ? wanted : `${wanted}.x`),
            fix: `build a separate engine with TensorRT ${wanted}, ` +
                'or build with --versionCompatible (8.6+) for newer runtimes',
        };
    }
    if (!exact) {
        return {
            verdict: 'unknown',
            line: `the plan needs exactly TensorRT ${built}; the target names ${wanted}`,
            fix: `name the target's TensorRT in full (tensorrt: "${built}") to know`,
        };
    }
    return null;
}
function hardwareVerdict(plan, target) {
    const built = smNumber(plan.computeCapability);
    const wanted = smNumber(target.computeCapability);
    if (wanted === null)
        return { verdict: 'unknown', line: "the target's compute capability is not known", fix: null };
    if (built === null)
        return { verdict: 'unknown', line: "the build GPU's compute capability is not known", fix: null };
    const level = plan.portability.hardware;
    if (level === 'ampere+') {
        if (wanted >= 80)
            return { verdict: 'loads', line: null, fix: null };
        return {
            verdict: 'fails',
            line: DEVICE_LINE(target.computeCapability, plan.computeCapability),
            fix: 'ampere+ runs on compute capability 8.0 and newer; ' +
                `build on ${withArticle(target.computeCapability)} runner`,
        };
    }
    if (built !== wanted) {
        return {
            verdict: 'fails',
            line: DEVICE_LINE(target.computeCapability, plan.computeCapability),
            fix: wanted >= 80 && built >= 80
                ? 'add --hardwareCompatibilityLevel=ampere+ (8.6+), or build on a runner of the target GPU'
                : `build on a compute capability ${target.computeCapability} runner`,
        };
    }
    if (level === 'none' && target.gpu && plan.gpu && !sameModel(target.gpu, plan.gpu)) {
        return { verdict: 'loads-with-warning', line: MODEL_WARNING, fix: `build on ${withArticle(target.gpu)} runner` };
    }
    return { verdict: 'loads', line: null, fix: null };
}
/**
 * What the flags can never do for a target, said before any build: ampere+ for a GPU older than Ampere,
 * sameComputeCapability before 10.9, --runtimePlatform before 10.2 or for another OS than the target's.
 */
function unreachable(portability, target, tensorrt) {
    const sm = smNumber(target.computeCapability);
    if (portability.hardware === 'ampere+' && sm !== null && sm < 80) {
        return ('--hardwareCompatibilityLevel=ampere+ runs on compute capability 8.0 and newer, ' +
            `target ${target.name} is ${target.computeCapability}`);
    }
    if (portability.hardware === 'sameComputeCapability' && compare(tensorrt, '10.9') < 0) {
        return `--hardwareCompatibilityLevel=sameComputeCapability needs TensorRT 10.9, this one is ${tensorrt}`;
    }
    if (portability.runtimePlatform === 'WindowsAMD64') {
        if (compare(tensorrt, '10.2') < 0)
            return `--runtimePlatform needs TensorRT 10.2, this one is ${tensorrt}`;
        if (target.os !== 'windows')
            return `--runtimePlatform=WindowsAMD64 makes a Windows plan, target ${target.name} is ${target.os}`;
    }
    return null;
}

;// CONCATENATED MODULE: ./.build/tsc/deploy/cost.js
// The price of portability (deploy-cost: true): the engine built again with --hardwareCompatibilityLevel=
// ampere+, and the latency A/B of the native engine against it on the build GPU, so the comment says what
// the flag costs ("ampere+ costs +6.1% [5.8, 6.4]") measured, not guessed. A variant that cannot be built or
// run is said, never the run. The two engines are compared too (sizes, and the regions of their layer info
// whose tactics, fusions or precisions changed): the sign in the engine that the flag took effect.









const PORTABLE_FLAG = '--hardwareCompatibilityLevel=ampere+';
/** Each engine whose model asks (deploy-cost: true), by its job: what its ampere+ build costs. */
async function priceOfPortability(outcomes, context) {
    const { config } = context;
    const costs = new Map();
    for (const outcome of outcomes) {
        const { job, plan } = outcome;
        const built = plan && (outcome.status === 'built' || outcome.status === 'cached');
        if (!job.model.deployCost || !plan || !built || context.signal?.aborted)
            continue;
        const key = jobKey(job);
        if (portabilityOf(job.model.extraArgs).hardware !== 'none') {
            costs.set(key, {
                variant: 'ampere+',
                latency: null,
                note: 'the engine is already built portable',
                engine: null,
            });
            continue;
        }
        const dir = (0,external_node_path_.join)(config.outputDir, 'deploy-cost', `${job.model.name}.${job.profile.name}`);
        await (0,promises_.rm)(dir, { recursive: true, force: true });
        await (0,promises_.mkdir)(dir, { recursive: true });
        const model = { ...job.model, extraArgs: [...job.model.extraArgs, PORTABLE_FLAG] };
        const workspaceBytes = outcome.attempts.at(-1)?.workspaceBytes ?? job.model.workspaceBytes;
        const build = await context.buildPlan(sideJob(job, dir, 'ampere+', { model, workspaceBytes }), outcome.gpu?.index ?? null);
        if (!build.plan) {
            const log = build.attempts.at(-1)?.log;
            costs.set(key, {
                variant: 'ampere+',
                latency: null,
                note: `the ampere+ engine did not build: ${build.failure?.message ?? 'no plan'}${log ? ` (${log})` : ''}`,
                engine: null,
            });
            continue;
        }
        const portable = build.plan.path;
        const engine = await compareEngines(plan, build.plan);
        const budget = smallestChange(job.model.budgets['latency-growth']);
        try {
            const result = await abOfEngine(outcome, { base: plan.path, head: portable }, (0,external_node_path_.join)(dir, 'ab'), budget, context);
            costs.set(key, {
                variant: 'ampere+',
                latency: toLatency(result, budget, { source: 'given', plan: plan.path }),
                note: null,
                engine,
            });
        }
        catch (error) {
            costs.set(key, {
                variant: 'ampere+',
                latency: null,
                note: `the A/B could not run: ${(0,errors/* errorMessage */.gJ)(error)}`,
                engine,
            });
        }
    }
    return costs;
}
/** The two engines on disk, compared; a layer-info file that is missing or does not parse compares nothing. */
async function compareEngines(native, portable) {
    const layersOf = (file) => (file === null ? null : readEngineLayers(file));
    const [nativeBytes, portableBytes] = await Promise.all([(0,promises_.stat)(native.path), (0,promises_.stat)(portable.path)]);
    const [nativeLayers, portableLayers] = await Promise.all([layersOf(native.layerInfo), layersOf(portable.layerInfo)]);
    const explanation = nativeLayers && portableLayers
        ? explainEngines({ layers: nativeLayers, profiles: [] }, { layers: portableLayers, profiles: [] })
        : null;
    return portableDifference(nativeBytes.size, portableBytes.size, explanation);
}
/** What the regions of native (base) against portable (head) say changed. Pure. */
function portableDifference(nativeBytes, portableBytes, explanation) {
    const changed = explanation?.regions.filter((r) => r.change.length > 0) ?? [];
    return {
        nativeBytes,
        portableBytes,
        regions: explanation ? explanation.regions.length : null,
        changedRegions: explanation ? changed.length : null,
        changes: [...new Set(changed.flatMap((r) => r.change))],
    };
}

;// CONCATENATED MODULE: ./.build/tsc/deploy/stage.js
// The deploy stage: each built engine against each deploy target of its model (deploy: in trt-ci.yml), by
// TensorRT's portability rules (tensorrt/deploy-rules.ts): will it load there, with which line if not, and
// what fixes it. A prediction from what the run knows; the pack's deploy job replaces it with a real load.


/** One engine's predictions, a row per target; `os` is the builder's. */
function predictTargets(plan, targets) {
    const built = { ...plan, portability: portabilityOf(plan.flags) };
    return targets.map((target) => ({
        target: target.name,
        gpu: target.gpu,
        computeCapability: target.computeCapability,
        tensorrt: target.tensorrt,
        os: target.os,
        ...predictLoad(built, target),
        observed: false,
    }));
}
/** The compatibility flags among an engine's flags, as trtexec takes them. */
function portabilityClaims(flags) {
    const portable = portabilityOf(flags);
    return [
        ...(portable.hardware !== 'none' ? [`--hardwareCompatibilityLevel=${portable.hardware}`] : []),
        ...(portable.versionCompatible ? ['--versionCompatible'] : []),
    ];
}
/** Each built engine's predictions by its job; engines of models without targets are absent. */
function predictDeploy(outcomes, os) {
    const out = new Map();
    for (const outcome of outcomes) {
        const { job, plan } = outcome;
        if (!plan || job.model.deploy.length === 0)
            continue;
        const rows = predictTargets({
            tensorrtVersion: plan.scan.tensorrtVersion,
            rtx: plan.scan.product === 'TensorRT-RTX' ? { computeCapabilities: plan.scan.computeCapabilities } : undefined,
            computeCapability: outcome.gpu?.computeCapability ?? null,
            gpu: outcome.gpu?.name ?? null,
            os,
            flags: job.model.extraArgs,
        }, job.model.deploy);
        out.set(jobKey(job), { targets: rows, claims: portabilityClaims(job.model.extraArgs) });
    }
    return out;
}

;// CONCATENATED MODULE: ./.build/tsc/explain/stage.js
// The explain stage: for each engine that changed against its base engine, where and why the two differ, per
// ONNX region. Two ways in: an engine the A/B compared (benchmark: ab), against the plan it ran with; and an
// engine whose plan grew against the baseline's, against the base plan `base-plans:` or the engine cache
// holds (no GPU time: bytes only). An engine the A/B found slower or faster is profiled after its A/B: two
// runs a side, interleaved, on the GPU it was measured on (--exportProfile), so a region's delta is judged
// against its own run-to-run spread. Without a change, or without layer info beside the base plan, it says
// less and why. A profile that cannot be taken is a note, never the run.














/** Profile runs a side, and iterations each: enough for a median per layer and a spread, cheap next to the A/B. */
const PROFILE_RUNS = { runs: 2, iterations: 100 };
/**
 * A plan's layer info as trt-ci keeps it: <stem>.layers.json beside a built or uploaded plan (the pack's
 * plans artifact carries both), layers.json beside a cache entry's `plan`.
 */
const layerInfoBeside = (plan) => (0,external_node_path_.basename)(plan) === 'plan'
    ? (0,external_node_path_.join)((0,external_node_path_.dirname)(plan), 'layers.json')
    : `${plan.replace(/\.(plan|engine|trt)$/, '')}.layers.json`;
/** Each engine explained against its base engine, by its job; engines with nothing to explain are absent. */
async function explainChanges(outcomes, latency, baseline, context) {
    const { config, signal } = context;
    const explained = new Map();
    // A model's profiles share its graph: read once.
    const graphs = new Map();
    const graphOf = (onnx) => graphs.get(onnx) ?? graphs.set(onnx, readOnnxGraph(onnx)).get(onnx);
    for (const outcome of outcomes) {
        const { plan } = outcome;
        const layerInfo = plan?.layerInfo;
        if (!plan || !layerInfo || signal?.aborted)
            continue;
        const key = jobKey(outcome.job);
        // An engine that cannot be explained (a cache that fails to read, say) is a note on it, never the run.
        try {
            const explanation = await explainOne(outcome, { ...plan, layerInfo }, latency.get(key) ?? null);
            if (explanation)
                explained.set(key, explanation);
        }
        catch (error) {
            explained.set(key, { ...EMPTY, notes: [`it could not be explained: ${(0,errors/* errorMessage */.gJ)(error)}`] });
        }
    }
    return explained;
    async function explainOne(outcome, plan, ab) {
        const { job } = outcome;
        const base = await baseSideOf(outcome, ab, baseline, config, context.cacheTrust, context.registry ?? null);
        if (!base)
            return null;
        const baseInfo = layerInfoBeside(base.plan);
        const headGraph = await graphOf(job.model.onnx);
        // A base built from the base commit's ONNX is read against that graph; else against this one's.
        const baseGraph = base.onnx ? await graphOf(base.onnx) : headGraph;
        const head = await readEngineLayers(plan.layerInfo, headGraph);
        const baseLayers = (0,external_node_fs_.existsSync)(baseInfo) ? await readEngineLayers(baseInfo, baseGraph) : null;
        if (!head || !baseLayers) {
            // Said, never a silent gap beside the engines that were explained.
            const missing = !head ? `this engine's layer info (${plan.layerInfo})` : `the base engine's (${baseInfo})`;
            return { ...EMPTY, notes: [`nothing to compare: ${missing} cannot be read`] };
        }
        const notes = [];
        let profiles = { base: [], head: [] };
        const changed = ab?.verdict === 'slower' || ab?.verdict === 'faster';
        const profile = context.runner.profile;
        if (changed && !profile)
            notes.push(`no profile runs: ${context.runner.noProfile}, so bytes only`);
        else if (changed && profile) {
            try {
                profiles = await profileBoth({ base: engineOf(base.plan, job.model, job.profile), head: engineOf(plan.path, job.model, job.profile) }, await folderWithin(config.outputDir, 'explain', `${job.model.name}.${job.profile.name}`), profile, { gpu: outcome.gpu?.index ?? null, timeoutMs: job.model.buildTimeoutMs, ...(signal && { signal }) });
            }
            catch (error) {
                notes.push(`the engines could not be profiled: ${(0,errors/* errorMessage */.gJ)(error)}`);
            }
        }
        else if (ab)
            notes.push(`no profile runs: the A/B found no change (${ab.verdict})`);
        else
            notes.push('no profile runs: this engine has no latency A/B (benchmark: ab), so bytes only');
        if (!base.onnx && baseLayers.layers.some((l) => l.name.includes('{ForeignNode['))) {
            notes.push("the base engine's ForeignNodes are spanned over this commit's ONNX graph, not the base commit's");
        }
        const measured = changed && ab?.base && ab.head ? ab.head.median - ab.base.median : null;
        let basePlan = null;
        try {
            basePlan = planTail(base.plan);
        }
        catch (error) {
            notes.push(`the base plan's size is not known: ${(0,errors/* errorMessage */.gJ)(error)}`);
        }
        const explanation = explainEngines({ layers: baseLayers, profiles: profiles.base, plan: basePlan }, { layers: head, profiles: profiles.head, plan: plan.scan }, { measuredChangeMs: measured, graph: headGraph });
        return { ...explanation, notes: [...notes, ...explanation.notes] };
    }
}
/**
 * The base engine to explain against: the A/B's, when it ran (a rebuilt base has its commit's ONNX beside
 * it); else, for a plan that grew against the baseline's, the base plan that `base-plans:` or the cache holds.
 */
async function baseSideOf(outcome, ab, baseline, config, trust = TRUST_ALL, registry = null) {
    const { job, plan } = outcome;
    const abBase = ab?.baseEngine;
    if (abBase) {
        const onnx = abBase.source === 'rebuilt' ? (0,external_node_path_.join)((0,external_node_path_.dirname)(abBase.plan), (0,external_node_path_.basename)(job.model.onnx)) : null;
        return { plan: abBase.plan, onnx: onnx && (0,external_node_fs_.existsSync)(onnx) ? onnx : null, ab };
    }
    const baseBuild = baseBuildOf(baseline, outcome);
    if (!plan || baseBuild?.bytes == null || plan.scan.bytes <= baseBuild.bytes)
        return null;
    const found = await findBasePlan(job, baseBuild, config, trust, registry);
    return 'plan' in found ? { plan: found.plan, onnx: null, ab: null } : null;
}
const EMPTY = {
    base: { layers: 0, timeMs: null, weightBytes: 0, planBytes: null, paddingBytes: null, otherBytes: null },
    head: { layers: 0, timeMs: null, weightBytes: 0, planBytes: null, paddingBytes: null, otherBytes: null },
    regions: [],
    notes: [],
};
/** base, head, base, head: a drift of the GPU over the runs falls on both sides alike. */
async function profileBoth(engines, dir, profile, place) {
    // The runs' files from an earlier run go; the folder itself was made link-free by folderWithin.
    for (const entry of await (0,promises_.readdir)(dir))
        await (0,promises_.rm)((0,external_node_path_.join)(dir, entry), { recursive: true, force: true });
    const out = { base: [], head: [] };
    for (let i = 1; i <= PROFILE_RUNS.runs; i += 1) {
        for (const side of ['base', 'head']) {
            const request = {
                file: (0,external_node_path_.join)(dir, `${i}.${side}.profile.json`),
                log: (0,external_node_path_.join)(dir, `${i}.${side}.log`),
                iterations: PROFILE_RUNS.iterations,
                measurement: MEASUREMENT,
            };
            out[side].push(await profile(engines[side], place, request));
        }
    }
    return out;
}

;// CONCATENATED MODULE: ./.build/tsc/preflight/elf.js


const MACHINES = { 3: 'i386', 40: 'ARM', 62: 'x86-64', 183: 'AArch64', 243: 'RISC-V' };
/** e_machine of the architecture Node runs on. */
function hostMachine(arch = process.arch) {
    return { x64: 62, arm64: 183, ia32: 3, arm: 40, riscv64: 243 }[arch] ?? null;
}
const SHT_DYNSYM = 11;
const SHT_DYNAMIC = 6;
const DT_NEEDED = 1;
const DT_SONAME = 14;
const SHN_UNDEF = 0;
async function readElf(path) {
    let file;
    try {
        file = await (0,promises_.open)(path, 'r');
    }
    catch (error) {
        return { ok: false, reason: (0,errors/* fileProblem */.Wj)(error, 'a shared library') };
    }
    try {
        const read = async (offset, length) => {
            const buffer = Buffer.alloc(length);
            const { bytesRead } = await file.read(buffer, 0, length, offset);
            if (bytesRead < length)
                throw new Error('truncated');
            return buffer;
        };
        const ident = await read(0, 64).catch(() => null);
        if (ident?.toString('latin1', 0, 4) !== '\x7fELF')
            return { ok: false, reason: 'not an ELF file' };
        const bits = ident[4] === 2 ? 64 : 32;
        const le = ident[5] === 1;
        const u16 = (b, o) => (le ? b.readUInt16LE(o) : b.readUInt16BE(o));
        const u32 = (b, o) => (le ? b.readUInt32LE(o) : b.readUInt32BE(o));
        const addr = (b, o) => bits === 64 ? Number(le ? b.readBigUInt64LE(o) : b.readBigUInt64BE(o)) : u32(b, o);
        const type = u16(ident, 16);
        const machine = u16(ident, 18);
        const shoff = addr(ident, bits === 64 ? 40 : 32);
        const shentsize = u16(ident, bits === 64 ? 58 : 46);
        const shnum = u16(ident, bits === 64 ? 60 : 48);
        const sections = [];
        if (shoff > 0 && shnum > 0) {
            const table = await read(shoff, shentsize * shnum);
            for (let i = 0; i < shnum; i += 1) {
                const o = i * shentsize;
                sections.push({
                    type: u32(table, o + 4),
                    offset: addr(table, o + (bits === 64 ? 24 : 16)),
                    size: addr(table, o + (bits === 64 ? 32 : 20)),
                    link: u32(table, o + (bits === 64 ? 40 : 24)),
                    entsize: addr(table, o + (bits === 64 ? 56 : 36)),
                });
            }
        }
        const strings = async (index) => {
            const section = sections[index];
            return section ? read(section.offset, section.size) : Buffer.alloc(0);
        };
        const cString = (table, offset) => {
            const end = table.indexOf(0, offset);
            return table.toString('latin1', offset, end === -1 ? table.length : end);
        };
        const needed = [];
        let soname = null;
        const dynamic = sections.find((s) => s.type === SHT_DYNAMIC);
        if (dynamic) {
            const entries = await read(dynamic.offset, dynamic.size);
            const names = await strings(dynamic.link);
            const size = bits === 64 ? 16 : 8;
            for (let o = 0; o + size <= entries.length; o += size) {
                const tag = addr(entries, o);
                const value = addr(entries, o + size / 2);
                if (tag === 0)
                    break;
                if (tag === DT_NEEDED)
                    needed.push(cString(names, value));
                if (tag === DT_SONAME)
                    soname = cString(names, value);
            }
        }
        const exports = [];
        const imports = [];
        const dynsym = sections.find((s) => s.type === SHT_DYNSYM);
        if (dynsym && dynsym.entsize > 0) {
            const symbols = await read(dynsym.offset, dynsym.size);
            const names = await strings(dynsym.link);
            for (let o = 0; o + dynsym.entsize <= symbols.length; o += dynsym.entsize) {
                const name = u32(symbols, o);
                const info = symbols[o + (bits === 64 ? 4 : 12)];
                const shndx = u16(symbols, o + (bits === 64 ? 6 : 14));
                const bind = info >> 4;
                const kind = info & 0xf;
                if (name !== 0 && shndx !== SHN_UNDEF && (bind === 1 || bind === 2) && (kind === 1 || kind === 2))
                    exports.push(cString(names, name));
                else if (name !== 0 && shndx === SHN_UNDEF)
                    imports.push(cString(names, name));
            }
        }
        return { ok: true, elf: { bits, littleEndian: le, type, machine, needed, soname, exports, imports } };
    }
    catch (error) {
        return { ok: false, reason: `a damaged ELF file (${error.message})` };
    }
    finally {
        await file.close();
    }
}
/** "libnvinfer.so.10" → 10; null when the object does not link libnvinfer. */
function nvinferMajor(needed) {
    for (const lib of needed) {
        const match = /^libnvinfer\.so\.(\d+)/.exec(lib);
        if (match)
            return Number(match[1]);
    }
    return null;
}

;// CONCATENATED MODULE: ./.build/tsc/preflight/gather.js
// The edges of preflight: nvidia-smi, the file system, ldd. Everything here only collects facts;
// the checks in gpu-checks.ts and host-checks.ts judge them.





async function diskFacts(outputDir) {
    // The output folder may not exist yet: measure the volume it will be created on.
    let path = outputDir;
    while (!(0,external_node_fs_.existsSync)(path) && (0,external_node_path_.dirname)(path) !== path)
        path = (0,external_node_path_.dirname)(path);
    try {
        const stats = await (0,promises_.statfs)(path);
        return { path, freeBytes: stats.bavail * stats.bsize };
    }
    catch (error) {
        return { path, error: error.message };
    }
}
async function pluginFacts(path, dynamic, env) {
    const elf = await readElf(path);
    const ldd = elf.ok ? await lddOf(path, env) : null;
    return { path, dynamic, elf, lddNotFound: ldd?.notFound ?? null };
}
/**
 * The CUDA version the TensorRT build uses, and where that was read: the config, the libcudart
 * that trtexec links, the CUDA toolkit on the machine (a CUDA container sets CUDA_VERSION), or what
 * the TensorRT major implies (every TensorRT 11 is built with CUDA 13).
 */
async function findCuda(lookup) {
    if (lookup.configured)
        return { version: lookup.configured, source: 'cuda: in trt-ci.yml' };
    if (lookup.trtexecPath) {
        const elf = await readElf(lookup.trtexecPath);
        if (elf.ok) {
            const ldd = await lddOf(lookup.trtexecPath, lookup.env);
            const linked = [...(ldd?.resolved.entries() ?? [])].find(([name]) => name.startsWith('libcudart.so.'));
            if (linked) {
                // libcudart.so.12 → libcudart.so.12.4.127: the real file names the toolkit's minor.
                const real = (0,external_node_path_.basename)(safeRealpath(linked[1]));
                const full = /^libcudart\.so\.(\d+\.\d+)/.exec(real)?.[1] ?? /^libcudart\.so\.(\d+)/.exec(linked[0])?.[1];
                if (full)
                    return { version: full, source: `${real} that ${lookup.trtexecPath} links` };
            }
            const needed = elf.elf.needed.find((lib) => lib.startsWith('libcudart.so.'));
            const major = needed && /^libcudart\.so\.(\d+)/.exec(needed)?.[1];
            if (major)
                return { version: major, source: `${needed} that ${lookup.trtexecPath} links` };
        }
    }
    const toolkit = readToolkitVersion(lookup.toolkitRoot);
    if (toolkit)
        return { version: toolkit, source: `the CUDA toolkit at ${lookup.toolkitRoot}` };
    const fromEnv = lookup.env.CUDA_VERSION && /^(\d+\.\d+)/.exec(lookup.env.CUDA_VERSION)?.[1];
    if (fromEnv)
        return { version: fromEnv, source: "CUDA_VERSION in the environment (the container's CUDA)" };
    if (lookup.tensorrt.major >= 11)
        return { version: '13', source: 'TensorRT 11, which is built with CUDA 13' };
    return null;
}
function safeRealpath(path) {
    try {
        return (0,external_node_fs_.realpathSync)(path);
    }
    catch {
        return path;
    }
}
function readToolkitVersion(root) {
    try {
        const json = JSON.parse((0,external_node_fs_.readFileSync)((0,external_node_path_.join)(root, 'version.json'), 'utf8'));
        return /^(\d+\.\d+)/.exec(json.cuda?.version ?? '')?.[1] ?? null;
    }
    catch {
        return null;
    }
}
/** Which libnvinfer.so major plugins must link: what trtexec links, else the detected TensorRT major. */
async function nvinferTarget(trtexecPath, tensorrt) {
    if (trtexecPath) {
        const elf = await readElf(trtexecPath);
        const major = elf.ok ? nvinferMajor(elf.elf.needed) : null;
        if (major !== null)
            return { major, source: `${trtexecPath} links libnvinfer.so.${major}` };
    }
    return { major: tensorrt.major, source: `TensorRT ${tensorrt.major}.${tensorrt.minor}` };
}
function devNvidiaPresent(dev = '/dev') {
    return (0,external_node_fs_.existsSync)((0,external_node_path_.join)(dev, 'nvidiactl')) || (0,external_node_fs_.existsSync)((0,external_node_path_.join)(dev, 'nvidia0'));
}
function resolveCommand(command, env) {
    const found = whichCommand(command, env);
    return found && (0,external_node_path_.isAbsolute)(found) ? safeRealpath(found) : found;
}

;// CONCATENATED MODULE: ./.build/tsc/preflight/driver-check.js


/**
 * Every TensorRT 11 package (tar, deb, rpm, container, the cu13 wheels) is built with CUDA 13 and needs
 * driver r580; the cu12 pip wheels run on r535 but ship no trtexec, so a trtexec 11 below r580 cannot run,
 * whatever CUDA 12 runtime the machine also has (TensorRT 11 release notes; docs/trtexec-flags.md).
 */
const TENSORRT_11_DRIVER = DRIVER_FLOOR[13];
function tensorrt11Floor(driver, input) {
    if (input.tensorrt.major < 11 || compareDriver(driver, TENSORRT_11_DRIVER) >= 0)
        return null;
    const cu12 = input.cuda?.version.startsWith('12')
        ? ` The CUDA ${input.cuda.version} found (${input.cuda.source}) is a cu12 runtime: TensorRT 11's cu12 pip ` +
            'wheels run on r535 but ship no trtexec, so they cannot stand in for it.'
        : '';
    return {
        id: 'driver',
        status: 'fail',
        message: `driver ${driver} is older than ${TENSORRT_11_DRIVER} (r580), the least every TensorRT ` +
            `${formatVersion(input.tensorrt)} package with trtexec needs (CUDA 13.x)`,
        hint: `Upgrade the runner's driver to r580 or newer, or build with TensorRT 10.x here.${cu12}`,
    };
}
function driverCheck(gpus, input) {
    const driver = gpus.find((g) => g.driverVersion)?.driverVersion ?? null;
    if (!driver)
        return { id: 'driver', status: 'warn', message: 'nvidia-smi did not report the driver version', hint: null };
    const eleven = tensorrt11Floor(driver, input);
    if (eleven)
        return eleven;
    if (input.minDriver) {
        return compareDriver(driver, input.minDriver) < 0
            ? {
                id: 'driver',
                status: 'fail',
                message: `driver ${driver} is below min-driver ${input.minDriver}`,
                hint: "Upgrade the runner's NVIDIA driver to the version your team pins (min-driver in trt-ci.yml).",
            }
            : { id: 'driver', status: 'pass', message: `driver ${driver} >= min-driver ${input.minDriver}`, hint: null };
    }
    if (!input.cuda) {
        return {
            id: 'driver',
            status: 'warn',
            message: `driver ${driver}; the CUDA version this TensorRT uses is unknown, so it cannot be checked`,
            hint: 'Set cuda: in trt-ci.yml (e.g. cuda: "12.4") to the CUDA of your TensorRT build.',
        };
    }
    const [major, minor] = input.cuda.version.split('.');
    const floor = DRIVER_FLOOR[Number(major)];
    const from = `CUDA ${input.cuda.version} (from ${input.cuda.source})`;
    if (!floor)
        return {
            id: 'driver',
            status: 'warn',
            message: `driver ${driver}; trt-ci knows no driver floor for ${from}`,
            hint: null,
        };
    if (compareDriver(driver, floor) < 0) {
        return {
            id: 'driver',
            status: 'fail',
            message: `driver ${driver} is older than ${floor}, the least any CUDA ${major}.x needs; ${from}`,
            hint: `Upgrade the runner's driver to >= ${floor} (Linux), or use a TensorRT build for an older ` +
                `CUDA. Builds would fail with "CUDA driver version is insufficient for CUDA runtime version".`,
        };
    }
    const toolkit = minor === undefined ? undefined : TOOLKIT_DRIVER[`${major}.${minor}`];
    if (toolkit && compareDriver(driver, toolkit) < 0) {
        return {
            id: 'driver',
            status: 'warn',
            message: `driver ${driver} is below ${toolkit}, the driver of the CUDA ` +
                `${major}.${minor} toolkit: it runs in minor-version compatibility mode; ${from}`,
            hint: `Minor-version compatibility has a limited feature set (no PTX JIT of ` +
                `newer PTX); upgrade the driver to >= ${toolkit} if builds or plugins need it.`,
        };
    }
    return { id: 'driver', status: 'pass', message: `driver ${driver} runs ${from}`, hint: null };
}

;// CONCATENATED MODULE: ./.build/tsc/preflight/types.js
const RANK = { skip: 0, pass: 1, warn: 2, fail: 3 };
function worst(statuses) {
    return statuses.reduce((a, b) => (RANK[b] > RANK[a] ? b : a), 'skip');
}
function overall(checks) {
    const status = worst(checks.map((c) => c.status));
    return status === 'skip' ? 'pass' : status;
}

;// CONCATENATED MODULE: ./.build/tsc/preflight/gpu-checks.js






/** TensorRT needs memory beyond the workspace (weights, activations, the CUDA context). */
const BUILD_MEMORY_MARGIN_BYTES = 1024 * MiB;
const CONTAINER_HINT = 'On a containerised runner, start the container with the GPU ' +
    'passed in (docker run --gpus all, with the NVIDIA Container Toolkit) ' +
    'so that /dev/nvidia* and the driver libraries are inside it; ' +
    'on the host, check `lsmod | grep nvidia` and the driver install.';
/**
 * ARC's Kubernetes container mode runs a job's steps in a second pod (the workflow pod) that the container
 * hook creates: the runner pod's GPU is not in it. The fix is the hook's pod template.
 */
const KUBERNETES_HINT = 'This job runs in a Kubernetes pod: in ARC container mode (containerMode.type: kubernetes) the steps run in ' +
    "a workflow pod of their own, which gets no GPU unless the container hook's pod template gives it one: " +
    'set ACTIONS_RUNNER_CONTAINER_HOOK_TEMPLATE to a template whose $job container has ' +
    'resources.limits nvidia.com/gpu: 1 (docs/runner.md shows the template and the ARC values).';
/** One check from per-GPU verdicts: the worst status, and the GPUs that are not fine named in the message. */
function combine(id, verdicts, hint, allFine) {
    const status = worst(verdicts.map((v) => v.verdict.status));
    const notable = verdicts.filter((v) => v.verdict.status !== 'pass' && v.verdict.status !== 'skip');
    const message = notable.length === 0 ? allFine : notable.map((v) => `GPU ${v.gpu.index}: ${v.verdict.message}`).join('; ');
    return {
        id,
        status: status === 'skip' ? 'pass' : status,
        message,
        hint: status === 'pass' || status === 'skip' ? null : hint,
    };
}
const skipAll = (ids, why) => ids.map((id) => ({ id, status: 'skip', message: why, hint: null }));
/** The GPUs nvidia-smi answered for: each named (a GPU it cannot name has a dead driver), a warning said. */
function smiCheck(selected, warning) {
    const dead = selected.filter((g) => g.name === null);
    const names = selected.map((g) => `GPU ${g.index} ${g.name ?? '(no name)'}`).join(', ');
    const smi = dead.length > 0
        ? {
            id: 'nvidia-smi',
            status: 'fail',
            message: `nvidia-smi answered but could not name GPU ` +
                `${dead.map((g) => g.index).join(', ')}: the driver is not working`,
            hint: `Check dmesg for NVRM/Xid errors and reload the driver or reboot the runner. ${CONTAINER_HINT}`,
        }
        : warning
            ? {
                id: 'nvidia-smi',
                status: 'warn',
                message: `${warning}; ${names}`,
                hint: 'A corrupted infoROM can make ECC and other GPU facts ' +
                    'unreliable; ask the hardware owner to reflash or replace the board.',
            }
            : {
                id: 'nvidia-smi',
                status: 'pass',
                message: `${selected.length} GPU${selected.length === 1 ? '' : 's'}: ${names}`,
                hint: null,
            };
    return smi;
}
/** The checks of one nvidia-smi field per GPU: MIG, a display, uncorrected ECC errors, persistence mode. */
function flagChecks(selected) {
    return [
        combine('mig', selected.map((gpu) => ({
            gpu,
            verdict: gpu.migMode === 'Enabled'
                ? { status: 'warn', message: 'MIG mode is enabled' }
                : { status: 'pass', message: '' },
        })), 'With MIG on, a build sees only its MIG slice of memory and SMs; disable ' +
            'MIG (nvidia-smi -i N -mig 0) on build runners, or size workspace for one slice.', 'MIG is off'),
        combine('display', selected.map((gpu) => ({
            gpu,
            verdict: gpu.displayActive === 'Enabled'
                ? { status: 'warn', message: 'a display is active on it' }
                : { status: 'pass', message: '' },
        })), 'A GPU driving a display has a kernel watchdog that can kill ' +
            'long-running kernels during tactic timing; build on a GPU with no display attached.', 'no display is active'),
        combine('ecc', selected.map((gpu) => ({
            gpu,
            verdict: (gpu.eccUncorrectedErrors ?? 0) > 0
                ? {
                    status: 'fail',
                    message: `${gpu.eccUncorrectedErrors} uncorrected ECC ` +
                        `error${gpu.eccUncorrectedErrors === 1 ? '' : 's'} since the driver loaded`,
                }
                : { status: 'pass', message: '' },
        })), 'Uncorrected ECC errors mean the GPU memory returned bad data: drain the ' +
            'runner, reset the GPU (nvidia-smi -r) and have the board checked before building on it.', 'no uncorrected ECC errors'),
        combine('persistence', selected.map((gpu) => ({
            gpu,
            verdict: gpu.persistenceMode === 'Disabled'
                ? { status: 'warn', message: 'persistence mode is off' }
                : { status: 'pass', message: '' },
        })), 'Without persistence mode the driver unloads between jobs and every trtexec start ' +
            'pays for initialising it; enable it (nvidia-smi -pm 1, or the nvidia-persistenced service).', 'persistence mode is on'),
    ];
}
function gpuChecks(input) {
    const { query } = input;
    if (!query.ok) {
        const missing = query.exitCode === null && /not found|not executable/.test(query.reason);
        const container = input.kubernetes ? KUBERNETES_HINT : CONTAINER_HINT;
        const hint = missing
            ? `Install the NVIDIA driver's utilities on the runner, or ` +
                `set nvidia-smi: in trt-ci.yml to its path. ${container}`
            : `${input.devNvidiaPresent ? '' : '/dev/nvidia* is absent: the GPU is not visible here. '}${container}` +
                (query.exitCode === 18 ? ' A driver/library mismatch usually clears with a reboot after a driver update.' : '');
        return [
            { id: 'nvidia-smi', status: 'fail', message: query.reason, hint },
            ...skipAll(GPU_CHECK_IDS, 'no GPU facts: nvidia-smi failed'),
        ];
    }
    const selected = input.selection === 'all' ? query.gpus : query.gpus.filter((g) => input.selection.includes(g.index));
    const smi = smiCheck(selected, query.warning);
    // In the registry's order: MIG, then the compute mode, then the other fields.
    const [mig, ...flags] = flagChecks(selected);
    return [
        smi,
        driverCheck(selected, input),
        combine('gpu-arch', selected.map((gpu) => ({ gpu, verdict: archSupport(input.tensorrt, gpu.computeCapability) })), `Use a TensorRT release that supports these GPUs, or run ` +
            `on runners whose GPUs this TensorRT supports (runs-on labels).`, `${productOf(input.tensorrt)} ${formatVersion(input.tensorrt)} supports every GPU here`),
        expectGpuCheck(selected, input.expectGpu),
        memoryCheck(selected, input),
        processCheck(selected, input.apps),
        mig,
        computeModeCheck(selected, input.apps),
        ...flags,
    ];
}
function expectGpuCheck(gpus, expected) {
    if (expected.length === 0)
        return { id: 'expect-gpu', status: 'skip', message: 'expect-gpu is not set', hint: null };
    const matches = (name) => name !== null &&
        expected.some((e) => new RegExp(`(^|[^A-Za-z0-9])${e.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^A-Za-z0-9])`, 'i').test(name));
    const wrong = gpus.filter((g) => !matches(g.name));
    return wrong.length === 0
        ? { id: 'expect-gpu', status: 'pass', message: `every GPU is one of ${expected.join(', ')}`, hint: null }
        : {
            id: 'expect-gpu',
            status: 'fail',
            message: `${wrong.map((g) => `GPU ${g.index} is ${g.name ?? 'unnamed'}`).join('; ')}; ` +
                `expected ${expected.join(' or ')}`,
            hint: "Plans are built for the GPU they run on: check the job's runs-on labels, or add this GPU to expect-gpu.",
        };
}
function memoryCheck(gpus, input) {
    const need = input.workspaceBytes + BUILD_MEMORY_MARGIN_BYTES;
    const floor = input.minWorkspaceBytes + BUILD_MEMORY_MARGIN_BYTES;
    return combine('gpu-memory', gpus.map((gpu) => {
        if (gpu.memoryFreeMiB === null)
            return { gpu, verdict: { status: 'warn', message: 'free memory unknown' } };
        const free = gpu.memoryFreeMiB * MiB;
        const status = free < floor ? 'fail' : free < need ? 'warn' : 'pass';
        return {
            gpu,
            verdict: {
                status,
                message: `${formatBytes(free)} free, a build needs ${formatBytes(need)} ` +
                    `(workspace ${formatBytes(input.workspaceBytes)} + ${formatBytes(BUILD_MEMORY_MARGIN_BYTES)})` +
                    (status === 'fail' ? ` and at least ${formatBytes(floor)} at min-workspace` : ''),
            },
        };
    }), 'Free the GPU (see gpu-processes), lower workspace, or let the ' +
        'out-of-memory back-off find a workspace that fits (it stops at min-workspace).', `every GPU has room for a build with workspace ${formatBytes(input.workspaceBytes)}`);
}
const describeApp = (app) => `pid ${app.pid} ` +
    `${app.processName ?? '(unknown)'}${app.usedMemoryMiB === null ? '' : ` using ${app.usedMemoryMiB} MiB`}`;
function appsOn(gpu, apps) {
    return (apps ?? []).filter((app) => app.gpuUuid !== null && app.gpuUuid === gpu.uuid);
}
function processCheck(gpus, apps) {
    if (apps === null)
        return {
            id: 'gpu-processes',
            status: 'warn',
            message: 'nvidia-smi could not list the compute processes',
            hint: null,
        };
    return combine('gpu-processes', gpus.map((gpu) => {
        const on = appsOn(gpu, apps);
        return {
            gpu,
            verdict: on.length > 0
                ? { status: 'warn', message: on.map(describeApp).join(', ') }
                : { status: 'pass', message: '' },
        };
    }), 'Other processes hold GPU memory and time: builds may run out of memory and ' +
        'timings are skewed. Stop them, or give builds a GPU of their own (gpus: in trt-ci.yml).', 'no other compute processes on the GPUs');
}
function computeModeCheck(gpus, apps) {
    return combine('compute-mode', gpus.map((gpu) => {
        const mode = gpu.computeMode;
        if (mode === 'Prohibited')
            return {
                gpu,
                verdict: { status: 'fail', message: 'compute mode is Prohibited: no process may use it' },
            };
        if (mode === 'Exclusive_Process') {
            const holders = appsOn(gpu, apps);
            return holders.length > 0
                ? {
                    gpu,
                    verdict: {
                        status: 'fail',
                        message: `compute mode is Exclusive_Process and ${holders.map(describeApp).join(', ')} holds it`,
                    },
                }
                : {
                    gpu,
                    verdict: {
                        status: 'warn',
                        message: 'compute mode is Exclusive_Process: only one process at a time can use it',
                    },
                };
        }
        return { gpu, verdict: { status: 'pass', message: '' } };
    }), 'trt-ci runs one build per GPU, but anything else on the GPU (another job, a benchmark) ' +
        'blocks it in exclusive mode; set the Default mode (nvidia-smi -i N -c DEFAULT) on build runners.', 'compute mode lets builds in');
}

;// CONCATENATED MODULE: ./.build/tsc/preflight/precision-check.js

/** FP8 tensor cores start with Ada and Hopper (compute capability 8.9). */
const FP8_MIN_CC = 8.9;
/**
 * What the precisions ask of the GPUs: FP8 needs compute capability 8.9 or newer (a build for an older
 * GPU fails deep in the build); INT8 without a calibration cache (before TensorRT 11, which builds INT8
 * only from Q/DQ nodes) calibrates on random data unless the ONNX brings its own scales.
 */
function precisionCheck(models, gpus, tensorrt, 
/** A file's size, or null when there is none: an empty calibration cache calibrates nothing. */
fileBytes = () => null, 
/** The op types of a model's main graph, or null when it cannot be read. */
opsOf = () => null) {
    const fp8 = models.filter((m) => m.precision === 'fp8').map((m) => m.name);
    const old = gpus.filter((g) => g.computeCapability !== null && Number(g.computeCapability) < FP8_MIN_CC);
    if (fp8.length > 0 && old.length > 0) {
        const which = old.map((g) => `GPU ${g.index} (${g.name ?? 'unknown'}) is ${g.computeCapability}`).join(', ');
        return {
            id: 'precision',
            status: 'fail',
            message: `${fp8.join(', ')}: fp8 needs compute capability ${FP8_MIN_CC} or newer; ${which}`,
            hint: 'Build fp8 engines on Ada, Hopper or Blackwell runners (L4, L40S, H100, H200, B200), or use fp16 here.',
        };
    }
    // TensorRT 11 builds INT8 only where the ONNX says so (QuantizeLinear/DequantizeLinear): without them an
    // int8 model builds in the precisions its ONNX holds, FP32, and says nothing.
    const int8 = models.filter((m) => m.precision === 'int8');
    if (int8.length > 0 && atLeast(tensorrt, '11.0')) {
        const unquantized = int8.filter((m) => {
            const ops = opsOf(m.onnx);
            return ops !== null && !ops.has('QuantizeLinear') && !ops.has('DequantizeLinear');
        });
        if (unquantized.length > 0)
            return {
                id: 'precision',
                status: 'fail',
                message: `${unquantized.map((m) => m.name).join(', ')}: int8 on TensorRT 11 comes only from Q/DQ nodes in the ` +
                    'ONNX (there is no calibrator), and this ONNX has none: the engine would be FP32',
                hint: 'Quantize the ONNX (ModelOpt: python -m modelopt.onnx.quantization --quantize_mode int8) and build ' +
                    'that; or use precision: fp16',
            };
    }
    const calibrated = (m) => m.extraArgs.some((a) => a.startsWith('--calib=') && (fileBytes(a.slice('--calib='.length)) ?? 0) > 0);
    const uncalibrated = models.filter((m) => m.precision === 'int8' && !calibrated(m)).map((m) => m.name);
    if (uncalibrated.length > 0 && !atLeast(tensorrt, '11.0')) {
        return {
            id: 'precision',
            status: 'warn',
            message: `${uncalibrated.join(', ')}: int8 without a calibration cache (--calib in extra-args, not empty)`,
            hint: 'Without --calib, TensorRT uses placeholder scales unless the ONNX has Q/DQ nodes: the engine ' +
                'builds and runs but computes wrong values. Pass --calib=<cache>, or quantize the ONNX with ModelOpt.',
        };
    }
    return { id: 'precision', status: 'pass', message: 'the GPUs support the precisions asked for', hint: null };
}

;// CONCATENATED MODULE: ./.build/tsc/cache/registry-auth.js
// Which credentials a run presents to a registry, found where registries' own tools leave them: the
// TRT_CI_REGISTRY_USERNAME/PASSWORD pair a workflow passes from its secrets, the Docker config a
// `docker login` or `oras login` step wrote (both write ~/.docker/config.json, or $DOCKER_CONFIG's), and for
// GHCR the job's own token. Pure: the caller reads the config file and hands its text in.
/** The names a Docker config may file a registry under: `ghcr.io`, `https://ghcr.io`, `https://ghcr.io/v1/`. */
const keysFor = (registry) => [
    registry,
    `https://${registry}`,
    `http://${registry}`,
    `https://${registry}/v1/`,
];
function credentialsFor(registry, env, dockerConfigText) {
    const username = env.TRT_CI_REGISTRY_USERNAME;
    const password = env.TRT_CI_REGISTRY_PASSWORD;
    if (password)
        return { credentials: { username: username || 'trt-ci', password }, source: 'TRT_CI_REGISTRY_*', problem: null };
    let problem = null;
    if (dockerConfigText) {
        let config = null;
        try {
            config = JSON.parse(dockerConfigText);
        }
        catch {
            problem = 'the Docker config is not JSON: its credentials were not used';
        }
        const entry = keysFor(registry)
            .map((key) => config?.auths?.[key])
            .find((found) => found !== undefined);
        const decoded = entry?.auth ? Buffer.from(entry.auth, 'base64').toString('utf8') : null;
        const split = decoded?.indexOf(':') ?? -1;
        if (decoded && split > 0)
            return {
                credentials: { username: decoded.slice(0, split), password: decoded.slice(split + 1) },
                source: 'Docker config',
                problem: null,
            };
        if (entry?.username && entry.password)
            return { credentials: { username: entry.username, password: entry.password }, source: 'Docker config', problem };
        const helper = config?.credHelpers?.[registry] ?? (entry ? config?.credsStore : undefined);
        if (helper)
            problem =
                `the Docker config keeps ${registry}'s credentials in the docker-credential-${helper} helper, which trt-ci ` +
                    'does not run: set TRT_CI_REGISTRY_USERNAME and TRT_CI_REGISTRY_PASSWORD';
    }
    // GHCR takes the job's token (packages: read or write, as the workflow grants it).
    if (registry === 'ghcr.io' && env.GITHUB_TOKEN)
        return {
            credentials: { username: env.GITHUB_ACTOR || 'trt-ci', password: env.GITHUB_TOKEN },
            source: 'GITHUB_TOKEN',
            problem,
        };
    return { credentials: null, source: 'none (anonymous)', problem };
}
/**
 * Why a credential found in the Docker config is a risk on this run, or null: a login a default-branch job left on
 * a persistent runner is there for every later job, a pull request's code too. Pure.
 */
function dockerLoginRisk(registry, found, defaultBranch) {
    if (found.source !== 'Docker config' || defaultBranch)
        return null;
    return (`the Docker config holds a credential for ${registry} on a run that is not the default branch's: on a ` +
        "persistent runner a default-branch job's docker login leaves it there for any job's code to read; log out " +
        'after that job and give pull requests TRT_CI_REGISTRY_READ_* (docs/cache.md)');
}

;// CONCATENATED MODULE: ./.build/tsc/preflight/host-checks.js



function diskCheck(disk, minFreeBytes) {
    if ('error' in disk)
        return { id: 'disk', status: 'warn', message: `cannot read free space at ${disk.path}: ${disk.error}`, hint: null };
    return disk.freeBytes < minFreeBytes
        ? {
            id: 'disk',
            status: 'fail',
            message: `${formatBytes(disk.freeBytes)} free at ${disk.path}, min-free-disk is ${formatBytes(minFreeBytes)}`,
            hint: 'Free space on the runner (old engines, docker images) or point ' +
                'output-dir at a larger volume: one bloated plan can be 5 GB (NVIDIA/TensorRT#4841).',
        }
        : { id: 'disk', status: 'pass', message: `${formatBytes(disk.freeBytes)} free at ${disk.path}`, hint: null };
}
/** What a plugin library exports for TensorRT to find its creators (NvInferRuntimePlugin.h, NvInferPlugin.h). */
const PLUGIN_ENTRY_POINTS = new Set(['getCreators', 'getPluginCreators', 'initLibNvInferPlugins']);
/** What a library that registers its creators as it loads calls (NvInferRuntime.h). */
const PLUGIN_REGISTRIES = new Set(['getPluginRegistry', 'getBuilderPluginRegistry']);
function pluginCheck(plugin, target, arch = process.arch) {
    const fail = (message, hint) => ({
        id: 'plugins',
        status: 'fail',
        message: `${plugin.path}: ${message}`,
        hint,
        subject: plugin.path,
    });
    if (!plugin.elf.ok) {
        return fail(plugin.elf.reason, "List the plugin's built shared library (.so) under " +
            'plugins:, and make sure the image the runner uses contains it.');
    }
    const { elf } = plugin.elf;
    const host = hostMachine(arch);
    if (host !== null && elf.machine !== host) {
        return fail(`built for ${MACHINES[elf.machine] ?? `machine ${elf.machine}`}, this runner is ${MACHINES[host]}`, "Build the plugin for the runner's architecture (or run on runners of the plugin's).");
    }
    if (elf.type !== 3)
        return fail('is an ELF file but not a shared object', 'Build the plugin as a shared library (-shared -fPIC).');
    const major = nvinferMajor(elf.needed);
    if (major !== null && major !== target.major) {
        return fail(`links libnvinfer.so.${major}, but trtexec uses libnvinfer.so.${target.major} (${target.source})`, `Rebuild the plugin against TensorRT ${target.major}: two ` +
            `TensorRT libraries in one process crash or refuse the plugin.`);
    }
    if (plugin.lddNotFound && plugin.lddNotFound.length > 0) {
        return fail(`needs libraries that are not found: ${plugin.lddNotFound.join(', ')}`, 'Install those libraries in the runner image or add their folder to LD_LIBRARY_PATH.');
    }
    if (plugin.dynamic && !elf.exports.some((name) => name === 'getCreators' || name === 'getPluginCreators')) {
        return fail('exports neither getCreators nor getPluginCreators, which --dynamicPlugins loads', 'Export getCreators (and setLoggerFinder) from the plugin with ' +
            'extern "C", or list it under plugins: to load it with --staticPlugins.');
    }
    // A TensorRT plugin library hands TensorRT its creators: it exports the entry point --dynamicPlugins and
    // the plugin loader call, or registers them as it loads (REGISTER_TENSORRT_PLUGIN calls getPluginRegistry,
    // which it takes from libnvinfer). A library that does neither (libz.so.1) adds no plugin.
    const entry = elf.exports.find((name) => PLUGIN_ENTRY_POINTS.has(name));
    const registers = elf.imports.find((name) => PLUGIN_REGISTRIES.has(name));
    if (!entry && !registers && major === null) {
        return fail(`exports no TensorRT plugin entry point (${[...PLUGIN_ENTRY_POINTS].join(', ')}), imports no plugin ` +
            'registry and does not link libnvinfer: it is not a TensorRT plugin library', 'List the library that defines the plugins (built against TensorRT, with REGISTER_TENSORRT_PLUGIN or ' +
            'an exported getCreators), not one of its dependencies.');
    }
    const links = major === null ? 'does not link libnvinfer directly' : `links libnvinfer.so.${major}`;
    return {
        id: 'plugins',
        status: 'pass',
        message: `${plugin.path}: ${MACHINES[elf.machine] ?? elf.machine} shared object, ${links}`,
        hint: null,
        subject: plugin.path,
    };
}
/**
 * A `docker login` to the cache's registries left in the Docker config, on a run that is not the default branch's:
 * whether or not trt-ci reads it (TRT_CI_REGISTRY_* come first), a pull request's code on the same persistent
 * runner can. Pure: the caller reads the config file.
 */
function registryLoginCheck(registries, dockerConfigText, defaultBranch) {
    if (registries.length === 0)
        return { id: 'registry-login', status: 'skip', message: 'no oci:// cache configured', hint: null };
    const risks = registries.flatMap((registry) => {
        const risk = dockerLoginRisk(registry, credentialsFor(registry, {}, dockerConfigText), defaultBranch);
        return risk ? [risk] : [];
    });
    if (risks.length > 0)
        return {
            id: 'registry-login',
            status: 'warn',
            message: risks.join('; '),
            hint: 'On an ephemeral runner (a fresh pod or VM per job) nobody else reads the file: skip-checks: ' +
                '[registry-login]. On a persistent one, run docker logout at the end of the job that logged in.',
        };
    return {
        id: 'registry-login',
        status: 'pass',
        message: defaultBranch
            ? "the default branch's run: a login in the Docker config is its own"
            : `no login to ${registries.join(', ')} in the Docker config`,
        hint: null,
    };
}

// EXTERNAL MODULE: external "node:http"
var external_node_http_ = __webpack_require__(37067);
// EXTERNAL MODULE: external "node:https"
var external_node_https_ = __webpack_require__(44708);
;// CONCATENATED MODULE: ./.build/tsc/cache/oci-http.js


/** A registry that did not do what was asked: one line, the status and the registry's own error code. */
class RegistryError extends Error {
    status;
    code;
    name = 'RegistryError';
    constructor(message, status, 
    /** The registry's error code (MANIFEST_UNKNOWN, DENIED, …) or a network error's code. */
    code = null) {
        super(message);
        this.status = status;
        this.code = code;
    }
}
/** One HTTP exchange. A redirect elsewhere (blob storage) is followed without the Authorization header. */
function exchange(method, url, headers, body, limits, hops = 0) {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? external_node_https_.request : external_node_http_.request;
    return new Promise((resolve, reject) => {
        if (limits.signal?.aborted)
            return reject(new RegistryError('cancelled', null, 'ABORTED'));
        const req = send(target, { method, headers, signal: limits.signal }, (res) => {
            const status = res.statusCode ?? 0;
            const location = header(res.headers, 'location');
            if ([301, 302, 303, 307, 308].includes(status) && location && method === 'GET' && hops < 5) {
                res.resume();
                const next = new URL(location, target);
                const kept = next.origin === target.origin ? headers : withoutAuthorization(headers);
                resolve(exchange(method, next.toString(), kept, null, limits, hops + 1));
                return;
            }
            res.setTimeout(limits.idleTimeoutMs, () => res.destroy(new RegistryError(`${method} ${where(url)}: no data for ${limits.idleTimeoutMs / 1000} s`, null, 'ETIMEDOUT')));
            resolve({ status, headers: res.headers, body: res });
        });
        req.setTimeout(limits.idleTimeoutMs, () => req.destroy(new RegistryError(`${method} ${where(url)}: no answer for ${limits.idleTimeoutMs / 1000} s`, null, 'ETIMEDOUT')));
        req.on('error', (error) => reject(error instanceof RegistryError
            ? error
            : error.name === 'AbortError'
                ? new RegistryError('cancelled', null, 'ABORTED')
                : new RegistryError(`${method} ${where(url)}: ${error.code ?? error.message}`, null, error.code ?? null)));
        if (body === null)
            req.end();
        else if (Buffer.isBuffer(body))
            req.end(body);
        else {
            const stream = body();
            stream.on('error', (error) => req.destroy(error));
            stream.pipe(req);
        }
    });
}
const header = (headers, name) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
};
const withoutAuthorization = (headers) => Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'authorization'));
/** The URL as a log may show it: host and path, never a query (an upload session's state). */
const where = (url) => {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname}`;
};
function retriable(error) {
    const code = error.code;
    // A registry that refuses connections is down: retrying only delays the build.
    return code === 'ECONNRESET' || code === 'EPIPE' || code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT';
}
/** Retry-After as seconds or an HTTP date, in ms; null when absent or unreadable. */
function retryAfterMs(value, now = Date.now()) {
    if (!value)
        return null;
    if (/^\s*\d+\s*$/.test(value))
        return Number(value) * 1000;
    const date = Date.parse(value);
    return Number.isNaN(date) ? null : Math.max(0, date - now);
}
/**
 * An answer whose body trt-ci does not need (a 401, a 404, a HEAD, a retried 5xx): the body is dropped with its
 * connection, never read out; a registry that trickles it would otherwise hold the run (or its exit) for as long.
 */
async function drained(sent, value) {
    sent.body.destroy();
    return value;
}
async function readAll(stream, limit) {
    const chunks = [];
    let total = 0;
    for await (const chunk of stream) {
        total += chunk.length;
        if (total > limit) {
            stream.destroy();
            throw new RegistryError(`the registry sent more than ${limit} bytes`, null);
        }
        chunks.push(chunk);
    }
    return Buffer.concat(chunks);
}
/** The registry's own words for a failed request: status and error code, no body beyond them. */
async function failure(method, url, sent, who = 'the registry') {
    const text = await readAll(sent.body, 64 * 1024).then((b) => b.toString('utf8'), () => '');
    let code = null;
    try {
        code = JSON.parse(text).errors?.[0]?.code ?? null;
    }
    catch { }
    const words = {
        401: 'unauthorized (no or wrong credentials)',
        403: 'denied (the credentials lack this right)',
        404: 'not found',
        413: 'too large for the registry',
        429: 'too many requests',
    };
    const said = words[sent.status] ?? `HTTP ${sent.status}`;
    return new RegistryError(`${method} ${where(url)}: ${who} answered ${said}${code ? ` (${code})` : ''}`, sent.status, code);
}

// EXTERNAL MODULE: external "node:net"
var external_node_net_ = __webpack_require__(77030);
// EXTERNAL MODULE: external "node:tls"
var external_node_tls_ = __webpack_require__(41692);
;// CONCATENATED MODULE: ./.build/tsc/cache/blob-get.js




/** The most bytes one socket read hands over: the read buffer's size. */
const READ_MAX = 64 * 1024;
/** A response head larger than this is not a registry's. */
const HEAD_MAX = 64 * 1024;
/**
 * The response head at the start of `bytes`: null while it is incomplete, a string saying what is wrong
 * with one that is not HTTP/1.x. Informational answers (1xx) are skipped; header names are lower-cased and
 * a repeated header joined with ", " as node:http does.
 */
function parseHead(bytes) {
    let start = 0;
    for (;;) {
        const end = bytes.indexOf('\r\n\r\n', start, 'latin1');
        if (end < 0)
            return bytes.length - start > HEAD_MAX ? `a response head over ${HEAD_MAX} bytes` : null;
        const [statusLine, ...lines] = bytes.toString('latin1', start, end).split('\r\n');
        const status = /^HTTP\/1\.[01] (\d{3})(?: |$)/.exec(statusLine ?? '');
        if (!status)
            return `not an HTTP/1.x status line: ${JSON.stringify((statusLine ?? '').slice(0, 40))}`;
        const headers = {};
        for (const line of lines) {
            const colon = line.indexOf(':');
            if (colon <= 0)
                return `not a header line: ${JSON.stringify(line.slice(0, 40))}`;
            const name = line.slice(0, colon).trim().toLowerCase();
            const value = line.slice(colon + 1).trim();
            headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
        }
        start = end + 4;
        const code = Number(status[1]);
        if (code >= 100 && code < 200)
            continue;
        return { status: code, headers, length: start };
    }
}
/** The body's length from its head: null to the connection's close; a string when the head contradicts itself. */
function bodyLength(head, method) {
    if (method === 'HEAD' || head.status === 204 || head.status === 304)
        return 0;
    const value = head.headers['content-length'];
    if (value === undefined)
        return null;
    // "5, 5" (a repeated header) is one length; two different ones are a smuggling attempt (RFC 9112 §6.3).
    const lengths = new Set(String(value)
        .split(',')
        .map((v) => v.trim()));
    const [only] = lengths;
    if (lengths.size !== 1 || !/^\d{1,15}$/.test(only ?? ''))
        return `Content-Length ${JSON.stringify(value)}`;
    return Number(only);
}
/** A GET's body as it comes off the socket: a stream for whoever reads one, or poured into a sink. */
class SocketBody extends external_node_stream_.Readable {
    socket;
    expected;
    held;
    what;
    sink = null;
    streaming = false;
    poured = null;
    received = 0;
    /** Set once the body is complete or has failed: nothing is delivered after. */
    over = false;
    /** An error before anyone poured or read: given to the first who does. */
    failed = null;
    socketEnded = false;
    constructor(socket, expected, held, what) {
        super();
        this.socket = socket;
        this.expected = expected;
        this.held = held;
        this.what = what;
        socket.on('end', () => this.ended());
        socket.on('close', () => this.ended());
    }
    /** Bytes off the socket (its reused read buffer); false pauses the socket. */
    bytes(view) {
        if (!this.sink && !this.streaming) {
            // Neither poured nor read yet: kept until one is asked for.
            this.held = Buffer.concat([this.held, view]);
            return false;
        }
        this.received += view.length;
        if (this.expected !== null && this.received > this.expected) {
            this.fail(new RegistryError(`${this.what}: the registry sent more than its ${this.expected} bytes`, 200));
            return false;
        }
        const more = this.sink ? this.sink.take(view) : this.push(Buffer.from(view));
        if (this.expected === this.received)
            return this.done();
        if (this.socketEnded) {
            this.ended();
            return false;
        }
        if (!more && this.sink)
            this.wait(this.sink);
        return more;
    }
    /** Every byte into `sink`; resolves when the body is complete, rejects when it is cut short. */
    pour(sink) {
        return new Promise((go, stop) => {
            if (this.failed)
                return stop(this.failed);
            this.poured = { go, stop };
            this.sink = sink;
            if (this.start())
                this.socket.resume();
        });
    }
    _read() {
        if (this.failed)
            return void this.destroy(this.failed);
        if (!this.streaming) {
            this.streaming = true;
            if (!this.start())
                return;
        }
        if (!this.over)
            this.socket.resume();
    }
    /** Delivers what came with the head; whether the socket may go on. */
    start() {
        const held = this.held;
        this.held = Buffer.alloc(0);
        if (held.length)
            return this.bytes(held);
        if (this.expected === 0)
            return this.done();
        if (this.socketEnded)
            this.ended();
        return !this.over;
    }
    _destroy(error, callback) {
        this.socket.destroy();
        callback(error);
    }
    fail(error) {
        if (this.over)
            return;
        this.over = true;
        const poured = this.poured;
        this.poured = null;
        this.socket.destroy();
        if (poured)
            poured.stop(error);
        else if (this.streaming)
            this.destroy(error);
        else
            this.failed = error;
    }
    wait(sink) {
        sink.ready().then(() => this.socket.resume(), (error) => this.fail(error));
    }
    done() {
        if (this.over)
            return false;
        this.over = true;
        this.socket.destroy();
        const poured = this.poured;
        this.poured = null;
        if (poured)
            poured.go();
        else
            this.push(null);
        return false;
    }
    /** The connection's end: the body's end only when no length was given. */
    ended() {
        this.socketEnded = true;
        if (this.over || (!this.sink && !this.streaming))
            return;
        if (this.expected === null) {
            this.done();
            return;
        }
        if (this.received < this.expected)
            this.fail(new RegistryError(`${this.what}: the connection closed after ${this.received} of ${this.expected} bytes`, 200, 'ECONNRESET'));
    }
}
/** Stops a body being poured, the pour rejecting with `error` (a trickle abandoned, say). */
function abandon(body, error) {
    if (body instanceof SocketBody)
        body.fail(error);
    else
        body.destroy(error);
}
/** Pours a body into `sink`: off the socket for a SocketBody, chunk by chunk for any other stream. */
async function pour(body, sink) {
    if (body instanceof SocketBody)
        return body.pour(sink);
    for await (const chunk of body)
        if (!sink.take(chunk))
            await sink.ready();
}
const unsafeValue = /[\r\n\0]/;
/**
 * One GET through a socket of its own. A redirect elsewhere (blob storage) is followed without the
 * Authorization header, as oci-http.ts's exchange does; a chunked answer is asked again through it.
 */
function getBlob(url, headers, limits, hops = 0) {
    const target = new URL(url);
    const tls = target.protocol === 'https:';
    const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
    const port = Number(target.port || (tls ? 443 : 80));
    return new Promise((resolve, reject) => {
        if (limits.signal?.aborted)
            return reject(new RegistryError('cancelled', null, 'ABORTED'));
        for (const [name, value] of Object.entries(headers))
            if (unsafeValue.test(value) || unsafeValue.test(name))
                return reject(new RegistryError(`GET ${where(url)}: header ${name} holds a line break`, null));
        const lines = [`GET ${target.pathname}${target.search} HTTP/1.1`, `Host: ${target.host}`];
        for (const [name, value] of Object.entries(headers))
            lines.push(`${name}: ${value}`);
        lines.push('Connection: close', '', '');
        let head = Buffer.alloc(0);
        let body = null;
        let settled = false;
        const fail = (error) => {
            if (body)
                body.fail(error);
            else if (!settled) {
                settled = true;
                socket.destroy();
                reject(error);
            }
        };
        const onread = (n, buffer) => {
            if (body)
                return body.bytes(buffer.subarray(0, n));
            head = Buffer.concat([head, buffer.subarray(0, n)]);
            const parsed = parseHead(head);
            if (parsed === null)
                return true;
            if (typeof parsed === 'string') {
                fail(new RegistryError(`GET ${where(url)}: ${parsed}`, null, 'EPROTO'));
                return false;
            }
            settled = true;
            const location = parsed.headers.location;
            if ([301, 302, 303, 307, 308].includes(parsed.status) && location && hops < 5) {
                socket.destroy();
                const next = new URL(location, target);
                const kept = next.origin === target.origin ? headers : withoutAuthorization(headers);
                resolve(getBlob(next.toString(), kept, limits, hops + 1));
                return false;
            }
            const length = bodyLength(parsed, 'GET');
            if (parsed.headers['transfer-encoding'] !== undefined) {
                socket.destroy();
                resolve(exchange('GET', url, headers, null, limits, hops));
                return false;
            }
            if (typeof length === 'string') {
                socket.destroy();
                reject(new RegistryError(`GET ${where(url)}: ${length}`, parsed.status, 'EPROTO'));
                return false;
            }
            body = new SocketBody(socket, length, head.subarray(parsed.length), `GET ${where(url)}`);
            resolve({ status: parsed.status, headers: parsed.headers, body });
            return false;
        };
        const options = { host, port, onread: { buffer: Buffer.allocUnsafe(READ_MAX), callback: onread } };
        const socket = tls
            ? (0,external_node_tls_.connect)({ ...options, servername: (0,external_node_net_.isIP)(host) ? undefined : host, ALPNProtocols: ['http/1.1'] })
            : (0,external_node_net_.connect)(options);
        socket.once(tls ? 'secureConnect' : 'connect', () => socket.write(lines.join('\r\n')));
        socket.setTimeout(limits.idleTimeoutMs, () => fail(new RegistryError(`GET ${where(url)}: no ${body ? 'data' : 'answer'} for ${limits.idleTimeoutMs / 1000} s`, null, 'ETIMEDOUT')));
        socket.on('error', (error) => fail(new RegistryError(`GET ${where(url)}: ${error.code ?? error.message}`, null, error.code ?? null)));
        socket.on('close', () => {
            if (!settled)
                fail(new RegistryError(`GET ${where(url)}: the connection closed before an answer`, null, 'ECONNRESET'));
        });
        const abort = () => fail(new RegistryError('cancelled', null, 'ABORTED'));
        limits.signal?.addEventListener('abort', abort, { once: true });
        socket.once('close', () => limits.signal?.removeEventListener('abort', abort));
    });
}

;// CONCATENATED MODULE: ./.build/tsc/cache/blob-file.js
// A pulled blob into its part file, hashed as it is written. The bytes off the socket are copied once, into
// one of a few slots of shared memory; a full slot is written at its offset on libuv's pool and hashed, on
// a worker thread where the machine has two cores or more (a GPU runner has 16 or more), else inline. Receiving,
// writing and hashing then overlap, each on its own core: sha256 (SHA-NI, ~1.5 GB/s) is as fast as a
// loopback pull, so on one thread a verified pull takes about twice an unverified `curl -o`
// (bench/registry-transfer.ts measures both). The slots bound the memory a pull holds to SLOTS * SLOT.





/** Below this a worker's start (tens of ms) costs more than it saves. */
const THREAD_HASH_MIN_BYTES = 64 * 1024 * 1024;
/**
 * The hasher gets a thread of its own from two cores on: on the 2-core VM a 256 MiB pull from a registry on the
 * same machine took 1.50-1.66x `curl -o` with it and 1.94-2.69x with the hash inline (bench/results/).
 */
const THREAD_HASH_MIN_CORES = 2;
const SLOT = 4 * 1024 * 1024;
const blob_file_SLOTS = 4;
function hashesOnWorker(size, cores = (0,external_node_os_.availableParallelism)()) {
    return size >= THREAD_HASH_MIN_BYTES && cores >= THREAD_HASH_MIN_CORES;
}
// One worker for the process, kept between pulls: starting one takes 30-90 ms, as long as hashing 50-100 MiB,
// and a hit pulls several blobs. It holds one hash per pull, by id, and hashes that pull's slots of shared
// memory in the order they are sent, answering each with its index. Referenced only while a pull is open,
// so an idle worker never keeps the process alive.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const pulls = new Map();
parentPort.on('message', (m) => {
  if (m.memory) return void pulls.set(m.id, { hash: createHash('sha256'), memory: new Uint8Array(m.memory) });
  const pull = pulls.get(m.id);
  if (!pull) return;
  if (m.end) {
    pulls.delete(m.id);
    if (m.digest) parentPort.postMessage({ id: m.id, digest: pull.hash.digest('hex') });
    return;
  }
  pull.hash.update(pull.memory.subarray(m.offset, m.offset + m.length));
  parentPort.postMessage({ id: m.id, index: m.index });
});`;
function inlineHasher() {
    const hash = (0,external_node_crypto_.createHash)('sha256');
    return {
        slot: (_index, bytes, hashed) => {
            hash.update(bytes);
            hashed();
        },
        digest: async () => hash.digest('hex'),
        close: () => { },
    };
}
let shared = null;
/** The process's hasher worker, started now if it is not running: a pull that will want it calls this early. */
function warmHasher() {
    if (shared)
        return shared;
    const worker = new external_node_worker_threads_.Worker(WORKER_SOURCE, { eval: true });
    const pulls = new Map();
    const state = { worker, pulls, next: 1 };
    worker.on('message', (answer) => {
        const pull = pulls.get(answer.id);
        if (answer.digest !== undefined)
            return pull?.digest?.(answer.digest);
        const hashed = pull?.hashed.get(answer.index);
        // Deleted before it is called: releasing the slot may send the same slot again at once.
        pull?.hashed.delete(answer.index);
        hashed?.();
    });
    const gone = (error) => {
        if (shared === state)
            shared = null;
        for (const pull of pulls.values())
            pull.failed(error);
        pulls.clear();
    };
    worker.on('error', gone);
    worker.on('exit', () => gone(new Error('the hash worker exited')));
    worker.unref();
    shared = state;
    return state;
}
function workerHasher(memory, failed) {
    const state = warmHasher();
    const { worker, pulls } = state;
    const id = state.next++;
    const pull = { hashed: new Map(), digest: null, failed };
    const refresh = () => (pulls.size > 0 ? worker.ref() : worker.unref());
    pulls.set(id, pull);
    refresh();
    worker.postMessage({ id, memory });
    return {
        slot: (index, bytes, hashed) => {
            pull.hashed.set(index, hashed);
            worker.postMessage({ id, index, offset: bytes.byteOffset, length: bytes.length });
        },
        digest: () => new Promise((go, stop) => {
            const failedBefore = pull.failed;
            pull.failed = (error) => {
                failedBefore(error);
                stop(error);
            };
            pull.digest = (hex) => {
                pulls.delete(id);
                refresh();
                go(hex);
            };
            worker.postMessage({ id, end: true, digest: true });
        }),
        close: () => {
            if (!pulls.delete(id))
                return;
            worker.postMessage({ id, end: true, digest: false });
            refresh();
        },
    };
}
/** Opens `path` (it must not exist: a part file is never shared with another pull) for a blob of `size` bytes. */
async function openBlobFile(path, size, cores) {
    return new PartFile(await (0,promises_.open)(path, 'wx'), size, hashesOnWorker(size, cores));
}
class PartFile {
    file;
    size;
    hashing;
    slots;
    hasher;
    failure = null;
    wake = null;
    settled = null;
    free = Array.from({ length: blob_file_SLOTS - 1 }, (_, i) => i + 1);
    /** Per slot, what still uses it: its write and its hash. */
    busy = new Array(blob_file_SLOTS).fill(0);
    current = 0;
    fill = 0;
    position = 0;
    taken = 0;
    // Bytes beyond a slot's room when no slot is free: only a chunk larger than READ_MAX makes any.
    overflow = [];
    constructor(file, size, worker) {
        this.file = file;
        this.size = size;
        const memory = new SharedArrayBuffer(SLOT * blob_file_SLOTS);
        this.slots = Array.from({ length: blob_file_SLOTS }, (_, i) => Buffer.from(memory, i * SLOT, SLOT));
        this.hashing = worker ? 'worker' : 'inline';
        this.hasher = worker ? workerHasher(memory, (error) => this.fail(error)) : inlineHasher();
    }
    take(bytes) {
        if (this.failure)
            return false;
        this.taken += bytes.length;
        if (this.taken > this.size) {
            this.fail(new Error(`more bytes than the blob's ${this.size}`));
            return false;
        }
        this.copy(bytes);
        return this.open();
    }
    ready() {
        if (this.failure)
            return Promise.reject(this.failure);
        if (this.open())
            return Promise.resolve();
        return new Promise((go, stop) => (this.wake = { go, stop }));
    }
    async finish() {
        if (this.failure)
            throw this.failure;
        if (!this.open())
            await this.ready();
        if (this.fill > 0)
            this.dispatch();
        if (this.busy.some((n) => n > 0))
            await new Promise((go) => (this.settled = go));
        if (this.failure)
            throw this.failure;
        const digest = await this.hasher.digest();
        await this.file.close();
        return { bytes: this.taken, digest };
    }
    abort() {
        this.failure ??= new Error('aborted');
        this.hasher.close();
        this.overflow = [];
        void this.file.close().catch(() => { });
    }
    /** Whether a slot takes the next read now. */
    open() {
        return this.current !== null && this.overflow.length === 0;
    }
    fail(error) {
        this.failure ??= error;
        this.wake?.stop(this.failure);
        this.wake = null;
        // A write that failed never releases its slot: finish must not wait for it.
        this.settled?.();
    }
    copy(bytes) {
        let from = 0;
        while (from < bytes.length) {
            if (this.current === null) {
                this.overflow.push(Buffer.from(bytes.subarray(from)));
                return;
            }
            const n = Math.min(bytes.length - from, SLOT - this.fill);
            this.slots[this.current].set(bytes.subarray(from, from + n), this.fill);
            this.fill += n;
            from += n;
            // A slot goes out while the next read still fits in it: a read never has to wait inside a copy.
            if (this.fill > SLOT - READ_MAX)
                this.dispatch();
        }
    }
    dispatch() {
        const index = this.current;
        const bytes = this.slots[index].subarray(0, this.fill);
        this.busy[index] = 2;
        const at = this.position;
        this.position += this.fill;
        this.current = this.free.shift() ?? null;
        this.fill = 0;
        this.file.write(bytes, 0, bytes.length, at).then(() => this.release(index), (error) => this.fail(error));
        this.hasher.slot(index, bytes, () => this.release(index));
    }
    release(index) {
        if (--this.busy[index] > 0)
            return;
        if (this.current === null) {
            this.current = index;
            for (const bytes of this.overflow.splice(0))
                this.copy(bytes);
            if (this.open()) {
                this.wake?.go();
                this.wake = null;
            }
        }
        else
            this.free.push(index);
        if (this.busy.every((n) => n === 0))
            this.settled?.();
    }
}

;// CONCATENATED MODULE: ./.build/tsc/cache/registry-breaker.js

/** 429 or 5xx answers in a row (across requests) after which the registry is given up. */
const FAILURES_IN_A_ROW = 3;
/** Network errors after which waiting longer is pointless: the registry hangs or is not there. */
const FATAL_CODES = new Set([
    'ETIMEDOUT',
    'ESOCKETTIMEDOUT',
    'ECONNREFUSED',
    'EHOSTUNREACH',
    'ENOTFOUND',
    'SLOW',
    'DEADLINE',
]);
class RegistryBreaker {
    budgetMs;
    clock;
    reason = null;
    inARow = 0;
    waitedMs = 0;
    constructor(
    /** What the run may spend waiting on the registry, in ms. */
    budgetMs, clock = Date.now) {
        this.budgetMs = budgetMs;
        this.clock = clock;
    }
    /** Why the registry was given up, or null while it is used. */
    get givenUp() {
        return this.reason;
    }
    /** Before a request or a retry: fails at once when the registry is given up. */
    check(what) {
        if (this.reason)
            throw new RegistryError(`${what}: skipped: the registry cache was given up`, null, 'GIVEN_UP');
    }
    /** The time a request may still wait on the registry (its idle timeout is never longer). */
    left() {
        return Math.max(0, this.budgetMs - this.waitedMs);
    }
    /** Runs `wait` (a request until its answer, or a retry's pause), counting its time against the budget. */
    async timed(wait) {
        const start = this.clock();
        try {
            return await wait();
        }
        finally {
            this.spent(this.clock() - start);
        }
    }
    /** Time spent on the registry outside `timed` (an answer's body, read as its caller goes). */
    spent(ms) {
        this.waitedMs += ms;
        if (!this.reason && this.waitedMs >= this.budgetMs)
            this.giveUp(`the run waited ${Math.round(this.waitedMs / 1000)} s on it, its cache-timeout`);
    }
    /** The clock the budget is kept by. */
    now() {
        return this.clock();
    }
    /** An answer came: a 429 or 5xx counts toward giving up, any other resets the count. */
    answered(status, what) {
        if (status !== 429 && status < 500) {
            this.inARow = 0;
            return;
        }
        this.inARow += 1;
        if (this.inARow >= FAILURES_IN_A_ROW)
            this.giveUp(`${this.inARow} answers of ${status} in a row (${what})`);
    }
    /** A request failed without an answer: a hang, a refusal, a trickle give the registry up at once. */
    failed(error) {
        const code = error instanceof RegistryError ? error.code : null;
        if (code && FATAL_CODES.has(code))
            this.giveUp(error.message);
    }
    giveUp(reason) {
        this.reason ??= reason;
    }
}
/** The floor a transfer must keep, by default: far below any registry's, far above a trickle's. */
const TRICKLE_FLOOR = 256 * 1024;
/** How often, and over how long, a transfer's rate is looked at. */
const TRICKLE_WINDOW_MS = 5000;
/**
 * Bounds one request, from its start to its answer's last byte: while bytes move (an upload, an answer's body)
 * they keep `floor` bytes a second over each window, and the whole request ends by `deadlineMs` (what the run's
 * cache-timeout has left when it starts). Either cut hands `abandon` the error that says so; its codes (SLOW,
 * DEADLINE) give the registry up. A manifest, a record.json or a timing cache is bounded as a plan blob is.
 */
class RequestGuard {
    what;
    floor;
    abandon;
    /** Why the request was cut, once it was. */
    abandoned = null;
    landed = 0;
    atLastLook = 0;
    /** The bytes expected while some move (null: unknown); undefined while none do (waiting for an answer). */
    expected = undefined;
    window = null;
    deadline;
    finished = false;
    onDone = null;
    constructor(what, floor, deadlineMs, abandon) {
        this.what = what;
        this.floor = floor;
        this.abandon = abandon;
        this.deadline =
            deadlineMs === null
                ? null
                : setTimeout(() => {
                    const seconds = Math.round(deadlineMs / 1000);
                    this.cut(`${what}: still going after ${seconds} s, all the run's cache-timeout had left`, 'DEADLINE');
                }, deadlineMs);
        this.deadline?.unref();
    }
    /** Bytes start to move: `total` of them (null: unknown). The floor is looked at a whole window on. */
    moving(total) {
        if (this.finished)
            return;
        this.expected = total;
        this.landed = 0;
        this.atLastLook = 0;
        if (this.window)
            clearInterval(this.window);
        this.window = setInterval(() => this.look(), TRICKLE_WINDOW_MS);
        this.window.unref();
    }
    took(bytes) {
        this.landed += bytes;
    }
    /** A sink that counts what it takes. */
    counting(sink) {
        return {
            take: (bytes) => {
                this.took(bytes.length);
                return sink.take(bytes);
            },
            ready: () => sink.ready(),
        };
    }
    /** `afterwards` runs once, when the request is over. */
    whenDone(afterwards) {
        this.onDone = afterwards;
    }
    /** The request is over (its body read, or it failed): nothing is cut after it. */
    done() {
        if (this.window)
            clearInterval(this.window);
        if (this.deadline)
            clearTimeout(this.deadline);
        if (this.finished)
            return;
        this.finished = true;
        this.onDone?.();
    }
    look() {
        const moved = this.landed - this.atLastLook;
        this.atLastLook = this.landed;
        const short = this.expected === null || (this.expected !== undefined && this.landed < this.expected);
        if (short && moved < (this.floor * TRICKLE_WINDOW_MS) / 1000)
            this.cut(`${this.what}: ${moved} bytes in ${TRICKLE_WINDOW_MS / 1000} s, under ${this.floor} bytes/s`, 'SLOW');
    }
    cut(message, code) {
        if (this.finished)
            return;
        this.abandoned = new RegistryError(message, null, code);
        this.done();
        this.abandon(this.abandoned);
    }
}

;// CONCATENATED MODULE: ./.build/tsc/cache/guarded-exchange.js
// One exchange with a registry, bounded from its first byte to its answer's last: the floor rate while bytes
// move (an upload, then the answer's body) and what the run's cache may still wait (the breaker's budget), by
// a RequestGuard (registry-breaker.ts). A registry that trickles a manifest, a record.json or a timing cache is
// cut as one that trickles a plan is; the time until the answer's head and the time its body takes both count.




async function guardedExchange(method, url, headers, body, limits) {
    const { breaker } = limits;
    const left = breaker ? Math.max(1000, breaker.left()) : null;
    const idleTimeoutMs = left === null ? limits.idleTimeoutMs : Math.min(limits.idleTimeoutMs, left);
    const cut = new AbortController();
    let answer = null;
    const guard = new RequestGuard(`${method} ${where(url)}`, limits.floor, left, (error) => {
        // Said to the breaker at once: a body cut under its reader gives the registry up as a head never sent does.
        breaker?.failed(error);
        if (answer)
            abandon(answer.body, error);
        else
            cut.abort(error);
    });
    const signal = limits.signal ? AbortSignal.any([limits.signal, cut.signal]) : cut.signal;
    const sending = countedUpload(body, headers, guard);
    const go = () => limits.blob
        ? getBlob(url, headers, { idleTimeoutMs, signal })
        : exchange(method, url, headers, sending, { idleTimeoutMs, signal });
    try {
        answer = await (breaker ? breaker.timed(go) : go());
    }
    catch (error) {
        guard.done();
        // The guard's cut aborts the request: its reason, not "cancelled".
        throw guard.abandoned ?? error;
    }
    const length = Number(header(answer.headers, 'content-length') ?? Number.NaN);
    guard.moving(method === 'HEAD' ? 0 : Number.isNaN(length) ? null : length);
    if (breaker) {
        const bodyFrom = breaker.now();
        guard.whenDone(() => breaker.spent(breaker.now() - bodyFrom));
    }
    return { ...answer, body: limits.blob ? answer.body : countedBody(answer.body, guard), guard };
}
/** A request body whose bytes the guard counts as the socket takes them (a file streamed; bytes go at once). */
function countedUpload(body, headers, guard) {
    if (typeof body !== 'function')
        return body;
    return () => {
        const stream = body();
        guard.moving(Number(headers['content-length'] ?? Number.NaN) || null);
        stream.on('data', (chunk) => guard.took(chunk.length));
        return stream;
    };
}
/** The answer's body as its caller reads it, each chunk counted; the guard is done once it ends or fails. */
function countedBody(body, guard) {
    const counted = new external_node_stream_.PassThrough();
    // Its reader hears an error through its read; a body no one reads (an answer dropped after a cut) must not
    // throw it at the run: pipe() re-emits an error on a stream with no listener of its own.
    counted.on('error', () => { });
    body.on('data', (chunk) => guard.took(chunk.length));
    body.on('error', (error) => counted.destroy(error));
    body.pipe(counted);
    counted.once('end', () => guard.done());
    counted.once('close', () => {
        guard.done();
        // Dropped before its end (drained, a reader that stopped): the answer's connection goes with it.
        if (!body.readableEnded)
            body.destroy();
    });
    return counted;
}

;// CONCATENATED MODULE: ./.build/tsc/cache/oci-reference.js
// What the OCI specs name that trt-ci's registry cache uses: a registry and repository as cache-dir: gives them
// (`oci://host/repo`), and the image manifest and descriptors of an artifact (image-spec 1.1).
const OCI_MANIFEST = 'application/vnd.oci.image.manifest.v1+json';
/** The empty config descriptor image-spec 1.1 gives artifacts that have no config of their own. */
const EMPTY_CONFIG = {
    mediaType: 'application/vnd.oci.empty.v1+json',
    digest: 'sha256:44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a',
    size: 2,
};
const REPOSITORY = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*(?:\/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*$/;
/** Parses `oci://host[:port]/repo/path`; the message says what was expected when it is not one. */
function parseOciReference(text) {
    const match = /^oci:\/\/([^/]+)\/(.+)$/.exec(text.trim());
    if (!match)
        return 'expected oci://<registry>/<repository>, like oci://ghcr.io/my-org/trt-cache';
    const [, registry, repository] = match;
    if (!/^[A-Za-z0-9.-]+(:[0-9]{1,5})?$/.test(registry) && !/^\[[0-9a-fA-F:]+\](:[0-9]{1,5})?$/.test(registry))
        return `"${registry}" is not a registry host (host or host:port)`;
    if (!REPOSITORY.test(repository))
        return `"${repository}" is not a repository name (lowercase letters, digits, . _ - and / between parts)`;
    const host = registry.replace(/:[0-9]+$/, '');
    return { registry, repository, plainHttp: ['127.0.0.1', 'localhost', '[::1]'].includes(host) };
}
const formatOciReference = (ref) => `oci://${ref.registry}/${ref.repository}`;

;// CONCATENATED MODULE: ./.build/tsc/cache/oci-client.js
// A client for the OCI distribution API (distribution-spec v1.1: opencontainers/distribution-spec
// spec.md), the part a cache needs: manifests by tag, blobs by digest, monolithic uploads, tag lists and
// manifest deletion, with the registry token flow (distribution's docs/spec/auth/token.md) and Basic
// authentication. No Node library speaks OCI 1.1 artifacts and pushes (docs/cache.md says which were
// looked at), and the API is small: this module is the one place trt-ci talks to a registry.
//
// What it guarantees: a blob written to disk has the digest and size it was asked for (streamed, hashed on
// the way, renamed into place only when both match); a manifest read has the digest the registry named; a
// credential is sent only to the registry's host and its token realm, and never appears in an error.









const ACTIONS = { pull: 'pull', push: 'pull,push', delete: 'delete' };
/** One repository on one registry, with the rights a run asks for. */
class OciClient {
    ref;
    options;
    /** The registry's clock, from the Date of its last answer (ms since the epoch), or null before one. */
    serverDate = null;
    tokens = new Map();
    basic = false;
    idleTimeoutMs;
    attempts;
    maxRetryWaitMs;
    constructor(ref, options) {
        this.ref = ref;
        this.options = options;
        this.idleTimeoutMs = options.idleTimeoutMs ?? 30_000;
        this.attempts = options.attempts ?? 3;
        this.maxRetryWaitMs = options.maxRetryWaitMs ?? 20_000;
    }
    get origin() {
        return `${this.ref.plainHttp ? 'http' : 'https'}://${this.ref.registry}`;
    }
    path(kind, rest) {
        return `${this.origin}/v2/${this.ref.repository}/${kind}/${rest}`;
    }
    /** The manifest a tag points at, with its digest; null when the registry has no such tag. */
    async manifest(tag) {
        const sent = await this.send('GET', this.path('manifests', tag), 'pull', { accept: OCI_MANIFEST }, null, {
            allowed: [404],
        });
        if (sent.status === 404)
            return drained(sent, null);
        const bytes = await readAll(sent.body, 4 * 1024 * 1024);
        const digest = `sha256:${(0,external_node_crypto_.createHash)('sha256').update(bytes).digest('hex')}`;
        const named = header(sent.headers, 'docker-content-digest');
        if (named && named !== digest)
            throw new RegistryError(`manifest ${tag}: digest ${digest}, registry said ${named}`, 200);
        try {
            return { manifest: JSON.parse(bytes.toString('utf8')), digest };
        }
        catch {
            throw new RegistryError(`manifest ${tag} is not JSON`, 200);
        }
    }
    /** Whether a tag exists (HEAD: nothing downloaded). */
    async hasManifest(tag) {
        const sent = await this.send('HEAD', this.path('manifests', tag), 'pull', { accept: OCI_MANIFEST }, null, {
            allowed: [404],
        });
        return drained(sent, sent.status !== 404);
    }
    /** A blob written to `path` only when its bytes have the descriptor's digest and size. */
    async blobTo(descriptor, path) {
        // The hasher starts while the request is on its way (a worker takes tens of ms to start).
        if (hashesOnWorker(descriptor.size, this.options.hashCores))
            warmHasher();
        const sent = await this.send('GET', this.path('blobs', descriptor.digest), 'pull', {}, null, { blob: true });
        // `wx`: a part file is never shared with another pull of the same blob. The bytes go off the socket into
        // the file and the hash at once (blob-get.ts, blob-file.ts: bench/registry.ts measures it against curl).
        const part = `${path}.${(0,external_node_crypto_.randomBytes)(4).toString('hex')}.part`;
        const file = await openBlobFile(part, descriptor.size, this.options.hashCores).catch(async (error) => {
            sent.body.destroy();
            sent.guard.done();
            throw error;
        });
        // A trickle is abandoned, not waited out: the answer's guard counts the bytes as they land.
        const counted = sent.guard.counting(file);
        try {
            await pour(sent.body, counted).catch((error) => {
                this.options.breaker?.failed(error);
                throw error;
            });
            const { bytes, digest } = await file.finish();
            if (bytes !== descriptor.size || `sha256:${digest}` !== descriptor.digest)
                throw new RegistryError(`blob ${descriptor.digest}: got ${bytes} bytes with digest sha256:${digest}`, 200, 'DIGEST');
            await (0,promises_.rename)(part, path);
        }
        catch (error) {
            sent.body.destroy();
            file.abort();
            await (0,promises_.rm)(part, { force: true });
            throw error;
        }
        finally {
            sent.guard.done();
        }
    }
    /** A small blob, in memory (a record); checked like blobTo. */
    async blobBytes(descriptor, limit = 16 * 1024 * 1024) {
        if (descriptor.size > limit)
            throw new RegistryError(`blob ${descriptor.digest} is larger than ${limit} bytes`, 200);
        const sent = await this.send('GET', this.path('blobs', descriptor.digest), 'pull', {}, null);
        const bytes = await readAll(sent.body, descriptor.size);
        const digest = `sha256:${(0,external_node_crypto_.createHash)('sha256').update(bytes).digest('hex')}`;
        if (digest !== descriptor.digest)
            throw new RegistryError(`blob ${descriptor.digest}: got digest ${digest}`, 200, 'DIGEST');
        return bytes;
    }
    /** Uploads a blob (a file, streamed, or bytes) unless the repository has it; returns its descriptor. */
    async pushBlob(mediaType, content) {
        const isFile = !Buffer.isBuffer(content);
        const size = isFile ? (await (0,promises_.stat)(content.file)).size : content.length;
        const sha = isFile ? content.sha256 : (0,external_node_crypto_.createHash)('sha256').update(content).digest('hex');
        const descriptor = { mediaType, digest: `sha256:${sha}`, size };
        const head = await this.send('HEAD', this.path('blobs', descriptor.digest), 'push', {}, null, { allowed: [404] });
        if (await drained(head, head.status === 200))
            return descriptor;
        const started = await this.send('POST', this.path('blobs', 'uploads/'), 'push', { 'content-length': '0' }, null);
        await drained(started, null);
        const location = header(started.headers, 'location');
        if (started.status !== 202 || !location)
            throw new RegistryError('upload: no Location from the registry', started.status);
        const target = new URL(location, this.origin);
        target.searchParams.set('digest', descriptor.digest);
        const body = isFile ? () => (0,external_node_fs_.createReadStream)(content.file, { highWaterMark: 1024 * 1024 }) : content;
        const headers = { 'content-type': 'application/octet-stream', 'content-length': String(size) };
        // A retried PUT to the same session: registries that dropped it answer 404, and the push is said to fail.
        await drained(await this.send('PUT', target.toString(), 'push', headers, body, { expected: [201] }), null);
        return descriptor;
    }
    /** Puts a manifest under a tag; returns its digest. */
    async pushManifest(tag, manifest) {
        const bytes = Buffer.from(JSON.stringify(manifest));
        const headers = { 'content-type': OCI_MANIFEST, 'content-length': String(bytes.length) };
        await drained(await this.send('PUT', this.path('manifests', tag), 'push', headers, bytes, { expected: [201] }), null);
        return `sha256:${(0,external_node_crypto_.createHash)('sha256').update(bytes).digest('hex')}`;
    }
    /** Every tag of the repository, page after page (the Link header). */
    async tags() {
        const found = [];
        let next = this.path('tags', 'list?n=1000');
        while (next) {
            const sent = await this.send('GET', next, 'pull', { accept: 'application/json' }, null, { allowed: [404] });
            if (sent.status === 404)
                return drained(sent, found);
            const page = JSON.parse((await readAll(sent.body, 64 * 1024 * 1024)).toString('utf8'));
            found.push(...(page.tags ?? []));
            const link = /<([^>]+)>;\s*rel="?next"?/.exec(header(sent.headers, 'link') ?? '')?.[1];
            next = link ? new URL(link, this.origin).toString() : null;
        }
        return found;
    }
    /** Deletes a manifest by digest; false when the registry does not allow deletion (405, 403, UNSUPPORTED). */
    async deleteManifest(digest) {
        const sent = await this.send('DELETE', this.path('manifests', digest), 'delete', {}, null, {
            allowed: [403, 404, 405],
        });
        return drained(sent, sent.status === 202 || sent.status === 200 || sent.status === 404);
    }
    /**
     * One request, authenticated as the registry asks (a 401's challenge is answered once), retried on 429,
     * 5xx and dropped connections.
     */
    async send(method, url, rights, headers, body, { allowed = [], expected = [200], blob = false } = {}) {
        const scope = `repository:${this.ref.repository}:${ACTIONS[rights]}`;
        // Credentials go to the registry and its token realm only: an upload Location, a Link to the next page or
        // any URL the registry names on another origin (blob storage, a host it was told to name) gets none.
        const own = new URL(url).origin === this.origin;
        const what = `${method} ${where(url)}`;
        const breaker = this.options.breaker;
        let challenged = !own;
        for (let attempt = 1;; attempt++) {
            breaker?.check(what);
            let sent;
            try {
                const authorization = own ? this.authorization(scope) : {};
                sent = await this.exchange(method, url, { ...headers, ...authorization }, body, blob);
            }
            catch (error) {
                if (error instanceof RegistryError && error.code === 'ABORTED')
                    throw error;
                breaker?.failed(error);
                if (attempt < this.attempts && retriable(error) && !breaker?.givenUp) {
                    await this.wait(250 * attempt);
                    continue;
                }
                throw error;
            }
            breaker?.answered(sent.status, what);
            const date = Date.parse(header(sent.headers, 'date') ?? '');
            if (own && !Number.isNaN(date))
                this.serverDate = date;
            if (sent.status === 401 && !challenged) {
                challenged = true;
                await drained(sent, null);
                sent.guard.done();
                await this.answer(header(sent.headers, 'www-authenticate') ?? '', scope);
                attempt--;
                continue;
            }
            if ((sent.status === 429 || sent.status >= 500) && attempt < this.attempts && !breaker?.givenUp) {
                const wait = retryAfterMs(header(sent.headers, 'retry-after'));
                await drained(sent, null);
                sent.guard.done();
                const longest = Math.min(this.maxRetryWaitMs, breaker?.left() ?? Number.POSITIVE_INFINITY);
                if (wait === null || wait <= longest) {
                    await this.wait(wait ?? 500 * attempt);
                    continue;
                }
                const message = `${what}: ${sent.status}, Retry-After ${Math.round(wait / 1000)} s is too long`;
                breaker?.giveUp(message);
                throw new RegistryError(message, sent.status);
            }
            if (expected.includes(sent.status) || allowed.includes(sent.status) || (method !== 'PUT' && sent.status < 300))
                return sent;
            const refused = await failure(method, url, sent);
            sent.guard.done();
            throw refused;
        }
    }
    authorization(scope) {
        const token = this.tokens.get(scope);
        if (token)
            return { authorization: `Bearer ${token}` };
        const creds = this.options.credentials;
        if (this.basic && creds)
            return { authorization: `Basic ${Buffer.from(`${creds.username}:${creds.password}`).toString('base64')}` };
        return {};
    }
    /** Answers a 401: a token from the realm (with Basic credentials when there are any), or Basic itself. */
    async answer(challenge, scope) {
        const scheme = /^\s*(\w+)/.exec(challenge)?.[1]?.toLowerCase();
        if (scheme === 'basic') {
            if (!this.options.credentials)
                throw new RegistryError('the registry needs credentials and none were given', 401);
            this.basic = true;
            return;
        }
        if (scheme !== 'bearer')
            throw new RegistryError(`the registry asked for "${scheme ?? 'nothing'}" authentication`, 401);
        const params = Object.fromEntries([...challenge.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1].toLowerCase(), m[2]]));
        if (!params.realm)
            throw new RegistryError('the registry sent a Bearer challenge without a realm', 401);
        const realm = new URL(params.realm);
        if (realm.protocol !== 'https:' && !this.ref.plainHttp)
            throw new RegistryError(`the registry's token realm ${realm.origin} is not https`, 401);
        if (params.service)
            realm.searchParams.set('service', params.service);
        realm.searchParams.set('scope', scope);
        const creds = this.options.credentials;
        const auth = creds
            ? { authorization: `Basic ${Buffer.from(`${creds.username}:${creds.password}`).toString('base64')}` }
            : {};
        const sent = await this.exchange('GET', realm.toString(), { ...auth, accept: 'application/json' }, null);
        if (sent.status !== 200)
            throw await failure('GET', `${realm.origin}${realm.pathname}`, sent, 'the token server');
        const answer = JSON.parse((await readAll(sent.body, 1024 * 1024)).toString('utf8'));
        const token = answer.token ?? answer.access_token;
        if (!token)
            throw new RegistryError('the token server answered without a token', 200);
        this.tokens.set(scope, token);
    }
    /** One exchange, bounded to its answer's last byte (guarded-exchange.ts). */
    exchange(method, url, headers, body, blob = false) {
        return guardedExchange(method, url, headers, body, {
            blob,
            breaker: this.options.breaker,
            idleTimeoutMs: this.idleTimeoutMs,
            signal: this.options.signal,
            floor: this.options.minBytesPerSecond ?? TRICKLE_FLOOR,
        });
    }
    wait(ms) {
        const breaker = this.options.breaker;
        return breaker ? breaker.timed(() => this.pause(ms)) : this.pause(ms);
    }
    pause(ms) {
        const signal = this.options.signal;
        return new Promise((resolve, reject) => {
            if (signal?.aborted)
                return reject(new RegistryError('cancelled', null, 'ABORTED'));
            const timer = setTimeout(resolve, ms);
            signal?.addEventListener('abort', () => {
                clearTimeout(timer);
                reject(new RegistryError('cancelled', null, 'ABORTED'));
            });
        });
    }
}

;// CONCATENATED MODULE: ./.build/tsc/cache/registry-cache.js
// The engine cache's second tier: an OCI registry shared by every runner of a fleet (docs/cache.md). The run
// keeps a private folder as its first tier (an EngineCache like any other); this module moves entries
// between that folder and the registry. Each engine entry, accuracy reference and timing cache is one OCI
// 1.1 artifact, tagged by what it is for:
//
//   engine-<content key>     record.json, plan, layers.json   (artifactType application/vnd.trt-ci.engine.v1)
//   reference-<hash>         the reference outputs' JSON      (application/vnd.trt-ci.reference.v1)
//   timing-<version-gpu>     trtexec's timing cache           (application/vnd.trt-ci.timing.v1)
//
// Whom it serves is who may push: the run reads the repositories it is given in order and writes only the
// one it is given (none for a pull request without cache-pr-repository). The cache only saves time: every
// failure here is a problem said in one line, and the build goes on as on a miss.







const ARTIFACT_TYPE = {
    engine: 'application/vnd.trt-ci.engine.v1',
    reference: 'application/vnd.trt-ci.reference.v1',
    timing: 'application/vnd.trt-ci.timing.v1',
};
const MEDIA = {
    record: 'application/vnd.trt-ci.record.v1+json',
    plan: 'application/vnd.trt-ci.plan.v1',
    layers: 'application/vnd.trt-ci.layer-info.v1+json',
    file: 'application/octet-stream',
};
const TITLE = 'org.opencontainers.image.title';
const CREATED = 'org.opencontainers.image.created';
/** The GitHub repository whose run wrote the artifact: eviction touches only its own. */
const WRITER = 'dev.trt-ci.repository';
const SIGNATURE = 'dev.trt-ci.signature';
/** A tag for an artifact: OCI tags are [A-Za-z0-9_][A-Za-z0-9._-]{0,127}. */
function tagFor(kind, name) {
    const safe = name.replace(/[^A-Za-z0-9._-]+/g, '-');
    const tag = `${kind}-${safe}`;
    return tag.length <= 128 ? tag : `${tag.slice(0, 111)}-${Buffer.from(name).toString('hex').slice(-16)}`;
}
/** A failure in one line; none for a request skipped because the registry was given up (that is said once). */
const said = (what, error) => error instanceof RegistryError && error.code === 'GIVEN_UP'
    ? null
    : `the registry cache: ${what}: ${(0,errors/* errorMessage */.gJ)(error)}`;
/** The fleet's OCI registry as the run's remote cache. */
class RegistryCache {
    options;
    account = {
        pulled: { engine: 0, reference: 0, timing: 0 },
        pushed: { engine: 0, reference: 0, timing: 0 },
        duplicates: 0,
        problems: [],
        deleted: [],
    };
    constructor(options) {
        this.options = options;
    }
    /** Counts what happened and keeps its problem; returns it as it was. */
    noted(kind, result) {
        if ('from' in result && result.from)
            this.account.pulled[kind]++;
        if ('pushed' in result && result.pushed)
            this.account.pushed[kind]++;
        if ('already' in result && result.already && kind === 'engine')
            this.account.duplicates++;
        if (result.problem)
            this.account.problems.push(result.problem);
        return result;
    }
    get writes() {
        return this.options.write ? formatOciReference(this.options.write.ref) : null;
    }
    get givenUp() {
        const why = this.options.breaker.givenUp;
        return why && `the registry cache was given up for the rest of the run (${why}): engines were built without it`;
    }
    get writeRefused() {
        return this.options.writeRefused;
    }
    get reads() {
        return this.options.read.map((c) => formatOciReference(c.ref));
    }
    /**
     * Copies an engine entry into the run's folder when a repository has it. The plan streams to disk and
     * every blob's digest is checked; the record must name the key and the plan's digest, or it is not used.
     */
    async pullEngine(key, engines) {
        return this.noted('engine', await this.pullEngineFrom(key, engines));
    }
    async pullEngineFrom(key, engines) {
        const tag = tagFor('engine', key);
        const problems = [];
        for (const client of this.options.read) {
            const staging = (0,external_node_path_.join)(engines.dir, 'tmp', `pull-${key.slice(0, 16)}-${(0,external_node_crypto_.randomBytes)(4).toString('hex')}`);
            try {
                const found = await client.manifest(tag);
                if (!found)
                    continue;
                const { manifest } = found;
                const layer = (title) => manifest.layers.find((l) => l.annotations?.[TITLE] === title);
                const recordLayer = layer('record.json');
                const planLayer = layer('plan');
                if (!recordLayer || !planLayer || manifest.artifactType !== ARTIFACT_TYPE.engine)
                    throw new Error(`${tag} is not a trt-ci engine entry`);
                const record = JSON.parse((await client.blobBytes(recordLayer)).toString('utf8'));
                if (record.key !== key || `sha256:${record.sha256}` !== planLayer.digest || record.bytes !== planLayer.size)
                    throw new Error(`${tag}: its record does not describe its plan`);
                await (0,promises_.mkdir)(staging, { recursive: true });
                await client.blobTo(planLayer, (0,external_node_path_.join)(staging, 'plan'));
                const layersLayer = layer('layers.json');
                if (layersLayer)
                    await client.blobTo(layersLayer, (0,external_node_path_.join)(staging, 'layers.json'));
                await engines.store({ ...record, hasLayerInfo: Boolean(layersLayer) }, (0,external_node_path_.join)(staging, 'plan'), layersLayer ? (0,external_node_path_.join)(staging, 'layers.json') : null, { replace: true, move: true });
                return { from: formatOciReference(client.ref), problem: null };
            }
            catch (error) {
                const problem = said(`engine ${key.slice(0, 12)} could not be pulled from ${client.ref.repository}`, error);
                if (problem)
                    problems.push(problem);
            }
            finally {
                await (0,promises_.rm)(staging, { recursive: true, force: true });
            }
        }
        return { from: null, problem: problems[0] ?? null };
    }
    /** Pushes an entry of the run's folder, unless this run writes nowhere or the tag is there already. */
    async pushEngine(key, dir, record) {
        return this.noted('engine', await this.pushEngineTo(key, dir, record));
    }
    async pushEngineTo(key, dir, record) {
        const client = this.options.write;
        if (!client)
            return { pushed: false, already: false, problem: null };
        const tag = tagFor('engine', key);
        try {
            if (await client.hasManifest(tag))
                return { pushed: false, already: true, problem: null };
            const layers = [];
            const recordBytes = await (0,promises_.readFile)((0,external_node_path_.join)(dir, 'record.json'));
            layers.push(titled(await client.pushBlob(MEDIA.record, recordBytes), 'record.json'));
            layers.push(titled(await client.pushBlob(MEDIA.plan, { file: (0,external_node_path_.join)(dir, 'plan'), sha256: record.sha256 }), 'plan'));
            if (record.hasLayerInfo) {
                const layerInfo = await (0,promises_.readFile)((0,external_node_path_.join)(dir, 'layers.json'));
                layers.push(titled(await client.pushBlob(MEDIA.layers, layerInfo), 'layers.json'));
            }
            // The blobs took a while: a run that built the same key meanwhile may have tagged it. Its entry stays.
            if (await client.hasManifest(tag))
                return { pushed: false, already: true, problem: null };
            const ours = await this.pushManifest(client, 'engine', tag, layers, {});
            // Another run that built the same key at the same time pushed after us: a build made twice (said, not
            // prevented: two runs that miss together both build). Either entry is the same build's.
            const now = await client.manifest(tag).catch(() => null);
            return { pushed: true, already: now !== null && now.digest !== ours, problem: null };
        }
        catch (error) {
            return { pushed: false, already: false, problem: said(`engine ${key.slice(0, 12)} could not be pushed`, error) };
        }
    }
    /**
     * A reference or timing cache into `path` (and its signature into `path.sig`) from the first repository
     * that has it. The file is written only whole and with its digest.
     */
    async pullFile(kind, name, path) {
        return this.noted(kind, await this.pullFileFrom(kind, name, path));
    }
    async pullFileFrom(kind, name, path) {
        const tag = tagFor(kind, name);
        for (const client of this.options.read) {
            try {
                const found = await client.manifest(tag);
                if (!found)
                    continue;
                const layer = found.manifest.layers[0];
                if (!layer || found.manifest.artifactType !== ARTIFACT_TYPE[kind])
                    throw new Error(`${tag} is not a trt-ci ${kind}`);
                await (0,promises_.rm)(path, { force: true });
                await client.blobTo(layer, path);
                const signature = found.manifest.annotations?.[SIGNATURE];
                await (0,promises_.rm)(`${path}.sig`, { force: true });
                if (signature)
                    await writeNewFile(`${path}.sig`, `${signature}\n`);
                return { from: formatOciReference(client.ref), problem: null };
            }
            catch (error) {
                return { from: null, problem: said(`the ${kind} ${name} could not be pulled`, error) };
            }
        }
        return { from: null, problem: null };
    }
    /** Pushes a reference or timing cache (a timing cache replaces the tag: it only grows). */
    async pushFile(kind, name, path, sha256, signature) {
        return this.noted(kind, await this.pushFileTo(kind, name, path, sha256, signature));
    }
    async pushFileTo(kind, name, path, sha256, signature) {
        const client = this.options.write;
        if (!client)
            return { pushed: false, already: false, problem: null };
        const tag = tagFor(kind, name);
        try {
            if (kind === 'reference' && (await client.hasManifest(tag)))
                return { pushed: false, already: true, problem: null };
            const layer = titled(await client.pushBlob(MEDIA.file, { file: path, sha256 }), name);
            await this.pushManifest(client, kind, tag, [layer], signature ? { [SIGNATURE]: signature } : {});
            return { pushed: true, already: false, problem: null };
        }
        catch (error) {
            return { pushed: false, already: false, problem: said(`the ${kind} ${name} could not be pushed`, error) };
        }
    }
    async pushManifest(client, kind, tag, layers, annotations) {
        // The empty config is pushed like any blob: a registry may not hold it yet (image-spec 1.1).
        await client.pushBlob(EMPTY_CONFIG.mediaType, Buffer.from('{}'));
        const manifest = {
            schemaVersion: 2,
            mediaType: OCI_MANIFEST,
            artifactType: ARTIFACT_TYPE[kind],
            config: { ...EMPTY_CONFIG },
            layers,
            annotations: {
                [CREATED]: new Date().toISOString(),
                ...(this.options.writer.repository && { [WRITER]: this.options.writer.repository }),
                ...annotations,
            },
        };
        return client.pushManifest(tag, manifest);
    }
    /**
     * Applies cache-max-size and cache-max-age to what this repository wrote in the repository this run
     * writes: oldest first, by the time each was pushed. A registry that does not allow deleting tags (GHCR
     * through this API) is said, and nothing else is tried.
     */
    async evict(limits, now) {
        const result = await this.evictOwn(limits, now);
        if (result.problem)
            this.account.problems.push(result.problem);
        return result;
    }
    async evictOwn(limits, given) {
        const client = this.options.write;
        if (!client || (limits.maxBytes === null && limits.maxAgeMs === null))
            return { removed: 0, bytes: null, problem: null };
        try {
            const entries = [];
            for (const tag of await client.tags()) {
                if (!/^(engine|reference|timing)-/.test(tag))
                    continue;
                const found = await client.manifest(tag);
                const annotations = found?.manifest.annotations ?? {};
                if (!found || annotations[WRITER] !== (this.options.writer.repository ?? undefined))
                    continue;
                const bytes = found.manifest.layers.reduce((sum, l) => sum + l.size, 0);
                entries.push({ tag, digest: found.digest, bytes, created: Date.parse(annotations[CREATED] ?? '') || 0 });
            }
            // The registry's clock, never the runner's: a runner clocked in 2099 would find every entry old.
            const now = given ?? client.serverDate;
            const ages = limits.maxAgeMs !== null && now !== null;
            const noClock = limits.maxAgeMs !== null && now === null
                ? 'the registry cache: the registry sent no Date with its answers, so cache-max-age was not applied'
                : null;
            let total = entries.reduce((sum, e) => sum + e.bytes, 0);
            let removed = 0;
            for (const entry of entries.sort((a, b) => a.created - b.created)) {
                // Pushed in the registry's future (a runner's clock ahead of it): never old.
                const old = ages && entry.created <= now && now - entry.created > limits.maxAgeMs;
                const over = limits.maxBytes !== null && total > limits.maxBytes;
                if (!old && !over)
                    continue;
                if (!(await client.deleteManifest(entry.digest)))
                    return {
                        removed,
                        bytes: total,
                        problem: `the registry cache: ${client.ref.registry} does not allow deleting tags through the registry API, so ` +
                            'cache-max-size/cache-max-age were not applied: use its own retention policy',
                    };
                total -= entry.bytes;
                removed++;
                this.account.deleted.push(`${entry.tag} (pushed ${new Date(entry.created).toISOString()})`);
            }
            return { removed, bytes: total, problem: noClock };
        }
        catch (error) {
            return { removed: 0, bytes: null, problem: said('eviction failed', error) };
        }
    }
}
const titled = (descriptor, title) => ({
    ...descriptor,
    annotations: { [TITLE]: title },
});

;// CONCATENATED MODULE: ./.build/tsc/cache/registry-setup.js
// The run's registry cache, from trt-ci.yml's oci:// references and who the run is: which repositories it
// reads, the one it writes (or why none), and the credentials it presents. docs/cache.md has the table.







/** The Docker config `docker login` and `oras login` write: $DOCKER_CONFIG/config.json, else ~/.docker/. */
function dockerConfigText(env) {
    const dir = env.DOCKER_CONFIG || (env.HOME ? (0,external_node_path_.join)(env.HOME, '.docker') : null);
    if (!dir)
        return null;
    try {
        return (0,external_node_fs_.readFileSync)((0,external_node_path_.join)(dir, 'config.json'), 'utf8');
    }
    catch {
        return null;
    }
}
/**
 * The remote cache's one entry: the registry tier for trt-ci.yml's oci:// references and this run. Whom it reads
 * and writes follows from who the run is (docs/cache.md's table); the clients are made by `connect`.
 */
function openRegistryCache(registry, run, connect = (reference, options) => new OciClient(reference, options)) {
    // One breaker for the run: a registry given up by one client is given up by all.
    const breaker = new RegistryBreaker(run.timeoutMs);
    const ref = (text) => {
        const parsed = parseOciReference(text);
        // trt-ci.yml's load checked both references: a string here is a bug, not input.
        if (typeof parsed === 'string')
            throw new Error(`${text}: ${parsed}`);
        return parsed;
    };
    const docker = dockerConfigText(run.env);
    const problems = [];
    const sources = new Set();
    const defaultBranch = run.provenance?.defaultBranch ?? false;
    const client = (reference) => {
        const found = credentialsFor(reference.registry, run.env, docker);
        if (found.problem)
            problems.push(`the registry cache: ${found.problem}`);
        const risk = dockerLoginRisk(reference.registry, found, defaultBranch);
        if (risk)
            problems.push(`the registry cache: ${risk}`);
        sources.add(found.source);
        return connect(reference, {
            credentials: found.credentials,
            breaker,
            ...(run.signal && { signal: run.signal }),
        });
    };
    const primary = client(ref(registry.primary));
    const pr = registry.pr ? client(ref(registry.pr)) : null;
    // The default branch reads and writes only its own repository: nothing a pull request pushed reaches it.
    // Every other run reads the default branch's entries first, and writes only a repository of its own.
    const cache = new RegistryCache({
        breaker,
        read: defaultBranch || !pr ? [primary] : [primary, pr],
        write: defaultBranch ? primary : pr,
        writeRefused: defaultBranch || pr
            ? null
            : 'this run is not a push to the default branch: it reads the cache and writes nothing (the default ' +
                "branch's entries are written only by its own runs; cache-pr-repository: gives pull requests their own)",
        writer: { repository: run.env.GITHUB_REPOSITORY || null },
    });
    cache.account.problems.push(...problems);
    return { cache, credentials: [...sources].join(', ') };
}

;// CONCATENATED MODULE: ./.build/tsc/preflight/timing-cache-check.js
// Preflight's timing-cache check: a `timing-cache:` of the user's written by another TensorRT or GPU model is
// not used (the builds start without it, build-plan.ts), and the run says so at the top.

function timingCacheCheck(path, state, tensorrt, gpuNames) {
    const id = 'timing-cache';
    if (!path)
        return { id, status: 'skip', message: 'no timing-cache: of your own', hint: null };
    if (state.state === 'absent')
        return { id, status: 'pass', message: `${path} is not there yet: the first build writes it`, hint: null };
    if (state.state !== 'recorded') {
        const why = state.state === 'replaced' ? 'is not the file its record names' : 'has no record of where it was written';
        return {
            id,
            status: 'warn',
            message: `${path} ${why}: used as given, and TensorRT's own check decides whether it fits`,
            hint: `trt-ci records the TensorRT and GPU of the build that writes it in ${originFileOf(path)}: keep that ` +
                'file beside the cache (commit both), or let a build of this runner write it afresh.',
        };
    }
    const names = gpuNames.length > 0 ? [...new Set(gpuNames)] : [null];
    const foreign = names.flatMap((gpu) => {
        const why = foreignTo(state, tensorrt, gpu);
        return why ? [why] : [];
    });
    if (foreign.length === 0)
        return { id, status: 'pass', message: `${path}: written by this TensorRT on this GPU model`, hint: null };
    const whose = foreign.length === names.length ? 'the builds' : 'builds there';
    return {
        id,
        status: 'warn',
        message: `${path} was ${foreign.join('; ')}: ${whose} start without it and leave it as it is`,
        hint: 'A timing cache holds timings of one TensorRT build on one GPU model: give each runner type its own ' +
            '(timing-cache: per runner, or cache-dir:, which keeps one per TensorRT and GPU).',
    };
}

;// CONCATENATED MODULE: ./.build/tsc/preflight/preflight.js














/**
 * Proves the runner can build before the GPU hour is spent: gathers every fact at once (one
 * nvidia-smi query for the GPUs, one for their processes, the file system, the plugin files), then
 * judges them. The TensorRT version is detected by the caller, once per run.
 */
async function runPreflight(config, tensorrt, environment) {
    const started = performance.now();
    const { env } = environment;
    const smi = { command: config.nvidiaSmi, env, signal: environment.signal, start: environment.startProcess };
    const trtexecPath = resolveCommand(config.trtexec, env);
    const plugins = uniquePlugins(config.models);
    const [query, apps, cuda, target, disk, pluginList, timingOrigin] = await Promise.all([
        environment.gpuQuery ?? queryGpus(smi),
        queryComputeApps(smi),
        findCuda({
            configured: config.cuda,
            trtexecPath,
            tensorrt,
            env,
            toolkitRoot: environment.toolkitRoot ?? '/usr/local/cuda',
        }),
        nvinferTarget(trtexecPath, tensorrt),
        diskFacts(config.outputDir),
        Promise.all(plugins.map(({ path, dynamic }) => pluginFacts(path, dynamic, env))),
        config.timingCache ? readTimingCacheOrigin(config.timingCache) : { state: 'absent' },
    ]);
    selectedGpus(config, query);
    const checks = [
        ...gpuChecks({
            query,
            apps,
            selection: config.gpus,
            tensorrt,
            cuda,
            minDriver: config.minDriver,
            expectGpu: config.expectGpu,
            // The most any model asks: a GPU without room for it fails that model's builds.
            workspaceBytes: Math.max(...config.models.map((m) => m.workspaceBytes)),
            minWorkspaceBytes: Math.max(...config.models.map((m) => m.minWorkspaceBytes)),
            devNvidiaPresent: devNvidiaPresent(environment.devDir),
            kubernetes: Boolean(env.KUBERNETES_SERVICE_HOST),
        }),
        diskCheck(disk, config.minFreeDiskBytes),
        registryLoginCheck(cacheRegistries(config), dockerConfigText(env), environment.defaultBranch ?? false),
        precisionCheck(config.models, query.ok ? selectedInfo(query.gpus, config.gpus) : [], tensorrt, errors/* fileSize */.Ov, onnxOps),
        timingCacheCheck(config.timingCache, timingOrigin, formatVersion(tensorrt, true), query.ok ? selectedInfo(query.gpus, config.gpus).flatMap((g) => g.name ?? []) : []),
        ...(pluginList.length > 0
            ? pluginList.map((plugin) => pluginCheck(plugin, target))
            : [{ id: 'plugins', status: 'skip', message: 'no plugins configured', hint: null }]),
    ].map((check) => config.skipChecks.includes(check.id)
        ? { ...check, status: 'skip', message: `skipped by skip-checks (${check.message})`, hint: null }
        : check);
    const gpus = query.ok ? query.gpus.filter((g) => config.gpus === 'all' || config.gpus.includes(g.index)) : [];
    return {
        status: overall(checks),
        gpus: gpus.map((g) => ({
            index: g.index,
            name: g.name,
            computeCapability: g.computeCapability,
            driverVersion: g.driverVersion,
            memoryTotalMiB: g.memoryTotalMiB,
            memoryUsedMiB: g.memoryUsedMiB,
        })),
        checks,
        cuda,
        tensorrtVersion: formatVersion(tensorrt, true),
        elapsedMs: Math.round(performance.now() - started),
    };
}
/** The hosts of the registry cache's repositories (cache-dir: and cache-pr-repository:), once each. */
function cacheRegistries(config) {
    const { primary, pr } = config.cacheRegistry ?? { primary: null, pr: null };
    const hosts = [primary, pr].flatMap((text) => {
        const parsed = text ? parseOciReference(text) : null;
        return parsed && typeof parsed !== 'string' ? [parsed.registry] : [];
    });
    return [...new Set(hosts)];
}
function uniquePlugins(models) {
    const seen = new Map();
    for (const model of models) {
        for (const path of model.plugins)
            seen.set(path, seen.get(path) ?? false);
        for (const path of model.dynamicPlugins)
            seen.set(path, true);
    }
    return [...seen].map(([path, dynamic]) => ({ path, dynamic }));
}
function selectedInfo(gpus, selection) {
    return gpus.filter((g) => selection === 'all' || selection.includes(g.index));
}
/** A model's main-graph op types, read at offsets; null when the file cannot be read (the build says why). */
function onnxOps(onnx) {
    try {
        return onnxGraphOf(onnx).ops ?? null;
    }
    catch {
        return null;
    }
}

;// CONCATENATED MODULE: ./.build/tsc/builds/output-dir.js





/** Written into every output folder trt-ci makes: a folder without it is someone else's. */
const OUTPUT_MARKER = '.trt-ci-output';
/** Held by the run writing the folder: two runs there at once would scan each other's half-written plans. */
const OUTPUT_LOCK = '.trt-ci-lock';
/**
 * The output folder, made or reclaimed. trt-ci removes and rewrites plans and reports there, so it
 * refuses a folder that is not its own: the file system root, the config's folder or the working
 * folder (the repository root), or a folder holding files it did not write. The folder is locked for
 * this run; the returned function unlocks it.
 */
async function claimOutputDir(config, cwd) {
    const dir = (0,external_node_path_.resolve)(config.outputDir);
    const shared = [(0,external_node_path_.parse)(dir).root, (0,external_node_path_.resolve)(config.dir), (0,external_node_path_.resolve)(cwd)].includes(dir);
    if (shared) {
        throw (0,errors/* configError */.Fj)(config, ['output-dir'], `expected a folder of trt-ci's own, got ${dir}, which holds other files`);
    }
    if ((0,external_node_fs_.existsSync)(dir) && !(0,external_node_fs_.existsSync)((0,external_node_path_.join)(dir, OUTPUT_MARKER))) {
        // Names alone prove nothing (a repository has its own summary.md): only the marker does.
        const foreign = (0,external_node_fs_.readdirSync)(dir);
        if (foreign.length > 0) {
            const names = foreign.slice(0, 3).join(', ') + (foreign.length > 3 ? ', …' : '');
            throw (0,errors/* configError */.Fj)(config, ['output-dir'], `expected a new folder or one trt-ci wrote, got ${dir}, which holds files trt-ci did not write (${names})`);
        }
    }
    try {
        await (0,promises_.mkdir)(dir, { recursive: true });
        writeNewFileSync((0,external_node_path_.join)(dir, OUTPUT_MARKER), 'trt-ci writes and rewrites the files in this folder.\n');
    }
    catch (error) {
        // Before any build: a folder trt-ci cannot write would lose every plan, log and report.
        throw (0,errors/* configError */.Fj)(config, ['output-dir'], `expected a folder trt-ci can write, got ${dir}: ${(0,errors/* fileProblem */.Wj)(error, 'a folder')}`);
    }
    const lock = (0,external_node_path_.join)(dir, OUTPUT_LOCK);
    const busy = (holder) => (0,errors/* configError */.Fj)(config, ['output-dir'], `expected a folder no other trt-ci run is writing, got ${dir}, which ` +
        `${holder === null ? 'another run' : `process ${holder}`} is writing ` +
        `(give each run its own output-dir; remove ${OUTPUT_LOCK} there if no trt-ci is running)`);
    for (let attempt = 1;; attempt += 1) {
        if (heldHere.has(lock))
            throw busy(process.pid);
        try {
            (0,external_node_fs_.writeFileSync)(lock, `${process.pid}\n`, { flag: 'wx' });
            break;
        }
        catch (error) {
            if (error.code !== 'EEXIST')
                throw error;
            const holder = lockHolder(lock);
            if (holder !== null || attempt > 1)
                throw busy(holder);
            (0,external_node_fs_.rmSync)(lock, { force: true }); // left by a run that was killed
        }
    }
    heldHere.add(lock);
    return async () => {
        heldHere.delete(lock);
        await (0,promises_.rm)(lock, { force: true });
    };
}
/** Locks held by runs in this process (the CLI as a library can run twice at once; they share a pid). */
const heldHere = new Set();
/** The live process holding the lock, or null: a lock left by a run that was killed is taken over. */
function lockHolder(lock) {
    let pid;
    try {
        pid = Number((0,external_node_fs_.readFileSync)(lock, 'utf8').trim());
    }
    catch {
        return null;
    }
    // Our own pid in a lock we do not hold: an earlier process that had it was killed.
    if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid)
        return null;
    try {
        process.kill(pid, 0);
        return pid;
    }
    catch (error) {
        // EPERM: alive, and another user's.
        return error.code === 'EPERM' ? pid : null;
    }
}

;// CONCATENATED MODULE: ./.build/tsc/builds/run-cache.js
// The run's engine cache as the pipeline opens and accounts for it: with cache-dir: oci://…, the registry
// and a folder of the run's own as its first tier; at the end, what the cache did, for the report.






/**
 * cache-dir: oci://…: the registry, and a folder of the run's own as its first tier (removed at the end:
 * the registry is what outlives the run). A plain cache-dir: is used as it is.
 */
async function openRunCache(config, options) {
    if (!config.cacheRegistry)
        return { config, cache: null, credentials: null, release: () => Promise.resolve() };
    const folder = await (0,promises_.mkdtemp)((0,external_node_path_.join)(options.env.RUNNER_TEMP || (0,external_node_os_.tmpdir)(), 'trt-ci-registry-cache-'));
    const setup = openRegistryCache(config.cacheRegistry, {
        timeoutMs: config.cacheTimeoutMs,
        env: options.env,
        provenance: options.provenance ?? null,
        ...(options.signal && { signal: options.signal }),
    });
    return {
        config: { ...config, cacheDir: folder },
        cache: setup.cache,
        credentials: setup.credentials,
        release: () => (0,promises_.rm)(folder, { recursive: true, force: true }),
    };
}
/** The engine cache's account of this run; one key for all its engines, for actions/cache. */
function cacheSummary(config, stage, registry, credentials, 
/** Whether this run builds the default branch: a signing key anywhere else is said. */
defaultBranch = false) {
    if (!config.cacheDir)
        return null;
    const verdicts = stage.outcomes.flatMap((o) => (o.cache ? [o.cache] : []));
    const keys = stage.outcomes.map((o) => o.cache?.key ?? '').sort();
    const problems = [
        // A registry given up is what the run says first: it changes every engine after it.
        registry?.givenUp ?? null,
        unusedSigningKey(config, defaultBranch),
        ...verdicts.map((c) => c.problem),
        stage.evictProblem,
        ...(registry?.account.problems ?? []),
    ];
    return {
        key: `trt-ci-${(0,external_node_crypto_.createHash)('sha256').update(keys.join('\n')).digest('hex').slice(0, 32)}`,
        dir: config.cacheRegistry?.primary ?? config.cacheDir,
        hits: verdicts.filter((c) => c.hit).length,
        misses: verdicts.filter((c) => !c.hit).length,
        corrupt: verdicts.filter((c) => c.corrupt).length,
        untrusted: verdicts.filter((c) => c.untrusted).length,
        savedSeconds: verdicts.reduce((sum, c) => sum + (c.savedSeconds ?? 0), 0),
        bytes: stage.cacheBytes,
        evicted: stage.evicted,
        problems: [...new Set(problems.filter((p) => p !== null))],
        refused: stage.outcomes.some((o) => o.status !== 'skipped' && !o.gpu?.name)
            ? 'the GPU model is unknown (nvidia-smi did not answer): no plan is served or stored for an unknown GPU'
            : null,
        registry: registry && {
            reads: registry.reads,
            writes: registry.writes,
            notWriting: registry.writeRefused,
            credentials: credentials ?? 'none (anonymous)',
            pulled: { ...registry.account.pulled },
            pushed: { ...registry.account.pushed },
            duplicates: registry.account.duplicates,
            deleted: [...registry.account.deleted],
        },
    };
}

// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __webpack_require__(38815);
;// CONCATENATED MODULE: ./.build/tsc/config/locate.js

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
        if ((0,dist/* isMap */.jh)(node)) {
            const pair = node.items.find((item) => (0,dist/* isPair */.tO)(item) && (0,dist/* isScalar */.jn)(item.key) && String(item.key.value) === String(part));
            if (!pair)
                break;
            if (last && atKey) {
                offset = rangeStart(pair.key) ?? offset;
                break;
            }
            node = pair.value;
        }
        else if ((0,dist/* isSeq */.oP)(node) && typeof part === 'number') {
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

;// CONCATENATED MODULE: ./.build/tsc/compare/status.js

/**
 * Why the work failed, one line each, in report order; none when it passed. It failed when any build did
 * ('skipped' ones too: a cancelled run), an engine computes the wrong answer or crashes when run, a budget
 * failed, an engine will not load on a target it ships to, or a cancel stopped a stage (what it did not do is
 * not known to pass).
 */
function whyFailed(report) {
    const reasons = report.interrupted ? [`the run was cancelled during ${report.interrupted}`] : [];
    for (const b of report.builds) {
        const name = `${b.model ?? '?'}/${b.profile ?? '?'}`;
        if (!report_isBuilt(b))
            reasons.push(`${name}: ${b.status}${b.failure ? `: ${b.failure.message}` : ''}`);
        if (b.accuracy?.status === 'failed' || b.accuracy?.status === 'error')
            reasons.push(`${name}: accuracy ${b.accuracy.status === 'failed' ? 'out of tolerance' : 'check error'}`);
        for (const check of b.consistency?.checks.filter((c) => c.status === 'failed') ?? [])
            reasons.push(`${name}: ${check.message}`);
        if (b.consistency?.status === 'error')
            reasons.push(`${name}: the consistency checks could not run: ${b.consistency.reason}`);
        // Rebuilds were asked for: one that did not build or could not be compared is no level, and not a pass.
        if (b.stability?.problem)
            reasons.push(`${name}: ${b.stability.problem}`);
        for (const r of b.stability?.rebuilds.filter((k) => k.problem) ?? [])
            reasons.push(`${name}: ${r.problem}`);
        if (b.latency?.verdict === 'head-failed')
            reasons.push(`${name}: the engine failed when run for the A/B`);
        for (const row of b.budgets.filter((r) => r.status === 'fail'))
            reasons.push(`${name}: ${row.message}`);
        for (const row of (b.deploy ?? []).filter((r) => r.verdict === 'fails'))
            reasons.push(`${name}: will not load on ${row.target}${row.line ? `: ${row.line}` : ''}`);
    }
    return reasons;
}
function overallStatus(report) {
    return whyFailed(report).length === 0 ? 'passed' : 'failed';
}

;// CONCATENATED MODULE: ./.build/tsc/contract/report-v1.js
// Version 1 of the report (`trt-ci/report@1`, trt-ci up to 0.11): the builds without their scan and budgets,
// which sat beside them in `plans` and `budgets`, joined on model and profile. Baselines users keep in
// artifacts and caches are of this version: they are read by upgrading them to version 2, never rewritten.


const REPORT_SCHEMA_V1 = 'trt-ci/report@1';
const reportSchemaV1 = reportSchema.omit({ interrupted: true, precisionSearch: true }).extend({
    schema: schemas/* literal */.euz(REPORT_SCHEMA_V1),
    builds: schemas/* array */.YOg(reportBuildSchema.omit({ scan: true, budgets: true })),
});
/** A version 1 report as version 2: each build takes the scan and the budget rows of its model and profile. */
function upgradeReport(v1) {
    const same = (a, b) => a.model === b.model && a.profile === b.profile;
    const builds = v1.builds.map((build) => {
        const plan = v1.plans.find((p) => same(p, build));
        const scan = plan ? (({ model: _m, profile: _p, ...rest }) => rest)(plan) : null;
        return { ...build, scan, budgets: v1.budgets.filter((b) => same(b, build)) };
    });
    return { ...v1, schema: REPORT_SCHEMA, interrupted: null, precisionSearch: [], builds, ...flatViews(builds) };
}

;// CONCATENATED MODULE: ./.build/tsc/compare/baseline.js








/**
 * A trt-ci report read as data: a baseline from the base branch, or one runner's report to merge, which
 * can come from a fork. It must match the report schema; keys the schema does not know are dropped. A report
 * of version 1 (trt-ci up to 0.11) is read as version 2.
 */
async function loadReport(path, role = 'baseline') {
    let text;
    try {
        text = await (0,promises_.readFile)(path, 'utf8');
    }
    catch (error) {
        throw new errors/* InputError */.dz(`${path}: cannot read ${role}: ${(0,errors/* fileProblem */.Wj)(error, 'a report.json')}`);
    }
    let data;
    try {
        data = JSON.parse(text);
    }
    catch (error) {
        // V8 quotes the text around the error, line breaks and all: one line.
        throw new errors/* InputError */.dz(`${path}: the ${role} is not JSON (${(0,errors/* errorMessage */.gJ)(error).replace(/\s+/g, ' ')})`);
    }
    const schema = data?.schema;
    const version = schema === REPORT_SCHEMA ? reportSchema : schema === REPORT_SCHEMA_V1 ? reportSchemaV1 : null;
    if (!version) {
        const got = typeof schema === 'string' ? `schema ${JSON.stringify(schema.slice(0, 64))}` : 'something else';
        throw new errors/* InputError */.dz(`${path}: expected a trt-ci report (schema "${REPORT_SCHEMA}"), got ${got}`);
    }
    const parsed = version.safeParse(data);
    if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = formatPath(issue.path.filter((p) => typeof p !== 'symbol'));
        const more = parsed.error.issues.length > 1 ? ` (and ${parsed.error.issues.length - 1} more)` : '';
        throw new errors/* InputError */.dz(`${path}: not a valid ${String(schema)} ${role}: ${where}: ${issue.message}${more}`);
    }
    const report = parsed.data.schema === REPORT_SCHEMA_V1 ? upgradeReport(parsed.data) : parsed.data;
    // A report's own status and flat views are claims: they are made again from its builds.
    return { ...report, status: overallStatus(report), ...flatViews(report.builds) };
}
/** The largest max-abs error of an engine's outputs against ONNX Runtime's, when it was checked. */
function largestError(accuracy) {
    const errors = (accuracy?.outputs ?? []).map((o) => o.maxAbsError).filter((e) => e !== null);
    return errors.length ? Math.max(...errors) : null;
}
/**
 * What a benchmark's latency was measured with: said in the report since trt-ci gives it; before, trt-ci asked
 * for nothing, so it was that TensorRT's defaults.
 */
function measurementOfPerf(perf, tensorrt) {
    if (perf.measurement)
        return perf.measurement;
    const major = Number(tensorrt?.split('.')[0]);
    return Number.isFinite(major) && major > 0 ? defaultMeasurement({ major }) : null;
}
/** What budgets measure of one build of a report. */
function baseline_measure(b, tensorrt = null) {
    return {
        model: b.model,
        profile: b.profile,
        gpu: b.gpu?.name ?? null,
        bytes: b.bytes,
        zeroFraction: b.scan?.zeroFraction ?? null,
        trailingZeroBytes: b.scan?.trailingZeroBytes ?? null,
        onnxBytes: b.onnxBytes ?? null,
        buildSeconds: b.buildSeconds,
        peakGpuMemoryMiB: b.peakGpuMemoryMiB,
        latencyMedianMs: b.perf?.latencyMs?.median ?? null,
        latencyMeasurement: b.perf ? measurementOfPerf(b.perf, tensorrt) : null,
        accuracyError: largestError(b.accuracy),
        latencyAb: b.latency ? { verdict: b.latency.verdict, ratio: b.latency.ratio, reason: b.latency.reason } : null,
    };
}
/** Each built engine of a report with what budgets measure. */
function measuredBuilds(report) {
    return report.builds.filter(report_isBuilt).map((b) => baseline_measure(b, report.environment?.tensorrtVersion ?? null));
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
/** The baseline report, or (for one the user did not name) why it could not be used. */
async function readBaseline(file, found) {
    if (!file)
        return { baseline: null, baselineRefused: null };
    try {
        return { baseline: await loadReport(file), baselineRefused: null };
    }
    catch (error) {
        if (!found || !(error instanceof errors/* InputError */.dz))
            throw error;
        return { baseline: null, baselineRefused: error.message };
    }
}
/** Each pair's build time in a report, for balancing shards; undefined without one (shards count pairs). */
function buildSecondsOf(report) {
    if (!report)
        return undefined;
    const seconds = report.builds.flatMap((b) => b.buildSeconds ? [[`${b.model}/${b.profile}`, b.buildSeconds]] : []);
    return seconds.length ? new Map(seconds) : undefined;
}

// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(73136);
;// CONCATENATED MODULE: ./.build/tsc/common/position.js
/** `trt-ci.yml:12:9`, as editors and terminals link it: a config error's head and a report's annotations. */
function formatPosition(position) {
    return `${position.file}:${position.line}:${position.column}`;
}

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
/** The names `${NAME}` and `${NAME:-default}` read in a text. */
function variablesIn(text) {
    return [...text.matchAll(VARIABLE)].map((m) => m[1]);
}

// EXTERNAL MODULE: ./node_modules/zod/v4/core/registries.js
var registries = __webpack_require__(29396);
;// CONCATENATED MODULE: ./.build/tsc/config/schema-walk.js
// The config's schema read as a tree: which keys a mapping at a path takes (the "did you mean" of an
// unknown key), and which values take ${NAME} from the environment (keys marked with fromEnv). Walks
// zod's own definitions; wrappers (optional, default, a transform's input) are looked through.

const defOf = (node) => node._zod.def;
/** The node and the nodes it wraps, outermost first, down to the one that says what the value is. */
function chain(node) {
    const nodes = [node];
    for (let def = defOf(node);; def = defOf(nodes.at(-1))) {
        const inner = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
        if (!inner)
            return nodes;
        nodes.push(inner);
    }
}
const schema_walk_core = (node) => defOf(chain(node).at(-1));
/** Marks a key whose text takes ${NAME} and ${NAME:-default} from the job's environment. */
const fromEnv = (schema) => schema.meta({ env: true });
/** Whether a key was marked with fromEnv, on it or on anything it wraps. */
const takesEnv = (node) => chain(node).some((n) => registries/* globalRegistry */.fd.get(n)?.env === true);
/** The nodes one step down: a mapping's key, a list's item, a record's value, in each form of a union. */
function childrenOf(node, step) {
    const def = schema_walk_core(node);
    if (def.type === 'union')
        return (def.options ?? []).flatMap((o) => childrenOf(o, step));
    if (def.type === 'object')
        return typeof step === 'string' && def.shape?.[step] ? [def.shape[step]] : [];
    if (def.type === 'array')
        return typeof step === 'number' && def.element ? [def.element] : [];
    if (def.type === 'record')
        return def.valueType ? [def.valueType] : [];
    return [];
}
/** The keys the mapping at `path` takes (every form's, for a union of mappings). */
function keysAt(root, path) {
    let nodes = [root];
    for (const step of path)
        nodes = nodes.flatMap((n) => childrenOf(n, step));
    const keys = nodes.flatMap((n) => {
        const def = schema_walk_core(n);
        const forms = def.type === 'union' ? (def.options ?? []).map(schema_walk_core) : [def];
        return forms.flatMap((f) => (f.type === 'object' ? Object.keys(f.shape ?? {}) : []));
    });
    return [...new Set(keys)];
}
/** Every string in `value` whose key was marked fromEnv, with its path. */
function envValues(root, value) {
    const found = [];
    const visit = (nodes, at, path) => {
        if (typeof at === 'string') {
            if (nodes.some(takesEnv) || nodes.some((n) => schema_walk_core(n).type === 'union' && unionTakesEnv(n))) {
                found.push({ path, text: at });
            }
            return;
        }
        if (Array.isArray(at)) {
            for (const [i, item] of at.entries())
                visit(nodes.flatMap((n) => childrenOf(n, i)), item, [...path, i]);
        }
        else if (at && typeof at === 'object') {
            for (const [key, item] of Object.entries(at))
                visit(nodes.flatMap((n) => childrenOf(n, key)), item, [...path, key]);
        }
    };
    visit([root], value, []);
    return found;
}
/** A union one of whose text forms takes ${NAME} (a path, or false; auto, or a folder). */
const unionTakesEnv = (node) => (schema_walk_core(node).options ?? []).some(takesEnv);

// EXTERNAL MODULE: ./node_modules/zod/v4/core/core.js
var core_core = __webpack_require__(88532);
;// CONCATENATED MODULE: ./.build/tsc/config/values.js
// The values trt-ci.yml takes, each a zod schema that turns text into what the code uses (a size in bytes,
// a duration in ms, a threshold in its unit) and rejects anything else with "expected …, got …", and what
// the value most likely meant where that can be told.



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
const SHAPE_PATTERN = /^\d+(x\d+)*$/;
const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/** "expected …, got …", and what the value most likely meant when `guess` can tell. */
const expected = (what, guess) => ({
    error: (issue) => {
        const meant = guess?.(issue.input);
        return `expected ${what}, got ${showValue(issue.input)}${meant ? `; did you mean ${meant}?` : ''}`;
    },
});
/** A bare number where a size goes (8192 is a workspace in MiB, as trtexec's --workspace took it). */
const sizeGuess = (input) => {
    const text = String(input);
    if (/^\d+(\.\d+)?$/.test(text))
        return `${text}MiB`;
    const unit = /^(\d+(?:\.\d+)?)\s*([kmgt]i?b?)$/i.exec(text);
    if (unit)
        return `${unit[1]}${unit[2][0].toUpperCase()}iB`;
    return null;
};
const size = schemas/* string */.YjP(expected('a size like 4GiB or 512MiB', sizeGuess))
    .regex(SIZE_PATTERN, expected('a size like 4GiB or 512MiB (B, KiB, MiB, GiB, or KB, MB, GB)', sizeGuess))
    .transform((text) => parseSize(text));
const INT32_MAX = 2 ** 31 - 1;
/** The longest delay a timer holds (2^31-1 ms, 24.8 days); a longer one fires at once. */
const LONGEST_TIMER_MS = INT32_MAX;
const duration = schemas/* string */.YjP(expected('a duration like 45m, 90s or 2h'))
    .regex(DURATION_PATTERN, expected('a duration like 45m, 90s or 2h'))
    .refine((text) => {
    // A text that is no duration at all was reported by the pattern already.
    const ms = parseDuration(text);
    return ms === null || (ms >= 1 && ms <= LONGEST_TIMER_MS);
}, expected('a duration from 1ms to 596h (what a timer can hold)'))
    .transform((text) => parseDuration(text));
/** precision-search: true, false, or its budgets: builds (2-9999, 32 by default) and a time (none by default). */
const precisionSearch = schemas/* union */.KCZ([
    schemas/* boolean */.zMY(),
    schemas/* strictObject */.rej({
        'max-builds': schemas/* number */.aig().int().min(2).max(9999).optional().describe('The builds a search makes at most (32).'),
        'max-time': duration.optional().describe('No candidate build starts after this (e.g. 2h).'),
    }),
], expected('true, false or { max-builds: N, max-time: D }'));
const workspace = size.refine((bytes) => bytes >= 1024 ** 2, {
    error: (issue) => `expected a workspace of at least 1MiB, got ${issue.input} bytes`,
});
const values_name = (what) => schemas/* string */.YjP(expected(`a ${what} name`))
    .regex(NAME_PATTERN, expected(`a ${what} name of letters, digits, ".", "_" and "-" (it names files)`));
/**
 * Why a text cannot be a ref trt-ci hands git, or null. git would read `-x` as an option, `a..b` as a range
 * and `rev:path` as a file; whitespace, control characters and shell syntax are in no ref a user means.
 */
function refProblem(ref) {
    if (ref.startsWith('-'))
        return `got "${ref}", which git would read as an option`;
    if (/[\s\p{Cc}]/u.test(ref))
        return `got ${JSON.stringify(ref)}, with whitespace or a control character`;
    if (ref.includes(':'))
        return `got "${ref}", which names a path (:); name a commit`;
    if (ref.includes('..'))
        return `got "${ref}", a range (..); name one commit`;
    if (/[$`\\*?[]/.test(ref))
        return `got "${ref}", with a character no ref has ($ \` \\ * ? [)`;
    return null;
}
const path = (what) => schemas/* string */.YjP(expected(`a path to ${what}`)).min(1, expected(`a path to ${what}`));
/** trtexec's own shape syntax, min:opt:max in one value (1x512:8x512:16x512), as trt-ci.yml writes it. */
const shapeGuess = (input) => {
    const parts = String(input).split(':');
    return parts.length === 3 && parts.every((p) => SHAPE_PATTERN.test(p))
        ? `{ min: ${parts[0]}, opt: ${parts[1]}, max: ${parts[2]} }`
        : null;
};
const dims = schemas/* string */.YjP(expected('dimensions like 1x3x224x224', shapeGuess))
    .regex(SHAPE_PATTERN, expected('dimensions like 1x3x224x224', shapeGuess))
    .refine((text) => !SHAPE_PATTERN.test(text) || parseDims(text).every((d) => Number.isSafeInteger(d) && d >= 1 && d <= INT32_MAX), expected('dimensions of whole numbers from 1 to 2147483647, like 1x3x224x224'));
const shapeRange = schemas/* union */.KCZ([
    schemas/* strictObject */.rej({
        min: dims.describe('The smallest shape the engine takes, like 1x3x240x320.'),
        opt: dims.describe('The shape TensorRT tunes for.'),
        max: dims.describe('The largest shape the engine takes.'),
    }),
    dims,
], expected('{ min, opt, max } dimensions, or one shape like 1x3x224x224 for a static input', shapeGuess));
const extraArgs = schemas/* array */.YOg(schemas/* string */.YjP(expected('a trtexec flag like --builderOptimizationLevel=5'))
    .regex(/^--[A-Za-z]/, expected('a trtexec flag like --builderOptimizationLevel=5'))
    // argv is passed without a shell: "--a=1 --b" would reach trtexec as one flag with a strange value.
    .refine((arg) => !/\s--?[A-Za-z]/.test(arg), expected('one flag per list item ("--a=1", "--b"), not several')), expected('a list of trtexec flags'));
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
/** A share written as a fraction (0.1 for 10%) where a percentage goes. */
function shareGuess(units, input) {
    const share = units.includes('fraction') && typeof input === 'number' && input > 0 && input < 1;
    return share ? `${Number((input * 100).toPrecision(6))}%` : null;
}
function threshold(units) {
    const forms = thresholdForms(units);
    return schemas/* union */.KCZ([schemas/* string */.YjP(), schemas/* number */.aig()], expected(forms)).transform((input, ctx) => {
        const text = String(input);
        const share = units.includes('fraction') ? parseShare(text) : null;
        if (share !== null)
            return { unit: 'fraction', value: share, text };
        if (units.includes('bytes') && SIZE_PATTERN.test(text))
            return { unit: 'bytes', value: parseSize(text), text };
        if (units.includes('ratio') && (RATIO_PATTERN.test(text) || typeof input === 'number'))
            return { unit: 'ratio', value: Number(text.replace(/x$/, '')), text: text.endsWith('x') ? text : `${text}x` };
        const meant = shareGuess(units, input);
        ctx.addIssue({
            code: 'custom',
            message: `expected ${forms}, got ${showValue(input)}${meant ? `; did you mean ${meant}?` : ''}`,
        });
        return core_core/* NEVER */.tm;
    });
}
function limit(metric) {
    const spec = METRICS[metric];
    const value = threshold(spec.units);
    return schemas/* union */.KCZ([
        value,
        schemas/* strictObject */.rej({
            warn: value.optional().describe('Beyond this the run warns.'),
            fail: value.optional().describe('Beyond this the run fails.'),
        }),
    ], expected(`${thresholdForms(spec.units)}, or { warn, fail } of those`, (input) => shareGuess(spec.units, input)))
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
function parseDims(text) {
    return text.split('x').map(Number);
}

;// CONCATENATED MODULE: ./.build/tsc/config/build-command.js
// build: and run:, commands of the user's own instead of trtexec (builds/command-producer.ts runs the one,
// runners/command-runner.ts the other): their schemas and the rule that what they are given fits them.






const COMMAND = 'a list of arguments like [python3, build.py, --onnx, "{onnx}", --plan, "{plan}"]';
const PLAN = 'where the command writes its plan, like "{plan}" or "out/{model}.{profile}.plan"';
const buildCommand = schemas/* strictObject */.rej({
    command: schemas/* array */.YOg(fromEnv(schemas/* string */.YjP(expected('an argument')).min(1, expected('an argument'))), expected(COMMAND))
        .min(1, expected(COMMAND))
        .describe(`The program and its arguments, one per item (never a shell line; \${NAME} from the environment, ` +
        `\${TRT_CI_PRODUCERS} the folder of the producers trt-ci ships): {onnx}, {plan}, {layer-info}, ` +
        '{model}, {profile}, {precision}, {keep-fp32}, {workspace}, {min-shapes}, {opt-shapes}, ' +
        '{max-shapes} and {timing-cache} are filled in per build (docs/build-command.md).'),
    plan: schemas/* string */.YjP(expected(PLAN))
        .min(1, expected(PLAN))
        .default('{plan}')
        .describe('Where the command writes its plan ({plan}, the default: where trt-ci wants it).'),
}, expected('a mapping with command: and plan:'))
    .optional()
    .describe('Build plans with this command instead of trtexec (e.g. a Python script against the TensorRT wheel); trtexec ' +
    'still runs them unless run: names a command too.');
const RUN_COMMAND = 'a list of arguments like [python3, run_engine.py, "{request}"]';
const runCommand = schemas/* strictObject */.rej({
    command: schemas/* array */.YOg(fromEnv(schemas/* string */.YjP(expected('an argument')).min(1, expected('an argument'))), expected(RUN_COMMAND))
        .min(1, expected(RUN_COMMAND))
        .describe(`The program and its arguments, one per item (never a shell line; \${NAME} from the environment, as in ` +
        'build.command): {request} is filled in with the ' +
        "path of the run's request, a JSON file (docs/run-command.md)."),
}, expected('a mapping with command:'))
    .optional()
    .describe('Run the built plans with this command instead of trtexec (e.g. a script against the TensorRT Python ' +
    'runtime): the benchmark, the accuracy check and the latency A/B go through it (docs/run-command.md).');
/** A {name} placeholder; not the braces of ${NAME}, an environment variable (filled in from the job's). */
const PLACEHOLDER = /(?<!\$)\{([^{}]*)\}/g;
/** A {name} that is none of the placeholders, said with the nearest one. */
function unknownPlaceholder(text, path) {
    const known = new Set(BUILD_PLACEHOLDERS);
    const name = [...text.matchAll(PLACEHOLDER)].map((m) => m[1]).find((n) => !known.has(n));
    if (name === undefined)
        return [];
    const near = closest(name, BUILD_PLACEHOLDERS);
    const all = BUILD_PLACEHOLDERS.map((p) => `{${p}}`).join(', ');
    return [{ path, message: `{${name}} is not filled in${near ? `; did you mean {${near}}?` : ''} (one of ${all})` }];
}
/** A {name} in a run command other than {request}. */
function unknownRunPlaceholder(text, path) {
    const name = [...text.matchAll(PLACEHOLDER)].map((m) => m[1]).find((n) => n !== 'request');
    return name === undefined ? [] : [{ path, message: `{${name}} is not filled in (a run command has {request})` }];
}
/** A plan path that leaves trt-ci.yml's folder: absolute, or climbing out of it with `..`. */
function outsideTheRun(plan) {
    if (plan.startsWith('{plan}'))
        return false;
    if ((0,external_node_path_.isAbsolute)(plan) || /^[A-Za-z]:[\\/]/.test(plan))
        return true;
    let depth = 0;
    for (const part of plan.split(/[\\/]+/)) {
        if (part === '..')
            depth -= 1;
        else if (part !== '.' && part !== '')
            depth += 1;
        if (depth < 0)
            return true;
    }
    return false;
}
/**
 * Every {placeholder} is one trt-ci fills in, and nothing is asked of a build command that only trtexec does:
 * extra-args are trtexec flags, a combined plan is --profile=N, deploy-cost's variant is a trtexec flag.
 */
function buildCommandRule(raw, config) {
    const run = (raw.run?.command ?? []).flatMap((arg, i) => unknownRunPlaceholder(arg, ['run', 'command', i]));
    if (!raw.build)
        return run;
    const problems = [
        ...run,
        ...raw.build.command.flatMap((arg, i) => unknownPlaceholder(arg, ['build', 'command', i])),
        ...unknownPlaceholder(raw.build.plan, ['build', 'plan']),
    ];
    const refuse = (path, message) => problems.push({ path, message });
    // trt-ci moves the plan from there into output-dir: a path outside the run's folder moves a file it does not own.
    if (outsideTheRun(raw.build.plan))
        refuse(['build', 'plan'], `expected a path inside trt-ci.yml's folder (trt-ci moves the plan from there into output-dir), got ` +
            `"${raw.build.plan}"`);
    const flags = 'extra-args are trtexec build flags: with build: give the command its own arguments';
    const cost = 'deploy-cost builds its variant with a trtexec flag: it cannot go with build:';
    if (raw['extra-args'].length > 0)
        refuse(['extra-args'], flags);
    if (raw['deploy-cost'])
        refuse(['deploy-cost'], cost);
    raw.models.forEach((model, m) => {
        if ((model['extra-args'] ?? []).length > 0)
            refuse(['models', m, 'extra-args'], flags);
        if (model['deploy-cost'])
            refuse(['models', m, 'deploy-cost'], cost);
        if (config.models[m].engine !== 'per-profile')
            refuse(['models', m, 'engine'], 'a plan with every profile is built with --profile=N by trtexec: a build command builds one profile a plan');
    });
    return problems;
}

;// CONCATENATED MODULE: ./.build/tsc/config/cache-schema.js
// trt-ci.yml's engine cache keys (docs/cache.md): where it is, whom it serves, how long a run waits on it.





const PR_REPOSITORY = "oci://<registry>/<repository> for pull requests' entries";
/** A text that, when it starts with oci://, must be a reference a registry takes (cache/oci-client.ts). */
const ociOr = (schema) => schema.superRefine((text, context) => {
    const parsed = text.startsWith('oci:') ? parseOciReference(text.replace(VARIABLE, 'x')) : null;
    if (typeof parsed === 'string')
        context.addIssue({ code: 'custom', message: parsed });
});
/** How trt-ci.yml names the signing key: empty (unset) on every run that is not given the secret. */
const cache_schema_SECRET = '$' + '{TRT_CI_CACHE_KEY:-}';
const cacheKeys = {
    'cache-dir': fromEnv(ociOr(path('a cache folder, or oci://<registry>/<repository>')))
        .optional()
        .describe('An engine cache kept between runs (the timing cache and accuracy references too): a folder, or ' +
        'oci://<registry>/<repository> shared by a fleet (docs/cache.md).'),
    'cache-pr-repository': fromEnv(schemas/* string */.YjP(expected(PR_REPOSITORY)).superRefine((text, context) => {
        // oci://ghcr.io/${ORG}/trt-pr is checked by its own text here, and again once the environment filled it.
        const parsed = parseOciReference(text.replace(VARIABLE, 'x'));
        if (typeof parsed === 'string')
            context.addIssue({ code: 'custom', message: parsed });
    }))
        .optional()
        .describe("With an oci:// cache: where pull request runs push their own entries (they never write the default branch's)" +
        ', and read after it.'),
    'cache-timeout': duration
        .prefault('2m')
        .describe('With an oci:// cache: the most a run waits on the registry in all (answers and retries) before it ' +
        'builds without it; a hang, a refusal or a trickle gives it up at once (docs/cache.md).'),
    'cache-max-size': size.optional().describe('Least recently used engines are evicted above it.'),
    'cache-max-age': duration
        .optional()
        .describe("With an oci:// cache: this repository's entries pushed longer ago are deleted by default-branch runs."),
    'cache-trust': schemas/* enum */.k5n(['any', 'own-branch'], expected("any, or own-branch (pull requests' entries are not served to the default branch)"))
        .default('own-branch')
        .describe('own-branch: with cache-public-key only signed entries are served; without it the default branch is ' +
        'served none (docs/cache.md); any: every entry (runners that run one trust level of code).'),
    'cache-signing-key': fromEnv(schemas/* string */.YjP(expected(`an Ed25519 private key (PEM, or base64 PKCS#8) from a secret, like ${cache_schema_SECRET}`)))
        .optional()
        .describe(`Signs the entries this run stores: ${cache_schema_SECRET}, a secret only default-branch jobs receive ` +
        '(empty elsewhere; docs/cache.md).'),
    'cache-public-key': schemas/* string */.YjP(expected('an Ed25519 public key (PEM, or base64 SPKI)'))
        .optional()
        .describe("The signing key's public half: every run serves only cache entries it verifies."),
};

;// CONCATENATED MODULE: ./.build/tsc/config/consistency-schema.js
// trt-ci.yml's `consistency:` of a model: the checks that need no reference (docs/accuracy.md#consistency).


const consistency = schemas/* union */.KCZ([
    schemas/* strictObject */.rej({
        off: schemas/* string */.YjP(expected('why, as the report will say'))
            .min(1, expected('why'))
            .describe('Why the checks are off: the report says it where their results would be.'),
    }),
    schemas/* strictObject */.rej({
        'batch-dim': schemas/* number */.aig()
            .int()
            .min(0, expected('a dimension index: 0, 1, …'))
            .describe('Which dimension of the inputs is the batch (0: the leading one).'),
    }),
], expected('{ off: <why the checks are off> } or { batch-dim: <index> }'))
    .optional()
    .describe('The consistency checks (identical rows, a sample alone vs in a batch, the same run twice) run on every ' +
    'engine whose profile has a range: { off: <why> } turns them off, the reason in the report; ' +
    '{ batch-dim: N } names the batch dimension (default: the leading one, when dynamic and shared).');

;// CONCATENATED MODULE: ./.build/tsc/config/accuracy-schema.js
// trt-ci.yml's `accuracy:` (top-level, and a model's keys over it): the check of each engine against ONNX
// Runtime, and the shapes it runs at (docs/accuracy.md).



const share = /^\d+(\.\d+)?%$/;
const accuracy = schemas/* strictObject */.rej({
    inputs: schemas/* union */.KCZ([
        schemas/* literal */.euz('auto'),
        fromEnv(path('a folder of <input name>.npy samples or a .npz')),
        schemas/* record */.g1P(schemas/* string */.YjP().min(1), schemas/* strictObject */.rej({
            range: schemas/* tuple */.PVZ([schemas/* number */.aig(), schemas/* number */.aig()], expected('[low, high], like [0, 30521]'))
                .refine(([low, high]) => low <= high, expected('[low, high] with low <= high'))
                .describe('Seeded values of this input: whole numbers in [low, high], floats in [low, high).'),
        }, expected('{ range: [low, high] }'))),
    ], expected('auto (seeded random inputs), a folder of <input name>.npy samples, a .npz file, ' +
        'or seeded inputs with ranges like { input_ids: { range: [0, 30521] } }'))
        .optional()
        .describe('auto: seeded inputs, the same on every runner (floats in [-1, 1), integers and booleans in [0, 1]); ' +
        "a mapping { <input>: { range: [low, high] } } sets an input's range (a vocabulary); " +
        'or real samples: a folder of <input>.npy, or a .npz.'),
    reference: fromEnv(path('a .npz of reference outputs by output name'))
        .refine((file) => file.endsWith('.npz'), expected('a .npz file of reference outputs by output name'))
        .optional()
        .describe("Reference outputs you computed (a .npz by output name) instead of ONNX Runtime's."),
    shapes: schemas/* array */.YOg(schemas/* enum */.k5n(['min', 'opt', 'max', 'interior'], expected('min, opt, max or interior')), expected('a list like [opt] or [min, max, interior]'))
        .min(1, expected('at least one of min, opt, max, interior'))
        .optional()
        .describe("Which of each profile's shapes the engine is checked at: its corners, and interior (two seeded shapes " +
        'inside its range). Default: all four with seeded inputs, [opt] with samples (their shape).'),
    atol: schemas/* union */.KCZ([schemas/* number */.aig().min(0), schemas/* string */.YjP().regex(share)], expected("a number like 0.001, or a share of the output's largest value like 0.5%"))
        .optional()
        .describe("Absolute tolerance, or a share of the output's largest reference value (default by precision)."),
    rtol: schemas/* number */.aig(expected('a number like 0.001'))
        .min(0)
        .optional()
        .describe('Relative tolerance: an element fails only when it exceeds both atol and rtol (default by precision).'),
    cosine: schemas/* number */.aig(expected('a number like 0.999'))
        .min(-1)
        .max(1)
        .optional()
        .describe('The least cosine similarity of each output with the reference (default by precision).'),
    'top-k': schemas/* number */.aig(expected('a number of classes like 5'))
        .int()
        .min(1)
        .optional()
        .describe("For classifiers: the engine's top k classes must be the reference's."),
    'first-divergence': schemas/* boolean */.zMY(expected('true or false'))
        .optional()
        .describe('When the engine fails: build it once more with its tensors marked as outputs and name the first ' +
        'ONNX node whose output leaves the tolerance (default true; one extra build per failing engine).'),
}, expected('a mapping with inputs, reference, shapes, atol, rtol, cosine, top-k, first-divergence'))
    .refine((check) => check.reference === undefined || (typeof check.inputs === 'string' && check.inputs !== 'auto'), {
    error: 'expected inputs: the samples the reference was computed from (a folder or .npz), not auto',
    path: ['inputs'],
});

;// CONCATENATED MODULE: ./.build/tsc/config/stability-schema.js
// trt-ci.yml's `stability:`: rebuild each engine and measure how alike the builds are (docs/stability.md).


const stability = schemas/* strictObject */.rej({
    rebuilds: schemas/* number */.aig(expected('a number of rebuilds, 1 to 10'))
        .int(expected('a whole number of rebuilds'))
        .min(1, expected('at least 1 rebuild'))
        .max(10, expected('at most 10 rebuilds'))
        .default(2)
        .describe("How many more times each engine is built, with the run's timing cache (default 2)."),
}, expected('a mapping like { rebuilds: 2 }'))
    .optional()
    .describe('Rebuild each engine and certify how alike the builds are: the same bytes, the same tactic in every layer, ' +
    'the same outputs (measured, never inferred). Off unless set; each rebuild is a whole build.');

;// CONCATENATED MODULE: ./.build/tsc/config/schema.js
// The shape of trt-ci.yml: which keys each mapping takes, what each holds (the values of values.ts), its
// default, its description (the editor schema and docs/config.md are made from them), and which keys take
// ${NAME} from the environment (fromEnv: the one place that is said).













const budgets = schemas/* strictObject */.rej(Object.fromEntries(METRIC_NAMES.map((metric) => [metric, limit(metric).optional().describe(METRICS[metric].describe)])), expected('a mapping of budgets'));
const profile = schemas/* strictObject */.rej({
    name: values_name('profile').describe('Names the plan <model>.<profile>.plan: letters, digits, ".", "_", "-".'),
    shapes: schemas/* record */.g1P(schemas/* string */.YjP(), shapeRange, expected('a mapping of input name to { min, opt, max }'))
        .describe('Each input: { min, opt, max } like 1x3x640x640, or one shape for a static input.'),
}, expected('a profile with name and shapes'));
/** false; true: one --loadEngine run; ab: also interleaved runs against the base engine on the same GPU. */
const benchmark = schemas/* union */.KCZ([schemas/* boolean */.zMY(), schemas/* literal */.euz('ab')], expected('true, false, or ab (against the base engine, on the same GPU)'));
const deployTarget = schemas/* strictObject */.rej({
    name: values_name('target').describe('The target, as the matrix, its artifact and its load logs name it: letters, digits, ".", "_", "-".'),
    gpu: schemas/* string */.YjP(expected('a GPU model like L4 or H100'))
        .min(1)
        .optional()
        .describe("The GPU model, like L4 (its compute capability comes from docs/deploy.md's table)."),
    'compute-capability': schemas/* string */.YjP(expected('a compute capability like "8.9"'))
        .regex(/^\d+\.\d+$/, expected('a compute capability like "8.9"'))
        .optional()
        .describe("The GPU's compute capability, for a GPU the table does not know."),
    tensorrt: schemas/* string */.YjP(expected('a TensorRT version like "10.3" or "10.3.0.26"'))
        .regex(/^\d+(\.\d+){0,3}$/, expected('a TensorRT version like "10.3" or "10.3.0.26"'))
        .optional()
        .describe("The target's TensorRT runtime (default: the builder's)."),
    os: schemas/* enum */.k5n(['linux', 'windows'], expected('linux or windows'))
        .default('linux')
        .describe('The OS the plan is loaded on.'),
    'runs-on': schemas/* array */.YOg(schemas/* string */.YjP().min(1), expected('runner labels like [self-hosted, linux, l4]'))
        .optional()
        .describe("Runner labels of the target, for the pack's deploy job (a load on real hardware)."),
}, expected('a mapping with name, gpu or compute-capability, tensorrt, os, runs-on'));
const deploy = schemas/* array */.YOg(deployTarget, expected('a list of deploy targets like [{ name: edge-l4, gpu: L4 }]'))
    .describe('Where the engines ship: each engine gets a load prediction per target (docs/deploy.md).');
const model = schemas/* strictObject */.rej({
    name: values_name('model').describe('Names its plans and logs: letters, digits, ".", "_", "-".'),
    onnx: fromEnv(path('an ONNX file')).describe('The ONNX file, relative to trt-ci.yml; it must exist (not an LFS pointer).'),
    precision: schemas/* enum */.k5n(PRECISIONS, expected(`one of ${PRECISIONS.join(', ')}`, (input) => {
        const lower = String(input).toLowerCase().replace(/_/g, '-');
        return PRECISIONS.includes(lower) ? lower : null;
    }))
        .optional()
        .describe('Mapped to the flags of the detected TensorRT; fp16 on TensorRT 11 builds an FP16 ONNX trt-ci writes. ' +
        'A config error where that version has none.'),
    'keep-fp32': schemas/* array */.YOg(schemas/* string */.YjP(expected('an ONNX node name')).min(1, expected('an ONNX node name')), expected('a list of ONNX node names'))
        .optional()
        .describe('ONNX nodes kept in FP32 in an fp16 engine (an unnamed node is node_of_<its first output>): ' +
        '--layerPrecisions on TensorRT <= 10, the written FP16 ONNX on 11 (docs/accuracy.md).'),
    'precision-search': precisionSearch
        .optional()
        .describe('When this fp16 or bf16 engine fails its gate, find the keep-fp32 list to paste (docs/accuracy.md).'),
    plugins: schemas/* array */.YOg(fromEnv(path('a plugin library')), expected('a list of plugin library paths'))
        .optional()
        .describe('Plugin libraries (--staticPlugins, or --plugins before 8.6).'),
    'dynamic-plugins': schemas/* array */.YOg(fromEnv(path('a plugin library')), expected('a list of plugin library paths'))
        .optional()
        .describe('Plugin libraries loaded with --dynamicPlugins (8.6+); they must export getCreators.'),
    profiles: schemas/* array */.YOg(profile, expected('a list of profiles'))
        .min(1, expected('at least one profile'))
        .describe('Optimization profiles: one trtexec build each.'),
    'extra-args': extraArgs.optional().describe('trtexec flags for this model, after the top-level ones.'),
    benchmark: benchmark
        .optional()
        .describe("This model's benchmark: true, false or ab (the top-level value otherwise)."),
    budgets: budgets.optional().describe("This model's budgets, metric by metric over the top-level ones."),
    deploy: deploy.optional().describe("This model's deploy targets (the top-level list otherwise)."),
    'deploy-cost': schemas/* boolean */.zMY(expected('true or false'))
        .optional()
        .describe("This model's deploy-cost (the top-level one otherwise)."),
    accuracy: schemas/* union */.KCZ([schemas/* literal */.euz(false), accuracy], expected('false, or an accuracy check like { top-k: 5 }'))
        .optional()
        .describe("This model's accuracy check: its keys over the top-level one's, key by key; false: this model is not checked."),
    consistency: consistency,
    engine: schemas/* enum */.k5n(['per-profile', 'combined', 'both'], expected('per-profile (a plan per profile), combined (one plan with every profile), or both'))
        .optional()
        .describe('per-profile: a plan per profile; combined: one plan with every profile (--profile=N, 10.0+); both.'),
    // A model that needs more (or must not wait as long) than the others: the top-level value otherwise.
    workspace: workspace.optional().describe("This model's first workspace (the top-level value otherwise)."),
    'min-workspace': workspace.optional().describe("Where this model's out-of-memory back-off stops."),
    'build-timeout': duration.optional().describe("This model's time per build attempt."),
}, expected('a model with name, onnx and profiles'));
const configSchema = schemas/* strictObject */.rej({
    trtexec: fromEnv(schemas/* string */.YjP(expected('a command or path')).min(1))
        .default('trtexec')
        .describe('trtexec: a command on PATH or a path (/usr/src/tensorrt/bin/trtexec).'),
    'nvidia-smi': fromEnv(schemas/* string */.YjP(expected('a command or path')).min(1))
        .default('nvidia-smi')
        .describe('nvidia-smi; without it builds run unpinned, one at a time, without memory figures.'),
    'output-dir': fromEnv(path('a folder'))
        .default('trt-engines')
        .describe('Plans, layer info, logs/, manifest.json, report.json and summary.md.'),
    workspace: workspace.prefault('4GiB').describe('The first workspace tried (--memPoolSize=workspace:<MiB>).'),
    'min-workspace': workspace
        .prefault('512MiB')
        .describe('The out-of-memory back-off halves the workspace down to this.'),
    'timing-cache': schemas/* union */.KCZ([fromEnv(path('a timing cache file')), schemas/* literal */.euz(false)], expected('a path, or false for none'))
        .default('.trt-ci/timing.cache')
        .describe('The --timingCacheFile every build starts from (each on its own copy); false for none.'),
    'build-timeout': duration.prefault('45m').describe("Per attempt; then the build's process group gets TERM."),
    'kill-grace': duration.prefault(`${DEFAULT_KILL_GRACE_MS / 1000}s`).describe('Time between TERM and KILL.'),
    'max-parallel': schemas/* number */.aig(expected('a number of builds like 2'))
        .int()
        .min(1)
        .optional()
        .describe('Builds at once (default one per GPU); more than the GPUs shares GPUs between builds.'),
    gpus: schemas/* union */.KCZ([schemas/* literal */.euz('all'), schemas/* array */.YOg(schemas/* number */.aig().int().min(0), expected('a GPU index like 0')).min(1)], expected('"all" or a list of GPU indices like [0, 1]'))
        .default('all')
        .describe('all, or GPU indices like [0, 1]; one build per GPU at a time.'),
    benchmark: benchmark
        .default(false)
        .describe('true: load each plan once and record latency; ab: also an interleaved A/B against the base engine.'),
    // The base engines of benchmark: ab, as the base branch's job uploaded them (<model>.<profile>.plan).
    'base-plans': fromEnv(path('a folder of base plans'))
        .optional()
        .describe("For benchmark: ab, the folder of the base branch's plans (<model>.<profile>.plan); it must be there " +
        '(a download step that found nothing is exit 2, not an A/B switched off).'),
    // Allows building a base engine from the base commit's ONNX (git show <ref>:<onnx>) when none is found.
    'base-ref': fromEnv(schemas/* string */.YjP(expected('a git ref like origin/main or a commit'))
        .min(1, expected('a git ref like origin/main or a commit')))
        .superRefine((ref, ctx) => {
        // ${BASE_SHA:-HEAD~1} is checked here by its own text, and again once the environment filled it in.
        const problem = refProblem(ref.replace(VARIABLE, 'x'));
        if (problem)
            ctx.addIssue({
                code: 'custom',
                message: `expected a git ref like origin/main, v1.2, HEAD~1 or a commit; ${problem}`,
            });
    })
        .optional()
        .describe('For benchmark: ab, allows building the base engine from the ONNX at this git ref.'),
    'extra-args': extraArgs
        .default([])
        .describe("trtexec flags for every build, one per item; checked against this trtexec's --help."),
    build: buildCommand,
    run: runCommand,
    budgets: budgets.optional().describe("Budgets for every model; a model's budgets override them metric by metric."),
    stability: stability,
    // The accuracy check for every model that sets none of its own.
    accuracy: accuracy
        .optional()
        .describe("Check each engine's outputs against ONNX Runtime's (the default for every model)."),
    deploy: deploy.optional(),
    'deploy-cost': schemas/* boolean */.zMY(expected('true or false'))
        .optional()
        .describe('Also build each engine with --hardwareCompatibilityLevel=ampere+ and A/B it against the native one.'),
    cuda: schemas/* string */.YjP(expected('a CUDA version like "12.4"'))
        .regex(/^\d+(\.\d+){0,2}$/, expected('a CUDA version like "12.4"'))
        .optional()
        .describe('The CUDA of your TensorRT build, when trt-ci cannot read it from trtexec or the machine.'),
    'min-driver': schemas/* string */.YjP(expected('a driver version like "535.104.05"'))
        .regex(/^\d+(\.\d+){0,2}$/, expected('a driver version like "535.104.05"'))
        .optional()
        .describe('A driver your team pins: preflight fails below it instead of the CUDA floor.'),
    'expect-gpu': schemas/* array */.YOg(schemas/* string */.YjP(expected('a GPU model like A100')).min(1), expected('a list of GPU models like [A100, H100]'))
        .default([])
        .describe('GPU models the runner must have, like [A100, H100].'),
    'min-free-disk': size.prefault('20GiB').describe('Free space needed at output-dir.'),
    'skip-checks': schemas/* array */.YOg(schemas/* enum */.k5n(CHECK_IDS, expected(`a preflight check id: ${CHECK_IDS.join(', ')}`)), expected('a list of preflight check ids'))
        .default([])
        .describe(`Preflight checks to skip: ${CHECK_IDS.join(', ')}.`),
    ...cacheKeys,
    preflight: schemas/* enum */.k5n(['enforce', 'warn-only'], expected('enforce (a failed check stops the builds) or warn-only'))
        .default('enforce')
        .describe('enforce: a failed check stops the builds; warn-only builds anyway.'),
    models: schemas/* array */.YOg(model, expected('a list of models'))
        .min(1, expected('at least one model'))
        .describe('The models to build: each an ONNX file and its optimization profiles.'),
}, expected('a trt-ci.yml mapping'));

;// CONCATENATED MODULE: ./.build/tsc/config/environment.js



/** The config with `${NAME}` filled in, and each key whose names are unset. */
function withEnvironment(raw, env) {
    const problems = [];
    const filled = structuredClone(raw);
    for (const { path, text } of envValues(configSchema, raw)) {
        const { value, unset } = expandEnv(text, env);
        if (unset.length > 0)
            problems.push({ path, message: unsetMessage(text, unset) });
        setAt(filled, path, value);
    }
    return { raw: filled, problems };
}
function setAt(root, path, value) {
    let at = root;
    for (const step of path.slice(0, -1))
        at = at[step];
    at[path.at(-1)] = value;
}

;// CONCATENATED MODULE: ./.build/tsc/config/messages.js




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
 * A union that failed reports each branch; when one branch got further into the value (a bad `warn:` inside
 * `{ warn, fail }`), its issue says more than "none of the forms matched". A branch with an unknown key says
 * most: the key it does not know is why the key it needs is missing (`maks:` for `max:`).
 */
function deepest(issue) {
    if (issue.code !== 'invalid_union')
        return issue;
    const inner = issue.errors
        .flat()
        .map((nested) => deepest({ ...nested, path: [...issue.path, ...nested.path] }));
    const unknown = inner.find((i) => i.code === 'unrecognized_keys');
    if (unknown)
        return unknown;
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
/** The closest key the mapping at `path` takes, or the keys it takes. */
function suggest(key, path) {
    const known = keysAt(configSchema, path);
    const close = closest(key, known);
    return close ? `; did you mean ${JSON.stringify(close)}?` : `; expected one of ${known.join(', ')}`;
}

;// CONCATENATED MODULE: ./.build/tsc/config/accuracy.js
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
/** The shapes an accuracy check with seeded inputs runs at, unless told. */
const SWEEP = ['opt', 'min', 'max', 'interior'];
function defaultsFor(precision) {
    if (precision === 'fp16')
        return DEFAULTS.fp16;
    if (precision === 'bf16')
        return DEFAULTS.bf16;
    if (precision === 'int8' || precision === 'fp8' || precision === 'best')
        return DEFAULTS.quantized;
    return DEFAULTS.fp32;
}
/**
 * A model's consistency checks: off with its reason, the batch dimension it names, and the tolerances of its
 * precision (a strongly typed network: its tensors' own float type) for a model with no accuracy check.
 */
function resolveConsistency(raw, precision, networkFloat) {
    const typed = precision === null || precision === 'fp32' || precision === 'strongly-typed';
    const { atol, rtol } = defaultsFor((typed && networkFloat()) || precision);
    return {
        off: raw && 'off' in raw ? raw.off : null,
        batchDim: raw && 'batch-dim' in raw ? raw['batch-dim'] : null,
        tolerance: { atol, rtol },
    };
}
/**
 * The check a model gets: the top-level `accuracy:` with the model's own keys over it (key by key, as budgets
 * merge), else none; gaps from the defaults. A
 * strongly typed network (no precision flag, or strongly-typed) computes in its tensors' own type: an FP16 or
 * BF16 network gets that precision's defaults.
 */
function resolveAccuracy(own, top, precision, 
/** Paths in trt-ci.yml are relative to its folder. */
resolvePath, 
/** The network's narrowest float type, read from the ONNX only when a default needs it. */
networkFloat = () => null) {
    const raw = own && top ? { ...top, ...own } : (own ?? top);
    if (!raw)
        return null;
    const typed = precision === null || precision === 'fp32' || precision === 'strongly-typed';
    const defaults = defaultsFor((typed && networkFloat()) || precision);
    const atol = raw.atol === undefined
        ? defaults.atol
        : typeof raw.atol === 'number'
            ? { absolute: raw.atol }
            : { shareOfMax: Number(raw.atol.slice(0, -1)) / 100 };
    return {
        inputs: raw.inputs === undefined || raw.inputs === 'auto'
            ? 'auto'
            : typeof raw.inputs === 'object'
                ? { ranges: Object.fromEntries(Object.entries(raw.inputs).map(([name, { range }]) => [name, range])) }
                : raw.inputs.endsWith('.npz')
                    ? { npz: resolvePath(raw.inputs) }
                    : { folder: resolvePath(raw.inputs) },
        reference: raw.reference === undefined ? null : resolvePath(raw.reference),
        // Seeded inputs sweep the range (its corners and two shapes inside it); samples have the one shape they have.
        shapes: raw.shapes ??
            (raw.inputs === undefined || raw.inputs === 'auto' || typeof raw.inputs === 'object' ? SWEEP : ['opt']),
        atol,
        rtol: raw.rtol ?? defaults.rtol,
        cosine: raw.cosine ?? defaults.cosine,
        topK: raw['top-k'] ?? null,
        firstDivergence: raw['first-divergence'] ?? true,
    };
}

;// CONCATENATED MODULE: ./.build/tsc/config/model-files.js
// What a model's files say before any build: whether its ONNX can be read at all (missing, not a regular
// file, unreadable, a Git LFS pointer), and whether the profiles shape the inputs the ONNX really has.





/**
 * The profiles' shapes against the model's own inputs, before any build: an input the model does not have
 * (with the closest name), a shape of another rank, a fixed dimension given another size, a dynamic input
 * a profile leaves out; and the accuracy check's input ranges (at `rangesAt`): an input the model lacks, a
 * range an integer input cannot hold. Each at its place; the message lists the model's inputs. A file that
 * does not parse as ONNX is left to trtexec, whose parser says why.
 */
function modelInputProblems(model, m, count, rangesAt) {
    let inputs;
    try {
        // Read at offsets: the graph's inputs, never its weights (a model can be gigabytes).
        inputs = readOnnxIo(model.onnx).inputs;
    }
    catch {
        return [];
    }
    if (inputs.length === 0)
        return [];
    const listed = `the model's inputs: ${inputs.map(describeInput).join(', ')}`;
    const problems = [];
    const ranges = model.accuracy && typeof model.accuracy.inputs === 'object' && 'ranges' in model.accuracy.inputs;
    for (const [name, [low, high]] of Object.entries(ranges ? model.accuracy.inputs.ranges : {})) {
        const input = inputs.find((i) => i.name === name);
        const near = input
            ? null
            : closest(name, inputs.map((i) => i.name));
        const problem = !input
            ? `expected an input of the model, got "${name}"${near ? ` (did you mean "${near}"?)` : ''}; ${listed}`
            : rangeProblem(input.type, low, high);
        if (problem)
            problems.push({ path: [...rangesAt, name], message: problem });
    }
    model.profiles.slice(0, count).forEach((profile, p) => {
        if (profile.shapes.length === 0)
            return;
        const at = (...rest) => ['models', m, 'profiles', p, 'shapes', ...rest];
        for (const range of profile.shapes) {
            const input = inputs.find((i) => i.name === range.input);
            if (!input) {
                const near = closest(range.input, inputs.map((i) => i.name));
                problems.push({
                    path: at(range.input),
                    message: `expected an input of the model, got "${range.input}"` +
                        `${near ? ` (did you mean "${near}"?)` : ''}; ${listed}`,
                });
                continue;
            }
            if (range.min.length !== input.dims.length) {
                problems.push({
                    path: at(range.input),
                    message: `expected ${input.dims.length} dimensions, as the model's ${describeInput(input)}, ` +
                        `got ${range.min.join('x')} (${range.min.length})`,
                });
                continue;
            }
            for (const which of ['min', 'opt', 'max']) {
                const wrong = input.dims.findIndex((d, i) => d !== null && range[which][i] !== d);
                if (wrong >= 0) {
                    problems.push({
                        path: at(range.input),
                        message: `expected dimension ${wrong} to be ${input.dims[wrong]}, fixed in the model's ${describeInput(input)}, ` +
                            `got ${which} ${range[which].join('x')}`,
                    });
                    break;
                }
            }
        }
        for (const input of inputs) {
            if (input.dims.some((d) => d === null) && !profile.shapes.some((s) => s.input === input.name)) {
                problems.push({
                    path: ['models', m, 'profiles', p, 'shapes'],
                    message: `expected a shape for each dynamic input, got none for ${describeInput(input)}; ${listed}`,
                });
            }
        }
    });
    return problems;
}
/** The narrowest float type among the network's inputs and outputs (bf16, then fp16), or null. */
function networkFloatType(onnx) {
    let types;
    try {
        const io = readOnnxIo(onnx);
        types = [...io.inputs, ...io.outputs].map((v) => v.type);
    }
    catch {
        return null;
    }
    return types.includes('bfloat16') ? 'bf16' : types.includes('float16') ? 'fp16' : null;
}
/** Why an input of this type cannot take values in [low, high], or null. */
function rangeProblem(type, low, high) {
    if (!isElementType(type) || !isIntegral(type))
        return null;
    const [least, most] = INTEGRAL_LIMITS[type];
    if (!Number.isInteger(low) || !Number.isInteger(high)) {
        return `expected whole numbers for the ${type} input, got [${low}, ${high}]`;
    }
    if (low < least || high > most)
        return `expected a range within ${type}'s [${least}, ${most}], got [${low}, ${high}]`;
    return null;
}
/** Git LFS leaves this small text file in place of the content when LFS files were not checked out. */
const LFS_POINTER = 'version https://git-lfs.github.com/spec/v1';
/**
 * Why a model's ONNX cannot be built, or null: missing, not a regular file, unreadable (said before any
 * build, not as a failed build of kind other), or a Git LFS pointer left by a checkout without LFS.
 */
function onnxProblem(path) {
    const head = Buffer.alloc(LFS_POINTER.length);
    try {
        // Only a regular file is opened: opening a named pipe would wait for a writer.
        const irregular = (0,errors/* notRegularFile */.s5)((0,external_node_fs_.statSync)(path), 'an ONNX file');
        if (irregular)
            return ` which ${irregular.replace(/^not/, 'is not').replace(/, expected .*$/, '')} (${path})`;
        const fd = (0,external_node_fs_.openSync)(path, 'r');
        try {
            (0,external_node_fs_.readSync)(fd, head, 0, head.length, 0);
        }
        finally {
            (0,external_node_fs_.closeSync)(fd);
        }
    }
    catch (error) {
        const code = error.code;
        return code === 'ENOENT'
            ? ` which does not exist (${path})`
            : ` which cannot be read: ${(0,errors/* fileProblem */.Wj)(error, 'an ONNX file')} (${path})`;
    }
    return head.toString('latin1') === LFS_POINTER
        ? ', a Git LFS pointer: the model itself was not fetched (check out with lfs: true, or run git lfs pull)'
        : null;
}

;// CONCATENATED MODULE: ./.build/tsc/config/resolve.js
// A parsed trt-ci.yml resolved into the Config the stages take: paths absolute (relative to trt-ci.yml's
// folder), a model's settings over the top-level ones over the defaults, shapes as numbers.








function resolveConfig(raw, dir, file, locators) {
    const at = (p) => ((0,external_node_path_.isAbsolute)(p) ? p : (0,external_node_path_.resolve)(dir, p));
    const command = (c) => (c.includes('/') ? at(c) : c);
    const inDir = (arg) => resolveFlagPaths(arg, dir, (base, p) => ((0,external_node_path_.isAbsolute)(p) ? p : (0,external_node_path_.resolve)(base, p)));
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
        stability: raw.stability ? { rebuilds: raw.stability.rebuilds } : null,
        cacheDir: raw['cache-dir'] === undefined || raw['cache-dir'].startsWith('oci:') ? null : at(raw['cache-dir']),
        cacheRegistry: raw['cache-dir']?.startsWith('oci:')
            ? { primary: raw['cache-dir'], pr: raw['cache-pr-repository'] ?? null }
            : null,
        cacheMaxAgeMs: raw['cache-max-age'] ?? null,
        cacheTimeoutMs: raw['cache-timeout'],
        basePlans: raw['base-plans'] === undefined ? null : at(raw['base-plans']),
        baseRef: raw['base-ref'] ?? null,
        cacheMaxBytes: raw['cache-max-size'] ?? null,
        cacheTrust: raw['cache-trust'],
        cacheSigningKey: raw['cache-signing-key'] || null,
        cachePublicKey: raw['cache-public-key'] || null,
        extraArgs: raw['extra-args'].map(inDir),
        build: raw.build
            ? { command: [command(raw.build.command[0]), ...raw.build.command.slice(1)], plan: raw.build.plan }
            : null,
        run: raw.run ? { command: [command(raw.run.command[0]), ...raw.run.command.slice(1)] } : null,
        models: raw.models.map((m) => ({
            name: m.name,
            onnx: at(m.onnx),
            precision: m.precision ?? null,
            keepFp32: m['keep-fp32'] ?? [],
            precisionSearch: precisionSearchOf(m['precision-search']),
            plugins: (m.plugins ?? []).map(at),
            dynamicPlugins: (m['dynamic-plugins'] ?? []).map(at),
            extraArgs: [...raw['extra-args'], ...(m['extra-args'] ?? [])].map(inDir),
            benchmark: m.benchmark ?? raw.benchmark,
            engine: m.engine ?? 'per-profile',
            accuracy: m.accuracy === false || (m.accuracy ?? raw.accuracy) === undefined
                ? null
                : resolveAccuracy(m.accuracy, raw.accuracy, m.precision ?? null, at, () => networkFloatType(at(m.onnx))),
            accuracyOff: m.accuracy === false,
            consistency: resolveConsistency(m.consistency, m.precision ?? null, () => networkFloatType(at(m.onnx))),
            workspaceBytes: m.workspace ?? raw.workspace,
            minWorkspaceBytes: m['min-workspace'] ?? raw['min-workspace'],
            buildTimeoutMs: m['build-timeout'] ?? raw['build-timeout'],
            deployOwn: m.deploy !== undefined,
            deployCost: m['deploy-cost'] ?? raw['deploy-cost'] ?? false,
            deploy: (m.deploy ?? raw.deploy ?? []).map(resolveTarget),
            budgets: {
                ...DEFAULT_BUDGETS,
                ...((m.benchmark ?? raw.benchmark) === 'ab' && AB_BUDGETS),
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
/** A deploy target of trt-ci.yml, its GPU's compute capability from the table when not given. */
function resolveTarget(t) {
    return {
        name: t.name,
        gpu: t.gpu ?? null,
        computeCapability: t['compute-capability'] ?? (t.gpu ? computeCapabilityOf(t.gpu) : null),
        tensorrt: t.tensorrt ?? null,
        os: t.os,
        runsOn: t['runs-on'] ?? null,
    };
}
/** precision-search: true (at most 32 builds, no time bound), { max-builds: N, max-time: D }, or off. */
function precisionSearchOf(raw) {
    if (!raw)
        return null;
    const given = raw === true ? {} : raw;
    return { maxBuilds: given['max-builds'] ?? config_DEFAULT_PRECISION_MAX_BUILDS, maxMs: given['max-time'] ?? null };
}

;// CONCATENATED MODULE: ./.build/tsc/config/cache-rules.js
// The rules of trt-ci.yml's engine cache keys (cache-schema.ts): keys that parse, references the environment
// filled in that a registry takes, and registry keys only with a registry.



/**
 * The signing and public keys parse as Ed25519 keys (said without the key's text: it may be a secret), and a
 * public key is not set beside `cache-trust: any`, which serves every entry: the key would check nothing.
 */
const cacheKeyProblems = (config) => [
    ...(config.cacheTrust === 'any' && config.cachePublicKey
        ? [
            {
                path: ['cache-trust'],
                message: 'is any, which serves every entry unchecked, beside cache-public-key, which would serve only the ' +
                    'entries it verifies: remove cache-trust: any (the key decides), or the key',
            },
        ]
        : []),
    ...[
        ['cache-signing-key', 'private', config.cacheSigningKey],
        ['cache-public-key', 'public', config.cachePublicKey],
    ].flatMap(([field, kind, text]) => {
        if (!text)
            return [];
        try {
            parseCacheKey(text, kind);
            return [];
        }
        catch (error) {
            const what = kind === 'private' ? 'an Ed25519 private key (PEM, or base64 PKCS#8)' : 'an Ed25519 public key';
            return [{ path: [field], message: `expected ${what}: ${(0,errors/* errorMessage */.gJ)(error).split('\n')[0]}` }];
        }
    }),
];
/** The names a loopback host goes by: one registry on this machine, whichever the reference spells. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
/** Docker Hub's names for its registry. */
const DOCKER_HUB = new Set(['docker.io', 'index.docker.io', 'registry-1.docker.io']);
/**
 * A registry reference as the registry it reaches: the host in lower case, a loopback or Docker Hub name as one,
 * the scheme's default port (443, or 80 for plain HTTP) dropped. Two spellings of one repository compare equal.
 */
function registryIdentity(ref) {
    const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(ref.registry.toLowerCase());
    const [host, port] = match ? [match[1], match[2] ?? null] : [ref.registry.toLowerCase(), null];
    const name = LOOPBACK.has(host) ? 'loopback' : DOCKER_HUB.has(host) ? 'docker.io' : host;
    const given = port === null || port === (ref.plainHttp ? '80' : '443') ? '' : `:${port}`;
    return `${name}${given}/${ref.repository}`;
}
/** The registry keys go with an oci:// cache: set without one they would be silently unused. */
const registryKeyProblems = (raw, config) => config.cacheRegistry
    ? registryReferences(config.cacheRegistry)
    : ['cache-pr-repository', 'cache-max-age']
        .filter((key) => raw[key] !== undefined)
        .map((key) => ({
        path: [key],
        message: `${key} applies to an oci:// cache: set cache-dir: to oci://<registry>/<repository>, or remove it`,
    }));
/**
 * The references as the environment filled them in (`${NAME}` was checked by its text alone), and a pull
 * requests' repository that is not the default branch's own: it would let them write what the default branch
 * is served.
 */
function registryReferences(registry) {
    const problems = [];
    const parsed = (text, key) => {
        const ref = parseOciReference(text);
        if (typeof ref === 'string')
            problems.push({ path: [key], message: `${ref} (got "${text}")` });
        return typeof ref === 'string' ? null : ref;
    };
    const primary = parsed(registry.primary, 'cache-dir');
    const pr = registry.pr === null ? null : parsed(registry.pr, 'cache-pr-repository');
    // Compared as the registry each reaches: another spelling of the same host is the same repository.
    if (primary && pr && registryIdentity(pr) === registryIdentity(primary))
        problems.push({
            path: ['cache-pr-repository'],
            message: `is cache-dir: itself (${formatOciReference(pr)} reaches ${formatOciReference(primary)}): pull ` +
                "requests would write the default branch's cache; name a repository of their own " +
                '(oci://<registry>/<repository>-pr)',
        });
    return problems;
}

;// CONCATENATED MODULE: ./.build/tsc/config/precision-rules.js
// The rules of a model's precision: keep-fp32 and precision-search, how they go with precision: and extra-args,
// and whether the nodes keep-fp32 names are in the model's graph.




/**
 * keep-fp32 names nodes of the model's graph (a typo is a config error, not a node silently left FP16),
 * goes with precision: fp16, and does not fight --layerPrecisions in extra-args. trtexec splits the list at
 * ',' and strips quotes: a name with either cannot be passed.
 */
const UNPASSABLE = /[,']/;
/** precision-search searches an fp16 or bf16 engine's keep-fp32 list by its accuracy gate: it needs both. */
const searchable = (raw, config) => raw.models.flatMap((model, m) => {
    if (!model['precision-search'])
        return [];
    const resolved = config.models[m];
    const missing = [
        ...(narrowOf(resolved.precision) ? [] : ['precision: fp16 or bf16']),
        ...(resolved.accuracy === null ? ['an accuracy: check'] : []),
    ];
    return missing.length === 0
        ? []
        : [{ path: ['models', m, 'precision-search'], message: `precision-search needs ${missing.join(' and ')}` }];
});
const keptNodes = (raw, config) => raw.models.flatMap((model, m) => {
    const keep = model['keep-fp32'] ?? [];
    if (keep.length === 0)
        return [];
    const at = ['models', m, 'keep-fp32'];
    const resolved = config.models[m];
    if (!narrowOf(resolved.precision)) {
        const got = resolved.precision ? `precision: ${resolved.precision}` : 'no precision';
        return [
            {
                path: at,
                message: `keep-fp32 keeps nodes out of FP16 or BF16: it needs precision: fp16 or bf16, got ${got}`,
            },
        ];
    }
    const pinned = resolved.extraArgs.find((a) => /^--(layerPrecisions|precisionConstraints)(=|$)/.test(a));
    if (pinned)
        return [{ path: at, message: `keep-fp32 sets --layerPrecisions itself: remove ${pinned} from extra-args` }];
    return keep.flatMap((name, i) => UNPASSABLE.test(name)
        ? [{ path: [...at, i], message: `expected a node name without "," or "'", got "${name}"` }]
        : []);
});
/** Each keep-fp32 name is a node of the model's graph (or of an If/Loop body in it); a near miss is named. */
const keptNodesExist = (raw, config) => raw.models.flatMap((model, m) => {
    const keep = model['keep-fp32'] ?? [];
    if (keep.length === 0 || onnxProblem(config.models[m].onnx))
        return [];
    let nodes;
    try {
        const graph = onnxGraphOf(config.models[m].onnx);
        nodes = [...graph.nodes, ...(graph.subgraphNodes ?? [])];
    }
    catch {
        return [];
    }
    const known = new Set(nodes);
    return keep.flatMap((name, i) => {
        if (known.has(name) || UNPASSABLE.test(name))
            return [];
        const near = closest(name, nodes);
        const hint = near ? `; did you mean ${near}?` : ` (an unnamed node is node_of_<its first output>)`;
        return [
            { path: ['models', m, 'keep-fp32', i], message: `expected a node of ${model.onnx}, got "${name}"${hint}` },
        ];
    });
});

;// CONCATENATED MODULE: ./.build/tsc/config/rules.js
// Rules that span fields: the schema checks each value, these check how values fit together and what they
// name on disk. Each rule is a function of the parsed text and the resolved config; every problem of every
// rule is said in one run. Rules that read files are skipped where the files are not meant to be there (a
// deploy target's runner has the plans, not the models).












/** A deploy target's GPU must be one the table knows, or come with its compute capability, which must agree. */
const deployTargets = (raw) => {
    const lists = [
        [raw.deploy, ['deploy']],
        ...raw.models.map((m, i) => [m.deploy, ['models', i, 'deploy']]),
    ];
    return lists.flatMap(([list, at]) => (list ?? []).flatMap((t, i) => {
        const known = t.gpu ? computeCapabilityOf(t.gpu) : null;
        if (!t.gpu && !t['compute-capability']) {
            return [{ path: [...at, i], message: 'expected gpu: (a GPU model like L4) or compute-capability:' }];
        }
        if (t.gpu && !known && !t['compute-capability']) {
            const near = closest(t.gpu, Object.keys(GPU_COMPUTE));
            const message = `expected a GPU model trt-ci knows (${Object.keys(GPU_COMPUTE).join(', ')}) or compute-capability:, ` +
                `got "${t.gpu}"${near ? ` (did you mean "${near}"?)` : ''}`;
            return [{ path: [...at, i, 'gpu'], message }];
        }
        if (known && t['compute-capability'] && known !== t['compute-capability']) {
            const message = `expected ${known}, the compute capability of ${t.gpu}, got "${t['compute-capability']}"`;
            return [{ path: [...at, i, 'compute-capability'], message }];
        }
        return [];
    }));
};
/** A base-ref from the environment is held to what its own text is: one commit, nothing git reads as more. */
const baseRef = (_raw, config) => {
    const problem = config.baseRef && refProblem(config.baseRef);
    return problem
        ? [{ path: ['base-ref'], message: `expected a git ref like origin/main or a commit; ${problem}` }]
        : [];
};
/** The back-off stops at min-workspace: it must not be above the workspace it starts from. */
const workspaces = (raw, config) => {
    const problems = [];
    if (raw['min-workspace'] > raw.workspace) {
        problems.push({
            path: ['min-workspace'],
            message: `expected at most workspace (${raw.workspace} bytes), got ${raw['min-workspace']} bytes`,
        });
    }
    raw.models.forEach((model, m) => {
        const own = model.workspace !== undefined || model['min-workspace'] !== undefined;
        const { minWorkspaceBytes, workspaceBytes } = config.models[m];
        if (own && minWorkspaceBytes > workspaceBytes) {
            problems.push({
                path: ['models', m, model['min-workspace'] !== undefined ? 'min-workspace' : 'workspace'],
                message: `expected min-workspace (${minWorkspaceBytes} bytes) at most workspace ` +
                    `(${workspaceBytes} bytes) for this model`,
            });
        }
    });
    return problems;
};
/**
 * Files extra-args has trtexec read (--calib, --loadInputs, …) must be there: a missing calibration cache
 * built silently with placeholder scales. A model's extra-args are the top-level ones, then its own.
 */
const filesFlagsRead = (_raw, config) => {
    const missing = (args, at) => args.flatMap((arg, i) => {
        const read = filesReadBy(arg);
        return (read?.files ?? [])
            .filter((file) => !(0,external_node_fs_.existsSync)(file))
            .map((file) => ({
            path: at(i),
            message: `expected the file ${read.flag} reads, got ${file}, which does not exist`,
        }));
    });
    return [
        ...missing(config.extraArgs, (i) => ['extra-args', i]),
        ...config.models.flatMap((model, m) => missing(model.extraArgs.slice(config.extraArgs.length), (i) => ['models', m, 'extra-args', i])),
    ];
};
/** What a path must be: a folder, or a file trt-ci reads. */
function pathProblem(path, want) {
    let stat;
    try {
        stat = (0,external_node_fs_.statSync)(path);
    }
    catch (error) {
        const code = error.code;
        return code === 'ENOENT'
            ? `expected ${want === 'folder' ? 'a folder' : 'a file'}, got ${path}, which does not exist`
            : `cannot read ${path}: ${code ?? (0,errors/* errorMessage */.gJ)(error)}`;
    }
    if (want === 'folder' ? !stat.isDirectory() : !stat.isFile()) {
        return `expected ${want === 'folder' ? 'a folder' : 'a file'}, got ${path}, which is not one`;
    }
    try {
        (0,external_node_fs_.accessSync)(path, external_node_fs_.constants.R_OK | (want === 'folder' ? external_node_fs_.constants.X_OK : 0));
        return null;
    }
    catch (error) {
        return `cannot read ${path}: ${error.code ?? (0,errors/* errorMessage */.gJ)(error)}`;
    }
}
/**
 * The folders and files the config names for trt-ci to read are there before any build: base-plans (a folder
 * an earlier step downloads; one that is missing would turn the A/B off for the wrong reason), an accuracy
 * check's samples and reference (found missing after the GPU build, they would cost it).
 */
const namedPaths = (raw, config) => {
    const problems = [];
    const check = (path, want, at) => {
        const problem = path === null ? null : pathProblem(path, want);
        if (problem)
            problems.push({ path: at, message: problem });
    };
    check(config.basePlans, 'folder', ['base-plans']);
    // A timing cache left by another user (a shared runner's other account) would fail the build's copy of it:
    // timing-cache:, and those cache-dir: keeps per TensorRT and GPU (cache-dir/timing/*.cache).
    const timingUnder = config.cacheDir ? (0,external_node_path_.join)(config.cacheDir, 'timing') : null;
    const timingFiles = timingUnder && (0,external_node_fs_.existsSync)(timingUnder) ? (0,external_node_fs_.readdirSync)(timingUnder).filter((f) => f.endsWith('.cache')) : [];
    const caches = [
        [config.timingCache, ['timing-cache'], 'set timing-cache: to a path of your own'],
        ...timingFiles.map((f) => [
            (0,external_node_path_.join)(timingUnder, f),
            ['cache-dir'],
            'set cache-dir: to a folder of your own',
        ]),
    ];
    for (const [timing, at, instead] of caches) {
        if (!timing || !(0,external_node_fs_.existsSync)(timing))
            continue;
        try {
            (0,external_node_fs_.accessSync)(timing, external_node_fs_.constants.R_OK | external_node_fs_.constants.W_OK);
        }
        catch (error) {
            const code = error.code ?? (0,errors/* errorMessage */.gJ)(error);
            problems.push({
                path: at,
                message: `expected a timing cache this user can read and write, got ${timing} (${code}: another user's file?); ` +
                    `remove it, or ${instead}`,
            });
        }
    }
    const seen = new Set();
    config.models.forEach((model, m) => {
        const accuracy = model.accuracy;
        if (!accuracy)
            return;
        const own = raw.models[m]?.accuracy;
        const where = (key) => typeof own === 'object' && own[key] !== undefined ? ['models', m, 'accuracy', key] : ['accuracy', key];
        const once = (path, want, at) => {
            if (path === null || seen.has(`${at.join('.')}\0${path}`))
                return;
            seen.add(`${at.join('.')}\0${path}`);
            check(path, want, at);
        };
        const { inputs } = accuracy;
        if (typeof inputs === 'object' && 'folder' in inputs)
            once(inputs.folder, 'folder', where('inputs'));
        if (typeof inputs === 'object' && 'npz' in inputs)
            once(inputs.npz, 'file', where('inputs'));
        once(accuracy.reference, 'file', where('reference'));
    });
    return problems;
};
/** Model names, profile names within a model, and the files they name (<model>.<profile>) are unique. */
const uniqueNames = (raw) => {
    const problems = [];
    const models = new Map();
    const stems = new Map();
    raw.models.forEach((model, m) => {
        const first = models.get(model.name);
        if (first !== undefined) {
            const message = `expected a unique model name, got "${model.name}" again (models[${first}] has it)`;
            problems.push({ path: ['models', m, 'name'], message });
        }
        models.set(model.name, m);
        const profiles = new Map();
        model.profiles.forEach((profile, p) => {
            const at = ['models', m, 'profiles', p, 'name'];
            if (profile.name === COMBINED && (model.engine ?? 'per-profile') !== 'per-profile') {
                const message = `expected another name: "${COMBINED}" names the plan with every profile ` + `(engine: ${model.engine})`;
                problems.push({ path: at, message });
            }
            const earlier = profiles.get(profile.name);
            if (earlier !== undefined) {
                const message = `expected a unique profile name in model ` +
                    `"${model.name}", got "${profile.name}" again (profiles[${earlier}] has it)`;
                problems.push({ path: at, message });
            }
            profiles.set(profile.name, p);
            // Files are named <model>.<profile>: "a.b"/"c" and "a"/"b.c" would write the same plan.
            const stem = `${model.name}.${profile.name}`;
            const other = stems.get(stem);
            if (other && other.model !== m) {
                const message = `expected names whose files do not collide, got "${model.name}"/"${profile.name}", which writes ` +
                    `${stem}.plan as models[${other.model}].profiles[${other.profile}] does`;
                problems.push({ path: at, message });
            }
            stems.set(stem, { model: m, profile: p });
        });
    });
    return problems;
};
/** Each model's ONNX is a model file (not an LFS pointer), its inputs match its profiles, its plugins exist. */
const modelFiles = (raw, config) => raw.models.flatMap((model, m) => {
    const resolved = config.models[m];
    const onnx = onnxProblem(resolved.onnx);
    const inputs = onnx
        ? [{ path: ['models', m, 'onnx'], message: `expected an ONNX file, got "${model.onnx}"${onnx}` }]
        : modelInputProblems(resolved, m, model.profiles.length, model.accuracy ? ['models', m, 'accuracy', 'inputs'] : ['accuracy', 'inputs']);
    const plugins = ['plugins', 'dynamic-plugins'].flatMap((key) => (model[key] ?? []).flatMap((plugin, i) => {
        const full = key === 'plugins' ? resolved.plugins[i] : resolved.dynamicPlugins[i];
        const message = `expected a plugin library, got "${plugin}" which does not exist`;
        return (0,external_node_fs_.existsSync)(full) ? [] : [{ path: ['models', m, key, i], message }];
    }));
    return [...inputs, ...plugins];
});
/** min <= opt <= max in every dimension, and the three of one rank. */
const shapeOrder = (_raw, config) => config.models.flatMap((model, m) => model.profiles.flatMap((profile, p) => profile.shapes.flatMap((range) => {
    const problem = shapeProblem(range);
    if (!problem)
        return [];
    return [{ path: ['models', m, 'profiles', p, 'shapes', range.input, ...problem.at], message: problem.message }];
})));
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
        if (opt[d] < min[d]) {
            const message = `expected every dimension >= min ${show(min)}, got "${show(opt)}" ` + `(dimension ${d}: ${opt[d]} < ${min[d]})`;
            return { at: ['opt'], message };
        }
        if (max[d] < opt[d]) {
            const message = `expected every dimension >= opt ${show(opt)}, got "${show(max)}" ` + `(dimension ${d}: ${max[d]} < ${opt[d]})`;
            return { at: ['max'], message };
        }
    }
    return null;
}
/** The rules, in the order their problems are said; `files` marks those that read what the config names. */
const RULES = [
    { rule: (_raw, config) => cacheKeyProblems(config), files: false },
    { rule: registryKeyProblems, files: false },
    { rule: deployTargets, files: false },
    { rule: baseRef, files: false },
    { rule: workspaces, files: false },
    { rule: buildCommandRule, files: false },
    { rule: filesFlagsRead, files: true },
    { rule: namedPaths, files: true },
    { rule: uniqueNames, files: false },
    { rule: modelFiles, files: true },
    { rule: shapeOrder, files: false },
    { rule: keptNodes, files: false },
    { rule: searchable, files: false },
    { rule: keptNodesExist, files: true },
];
function findProblems(raw, config, options) {
    return RULES.filter((r) => options.files || !r.files).flatMap((r) => r.rule(raw, config));
}

;// CONCATENATED MODULE: ./.build/tsc/config/load.js
// trt-ci.yml read: YAML with positions, the schema, ${NAME} from the environment, the resolved Config, and
// the rules that span fields; every problem said at once, each at its line.













/**
 * Reads `file` (relative to `cwd`); messages name it as given, and its paths are relative to its folder.
 * `${NAME}` in the trtexec, nvidia-smi, ONNX and plugin paths comes from `env`.
 */
function loadConfig(file, cwd, env, options = {}) {
    let text;
    const path = (0,external_node_path_.resolve)(cwd, file);
    try {
        text = (0,external_node_fs_.readFileSync)(path, 'utf8');
    }
    catch (error) {
        throw new errors/* InputError */.dz(`${file}: cannot read config: ${(0,errors/* fileProblem */.Wj)(error, 'a trt-ci.yml file')}`);
    }
    return parseConfig(text, file, (0,external_node_path_.dirname)(path), { TRT_CI_PRODUCERS: PRODUCERS ?? undefined, ...env }, options);
}
/**
 * The producers trt-ci ships (producers/: TensorRT-RTX's builder and runner, the TensorRT runtime's runner),
 * `${TRT_CI_PRODUCERS}` in trt-ci.yml unless the environment sets it: found from this module up, in the source
 * (src/config/) and in the bundles (dist/) alike; null where trt-ci is installed without them.
 */
const PRODUCERS = (() => {
    let dir = (0,external_node_path_.dirname)((0,external_node_url_.fileURLToPath)(import.meta.url));
    for (let up = 0; up < 4; up++, dir = (0,external_node_path_.dirname)(dir)) {
        if ((0,external_node_fs_.existsSync)((0,external_node_path_.join)(dir, 'producers', 'tensorrt_rtx.py')))
            return (0,external_node_path_.join)(dir, 'producers');
    }
    return null;
})();
/** Parses and validates config text; `file` names it in messages, paths in it are relative to `dir`. */
function parseConfig(text, file, dir = (0,external_node_path_.dirname)(file), env = {}, options = {}) {
    const lines = new dist/* LineCounter */.HN();
    const doc = (0,dist/* parseDocument */.Tp)(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
    const yamlError = doc.errors[0];
    if (yamlError) {
        const pos = lines.linePos(yamlError.pos[0]);
        throw new errors/* InputError */.dz(`${file}:${pos.line}:${pos.col} invalid YAML: ${yamlError.message.split('\n')[0]}`);
    }
    const position = (path, atKey = false) => {
        const { line, col } = locate(doc, lines, path, atKey);
        return { file, line, column: col };
    };
    const where = (path, atKey = false) => `${formatPosition(position(path, atKey))} ${formatPath(path)}`;
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
    // An unset ${VAR} is one problem among the others: every one of them is said in the same run.
    const expanded = withEnvironment(parsed.data, env);
    const config = {
        ...resolveConfig(expanded.raw, dir, file, { position, where }),
        secretVariables: variablesIn(parsed.data['cache-signing-key'] ?? ''),
    };
    const unset = new Set(expanded.problems.map((p) => JSON.stringify(p.path)));
    const problems = [
        ...expanded.problems,
        // A field whose variable is unset is not checked again (its file would not exist either).
        ...findProblems(parsed.data, config, { files: options.files ?? true }).filter((p) => !unset.has(JSON.stringify(p.path))),
    ];
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

;// CONCATENATED MODULE: ./.build/tsc/runners/command-runner.js
// The second plan runner: a command of the team's own (run: { command } in trt-ci.yml), e.g. a script against the
// TensorRT Python runtime, whose wheels ship no trtexec. Each request is one process through the same seam as
// trtexec (its own process group, pinned to the GPU, credentials removed, killed on timeout or cancel), in
// trt-ci.yml's folder. trt-ci writes the request as JSON, fills in {request} (and TRT_CI_RUN_REQUEST) with its
// path, and reads the result the command writes where the request says. docs/run-command.md is the contract;
// producers/run_request.py keeps it for the TensorRT Python API and for TensorRT-RTX's.













/** The request's schema name: a script can refuse a request of a version it does not know. */
const RUN_REQUEST_SCHEMA = 'trt-ci/run-request@1';
/** The environment variable that names the request's file, for a command that takes no {request}. */
const RUN_REQUEST_VARIABLE = 'TRT_CI_RUN_REQUEST';
/** How many timed iterations the build's benchmark asks for (trtexec's own benchmark runs 3 s or 10 iterations). */
const BENCHMARK_ITERATIONS = 100;
const command_runner_measurementSchema = schemas/* object */.Ikc({ dataTransfers: schemas/* boolean */.zMY(), cudaGraph: schemas/* boolean */.zMY(), spinWait: schemas/* boolean */.zMY() });
const outputSchema = schemas/* object */.Ikc({
    name: schemas/* string */.YjP(),
    dtype: schemas/* string */.YjP(),
    shape: schemas/* array */.YOg(schemas/* number */.aig().int().nonnegative()),
    file: schemas/* string */.YjP(),
});
const resultSchema = schemas/* object */.Ikc({
    outputs: schemas/* array */.YOg(outputSchema).optional(),
    timesMs: schemas/* array */.YOg(schemas/* number */.aig().finite().nonnegative()).optional(),
    measurement: command_runner_measurementSchema.optional(),
    tensorrtVersion: schemas/* string */.YjP().optional(),
    /** A runtime that is not TensorRT itself: TensorRT-RTX, whose version tensorrtVersion then is. */
    product: schemas/* enum */.k5n(['TensorRT-RTX']).optional(),
});
function commandRunner(run, seam, dir) {
    return new CommandRunner(run, seam, dir);
}
class CommandRunner {
    run;
    seam;
    dir;
    name;
    profile = null;
    noProfile;
    probed = null;
    constructor(run, seam, 
    /** trt-ci.yml's folder: the command runs there. */
    dir) {
        this.run = run;
        this.seam = seam;
        this.dir = dir;
        this.name = `the run command (${(0,external_node_path_.basename)(run.command[0])})`;
        this.noProfile = `${this.name} gives no per-layer times (only trtexec's --exportProfile does)`;
    }
    async benchmark(engine, place, log) {
        try {
            const body = { iterations: BENCHMARK_ITERATIONS, warmUpMs: 200, measurement: MEASUREMENT };
            const result = await this.timed(engine, place, (0,external_node_path_.dirname)(log), log, body);
            return { perf: perfOf(result.timesMs, log, result.measurement ?? null), failure: null };
        }
        catch (error) {
            if (!(error instanceof RunFailed))
                throw error;
            // What the command said, read as trtexec's lines are: a runtime's own words (TensorRT-RTX refusing a GPU)
            // give their kind and hint.
            const evidence = matchEvidence(error.how);
            const failure = error.cancelled
                ? CANCELLED
                : {
                    kind: evidence?.kind ?? 'other',
                    message: `the plan did not load: ${error.how}`,
                    hint: evidence ? (evidence.hint ?? hintFor(evidence.kind, error.how)) : runHint(log),
                };
            return { perf: emptyPerf(log), failure };
        }
    }
    async infer(engine, place, { inputs, expected, dir: folder }) {
        const files = inputs.map((input, i) => ({
            name: input.name,
            dtype: input.type,
            shape: input.dims,
            file: (0,external_node_path_.join)(folder, `input${i}.bin`),
        }));
        await Promise.all(inputs.map((input, i) => writeNewFile(files[i].file, elementBytes(input.type, input.values))));
        const log = (0,external_node_path_.join)(folder, 'run.log');
        let result;
        try {
            result = await this.ask('infer', engine, place, folder, log, { inputs: files });
        }
        catch (error) {
            if (error instanceof RunFailed)
                return { problem: `${error.how} (${log})` };
            throw error;
        }
        const given = result.outputs ?? [];
        const names = expected.map((o) => o.name);
        const unchecked = given.map((o) => o.name).filter((n) => !names.includes(n));
        if (unchecked.length > 0) {
            return { problem: `the reference has nothing for the engine's output(s) ${unchecked.join(', ')}` };
        }
        const outputs = new Map();
        for (const output of given) {
            const values = await this.outputValues(output, folder);
            if (typeof values === 'string')
                return { problem: values };
            outputs.set(output.name, values);
        }
        return { outputs, trtexecLosses: null };
    }
    async time(engine, place, { stem, iterations, measurement }) {
        const log = `${stem}.log`;
        const result = await this.timed(engine, place, (0,external_node_path_.dirname)(stem), log, { iterations, warmUpMs: 200, measurement });
        return { timesMs: result.timesMs, log, bindings: null, overridden: [], measurement: result.measurement ?? null };
    }
    /** A load request: the command loads the plan and runs it once; its exit status is the verdict, its lines the log. */
    async load(engine, place, { log, versionCompatible, onLine }) {
        // One load a log (deploy-load's, per engine and target): the request is named after it.
        const request = {
            mode: 'load',
            stem: (0,external_node_path_.join)((0,external_node_path_.dirname)(log), (0,external_node_path_.basename)(log, '.log')),
            body: { versionCompatible },
        };
        const { ended } = await this.send(request, engine, place, log, onLine);
        return { exitCode: ended.exitCode, cancelled: ended.cancelled };
    }
    sweep() {
        return this.seam.sweep();
    }
    /**
     * The TensorRT the command runs, for a run with no trtexec (`{ "tensorrtVersion": "10.16.1" }`): asked once;
     * a command that cannot say is bad input, naming `where` (trt-ci.yml's run:).
     */
    probe(where) {
        this.probed ??= this.askVersion(where);
        return this.probed;
    }
    async askVersion(where) {
        const folder = await (0,promises_.mkdtemp)((0,external_node_path_.join)((0,external_node_os_.tmpdir)(), 'trt-ci-run-'));
        const log = (0,external_node_path_.join)(folder, 'version.log');
        try {
            const result = await this.ask('version', null, { gpu: null, timeoutMs: 120_000 }, folder, log);
            const version = result.tensorrtVersion ? parseVersion(result.tensorrtVersion) : null;
            if (!version)
                throw new RunFailed(`${this.name} gave no tensorrtVersion like "10.16.1"`, log, false);
            return { version: { ...version, ...(result.product && { product: result.product }) }, helpFlags: new Set() };
        }
        catch (error) {
            if (!(error instanceof RunFailed))
                throw error;
            throw new errors/* InputError */.dz(`${where}: a version request failed: ${error.how}`);
        }
        finally {
            await (0,promises_.rm)(folder, { recursive: true, force: true });
        }
    }
    /** One output's values from the file the command named, or what is wrong with it. */
    async outputValues(output, folder) {
        if (!isElementType(output.dtype)) {
            return `${this.name} wrote output ${output.name} as ${output.dtype}, which trt-ci does not compare`;
        }
        const bytes = await (0,promises_.readFile)((0,external_node_path_.resolve)(folder, output.file)).catch(() => null);
        const count = output.shape.reduce((a, b) => a * b, 1);
        const values = bytes && bytes.length % ELEMENT_BYTES[output.dtype] === 0 ? readElements(output.dtype, bytes) : null;
        if (!values || values.length !== count) {
            const got = bytes ? `${bytes.length} bytes` : 'no file';
            return `${this.name}'s output ${output.name}: ${output.file} holds ${got}, its shape needs ${count} values`;
        }
        return values;
    }
    /** Per-iteration times: a result without them is the command's fault, said. */
    async timed(engine, place, folder, log, body) {
        const result = await this.ask('time', engine, place, folder, log, body);
        if (!result.timesMs || result.timesMs.length === 0) {
            throw new RunFailed(`${this.name} gave no timesMs for a time request`, log, false);
        }
        return result;
    }
    /** One request: written to `folder`, the command run with it, its result read back. */
    async ask(mode, engine, place, folder, log, body = {}) {
        const { ended, resultFile } = await this.send({ mode, stem: (0,external_node_path_.join)(folder, mode), body }, engine, place, log);
        if (ended.exitCode !== 0) {
            const how = ended.timedOut ? `timed out after ${Math.round(place.timeoutMs / 1000)} s` : howItEnded(ended);
            const said = await lastErrorLine(log);
            throw new RunFailed(`${this.name} ${how}${said ? `: ${said}` : ''}`, log, ended.cancelled);
        }
        return readResult(resultFile, this.name, log);
    }
    /** One request written (`<stem>.request.json`, its result due at `<stem>.result.json`) and the command run on it. */
    async send(request, engine, place, log, onLine) {
        const requestFile = `${request.stem}.request.json`;
        const resultFile = `${request.stem}.result.json`;
        await (0,promises_.rm)(resultFile, { force: true });
        const text = JSON.stringify(requestOf(request.mode, engine, request.body, resultFile), null, 2);
        await writeNewFile(requestFile, `${text}\n`);
        const ended = await this.seam.run(this.argvFor(requestFile), {
            ...this.runOptions(place, log, requestFile),
            ...(onLine && { onLine }),
        });
        return { ended, resultFile };
    }
    /** The command's arguments for one request, its file in place of {request}. */
    argvFor(requestFile) {
        return this.run.command.slice(1).map((arg) => arg.replaceAll('{request}', requestFile));
    }
    /** Where and how the command runs: pinned to the place's GPU, in trt-ci.yml's folder, told its request. */
    runOptions(place, log, requestFile) {
        return {
            gpu: place.gpu,
            logFile: log,
            timeoutMs: place.timeoutMs,
            cwd: this.dir,
            env: { [RUN_REQUEST_VARIABLE]: requestFile },
            ...(place.signal && { signal: place.signal }),
        };
    }
}
/** The request's JSON: the mode, the engine (none for a version request), what the mode needs, the result's path. */
function requestOf(mode, engine, body, result) {
    return {
        schema: RUN_REQUEST_SCHEMA,
        mode,
        ...(engine && {
            plan: engine.plan,
            shapes: Object.fromEntries(engine.shapes.map((s) => [s.input, s.dims])),
            plugins: engine.plugins,
            dynamicPlugins: engine.dynamicPlugins,
        }),
        ...body,
        result,
    };
}
/** The result the command wrote, checked against the contract; what is wrong is the run's failure. */
async function readResult(file, name, log) {
    let text;
    try {
        text = await (0,promises_.readFile)(file, 'utf8');
    }
    catch {
        throw new RunFailed(`${name} exited 0 but wrote no result at ${file}`, log, false);
    }
    let json;
    try {
        json = JSON.parse(text);
    }
    catch {
        throw new RunFailed(`${name} wrote a result that is not JSON (${file})`, log, false);
    }
    const parsed = resultSchema.safeParse(json);
    if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new RunFailed(`${name}'s result ${file}: ${issue.path.join('.') || 'it'}: ${issue.message}`, log, false);
    }
    return parsed.data;
}
/** The command's last line that says an error, for the message. */
async function lastErrorLine(log) {
    const lines = (await (0,promises_.readFile)(log, 'utf8').catch(() => '')).split('\n').filter((l) => l.trim() !== '');
    return ((lines.filter((l) => /error|\[E\]|Traceback|Exception/i.test(l)).at(-1) ?? lines.at(-1) ?? null)?.slice(0, 300) ??
        null);
}
const runHint = (log) => `Read ${log}: the run command's own output. Run it by hand with the request beside it (docs/run-command.md).`;
const emptyPerf = (log) => ({
    throughputQps: null,
    latencyMs: null,
    gpuComputeMs: null,
    log,
    measurement: null,
});
/** The benchmark's figures from per-iteration times, as trtexec reports them (nearest-rank percentiles). */
function perfOf(timesMs, log, measurement) {
    const sorted = [...timesMs].sort((a, b) => a - b);
    const rank = (p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
    const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
    const middle = sorted.length / 2;
    const median = sorted.length % 2 ? sorted[Math.floor(middle)] : (sorted[middle - 1] + sorted[middle]) / 2;
    const stats = {
        min: sorted[0],
        max: sorted.at(-1),
        mean,
        median,
        p90: rank(90),
        p95: rank(95),
        p99: rank(99),
    };
    return { throughputQps: mean > 0 ? 1000 / mean : null, latencyMs: stats, gpuComputeMs: stats, log, measurement };
}

;// CONCATENATED MODULE: ./.build/tsc/tensorrt/export-output.js
// trtexec --exportOutput=file: the outputs of the last inference (docs/trtexec-inference-io.md).
//
//   [
//     { "name" : "prob"
//     , "dimensions" : "2x10"
//     , "values" : [ 0.1, 0.2, nan, -inf ]
//     }
//   ]
//
// Values are printed with C++ `os << v`: NaN and infinities come out as bare nan, -nan, inf, -inf, which
// JSON does not allow. They are read here as the numbers they are, never dropped: a NaN is a finding.
const NON_FINITE = {
    nan: '"NaN"',
    '-nan': '"NaN"',
    inf: '"Infinity"',
    '-inf': '"-Infinity"',
    infinity: '"Infinity"',
    '-infinity': '"-Infinity"',
};
/** The file's text with every bare nan/inf outside a string quoted, so that JSON.parse takes it. */
function quoteNonFinite(text) {
    let out = '';
    let i = 0;
    while (i < text.length) {
        const char = text[i];
        if (char === '"') {
            // A string (a tensor name may be "inf"): copied as it is, escapes included.
            let end = i + 1;
            while (end < text.length && text[end] !== '"')
                end += text[end] === '\\' ? 2 : 1;
            out += text.slice(i, end + 1);
            i = end + 1;
            continue;
        }
        const word = /^-?[A-Za-z]+/.exec(text.slice(i, i + 12))?.[0];
        if (word && NON_FINITE[word.toLowerCase()]) {
            out += NON_FINITE[word.toLowerCase()];
            i += word.length;
            continue;
        }
        out += char;
        i += 1;
    }
    return out;
}
/** Parses an --exportOutput file; throws with what was expected when it is not one. */
function parseExportedOutput(text) {
    let data;
    try {
        data = JSON.parse(quoteNonFinite(text));
    }
    catch (error) {
        throw new Error(`not trtexec --exportOutput JSON: ${error.message}`);
    }
    if (!Array.isArray(data))
        throw new Error('not trtexec --exportOutput JSON: expected a list of outputs');
    return data.map((entry, i) => {
        const { name, dimensions, values } = (entry ?? {});
        if (typeof name !== 'string' || typeof dimensions !== 'string' || !Array.isArray(values)) {
            throw new Error(`not trtexec --exportOutput JSON: output ${i} needs name, dimensions and values`);
        }
        const dims = dimensions === '' ? [] : dimensions.split('x').map(Number);
        const numbers = Float64Array.from(values, (v) => (typeof v === 'number' ? v : Number(v)));
        const expected = dims.reduce((a, b) => a * b, 1);
        if (dims.some((d) => !Number.isSafeInteger(d) || d < 0) || numbers.length !== expected) {
            throw new Error(`not trtexec --exportOutput JSON: output ${name} has dimensions ${dimensions} but ${numbers.length} values`);
        }
        return { name, dimensions: dims, values: numbers };
    });
}

;// CONCATENATED MODULE: ./.build/tsc/tensorrt/export-times.js
// trtexec --exportTimes: one object per timed iteration, warm-up left out (exportJSONTrace in
// samples/common/sampleReporting.cpp, the same keys from 7.1 to 11.1):
//   [ { "startEnqMs" : …, …, "h2dMs" : …, "computeMs" : …, "d2hMs" : …, "latencyMs" : … }, … ]
// Values are printed at the stream's default precision; they are plain JSON numbers.
/**
 * Each iteration's GPU compute time (ms): what a change of engine moves. Host-device copies are the same
 * bytes for both engines of an A/B and only add the PCIe link's noise.
 */
function parseExportedTimes(text, file) {
    let data;
    try {
        data = JSON.parse(text);
    }
    catch {
        throw new Error(`${file}: expected trtexec --exportTimes JSON (an array of iterations), got something else`);
    }
    if (!Array.isArray(data))
        throw new Error(`${file}: expected an array of iterations`);
    return data.map((entry, i) => {
        const compute = entry?.computeMs;
        if (typeof compute !== 'number' || !Number.isFinite(compute) || compute < 0) {
            throw new Error(`${file}: iteration ${i} has no computeMs`);
        }
        return compute;
    });
}

;// CONCATENATED MODULE: ./.build/tsc/tensorrt/layer-profile.js
// trtexec --exportProfile (samples/common/sampleReporting.cpp, Profiler::exportJSONProfile, the same from 7.2 to
// 11.1): a list whose first entry is { "count": iterations } and then one line per layer: name, timeMs (the sum
// over iterations), averageMs, medianMs (from 8.4; TensorRT 7.x and 8.2 have none) and percentage. A layer's
// time is its median where there is one, else its average. trtexec writes it with iostream, not a JSON
// library: a name is not escaped (a `"` or `\` in a node name makes the file invalid JSON) and a number
// can be `nan` or `inf` (a percentage of a zero total). Such a file is read line by line, in the one layout
// trtexec writes. Pure: text in, times out.
/** `, { "name" : "<name, unescaped>", "timeMs" : 1.5, "averageMs" : …, ["medianMs" : …,] "percentage" : … }` */
const LAYER_LINE = new RegExp([
    String.raw `^\s*,?\s*\{\s*"name"\s*:\s*"(.*)"`,
    String.raw `\s*,\s*"timeMs"\s*:\s*(\S+?)`,
    String.raw `\s*,\s*"averageMs"\s*:\s*(\S+?)`,
    String.raw `\s*(?:,\s*"medianMs"\s*:\s*(\S+?)\s*)?`,
    String.raw `,\s*"percentage"\s*:\s*(\S+?)\s*\}\s*$`,
].join(''));
const COUNT_LINE = /^\s*,?\s*\{\s*"count"\s*:\s*(\d+)\s*\}\s*$/;
/** iostream's numbers: JSON's, and nan, -nan, inf (read as NaN and ±Infinity, which the times leave out). */
const number = (text) => /^-?nan$/i.test(text) ? Number.NaN : Number(text.replace(/^(-?)inf$/i, '$1Infinity'));
/** The entries of a profile that is not valid JSON, read in trtexec's layout; null when it is not that layout. */
function entriesByLine(text) {
    const lines = text.split(/\r?\n/).filter((line) => line.trim() && line.trim() !== '[' && line.trim() !== ']');
    const entries = [];
    for (const line of lines) {
        const count = COUNT_LINE.exec(line);
        const layer = count ? null : LAYER_LINE.exec(line);
        if (count)
            entries.push({ count: Number(count[1]) });
        else if (layer) {
            const [, name, timeMs, averageMs, medianMs, percentage] = layer;
            entries.push({
                name,
                timeMs: number(timeMs),
                averageMs: number(averageMs),
                ...(medianMs !== undefined && { medianMs: number(medianMs) }),
                percentage: number(percentage),
            });
        }
        else
            return null;
    }
    return entries.length ? entries : null;
}
function parseProfile(text) {
    let json;
    try {
        json = JSON.parse(text);
    }
    catch (error) {
        json = entriesByLine(text);
        if (!json) {
            throw new Error(`expected --exportProfile JSON, got text that does not parse (${error.message})`);
        }
    }
    if (!Array.isArray(json))
        throw new Error('expected --exportProfile JSON: a list of { name, averageMs, … }');
    let count = null;
    let median = true;
    const times = new Map();
    for (const entry of json) {
        if (!entry || typeof entry !== 'object')
            continue;
        if (typeof entry.count === 'number' && entry.name === undefined) {
            count = entry.count;
            continue;
        }
        if (typeof entry.name !== 'string')
            continue;
        const value = typeof entry.medianMs === 'number' ? entry.medianMs : entry.averageMs;
        if (typeof entry.medianMs !== 'number')
            median = false;
        if (typeof value !== 'number' || !Number.isFinite(value))
            continue;
        times.set(entry.name, (times.get(entry.name) ?? 0) + value);
    }
    return { count, times, median };
}

;// CONCATENATED MODULE: ./.build/tsc/tensorrt/raw-bindings.js
// trtexec --dumpRawBindingsToFile (8.6+): every binding of the last inference, written to the working
// folder as `<name>.<input|output>.<d0.d1…>.<dtype>.raw` in the binding's own type, so the values are
// the engine's to the last bit (--exportOutput prints ~6 significant digits). Source:
// samples/common/sampleInference.cpp (dumpBindings), common.h (genFilenameSafeString), sampleOptions.cpp
// (operator<< for DataType) at v8.6.1 and v11.1; docs/trtexec-inference-io.md.

/** Longest file name genFilenameSafeString keeps; longer ones keep both ends around "...". */
const MAX_FILE_NAME = 150;
/** genFilenameSafeString: letters, digits and `._-,` kept, anything else `_`; cut in the middle when long. */
function filenameSafe(text) {
    const safe = (part) => part.replace(/[^A-Za-z0-9._,-]/g, '_');
    if (text.length <= MAX_FILE_NAME)
        return safe(text);
    const half = (MAX_FILE_NAME - 3) >> 1;
    return `${safe(text.slice(0, half))}...${safe(text.slice(text.length - half))}`;
}
/**
 * The names an output's dump may have: 8.6 makes only the tensor name safe, 11.1 the whole file name
 * (they differ only for names long enough to be cut).
 */
function rawOutputFileNames(name, dims, dtype) {
    const suffix = `.output.${dims.join('.')}.${dtype}.raw`;
    return [...new Set([`${filenameSafe(name)}${suffix}`, filenameSafe(`${name}${suffix}`)])];
}
/** The types trt-ci reads from a dump, as trtexec spells them; an output of another type is not compared. */
const RAW_TYPES = ['fp32', 'fp16', 'bf16', 'int32', 'int8', 'uint8', 'int64', 'bool'];
/** trtexec's spelling of each type (sampleOptions.cpp operator<< for DataType) as ONNX names it. */
const ELEMENT_OF = {
    fp32: 'float32',
    fp16: 'float16',
    bf16: 'bfloat16',
    int32: 'int32',
    int8: 'int8',
    uint8: 'uint8',
    int64: 'int64',
    bool: 'bool',
};
/** A dump's values as numbers (as the GPU wrote them); throws when the size is not the shape's. */
function decodeRaw(bytes, dtype, count, file) {
    const type = ELEMENT_OF[dtype];
    const size = ELEMENT_BYTES[type];
    if (bytes.length !== count * size) {
        throw new Error(`${file}: ${bytes.length} bytes, expected ${count * size} (${count} × ${dtype})`);
    }
    return readElements(type, bytes);
}
/** The output dumps among a folder's files, with the shape and type each name gives. */
function outputDumps(files) {
    return files.flatMap((file) => {
        const parts = /\.output\.((?:\d+\.)*\d+|)\.([a-z0-9]+)\.raw$/.exec(file);
        return parts ? [{ file, dims: parts[1] ? parts[1].split('.').map(Number) : [], dtype: parts[2] }] : [];
    });
}
/**
 * Output names whose dumps would have one file name (`y:0` and `y_0` are both `y_0`): trtexec writes the
 * second over the first, so the dump cannot tell them apart and --exportOutput (named) must be read.
 */
function dumpNamesCollide(names) {
    return new Set(names.map(filenameSafe)).size !== names.length;
}
/** Dumped outputs that are none of `names` (an output the reference does not check). */
function dumpsOfOtherOutputs(files, names) {
    return outputDumps(files)
        .filter((dump) => !names.some((name) => rawOutputFileNames(name, dump.dims, dump.dtype).includes(dump.file)))
        .map((dump) => dump.file);
}
/** The dump of output `name` among a folder's files, with the shape and type its name gives; null if none. */
function findRawOutput(files, name) {
    return outputDumps(files).find((dump) => rawOutputFileNames(name, dump.dims, dump.dtype).includes(dump.file)) ?? null;
}
const isRawType = (dtype) => RAW_TYPES.includes(dtype);

;// CONCATENATED MODULE: ./.build/tsc/tensorrt/trtexec-check.js
// trtexec 11.1's own accuracy check, read from its log: for each output compared with --loadRefOutputs,
// `Accuracy loss for tensor <name> (L0): 0.000250`, then ` [FAIL: >= threshold …]` when it failed, and
// `Accuracy validation FAILED` with exit 1 at the end (samples/common/sampleInference.cpp validateAccuracy,
// samples/trtexec/trtexec.cpp at v11.1). The loss is printed std::fixed with 6 decimals.
const LOSS = /Accuracy loss for tensor (.+) \((L0|L1|L2|LInf|Cosine)\): (\S+)( \[FAIL: >= threshold [^\]]*\])?\s*$/;
/** Each judged output's loss by name, and whether trtexec failed the check as a whole. */
function readTrtexecCheck(log) {
    const losses = new Map();
    for (const line of log.split('\n')) {
        const match = LOSS.exec(line);
        if (match)
            losses.set(match[1], { algorithm: match[2], loss: Number(match[3]), failed: match[4] !== undefined });
    }
    return { losses, failed: log.includes('Accuracy validation FAILED') };
}

;// CONCATENATED MODULE: ./.build/tsc/runners/trtexec-runner.js
// trtexec as a plan runner: each request is one trtexec process through the seam (tensorrt/trtexec.ts), with
// the flags of this TensorRT (tensorrt/argv.ts), and its files read by trtexec's own formats: the log, the raw
// output dumps (8.6+) or --exportOutput's JSON with 11.1's own accuracy check, --exportTimes, --exportProfile.


















const runOptions = (place, logFile) => ({
    gpu: place.gpu,
    logFile,
    timeoutMs: place.timeoutMs,
    ...(place.signal && { signal: place.signal }),
});
/** trtexec as the run's plan runner, with the flags of `version`. */
function trtexec_runner_trtexecRunner(trtexec, version) {
    return new TrtexecRunner(trtexec, version);
}
class TrtexecRunner {
    trtexec;
    version;
    name = 'trtexec';
    noProfile = null;
    constructor(trtexec, version) {
        this.trtexec = trtexec;
        this.version = version;
    }
    async benchmark(engine, place, log) {
        const parser = new TrtexecLogParser();
        // The lines that say what the run measured (measurement.ts reads them), not the whole log.
        const measuring = [];
        const result = await this.trtexec.run(benchmarkArgv(this.version, engine), {
            ...runOptions(place, log),
            onLine: (line) => {
                parser.push(line);
                if (MEASUREMENT_LINE.test(line))
                    measuring.push(line);
            },
        });
        const ended = { exitCode: result.exitCode, signal: result.signal, timedOut: result.timedOut };
        const parsed = parser.result(ended, { buildTimeoutMs: place.timeoutMs, logFile: log });
        const perf = {
            throughputQps: parsed.throughputQps,
            latencyMs: parsed.latencyMs,
            gpuComputeMs: parsed.gpuComputeMs,
            log,
            measurement: measuredFrom(MEASUREMENT, measuring.join('\n')),
        };
        const failure = result.cancelled
            ? CANCELLED
            : parsed.failure && { ...parsed.failure, message: `the plan did not load: ${parsed.failure.message}` };
        return { perf, failure };
    }
    infer(engine, place, request) {
        return inferWithTrtexec(this.trtexec, this.version, engine, place, request);
    }
    async time(engine, place, { stem, iterations, measurement }) {
        const times = `${stem}.times.json`;
        const log = `${stem}.log`;
        const contract = engineArgs(this.version, engine, measurement);
        const run = await this.trtexec.run(abRunArgv(engine.plan, contract, iterations, times), runOptions(place, log));
        if (run.exitCode !== 0)
            throw new RunFailed(`trtexec ${howItEnded(run)}`, log, run.cancelled);
        const text = await (0,promises_.readFile)(log, 'utf8').catch(() => '');
        const { bindings, overridden } = readBindings(text);
        return {
            timesMs: parseExportedTimes(await (0,promises_.readFile)(times, 'utf8'), times),
            log,
            bindings,
            overridden,
            measurement: measuredFrom(measurement, text),
        };
    }
    profile = async (engine, place, request) => {
        const contract = engineArgs(this.version, engine, request.measurement);
        const argv = profileRunArgv(this.version, engine.plan, contract, request.iterations, request.file);
        const result = await this.trtexec.run(argv, runOptions(place, request.log));
        if (result.exitCode !== 0)
            throw new RunFailed(`trtexec ${howItEnded(result)}`, request.log, result.cancelled);
        return parseProfile(await (0,promises_.readFile)(request.file, 'utf8'));
    };
    // The run sweeps its trtexec seam itself (pipeline.ts).
    async load(engine, place, request) {
        const argv = loadArgv(engine, request.versionCompatible);
        const run = await this.trtexec.run(argv, { ...runOptions(place, request.log), onLine: request.onLine });
        return { exitCode: run.exitCode, cancelled: run.cancelled };
    }
    sweep() {
        return Promise.resolve();
    }
}
/**
 * Runs the engine once on the inputs (in `dir`, where 8.6+ dumps its outputs) and reads its outputs; on 11.1+,
 * when one atol fits every output (trtexec takes one), trtexec judges them against the reference as well (it
 * reads a reference in its binding's type, so it judges only FP32). Whatever keeps the outputs from being read
 * is the check's problem, naming the log.
 */
async function inferWithTrtexec(trtexec, version, engine, place, { inputs, expected, tolerance, dir, outputTypes }) {
    const files = inputs.map((input, i) => ({ name: input.name, file: (0,external_node_path_.join)(dir, `input${i}.bin`) }));
    await Promise.all(inputs.map((input, i) => writeNewFile(files[i].file, elementBytes(input.type, input.values))));
    let judge = null;
    const allFloat32 = expected.every((o) => o.type === 'float32' && (outputTypes.get(o.name) ?? 'float32') === 'float32');
    if (hasFlag('--loadRefOutputs', version) && new Set(tolerance.atols).size === 1 && allFloat32) {
        const references = expected.map((o, i) => ({ name: o.name, file: (0,external_node_path_.join)(dir, `reference${i}.bin`) }));
        await Promise.all(expected.map((o, i) => writeNewFile(references[i].file, elementBytes('float32', o.values))));
        judge = { references, atol: tolerance.atols[0], rtol: tolerance.rtol };
    }
    const output = (0,external_node_path_.join)(dir, 'output.json');
    const log = (0,external_node_path_.join)(dir, 'trtexec.log');
    const names = expected.map((o) => o.name);
    const dump = hasFlag('--dumpRawBindingsToFile', version) && !dumpNamesCollide(names);
    const argv = accuracyArgv(version, engine, { inputs: files, output }, judge, dump);
    const run = await trtexec.run(argv, { ...runOptions(place, log), cwd: dir });
    try {
        const check = judge ? readTrtexecCheck(await (0,promises_.readFile)(log, 'utf8')) : null;
        // trtexec exits 1 when its own check fails, after writing the outputs: that is a verdict, not a fault.
        if (run.exitCode !== 0 && !check?.failed) {
            throw new Error(`trtexec exited with ${run.exitCode ?? run.signal ?? run.spawnError}`);
        }
        const read = dump ? await readDumps(dir, expected) : await readExported(output, names);
        // Every output the engine has is checked: a reference that lacks one must not pass it unseen.
        if (read.unchecked.length > 0) {
            return { problem: `the reference has nothing for the engine's output(s) ${read.unchecked.join(', ')}` };
        }
        return { outputs: read.outputs, trtexecLosses: check?.losses ?? null };
    }
    catch (error) {
        // trtexec's own last error says why better than an exit status does.
        const said = (await (0,promises_.readFile)(log, 'utf8').catch(() => ''))
            .split('\n')
            .filter((line) => /\[E\]/.test(line))
            .at(-1)
            ?.replace(/^\[[^\]]*\] \[E\] /, '');
        const why = said ? `${(0,errors/* errorMessage */.gJ)(error)}; trtexec said: ${said}` : (0,errors/* errorMessage */.gJ)(error);
        return { problem: `trtexec could not run the engine on the inputs (${log}): ${why}` };
    }
}
/** The outputs --dumpRawBindingsToFile wrote, and the dumped outputs the reference does not have. */
async function readDumps(dir, expected) {
    const written = await (0,promises_.readdir)(dir);
    const names = expected.map((o) => o.name);
    return { outputs: await readRawOutputs(dir, written, expected), unchecked: dumpsOfOtherOutputs(written, names) };
}
/** The outputs --exportOutput wrote, and those the reference does not have. */
async function readExported(output, names) {
    const exported = parseExportedOutput(await (0,promises_.readFile)(output, 'utf8'));
    return {
        outputs: new Map(exported.map((o) => [o.name, o.values])),
        unchecked: exported.map((o) => o.name).filter((name) => !names.includes(name)),
    };
}
/** The outputs trtexec dumped into `dir`, each at full precision in its own type. */
async function readRawOutputs(dir, files, expected) {
    const outputs = new Map();
    for (const { name } of expected) {
        const found = findRawOutput(files, name);
        if (!found)
            continue;
        if (!isRawType(found.dtype))
            throw new Error(`output ${name} is ${found.dtype}, which trt-ci does not compare`);
        const count = found.dims.reduce((a, b) => a * b, 1);
        outputs.set(name, decodeRaw(await (0,promises_.readFile)((0,external_node_path_.join)(dir, found.file)), found.dtype, count, found.file));
    }
    return outputs;
}

;// CONCATENATED MODULE: ./.build/tsc/runners/runner-for.js



/** The user's run command as a runner, on a seam of its own (its process groups, its sweep); null without one. */
function commandRunnerOf(config, run) {
    if (!config.run)
        return null;
    const seam = createTrtexec({
        command: config.run.command[0],
        env: run.env,
        killGraceMs: config.killGraceMs,
        ...(run.signal && { signal: run.signal }),
    });
    return commandRunner(config.run, seam, config.dir);
}
/** The run's plan runner. */
function runnerFor(config, trtexec, version, run) {
    return commandRunnerOf(config, run) ?? trtexecRunner(trtexec, version);
}

;// CONCATENATED MODULE: ./.build/tsc/tensorrt/config-check.js





/**
 * This trtexec's version and flags, and the config checked against them: the one validation every command
 * that runs trtexec for a config makes (preflight passes nothing run would refuse).
 */
async function probeForConfig(config, trtexec, 
/** The setting that names what is asked: trtexec:, or run: when the run command says the version. */
setting = 'trtexec') {
    const probe = await trtexec.probe(config.where([setting]));
    checkConfigAgainstVersion(config, probe.version, probe.helpFlags);
    return probe;
}
/**
 * Everything the config asks of this TensorRT that it cannot do is bad input: found before any
 * build starts, pointed at its line.
 */
function checkConfigAgainstVersion(config, version, 
/** The flags this trtexec's --help lists; empty when it listed none (then only the known spans judge). */
helpFlags = new Set()) {
    config.models.forEach((model, m) => {
        if (model.dynamicPlugins.length > 0 && !hasFlag('--dynamicPlugins', version)) {
            throw (0,errors/* configError */.Fj)(config, ['models', m, 'dynamic-plugins'], `--dynamicPlugins needs TensorRT >= 8.6, this trtexec is ` +
                `${formatVersion(version)}; list the libraries under plugins:`);
        }
        // One plan with several profiles takes --profile=N (9.1, GA in 10.0); before it trtexec builds one.
        const canCombine = hasFlag('--profile', version) && (helpFlags.size === 0 || helpFlags.has('--profile'));
        if (model.engine !== 'per-profile' && !canCombine) {
            throw (0,errors/* configError */.Fj)(config, ['models', m, 'engine'], `a combined engine needs trtexec's --profile=N (TensorRT >= 10.0), this trtexec is ` +
                `${formatVersion(version)}; use engine: per-profile`);
        }
        const precision = precisionFlag(model.precision, version);
        if ('error' in precision)
            throw (0,errors/* configError */.Fj)(config, ['models', m, 'precision'], `${precision.error}, got "${model.precision}"`);
        const portable = portabilityOf(model.extraArgs);
        const flagAt = (flag) => {
            const i = model.extraArgs.findIndex((a) => a === flag || a.startsWith(`${flag}=`));
            const top = config.extraArgs.length;
            return i < 0 ? ['models', m] : i < top ? ['extra-args', i] : ['models', m, 'extra-args', i - top];
        };
        if (model.extraArgs.includes('--excludeLeanRuntime') && !portable.versionCompatible) {
            throw (0,errors/* configError */.Fj)(config, flagAt('--excludeLeanRuntime'), '--excludeLeanRuntime needs --versionCompatible');
        }
        // Contradictions trtexec itself refuses, in its words (sampleOptions.cpp, BuildOptions::parse).
        const runtime = model.extraArgs.filter((a) => a.startsWith('--useRuntime=')).at(-1);
        if (runtime && runtime !== '--useRuntime=full') {
            throw (0,errors/* configError */.Fj)(config, flagAt('--useRuntime'), 'Building a TensorRT engine requires --useRuntime=full.');
        }
        if (model.extraArgs.includes('--pluginInstanceNorm') &&
            (portable.versionCompatible || portable.hardware === 'ampere+')) {
            throw (0,errors/* configError */.Fj)(config, flagAt('--pluginInstanceNorm'), 'Plugin InstanceNorm cannot be used with version compatible or hardware compatible engines!');
        }
        if (portable.runtimePlatform === 'WindowsAMD64' && (model.benchmark !== false || model.accuracy)) {
            throw (0,errors/* configError */.Fj)(config, flagAt('--runtimePlatform'), 'a --runtimePlatform=WindowsAMD64 plan cannot run on the Linux machine that builds it (it implies ' +
                '--skipInference): set benchmark: false and accuracy: false for this model');
        }
        if (model.deployCost && !hasFlag('--hardwareCompatibilityLevel', version)) {
            throw (0,errors/* configError */.Fj)(config, ['models', m], `deploy-cost builds with --hardwareCompatibilityLevel=ampere+ (TensorRT >= 8.6), this trtexec is ` +
                formatVersion(version));
        }
        model.deploy.forEach((target, t) => {
            const problem = unreachable(portable, target, formatVersion(version));
            if (problem)
                throw (0,errors/* configError */.Fj)(config, model.deployOwn ? ['models', m, 'deploy', t] : ['deploy', t], problem);
        });
        model.extraArgs.forEach((arg, i) => {
            const problem = extraArgProblem(arg, version, helpFlags) ??
                repeatedFlagProblem(flagName(arg), model.extraArgs.slice(0, i), model, version);
            if (!problem)
                return;
            // The model's list starts with the top-level extra-args; point at the line that holds this one.
            const top = config.extraArgs.length;
            throw (0,errors/* configError */.Fj)(config, i < top ? ['extra-args', i] : ['models', m, 'extra-args', i - top], `${problem}, got "${arg}"`);
        });
    });
}

;// CONCATENATED MODULE: ./.build/tsc/run/base.js
// What a run finds out about its base before any build: base-ref as a commit, and the base branch's plans when
// trt-ci.yml names none. Both are the run's setup, not a stage: pipeline.ts asks them first.



/**
 * base-ref as the commit it names, before any build: what reaches `git show` is a commit id, never a text
 * git could read as an option, a range or a path; a ref git cannot resolve is exit 2, naming base-ref.
 */
async function resolveBaseRef(config, options) {
    if (!config.baseRef || !config.models.some((m) => m.benchmark === 'ab'))
        return config;
    const cwd = (0,external_node_path_.dirname)((0,external_node_path_.resolve)(options.cwd, options.configFile));
    const resolved = await resolveCommit({
        ref: config.baseRef,
        cwd,
        env: options.env,
        killGraceMs: config.killGraceMs,
        ...(options.signal && { signal: options.signal }),
    });
    if ('problem' in resolved) {
        throw new errors/* InputError */.dz(`${config.where(['base-ref'])}: "${config.baseRef}" is not a commit: ${resolved.problem} ` +
            '(a shallow checkout lacks the base commit: fetch it, e.g. fetch-depth: 0)');
    }
    return { ...config, baseRef: resolved.commit };
}
/**
 * The base branch's plans as base-plans, when trt-ci.yml names none and a model asks for an A/B: found for
 * the user (the action downloads the base branch's artifact). One that cannot be had is a note, never the run.
 */
async function withFoundBasePlans(config, options) {
    if (config.basePlans || !options.findBasePlans || !config.models.some((m) => m.benchmark === 'ab')) {
        return { config, basePlansNote: null };
    }
    try {
        const found = await options.findBasePlans();
        if (!found)
            return { config, basePlansNote: "base plans: the base branch's runs uploaded none for this job" };
        return { config: { ...config, basePlans: found.dir }, basePlansNote: found.note };
    }
    catch (error) {
        return { config, basePlansNote: `base plans: could not be downloaded: ${(0,errors/* errorMessage */.gJ)(error)}` };
    }
}

;// CONCATENATED MODULE: ./.build/tsc/run/open-run.js
// A run's setup, before its first stage: trt-ci.yml read (its secret variables kept from every program), the base
// ref and baseline, trtexec asked its version (or the run command, with a build command), the output folder
// claimed, the engine cache opened, and the one context every stage is handed. `close` undoes what it holds.

















/** The run's setup (the stages' order is pipeline.ts's); on a failure part way, what it took is given back. */
async function openRun(given) {
    const startedAt = new Date();
    const configEnv = given.configEnv ?? given.env;
    const read = loadConfig(given.configFile, given.cwd, configEnv);
    // The signing key's variables go no further than trt-ci.yml: no program trt-ci runs is handed them.
    const options = { ...given, env: withoutVariables(given.env, read.secretVariables ?? []), configEnv };
    const loaded = await resolveBaseRef(options.adjustConfig ? options.adjustConfig(read) : read, options);
    const { config, basePlansNote } = await withFoundBasePlans(loaded, options);
    const baselineFile = options.baselineFile ? (0,external_node_path_.resolve)(options.cwd, options.baselineFile) : null;
    const { baseline, baselineRefused } = await readBaseline(baselineFile, options.baselineFound ?? false);
    // A shard is balanced by the build times of a baseline the user named (every shard must be given the
    // same file, or the shards would split differently); one found per job (the action's, which is that
    // shard's own) balances nothing. A bad --only is exit 2 at once.
    const weights = options.baselineFound ? undefined : buildSecondsOf(baseline);
    const selection = options.selection && { ...options.selection, ...(weights && { weights }) };
    if (selection)
        planBuildJobs(config, selection);
    const { nvidiaSmi, gpuQuery, trtexec, runner, version } = await programsOf(config, options);
    const release = await claimOutputDir(config, options.cwd);
    // The output folder is held from here: a cache that cannot be opened gives it back.
    const registry = await openRunCache(config, options).catch(async (error) => {
        await release();
        throw error;
    });
    let sweepBuilder = () => Promise.resolve(undefined);
    const close = async () => {
        // Nothing a build left running outside its process group outlives the run (trtexec's, a build command's).
        await trtexec.sweep();
        await runner.sweep();
        await sweepBuilder();
        await registry.release();
        await release();
    };
    try {
        const defaultBranch = options.provenance?.defaultBranch ?? false;
        const trust = cacheTrustOf(registry.config, defaultBranch);
        // What the cache may serve this run, decided once: its signature keys, and whether it is for what ships.
        // From a registry, whom it serves is who may push there (the run reads only repositories it trusts);
        // signatures still decide where trt-ci.yml has a public key.
        const cacheTrust = registry.cache && !trust.publicKey ? { ...trust, trust: 'any' } : trust;
        const digests = new FileDigests(options.signal);
        const building = planBuilding(registry.config, version, {
            trtexec,
            runner,
            env: options.env,
            digests,
            provenance: options.provenance ?? null,
            cacheTrust,
            registry: registry.cache,
            ...(options.signal && { signal: options.signal }),
        });
        sweepBuilder = () => building.producer.sweep();
        const context = {
            config: registry.config,
            trtexec,
            runner,
            version,
            env: options.env,
            nvidiaSmi,
            signal: options.signal,
            cacheTrust,
            digests,
            registry: registry.cache,
            buildPlan: (job, gpu) => buildPlan(job, gpu, building),
        };
        const start = { baseline, baselineFile, baselineRefused, basePlansNote, startedAt, gpuQuery, selection, building };
        return { context, start: { ...start, registryCredentials: registry.credentials }, options, close };
    }
    catch (error) {
        await close();
        throw error;
    }
}
/**
 * The programs the run calls: nvidia-smi (one query, for preflight and the build stage, made while trtexec is asked
 * its version), trtexec, and what runs the plans, with the TensorRT version it says.
 */
async function programsOf(config, options) {
    // One nvidia-smi query serves preflight and the build stage; it runs while trtexec is asked its version.
    const nvidiaSmi = {
        command: config.nvidiaSmi,
        env: options.env,
        signal: options.signal,
        start: options.startProcess,
    };
    const gpuQuery = queryGpus(nvidiaSmi);
    const trtexec = createTrtexec({
        command: config.trtexec,
        env: options.env,
        killGraceMs: config.killGraceMs,
        ...(options.signal && { signal: options.signal }),
        ...(options.startProcess && { start: options.startProcess }),
    });
    // With a build command and a run command nothing runs trtexec: the run command says which TensorRT it runs.
    const runCommand = commandRunnerOf(config, options);
    const { version } = config.build && runCommand
        ? await probeForConfig(config, runCommand, 'run')
        : await probeForConfig(config, trtexec);
    const runner = runCommand ?? trtexec_runner_trtexecRunner(trtexec, version);
    return { nvidiaSmi, gpuQuery, trtexec, runner, version };
}

;// CONCATENATED MODULE: ./.build/tsc/contract/version.js
// Written by npm run build from package.json's "version", the one place the version is set (.ci/run fails
// when this file is stale).
const VERSION = '0.14.0';

;// CONCATENATED MODULE: ./.build/tsc/builds/manifest.js




/** The engine manifest: every plan this run built, with what it takes to rebuild or trust it. */
function buildManifest(outcomes, run) {
    const { tensorrtVersion, outputDir } = run;
    // Absolute paths in flags (--onnx=/runner/work/…) say nothing on another machine.
    const portable = (arg) => arg.replace(/^(--[A-Za-z0-9]+=)(\/.*)$/, (_, flag, path) => `${flag}${(0,external_node_path_.relative)(outputDir, path)}`);
    const engines = outcomes.flatMap((o) => {
        const plan = o.plan;
        if (!report_isBuilt(o) || !plan?.scan.sha256)
            return [];
        return [
            {
                model: o.job.model.name,
                profile: o.job.profile.name,
                shapes: shapesOf(o.job.profile),
                path: (0,external_node_path_.relative)(outputDir, plan.path),
                layerInfo: plan.layerInfo ? (0,external_node_path_.relative)(outputDir, plan.layerInfo) : null,
                bytes: plan.scan.bytes,
                sha256: plan.scan.sha256,
                tensorrtVersion,
                gpu: o.gpu ? { name: o.gpu.name, computeCapability: o.gpu.computeCapability } : null,
                onnxSha256: run.onnxSha256.get(o.job.model.onnx) ?? null,
                flags: (o.attempts[o.attempts.length - 1]?.argv ?? []).map(portable),
                buildSeconds: o.buildSeconds,
            },
        ];
    });
    return {
        schema: 'trt-ci/manifest@1',
        createdAt: run.createdAt.toISOString(),
        trtCiVersion: VERSION,
        commit: run.commit,
        tensorrtVersion,
        engines,
    };
}

;// CONCATENATED MODULE: ./.build/tsc/compare/evaluate.js



/**
 * A budget whose figure this build could not measure: latency fails (the model asked for a benchmark, and an
 * engine nobody measured must not pass as no slower); peak memory warns (the sampler can miss a short build).
 */
function unmeasuredRow(metric, why, limit, row) {
    const decisive = limit.fail ?? limit.warn;
    if (!decisive)
        return null;
    const status = metric === 'latency-growth' && limit.fail ? 'fail' : 'warn';
    const message = `${METRICS[metric].describe}: not measured: ${why}`;
    return { ...row, value: null, limit: decisive.value, unit: decisive.unit, status, message };
}
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
function evaluate_measure(metric, unit, build, base) {
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
            return build.peakGpuMemoryMiB === null ? null : build.peakGpuMemoryMiB * MiB;
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
        return formatBytes(value);
    // A ratio to an error of 0 has no size: said as what it is, never "Infinityx".
    if (unit === 'ratio')
        return Number.isFinite(value) ? `${value.toFixed(2)}x` : "∞ (the baseline's was 0)";
    return Number.isFinite(value) ? `${(value * 100).toFixed(1)}%` : '∞';
}
function judge(metric, limit, build, base, hasBaseline, configPosition) {
    const spec = METRICS[metric];
    if (metric === 'latency-growth' && build.latencyAb)
        return evaluate_judgeAb(limit, build, build.latencyAb, configPosition);
    const row = {
        model: build.model,
        profile: build.profile,
        gpu: build.gpu,
        metric,
        baseline: baselineFigure(metric, base),
        configPosition,
    };
    const missing = (metric === 'latency-growth' || metric === 'peak-memory') && build.unmeasured?.[metric];
    if (missing)
        return unmeasuredRow(metric, missing, limit, row);
    // A figure this build does not have at all (no accuracy: check, no benchmark) gets no row, baseline or not.
    const unit = (limit.fail ?? limit.warn)?.unit;
    if (unit && evaluate_measure(metric, unit, build, build) === null)
        return null;
    if (spec.growth && !base) {
        const why = hasBaseline ? 'new in this run' : 'no baseline yet';
        return { ...row, value: null, limit: null, unit: null, status: 'no-baseline', message: `${spec.describe}: ${why}` };
    }
    // Two latencies measured differently (a TensorRT 10 baseline's defaults against 11's) are not a growth.
    const [now, before] = [build.latencyMeasurement, base?.latencyMeasurement];
    if (metric === 'latency-growth' && now && before && !sameMeasurement(now, before)) {
        const message = `${spec.describe}: not compared: the baseline's latency was measured with ${describeMeasurement(before)}, ` +
            `this run's with ${describeMeasurement(now)}`;
        return { ...row, value: null, limit: null, unit: null, status: 'no-baseline', message };
    }
    const levels = ['fail', 'warn'].filter((level) => limit[level] !== null);
    for (const level of levels) {
        const threshold = limit[level];
        const value = evaluate_measure(metric, threshold.unit, build, base);
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
    const value = evaluate_measure(metric, decisive.unit, build, base);
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
function evaluate_judgeAb(limit, build, ab, configPosition) {
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

;// CONCATENATED MODULE: ./.build/tsc/compare/compare-run.js
// The compare stage: this run's engines against the baseline report's (same model, profile and GPU model):
// the baseline's figures beside each, every budget judged, what changed in the environment and which
// engines are new or gone. Results are keyed by the job; the record assembles them into the report.




/**
 * `engines` are every job of the run (built or not: new and gone engines count them all) with what it
 * measured; budgets judge the built ones.
 */
function compareRun(engines, environment, baseline, budgets) {
    const before = baseline ? measuredBuilds(baseline.report) : null;
    const figures = new Map();
    for (const engine of before ? engines : []) {
        const match = matchBaseline(engine, before);
        if (match)
            figures.set(jobKey(engine), figuresOf(match));
    }
    const rows = new Map();
    if (budgets) {
        const built = engines.filter((e) => e.built);
        for (const row of evaluateBudgets(built, budgets.budgetsFor, before, budgets.positionOf)) {
            const key = jobKey(row);
            rows.set(key, [...(rows.get(key) ?? []), row]);
        }
    }
    const comparison = baseline
        ? {
            baseline: baseline.path,
            note: baseline.note ?? null,
            environment: environmentChanges(environmentOf(baseline.report), environment),
            ...addedAndRemoved(engines, baseline.report.builds),
        }
        : { baseline: null, environment: [], added: [], removed: [] };
    return { figures, budgets: rows, comparison };
}
/** What a report's builds measured, each with whether it built: a report compared again (trt-ci report). */
function compare_run_enginesOf(report) {
    return report.builds.map((b) => ({ ...measure(b), built: isBuilt(b) }));
}
/** What this run's engines measured, from the stages' results, each with whether it built. */
function measureRun(outcomes, results, onnxBytes) {
    return outcomes.map((o) => {
        const key = jobKey(o.job);
        const scan = results.scans.get(key);
        const ab = results.latency.get(key);
        return {
            model: o.job.model.name,
            profile: o.job.profile.name,
            gpu: o.gpu?.name ?? null,
            bytes: o.plan?.scan.bytes ?? null,
            zeroFraction: scan?.zeroFraction ?? null,
            trailingZeroBytes: scan?.trailingZeroBytes ?? null,
            onnxBytes: onnxBytes(o.job.model.onnx),
            buildSeconds: o.buildSeconds,
            peakGpuMemoryMiB: o.peakGpuMemoryMiB,
            latencyMedianMs: o.perf?.latencyMs?.median ?? null,
            latencyMeasurement: o.perf?.measurement ?? null,
            accuracyError: largestError(results.accuracy.get(key)),
            latencyAb: ab ? { verdict: ab.verdict, ratio: ab.ratio, reason: ab.reason } : null,
            unmeasured: unmeasuredOf(o, ab !== undefined),
            built: report_isBuilt(o),
        };
    });
}
/** What an engine that built (or came from the cache) was to have measured and was not, with why. Pure. */
function unmeasuredOf(o, abbed) {
    if (!report_isBuilt(o))
        return {};
    const unmeasured = {};
    if (o.peakGpuMemoryMiB === null)
        unmeasured['peak-memory'] =
            o.status === 'cached'
                ? 'the plan came from the engine cache: no build ran to measure'
                : 'nvidia-smi saw no sample of this build above the idle GPU (a short build, or no nvidia-smi)';
    if (o.job.model.benchmark && !abbed && o.perf?.latencyMs?.median == null)
        unmeasured['latency-growth'] = o.perf
            ? `trtexec printed no latency for the benchmark (${o.perf.log})`
            : 'the engine was not benchmarked';
    return unmeasured;
}
const figuresOf = (match) => ({
    bytes: match.bytes,
    buildSeconds: match.buildSeconds,
    peakGpuMemoryMiB: match.peakGpuMemoryMiB,
    latencyMedianMs: match.latencyMedianMs,
});

;// CONCATENATED MODULE: ./.build/tsc/record/engine-entry.js
// An engine's entry in the report, written once, here: the build's outcome with every stage's result for its
// job. No stage writes an entry, and nothing patches one afterwards; paths are made relative later, in one
// pass over the whole report (relative-paths.ts).


/** A build as the report writes it, with what each stage found for it; times as ISO strings. */
function engineEntry(outcome, results, positions, onnxBytes) {
    const { job, plan } = outcome;
    const key = jobKey(job);
    const accuracy = results.accuracy.get(key);
    return {
        model: job.model.name,
        profile: job.profile.name,
        status: outcome.status,
        gpu: outcome.gpu,
        shapes: shapesOf(job.profile),
        plan: plan?.path ?? null,
        layerInfo: plan?.layerInfo ?? null,
        bytes: plan?.scan.bytes ?? null,
        sha256: plan?.scan.sha256 ?? null,
        attempts: outcome.attempts.map((a) => ({
            attempt: a.attempt,
            workspaceMiB: Math.floor(a.workspaceBytes / MiB),
            log: a.log,
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
        perf: outcome.perf,
        failure: outcome.failure,
        configPosition: positions.profile,
        onnxBytes,
        baseline: results.figures.get(key) ?? null,
        cache: outcome.cache,
        builtFrom: outcome.job.precisionOnnx ?? null,
        // A failure is annotated at the model's accuracy: line (its model's line when it takes the top-level one).
        accuracy: accuracy
            ? {
                ...accuracy,
                configPosition: positions.accuracy,
                divergence: accuracy.divergence && { ...accuracy.divergence, configPosition: positions.keep ?? null },
            }
            : null,
        consistency: results.consistency.get(key) ?? null,
        stability: results.stability.get(key) ?? null,
        latency: results.latency.get(key) ?? null,
        explain: results.explain.get(key) ?? null,
        deploy: results.deploy.get(key)?.targets ?? [],
        portabilityFlags: results.deploy.get(key)?.claims ?? [],
        deployCost: results.deployCost.get(key) ?? null,
        scan: results.scans.get(key) ?? null,
        budgets: results.budgets.get(key) ?? [],
    };
}

;// CONCATENATED MODULE: ./.build/tsc/record/relative-paths.js
// Every path a report holds, relative to where trt-ci ran, in one pass at the end: the stages and the
// entries keep absolute paths, and a reader of the report (a later step, another machine) gets paths that
// mean the same from the job's folder.

/** The report with each of its paths passed through `rel`. */
function withRelativePaths(report, rel) {
    const builds = report.builds.map((b) => relativeBuild(b, rel));
    return {
        ...report,
        builds,
        ...flatViews(builds),
        comparison: { ...report.comparison, baseline: report.comparison.baseline && rel(report.comparison.baseline) },
        cache: report.cache && { ...report.cache, dir: rel(report.cache.dir) },
        manifest: report.manifest && rel(report.manifest),
    };
}
function relativeBuild(b, rel) {
    const base = (latency) => latency?.baseEngine
        ? { ...latency, baseEngine: { ...latency.baseEngine, plan: rel(latency.baseEngine.plan) } }
        : latency;
    return {
        ...b,
        plan: b.plan && rel(b.plan),
        layerInfo: b.layerInfo && rel(b.layerInfo),
        builtFrom: b.builtFrom && { ...b.builtFrom, onnx: rel(b.builtFrom.onnx) },
        attempts: b.attempts.map((a) => ({ ...a, log: rel(a.log) })),
        perf: b.perf && { ...b.perf, log: rel(b.perf.log) },
        latency: base(b.latency),
        deployCost: b.deployCost && { ...b.deployCost, latency: base(b.deployCost.latency) },
        scan: b.scan && { ...b.scan, path: rel(b.scan.path) },
        stability: b.stability && {
            ...b.stability,
            rebuilds: b.stability.rebuilds.map((r) => ({ ...r, plan: r.plan && rel(r.plan) })),
        },
    };
}

;// CONCATENATED MODULE: ./.build/tsc/record/assemble.js




/** The report of a run; `rel` makes a path relative to where trt-ci ran. */
function assembleReport(run, results, rel) {
    const builds = run.outcomes.map((o) => {
        const at = (...path) => run.config.position(['models', o.job.modelIndex, ...path]);
        const positions = {
            profile: at('profiles', o.job.profileIndex),
            accuracy: at('accuracy'),
            // Where a first divergence is acted on: keep-fp32 (the model's line where it has none).
            keep: at('keep-fp32'),
        };
        return engineEntry(o, results, positions, run.onnxBytes(o.job.model.onnx));
    });
    const report = {
        schema: REPORT_SCHEMA,
        status: overallStatus({ builds, interrupted: run.interrupted }),
        interrupted: run.interrupted,
        startedAt: run.startedAt.toISOString(),
        finishedAt: run.finishedAt.toISOString(),
        config: run.config.file,
        environment: run.environment,
        preflight: run.preflight,
        builds,
        ...flatViews(builds),
        comparison: run.comparison,
        cache: run.cache,
        manifest: run.manifest,
        precisionSearch: run.precisionSearch.map((p) => ({ ...p, folder: rel(p.folder) })),
    };
    return withRelativePaths(report, rel);
}

;// CONCATENATED MODULE: ./.build/tsc/common/trim.js
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

;// CONCATENATED MODULE: ./.build/tsc/report/rows.js
/** Every engine of every report (one report per runner type), with the GPU it was built on. */
function rows_rowsOf(reports) {
    return reports.flatMap((report) => report.builds.map((build) => ({ build, gpu: gpuOf(build, report) })));
}
/** The GPU an engine was built on, else its runner's first, else said unknown. */
function gpuOf(build, report) {
    return build?.gpu?.name ?? report.environment.gpus[0]?.name ?? 'GPU unknown';
}
/** "NVIDIA H100 80GB HBM3" as a column or a cell shows it: "H100 80GB HBM3". */
const shortGpu = (gpu) => gpu.replace(/^NVIDIA /, '');
/** An engine as every section names it: "model / profile" (plain text: escape where it lands). */
const engineName = (build) => `${build.model} / ${build.profile}`;
const STATUS_ICON = { built: '✅', cached: '♻️', failed: '❌', skipped: '⏭️' };
const broke = (budgets, status) => budgets.some((b) => b.status === status);
/** A failed or skipped build's icon, else its worst budget's, else its status's. */
function rowIcon(row) {
    const { build } = row;
    if (build.status !== 'built' && build.status !== 'cached')
        return STATUS_ICON[build.status];
    if (broke(build.budgets, 'fail'))
        return '❌';
    if (broke(build.budgets, 'warn'))
        return '⚠️';
    return STATUS_ICON[build.status];
}
/** A row is worth a look when it failed, broke a budget, or changed against its baseline. */
function notable(row) {
    const { build } = row;
    if (build.status !== 'built' && build.status !== 'cached')
        return true;
    if (broke(build.budgets, 'fail') || broke(build.budgets, 'warn'))
        return true;
    if (!build.baseline)
        return true;
    return build.baseline.bytes !== build.bytes;
}

;// CONCATENATED MODULE: ./.build/tsc/report/priority.js
/**
 * How long a section is kept when the summary or the comment must be cut to GitHub's size limit: lower
 * numbers stay longest; the headline is never cut (common/trim.ts).
 */
const PRIORITY = {
    /** The verdict and the things to fix, and what stops the run from meaning anything (a missing report). */
    headline: 0,
    /** A failure: a build, an engine out of tolerance or slower, a target it will not load on, a failed preflight. */
    failure: 1,
    /** The engines' tables, the budgets that broke, builds that backed off. */
    table: 2,
    /** Why a plan grew or is padded; engines outside their recent history. */
    cause: 3,
    /** The change chart. */
    chart: 4,
    /** Accuracy and latency that passed. */
    passed: 5,
    /** Folded unchanged rows, targets every engine loads on, history within its range, portability's price. */
    detail: 6,
    /** A preflight that passed. */
    preflightPassed: 7,
};

;// CONCATENATED MODULE: ./.build/tsc/report/table.js
// The one way a summary table is written: every cell escaped as text (a `|` would end the cell and a line
// break the row), unless it is trt-ci's own markdown (a code span, a bar, bold), marked with md().

const md = (markdown) => ({ markdown });
const cell = (value) => (typeof value === 'string' ? markdown_text_text(value) : value.markdown);
/** Cells between pipes; an empty one as one space, as GitHub writes it. */
const line = (cells) => `|${cells.map((c) => (c === '' ? ' ' : ` ${c} `)).join('|')}|`;
/** A table's head (escaped) and a writer of its rows. */
function tableOf(columns) {
    const label = (c) => (typeof c === 'object' && 'align' in c ? c.label : c);
    const rule = columns.map((c) => (typeof c === 'object' && 'align' in c ? '---:' : '---'));
    return {
        head: [line(columns.map((c) => cell(label(c)))), `|${rule.join('|')}|`],
        row: (cells) => line(cells.map(cell)),
    };
}
/** A table of the rows that need a look, the rest folded under a <details> that says how many. */
function foldedTable(head, shown, folded, what) {
    const rest = folded.length
        ? [`<details><summary>${folded.length} ${what}</summary>`, '', ...head, ...folded, '', '</details>']
        : [];
    return shown.length ? [...head, ...shown, ...(rest.length ? ['', ...rest] : [])] : rest;
}

;// CONCATENATED MODULE: ./.build/tsc/report/sections/accuracy.js
// Engines that built but compute the wrong answer: first-class failures, with the worst output's figures.





/** The worst output of a checked engine (a failing one first), with its figures. */
function worstOutput(accuracy) {
    return [...accuracy.outputs].sort((a, b) => Number(b.failure !== null) - Number(a.failure !== null) || b.outOfTolerance - a.outOfTolerance)[0];
}
const accuracy_figure = (v) => (v === null ? '–' : Number(v.toPrecision(3)).toString());
const accuracy_ICON = { passed: '✅', failed: '❌', error: '❗', 'not-checked': '⏭️' };
const TABLE = tableOf([
    '',
    'engine',
    'GPU',
    'worst output',
    'max abs',
    'max rel',
    'out of tol.',
    'cosine',
    'NaN/Inf',
    '',
]);
function accuracy_line(r) {
    const accuracy = r.build.accuracy;
    const worst = worstOutput(accuracy);
    const why = accuracy.status === 'not-checked'
        ? 'not checked (accuracy: false)'
        : accuracy.status === 'error'
            ? `error: ${accuracy.problem}`
            : (accuracy.problem ?? worst?.failure ?? 'within tolerance');
    // The errors and the cosine are over the finite elements only: beside a NaN they would read as a match.
    const finite = worst && worst.nan + worst.inf === 0;
    const topK = worst?.topK ? `; top-${worst.topK.k} agree in ${worst.topK.agree}/${worst.topK.rows} rows` : '';
    return TABLE.row([
        md(accuracy_ICON[accuracy.status]),
        engineName(r.build),
        r.gpu,
        worst ? `${worst.name} (${worst.shape})` : '–',
        finite ? accuracy_figure(worst.maxAbsError) : '–',
        finite ? accuracy_figure(worst.maxRelError) : '–',
        worst ? `${Number((worst.outOfTolerance * 100).toPrecision(3))}%` : '–',
        // 0.9999995 must not read as 1: cosine gets the digits that tell precisions apart.
        !finite || worst.cosine == null ? '–' : worst.cosine.toFixed(7),
        worst ? String(worst.nan + worst.inf) : '–',
        `${why}${topK}`,
    ]);
}
const accuracy_share = (v) => `${Number((v * 100).toPrecision(3))}%`;
/** Where a failing engine's error first appears, decision-first: the node, its error, where to act. */
function divergenceLine(engine, d) {
    const head = `**Where the error starts** (${markdown_text_text(engine)}, ${d.shape} shape):`;
    if (d.status === 'error')
        return `${head} the marked build could not tell: ${markdown_text_text(d.problem ?? 'unknown')}`;
    if (d.status === 'marked-passes')
        return (`${head} not found: with its ${d.marked} tensors marked as outputs the engine passes, so the error is in ` +
            'a fusion that marking breaks apart; `trt-ci precision` searches with the plain engine');
    const e = d.error;
    const broken = e.nan + e.inf ? `, ${e.nan ? `${e.nan} NaN ` : ''}${e.inf ? `${e.inf} Inf` : ''}`.trimEnd() : '';
    const where = d.configPosition ? ` (${markdown_text_text(formatPosition(d.configPosition))})` : '';
    const fp32 = d.computes?.startsWith('fp32')
        ? ` It computes in FP32 already (${markdown_text_text(d.computes)}): what it reads from FP16 nodes is the cause;` +
            ' `trt-ci precision` finds which of them to keep.'
        : ` Keep it in FP32: ${code(`keep-fp32: [${d.node}]`)} under the model${where}, or let` +
            ' `trt-ci precision` find the smallest list.';
    // Only layer ends marked (a large graph): the error starts somewhere in the layer that ends at the node.
    const among = d.span.length > 1
        ? ` It starts among ${d.span.length} nodes whose outputs were not marked: ${d.span.map(code).join(', ')}.`
        : '';
    return (`${head} node ${code(d.node)} (${markdown_text_text(d.op)}, ${markdown_text_text(d.computes ?? '?')}): ${accuracy_share(e.outOfTolerance)} of ` +
        `${code(d.tensor)} out of tolerance${broken}; after it ${d.downstream.failing} of ` +
        `${d.downstream.marked} marked tensors fail (${d.marked} marked in all; marking changes fusions).${among}${fp32}`);
}
function accuracySection(rows) {
    const listed = rows.filter((r) => r.build.accuracy);
    if (listed.length === 0)
        return null;
    const checked = listed.filter((r) => r.build.accuracy.status !== 'not-checked');
    const failed = checked.filter((r) => r.build.accuracy.status !== 'passed');
    return {
        priority: failed.length ? PRIORITY.failure : PRIORITY.passed,
        text: [
            `#### ${failed.length ? '❌' : '✅'} Accuracy against ONNX Runtime: ` +
                `${checked.length - failed.length}/${checked.length} within tolerance`,
            '',
            ...foldedTable(TABLE.head, failed.map(accuracy_line), listed.filter((r) => !failed.includes(r)).map(accuracy_line), 'fine'),
            ...failed.flatMap((r) => {
                const d = r.build.accuracy.divergence;
                return d ? ['', divergenceLine(engineName(r.build), d)] : [];
            }),
        ].join('\n'),
    };
}

;// CONCATENATED MODULE: ./.build/tsc/report/sections/consistency.js



const consistency_ICON = { passed: '✅', failed: '❌', error: '❗', off: '⏭️', skipped: '⏭️' };
const CHECK_ICON = { passed: '✅', failed: '❌', skipped: '⏭️' };
const consistency_TABLE = tableOf(['', 'engine', 'GPU', 'batch', 'identical rows', 'alone vs batch', 'run twice', '']);
const verdict = (checks, id) => {
    const check = checks.find((c) => c.id === id);
    return check ? md(CHECK_ICON[check.status]) : '–';
};
function consistency_line(r) {
    const c = r.build.consistency;
    const failed = c.checks.filter((k) => k.status === 'failed');
    const why = c.status === 'off'
        ? `off: ${c.reason}`
        : c.status === 'skipped' || c.status === 'error'
            ? `${c.status}: ${c.reason}`
            : failed.length
                ? failed.map((k) => k.message).join('; ')
                : (c.checks.find((k) => k.id === 'same-run-twice')?.message ?? '');
    return consistency_TABLE.row([
        md(consistency_ICON[c.status]),
        engineName(r.build),
        r.gpu,
        c.batch ? `${c.batch.size} along dim ${c.batch.dim}` : '–',
        verdict(c.checks, 'identical-rows'),
        verdict(c.checks, 'alone-vs-batch'),
        verdict(c.checks, 'same-run-twice'),
        why,
    ]);
}
const wrong = (c) => c.status === 'failed' || c.status === 'error';
function consistencySection(rows) {
    const listed = rows.filter((r) => r.build.consistency);
    if (listed.length === 0)
        return null;
    const ran = listed.filter((r) => r.build.consistency.checks.length > 0 || wrong(r.build.consistency));
    const failed = listed.filter((r) => wrong(r.build.consistency));
    return {
        priority: failed.length ? PRIORITY.failure : PRIORITY.passed,
        text: [
            `#### ${failed.length ? '❌' : '✅'} The same in a batch, alone and twice: ` +
                `${ran.length - failed.length}/${ran.length} engines consistent`,
            '',
            ...foldedTable(consistency_TABLE.head, failed.map(consistency_line), listed.filter((r) => !failed.includes(r)).map(consistency_line), 'fine'),
        ].join('\n'),
    };
}

;// CONCATENATED MODULE: ./.build/tsc/report/sections/stability.js
// How alike each engine's rebuilds are, when `stability:` asked: the level every rebuild reached, and for the
// rebuilds that fell short, the layers whose tactic changed and the outputs' largest difference.




const WORDS = {
    bits: 'the same bytes',
    tactics: 'the same tactics',
    outputs: 'the same outputs',
    latency: 'the same latency',
    none: 'other outputs and latency',
};
const stability_TABLE = tableOf(['engine', 'GPU', 'level', 'rebuilds', 'what differed']);
/** The layers whose tactic changed in these rebuilds, once each. */
const changedIn = (rebuilds) => [
    ...new Set(rebuilds.flatMap((r) => (r.changedLayers ?? []).map((c) => c.layer))),
];
function differed(s) {
    const short = s.rebuilds.filter((r) => r.level !== 'bits');
    // A layer that changed although its rebuild had the timing cache: the cache missed it, or was not used.
    const cached = changedIn(short.filter((r) => r.timingCache));
    const uncached = changedIn(short.filter((r) => !r.timingCache)).filter((layer) => !cached.includes(layer));
    const worst = short.map((r) => r.outputs?.maxAbsDiff ?? 0).reduce((a, b) => Math.max(a, b), 0);
    const problems = [s.problem, ...s.rebuilds.map((r) => r.problem)].filter((p) => p !== null);
    return [
        cached.length
            ? `tactics of ${cached.map(code).join(', ')} with the timing cache (it missed them, or was not used)`
            : '',
        uncached.length ? `tactics of ${uncached.map(code).join(', ')} without the timing cache` : '',
        worst > 0 ? `outputs up to ${Number(worst.toPrecision(3))} apart` : '',
        ...problems.map(markdown_text_text),
    ]
        .filter(Boolean)
        .join('; ');
}
function stabilitySection(rows) {
    const listed = rows.filter((r) => r.build.stability);
    if (listed.length === 0)
        return null;
    return {
        priority: PRIORITY.table,
        text: [
            '#### 🔁 The same engine twice: each engine rebuilt and compared',
            '',
            ...stability_TABLE.head,
            ...listed.map((r) => {
                const s = r.build.stability;
                const level = s.level ? `${s.level} (${WORDS[s.level]})` : 'not measured';
                // Markdown already: the layers' names as code, a problem's words escaped.
                const what = md(differed(s) || '–');
                const uncached = s.rebuilds.filter((k) => !k.timingCache).length;
                const cached = s.rebuilds.length - uncached;
                const count = cached === 0
                    ? `${uncached} (no timing cache)`
                    : `${cached}${uncached ? ` + ${uncached} without the timing cache` : ''}`;
                return stability_TABLE.row([engineName(r.build), r.gpu, level, count, what]);
            }),
        ].join('\n'),
    };
}

;// CONCATENATED MODULE: ./.build/tsc/report/sections/backoff.js
// Builds that got through only after out-of-memory back-off: built, but maybe with slower tactics.





function backoffSection(rows) {
    const lines = rows.flatMap((r) => {
        const note = backedOff(r.build.attempts.map((a) => ({ workspaceBytes: a.workspaceMiB * MiB, failure: a.failure })));
        return note ? [`- ${markdown_text_text(engineName(r.build))} on ${markdown_text_text(r.gpu)}: ${note}`] : [];
    });
    if (lines.length === 0)
        return null;
    return {
        priority: PRIORITY.table,
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

;// CONCATENATED MODULE: ./.build/tsc/report/parts/explain.js


/** A region by its ONNX nodes: their common path ("/model.22/cv2"), else its first nodes. */
function regionName(region) {
    const nodes = region.onnxNodes;
    if (nodes.length === 0)
        return (region.head.layers[0] ?? region.base.layers[0] ?? '?').slice(0, 80);
    if (nodes.length === 1)
        return nodes[0];
    const parts = nodes.map((n) => n.split('/'));
    const common = [];
    for (let i = 0; parts.every((p) => p.length > i + 1 && p[i] === parts[0][i]); i += 1)
        common.push(parts[0][i]);
    const prefix = common.join('/');
    if (prefix.replace(/\//g, ''))
        return prefix;
    return nodes.length === 2 ? `${nodes[0]} + ${nodes[1]}` : `${nodes[0]} … ${nodes.at(-1)} (${nodes.length} nodes)`;
}
const isMyelin = (name) => name.startsWith('__myl_') || name.includes('{ForeignNode[');
/** What changed, in words: "fp16 → fp32", "2 layers → 1, now a Myelin kernel". */
function describeChange(region) {
    const said = [];
    for (const change of region.change) {
        if (change === 'new')
            said.push('new in the head engine');
        else if (change === 'gone')
            said.push('not in the head engine');
        else if (change === 'precision') {
            said.push(`${region.base.precisions.join('/') || '?'} → ${region.head.precisions.join('/') || '?'}`);
        }
        else if (change === 'fusion') {
            const myelin = region.head.layers.some(isMyelin) && !region.base.layers.some(isMyelin);
            said.push(`${region.base.layers.length} layer${region.base.layers.length === 1 ? '' : 's'} → ` +
                `${region.head.layers.length}${myelin ? ', now a Myelin kernel' : ''}`);
        }
        else if (change === 'tactic')
            said.push('another tactic');
        else if (change === 'reformat-added')
            said.push('a reformat added');
        else if (change === 'reformat-removed')
            said.push('a reformat removed');
    }
    return said.join(', ') || 'no change in layers, precisions or tactics';
}
const ms = (value) => (value === null ? '–' : `${value >= 0 ? '+' : ''}${value.toFixed(4)} ms`);
/** "80% in `/model.22/cv2` — fp16 → fp32, 2 layers → 1": the regions that carry the change, most first. */
function explainLine(explanation, top = 2) {
    const carrying = explanation.regions.filter((r) => (r.deltaMs ?? 0) !== 0 || r.change.length > 0).slice(0, top);
    if (carrying.length === 0)
        return 'no region changed';
    return carrying
        .map((r) => {
        // A change within the runs' own spread has no share to speak of: said as noise, never as "80%".
        if (r.significant === false)
            return `within run-to-run noise in ${code(regionName(r))} — ${describeChange(r)}`;
        const share = r.share === null ? ms(r.deltaMs) : `${Math.round(r.share * 100)}%`;
        // A node name is the model's, which a fork writes: a code span it cannot close.
        return `${share} in ${code(regionName(r))} — ${describeChange(r)}`;
    })
        .join('; ');
}
/**
 * Where a plan's growth went: "+6.0 MiB: weights +4.0 MiB in `/model.22/cv2`, +2.0 MiB not weights
 * (kernels, Myelin code)", with the zeros at its end named apart when verify diagnoses them (#4841). Null
 * when the plan did not grow or its sizes are unknown.
 */
function explainBytesLine(explanation) {
    const { base, head } = explanation;
    if (base.planBytes === null || head.planBytes === null || head.planBytes <= base.planBytes)
        return null;
    const grown = explanation.regions
        .map((r) => ({ r, delta: r.head.weightBytes - r.base.weightBytes }))
        .filter((x) => x.delta > 0)
        .sort((a, b) => b.delta - a.delta)
        .slice(0, 2)
        .map((x) => `weights +${formatBytes(x.delta)} in ${code(regionName(x.r))}`);
    const padding = (head.paddingBytes ?? 0) - (base.paddingBytes ?? 0);
    const other = (head.otherBytes ?? 0) - (base.otherBytes ?? 0);
    const parts = [
        ...(padding > 0 ? [`+${formatBytes(padding)} zeros at the plan's end (the padding of NVIDIA/TensorRT#4841)`] : []),
        ...grown,
        ...(other > 0 ? [`+${formatBytes(other)} not weights (kernels, Myelin code)`] : []),
    ];
    return `+${formatBytes(head.planBytes - base.planBytes)}: ${parts.join(', ') || 'no region grew'}`;
}
/** The regions as text lines (the CLI) or markdown table rows (the comment's folded table). */
function explainRows(explanation, limit = 10) {
    return explanation.regions
        .slice(0, limit)
        .map((r) => [
        regionName(r),
        ms(r.deltaMs),
        r.share === null ? '–' : r.significant === false ? 'noise' : `${(r.share * 100).toFixed(0)}%`,
        `${r.base.layers.length} → ${r.head.layers.length}`,
        r.head.weightBytes === r.base.weightBytes
            ? formatBytes(r.head.weightBytes)
            : `${formatBytes(r.base.weightBytes)} → ${formatBytes(r.head.weightBytes)}`,
        describeChange(r),
    ]);
}

;// CONCATENATED MODULE: ./.build/tsc/report/actions.js
// What needs doing, engine by engine: the comment's first lines (issue 28). Each failure of a run — a build
// that failed, a budget that failed, an engine out of tolerance, a head engine that crashed when run — as
// one item: what (the figure against its limit), why (the failure kind, the #4841 zero padding, the region
// the A/B's change sits in), what to do, and where in trt-ci.yml. Pure: reports in, items out; rendering
// is sections/headline.ts's.





/** A plan that is this much trailing zeros is the #4841 padding, not growth of the network. */
const PADDING_SHARE = 0.05;
/** What to do about a failed budget, by metric: the usual cause first, then raising the budget. */
function budgetHint(metric, padded = false) {
    const raise = `if it is expected, raise \`budgets.${metric}\``;
    switch (metric) {
        case 'plan-size':
        case 'plan-growth':
        case 'plan-to-onnx':
            // Growth that is the #4841 padding is no layer's: the layers would send the reader the wrong way.
            if (padded)
                return budgetHint('trailing-zeros').replace('budgets.trailing-zeros', `budgets.${metric}`);
            return `compare the engines' layers (\`trt-ci explain\`, the regions below) for what grew; ${raise}`;
        case 'trailing-zeros':
        case 'zero-fraction':
            return ('the plan is padded with zeros (NVIDIA/TensorRT#4841): see the diagnosis below for the layers ' +
                `and the TensorRT versions without it; ${raise}`);
        case 'build-time-growth':
            return ('a slower build is more tactics timed (a higher `--builderOptimizationLevel`, a cold timing ' +
                `cache) or a busy runner: check \`timing-cache:\`; ${raise}`);
        case 'peak-memory':
            return `the build needs more GPU memory: lower \`workspace:\` or build fewer profiles at once; ${raise}`;
        case 'latency-growth':
            return ('look at the region the change sits in (regions below): a tactic or a fusion TensorRT no longer ' +
                `picks, a layer that fell back to FP32; ${raise}`);
        case 'accuracy-drift':
            return ("the engine's largest error grew against the baseline's: a kernel changed precision; check the " +
                `accuracy table; \`trt-ci precision\` finds the nodes to list in \`keep-fp32:\`; ${raise}`);
    }
}
/** A trailing zero run shorter than this is alignment, not the padding of #4841. */
const PADDING_MIN_BYTES = 4096;
/**
 * The plan's trailing zero run (the #4841 padding) against what it grew by: the cause when it is most of the
 * growth; said to be only part of it otherwise, so that a reader does not blame the padding for the network.
 */
function paddingWhy(build) {
    return paddingOf(build)?.why ?? null;
}
/** The padding's account of a plan, and whether it is the cause (most of the plan, or of its growth). */
function paddingOf(build) {
    const plan = build.scan;
    if (!plan || plan.trailingZeroBytes < PADDING_MIN_BYTES)
        return null;
    const run = `${formatBytes(plan.trailingZeroBytes)} trailing zero run`;
    const before = build.baseline?.bytes ?? null;
    const grown = before === null ? null : plan.bytes - before;
    if (grown === null || grown <= 0) {
        return plan.trailingZeroBytes / plan.bytes >= PADDING_SHARE
            ? {
                why: `a ${run} (${((plan.trailingZeroBytes / plan.bytes) * 100).toFixed(1)}% of the plan): the zero ` +
                    'padding of NVIDIA/TensorRT#4841',
                cause: true,
            }
            : null;
    }
    const share = plan.trailingZeroBytes / grown;
    return share >= 0.5
        ? {
            why: `the ${run} is ${Math.round(Math.min(share, 1) * 100)}% of the growth: the zero padding of ` +
                'NVIDIA/TensorRT#4841',
            cause: true,
        }
        : {
            why: `the ${run} (the padding of NVIDIA/TensorRT#4841) is only ${(share * 100).toFixed(1)}% of the ` +
                `+${formatBytes(grown)}: the rest is the network's`,
            cause: false,
        };
}
function budgetWhy(build, metric) {
    if (metric === 'latency-growth')
        return build.explain ? explainLine(build.explain, 1) : null;
    if (metric.startsWith('plan') || metric === 'trailing-zeros' || metric === 'zero-fraction') {
        const padding = paddingWhy(build);
        const grew = build.explain ? explainBytesLine(build.explain) : null;
        return [padding, grew].filter(Boolean).join('; ') || null;
    }
    return null;
}
/** An engine that will not load where it ships: one item per fix, naming every target it stops. */
function deployItems(build, base) {
    const byFix = new Map();
    for (const d of build.deploy.filter((row) => row.verdict === 'fails')) {
        const fix = d.fix ?? 'build it on the target, or drop the target from deploy:';
        const group = byFix.get(fix) ?? { targets: [], lines: new Set(), seen: false };
        group.targets.push(d.target);
        if (d.line)
            group.lines.add(d.line.replace(/\.+$/, ''));
        group.seen ||= d.observed;
        byFix.set(fix, group);
    }
    return [...byFix].map(([fix, g]) => ({
        ...base,
        what: `will not load on ${g.targets.map(markdown_text_text).join(', ')}${g.seen ? ' (a load saw it)' : ' (predicted)'}`,
        why: g.lines.size ? markdown_text_text([...g.lines].join('; ')) : null,
        todo: markdown_text_text(fix),
        position: build.configPosition,
    }));
}
/** Where an output was judged: "at the interior shape x:4x1x19x31", "at opt (x:1x3x224x224)". */
function shapeWords(output) {
    if (output.shape === 'interior')
        return `at the interior shape ${output.at ?? '?'}`;
    return output.at ? `at ${output.shape} (${output.at})` : `(${output.shape})`;
}
/** What a user can do about an engine whose rows change with their company (docs/accuracy.md#consistency). */
const CONSISTENCY_TODO = {
    'identical-rows': 'the engine mixes rows of a batch: pin the batch in the profile (min = max) until a TensorRT release fixes it, ' +
        'or serve batch 1; report it to NVIDIA with the plan',
    'alone-vs-batch': 'a sample is not what it is alone once batched: pin the batch in the profile (min = max = the batch you serve), ' +
        'or serve batch 1; a first divergence at that batch names the node',
    'same-run-twice': 'the engine is not deterministic beyond tolerance: look for atomics in its tactics (a plugin, a scatter); ' +
        'widen `accuracy:` if the spread is meant',
};
function consistencyItems(build, base) {
    const consistency = build.consistency;
    if (consistency?.status === 'error')
        return [
            {
                ...base,
                what: 'the consistency checks could not run',
                why: markdown_text_text(consistency.reason ?? ''),
                todo: 'the runs are in the consistency folder of the output folder; `consistency: { off: <why> }` says why not',
                position: build.configPosition,
            },
        ];
    return (consistency?.checks ?? [])
        .filter((c) => c.status === 'failed')
        .map((c) => ({
        ...base,
        what: markdown_text_text(c.message),
        why: null,
        todo: CONSISTENCY_TODO[c.id],
        position: build.configPosition,
    }));
}
/** Every failure of the reports, in the order a reviewer should take them: builds, accuracy, budgets. */
function actionItems(reports) {
    const items = [];
    for (const report of reports) {
        for (const build of report.builds) {
            const base = { model: build.model, profile: build.profile, gpu: gpuOf(build, report) };
            if (build.status === 'failed' && build.failure) {
                items.push({
                    ...base,
                    what: `build failed: ${build.failure.kind}`,
                    why: markdown_text_text(build.failure.message),
                    todo: markdown_text_text(build.failure.hint),
                    position: build.configPosition,
                });
            }
            const accuracy = build.accuracy;
            if (accuracy && (accuracy.status === 'failed' || accuracy.status === 'error')) {
                const worst = accuracy.outputs.find((o) => o.failure);
                // Wrong at one shape of the range and right at others: the shapes it passes at say where it goes wrong.
                const fine = [...new Set(accuracy.outputs.filter((o) => o.at !== worst?.at).map((o) => o.shape))];
                const passesElsewhere = worst && fine.length > 0 && accuracy.outputs.every((o) => o.at === worst.at || !o.failure);
                const broken = accuracy.outputs.reduce((sum, o) => sum + o.nan + o.inf, 0);
                const start = accuracy.divergence;
                items.push({
                    ...base,
                    what: accuracy.status === 'error'
                        ? 'accuracy could not be checked'
                        : worst
                            ? `accuracy: ${markdown_text_text(`${worst.name} ${shapeWords(worst)}: ${worst.failure}`)}`
                            : 'accuracy: out of tolerance',
                    why: accuracy.problem
                        ? markdown_text_text(accuracy.problem)
                        : broken > 0
                            ? `${broken} NaN/Inf values: an FP16 overflow`
                            : passesElsewhere
                                ? `at ${fine.join('/')} it passes`
                                : null,
                    todo: passesElsewhere && worst.shape === 'interior'
                        ? `keep ${code(worst.at ?? '')} out of the profile's range (split the profile around it), or pin ` +
                            'the shapes you serve; a first divergence at that shape names the node'
                        : start?.status === 'found' && start.computes && !start.computes.startsWith('fp32')
                            ? `the error starts at ${code(start.node)} (${markdown_text_text(start.op)}): keep it in FP32 (\`keep-fp32:\`); ` +
                                '`trt-ci precision` finds the smallest list'
                            : broken > 0
                                ? '`trt-ci precision` finds the nodes to keep in FP32; list them in `keep-fp32:`'
                                : "check the accuracy table; if the engine's precision is meant to lose this much, widen `accuracy:`",
                    position: accuracy.configPosition,
                });
            }
            items.push(...consistencyItems(build, base));
            items.push(...deployItems(build, base));
            if (build.latency?.verdict === 'head-failed') {
                items.push({
                    ...base,
                    what: 'the engine built but crashed when run',
                    why: markdown_text_text(build.latency.reason),
                    todo: 'run it with `trtexec --loadEngine` on this GPU; the A/B log is in the run folder',
                    position: build.configPosition,
                });
            }
        }
        const failed = report.builds.flatMap((build) => build.budgets.filter((b) => b.status === 'fail').map((budget) => ({ build, budget })));
        for (const { build, budget } of failed) {
            // An A/B's change with its interval reads better than the budget's sentence about it.
            const what = budget.metric === 'latency-growth' && build.latency && budget.limit !== null
                ? `latency ${markdown_text_text(latency_text_latencyChange(build.latency))} on the same GPU (A/B), over the limit ` +
                    `${Number((budget.limit * 100).toPrecision(3))}%`
                : markdown_text_text(budget.message);
            items.push({
                model: budget.model,
                profile: budget.profile,
                gpu: budget.gpu ?? gpuOf(build, report),
                what,
                why: budgetWhy(build, budget.metric),
                todo: budgetHint(budget.metric, paddingOf(build)?.cause ?? false),
                position: budget.configPosition ?? build.configPosition,
            });
        }
    }
    // The same failure seen by several runner types' reports once per GPU; never twice for one.
    return [...new Map(items.map((i) => [`${i.model}\0${i.profile}\0${i.gpu}\0${i.what}`, i])).values()];
}

;// CONCATENATED MODULE: ./.build/tsc/report/sections/budgets.js



const budgets_ICON = { fail: '❌', warn: '⚠️', pass: '✅', 'no-baseline': '🆕' };
const budgets_TABLE = tableOf(['', 'model', 'profile', 'GPU', 'budget', 'result', 'what to do']);
function budgetSection(rows) {
    const broken = rows.flatMap((r) => r.build.budgets).filter((b) => b.status === 'fail' || b.status === 'warn');
    // One row per engine, GPU and budget, however many reports repeat it.
    const unique = [...new Map(broken.map((b) => [`${b.model}\0${b.profile}\0${b.gpu}\0${b.metric}`, b])).values()];
    if (unique.length === 0)
        return null;
    return {
        priority: PRIORITY.table,
        text: [
            '### Budgets',
            '',
            ...budgets_TABLE.head,
            // The hint is trt-ci's own markdown (code spans); the rest is escaped as text.
            ...unique.map((b) => budgets_TABLE.row([budgets_ICON[b.status], b.model, b.profile, b.gpu ?? '—', b.metric, b.message, md(budgetHint(b.metric))])),
        ].join('\n'),
    };
}

;// CONCATENATED MODULE: ./.build/tsc/report/sections/change-chart.js



/** Half a bar's cells: a change of the column's largest size fills it. */
const BAR_CELLS = 10;
const NBSP = '\u00a0';
/** A change as a bar either side of a 0 line, in a code span: `░░░░░░░░░░│████` (non-breaking filler). */
function divergingBar(change, scale) {
    const cells = scale > 0 ? Math.min(BAR_CELLS, Math.round((Math.abs(change) / scale) * BAR_CELLS)) : 0;
    const filled = cells === 0 && change !== 0 ? 1 : cells;
    const empty = NBSP.repeat(BAR_CELLS);
    const left = change < 0 ? NBSP.repeat(BAR_CELLS - filled) + '█'.repeat(filled) : empty;
    const right = change > 0 ? '█'.repeat(filled) + NBSP.repeat(BAR_CELLS - filled) : empty;
    return `\`${left}│${right}\``;
}
/** +4.0%, −3.1%, or ×5,268 for a plan that grew ten-fold and more (NVIDIA/TensorRT#4841). */
const change_chart_percent = (change) => change >= 9
    ? `×${Math.round(change + 1).toLocaleString('en-US')}`
    : `${change > 0 ? '+' : '−'}${Math.abs(change * 100).toFixed(1)}%`;
/** Under this, a change is no change: the chart leaves the engine out and counts it. */
const UNCHANGED = 0.0005;
/** At most this many engines are drawn; the rest are counted. */
const SHOWN = 20;
const CHART = tableOf([
    'engine',
    'GPU',
    { label: 'plan size', align: 'right' },
    '',
    { label: 'latency (A/B)', align: 'right' },
    '',
]);
function changeChart(rows) {
    const measured = rows
        .map((r) => {
        const before = r.build.baseline?.bytes;
        const plan = r.build.bytes !== null && before ? r.build.bytes / before - 1 : null;
        const latency = r.build.latency?.ratio != null ? r.build.latency.ratio - 1 : null;
        return { r, plan, latency };
    })
        .filter((m) => m.plan !== null || m.latency !== null);
    const size = (m) => Math.max(Math.abs(m.plan ?? 0), Math.abs(m.latency ?? 0));
    const changed = measured.filter((m) => size(m) >= UNCHANGED).sort((a, b) => size(b) - size(a));
    if (changed.length === 0)
        return null;
    const unchanged = measured.length - changed.length;
    // Each column on its own scale: a 5,000-fold plan would flatten every latency bar.
    const scale = (key) => Math.max(...changed.map((m) => Math.abs(m[key] ?? 0)));
    const [planScale, latencyScale] = [scale('plan'), scale('latency')];
    const cells = (change, of) => change === null
        ? ['–', '']
        : Math.abs(change) < UNCHANGED
            ? ['=', '']
            : [change_chart_percent(change), md(divergingBar(change, of))];
    const shown = changed.slice(0, SHOWN);
    const notes = [
        changed.length > shown.length ? `${changed.length - shown.length} smaller changes left out` : '',
        unchanged ? `${unchanged} engine${unchanged === 1 ? '' : 's'} unchanged` : '',
    ].filter(Boolean);
    return {
        priority: PRIORITY.chart,
        text: [
            '#### Change against the base, per engine',
            '',
            ...CHART.head,
            ...shown.map(({ r, plan, latency }) => CHART.row([engineName(r.build), shortGpu(r.gpu), ...cells(plan, planScale), ...cells(latency, latencyScale)])),
            ...(notes.length ? ['', `${notes.join(', ')}.`] : []),
        ].join('\n'),
    };
}

;// CONCATENATED MODULE: ./.build/tsc/report/sections/deploy.js
// Engines × deploy targets: will each load where it ships (a verdict a real load saw is marked), what fails
// and its fix, what portability costs, and the compatibility flags no load has proven yet.






/** The portable engine against the native one: the sign in the engine, or its absence, that the flag took effect. */
function portableEngineText(engine) {
    const { nativeBytes, portableBytes, changedRegions, regions, changes } = engine;
    const growth = nativeBytes > 0 ? (portableBytes - nativeBytes) / nativeBytes : 0;
    const size = portableBytes === nativeBytes
        ? `its engine is the native one's size (${formatBytes(nativeBytes)})`
        : `its engine is ${growth > 0 ? '+' : ''}${(growth * 100).toFixed(1)}% ` +
            `(${formatBytes(nativeBytes)} → ${formatBytes(portableBytes)})`;
    if (regions === null || changedRegions === null)
        return `${size}; no layer info to compare`;
    if (changedRegions > 0)
        return `${size}, ${changes.join(', ')} changed in ${changedRegions} of ${regions} regions`;
    return portableBytes === nativeBytes
        ? `${size} with the same layers and tactics: no sign in the engine that the flag took effect`
        : `${size} with the same layers and tactics`;
}
/** What the ampere+ build of each engine that asked (deploy-cost: true) costs, one line each. */
function costLines(rows) {
    return rows.flatMap(({ build, gpu }) => {
        const cost = build.deployCost;
        if (!cost)
            return [];
        const what = cost.latency
            ? cost.latency.verdict === 'same'
                ? `costs nothing measurable (${latency_text_latencyChange(cost.latency)})`
                : `costs ${latency_text_latencyChange(cost.latency)} latency`
            : `not priced: ${cost.note ?? 'no A/B'}`;
        const engine = cost.engine ? `; ${portableEngineText(cost.engine)}` : '';
        return [`- ${markdown_text_text(engineName(build))}: ${cost.variant} ${markdown_text_text(what)} on ${markdown_text_text(gpu)}${markdown_text_text(engine)}`];
    });
}
/**
 * A compatibility flag is proven only by a load on a GPU or TensorRT the plan was not built for: said plainly
 * for each engine whose flag no such load has tried.
 */
function unprovenLines(rows) {
    return rows.flatMap(({ build }) => {
        const builtCc = build.gpu?.computeCapability ?? null;
        const tried = build.deploy.some((d) => d.observed && ((d.computeCapability && d.computeCapability !== builtCc) || d.tensorrt));
        return build.portabilityFlags.length && !tried
            ? [
                `- ${markdown_text_text(engineName(build))}: ${build.portabilityFlags.map(code).join(', ')} not proven to have taken ` +
                    'effect: no load on another GPU or TensorRT tried it (a deploy target with runs-on does)',
            ]
            : [];
    });
}
/** The pairs that do not simply load, one line per target and cause, naming its engines. */
function byTarget(failing) {
    const groups = new Map();
    const engines = new Map();
    for (const { r, d } of failing) {
        const key = JSON.stringify([d.target, d.verdict, d.line, d.fix]);
        if (!groups.has(key))
            groups.set(key, { target: d.target, verdict: d.verdict, line: d.line, fix: d.fix });
        engines.set(key, [...(engines.get(key) ?? []), engineName(r.build)]);
    }
    return [...groups].map(([key, group]) => ({ ...group, engines: engines.get(key) }));
}
const deploy_ICON = { loads: '✅', 'loads-with-warning': '⚠️', fails: '❌', unknown: '❔' };
function deploySection(rows) {
    const withTargets = rows.filter((r) => r.build.deploy.length > 0);
    const costs = costLines(rows);
    if (withTargets.length === 0 && costs.length === 0)
        return null;
    if (withTargets.length === 0) {
        return { priority: PRIORITY.detail, text: ['#### Price of portability', '', ...costs].join('\n') };
    }
    const names = [...new Set(withTargets.flatMap((r) => r.build.deploy.map((d) => d.target)))];
    const table = tableOf(['engine', 'GPU', ...names]);
    const failing = withTargets.flatMap((r) => r.build.deploy.filter((d) => d.verdict !== 'loads').map((d) => ({ r, d })));
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
                    return d ? `${deploy_ICON[d.verdict]}${d.observed ? ' (seen)' : ''}` : '–';
                });
                return table.row([engineName(r.build), r.gpu, ...cells]);
            }),
            '',
            ...byTarget(failing).map(({ target, verdict, line, fix, engines }) => `- ${markdown_text_text(target)}: ${markdown_text_text(verdict)} for ${[...new Set(engines)].map((e) => markdown_text_text(e)).join(', ')}` +
                `${line ? ` — ${markdown_text_text(line.replace(/\.+$/, ''))}` : ''}${fix ? `. Fix: ${markdown_text_text(fix)}` : ''}`),
            ...(costs.length ? ['', ...costs] : []),
            ...(unproven.length ? ['', ...unproven] : []),
        ].join('\n'),
    };
}

;// CONCATENATED MODULE: ./.build/tsc/report/parts/diagnosis.js
// The #4841 diagnosis of a plan in words: for the CLI and for the summary. Pure.


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
 * and the link is trt-ci's own (never the report's `link`).
 */
function renderDiagnosisMarkdown(diagnosis) {
    return [
        `> ⚠️ ${markdown_text_text(diagnosis.summary)}: the shape of [NVIDIA/TensorRT#4841](${PADDING_ISSUE}).`,
        ...(diagnosis.myelinLayers.length
            ? [
                '>',
                '> Myelin kernels in the plan:',
                ...diagnosis.myelinLayers.map((l) => {
                    const ops = l.ops.length ? `: ${markdown_text_text(l.ops.join(', '))}` : '';
                    return `> - ${code(l.name)}${ops}${l.looksLike ? ` (${markdown_text_text(l.looksLike)})` : ''}`;
                }),
            ]
            : []),
        '>',
        ...diagnosis.advice.map((a) => `> - ${markdown_text_text(a)}`),
    ].join('\n');
}

;// CONCATENATED MODULE: ./.build/tsc/report/sections/diagnoses.js
// Each plan padded with zeros (NVIDIA/TensorRT#4841): verify's diagnosis, its layers and what to do.




function diagnosisSections(rows) {
    return rows.flatMap(({ build }) => build.scan?.diagnosis
        ? [
            {
                priority: PRIORITY.cause,
                text: [
                    `#### ${markdown_text_text(engineName(build))}: plan padded with zeros`,
                    '',
                    renderDiagnosisMarkdown(build.scan.diagnosis),
                ].join('\n'),
            },
        ]
        : []);
}

;// CONCATENATED MODULE: ./.build/tsc/report/sections/failures.js
// Builds that failed, each with trtexec's own words in a fence, what to do, its log and its trt-ci.yml line;
// a failed preflight said once, with the engines it kept from building.



function failures(rows) {
    const stopped = rows.filter((r) => r.build.status !== 'built' && r.build.failure?.kind === 'preflight-failed');
    const failed = rows.filter((r) => r.build.failure && r.build.status !== 'built' && r.build.failure.kind !== 'preflight-failed');
    return [...(stopped.length ? [notBuilt(stopped)] : []), ...failed.map(failedBuild)];
}
function notBuilt(stopped) {
    const names = stopped.map((r) => markdown_text_text(`${r.build.model}/${r.build.profile}`)).join(', ');
    const failure = stopped[0].build.failure;
    return {
        priority: PRIORITY.failure,
        text: [
            `#### ❌ Not built: ${markdown_text_text(failure.message)} ` +
                `(${stopped.length} engine${stopped.length === 1 ? '' : 's'}: ${names})`,
            '',
            `**What to do:** ${markdown_text_text(failure.hint)}`,
        ].join('\n'),
    };
}
function failedBuild(r) {
    const b = r.build;
    const log = b.attempts[b.attempts.length - 1]?.log;
    const where = [log && `log ${code(log)}`, b.configPosition && `config ${code(formatPosition(b.configPosition))}`]
        .filter(Boolean)
        .join(' · ');
    return {
        priority: PRIORITY.failure,
        text: [
            `#### ❌ ${markdown_text_text(b.model)} / ${markdown_text_text(b.profile)} on ${markdown_text_text(r.gpu)}: ${b.failure.kind}`,
            '',
            codeBlock(b.failure.message),
            '',
            `**What to do:** ${markdown_text_text(b.failure.hint)}`,
            ...(where ? ['', where] : []),
        ].join('\n'),
    };
}

;// CONCATENATED MODULE: ./.build/tsc/report/sections/gpu-tables.js





/** "+6.0 MiB (+50.0%)", "−1.0 MiB (−9.1%)", "=", or "—" without a baseline. */
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
const right = (label) => ({ label, align: 'right' });
const ENGINES = tableOf([
    '',
    'model',
    'profile',
    right('plan'),
    right('Δ plan'),
    right('zeros'),
    right('build'),
    right('peak GPU memory'),
    right('end-to-end latency p50 (trtexec benchmark, opt shape)'),
]);
function engineRow({ build: b, ...row }) {
    const latency = b.perf?.latencyMs?.median ?? null;
    const zeros = b.scan?.zeroFraction ?? null;
    return ENGINES.row([
        rowIcon({ build: b, ...row }),
        b.model,
        b.profile,
        b.bytes === null ? '—' : formatBytes(b.bytes),
        delta(b.bytes, b.baseline?.bytes, formatBytes),
        zeros === null ? '—' : `${(zeros * 100).toFixed(1)}%`,
        b.buildSeconds === null ? '—' : formatSeconds(b.buildSeconds),
        b.peakGpuMemoryMiB === null ? '—' : formatBytes(b.peakGpuMemoryMiB * MiB),
        latency === null ? '—' : formatMs(latency),
    ]);
}
/** One table per GPU type; rows that did not change against the baseline folded away. */
function gpuTables(rows) {
    const gpus = [...new Set(rows.map((r) => r.gpu))];
    if (gpus.length > 1)
        return [comparedAcrossGpus(rows, gpus)];
    return gpus.flatMap((gpu) => {
        const mine = rows.filter((r) => r.gpu === gpu);
        const shown = mine.filter(notable);
        const folded = mine.filter((r) => !notable(r));
        const table = shown.length
            ? [...ENGINES.head, ...shown.map(engineRow)]
            : ['Every engine is the same size as on the baseline.'];
        const sections = [{ priority: PRIORITY.table, text: [`### ${markdown_text_text(gpu)}`, '', ...table].join('\n') }];
        if (folded.length) {
            sections.push({
                priority: PRIORITY.detail,
                text: [
                    `<details><summary>${folded.length} unchanged on ${htmlText(gpu)}</summary>`,
                    '',
                    ...ENGINES.head,
                    ...folded.map(engineRow),
                    '',
                    '</details>',
                ].join('\n'),
            });
        }
        return sections;
    });
}
/** Reports from several runner types: one row per engine, a column group per GPU type. */
function comparedAcrossGpus(rows, gpus) {
    const engines = [...new Map(rows.map((r) => [`${r.build.model}/${r.build.profile}`, r.build])).values()];
    const columns = gpus.flatMap((g) => [
        right(`${shortGpu(g)} plan`),
        right(`${shortGpu(g)} Δ`),
        right(`${shortGpu(g)} build`),
    ]);
    const table = tableOf(['', 'model', 'profile', ...columns]);
    const lines = engines.map((engine) => {
        const mine = rows.filter((r) => r.build.model === engine.model && r.build.profile === engine.profile);
        const cells = gpus.flatMap((gpu) => {
            const row = mine.find((r) => r.gpu === gpu);
            if (!row)
                return ['—', '—', '—'];
            const b = row.build;
            const icon = rowIcon(row) === '✅' || rowIcon(row) === '♻️' ? '' : `${rowIcon(row)} `;
            const size = b.bytes === null ? '—' : formatBytes(b.bytes);
            const time = b.buildSeconds === null ? '—' : formatSeconds(b.buildSeconds);
            return [`${icon}${size}`, delta(b.bytes, b.baseline?.bytes, formatBytes), time];
        });
        const icon = mine.map(rowIcon).find((i) => i === '❌') ?? mine.map(rowIcon).find((i) => i === '⚠️') ?? '✅';
        return table.row([md(icon), engine.model, engine.profile, ...cells]);
    });
    return {
        priority: PRIORITY.table,
        text: [`### ${gpus.map((g) => markdown_text_text(shortGpu(g))).join(' · ')}`, '', ...table.head, ...lines].join('\n'),
    };
}

;// CONCATENATED MODULE: ./.build/tsc/report/parts/regions.js
// An explanation's regions and notes, folded under the line that says what they add up to (docs/explain.md).



const REGIONS = tableOf([
    'region',
    { label: 'Δ time', align: 'right' },
    { label: 'share', align: 'right' },
    'layers',
    'weights',
    'change',
]);
function regionTable(explain) {
    return [
        '',
        '<details><summary>regions</summary>',
        '',
        ...REGIONS.head,
        ...explainRows(explain).map(REGIONS.row),
        ...(explain.notes.length ? ['', ...explain.notes.map((n) => `- ${markdown_text_text(n)}`)] : []),
        '',
        '</details>',
    ];
}

;// CONCATENATED MODULE: ./.build/tsc/report/sections/growth.js
// Engines whose plan grew against the baseline's and that no A/B explained: where the bytes went, per region
// (weights, the #4841 padding, the rest), from the two engines' layer info alone.





function growthSection(rows) {
    const grown = rows.flatMap((r) => {
        const explain = r.build.latency ? null : r.build.explain;
        const bytes = explain && explainBytesLine(explain);
        return explain && bytes ? [{ build: r.build, explain, bytes }] : [];
    });
    if (grown.length === 0)
        return null;
    return {
        priority: PRIORITY.cause,
        text: [
            '#### Where the plans grew',
            ...grown.flatMap(({ build, explain, bytes }) => [
                '',
                `**${markdown_text_text(engineName(build))}** plan ${bytes}`,
                ...regionTable(explain),
            ]),
        ].join('\n'),
    };
}

;// CONCATENATED MODULE: ./.build/tsc/report/sections/headline.js
// The comment's first lines: passed or failed, the things to fix (each with its trt-ci.yml line), the
// engines built and the engine cache, and what each runner type was compared with.






/** At most this many action lines lead the comment; the rest are in the sections below. */
const ACTIONS_SHOWN = 8;
/** One line per thing to do: the engine, what, why, what to do, and its trt-ci.yml line (linked where known). */
function actionLines(items, link) {
    if (items.length === 0)
        return [];
    const where = (p) => {
        if (!p)
            return '';
        const label = code(`${p.file.split('/').at(-1)}:${p.line}`);
        const url = link?.(p);
        return url ? ` [${label}](${url})` : ` ${label}`;
    };
    const lines = items
        .slice(0, ACTIONS_SHOWN)
        .map((i) => `- ❌ **${markdown_text_text(i.model)} / ${markdown_text_text(i.profile)}** on ${markdown_text_text(shortGpu(i.gpu))}: ${i.what}` +
        `${i.why ? ` — ${i.why}` : ''}. **Do:** ${i.todo.replace(/\.$/, '')}.${where(i.position)}`);
    const more = items.length - lines.length;
    const count = `${items.length} thing${items.length === 1 ? '' : 's'} to fix`;
    return ['', `**${count}:**`, '', ...lines, ...(more > 0 ? [`- and ${more} more in the sections below`] : [])];
}
/** The engine cache's account: hits, the GPU time they saved, and why it was not used. */
function cacheLine(reports) {
    if (!reports.some((r) => r.cache))
        return '';
    const hits = reports.reduce((sum, r) => sum + (r.cache?.hits ?? 0), 0);
    const saved = reports.reduce((sum, r) => sum + (r.cache?.savedSeconds ?? 0), 0);
    const refused = reports.find((r) => r.cache?.refused)?.cache?.refused;
    const problems = reports.flatMap((r) => r.cache?.problems ?? []);
    return (` · ♻️ ${hits} from the engine cache${hits ? ` (${formatSeconds(saved)} of GPU time saved)` : ''}` +
        registryWords(reports) +
        (refused ? ` · ⚠️ engine cache not used: ${markdown_text_text(refused)}` : '') +
        (problems.length
            ? ` · ⚠️ ${markdown_text_text(problems[0])}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}`
            : ''));
}
/** What the fleet's registry did: pulled, pushed, built twice, and a run that writes nothing says so. */
function registryWords(reports) {
    const accounts = reports.flatMap((r) => (r.cache?.registry ? [r.cache.registry] : []));
    if (accounts.length === 0)
        return '';
    const sum = (of) => accounts.reduce((total, a) => total + of(a), 0);
    const pulled = sum((a) => a.pulled.engine);
    const pushed = sum((a) => a.pushed.engine);
    const twice = sum((a) => a.duplicates);
    const readOnly = accounts.every((a) => a.writes === null);
    return (` (registry ${markdown_text_text(accounts[0].reads[0] ?? '')}: ${pulled} pulled, ${pushed} pushed` +
        (twice ? `, ${twice} built here and by another run` : '') +
        (readOnly ? '; read-only: not a push to the default branch' : '') +
        ')');
}
/** What each runner type was compared with; those compared with one file and nothing else to say, together. */
function comparisonLines(reports) {
    const lines = [];
    const plain = (r) => r.comparison.baseline !== null &&
        !r.comparison.note &&
        r.comparison.environment.length + r.comparison.added.length + r.comparison.removed.length === 0;
    const together = new Map();
    for (const r of reports.filter(plain)) {
        together.set(r.comparison.baseline, [...(together.get(r.comparison.baseline) ?? []), gpuOf(null, r)]);
    }
    if (together.size)
        lines.push('');
    for (const [baseline, gpus] of together) {
        const where = reports.length > 1 ? ` (${markdown_text_text(gpus.join(', '))})` : '';
        lines.push(`- Compared with ${code(baseline)}${where}.`);
    }
    for (const report of reports.filter((r) => !plain(r))) {
        const { comparison } = report;
        const where = reports.length > 1 ? ` (${markdown_text_text(gpuOf(null, report))})` : '';
        if (comparison.baseline === null) {
            lines.push('', comparison.note
                ? `No baseline${where}: ${markdown_text_text(comparison.note)}.`
                : `No baseline yet${where}: growth budgets start from the next run on the base branch.`);
            continue;
        }
        // A list, so that each fact keeps its own line when GitHub renders it.
        lines.push('', `- Compared with ${code(comparison.baseline)}${where}.${comparison.note ? ` _${markdown_text_text(comparison.note)}_` : ''}`);
        for (const c of comparison.environment) {
            const why = c.what === 'TensorRT' ? ': plans change size with TensorRT, check the Δ column' : '';
            lines.push(`- **${c.what} changed: ${markdown_text_text(c.from ?? 'unknown')} → ${markdown_text_text(c.to ?? 'unknown')}**${why}`);
        }
        if (comparison.added.length)
            lines.push(`- New: ${markdown_text_text(comparison.added.join(', '))}.`);
        if (comparison.removed.length)
            lines.push(`- Gone: ${markdown_text_text(comparison.removed.join(', '))}.`);
    }
    return lines;
}
/** Each model whose written FP16/BF16 ONNX ONNX Runtime could not check before its build: built, said here. */
function uncheckedOnnxLines(rows) {
    const unchecked = new Map();
    for (const { build } of rows) {
        const check = build.builtFrom?.check;
        const type = (build.builtFrom?.narrow ?? 'fp16').toUpperCase();
        if (check?.status === 'not-checked')
            unchecked.set(build.model, { type, reason: check.reason ?? '' });
    }
    const wide = new Map();
    for (const { build } of rows) {
        const nodes = build.builtFrom?.keptWide ?? [];
        if (nodes.length)
            wide.set(build.model, { type: (build.builtFrom?.narrow ?? 'fp16').toUpperCase(), nodes });
    }
    const lines = [
        ...[...unchecked].map(([model, { type, reason }]) => `- ⚠️ The ${type} ONNX trt-ci wrote for **${markdown_text_text(model)}** was built without ONNX Runtime's check: ` +
            `${markdown_text_text(reason)}.`),
        // Said where it happens: one keep-fp32 list means the same on 10.x (which clamps such weights) and 11.x.
        ...[...wide].map(([model, { type, nodes }]) => `- ℹ️ In the ${type} ONNX of **${markdown_text_text(model)}**, ${nodes.map(code).join(', ')} stayed FP32 on their own: ` +
            `they read a constant past ${type}'s range (it would be Inf).`),
    ];
    return lines.length ? ['', ...lines] : [];
}
function headlineSection(reports, rows, options) {
    const passed = options.missing.length === 0 && reports.every((r) => r.status === 'passed');
    const built = rows.filter((r) => report_isBuilt(r.build)).length;
    const budgets = rows.flatMap((r) => r.build.budgets);
    const failedBudgets = budgets.filter((b) => b.status === 'fail').length;
    const warnings = budgets.filter((b) => b.status === 'warn').length;
    const versions = [...new Set(reports.map((r) => `${r.environment.product} ${r.environment.tensorrtVersion}`))].join(', ');
    const lines = [
        `## ${options.title} ${passed ? '✅ passed' : '❌ failed'}`,
        ...reports.flatMap((r) => r.interrupted
            ? [
                '',
                `**Interrupted${reports.length > 1 ? ` (${markdown_text_text(gpuOf(null, r))})` : ''}:** the run was cancelled during ` +
                    `${markdown_text_text(r.interrupted)}; it and the stages after it did not finish. What ran is below.`,
            ]
            : []),
        ...actionLines(actionItems(reports), options.configLink),
        '',
        [
            `${built}/${rows.length} engines built · ${markdown_text_text(versions)}${cacheLine(reports)}`,
            failedBudgets ? ` · ❌ ${failedBudgets} budget${failedBudgets > 1 ? 's' : ''} failed` : '',
            warnings ? ` · ⚠️ ${warnings} warning${warnings > 1 ? 's' : ''}` : '',
        ].join(''),
        ...uncheckedOnnxLines(rows),
        ...comparisonLines(reports),
    ];
    return { priority: PRIORITY.headline, text: lines.join('\n') };
}

;// CONCATENATED MODULE: ./.build/tsc/report/parts/sparkline.js
const BLOCKS = '▁▂▃▄▅▆▇█';
/** The values as a line of block characters, scaled between their min and max (flat is all ▄). */
function sparkline(values) {
    const [low, high] = [Math.min(...values), Math.max(...values)];
    return values
        .map((v) => (high === low ? BLOCKS[3] : BLOCKS[Math.round(((v - low) / (high - low)) * (BLOCKS.length - 1))]))
        .join('');
}

;// CONCATENATED MODULE: ./.build/tsc/report/sections/history.js
// Each engine against the base branch's last builds on its series: a sparkline, the head, in range or not.






const history_TABLE = tableOf(['engine', 'GPU', 'metric', 'last builds', 'head', 'standing']);
const history_figure = (metric, value) => metric === 'planBytes' ? formatBytes(value) : formatMs(value);
function history_line(s) {
    const last = `the last ${s.recent.length} builds`;
    // A new series after an environment step: the builds before it are shown, never judged against.
    const where = s.step
        ? `an environment step (${markdown_text_text(s.step)}): a new series, not judged against ${last} before it`
        : s.within
            ? `within the range of ${last}`
            : s.head > s.high
                ? `**above** ${last} (max ${history_figure(s.metric, s.high)}, +${((s.head / s.high - 1) * 100).toFixed(1)}%)`
                : `below ${last} (min ${history_figure(s.metric, s.low)}, ${((s.head / s.low - 1) * 100).toFixed(1)}%)`;
    const metric = s.metric === 'planBytes' ? 'plan size' : 'latency (benchmark median)';
    // The sparkline is code and the standing may be bold: trt-ci's own markdown, around figures it formats.
    return history_TABLE.row([
        engineName(s),
        shortGpu(s.gpu),
        metric,
        md(code(sparkline(s.recent))),
        history_figure(s.metric, s.head),
        md(where),
    ]);
}
function historySection(standings) {
    if (standings.length === 0)
        return null;
    const outside = standings.filter((s) => !s.within);
    const steps = standings.filter((s) => s.step);
    const within = standings.filter((s) => s.within && !s.step);
    return {
        priority: outside.length > 0 ? PRIORITY.cause : PRIORITY.detail,
        text: [
            `#### ${outside.length > 0 ? '⚠️' : '✅'} History: ${outside.length} of ${standings.length} outside the ` +
                "base branch's recent range",
            '',
            ...foldedTable(history_TABLE.head, [...outside, ...steps].map(history_line), within.map(history_line), 'within the range of the last builds'),
        ].join('\n'),
    };
}

;// CONCATENATED MODULE: ./.build/tsc/report/sections/keep-fp32.js
// What to keep in FP32: precision-search's answer for each model whose fp16 engine failed its gate, decision
// first (the nodes and the lines to paste), then what it fixes and what it costs, then how it was found.




const keep_fp32_size = (bytes) => (bytes == null ? 'unknown' : formatBytes(bytes));
function searchLines(s) {
    const [first, found] = [s.builds[0], s.builds.find((b) => s.keep && b.keep.join('\n') === s.keep.join('\n'))];
    const builds = `${s.builds.length} build(s) of ${s.candidates} candidate node(s)`;
    const where = s.configPosition ? ` (${markdown_text_text(formatPosition(s.configPosition))})` : '';
    // The first candidate: all-FP16, or the configured list alone where the search added to it.
    const base = s.start.length ? `the configured list (${s.start.map(code).join(', ')})` : 'all-FP16';
    const unjudged = s.builds.filter((b) => b.unjudged);
    const caution = unjudged.length
        ? [
            `- ${unjudged.length} list(s) gave no verdict (${markdown_text_text(unjudged[0].unjudged)}): counted as not passing, so ` +
                'the list passes but may not be the smallest',
        ]
        : [];
    switch (s.outcome) {
        case 'unjudged':
            return [
                `**${markdown_text_text(s.model)}**: no list is known: with every candidate node kept in FP32 the engine gave no ` +
                    `verdict (it ${markdown_text_text(unjudged.at(-1)?.unjudged ?? 'failed')}; ${builds}). Fix that first, then search again.`,
            ];
        case 'no-evidence':
            return [
                `**${markdown_text_text(s.model)}**: no list: ${base} gave no verdict (it ${markdown_text_text(first?.unjudged ?? 'failed')}), so ` +
                    `nothing shows that any node must be kept (${builds}). Fix that first, then search again.`,
            ];
        case 'error':
            return [`**${markdown_text_text(s.model)}**: the search stopped: ${markdown_text_text(s.error ?? 'unknown')}.`];
        case 'rechecked': {
            const steps = `${s.builds.length} build(s), each kept node left out in turn`;
            if (s.dropped.length === 0)
                return [
                    `**${markdown_text_text(s.model)}**: on ${markdown_text_text(s.step ?? 'this TensorRT')} every kept node is still needed (${steps}).`,
                ];
            return [
                `**${markdown_text_text(s.model)}**: on ${markdown_text_text(s.step ?? 'this TensorRT')}, ${s.dropped.map(code).join(', ')} no longer ` +
                    `need${s.dropped.length === 1 ? 's' : ''} FP32: the list without ${s.dropped.length === 1 ? 'it' : 'them'} ` +
                    `passes its gate (${steps}). Paste under the model in trt-ci.yml${where}:`,
                '',
                codeBlock(`keep-fp32: [${(s.keep ?? []).join(', ')}]`),
            ];
        }
        case 'none-needed':
            return [
                `**${markdown_text_text(s.model)}**: nothing; all-FP16 built again passes its gate (${builds}): the failure did not ` +
                    'come back, so it is not a node FP16 can be kept off.',
            ];
        case 'unfixable':
            return [
                `**${markdown_text_text(s.model)}**: no list fixes it: with every candidate node kept in FP32 the gate still fails ` +
                    `(${markdown_text_text(first?.worst ?? '')}; ${builds}). Check the tolerances and the inputs, and layers TensorRT ` +
                    'adds that no ONNX node names.',
            ];
        default: {
            const budget = s.spent === 'time' ? `its time (${s.maxSeconds} s)` : `its ${s.maxBuilds} builds`;
            if (s.keep === null)
                return [
                    `**${markdown_text_text(s.model)}**: the search ran out of ${budget} after ${builds}, before any list was judged; ` +
                        'give it more (precision-search: { max-builds, max-time }).',
                ];
            const names = s.keep.map(code).join(', ');
            const price = s.price;
            return [
                `**${markdown_text_text(s.model)}**: keep ${names} in FP32` +
                    (s.outcome === 'budget-spent'
                        ? ` (the search ran out of ${budget}: it passes, it may not be the smallest)`
                        : ''),
                '',
                `Paste under the model in trt-ci.yml${where}:`,
                '',
                codeBlock(`keep-fp32: [${s.keep.join(', ')}]`),
                '',
                `- accuracy: ${base} ${markdown_text_text(first?.worst ?? 'failed')}; with the list, passed` +
                    (price ? ` (built again: ${markdown_text_text(price.accuracy)})` : ''),
                `- latency against ${base}: ${markdown_text_text(price?.latency ?? 'not measured')}`,
                `- plan size: ${keep_fp32_size(price?.planBytes ?? found?.planBytes)} against ${keep_fp32_size(first?.planBytes)} ${base}`,
                `- found in ${builds}${s.openedAt ? `, opened at ${code(s.openedAt)} where the error starts` : ''}`,
                ...caution,
            ];
        }
    }
}
function keepFp32Section(reports) {
    const searches = reports.flatMap((r) => r.precisionSearch);
    if (searches.length === 0)
        return null;
    return {
        priority: PRIORITY.failure,
        text: ['#### 🧪 What to keep in FP32', '', ...searches.flatMap((s) => [...searchLines(s), ''])]
            .join('\n')
            .trimEnd(),
    };
}

;// CONCATENATED MODULE: ./.build/tsc/report/parts/latency.js
// The A/B in words and in a small chart, for the CLI, the job summary and the comment. Pure.

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
    if (latency.verdict === 'head-failed')
        return `the head engine could not be run: ${latency.reason}`;
    const p = latency.p === null ? '' : `, p = ${latency.p.toPrecision(2)}`;
    const retried = latency.retried ? ', after a second batch' : '';
    return (`${latency.verdict}: ${latencyChange(latency)}${p} (${latency.repetitions} repetitions a side${retried}) — ` +
        latency.reason);
}

;// CONCATENATED MODULE: ./.build/tsc/report/sections/latency.js
// Latency A/Bs (benchmark: ab): each engine against its base engine on the same GPU, "+3.1% [2.8, 3.4]" with
// p, the repetition medians of both sides as a strip chart on one scale, and why an engine that changed did.








const latency_ICON = {
    slower: '❌',
    faster: '🚀',
    same: '✅',
    inconclusive: '⚠️',
    'contract-mismatch': '⚠️',
    'head-failed': '❌',
};
const latency_TABLE = tableOf([
    '',
    'engine',
    'GPU',
    'verdict',
    md('A/B change [95% CI]'),
    'p',
    'GPU compute median base → head (A/B)',
    'repetition medians',
    '',
]);
function latency_line(r) {
    const latency = r.build.latency;
    const chart = latency.runs.length ? distributionChart(latency.runs) : null;
    return latency_TABLE.row([
        md(latency_ICON[latency.verdict]),
        engineName(r.build),
        r.gpu,
        latency.verdict,
        latency_text_latencyChange(latency),
        latency.p === null ? '–' : latency.p.toPrecision(2),
        latency.base && latency.head
            ? `${latency.base.median.toPrecision(4)} → ${latency.head.median.toPrecision(4)} ms`
            : '–',
        chart ? `base ${chart.base} / head ${chart.head}` : '–',
        latency.reason,
    ]);
}
function latencySection(reports, rows) {
    const compared = rows.filter((r) => r.build.latency);
    const notes = reports.flatMap((r) => r.comparison.latencyNotes ?? []);
    if (compared.length === 0 && notes.length === 0)
        return null;
    const slower = compared.filter((r) => r.build.latency.verdict === 'slower');
    const same = compared.filter((r) => r.build.latency.verdict === 'same');
    const undecided = compared.filter((r) => ['inconclusive', 'contract-mismatch'].includes(r.build.latency.verdict));
    const failed = compared.filter((r) => r.build.latency.verdict === 'head-failed');
    // Only what was measured: no A/B is not "0/0 slower", and one that could not decide is not a pass.
    const verdict = compared.length === 0
        ? 'ℹ️ Latency against the base engine: no A/B ran'
        : `${slower.length || failed.length ? '❌' : undecided.length ? '⚠️' : '✅'} Latency against the base ` +
            `engine, same GPU: ${slower.length}/${compared.length} slower` +
            (undecided.length ? `, ${undecided.length} undecided` : '') +
            (failed.length ? `, ${failed.length} crashed` : '');
    return {
        priority: slower.length || failed.length ? PRIORITY.failure : PRIORITY.passed,
        text: [
            `#### ${verdict}`,
            '',
            ...foldedTable(latency_TABLE.head, compared.filter((r) => !same.includes(r)).map(latency_line), same.map(latency_line), 'the same as the base engine'),
            ...notes.map((note) => `- ${markdown_text_text(note)}`),
            ...compared.flatMap((r) => whyLines(r)),
        ].join('\n'),
    };
}
/** Where and why an engine the A/B found changed: one line, then its regions folded (docs/explain.md). */
function whyLines(row) {
    const { latency, explain } = row.build;
    const bytes = explain && explainBytesLine(explain);
    const name = `**${markdown_text_text(engineName(row.build))}**`;
    const grew = bytes ? ['', `${name} plan ${bytes}`] : [];
    if (!explain || !latency || (latency.verdict !== 'slower' && latency.verdict !== 'faster'))
        return grew;
    return ['', `${name} ${latency_text_latencyChange(latency)}: ${explainLine(explain)}`, ...grew.slice(1), ...regionTable(explain)];
}

;// CONCATENATED MODULE: ./.build/tsc/report/sections/missing-runners.js
// Runners whose job ended without a report: said first, never left out of the merged view.


function missingSection(missing) {
    if (missing.length === 0)
        return null;
    return {
        priority: PRIORITY.headline,
        text: [
            `### ❌ No report from ${missing.length} runner${missing.length === 1 ? '' : 's'}`,
            '',
            ...missing.map((runner) => `- ${code(runner)}`),
            '',
            'Each job ended before trt-ci wrote its report: it failed early (trtexec not found, a setup step), was ' +
                'cancelled, timed out or never got a runner. Its log in this run says which.',
        ].join('\n'),
    };
}

;// CONCATENATED MODULE: ./.build/tsc/report/sections/no-base.js
// Engines that asked for an A/B and got none, said in the first lines: latency-growth is not enforced for
// them, which a reader of the latency table alone would miss. With why, and what to set.


const no_base_SHOWN = 3;
function noBaseSection(reports) {
    const missing = reports
        .flatMap((r) => r.comparison.latencyNotes ?? [])
        .filter((n) => n.includes(': no latency A/B: '));
    if (missing.length === 0)
        return null;
    const shown = missing.slice(0, no_base_SHOWN).map((note) => `- ${markdown_text_text(note)}`);
    return {
        priority: PRIORITY.headline,
        text: [
            `#### ⚠️ No latency A/B for ${missing.length} engine${missing.length > 1 ? 's' : ''}: ` +
                'latency-growth not enforced',
            '',
            ...shown,
            ...(missing.length > shown.length ? [`- and ${missing.length - shown.length} more (report.json)`] : []),
            '',
            "To get base engines: the pack uploads the default branch's plans on push (`base-plans: true`, its " +
                'default) and pull requests download them, so merge once to the default branch; outside the pack, set ' +
                '`base-plans:` in trt-ci.yml (a folder of `<model>.<profile>.plan`), or `base-ref:` with the base commit ' +
                'fetched (`fetch-depth: 0`).',
        ].join('\n'),
    };
}

;// CONCATENATED MODULE: ./.build/tsc/report/sections/preflight.js



function preflightSections(reports) {
    return reports.flatMap((r) => r.preflight
        ? [
            {
                priority: r.preflight.status === 'pass' ? PRIORITY.preflightPassed : PRIORITY.failure,
                text: renderPreflightMarkdown(r.preflight, reports.length > 1 ? gpuOf(null, r) : ''),
            },
        ]
        : []);
}

;// CONCATENATED MODULE: ./.build/tsc/report/render.js




















const SUMMARY_LIMIT_BYTES = 1024 * 1024 - 1024;
const COMMENT_LIMIT_BYTES = 65_535;
function renderReports(reports, options) {
    const rows = rows_rowsOf(reports);
    const missing = options.missing ?? [];
    const sections = [
        headlineSection(reports, rows, { title: options.title ?? 'trt-ci', missing, configLink: options.configLink }),
        missingSection(missing),
        noBaseSection(reports),
        ...failures(rows),
        accuracySection(rows),
        consistencySection(rows),
        stabilitySection(rows),
        keepFp32Section(reports),
        latencySection(reports, rows),
        growthSection(rows),
        deploySection(rows),
        backoffSection(rows),
        budgetSection(rows),
        historySection(options.history ?? []),
        changeChart(rows),
        ...gpuTables(rows),
        ...diagnosisSections(rows),
        ...preflightSections(reports),
    ];
    const marker = options.marker ? `${options.marker}\n` : '';
    const body = fitSections(sections.filter((s) => s !== null), options.limit - Buffer.byteLength(marker), (count) => `_${count} section${count > 1 ? 's' : ''} left out to stay ` +
        `under GitHub's size limit: the full report is in report.json._`);
    return marker + body;
}
/** The job summary of one run. */
function renderSummary(report) {
    return renderReports([report], { limit: SUMMARY_LIMIT_BYTES });
}

;// CONCATENATED MODULE: ./.build/tsc/run/record-files.js
// What a run records once its stages are done: the comparison, the report (its entries written once each, in
// record/), the manifest of its plans, where it ran, and the summary; the files written.












/** The manifest of every plan, with the digest of each model's ONNX. */
async function manifestOf(outcomes, context, createdAt, commit) {
    const onnxSha256 = new Map();
    for (const model of context.config.models) {
        const digest = await context.digests.of(model.onnx);
        if (digest)
            onnxSha256.set(model.onnx, digest);
    }
    return buildManifest(outcomes, {
        tensorrtVersion: formatVersion(context.version, true),
        outputDir: context.config.outputDir,
        createdAt,
        commit,
        onnxSha256,
    });
}
/** What the report says of where the run ran. */
function runEnvironment(context, stage) {
    return {
        tensorrtVersion: formatVersion(context.version, true),
        product: productOf(context.version),
        trtexec: context.config.trtexec,
        gpus: stage.gpus,
        gpuQueryError: stage.gpuQueryError,
        image: context.env.TRT_CI_IMAGE || null,
        measurement: MEASUREMENT,
    };
}
/** The stages' results, recorded: the comparison, the report, the manifest and the summary, written. */
async function recordRun(context, start, stage, found, options) {
    const { config } = context;
    const { outcomes } = stage;
    const { preflight, scans, accuracy, consistency, latency, explain, deploy, deployCost, precisionSearch } = found;
    const { interrupted, stability } = found;
    const environment = runEnvironment(context, stage);
    // Each model's size read once, for the budgets and the entries alike (a model has several profiles).
    const sizes = new Map(config.models.map((m) => [m.onnx, (0,errors/* fileSize */.Ov)(m.onnx)]));
    const onnxBytes = (onnx) => sizes.get(onnx) ?? null;
    const modelIndex = (name) => config.models.findIndex((m) => m.name === name);
    const compared = compareRun(measureRun(outcomes, { scans, accuracy, latency: latency.latency }, onnxBytes), environmentOf({ environment, preflight }), start.baseline && start.baselineFile
        ? { report: start.baseline, path: start.baselineFile, note: options.baselineNote }
        : null, {
        budgetsFor: (name) => config.models[modelIndex(name)].budgets,
        positionOf: (name, metric) => config.position(['models', modelIndex(name), 'budgets', metric]),
    });
    const outputs = {
        manifest: (0,external_node_path_.join)(config.outputDir, 'manifest.json'),
        report: (0,external_node_path_.join)(config.outputDir, 'report.json'),
        summary: (0,external_node_path_.join)(config.outputDir, 'summary.md'),
    };
    const comparison = {
        ...compared.comparison,
        ...(start.baselineRefused && { note: `the base branch's report was not used: ${start.baselineRefused}` }),
        latencyNotes: start.basePlansNote ? [start.basePlansNote, ...latency.notes] : latency.notes,
    };
    const report = assembleReport({
        ...start,
        finishedAt: new Date(),
        config,
        environment,
        preflight,
        outcomes,
        comparison,
        onnxBytes,
        cache: cacheOf(context, stage, start),
        manifest: outputs.manifest,
        interrupted,
        precisionSearch,
    }, { scans, accuracy, consistency, stability, latency: latency.latency, explain, deploy, deployCost, ...compared }, (path) => (0,external_node_path_.relative)(options.cwd, path) || '.');
    const manifest = await manifestOf(outcomes, context, start.startedAt, options.commit ?? null);
    await (0,promises_.mkdir)(config.outputDir, { recursive: true });
    const unwritten = await writeNewFiles([
        [outputs.manifest, `${JSON.stringify(manifest, null, 2)}\n`],
        [outputs.report, `${JSON.stringify(report, null, 2)}\n`],
        [outputs.summary, renderSummary(report)],
    ]);
    return {
        report,
        reportFile: outputs.report,
        summaryFile: outputs.summary,
        manifestFile: outputs.manifest,
        unwritten,
    };
}
/** What the engine cache did this run, for the report. */
function cacheOf(context, stage, start) {
    const { config, registry, cacheTrust } = context;
    return cacheSummary(config, stage, registry ?? null, start.registryCredentials ?? null, cacheTrust.defaultBranch);
}

;// CONCATENATED MODULE: ./.build/tsc/verify/verify-stage.js



/** A scanned plan with its diagnosis; the layer info is read only for a plan that is mostly zeros. */
async function verifiedPlan(scan, layerInfo) {
    const info = mostlyTrailingZeros(scan) && layerInfo ? await readLayerInfo(layerInfo) : null;
    return { ...scan, diagnosis: diagnosePlan(scan, info) };
}
/** Every built plan by its job, from the scan its build already made (one pass per plan). */
async function verifyBuilds(outcomes) {
    const plans = new Map();
    for (const { job, plan } of outcomes) {
        if (plan)
            plans.set(jobKey(job), await verifiedPlan(plan.scan, plan.layerInfo));
    }
    return plans;
}

;// CONCATENATED MODULE: ./.build/tsc/pipeline.js
// The run's stage order, and nothing else: its setup is run/open-run.ts, its record and files
// run/record-files.ts. ARCHITECTURE.md lists the stages and what each takes and returns.















/**
 * A run: set up (run/open-run.ts), its stages in order, recorded (run/record-files.ts); what setup holds is
 * given back however it ends.
 */
async function runPipeline(given) {
    const run = await openRun(given);
    try {
        return await buildAndReport(run.context, run.start, run.options);
    }
    finally {
        await run.close();
    }
}
/** Preflight for this run: the GPU query it already made, and whether it builds the default branch. */
const preflightOf = (context, start, options) => runPreflight(context.config, context.version, {
    env: context.env,
    gpuQuery: start.gpuQuery,
    defaultBranch: options.provenance?.defaultBranch ?? false,
    ...(options.startProcess && { startProcess: options.startProcess }),
    ...(context.signal && { signal: context.signal }),
});
/**
 * Preflight, builds, then each stage on the builds' outcomes, the record of it all, and the files: in an
 * output folder this run holds.
 */
async function buildAndReport(context, start, options) {
    const { config } = context;
    const preflight = options.preflight === false ? null : await preflightOf(context, start, options);
    if (preflight)
        options.onEvent?.({ type: 'preflight', preflight });
    // The first stage a cancel stopped: it and the ones after it did not finish, and the report says so.
    let interrupted = null;
    const ran = (stage, result) => {
        if (context.signal?.aborted)
            interrupted ??= stage;
        return result;
    };
    const stage = ran('builds', await buildsUnlessBlocked(context, preflight, start, options));
    const { outcomes } = stage;
    const scans = await verifyBuilds(outcomes);
    // Built is not enough: engines whose model asks are run against ONNX Runtime's outputs; then, one at a time
    // on the GPU each was built on, engines with benchmark: ab against their base engines.
    const accuracy = ran('accuracy', await checkAccuracy(outcomes, context));
    // Right for one sample is not right in a batch: engines whose profile has a range are run in company too.
    const consistency = ran('consistency', await checkConsistency(outcomes, context));
    const latency = ran('latency', await compareLatency(outcomes, start.baseline, context));
    // The engine tested is the engine served only if a rebuild gives it: `stability:` rebuilds and measures.
    const stability = ran('stability', await checkStability(outcomes, context));
    const explain = ran('explain', await explainChanges(outcomes, latency.latency, start.baseline, context));
    // trt-ci builds where it runs: a Windows runner makes Windows plans.
    const deploy = predictDeploy(outcomes, process.platform === 'win32' ? 'windows' : 'linux');
    const deployCost = ran('deploy-cost', await priceOfPortability(outcomes, context));
    // Last, since each candidate is a run of its own: the keep-fp32 list of a model whose fp16 engine failed.
    const say = (line) => options.onEvent?.({ type: 'note', line });
    const step = tensorrtStep(start.baseline, context.version);
    const searched = await searchKeepLists(outcomes, accuracy, config, say, candidateRuns(options), step);
    const precisionSearch = ran('precision-search', searched);
    const checks = { accuracy, consistency, stability };
    const found = { preflight, scans, ...checks, latency, explain, deploy, deployCost, precisionSearch };
    return recordRun(context, start, stage, { ...found, interrupted }, options);
}
/** "TensorRT 10.16 → 11.5" when the baseline ran another TensorRT minor than this run, else null. */
function tensorrtStep(baseline, version) {
    const minor = (text) => text.split('.').slice(0, 2).join('.');
    const [before, now] = [baseline && minor(baseline.environment.tensorrtVersion), minor(formatVersion(version))];
    return before && before !== now ? `TensorRT ${before} → ${now}` : null;
}
/** precision-search's candidates: each a run of this pipeline of its own, its config adjusted. */
function candidateRuns(options) {
    return {
        run: (adjust, preflight) => runPipeline({
            ...{ configFile: options.configFile, cwd: options.cwd, env: options.env, preflight },
            ...(options.configEnv && { configEnv: options.configEnv }),
            provenance: options.provenance ?? null,
            ...(options.signal && { signal: options.signal }),
            ...(options.startProcess && { startProcess: options.startProcess }),
            adjustConfig: (loaded) => adjust(options.adjustConfig ? options.adjustConfig(loaded) : loaded),
        }),
        ...(options.signal && { signal: options.signal }),
    };
}
/** The build stage, or every build skipped when preflight failed and is enforced. */
async function buildsUnlessBlocked(context, preflight, start, options) {
    const { config } = context;
    const blocking = preflight?.checks.filter((c) => c.status === 'fail') ?? [];
    if (blocking.length > 0 && config.preflight === 'enforce') {
        const failure = {
            kind: 'preflight-failed',
            message: `preflight failed: ${blocking.map((c) => c.id).join(', ')}`,
            hint: hintFor('preflight-failed', ''),
        };
        return skipBuildStage(config, failure, start.selection);
    }
    const built = await runBuildStage(config, {
        ...options,
        building: start.building,
        nvidiaSmi: context.nvidiaSmi,
        gpuQuery: start.gpuQuery,
        selection: start.selection,
    });
    // Side builds (a marked copy, the ampere+ variant, the base's engine) on the GPUs the stage found, the cache
    // keyed by their names as the stage's builds were.
    for (const gpu of built.gpus)
        start.building.gpus.set(gpu.index, gpu);
    return built;
}

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
        message: cutBytes(a.message, 64 * 1024 - 1),
    });
    const batches = [];
    for (let i = 0; i < outcome.annotations.length; i += ANNOTATIONS_PER_REQUEST)
        batches.push(outcome.annotations.slice(i, i + ANNOTATIONS_PER_REQUEST));
    const output = { title: outcome.title, summary: cutBytes(outcome.summary, OUTPUT_LIMIT) };
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

;// CONCATENATED MODULE: ./.build/tsc/github/problems.js

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
        message: `${step} failed: ${why} (${(0,errors/* errorMessage */.gJ)(error).split('\n')[0]})`,
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

;// CONCATENATED MODULE: ./.build/tsc/action/summary.js





/**
 * The job summary needs no permission, so it is always written (appended to the file the runner names in the
 * job's GITHUB_STEP_SUMMARY, as the runner's own summary API does); a failure to write it never hides the result.
 */
async function writeSummary(env, markdown) {
    const file = env.GITHUB_STEP_SUMMARY;
    if (!file)
        return;
    try {
        await (0,promises_.appendFile)(file, markdown);
    }
    catch (error) {
        core/* warning */.$e(`trt-ci: could not write the job summary: ${(0,errors/* errorMessage */.gJ)(error)}`);
    }
}
/** The summary's account of reporting steps that did not work, with the permissions block to add. */
function problemsSection(problems) {
    if (problems.length === 0)
        return '';
    const block = permissionsBlock(problems);
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
    const detail = crash instanceof errors/* InputError */.dz
        ? crash.message
        : `internal error (please report it): ${crash instanceof Error ? (crash.stack ?? crash.message) : String(crash)}`;
    return `## trt-ci ❌ could not run\n\n${codeBlock(detail)}\n`;
}

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
            const posted = await upsertStickyComment(octokit, { ...where, body }, await tokenIdentity(octokit), create);
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
            const summary = crashMarkdown(error);
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
            const problem = reportingProblem(step, permission, error, this.fromFork);
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

;// CONCATENATED MODULE: ./.build/tsc/action/action-inputs.js
// Written by npm run build (scripts/action-inputs.mjs) from action.yml, gate/action.yml and report/action.yml:
// each action's inputs with the default the runner fills in. The token's default (the job's github.token)
// means nothing outside Actions, so there it has none (null).
const ACTION_INPUTS = {
    run: {
        config: 'trt-ci.yml',
        token: null,
        comment: 'on-change',
        'fail-on': 'error, budget, accuracy, deploy',
        baseline: 'auto',
        'check-name': '',
        'report-key': '',
        'pull-request': '',
        'head-sha': '',
        'base-plans': 'auto',
        'deploy-target': '',
        'deploy-from': '',
        manifest: '',
        shard: '',
        stability: '',
    },
    gate: {
        token: null,
        'approval-label': 'gpu-ok',
        'trusted-actors': '',
        shards: '1',
    },
    report: {
        token: null,
        reports: 'reports',
        'report-key': '',
        'check-name': '',
        shards: '1',
        'pull-request': '',
        'head-sha': '',
        'expected-runners': '',
        'history-branch': 'trt-ci-data',
        dashboard: '',
    },
};

;// CONCATENATED MODULE: ./.build/tsc/action/inputs.js




// The words of the comment and fail-on inputs. Here, not with the policy that reads them (policy.ts): the
// action's first chunk parses its inputs and must not load the report's code with them (start-up time).
const COMMENT_POLICIES = ['always', 'on-change', 'on-failure', 'never'];
const FAIL_ON = ['error', 'budget', 'regression', 'accuracy', 'deploy'];
/** An input of one of the three actions; empty (or outside the runner) falls back to its action.yml default. */
function input(action, name) {
    const defaults = ACTION_INPUTS[action];
    return core/* getInput */.V4(name) || (defaults[name] ?? '');
}
/** The token, masked in the log from here on. */
function tokenInput(action) {
    const token = input(action, 'token');
    if (token)
        core/* setSecret */.Pq(token);
    return token;
}
/** The run command's inputs, checked like the config: a bad one names itself and what it takes. */
function readRunInputs() {
    const comment = input('run', 'comment');
    if (!COMMENT_POLICIES.includes(comment)) {
        throw new errors/* InputError */.dz(`input comment: expected one of ${COMMENT_POLICIES.join(', ')}, got "${comment}"`);
    }
    const failOn = input('run', 'fail-on')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    const bad = failOn.find((f) => !FAIL_ON.includes(f));
    if (bad)
        throw new errors/* InputError */.dz(`input fail-on: expected a list of ${FAIL_ON.join(', ')}, got "${bad}"`);
    const config = input('run', 'config');
    const basePlans = input('run', 'base-plans');
    if (basePlans !== 'auto' && basePlans !== 'none') {
        throw new errors/* InputError */.dz(`input base-plans: expected auto or none, got "${basePlans}"`);
    }
    return {
        basePlans,
        config,
        token: tokenInput('run'),
        comment: comment,
        failOn: failOn,
        baseline: input('run', 'baseline'),
        checkName: input('run', 'check-name') || 'trt-ci',
        reportKey: input('run', 'report-key') || config,
        shard: shardInput(),
        pullRequest: { number: input('run', 'pull-request'), headSha: input('run', 'head-sha') },
        stabilityRebuilds: stabilityInput(),
    };
}
/** `stability: N`: rebuild each engine N more times where trt-ci.yml does not say (the stability schema's range). */
function stabilityInput() {
    const text = input('run', 'stability').trim();
    if (!text)
        return null;
    const rebuilds = Number(text);
    if (!/^\d{1,2}$/.test(text) || rebuilds < 1 || rebuilds > 10) {
        throw new errors/* InputError */.dz(`input stability: expected a number of rebuilds from 1 to 10, or empty, got "${text}"`);
    }
    return rebuilds;
}
/** `shard: I/N` of the run command: this job builds that share of the pairs. */
function shardInput() {
    const text = input('run', 'shard');
    if (!text)
        return null;
    const shard = parseShard(text);
    if (!shard)
        throw new errors/* InputError */.dz(`input shard: expected I/N with 1 <= I <= N, like 2/3, got "${text}"`);
    return shard;
}
/** `shards` of the gate and report commands: how many jobs each runner label set is split into. */
function shardCount(action) {
    const text = input(action, 'shards');
    const count = Number(text);
    if (!/^\d{1,3}$/.test(text) || count < 1) {
        throw new InputError(`input shards: expected a number of jobs per runner type from 1 to 999, got "${text}"`);
    }
    return count;
}

;// CONCATENATED MODULE: ./.build/tsc/contract/deploy-load.js
// What a deploy job (trt-ci deploy-load, the pack's deploy job on the target's own runner) writes for the
// report job: `trt-ci/deploy-load@1`. The report job reads it as data from another job, so it is parsed
// with this schema: a file that does not match is skipped with a warning, never merged.


const DEPLOY_LOAD_SCHEMA = 'trt-ci/deploy-load@1';
/** The report's own verdicts: a load says one of them, as a prediction does. */
const verdictSchema = deployRowSchema.shape.verdict;
/** One engine loaded on the target: the observed verdict, and the prediction beside it. */
const loadedEngineSchema = schemas/* object */.Ikc({
    model: schemas/* string */.YjP(),
    profile: schemas/* string */.YjP(),
    target: schemas/* string */.YjP(),
    verdict: verdictSchema,
    /** What TensorRT said (its line), or null. */
    line: schemas/* string */.YjP().nullable(),
    observed: schemas/* literal */.euz(true),
    predicted: verdictSchema,
    /** The load contradicts a prediction that was not `unknown`. */
    mismatch: schemas/* boolean */.zMY(),
});
const deployLoadSchema = schemas/* object */.Ikc({
    schema: schemas/* literal */.euz(DEPLOY_LOAD_SCHEMA),
    target: schemas/* string */.YjP(),
    /** The report key (runner labels) of the build job whose plans were loaded; null from the CLI. */
    from: schemas/* string */.YjP().nullable(),
    engines: schemas/* array */.YOg(loadedEngineSchema),
});

;// CONCATENATED MODULE: ./.build/tsc/deploy/observe.js
const WARNING = /Using an engine plan file across different models of devices/;
/** The verdict a load gave: loads, loads with TensorRT's warning, or fails with its own error line. */
function observedLoad(lines, exitCode) {
    const errors = lines.filter((l) => /\[E\]/.test(l)).map((l) => l.replace(/^.*?\[E\]\s*(\[TRT\]\s*)?/, ''));
    if (exitCode === 0) {
        const warned = lines.find((l) => WARNING.test(l));
        return warned
            ? { verdict: 'loads-with-warning', line: warned.replace(/^.*?\[W\]\s*(\[TRT\]\s*)?/, '') }
            : { verdict: 'loads', line: null };
    }
    // TensorRT's reason is the line about the plan file; the ones after it only say that deserializing failed.
    const reason = errors.find((l) => /engine plan file|Version tag does not match|Magic tag/.test(l)) ?? errors.at(0);
    return { verdict: 'fails', line: reason ?? `trtexec exited with ${exitCode ?? 'a signal'}` };
}

;// CONCATENATED MODULE: ./.build/tsc/deploy/load.js
// A load on the target's own machine (trt-ci deploy-load, the pack's deploy job): each engine of a manifest
// that ships to the target is loaded by the plan runner (trtexec, or run: { command }) and run once, and what
// TensorRT said becomes the verdict (observed: true), beside the prediction it confirms or contradicts. Only on the
// target's machine: a target the config does not name, or a machine whose GPU or TensorRT is not the target's, is
// refused before a load.














/**
 * The manifest's engines that ship to the target, loaded here: the target checked against the config and
 * this machine first (exit 2), then one load each; what their loads left behind is killed at the end.
 */
async function loadManifestOnTarget(setup) {
    const manifests = manifestsAt(setup.manifest.file, setup.manifest.shown).map((m) => readManifest(m.file, m.shown));
    const targets = targetsOf(setup.config);
    const target = findTarget(targets, setup.target);
    const { signal } = setup;
    const trtexec = createTrtexec({
        command: setup.trtexec,
        env: setup.env,
        killGraceMs: setup.config.killGraceMs,
        ...(signal && { signal }),
        ...(setup.startProcess && { start: setup.startProcess }),
    });
    // A team that runs its plans with its own command (run: { command }) loads them with it too.
    const command = commandRunnerOf(setup.config, { env: setup.env, signal });
    try {
        const gpus = await queryGpus({ command: setup.nvidiaSmi, env: setup.env, signal, start: setup.startProcess });
        const where = setup.config.where([command ? 'run' : 'trtexec']);
        const version = await checkMachine(target, { gpus, prober: command ?? trtexec, where });
        const runner = command ?? trtexec_runner_trtexecRunner(trtexec, version);
        // Nothing to load is no pass: plans of the wrong runner type, or of models that do not ship there.
        const shipping = [...targets].filter(([, list]) => list.some((t) => t.name === target.name)).map(([m]) => m);
        const held = [...new Set(manifests.flatMap(({ manifest }) => manifest.engines.map((e) => e.model)))];
        if (!held.some((model) => shipping.includes(model))) {
            throw new errors/* InputError */.dz(`${setup.manifest.shown}: no engine to load on ${target.name}: it holds ${held.join(', ') || 'none'}, ` +
                `and ${shipping.join(', ')} ship${shipping.length === 1 ? 's' : ''} there`);
        }
        const engines = [];
        for (const { file, manifest } of manifests) {
            engines.push(...(await loadOnTarget(manifest, file, targets, target.name, runner, setup.logDir)));
        }
        return engines;
    }
    finally {
        await Promise.all([trtexec.sweep(), command?.sweep()]);
    }
}
/**
 * The manifests a path names: a manifest.json, or a folder of the build jobs' downloaded artifacts (one per
 * shard of a runner type: its manifest.json, and each subfolder's). A folder with none is exit 2.
 */
function manifestsAt(path, shown) {
    let entries;
    try {
        if (!(0,external_node_fs_.statSync)(path).isDirectory())
            return [{ file: path, shown }];
        entries = (0,external_node_fs_.readdirSync)(path, { withFileTypes: true });
    }
    catch {
        return [{ file: path, shown }];
    }
    const found = [
        ...((0,external_node_fs_.existsSync)((0,external_node_path_.join)(path, 'manifest.json')) ? ['manifest.json'] : []),
        ...entries
            .filter((e) => e.isDirectory() && (0,external_node_fs_.existsSync)((0,external_node_path_.join)(path, e.name, 'manifest.json')))
            .map((e) => (0,external_node_path_.join)(e.name, 'manifest.json'))
            .sort(),
    ];
    if (found.length === 0)
        throw new errors/* InputError */.dz(`${shown}: expected a manifest.json, or a folder of them; found none`);
    return found.map((f) => ({ file: (0,external_node_path_.join)(path, f), shown: (0,external_node_path_.join)(shown, f) }));
}
/** The target by name, or exit 2 naming the targets there are (and the closest one). */
function findTarget(targets, name) {
    const all = [...targets.values()].flat();
    const found = all.find((t) => t.name === name);
    if (found)
        return found;
    const names = [...new Set(all.map((t) => t.name))];
    const near = closest(name, names);
    throw new errors/* InputError */.dz(`--target: "${name}" is not a deploy target of the config` +
        (names.length ? ` (it has ${names.join(', ')})` : ' (it has no deploy: targets)') +
        (near ? `; did you mean "${near}"?` : ''));
}
/** Exit 2 unless this machine is the target: its first visible GPU and its TensorRT (returned). */
async function checkMachine(target, machine) {
    if (!machine.gpus.ok || machine.gpus.gpus.length === 0) {
        const why = machine.gpus.ok ? 'no GPU' : machine.gpus.reason;
        throw new errors/* InputError */.dz(`--target ${target.name}: cannot tell this machine's GPU (nvidia-smi: ${why})`);
    }
    const gpu = machine.gpus.gpus[0];
    const { version } = await machine.prober.probe(machine.where);
    const problem = notTheTarget(target, {
        gpu: gpu.name ?? 'unknown',
        computeCapability: gpu.computeCapability ?? null,
        tensorrt: formatVersion(version, true),
    });
    if (problem)
        throw new errors/* InputError */.dz(`--target ${target.name}: ${problem}: run deploy-load on the target's machine`);
    return version;
}
/** Lines of a load's log kept for its verdict: TensorRT's errors and warnings, at most this many. */
const KEPT_LINES = 200;
async function loadOnTarget(manifest, manifestFile, targets, targetName, runner, logDir) {
    const engines = [];
    await (0,promises_.mkdir)(logDir, { recursive: true });
    for (const engine of manifest.engines) {
        const target = (targets.get(engine.model) ?? []).find((t) => t.name === targetName);
        if (!target)
            continue;
        const [predicted] = predictTargets({
            tensorrtVersion: engine.tensorrtVersion ?? manifest.tensorrtVersion ?? null,
            computeCapability: engine.gpu?.computeCapability ?? null,
            gpu: engine.gpu?.name ?? null,
            os: 'linux',
            flags: engine.flags ?? [],
        }, [target]);
        const shapes = Object.entries(engine.shapes ?? {}).map(([input, s]) => ({
            input,
            dims: s.opt.split('x').map(Number),
        }));
        const plan = { plan: (0,external_node_path_.resolve)(manifestFile, '..', engine.path), shapes, plugins: [], dynamicPlugins: [] };
        const versionCompatible = portabilityOf(engine.flags ?? []).versionCompatible;
        // Names from a manifest and trt-ci.yml name the log, encoded: "../x" is a file in logDir, not a path.
        const log = (0,external_node_path_.join)(logDir, `${[engine.model, engine.profile, targetName].map(fileName).join('.')}.load.log`);
        // The verdict reads TensorRT's error and warning lines as they come, each one bounded (a runaway line
        // cannot fill memory); the whole log stays in its file.
        const said = [];
        const keep = (line) => {
            if (said.length < KEPT_LINES && /\[[EW]\]/.test(line))
                said.push(line);
        };
        const run = await runner.load(plan, { gpu: null, timeoutMs: 10 * 60_000 }, { log, versionCompatible, onLine: keep });
        const seen = run.cancelled
            ? { verdict: 'unknown', line: 'the load was cancelled' }
            : observedLoad(said, run.exitCode);
        engines.push({
            model: engine.model,
            profile: engine.profile,
            target: target.name,
            ...seen,
            observed: true,
            predicted: predicted.verdict,
            mismatch: predicted.verdict !== 'unknown' && seen.verdict !== 'unknown' && predicted.verdict !== seen.verdict,
        });
    }
    return engines;
}
/** A name as one file name: what a path could read as a folder or a parent (/, \, a leading dot) encoded. */
function fileName(name) {
    return encodeURIComponent(name).replace(/^\./, '%2E').replace(/\*/g, '%2A');
}
// What a load reads of a manifest's engine; the rest is the manifest's own business.
const manifestEngineSchema = schemas/* object */.Ikc({
    model: schemas/* string */.YjP(),
    profile: schemas/* string */.YjP(),
    path: schemas/* string */.YjP(),
    shapes: schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* object */.Ikc({ opt: schemas/* string */.YjP() }).passthrough()).optional(),
    tensorrtVersion: schemas/* string */.YjP().nullable().optional(),
    gpu: schemas/* object */.Ikc({ name: schemas/* string */.YjP().nullable(), computeCapability: schemas/* string */.YjP().nullable() }).passthrough().nullable(),
    flags: schemas/* array */.YOg(schemas/* string */.YjP()).optional(),
});
const manifestSchema = schemas/* object */.Ikc({
    schema: schemas/* literal */.euz('trt-ci/manifest@1'),
    tensorrtVersion: schemas/* string */.YjP().nullable().optional(),
    engines: schemas/* array */.YOg(manifestEngineSchema),
});
/** A manifest.json a run wrote, or exit 2 saying what it is not (the first field that is wrong). */
function readManifest(file, shown) {
    const json = readJson(file, shown);
    if (json?.schema !== 'trt-ci/manifest@1') {
        throw new errors/* InputError */.dz(`${shown}: expected a trt-ci manifest (schema trt-ci/manifest@1)`);
    }
    const parsed = manifestSchema.safeParse(json);
    if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new errors/* InputError */.dz(`${shown}: ${issue.path.join('.') || 'the manifest'}: ${issue.message}`);
    }
    return { file, manifest: json };
}
function readJson(file, shown) {
    let text;
    try {
        text = (0,external_node_fs_.readFileSync)(file, 'utf8');
    }
    catch (error) {
        throw new errors/* InputError */.dz(`${shown}: cannot read: ${error.code ?? error}`);
    }
    try {
        return JSON.parse(text);
    }
    catch {
        throw new errors/* InputError */.dz(`${shown}: expected JSON`);
    }
}
/** Each model's deploy targets (its own list, else the top-level one), by model name. */
function targetsOf(config) {
    return new Map(config.models.map((m) => [m.name, m.deploy]));
}

;// CONCATENATED MODULE: ./.build/tsc/action/deploy.js










/**
 * The run action's deploy mode (the pack's deploy job, on the target's own runner): the manifest's plans
 * loaded as the target names them, and the loads written for the report job to put in the matrix.
 */
async function deployJob(edge, target) {
    const manifestInput = input('run', 'manifest');
    if (!manifestInput)
        throw new errors/* InputError */.dz('input manifest: expected the manifest.json of the plans to load');
    // The target runner's own trtexec, as trt-ci.yml names it (${TENSORRT_DIR}/bin/trtexec filled in here); the
    // runner has the plans, not the models: the files trt-ci.yml names are not checked.
    const config = loadConfig(input('run', 'config'), edge.cwd, edge.env, { files: false });
    const dir = (0,external_node_path_.join)(edge.env.RUNNER_TEMP ?? edge.cwd, 'trt-ci-deploy');
    const engines = await loadManifestOnTarget({
        manifest: { file: (0,external_node_path_.resolve)(edge.cwd, manifestInput), shown: manifestInput },
        config,
        target,
        trtexec: config.trtexec,
        nvidiaSmi: config.nvidiaSmi,
        env: edge.env,
        ...(edge.signal && { signal: edge.signal }),
        logDir: dir,
    });
    const report = {
        schema: DEPLOY_LOAD_SCHEMA,
        target,
        from: input('run', 'deploy-from') || null,
        engines,
    };
    const out = (0,external_node_path_.join)(dir, 'deploy.json');
    // A full disk costs the file, said in one line; the summary below is still written.
    const unwritten = await writeNewFile(out, `${JSON.stringify(report, null, 2)}\n`).then(() => null, (error) => `${out}: cannot write: ${(0,errors/* fileProblem */.Wj)(error, 'a file')}`);
    if (!unwritten)
        core/* setOutput */.uH('deploy-report', out);
    core/* setOutput */.uH('deploy-artifact', `trt-ci-deploy-${target.replace(/[^A-Za-z0-9._-]+/g, '-')}`);
    const rows = engines.map((e) => `| ${markdown_text_text(`${e.model} / ${e.profile}`)} | ${e.verdict} | ${markdown_text_text(e.line ?? '')} | ` +
        `${e.mismatch ? `predicted ${e.predicted}` : ''} |`);
    await writeSummary(edge.env, `## trt-ci: loaded on ${markdown_text_text(target)}\n\n| engine | verdict | TensorRT said | |\n|---|---|---|---|\n` +
        `${rows.join('\n')}\n`);
    const failed = engines.filter((e) => e.verdict === 'fails');
    const problems = [
        ...(failed.length ? [`${failed.length} engine(s) do not load on ${target}`] : []),
        ...(unwritten ? [unwritten] : []),
    ];
    if (problems.length)
        core/* setFailed */.C1(`trt-ci: ${problems.join('; ')}`);
}

;// CONCATENATED MODULE: ./.build/tsc/action/policy.js
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
        report.builds.some((b) => b.budgets.some((row) => row.status === 'fail' || row.status === 'warn')) ||
        report.builds.some((b) => b.baseline?.bytes != null && b.baseline.bytes !== b.bytes);
    return failed || changed;
}
/** Why the job should fail under `fail-on`, or null. */
function failureReason(failOn, report, crash) {
    if (crash)
        return failOn.includes('error') ? `trt-ci could not run: ${(0,errors/* errorMessage */.gJ)(crash)}` : null;
    if (!report)
        return null;
    const names = (rows) => rows.map((r) => `${r.model}/${r.profile}${r.metric ? ` ${r.metric}` : ''}`).join(', ');
    const broken = report.builds.filter((b) => !report_isBuilt(b));
    if (failOn.includes('error') && broken.length)
        return `${broken.length} build(s) failed: ${names(broken)}`;
    // Wrong is wrong against ONNX Runtime or against itself (a row that changes with its batch).
    const wrong = report.builds.filter((b) => b.accuracy?.status === 'failed' ||
        b.accuracy?.status === 'error' ||
        b.consistency?.status === 'failed' ||
        b.consistency?.status === 'error');
    if (failOn.includes('accuracy') && wrong.length)
        return `${wrong.length} engine(s) out of tolerance: ${names(wrong)}`;
    const stuck = report.builds.flatMap(({ model, profile, deploy }) => deploy.filter((d) => d.verdict === 'fails').map((d) => ({ model, profile, metric: `on ${d.target}` })));
    if (failOn.includes('deploy') && stuck.length)
        return `${stuck.length} engine(s) will not load: ${names(stuck)}`;
    const rows = report.builds.flatMap((build) => build.budgets.map((row) => ({ build, row })));
    const budgets = rows.filter(({ row }) => row.status === 'fail').map(({ row }) => row);
    if (failOn.includes('budget') && budgets.length)
        return `${budgets.length} budget(s) exceeded: ${names(budgets)}`;
    // An A/B that could not decide warns, but it is no regression: only a slower verdict is.
    const regressions = rows
        .filter(({ build, row }) => {
        const undecided = row.metric === 'latency-growth' && build.latency && build.latency.verdict !== 'slower';
        return (row.status === 'warn' || row.status === 'fail') && row.metric.endsWith('-growth') && !undecided;
    })
        .map(({ row }) => row);
    if (failOn.includes('regression') && regressions.length) {
        return `${regressions.length} regression(s): ${names(regressions)}`;
    }
    return null;
}
/**
 * Events whose GITHUB_SHA is the default branch's head rather than a change being built: a /gpu-ok comment
 * (issue_comment) and a workflow_run. A check on that commit would pass or fail the default branch for a
 * build of something else.
 */
const NOT_THE_BUILT_COMMIT = new Set(['issue_comment', 'workflow_run']);
/** The commit the run's check lands on: the one that was built, or none (with why). */
function checkTargetOf(context, name, 
/** The commit the gate named (head-sha), when it named one: the commit that was built. */
namedSha = '') {
    if (!context?.sha)
        return { target: null, noCheck: null };
    if (!context.pullRequest && NOT_THE_BUILT_COMMIT.has(context.eventName) && context.sha !== namedSha) {
        return {
            target: null,
            noCheck: `a ${context.eventName} run without a pull request (the pull-request and head-sha inputs) builds no ` +
                "commit of a change; a check would land on the default branch's head",
        };
    }
    return { target: { owner: context.owner, repo: context.repo, name, headSha: context.sha }, noCheck: null };
}
/**
 * The check run's conclusion: cancelled when the run was, failure when it crashed or any report failed,
 * judged from the builds and budgets themselves and never from a report's own status field (a report
 * can come from a fork's artifact).
 */
function checkConclusion(run) {
    if (run.cancelled)
        return 'cancelled';
    const failed = run.reports.some((r) => overallStatus(r) !== 'passed');
    return run.crashed || failed || (run.missing ?? 0) > 0 ? 'failure' : 'success';
}

;// CONCATENATED MODULE: ./.build/tsc/action/run.js





















/**
 * The action's run command: a check run that starts now and always completes, the pipeline, then the
 * job summary (always: it needs no permission), outputs, annotations and the sticky comment. A
 * reporting error never fails the job; it is said in the summary with the permission that was missing.
 */
async function run_runCommand(edge) {
    const deployTarget = input('run', 'deploy-target');
    if (deployTarget)
        return deployJob(edge, deployTarget);
    const inputs = readRunInputs();
    const octokit = inputs.token && edge.env.GITHUB_REPOSITORY ? makeOctokit(inputs.token, edge.env) : null;
    const context = await pullRequestContext(readRunContext(edge.env, edge.cwd), octokit, inputs.pullRequest);
    const reporter = new GitHubReporter(octokit, context?.pullRequest?.fromFork ?? false);
    const { target, noCheck } = checkTargetOf(context, inputs.checkName, inputs.pullRequest.headSha);
    if (noCheck)
        core/* warning */.$e(`trt-ci: no check run: ${noCheck}`);
    // Named before anything can fail: the pack uploads what there is under these names, whatever happens.
    const artifacts = artifactNames(inputs.reportKey);
    core/* setOutput */.uH('report-artifact', artifacts.report);
    core/* setOutput */.uH('plans-artifact', artifacts.plans);
    await reporter.startCheck(target);
    const job = { edge, inputs, context, octokit, reporter, target };
    await reporter.completing(target, async () => publish(job, await pipelineOf(job)));
}
/** The pipeline as the action runs it (the base branch's report and plans found for it); a crash is kept. */
async function pipelineOf(job) {
    const { edge, inputs, context, octokit, reporter } = job;
    let baselineFile = inputs.baseline === 'auto' || inputs.baseline === 'none' ? null : inputs.baseline;
    let baselineNote = null;
    if (inputs.baseline === 'auto' && octokit && context?.pullRequest) {
        await reporter.attempt("Finding the base branch's report", 'actions: read', async () => {
            const found = await findBaseline(octokit, inputs.token, context, inputs.reportKey);
            baselineFile = found?.file ?? null;
            baselineNote = found?.note ?? null;
        });
    }
    const logs = [];
    try {
        const result = await runPipeline({
            configFile: inputs.config,
            cwd: edge.cwd,
            env: edge.env,
            baselineFile,
            baselineNote,
            baselineFound: inputs.baseline === 'auto',
            ...(inputs.shard && { selection: { shard: inputs.shard, only: [] } }),
            ...(inputs.stabilityRebuilds && { adjustConfig: withStability(inputs.stabilityRebuilds) }),
            commit: context?.sha || null,
            ...(inputs.basePlans === 'auto' &&
                octokit &&
                context?.pullRequest && {
                findBasePlans: () => findBasePlans(octokit, inputs.token, context, inputs.reportKey),
            }),
            provenance: runProvenance(edge.env, edge.cwd),
            ...(edge.signal && { signal: edge.signal }),
            ...(heartbeatMs(edge.env) && { heartbeatMs: heartbeatMs(edge.env) }),
            onEvent: (event) => {
                if (event.type === 'preflight')
                    core/* info */.pq(renderPreflightText(event.preflight));
                else if (event.type === 'note')
                    core/* info */.pq(logLines(event.line));
                else if (event.type === 'done')
                    logs.push(logBuild(event.outcome));
                else
                    core/* info */.pq(describeEvent(event).trimEnd());
            },
        });
        await Promise.all(logs);
        return { result, crash: null };
    }
    catch (error) {
        return { result: null, crash: error };
    }
}
/** The run's result told: outputs, the check run, the comment, the baseline artifact, the summary, the verdict. */
async function publish(job, { result, crash }) {
    const { edge, inputs, context, reporter, target } = job;
    const report = result?.report ?? null;
    const toRepoPath = (path) => {
        const repoRelative = (0,external_node_path_.relative)(context?.workspace ?? edge.cwd, (0,external_node_path_.resolve)(edge.cwd, path));
        return repoRelative.startsWith('..') || (0,external_node_path_.isAbsolute)(repoRelative) ? path : repoRelative;
    };
    const configLink = context ? configLinker(context, edge.env, toRepoPath) : undefined;
    const linked = configLink ? { configLink } : {};
    const markdown = report ? renderReports([report], { limit: SUMMARY_LIMIT_BYTES, ...linked }) : crashMarkdown(crash);
    const cancelled = edge.signal?.aborted ?? false;
    setOutputs(result, cancelled);
    const built = report ? report.builds.filter(report_isBuilt).length : 0;
    await reporter.completeCheck(target, {
        conclusion: checkConclusion({ cancelled, crashed: crash !== null, reports: report ? [report] : [] }),
        title: report ? `${report.status}: ${built}/${report.builds.length} engines` : 'trt-ci could not run',
        summary: markdown,
        annotations: report ? reportAnnotations(report, toRepoPath) : [],
    });
    if (context?.pullRequest && inputs.comment !== 'never') {
        const marker = commentMarker(inputs.reportKey);
        const body = report
            ? renderReports([report], { limit: COMMENT_LIMIT_BYTES, marker, ...linked })
            : `${marker}\n${markdown}`;
        const where = { owner: context.owner, repo: context.repo, issueNumber: context.pullRequest.number };
        const workflow = workflowFile(context.workflowRef);
        await reporter.comment({ ...where, key: inputs.reportKey, workflow }, body, wantsComment(inputs.comment, report));
    }
    if (result && context && storesBaseline(context) && inputs.baseline !== 'none' && edge.env.ACTIONS_RUNTIME_TOKEN) {
        const reportFile = result.reportFile;
        await reporter.attempt('Storing the report as the baseline artifact', 'actions: write', () => uploadBaseline(reportFile, inputs.reportKey));
    }
    const unwritten = result?.unwritten ?? [];
    const notWritten = unwritten.length
        ? `\n\n### Not written\n\n${unwritten.map((u) => `- ${markdown_text_text(u)}`).join('\n')}\n`
        : '';
    await writeSummary(edge.env, `${markdown}${notWritten}${problemsSection(reporter.problems)}`.slice(0, SUMMARY_LIMIT_BYTES));
    // A cancelled run never passes: what it did not get to (a build, an A/B) would otherwise read as fine.
    const reason = cancelled
        ? 'cancelled (the runner stopped the job); what ran is in the report'
        : failureReason(inputs.failOn, report, crash);
    // A report the next job cannot read fails the step even when the engines passed.
    if (reason || unwritten.length)
        core/* setFailed */.C1(`trt-ci: ${reason ?? unwritten.join('; ')}`);
}
/**
 * The run's context with the pull request the gate named (an approval comment's run is the default branch's
 * to GitHub). A pull request the token cannot read is said in the job log; the run goes on without it.
 */
async function pullRequestContext(context, octokit, given) {
    if (!context)
        return null;
    try {
        return await withPullRequest(context, octokit, given);
    }
    catch (error) {
        if (error instanceof errors/* InputError */.dz)
            throw error;
        core/* warning */.$e(`trt-ci: could not read pull request #${given.number}: ${(0,errors/* errorMessage */.gJ)(error)}`);
        return given.headSha ? { ...context, sha: given.headSha } : context;
    }
}
const GROUP_LINES = 400;
const FAILURE_LINES = 50;
/**
 * A finished build in the job log: its line, then its trtexec output folded in a group (the end of it,
 * up to 400 lines; the whole log is in the output folder). A failure's last 50 lines also go outside the
 * group, where they are seen without a click. Written when the build ends, so parallel builds never mix.
 */
async function logBuild(outcome) {
    const line = describeEvent({ type: 'done', outcome }).trimEnd();
    const log = outcome.attempts.at(-1)?.log;
    if (!log) {
        core/* info */.pq(line);
        return;
    }
    const tail = await lastLines(log, GROUP_LINES);
    // trtexec's output is not ours (a fork's model or plugin writes into it): no line of it may be read by
    // the runner as a workflow command (::error::, ::add-mask::, …), so commands stop while it is printed.
    const stop = (0,external_node_crypto_.randomBytes)(16).toString('hex');
    core/* startGroup */.Oh(`${line} — trtexec output (${log})`);
    core/* info */.pq(`::stop-commands::${stop}`);
    for (const text of tail)
        core/* info */.pq(text);
    core/* info */.pq(`::${stop}::`);
    core/* endGroup */.N4();
    if (!report_isBuilt(outcome)) {
        core/* info */.pq(`::stop-commands::${stop}`);
        core/* info */.pq(tail.slice(-FAILURE_LINES).join('\n'));
        core/* info */.pq(`::${stop}::`);
    }
}
function setOutputs(result, cancelled) {
    const report = result?.report ?? null;
    core/* setOutput */.uH('status', report ? (cancelled ? 'failed' : report.status) : 'error');
    if (result) {
        core/* setOutput */.uH('report-path', result.reportFile);
        core/* setOutput */.uH('summary-path', result.summaryFile);
        core/* setOutput */.uH('manifest-path', result.manifestFile);
        core/* setOutput */.uH('output-dir', (0,external_node_path_.dirname)(result.reportFile));
        if (result.report.cache)
            core/* setOutput */.uH('cache-key', result.report.cache.key);
    }
    const failed = (report?.builds ?? []).filter((b) => !report_isBuilt(b)).map((b) => `${b.model}/${b.profile}`);
    core/* setOutput */.uH('failed-builds', failed.join(','));
}
/** The stability input: trt-ci.yml's own stability: wins (its rebuilds, its choice); otherwise this many. */
const withStability = (rebuilds) => (config) => config.stability ? config : { ...config, stability: { rebuilds } };


/***/ })

};
