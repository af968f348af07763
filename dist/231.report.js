export const id = 231;
export const ids = [231];
export const modules = {

/***/ 18231:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  reportJob: () => (/* binding */ reportJob)
});

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 13 modules
var core = __webpack_require__(77094);
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

;// CONCATENATED MODULE: ./.build/tsc/tensorrt/measurement.js
/** trt-ci's contract: the GPU's work alone, launched as a graph, waited on by spinning (11.x's defaults). */
const MEASUREMENT = { dataTransfers: false, cudaGraph: true, spinWait: true };
/** What this trtexec measures when it is given none of the flags. */
function measurement_defaultMeasurement(version) {
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
    const given = measurement_defaultMeasurement(version);
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

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 17 modules
var schemas = __webpack_require__(38816);
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

// EXTERNAL MODULE: ./.build/tsc/common/errors.js
var errors = __webpack_require__(69326);
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
        if (isMap(node)) {
            const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === String(part));
            if (!pair)
                break;
            if (last && atKey) {
                offset = rangeStart(pair.key) ?? offset;
                break;
            }
            node = pair.value;
        }
        else if (isSeq(node) && typeof part === 'number') {
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
function measure(b, tensorrt = null) {
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
    return report.builds.filter(isBuilt).map((b) => measure(b, report.environment?.tensorrtVersion ?? null));
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
        if (!found || !(error instanceof InputError))
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
function log_text_logLines(text) {
    return text
        .split('\n')
        .map((line) => logValue(line).replace(/^(\s*):(?=:)/, '$1:\u200b'))
        .join('\n');
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
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
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
    await (await artifactClient()).uploadArtifact(baselineArtifactName(reportKey), [reportFile], dirname(reportFile), {
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
    const path = await mkdtemp(join(tmpdir(), prefix));
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
    return { file: join(path, basename('report.json')), note };
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
function rowsOf(reports) {
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

;// CONCATENATED MODULE: ./.build/tsc/common/position.js
/** `trt-ci.yml:12:9`, as editors and terminals link it: a config error's head and a report's annotations. */
function formatPosition(position) {
    return `${position.file}:${position.line}:${position.column}`;
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
const figure = (v) => (v === null ? '–' : Number(v.toPrecision(3)).toString());
const ICON = { passed: '✅', failed: '❌', error: '❗', 'not-checked': '⏭️' };
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
        md(ICON[accuracy.status]),
        engineName(r.build),
        r.gpu,
        worst ? `${worst.name} (${worst.shape})` : '–',
        finite ? figure(worst.maxAbsError) : '–',
        finite ? figure(worst.maxRelError) : '–',
        worst ? `${Number((worst.outOfTolerance * 100).toPrecision(3))}%` : '–',
        // 0.9999995 must not read as 1: cosine gets the digits that tell precisions apart.
        !finite || worst.cosine == null ? '–' : worst.cosine.toFixed(7),
        worst ? String(worst.nan + worst.inf) : '–',
        `${why}${topK}`,
    ]);
}
const share = (v) => `${Number((v * 100).toPrecision(3))}%`;
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
    return (`${head} node ${code(d.node)} (${markdown_text_text(d.op)}, ${markdown_text_text(d.computes ?? '?')}): ${share(e.outOfTolerance)} of ` +
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
const percent = (change) => change >= 9
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
            : [percent(change), md(divergingBar(change, of))];
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




const size = (bytes) => (bytes == null ? 'unknown' : formatBytes(bytes));
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
                `- plan size: ${size(price?.planBytes ?? found?.planBytes)} against ${size(first?.planBytes)} ${base}`,
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

;// CONCATENATED MODULE: ./.build/tsc/report/parts/preflight.js
// The preflight for a terminal and for the summary. Pure.


const preflight_ICON = { pass: '✔', warn: '⚠', fail: '✘', skip: '·' };
/** The preflight table for a terminal. */
function renderPreflightText(result) {
    const width = Math.max(...result.checks.map((c) => c.id.length));
    const lines = [
        `preflight: ${result.status} (TensorRT ` +
            `${result.tensorrtVersion}${result.cuda ? `, CUDA ${result.cuda.version} from ${result.cuda.source}` : ''})`,
    ];
    for (const check of result.checks) {
        lines.push(`${preflight_ICON[check.status]} ${check.id.padEnd(width)}  ${check.message}`);
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
    const rows = rowsOf(reports);
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

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
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
        const digest = createHash('sha256').update(pair).digest();
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
            throw new InputError(`--only: expected a model or model/profile of the config, got "${wanted}"` +
                (close ? `; did you mean "${close}"?` : ''));
        }
    }
    const named = (pair) => selection.only.length === 0 || selection.only.some((w) => w === pair || w === pair.split('/')[0]);
    const shardOf = selection.shard ? assignShards(pairs, selection.shard.count, selection.weights) : null;
    return pairs.map((pair, i) => named(pair) && (!shardOf || shardOf[i] === selection.shard.index - 1));
}
/** `i/n`, 1-based, as the Actions matrix counts: 1/3, 2/3, 3/3. */
function shard_parseShard(text) {
    const match = /^(\d{1,4})\/(\d{1,4})$/.exec(text);
    if (!match)
        return null;
    const [index, count] = [Number(match[1]), Number(match[2])];
    return count >= 1 && index >= 1 && index <= count ? { index, count } : null;
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
const COMMENT_POLICIES = (/* unused pure expression or super */ null && (['always', 'on-change', 'on-failure', 'never']));
const FAIL_ON = (/* unused pure expression or super */ null && (['error', 'budget', 'regression', 'accuracy', 'deploy']));
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
        throw new InputError(`input comment: expected one of ${COMMENT_POLICIES.join(', ')}, got "${comment}"`);
    }
    const failOn = input('run', 'fail-on')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    const bad = failOn.find((f) => !FAIL_ON.includes(f));
    if (bad)
        throw new InputError(`input fail-on: expected a list of ${FAIL_ON.join(', ')}, got "${bad}"`);
    const config = input('run', 'config');
    const basePlans = input('run', 'base-plans');
    if (basePlans !== 'auto' && basePlans !== 'none') {
        throw new InputError(`input base-plans: expected auto or none, got "${basePlans}"`);
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
        throw new InputError(`input stability: expected a number of rebuilds from 1 to 10, or empty, got "${text}"`);
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
        throw new InputError(`input shard: expected I/N with 1 <= I <= N, like 2/3, got "${text}"`);
    return shard;
}
/** `shards` of the gate and report commands: how many jobs each runner label set is split into. */
function shardCount(action) {
    const text = input(action, 'shards');
    const count = Number(text);
    if (!/^\d{1,3}$/.test(text) || count < 1) {
        throw new errors/* InputError */.dz(`input shards: expected a number of jobs per runner type from 1 to 999, got "${text}"`);
    }
    return count;
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
        return failOn.includes('error') ? `trt-ci could not run: ${errorMessage(crash)}` : null;
    if (!report)
        return null;
    const names = (rows) => rows.map((r) => `${r.model}/${r.profile}${r.metric ? ` ${r.metric}` : ''}`).join(', ');
    const broken = report.builds.filter((b) => !isBuilt(b));
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

;// CONCATENATED MODULE: ./.build/tsc/contract/history.js
// An engine's history, `trt-ci/history@1`: one point per engine per default-branch run, as JSON lines. A
// series is the points of one key; what the key leaves out (the exact TensorRT build, the driver, CUDA, the
// container image, the trtexec path) is the environment, whose change is a known step, never a regression.
// Points read back (a branch anyone with write access can push to) are parsed with this schema: a line that
// does not match is skipped and counted, never trusted.

const HISTORY_SCHEMA = 'trt-ci/history@1';
/**
 * A metric's value: bytes, seconds, MiB, milliseconds or an error, so 0 or between 1e-9 and 1e15. Outside that
 * (1e308, 1e-308, a negative) it is no measurement, and the statistics would overflow or underflow on it.
 */
const measurement = schemas/* number */.aig()
    .min(0, 'expected a measurement >= 0')
    .max(1e15, 'expected a measurement <= 1e15')
    .refine((v) => v === 0 || v >= 1e-9, 'expected 0 or a measurement >= 1e-9');
const history_nullableNumber = measurement.nullable();
/** Text a runner wrote: a name read from invalid UTF-8 holds U+FFFD, and names nothing trt-ci wrote. */
const history_name = schemas/* string */.YjP().refine((v) => !v.includes('\uFFFD'), 'expected valid UTF-8');
const history_nullableString = schemas/* string */.YjP().nullable();
/** What makes two points comparable: the same engine, built the same way, on the same GPU and TensorRT. */
const seriesKeySchema = schemas/* object */.Ikc({
    model: history_name,
    profile: history_name,
    /** The GPU model as nvidia-smi names it ("NVIDIA H200"). */
    gpu: history_name,
    /** TensorRT major.minor: a new patch or build is an environment step inside the series. */
    tensorrt: schemas/* string */.YjP(),
    /** From the build's precision flags: fp16, bf16, int8, fp16+int8, strongly-typed, fp32. */
    precision: schemas/* string */.YjP(),
    /** 12 hex digits of sha256 over the build's flags, paths and workspace left out. */
    flags: schemas/* string */.YjP(),
    /**
     * What its latency is made of (measurementId, src/tensorrt/measurement.ts), only where it is not what
     * that TensorRT measures by default: absent on points of older runs, which asked for the defaults, and on
     * TensorRT 11 points under trt-ci's contract (11's defaults); present on TensorRT 10 points since trt-ci
     * gives the contract, whose latency is another measurement than before.
     */
    measurement: schemas/* string */.YjP().optional(),
});
/** Lower is better for every metric here. */
const HISTORY_METRICS = [
    'planBytes',
    'buildSeconds',
    'peakGpuMemoryMiB',
    'latencyMs',
    'accuracyMaxAbsError',
    'accuracyMaxRelError',
    'stabilityLevel',
];
const historyPointSchema = schemas/* object */.Ikc({
    schema: schemas/* literal */.euz(HISTORY_SCHEMA),
    key: seriesKeySchema,
    commit: schemas/* string */.YjP(),
    /** ISO 8601: when the run started, by the runner's clock. */
    date: schemas/* string */.YjP(),
    /**
     * ISO 8601: when GitHub received the push that was built (the push event's repository.pushed_at, the
     * server's clock): the history's order where known, so that a runner's wrong clock reorders nothing.
     * Null for points appended outside a push (trt-ci history append without --pushed-at).
     */
    pushedAt: history_nullableString.default(null),
    metrics: schemas/* object */.Ikc({
        planBytes: history_nullableNumber,
        /** null for an engine served from the cache (no build ran). */
        buildSeconds: history_nullableNumber,
        peakGpuMemoryMiB: history_nullableNumber,
        /** trtexec's median (benchmark: true), else the A/B head's median of repetition medians. */
        latencyMs: history_nullableNumber,
        /** The A/B's 95% interval on the head's latency, when an A/B ran. */
        latencyInterval: schemas/* tuple */.PVZ([measurement, measurement]).nullable(),
        accuracyMaxAbsError: history_nullableNumber,
        /** Absent from points written before it was kept. */
        accuracyMaxRelError: history_nullableNumber.default(null),
        /**
         * How alike the engine's rebuilds were (stability:): 0 the same bytes, 1 the same tactics, 2 the same
         * outputs, 3 the same latency, 4 none of them; null when not rebuilt. A drop is a change point like any metric's.
         */
        stabilityLevel: history_nullableNumber.default(null),
    }),
    environment: schemas/* object */.Ikc({
        tensorrt: schemas/* string */.YjP(),
        driver: history_nullableString,
        cuda: history_nullableString,
        /** The container image's digest, when the job runs in one (--image, TRT_CI_IMAGE). */
        image: history_nullableString,
        trtexec: schemas/* string */.YjP(),
    }),
});
/**
 * The path, in the history's folder or branch, of the month file a point belongs in, by its order (the push
 * time where known): points/<YYYY-MM>.jsonl (docs/history.md).
 */
function history_monthFilePath(order) {
    const month = /^\d{4}-\d{2}/.exec(order)?.[0] ?? 'undated';
    return `points/${month}.jsonl`;
}
/** A month file (points/<YYYY-MM>.jsonl), as opposed to a per-run file of the layout before it. */
const isMonthFile = (path) => /^points\/(\d{4}-\d{2}|undated)\.jsonl$/.test(path);

;// CONCATENATED MODULE: ./.build/tsc/github/history-branch.js

const history_branch_status = (error) => error.status;
/** Times a write that lost the race (another run wrote the file first) is read and tried again. */
const ATTEMPTS = 8;
/** Adds `lines` to the file at `path` on the branch (made when absent), making the branch when it is absent. */
async function appendToBranch(octokit, where, path, lines, message) {
    const { owner, repo, branch } = where;
    const request = { signal: where.signal };
    for (let attempt = 1;; attempt += 1) {
        where.signal?.throwIfAborted();
        const tree = await treeOf(octokit, where);
        if (tree === null) {
            if (await makeBranch(octokit, where, path, lines, message))
                return;
            continue;
        }
        const file = tree.find((e) => e.path === path);
        const before = file ? await blobText(octokit, where, file.sha) : '';
        const content = `${before}${before && !before.endsWith('\n') ? '\n' : ''}${lines}`;
        try {
            await octokit.rest.repos.createOrUpdateFileContents({
                owner,
                repo,
                path,
                branch,
                message,
                content: Buffer.from(content, 'utf8').toString('base64'),
                ...(file && { sha: file.sha }),
                request,
            });
            return;
        }
        catch (error) {
            // 409: the file moved since it was read; 422: it was made since (no sha given). Read again.
            const raced = history_branch_status(error) === 409 || history_branch_status(error) === 422;
            if (!raced || attempt >= ATTEMPTS)
                throw error;
        }
    }
}
/** An orphan branch holding the one file; false when another run made the branch first (then append to it). */
async function makeBranch(octokit, where, path, content, message) {
    const { owner, repo, branch } = where;
    const request = { signal: where.signal };
    const { data: tree } = await octokit.rest.git.createTree({
        owner,
        repo,
        tree: [{ path, mode: '100644', type: 'blob', content }],
        request,
    });
    const { data: commit } = await octokit.rest.git.createCommit({
        owner,
        repo,
        message: `${message}\n\nThe trt-ci engine history: JSON lines, one file per month of default-branch runs.`,
        tree: tree.sha,
        parents: [],
        request,
    });
    try {
        await octokit.rest.git.createRef({ owner, repo, ref: `refs/heads/${branch}`, sha: commit.sha, request });
        return true;
    }
    catch (error) {
        // Another run made the branch first (422 "Reference already exists").
        if (history_branch_status(error) !== 422)
            throw error;
        return false;
    }
}
/** The branch's files, or null when there is no such branch. A tree GitHub cut short is refused. */
async function treeOf(octokit, where) {
    const { owner, repo, branch } = where;
    try {
        const { data } = await octokit.rest.git.getTree({
            owner,
            repo,
            tree_sha: branch,
            recursive: 'true',
            request: { signal: where.signal },
        });
        // A tree past GitHub's limits comes back cut: reading part of a history as the whole of it would mislead.
        if (data.truncated)
            throw new Error(`the tree of ${branch} is too large for one read (GitHub truncated it)`);
        return data.tree;
    }
    catch (error) {
        if (history_branch_status(error) === 404)
            return null;
        throw error;
    }
}
async function blobText(octokit, where, sha) {
    where.signal?.throwIfAborted();
    const { owner, repo } = where;
    const { data } = await octokit.rest.git.getBlob({ owner, repo, file_sha: sha, request: { signal: where.signal } });
    return Buffer.from(data.content, 'base64').toString('utf8');
}
/**
 * The newest `months` month files on the branch, and the newest `perRunFiles` per-run files of the layout
 * before them, as text; none when the branch is absent. What was left unread is counted, to be said.
 */
async function readBranch(octokit, where, limits) {
    const entries = (await treeOf(octokit, where)) ?? [];
    const blobs = entries.filter((e) => e.type === 'blob' && e.path?.startsWith('points/') && e.path.endsWith('.jsonl') && e.sha);
    const byPath = (a, b) => a.path.localeCompare(b.path);
    const months = blobs.filter((e) => isMonthFile(e.path)).sort(byPath);
    const perRun = blobs.filter((e) => !isMonthFile(e.path)).sort(byPath);
    const chosen = [...perRun.slice(-limits.perRunFiles), ...months.slice(-limits.months)];
    const files = [];
    for (const file of chosen)
        files.push({ path: file.path, text: await blobText(octokit, where, file.sha) });
    return { files, unread: Math.max(0, perRun.length - limits.perRunFiles) };
}

// EXTERNAL MODULE: ./node_modules/@stdlib/stats-base-dists-t-cdf/lib/index.js
var stats_base_dists_t_cdf_lib = __webpack_require__(86021);
;// CONCATENATED MODULE: ./.build/tsc/history/e-divisive.js
// Change points as Apache Otava computes them (otava/analysis.py compute_change_points, at 1ceb153): the
// E-divisive means of Matteson and James run in sliding windows (the split step), each candidate judged by
// Student's two-sided t-test, then the weak change points merged bottom-up until each left is significant
// at max-p and moves the mean by more than min-magnitude (Fleming et al., "Hunter", ICPE 2023). Ported
// rule for rule, Python's max/min over NaN p-values included, so that Otava's own test series give
// Otava's indices (test/history.test.ts). Pure: numbers in, change points out.

const mean = (xs) => xs.reduce((sum, x) => sum + x, 0) / xs.length;
const populationStd = (xs) => {
    const m = mean(xs);
    return Math.sqrt(xs.reduce((sum, x) => sum + (x - m) ** 2, 0) / xs.length);
};
/** scipy.stats.ttest_ind_from_stats(equal_var=True, alternative="two-sided"): its p-value. */
function studentTTest(left, right) {
    if (left.length === 0 || right.length === 0)
        throw new Error('a t-test needs both sides');
    const meanBefore = mean(left);
    const meanAfter = mean(right);
    const stdBefore = left.length >= 2 ? populationStd(left) : 0;
    const stdAfter = right.length >= 2 ? populationStd(right) : 0;
    const [n1, n2] = [left.length, right.length];
    let pValue = 1;
    if (n1 + n2 > 2) {
        const df = n1 + n2 - 2;
        const pooled = ((n1 - 1) * stdBefore ** 2 + (n2 - 1) * stdAfter ** 2) / df;
        const t = (meanBefore - meanAfter) / Math.sqrt(pooled * (1 / n1 + 1 / n2));
        // 0/0 (one level, no spread) is NaN, as SciPy's; x/0 is an infinite t and p = 0.
        pValue = Number.isNaN(t) ? Number.NaN : 2 * stats_base_dists_t_cdf_lib(-Math.abs(t), df);
    }
    return { meanBefore, meanAfter, stdBefore, stdAfter, pValue };
}
/** Otava's TTestStats.change_magnitude: the larger of the forward and backward relative change. */
function changeMagnitude(stats) {
    const forward = stats.meanBefore === 0 ? 0 : stats.meanAfter / stats.meanBefore - 1;
    const backward = stats.meanAfter === 0 ? 0 : stats.meanBefore / stats.meanAfter - 1;
    return Math.max(Math.abs(forward), Math.abs(backward));
}
/**
 * The split of series[start, stop) that maximizes Q(τ, κ) = QQ(series[start:τ], series[τ:κ]) (pair
 * distances, power 1), scanned as NumPy's argmax scans Otava's Q matrix: row by row, the first maximum,
 * its lower triangle zeros included.
 */
function bestSplit(series, { start, stop }) {
    const n = stop - start;
    // prefix[j][x] = Σ_{i = start}^{start + x - 1} |s_i - s_j|, for columns j of the interval.
    const prefix = [];
    for (let j = 0; j < n; j += 1) {
        const row = new Float64Array(n + 1);
        for (let x = 0; x < n; x += 1)
            row[x + 1] = row[x] + Math.abs(series[start + x] - series[start + j]);
        prefix.push(row);
    }
    let best = { i: 0, j: 0, q: Number.NEGATIVE_INFINITY };
    let withinX = 0; // Σ over pairs inside series[start:τ]
    for (let i = 0; i < n - 1; i += 1) {
        const tau = i + 1; // relative to start
        withinX += prefix[tau - 1][tau - 1]; // the pairs (x, τ-1), x < τ-1
        let cross = 0;
        let withinY = 0;
        for (let j = 0; j < n - 1; j += 1) {
            let q = 0;
            if (j >= i) {
                const kappa = j + 2; // exclusive end of Y, relative to start
                const newest = kappa - 1; // the element Y gained
                cross += prefix[newest][tau];
                withinY += prefix[newest][newest] - prefix[newest][tau];
                const [nx, ny] = [tau, kappa - tau];
                const a = (2 / (nx + ny)) * cross;
                const b = nx > 1 ? ((2 * ny) / ((nx + ny) * (nx - 1))) * withinX : 0;
                const c = ny > 1 ? ((2 * nx) / ((nx + ny) * (ny - 1))) * withinY : 0;
                q = a - b - c;
            }
            if (q > best.q)
                best = { i, j, q };
        }
    }
    return { index: best.i + 1 + start, qhat: best.q };
}
/** The intervals between sorted change points (Otava's get_intervals), empty ones dropped. */
function intervalsOf(indices, length) {
    const bounds = [0, ...indices, length];
    const intervals = [];
    for (let k = 0; k + 1 < bounds.length; k += 1) {
        if (bounds[k] !== bounds[k + 1])
            intervals.push({ start: bounds[k], stop: bounds[k + 1] });
    }
    return intervals;
}
/** Otava's TTestSignificanceTester.change_point: a new split inside an interval, or an existing boundary. */
function judge(series, index, intervals) {
    for (let k = 0; k < intervals.length; k += 1) {
        const interval = intervals[k];
        if (interval.stop === index) {
            const right = intervals[k + 1];
            return studentTTest(series.slice(interval.start, index), series.slice(right.start, right.stop));
        }
        if (interval.start < index && index < interval.stop) {
            return studentTTest(series.slice(interval.start, index), series.slice(index, interval.stop));
        }
    }
    throw new Error(`change point ${index} is in no interval`);
}
/** Otava's ChangePointDetector with the t-test: E-divisive on one window (or series), split while significant. */
function eDivisive(series, maxPValue) {
    const found = [];
    for (;;) {
        const intervals = intervalsOf(found.map((c) => c.index), series.length);
        const candidates = intervals.filter((iv) => iv.stop - iv.start > 1).map((iv) => bestSplit(series, iv));
        if (candidates.length === 0)
            break;
        const candidate = pythonMax(candidates, (c) => c.qhat);
        const stats = judge(series, candidate.index, intervals);
        if (!(stats.pValue <= maxPValue))
            break;
        found.push({ ...candidate, ...stats });
        found.sort((a, b) => a.index - b.index);
    }
    return found;
}
/** Python's max(items, key=...): the first greatest, where a NaN key is never greater (nor beaten). */
function pythonMax(items, key) {
    let best = items[0];
    for (const item of items.slice(1))
        if (key(item) > key(best))
            best = item;
    return best;
}
function pythonMin(items, key) {
    let best = items[0];
    for (const item of items.slice(1))
        if (key(item) < key(best))
            best = item;
    return best;
}
/** Otava's split step: E-divisive in windows of windowLen stepping by half, the union of what they find. */
function split(series, windowLen, maxPValue) {
    const step = Math.floor(windowLen / 2);
    const points = [];
    let start = 0;
    while (start < series.length) {
        const end = Math.min(start + windowLen, series.length);
        const found = eDivisive(series.slice(start, end), maxPValue).map((c) => ({ ...c, index: c.index + start }));
        const last = found.length > 0 ? found.at(-1).index : 0;
        start = Math.max(last, start + step);
        for (const point of found)
            if (!points.some((p) => p.index === point.index))
                points.push(point);
    }
    points.sort((a, b) => a.index - b.index);
    const intervals = intervalsOf(points.map((p) => p.index), series.length);
    return points.map((p) => ({ ...p, ...judge(series, p.index, intervals) }));
}
/** Otava's merge step: drop the weakest change point (worst p, else smallest change) until all hold. */
function merge(points, series, maxPValue, minMagnitude) {
    while (points.length > 0) {
        let weakest = pythonMax(points, (p) => p.pValue);
        if (weakest.pValue < maxPValue) {
            weakest = pythonMin(points, changeMagnitude);
            if (changeMagnitude(weakest) > minMagnitude)
                return points;
        }
        const at = points.indexOf(weakest);
        points.splice(at, 1);
        const intervals = intervalsOf(points.map((p) => p.index), series.length);
        for (const k of [at, at + 1]) {
            if (k < 0 || k >= points.length)
                continue;
            points[k] = { ...points[k], ...judge(series, points[k].index, intervals) };
        }
    }
    return points;
}
/** Change points of a series, as Otava's compute_change_points finds them (its defaults unless given). */
function changePoints(series, options = {}) {
    const { windowLen = 50, maxPValue = 0.001, minMagnitude = 0 } = options;
    if (windowLen < 2)
        throw new Error('the window must hold at least 2 points');
    // Otava's first pass is looser (10x max-p under 0.05): its weak change points, filtered by the merge.
    const firstPass = maxPValue < 0.05 ? maxPValue * 10 : maxPValue < 0.5 ? maxPValue * 2 : maxPValue;
    return merge(split(series, windowLen, firstPass), series, maxPValue, minMagnitude);
}

;// CONCATENATED MODULE: ./.build/tsc/history/points.js
// A report's engines as history points (docs/history.md): one per engine that was built or served from the
// cache, keyed by what makes two runs comparable, with the run's environment beside it. Pure.




const PRECISION_FLAGS = ['--best', '--fp8', '--int8', '--int4', '--bf16', '--fp16', '--stronglyTyped'];
/** Flags whose value is a path of this run, or set by the back-off: not how the engine is built. */
const PATH_FLAGS = new Set(['--onnx', '--saveEngine', '--timingCacheFile', '--exportLayerInfo', '--loadEngine']);
const PLUGIN_FLAGS = new Set(['--plugins', '--staticPlugins', '--dynamicPlugins', '--setPluginsToSerialize']);
const flagName = (arg) => (arg.includes('=') ? arg.slice(0, arg.indexOf('=')) : arg);
/** fp16, fp16+int8, strongly-typed, or fp32 when the build set no precision flag. */
function precisionOf(argv) {
    const set = PRECISION_FLAGS.filter((flag) => argv.includes(flag)).map((flag) => flag === '--stronglyTyped' ? 'strongly-typed' : flag.slice(2));
    return set.length > 0 ? [...set].sort().join('+') : 'fp32';
}
/** The build's flags without its paths (plugins by file name) and workspace, hashed: 12 hex digits. */
function flagsHash(argv) {
    const kept = argv
        .filter((arg) => !PATH_FLAGS.has(flagName(arg)) && !arg.startsWith('--memPoolSize') && !arg.startsWith('--workspace'))
        .map((arg) => PLUGIN_FLAGS.has(flagName(arg)) ? `${flagName(arg)}=${(0,external_node_path_.basename)(arg.slice(arg.indexOf('=') + 1))}` : arg)
        .sort();
    return (0,external_node_crypto_.createHash)('sha256').update(JSON.stringify(kept)).digest('hex').slice(0, 12);
}
/** A stability level as a number that grows as the rebuilds grow apart (history metrics: lower is better). */
const STABILITY_RANK = { bits: 0, tactics: 1, outputs: 2, latency: 3, none: 4 };
const majorMinor = (version) => version.split('.').slice(0, 2).join('.');
function seriesKeyOf(build, report) {
    // A served engine has no attempts of its own: the entry's record says what it was built with.
    const built = build.attempts.at(-1)?.argv ?? (build.status === 'cached' ? build.cache?.argv : undefined);
    // fp16 or bf16 on TensorRT 11 is in the ONNX trt-ci wrote, not in a flag: the key says which, and the kept nodes
    // (which 10.x carries in --layerPrecisions) are part of its flags.
    const argv = built && build.builtFrom ? [...built, ...build.builtFrom.kept.map((n) => `keep-fp32=${n}`)] : built;
    const gpu = build.gpu?.name ?? report.environment.gpus[0]?.name ?? null;
    if (!argv || !gpu)
        return null;
    const measurement = keyMeasurement(build, report);
    return {
        model: build.model,
        profile: build.profile,
        gpu,
        tensorrt: majorMinor(report.environment.tensorrtVersion),
        precision: build.builtFrom ? (build.builtFrom.narrow ?? 'fp16') : precisionOf(argv),
        flags: flagsHash(argv),
        ...(measurement && { measurement }),
    };
}
/**
 * The key's measurement: what the engine's latency was measured with (its A/B's, its benchmark's, else what
 * the run asked), named only where it is not that TensorRT's default (an older report asked for nothing).
 */
function keyMeasurement(build, report) {
    const major = Number(report.environment.tensorrtVersion.split('.')[0]);
    const defaults = measurement_defaultMeasurement({ major });
    const measured = build.latency?.measurement ?? build.perf?.measurement ?? report.environment.measurement ?? defaults;
    return sameMeasurement(measured, defaults) ? null : measurementId(measured);
}
/**
 * A part of a key as the id shows it: a name that holds the separator, a quote or edge spaces (or is empty)
 * is quoted, so that no two keys share an id ({model "a · b", profile "c"} is not {model "a", profile "b · c"}).
 */
const idPart = (part) => (part === '' || /·|"|^\s|\s$/.test(part) ? JSON.stringify(part) : part);
/** A stable text for a key, one per key: the series' identity in maps, the dashboard and BMF. */
const seriesId = (key) => [
    key.model,
    key.profile,
    key.gpu,
    `TensorRT ${key.tensorrt}`,
    key.precision,
    key.flags,
    ...(key.measurement ? [`measured ${key.measurement}`] : []),
]
    .map(idPart)
    .join(' · ');
function latencyOf(build) {
    const benchmark = build.perf?.latencyMs?.median ?? null;
    const ab = build.latency;
    if (benchmark !== null)
        return { latencyMs: benchmark, latencyInterval: null };
    if (ab?.head && ab.base && ab.ci) {
        return { latencyMs: ab.head.median, latencyInterval: [ab.ci[0] * ab.base.median, ab.ci[1] * ab.base.median] };
    }
    return { latencyMs: ab?.head?.median ?? null, latencyInterval: null };
}
/** The largest error of the engine's outputs over the shapes checked, absolute or relative. */
function maxError(build, kind) {
    const errors = (build.accuracy?.outputs ?? []).map((o) => o[kind]).filter((e) => e !== null);
    return errors.length > 0 ? Math.max(...errors) : null;
}
/** Where a point stands in its history: the push time GitHub recorded, else the runner's date. */
const points_orderOf = (point) => point.pushedAt ?? point.date;
/**
 * One point per commit and series: a workflow re-run appends the same commit again, and 25 re-runs must not
 * read as 25 builds. The latest (by orderOf, then by position) is kept; `replaced` counts the others.
 */
function onePointPerCommit(points) {
    const latest = new Map();
    points.forEach((point, at) => {
        const id = `${seriesId(point.key)}\0${point.commit}`;
        const kept = latest.get(id);
        if (!kept || points_orderOf(point) >= points_orderOf(kept.point))
            latest.set(id, { point, at });
    });
    const kept = [...latest.values()].sort((a, b) => a.at - b.at).map((k) => k.point);
    return { points: kept, replaced: points.length - kept.length };
}
/** One point per engine the run built or took from the cache; failed and skipped engines have none. */
function historyPoints(report, context) {
    return report.builds.flatMap((build) => {
        if (build.status !== 'built' && build.status !== 'cached')
            return [];
        const key = seriesKeyOf(build, report);
        if (!key)
            return [];
        const gpu = report.environment.gpus.find((g) => g.index === build.gpu?.index) ?? report.environment.gpus[0];
        return [
            {
                schema: HISTORY_SCHEMA,
                key,
                commit: context.commit,
                date: context.date,
                pushedAt: context.pushedAt ?? null,
                metrics: {
                    planBytes: build.bytes,
                    buildSeconds: build.status === 'built' ? build.buildSeconds : null,
                    peakGpuMemoryMiB: build.status === 'built' ? build.peakGpuMemoryMiB : null,
                    ...latencyOf(build),
                    accuracyMaxAbsError: maxError(build, 'maxAbsError'),
                    accuracyMaxRelError: maxError(build, 'maxRelError'),
                    stabilityLevel: build.stability?.level ? STABILITY_RANK[build.stability.level] : null,
                },
                environment: {
                    tensorrt: report.environment.tensorrtVersion,
                    driver: gpu?.driverVersion ?? null,
                    cuda: report.preflight?.cuda?.version ?? null,
                    image: context.image ?? report.environment.image,
                    trtexec: report.environment.trtexec,
                },
            },
        ];
    });
}

;// CONCATENATED MODULE: ./.build/tsc/history/changes.js
// Change points of each series and metric (docs/history.md): Otava's E-divisive means (e-divisive.ts) run
// between environment changes. A new TensorRT build, driver, CUDA, image or trtexec is a known step: the
// series is split there, and a shift across it (the same t-test on the points either side) is labelled
// `environment`, never a regression. Within a segment, a higher mean after is a regression (lower is
// better for every metric kept). Pure.



/** Otava's defaults. */
const WINDOW = 50;
const MAX_P = 0.001;
/**
 * The smallest relative change of the mean that counts. Otava's default 0 finds 33 change points in 100 flat
 * series of 300 points with the run-to-run spread of H200 A/A medians (bench/results/latency-h200-2026-11-30
 * .json); 0.5% finds none. Latency and memory take the A/B's default budget (1%), plan bytes any change (a
 * size is exact), build time 5% (a build's time moves with the machine's load).
 */
const MIN_MAGNITUDE = {
    planBytes: 0,
    buildSeconds: 0.05,
    peakGpuMemoryMiB: 0.01,
    latencyMs: 0.01,
    accuracyMaxAbsError: 0.01,
    accuracyMaxRelError: 0.01,
    // A level is a step: any change of it counts.
    stabilityLevel: 0,
};
const envText = (e) => JSON.stringify(e);
function environmentChange(a, b) {
    const names = { tensorrt: 'TensorRT', driver: 'driver', cuda: 'CUDA', image: 'image', trtexec: 'trtexec' };
    return Object.keys(names)
        .filter((k) => a[k] !== b[k])
        .map((k) => `${names[k]} ${a[k] ?? '?'} → ${b[k] ?? '?'}`)
        .join(', ');
}
/**
 * The points of each key in the history's order (the push time GitHub recorded, else the runner's date; ties
 * in file order), one per commit.
 */
function groupSeries(points) {
    const groups = new Map();
    const ordered = onePointPerCommit(points)
        .points.map((p, i) => ({ p, i }))
        .sort((a, b) => points_orderOf(a.p).localeCompare(points_orderOf(b.p)) || a.i - b.i);
    for (const { p } of ordered) {
        const id = seriesId(p.key);
        // Grown in place: a copy per point is quadratic in a series of 1e6 points.
        const group = groups.get(id);
        if (group)
            group.push(p);
        else
            groups.set(id, [p]);
    }
    return groups;
}
/** One metric of one series: its change points, split at environment steps. */
function metricSeries(points, metric) {
    const measured = points.flatMap((p) => {
        const value = p.metrics[metric];
        if (value === null || !Number.isFinite(value))
            return [];
        const interval = metric === 'latencyMs' ? p.metrics.latencyInterval : null;
        return [{ commit: p.commit, date: p.date, value, interval, environment: p.environment }];
    });
    if (measured.length === 0)
        return null;
    const segments = [];
    for (let i = 0; i < measured.length; i += 1) {
        const last = segments.at(-1);
        if (last && envText(measured[i - 1].environment) === envText(measured[i].environment))
            last.stop = i + 1;
        else
            segments.push({ start: i, stop: i + 1 });
    }
    const values = measured.map((p) => p.value);
    const changes = [];
    const change = (index, before, after, pValue, kind) => {
        const what = kind === 'environment' ? environmentChange(measured[index - 1].environment, measured[index].environment) : null;
        changes.push({ commit: measured[index].commit, index, before, after, ratio: after / before, pValue, kind, what });
    };
    // Each segment's own change points first: the level a step is judged against is the one it started from.
    const within = segments.map((segment) => changePoints(values.slice(segment.start, segment.stop), {
        windowLen: WINDOW,
        maxPValue: MAX_P,
        minMagnitude: MIN_MAGNITUDE[metric],
    }).map((found) => ({ ...found, index: segment.start + found.index })));
    segments.forEach((segment, s) => {
        for (const found of within[s]) {
            const kind = found.meanAfter > found.meanBefore ? 'regression' : 'improvement';
            change(found.index, found.meanBefore, found.meanAfter, found.pValue, kind);
        }
        if (s === 0)
            return;
        // The step into this segment: the previous segment's last level (after its own last change point, at most
        // half a window) against this one's first (before its own first change point).
        const previous = segments[s - 1];
        const half = Math.floor(WINDOW / 2);
        const lastChange = within[s - 1].at(-1)?.index ?? previous.start;
        const firstChange = within[s][0]?.index ?? segment.stop;
        const left = values.slice(Math.max(lastChange, previous.stop - half), previous.stop);
        const right = values.slice(segment.start, Math.min(firstChange, segment.start + half));
        const stats = studentTTest(left, right);
        if (stats.pValue <= MAX_P && changeMagnitude(stats) > MIN_MAGNITUDE[metric]) {
            change(segment.start, stats.meanBefore, stats.meanAfter, stats.pValue, 'environment');
        }
    });
    changes.sort((a, b) => a.index - b.index);
    const [first] = points;
    return { key: first.key, metric, points: measured, changePoints: changes };
}
/** Every series × metric with at least one measured point. */
function historyChanges(points) {
    return [...groupSeries(points).values()].flatMap(seriesOfGroup);
}
function seriesOfGroup(group) {
    return HISTORY_METRICS.map((metric) => metricSeries(group, metric)).filter((s) => s !== null);
}
/**
 * historyChanges, a series at a time with the event loop let in between: a cancel (SIGINT) stops it between
 * two series, with an AbortError, instead of waiting out a long history.
 */
async function historyChangesUntil(points, signal) {
    const series = [];
    for (const group of groupSeries(points).values()) {
        await new Promise((resolve) => setImmediate(resolve));
        signal?.throwIfAborted();
        series.push(...seriesOfGroup(group));
    }
    return series;
}

// EXTERNAL MODULE: external "node:module"
var external_node_module_ = __webpack_require__(98995);
// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(73136);
;// CONCATENATED MODULE: ./.build/tsc/history/chart-library.js
// uPlot's files for the dashboard page: beside the bundle in dist/uplot/ (npm run build copies them there,
// for the CLI and the report action alike), else from node_modules (the tests, a checkout run with tsx).




function loadChartLibrary() {
    // Not new URL('./uplot/', import.meta.url): ncc takes that for an asset of its own and rewrites it.
    const beside = (0,external_node_path_.join)((0,external_node_path_.dirname)((0,external_node_url_.fileURLToPath)(import.meta.url)), 'uplot');
    const read = (file) => {
        try {
            return (0,external_node_fs_.readFileSync)((0,external_node_path_.join)(beside, file), 'utf8');
        }
        catch {
            return (0,external_node_fs_.readFileSync)((0,external_node_module_.createRequire)(import.meta.url).resolve(`uplot/dist/${file}`), 'utf8');
        }
    };
    return { js: read('uPlot.iife.min.js'), css: read('uPlot.min.css') };
}

;// CONCATENATED MODULE: ./.build/tsc/history/dashboard.js
// The history as a static page (trt-ci history html), decision first: the list of change points (regressions
// first, newest first, each linked to its chart and commit), then one card per series, its chart drawn by uPlot
// (bundled into the page, no server, opens from file://) in the metric's unit with dates and commits on the x
// axis, change points and environment steps marked, filters by model, GPU and TensorRT, the view in the URL. uPlot
// because it draws thousands of points per chart on a canvas in milliseconds at ~50 KB (docs/history.md).
// Pure: the series and the library's text in, one HTML document out.


const METRIC_LABELS = {
    latencyMs: 'latency',
    planBytes: 'plan size',
    buildSeconds: 'build time',
    peakGpuMemoryMiB: 'peak GPU memory',
    accuracyMaxAbsError: 'accuracy: max abs error',
    accuracyMaxRelError: 'accuracy: max rel error',
    stabilityLevel: 'stability (0 bits … 4 none)',
};
/** JSON that is safe inside a <script> element: no "</script>", no "<!--". */
const scriptJson = (value) => JSON.stringify(value).replace(/</g, '\\u003c');
const escapeHtml = (text) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
/** The page's data: per series id, its key and each metric's points and change points. */
function pageData(series) {
    const byId = new Map();
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
function renderDashboard(series, library, title, 
/** Where a commit is shown ("https://github.com/acme/engines/commit/"), when known. */
commitUrl = null) {
    const data = pageData(series);
    const metrics = [...new Set(series.map((s) => s.metric))];
    // Latency first: the page opens on it.
    const order = ['latencyMs', ...HISTORY_METRICS.filter((m) => m !== 'latencyMs')];
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

;// CONCATENATED MODULE: ./.build/tsc/history/standing.js
// Where a pull request's engines stand against the base branch's recent history (the comment's History
// section): per engine and metric, the last builds' values on the same series, the head's, and whether the
// head is within their range. Pure: the head's report and the history's points in, standings out.



const RECENT = 30;
const standing_SHOWN = ['latencyMs', 'planBytes'];
function standings(reports, history) {
    const series = groupSeries(history);
    return reports.flatMap((report) => historyPoints(report, { commit: 'head', date: report.startedAt, image: null }).flatMap((head) => {
        const own = series.get(seriesId(head.key));
        const before = own ? null : seriesBeforeStep(head.key, series);
        const past = own ?? before?.points ?? [];
        return standing_SHOWN.flatMap((metric) => {
            const value = head.metrics[metric];
            const recent = past
                .map((p) => p.metrics[metric])
                .filter((v) => v !== null)
                .slice(-RECENT);
            if (value === null || recent.length === 0)
                return [];
            const [low, high] = [Math.min(...recent), Math.max(...recent)];
            const { model, profile, gpu } = head.key;
            const within = low <= value && value <= high;
            const standing = { model, profile, gpu, metric, recent, head: value, low, high, within };
            return [before ? { ...standing, within: true, step: before.step } : standing];
        });
    }));
}
/**
 * The same engine's series from before an environment step: same model, profile, GPU and precision, another
 * TensorRT minor or another measurement (the latest such series). Another build flag is not such a step: a
 * changed flag is the pull request's own change, and its series simply starts.
 */
function seriesBeforeStep(key, series) {
    let found = null;
    for (const points of series.values()) {
        const k = points[0].key;
        if (k.model !== key.model || k.profile !== key.profile || k.gpu !== key.gpu || k.precision !== key.precision)
            continue;
        if (k.tensorrt === key.tensorrt && k.measurement === key.measurement)
            continue;
        if (!found || points_orderOf(points.at(-1)) > points_orderOf(found.at(-1)))
            found = points;
    }
    return found && { points: found, step: stepText(found[0].key, key) };
}
function stepText(from, to) {
    const [was, now] = [measuredAs(from), measuredAs(to)];
    const measured = sameMeasurement(was, now)
        ? `latency measured alike (${describeMeasurement(now)})`
        : `latency measured with ${describeMeasurement(was)} → ${describeMeasurement(now)}`;
    return from.tensorrt === to.tensorrt ? measured : `TensorRT ${from.tensorrt} → ${to.tensorrt}, ${measured}`;
}
/** What a key's latency is made of: named in it, or that TensorRT's default. */
function measuredAs(key) {
    return ((key.measurement && parseMeasurementId(key.measurement)) ||
        measurement_defaultMeasurement({ major: Number(key.tensorrt.split('.')[0]) }));
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
    rmSync(path, { force: true });
    writeFileSync(path, data, { flag: 'wx' });
}
function newFileStream(path) {
    rmSync(path, { force: true });
    return createWriteStream(path, { flags: 'wx' });
}
/**
 * The folder `root`/`parts…`, made one level at a time: a link planted at a level is removed (the link, never
 * what it points to) and a real folder made there, so that nothing written into the folder lands elsewhere. A
 * file where a folder goes is refused: it is not trt-ci's to remove.
 */
async function new_file_folderWithin(root, ...parts) {
    let dir = root;
    for (const part of parts) {
        dir = join(dir, part);
        const found = await lstat(dir).catch(() => null);
        if (found?.isDirectory())
            continue;
        if (found?.isSymbolicLink())
            await rm(dir, { force: true });
        else if (found)
            throw new_file_notAFolder(`${dir}: a file where a folder goes`);
        // Another writer may make it meanwhile (runners appending at once): then it must be a folder, not a link.
        await mkdir(dir).catch(async (error) => {
            if (error.code !== 'EEXIST' || !(await lstat(dir)).isDirectory())
                throw error;
        });
    }
    return dir;
}
/** An ENOTDIR error (said by fileProblem as "a part of the path is a file, not a folder"). */
function new_file_notAFolder(message) {
    const error = new Error(message);
    error.code = 'ENOTDIR';
    return error;
}
/** Each file written on its own: a full disk costs the files it cannot hold, and says which, not the others. */
async function writeNewFiles(files) {
    const unwritten = [];
    for (const [path, text] of files) {
        await writeNewFile(path, text).catch((error) => {
            unwritten.push(`${path}: cannot write: ${fileProblem(error, 'a file')}`);
        });
    }
    return unwritten;
}

;// CONCATENATED MODULE: ./.build/tsc/history/store.js
// Where the history lives (docs/history.md): JSON lines packed one file per month, points/<YYYY-MM>.jsonl, by
// each point's order (the push time where known, orderOf): a year of pushes is twelve files to read, not one
// request per run. A run appends its lines to its month's file; in a local folder with O_APPEND (runners
// appending at once never lose a line), on the history branch through the API with the file's blob sha (a
// run that loses the race reads again and retries: github/history-branch.ts). Files of the layout before it,
// one per run under points/<YYYY-MM-DD>/, are still read. Reading parses every line with the schema and says
// what it skipped: a branch is writable by anyone with push access, and a bad line decides nothing.






const toJsonLines = (points) => points.map((p) => `${JSON.stringify(p)}\n`).join('');
/** Parses one file's lines; a skipped line is said as "file:line: why" (its first wrong field). */
function parseJsonLines(text, name, into) {
    text.split('\n').forEach((line, i) => {
        if (line.trim() === '')
            return;
        let json;
        try {
            json = JSON.parse(line);
        }
        catch {
            into.skipped.push(`${name}:${i + 1}: not JSON`);
            return;
        }
        const parsed = historyPointSchema.safeParse(json);
        if (parsed.success)
            into.points.push(parsed.data);
        else {
            const issue = parsed.error.issues[0];
            into.skipped.push(`${name}:${i + 1}: ${issue.path.join('.') || 'the point'}: ${issue.message}`);
        }
    });
}
/**
 * Appends a run's points to a local folder: each to its month's file, opened O_APPEND (one write each: lines
 * of runners appending at once never interleave) and O_NOFOLLOW (a link planted there is refused).
 */
async function appendToFolder(dir, points) {
    await mkdir(dir, { recursive: true }).catch((error) => {
        // EEXIST from a recursive mkdir: a file where the folder goes.
        throw error.code === 'EEXIST' ? notAFolder(error.message) : error;
    });
    const folder = await folderWithin(dir, 'points');
    const byMonth = new Map();
    for (const point of points) {
        const file = monthFilePath(orderOf(point)).split('/').at(-1);
        const month = byMonth.get(file);
        if (month)
            month.push(point);
        else
            byMonth.set(file, [point]);
    }
    const written = [];
    for (const [name, monthPoints] of byMonth) {
        const file = join(folder, name);
        const handle = await open(file, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW);
        try {
            await handle.write(toJsonLines(monthPoints));
        }
        finally {
            await handle.close();
        }
        written.push(file);
    }
    return written;
}
/** Every point under a local folder's points/ (a folder with none is an empty history). */
async function readFolder(dir) {
    const read = { points: [], skipped: [] };
    const files = await readdir(join(dir, 'points'), { recursive: true }).catch((error) => {
        if (error.code === 'ENOENT')
            return [];
        throw error;
    });
    for (const file of files.filter((f) => f.endsWith('.jsonl')).sort()) {
        const path = join(dir, 'points', file);
        // A FIFO (or a device, a link) named like a run's file would be read forever or lead elsewhere: skipped, said.
        const found = await lstat(path);
        if (!found.isFile()) {
            read.skipped.push(`${relative(dir, path)}: not a regular file`);
            continue;
        }
        parseJsonLines(await readFile(path, 'utf8'), relative(dir, path), read);
    }
    return read;
}

;// CONCATENATED MODULE: ./.build/tsc/action/report-history.js
// The report job's engine history (history-branch:): a push to (or a schedule on) the default branch appends to
// it and redraws the dashboard; a pull request reads where its engines stand. Never a failure of the report: a
// warning at most.














/** The events of the default branch that add their engines to the history (the pack's history job runs on them). */
const APPENDING_EVENTS = ['push', 'schedule'];
/**
 * The engine history on its branch (history-branch:): a push to the default branch, or a scheduled run on it
 * (the stability rebuilds' levels come from those), appends the reports' engines; a pull request reads the
 * recent runs for where its engines stand. Pull requests never write, and a history that cannot be read or
 * written is a warning: it never fails the report.
 */
async function keepHistory(context, octokit, reports, edge) {
    const { env } = edge;
    const branch = input('report', 'history-branch');
    if (!branch)
        return [];
    const where = { owner: context.owner, repo: context.repo, branch, ...(edge.signal && { signal: edge.signal }) };
    const defaultBranchRun = APPENDING_EVENTS.includes(context.eventName) &&
        !!context.defaultBranch &&
        context.ref === `refs/heads/${context.defaultBranch}`;
    try {
        if (defaultBranchRun) {
            // The order is the push's, as GitHub recorded it: a runner's clock (2099, say) reorders nothing. A scheduled
            // run has no push: its runner's date orders it.
            const pushedAt = pushTime(context.event);
            const points = reports.flatMap((report) => historyPoints(report, {
                commit: context.sha,
                date: report.startedAt,
                pushedAt,
                image: env.TRT_CI_IMAGE ?? null,
            }));
            if (points.length === 0)
                return [];
            // One push is one month's file (its points share the push's order).
            const path = history_monthFilePath(points_orderOf(points[0]));
            await appendToBranch(octokit, where, path, toJsonLines(points), `trt-ci history: ${context.sha.slice(0, 12)}`);
            core/* info */.pq(`trt-ci: appended ${points.length} engine point(s) to ${branch}:${path}`);
            const dashboard = input('report', 'dashboard');
            const serverUrl = env.GITHUB_SERVER_URL || 'https://github.com';
            if (dashboard)
                await writeDashboard(octokit, where, (0,external_node_path_.resolve)(edge.cwd, dashboard), serverUrl);
            return [];
        }
        if (!context.pullRequest)
            return [];
        const read = { points: [], skipped: [] };
        // The last two months (the recent builds a standing needs), and the newest per-run files of the old layout.
        const recent = await readBranch(octokit, where, { months: 2, perRunFiles: RECENT });
        for (const file of recent.files)
            parseJsonLines(file.text, file.path, read);
        if (read.skipped.length) {
            core/* warning */.$e(`trt-ci: ${branch}: skipped ${read.skipped.length} line(s) not history points: ` +
                read.skipped.slice(0, 5).join('; '));
        }
        return standings(reports, read.points);
    }
    catch (error) {
        const denied = error.status === 403;
        const access = defaultBranchRun ? 'write' : 'read';
        const why = denied ? `GitHub answered 403: the job needs permissions: contents: ${access}` : (0,errors/* errorMessage */.gJ)(error);
        core/* warning */.$e(`trt-ci: the history on ${branch} could not be ${defaultBranchRun ? 'written' : 'read'}: ${why}`);
        return [];
    }
}
/** Per-run files (the layout before month files) the dashboard reads, newest first: one request each. */
const PER_RUN_READ = 100;
/** When GitHub received the push (the push event's repository.pushed_at, epoch seconds), as ISO 8601; or null. */
function pushTime(event) {
    const at = event.repository?.pushed_at;
    const seconds = typeof at === 'number' ? at : typeof at === 'string' && /^\d+$/.test(at) ? Number(at) : null;
    return seconds !== null && seconds > 0 ? new Date(seconds * 1000).toISOString() : null;
}
/** The whole history on the branch as the static dashboard (trt-ci history html's page), into `dir`. */
async function writeDashboard(octokit, where, dir, serverUrl) {
    const read = { points: [], skipped: [] };
    const whole = await readBranch(octokit, where, { months: Number.POSITIVE_INFINITY, perRunFiles: PER_RUN_READ });
    for (const file of whole.files)
        parseJsonLines(file.text, file.path, read);
    // Said, never a silent cut: the dashboard of a branch with more per-run files than are read.
    if (whole.unread > 0) {
        core/* warning */.$e(`trt-ci: ${where.branch}: ${whole.unread} older per-run file(s) of the layout before month files were not ` +
            `read for the dashboard (the newest ${PER_RUN_READ} were); new runs go to month files`);
    }
    const series = historyChanges(read.points);
    await (0,promises_.mkdir)(dir, { recursive: true });
    await writeNewFile((0,external_node_path_.join)(dir, 'index.html'), renderDashboard(series, loadChartLibrary(), `${where.repo}: engine history`, `${serverUrl}/${where.owner}/${where.repo}/commit/`));
    core/* info */.pq(`trt-ci: wrote the history dashboard (${read.points.length} points) to ${(0,external_node_path_.join)(dir, 'index.html')}`);
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

;// CONCATENATED MODULE: ./.build/tsc/record/deploy-loads.js

/** `reports` by their runner type's report key (trt-ci-<labels>), as the deploy jobs name them in `from`. */
function withDeployLoads(reports, loads) {
    const merged = new Map(reports);
    for (const load of loads) {
        if (load.from === null)
            continue;
        // The runner type's report, or each of its shards' (trt-ci-<labels>-shard-<i>-of-<n>): a load's engines
        // are matched by model and profile, so a shard's report takes only its own.
        const own = `trt-ci-${load.from}`;
        for (const key of [...merged.keys()].filter((k) => k === own || k.startsWith(`${own}-shard-`))) {
            merged.set(key, withLoad(merged.get(key), load));
        }
    }
    return merged;
}
/** One load put into one report: the observed verdicts in place of the predictions they replace. */
function withLoad(report, load) {
    const builds = report.builds.map((build) => ({
        ...build,
        deploy: build.deploy.map((row) => {
            const seen = load.engines.find((e) => e.model === build.model && e.profile === build.profile && row.target === load.target);
            if (!seen)
                return row;
            const line = seen.mismatch ? `${seen.line ?? seen.verdict} (predicted ${seen.predicted})` : seen.line;
            return { ...row, verdict: seen.verdict, observed: true, line };
        }),
    }));
    // A load seen to fail fails the report as a predicted one does; one seen to load clears the prediction.
    return { ...report, builds, status: overallStatus({ ...report, builds }) };
}

;// CONCATENATED MODULE: ./.build/tsc/action/report-runners.js
// The runners' reports as the report job finds them: which runner types the pack started, which report.json
// files came back from them (the baseline copies left out), and the deploy jobs' loads put into them.








/**
 * The runners the pack started, from its `runners` input (a JSON list of label sets, or of ARC scale-set
 * names: `runs-on: <name>`); each uploads its report as the artifact trt-ci-<labels joined with ->, a
 * scale set's as trt-ci-<name> (GitHub's join() of a string is the string). Empty: none expected by name.
 */
function expectedRunners(json) {
    if (!json.trim())
        return [];
    let value;
    try {
        value = JSON.parse(json);
    }
    catch {
        value = null;
    }
    const labels = (set) => (typeof set === 'string' && set.trim() !== '') ||
        (Array.isArray(set) && set.length > 0 && set.every((l) => typeof l === 'string'));
    const valid = Array.isArray(value) && value.every(labels);
    if (!valid) {
        throw new errors/* InputError */.dz('expected-runners: expected a JSON list of runner label sets or ARC scale-set names like ' +
            `[["self-hosted","gpu","a100"], "arc-h100"], got ${json}`);
    }
    return value.map((set) => (typeof set === 'string' ? [set] : set));
}
/**
 * The expected runners (each shard of each, when the pack shards them) with no readable report in the
 * folder the pack downloads their artifacts to, as trt-ci-<labels>[-shard-<i>-of-<n>].
 */
function missingRunners(expected, reportFiles, root, shards = 1) {
    const found = new Set(reportFiles.map((file) => (0,external_node_path_.relative)(root, file).split(external_node_path_.sep)[0]));
    const missing = [];
    for (const labels of expected) {
        for (let shard = 1; shard <= shards; shard += 1) {
            const suffix = shards > 1 ? `-shard-${shard}-of-${shards}` : '';
            if (!found.has(`trt-ci-${labels.join('-')}${suffix}`)) {
                missing.push(labels.join(' ') + (shards > 1 ? ` (shard ${shard}/${shards})` : ''));
            }
        }
    }
    return missing;
}
/**
 * The pack's deploy jobs' loads (trt-ci-deploy-<target>/deploy.json), read as data and put into the reports
 * of the runner types whose plans they loaded (trt-ci-<from>); a file that is not a deploy load is skipped.
 */
function withDeployLoadsIn(reports, files, root) {
    const keys = files.map((file) => (0,external_node_path_.relative)(root, file).split(external_node_path_.sep)[0]);
    const loads = [];
    for (const dir of readdirSyncSafe(root).filter((d) => d.startsWith('trt-ci-deploy-'))) {
        let parsed = null;
        try {
            parsed = deployLoadSchema.safeParse(JSON.parse((0,external_node_fs_.readFileSync)((0,external_node_path_.join)(root, dir, 'deploy.json'), 'utf8')));
        }
        catch {
            parsed = null;
        }
        if (parsed?.success)
            loads.push(parsed.data);
        else
            core/* warning */.$e(`trt-ci: skipped ${dir}: no readable ${DEPLOY_LOAD_SCHEMA} deploy.json`);
    }
    const merged = withDeployLoads(new Map(keys.map((key, i) => [key, reports[i]])), loads);
    return keys.map((key) => merged.get(key));
}
function readdirSyncSafe(dir) {
    try {
        return (0,external_node_fs_.readdirSync)(dir);
    }
    catch {
        return [];
    }
}
/** report.json files under a folder (one per downloaded artifact). */
const BASELINE_PREFIX = artifactNames('').baseline;
async function findReports(root) {
    const found = [];
    const walk = async (dir, depth) => {
        for (const entry of await (0,promises_.readdir)(dir, { withFileTypes: true }).catch(() => [])) {
            const path = (0,external_node_path_.join)(dir, entry.name);
            // trt-ci-report-<key>: the copy the run action keeps as the next runs' baseline (a push's), which a
            // trt-ci-* download brings beside the runner's own trt-ci-<key>: the same report, taken once.
            if (entry.isDirectory() && depth === 0 && entry.name.startsWith(BASELINE_PREFIX))
                continue;
            if (entry.isDirectory() && depth < 3)
                await walk(path, depth + 1);
            else if (entry.isFile() && entry.name === 'report.json')
                found.push(path);
        }
    };
    await walk(root, 0);
    return found.sort();
}

;// CONCATENATED MODULE: ./.build/tsc/action/report.js

















/**
 * The report job of the workflow pack (and the comment workflow for forks): reads the runners'
 * reports as data, merges them, and posts the one sticky comment and one check run for all runners.
 * The pull request and its commit come from the event GitHub sent, never from an artifact.
 */
async function reportJob(edge) {
    const token = tokenInput('report');
    const given = { number: input('report', 'pull-request'), headSha: input('report', 'head-sha') };
    const context = await namedPullRequest(readRunContext(edge.env, edge.cwd), token, given, edge.env);
    const key = input('report', 'report-key') || 'trt-ci';
    const fork = context ? forkPullRequestRun(context) : null;
    if (fork && context) {
        await reportNotBuilt(context, fork, token, key, edge.env);
        return;
    }
    const root = (0,external_node_path_.resolve)(edge.cwd, input('report', 'reports'));
    const files = await findReports(root);
    const read = [];
    const loaded = [];
    for (const file of files) {
        try {
            read.push(await loadReport(file, 'report'));
            loaded.push(file);
        }
        catch (error) {
            core/* warning */.$e(`trt-ci: skipped ${file}: ${(0,errors/* errorMessage */.gJ)(error)}`);
        }
    }
    const reports = withDeployLoadsIn(read, loaded, root);
    const missing = missingRunners(expectedRunners(input('report', 'expected-runners')), loaded, root, shardCount('report'));
    if (reports.length === 0 && missing.length === 0) {
        core/* warning */.$e('trt-ci: no report.json found to merge');
        return;
    }
    // A runner type that wrote no report fails the merged view; it never just drops out of it.
    if (missing.length > 0)
        core/* setFailed */.C1(`trt-ci: no report from ${missing.join(', ')}`);
    const octokit = context && token ? makeOctokit(token, edge.env) : null;
    const history = context && octokit ? await keepHistory(context, octokit, reports, edge) : [];
    const configLink = context ? configLinker(context, edge.env) : undefined;
    const shared = { missing, history, ...(configLink && { configLink }) };
    const body = renderReports(reports, { limit: COMMENT_LIMIT_BYTES, marker: commentMarker(key), ...shared });
    await writeSummary(edge.env, renderReports(reports, { limit: SUMMARY_LIMIT_BYTES, ...shared }));
    const pr = context && octokit ? await pullRequestOf(context, octokit) : null;
    if (!pr || !context || !octokit) {
        core/* info */.pq('trt-ci: no pull request to report to');
        return;
    }
    const { reporter, target } = await commentAndStartCheck(context, octokit, { ...pr, key, body });
    const annotations = reports.flatMap((report) => reportAnnotations(report, (path) => path));
    const unique = [...new Map(annotations.map((a) => [`${a.path}:${a.startLine}:${a.title}`, a])).values()];
    const conclusion = checkConclusion({ cancelled: false, crashed: false, reports, missing: missing.length });
    const runners = `${reports.length} runner type${reports.length === 1 ? '' : 's'}` +
        (missing.length ? `, ${missing.length} without a report` : '');
    await reporter.completeCheck(target, {
        conclusion,
        title: `${conclusion === 'success' ? 'passed' : 'failed'} on ${runners}`,
        summary: body,
        annotations: unique,
    });
    if (reporter.problems.length)
        await writeSummary(edge.env, problemsSection(reporter.problems));
}
/**
 * The context with the pull request the gate named (an approval comment's event names none); one the API
 * does not give is still reported on, by its number and the commit that was built.
 */
async function namedPullRequest(context, token, given, env) {
    if (!context)
        return null;
    try {
        return await withPullRequest(context, token ? makeOctokit(token, env) : null, given);
    }
    catch (error) {
        if (error instanceof errors/* InputError */.dz)
            throw error;
        core/* warning */.$e(`trt-ci: could not read pull request #${given.number}: ${(0,errors/* errorMessage */.gJ)(error)}`);
        const headSha = given.headSha || context.sha;
        const pr = { number: Number(given.number), headSha, baseRef: '', baseSha: '', fromFork: false };
        return { ...context, sha: headSha, pullRequest: pr };
    }
}
/**
 * The fork a workflow_run's run came from, when it was a `pull_request` run of a fork: GitHub ran the
 * fork's own workflow file there (the merge commit's), which can upload any `trt-ci-*` artifact without a
 * GPU build. Nothing it uploaded decides anything; only the approval path (the base repository's workflow
 * file, on a maintainer's /gpu-ok) builds a fork's code and reports it.
 */
function forkPullRequestRun(context) {
    const run = context.event.workflow_run;
    if (context.eventName !== 'workflow_run' || run?.event !== 'pull_request' || !run.head_sha)
        return null;
    const repository = run.head_repository?.full_name ?? null;
    if (repository === `${context.owner}/${context.repo}`)
        return null;
    return { repository: repository ?? '(a deleted fork)', headSha: run.head_sha };
}
/** The fork's pull request is told it was not built, and its check never reads as passed. */
async function reportNotBuilt(context, fork, token, key, env) {
    const said = `## trt-ci ⏸️ not built: awaiting approval\n\nThis pull request comes from the fork ${code(fork.repository)}. ` +
        "A fork's own pull_request run uses the fork's workflow file, so nothing it uploaded is read. A maintainer " +
        `reviews commit ${code(fork.headSha)} and comments \`/gpu-ok ${fork.headSha}\` to build it on the GPU ` +
        'runners; that run reports here.\n';
    await writeSummary(env, said);
    core/* info */.pq(`trt-ci: not built: ${fork.repository}'s own run decides nothing (awaiting /gpu-ok)`);
    const octokit = token ? makeOctokit(token, env) : null;
    const pr = octokit ? await pullRequestOf(context, octokit) : null;
    if (!octokit || !pr)
        return;
    const body = `${commentMarker(key)}\n${said}`;
    const { reporter, target } = await commentAndStartCheck(context, octokit, {
        number: pr.number,
        headSha: fork.headSha,
        key,
        body,
    });
    await reporter.completeCheck(target, {
        conclusion: 'action_required',
        title: 'not built: awaiting approval',
        summary: said,
        annotations: [],
    });
    if (reporter.problems.length)
        await writeSummary(env, problemsSection(reporter.problems));
}
/** The sticky comment on the pull request, then its check run for all runners started on `headSha`. */
async function commentAndStartCheck(context, octokit, on) {
    const reporter = new GitHubReporter(octokit, false);
    const workflow = workflowFile(context.workflowRef);
    const where = { owner: context.owner, repo: context.repo, issueNumber: on.number, key: on.key, workflow };
    await reporter.comment(where, on.body);
    const target = {
        owner: context.owner,
        repo: context.repo,
        name: input('report', 'check-name') || 'trt-ci (all runners)',
        headSha: on.headSha,
    };
    await reporter.startCheck(target);
    return { reporter, target };
}
/**
 * The pull request of this run and its head commit, from the event: a pull_request event, or the
 * workflow_run a fork's run finished.
 */
async function pullRequestOf(context, octokit) {
    if (context.pullRequest)
        return { number: context.pullRequest.number, headSha: context.pullRequest.headSha };
    const run = context.event.workflow_run;
    if (context.eventName !== 'workflow_run' || !run?.head_sha)
        return null;
    if (run.pull_requests?.[0])
        return { number: run.pull_requests[0].number, headSha: run.head_sha };
    // GitHub leaves pull_requests empty for forks: find the open pull request of that fork's branch and commit.
    const owner = run.head_repository?.owner?.login;
    if (!owner || !run.head_branch)
        return null;
    const { data } = await octokit.rest.pulls.list({
        owner: context.owner,
        repo: context.repo,
        state: 'open',
        head: `${owner}:${run.head_branch}`,
        per_page: 10,
    });
    const number = data.find((pr) => pr.head.sha === run.head_sha)?.number;
    return number === undefined ? null : { number, headSha: run.head_sha };
}


/***/ })

};
