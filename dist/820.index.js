export const id = 820;
export const ids = [820];
export const modules = {

/***/ 4820:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runCommand: () => (/* binding */ runCommand)
});

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 7 modules
var core = __webpack_require__(33838);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
// EXTERNAL MODULE: ./.build/tsc/github/octokit.js
var github_octokit = __webpack_require__(64842);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./.build/tsc/builds/outcome.js
var builds_outcome = __webpack_require__(38273);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(51455);
// EXTERNAL MODULE: ./.build/tsc/units.js
var units = __webpack_require__(84196);
;// CONCATENATED MODULE: ./.build/tsc/builds/progress.js
// What a run says while it goes, for people: a line per build event (the CLI's stderr, the action's log).



/** One line per build event, on stderr while the builds run. */
function describeEvent(event) {
    switch (event.type) {
        case 'start': {
            const where = event.gpu === null ? 'the default GPU' : `GPU ${event.gpu}`;
            const { model, profile } = event.job;
            return (`▶ ${model.name}/${profile.name}: building on ${where} ` +
                `(attempt ${event.attempt}, workspace ${(0,units/* formatBytes */.z3)(event.workspaceBytes)})\n`);
        }
        case 'retry':
            return (`↻ ${event.job.model.name}/${event.job.profile.name}: ${event.failure.kind}; ` +
                `retrying with workspace ${(0,units/* formatBytes */.z3)(event.workspaceBytes)}\n`);
        case 'heartbeat': {
            const where = event.gpu === null ? '' : ` on GPU ${event.gpu}`;
            const peak = event.peakMiB === null ? '' : `, peak ${(0,units/* formatBytes */.z3)(event.peakMiB * 1024 ** 2)} so far`;
            const last = event.lastLine ? `; last: ${event.lastLine}` : '';
            return (`… ${event.job.model.name}/${event.job.profile.name}: ${(0,units/* formatSeconds */.Xo)(event.elapsedMs / 1000)}${where} ` +
                `(attempt ${event.attempt})${peak}${last}\n`);
        }
        case 'done': {
            const { job, status, failure } = event.outcome;
            const name = `${job.model.name}/${job.profile.name}`;
            if (!(0,builds_outcome/* isBuilt */.TQ)(event.outcome))
                return `✘ ${name}: ${failure?.kind ?? status}\n`;
            const backoff = (0,builds_outcome/* backedOff */.GG)(event.outcome.attempts);
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

// EXTERNAL MODULE: ./.build/tsc/preflight/render.js
var render = __webpack_require__(36439);
// EXTERNAL MODULE: ./.build/tsc/github/annotations.js
var annotations = __webpack_require__(26109);
// EXTERNAL MODULE: ./.build/tsc/github/baseline-artifact.js
var baseline_artifact = __webpack_require__(32659);
// EXTERNAL MODULE: ./.build/tsc/github/comment.js
var comment = __webpack_require__(28102);
// EXTERNAL MODULE: ./.build/tsc/github/context.js
var github_context = __webpack_require__(8224);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: ./.build/tsc/config/load.js + 2 modules
var load = __webpack_require__(8026);
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
        throw (0,load/* configError */.Fj)(config, ['gpus', missing], `expected a GPU index that nvidia-smi lists (${[...known].join(', ')}), got ${config.gpus[missing]}`);
    }
    return config.gpus;
}

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(31421);
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
].join('|')})$`, 'i');
function childEnv(base) {
    const env = {};
    for (const [name, value] of Object.entries(base))
        if (!SECRET.test(name))
            env[name] = value;
    return env;
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
    nvidiaSmi;
    intervalMs;
    clock;
    timeline = new MemoryTimeline();
    child = null;
    constructor(nvidiaSmi, intervalMs = 100, clock = Date.now) {
        this.nvidiaSmi = nvidiaSmi;
        this.intervalMs = intervalMs;
        this.clock = clock;
    }
    start() {
        const lines = new LineSplitter((line) => {
            const [index, used] = line.split(',').map((part) => Number(part.trim()));
            if (Number.isInteger(index) && Number.isFinite(used))
                this.timeline.add(index, this.clock(), used);
        });
        const child = (0,external_node_child_process_.spawn)(this.nvidiaSmi, [`--query-gpu=${SAMPLE_FIELDS}`, '--format=csv,noheader,nounits', `-lms`, String(this.intervalMs)], { stdio: ['ignore', 'pipe', 'ignore'], env: childEnv(process.env) });
        child.on('error', () => {
            this.child = null; // no nvidia-smi: builds go on without memory figures
        });
        child.stdout?.on('data', (chunk) => lines.push(chunk));
        this.child = child;
    }
    /** Waits (briefly) until every GPU has an idle sample, so builds can be measured against it. */
    async waitForBaseline(gpus, timeoutMs = 3_000) {
        const deadline = this.clock() + timeoutMs;
        while (this.child && !this.timeline.hasSampled(gpus) && this.clock() < deadline) {
            await new Promise((resolve) => setTimeout(resolve, 20));
        }
        this.timeline.markBaselineEnd(this.clock());
    }
    /**
     * Ends the stream: SIGTERM, then SIGKILL when it has not closed within `graceMs` (nvidia-smi on a
     * wedged driver ignores SIGTERM, and the run must not wait for it forever).
     */
    async stop(graceMs = 2_000) {
        const child = this.child;
        this.child = null;
        if (!child || child.exitCode !== null || child.signalCode !== null)
            return;
        const closed = new Promise((resolve) => child.once('close', () => resolve()));
        child.kill('SIGTERM');
        let timer;
        const late = new Promise((resolve) => {
            timer = setTimeout(() => resolve('late'), graceMs);
        });
        const ended = await Promise.race([closed, late]);
        clearTimeout(timer);
        if (ended === 'late') {
            child.kill('SIGKILL');
            await closed;
        }
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
            env: childEnv(options.env ?? process.env),
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
            log = (0,external_node_fs_.createWriteStream)(options.logFile);
        const onData = (chunk) => {
            lines?.push(chunk);
            if (log && !log.write(chunk)) {
                child.stdout?.pause();
                child.stderr?.pause();
                log.once('drain', () => {
                    child.stdout?.resume();
                    child.stderr?.resume();
                });
            }
        };
        const output = options.stdoutFile ? (0,external_node_fs_.createWriteStream)(options.stdoutFile) : null;
        child.stdout?.on('data', output
            ? (chunk) => {
                if (!output.write(chunk)) {
                    child.stdout?.pause();
                    output.once('drain', () => child.stdout?.resume());
                }
            }
            : onData);
        child.stderr?.on('data', onData);
        if (options.timeoutMs !== undefined && pgid !== undefined) {
            timers.push(setTimeout(() => {
                timedOut = true;
                signalGroup(pgid, 'SIGTERM');
                timers.push(setTimeout(() => signalGroup(pgid, 'SIGKILL'), options.killGraceMs ?? 10_000));
            }, options.timeoutMs));
        }
        child.on('error', (error) => {
            spawnError =
                error.code === 'ENOENT'
                    ? `${options.command}: command not found`
                    : error.code === 'EACCES'
                        ? `${options.command}: not executable`
                        : error.message;
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
            const closed = [log, output].map((stream) => new Promise((done) => (stream ? stream.end(() => done()) : done())));
            void Promise.all(closed).then(() => resolve(result));
        });
    });
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
async function runSmi(nvidiaSmi, args) {
    const lines = [];
    const result = await runProcess({
        command: nvidiaSmi,
        args,
        timeoutMs: 30_000,
        killGraceMs: 1_000,
        onLine: (line) => lines.push(line),
    });
    return { result, text: lines.join('\n') };
}
/**
 * The GPUs nvidia-smi sees. A driver can answer with exit 0 and still be dead: a GPU with no name
 * is reported as such. A field this driver does not know (compute_cap before 510) is left out and
 * the query made again without it.
 */
async function queryGpus(nvidiaSmi, fields = GPU_FIELDS) {
    const { result, text } = await runSmi(nvidiaSmi, [
        `--query-gpu=${fields.join(',')}`,
        '--format=csv,noheader,nounits',
    ]);
    const said = text.trim().split('\n')[0]?.slice(0, 200) ?? '';
    if (result.spawnError)
        return { ok: false, exitCode: null, reason: result.spawnError };
    const unknownField = /^Field "([^"]+)" is not a valid field to query/.exec(text.trim());
    if (result.exitCode === 2 && unknownField && fields.includes(unknownField[1]) && unknownField[1] !== 'index') {
        return queryGpus(nvidiaSmi, fields.filter((f) => f !== unknownField[1]));
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
async function queryComputeApps(nvidiaSmi) {
    const { result, text } = await runSmi(nvidiaSmi, [
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
async function queryClockState(nvidiaSmi, index) {
    const counters = SLOWDOWN_REASONS.map((reason) => `clocks_event_reasons_counters.${reason}`);
    const fields = ['index', 'clocks.current.sm', ...counters];
    const { result, text } = await runSmi(nvidiaSmi, [
        `--query-gpu=${fields.join(',')}`,
        '--format=csv,noheader,nounits',
    ]);
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

// EXTERNAL MODULE: ./.build/tsc/tensorrt/version.js
var tensorrt_version = __webpack_require__(13139);
;// CONCATENATED MODULE: ./.build/tsc/cache/engine-cache.js




/**
 * Whether an entry may be served to this run: a run for the default branch takes only entries that
 * a default-branch run (or a local run of the same machine) stored, unless cache-trust is any. A pull
 * request's code, approved or not, must not decide what the default branch ships.
 */
function trusts(reader, entry, trust) {
    if (trust === 'any' || !reader?.defaultBranch)
        return true;
    return entry.provenance?.defaultBranch === true;
}
async function sha256OfFile(path) {
    const hash = (0,external_node_crypto_.createHash)('sha256');
    for await (const chunk of (0,external_node_fs_.createReadStream)(path, { highWaterMark: 1024 * 1024 }))
        hash.update(chunk);
    return hash.digest('hex');
}
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
            const length = readVarint(data, at + marker.length);
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
 * sha256 of files, each read once per run however many builds (and the manifest) ask: an ONNX with its
 * external data can be gigabytes. Null for a file that cannot be read.
 */
class FileDigests {
    digests = new Map();
    of(path) {
        let digest = this.digests.get(path);
        if (!digest) {
            digest = sha256OfFile(path).catch(() => null);
            this.digests.set(path, digest);
        }
        return digest;
    }
}
/** A protobuf varint (a length) at `at`: its value and where the bytes after it start. */
function readVarint(data, at) {
    let value = 0;
    for (let i = 0; i < 4; i += 1) {
        const byte = data[at + i];
        if (byte === undefined)
            return null;
        value += (byte & 0x7f) * 2 ** (7 * i);
        if (byte < 0x80)
            return { value, next: at + i + 1 };
    }
    return null;
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
        const plan = await (0,promises_.stat)((0,external_node_path_.join)(dir, 'plan')).catch(() => null);
        // `null`, a list or a record of another key: written by something else, or damaged.
        if (typeof record !== 'object' || record === null || record.key !== key || !plan || plan.size !== record.bytes) {
            await this.remove(key);
            return 'corrupt';
        }
        const now = new Date();
        await (0,promises_.utimes)((0,external_node_path_.join)(dir, 'record.json'), now, now).catch(() => { }); // least recently used goes first
        return { dir, record };
    }
    /** Puts the cached plan (and layer info) where a build would have written them. */
    async restore(entry, plan, layerInfo) {
        await place((0,external_node_path_.join)(entry.dir, 'plan'), plan);
        if (entry.record.hasLayerInfo)
            await place((0,external_node_path_.join)(entry.dir, 'layers.json'), layerInfo);
    }
    /** Stores an entry; `replace` puts it in place of one already there (one this run does not trust). */
    async store(record, plan, layerInfo, replace = false) {
        const staging = (0,external_node_path_.join)(this.dir, 'tmp', `${record.key}.${process.pid}.${(0,external_node_crypto_.randomBytes)(4).toString('hex')}`);
        await (0,promises_.mkdir)(staging, { recursive: true });
        try {
            await (0,promises_.copyFile)(plan, (0,external_node_path_.join)(staging, 'plan'));
            if (layerInfo)
                await (0,promises_.copyFile)(layerInfo, (0,external_node_path_.join)(staging, 'layers.json'));
            await (0,promises_.writeFile)((0,external_node_path_.join)(staging, 'record.json'), `${JSON.stringify(record, null, 2)}\n`);
            const target = this.entry(record.key);
            await (0,promises_.mkdir)((0,external_node_path_.dirname)(target), { recursive: true });
            if (replace)
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
    /** Removes the least recently used entries until the cache is under `cache-max-size`. */
    async evict() {
        const entries = [];
        for (const prefix of await (0,promises_.readdir)((0,external_node_path_.join)(this.dir, 'engines')).catch(() => [])) {
            for (const key of await (0,promises_.readdir)((0,external_node_path_.join)(this.dir, 'engines', prefix)).catch(() => [])) {
                const dir = (0,external_node_path_.join)(this.dir, 'engines', prefix, key);
                const files = await (0,promises_.readdir)(dir).catch(() => []);
                const sizes = await Promise.all(files.map((f) => (0,promises_.stat)((0,external_node_path_.join)(dir, f))
                    .then((s) => s.size)
                    .catch(() => 0)));
                const used = (await (0,promises_.stat)((0,external_node_path_.join)(dir, 'record.json')).catch(() => null))?.mtimeMs ?? 0;
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

;// CONCATENATED MODULE: ./.build/tsc/cache/timing-cache.js



/**
 * Builds on other GPUs run at the same time, and trtexec rewrites its timing cache file in place at
 * the end: two of them writing one file could leave it torn. Each build works on its own copy of the
 * shared cache and a finished build replaces the shared one with a rename, which is atomic; the
 * shared cache is always whole. trtexec cannot merge two caches, so when builds overlap the copy that
 * knows most (the largest: a timing cache only grows) is kept, and the others' new entries are lost;
 * serializing the builds instead would cost the GPUs their parallelism, which is worth more.
 */
async function privateTimingCache(shared, label) {
    await (0,promises_.mkdir)((0,external_node_path_.dirname)(shared), { recursive: true });
    const own = `${shared}.${process.pid}.${label}.${(0,external_node_crypto_.randomBytes)(4).toString('hex')}`;
    await (0,promises_.copyFile)(shared, own).catch((error) => {
        if (error.code !== 'ENOENT')
            throw error;
    });
    return own;
}
/** Puts a finished build's copy in place of the shared cache, unless the shared one already knows more. */
async function publishTimingCache(own, shared, built) {
    const mine = await (0,promises_.stat)(own).catch(() => null);
    const current = await (0,promises_.stat)(shared).catch(() => null);
    if (built && mine?.isFile() && (!current || mine.size >= current.size)) {
        await (0,promises_.rename)(own, shared);
        return 'kept';
    }
    await (0,promises_.rm)(own, { force: true });
    return 'dropped';
}

// EXTERNAL MODULE: ./.build/tsc/did-you-mean.js
var did_you_mean = __webpack_require__(13392);
// EXTERNAL MODULE: ./.build/tsc/tensorrt/flags.js
var flags = __webpack_require__(52256);
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
 * The flag for a precision on this TensorRT, or why there is none. TensorRT 11 is strongly typed
 * and has no precision flags; --stronglyTyped is its default there, so no flag is needed.
 */
function precisionFlag(precision, version) {
    if (precision === null || precision === 'fp32')
        return { flag: null };
    if (precision === 'strongly-typed' && (0,tensorrt_version/* atLeast */.jZ)(version, '11.0'))
        return { flag: null };
    const flag = PRECISION_FLAGS[precision];
    const verdict = (0,flags/* flagSupport */.GP)(flag, version);
    if (verdict.ok)
        return { flag };
    if ((0,tensorrt_version/* atLeast */.jZ)(version, '11.0')) {
        return {
            error: `TensorRT ${(0,tensorrt_version/* formatVersion */.qh)(version)} builds strongly typed networks and has no ${flag}; remove precision ` +
                '(the ONNX decides: convert it with ModelOpt AutoCast) or set it to strongly-typed',
        };
    }
    return { error: verdict.reason };
}
/** Why an extra-args entry cannot be passed to this trtexec, or null when it can. */
function extraArgProblem(arg, version, helpFlags = new Set()) {
    const flag = (0,flags/* flagName */.GI)(arg);
    if (flags/* MANAGED_FLAGS */.mp.has(flag))
        return (`${flag} is set by trt-ci from the config (shapes, ` +
            `workspace, precision, plugins, timing-cache); set it there`);
    const verdict = (0,flags/* flagSupport */.GP)(flag, version);
    if (!verdict.ok)
        return verdict.reason;
    // A flag this trtexec neither lists in --help nor is known to parse would fail every build.
    if (helpFlags.size > 0 && !helpFlags.has(flag) && !(0,flags/* hasKnownSpan */.AM)(flag)) {
        const near = (0,did_you_mean/* closest */.k)(flag, [...helpFlags]);
        return `this trtexec (${(0,tensorrt_version/* formatVersion */.qh)(version)}) has no ${flag}${near ? `; did you mean ${near}?` : ''}`;
    }
    return null;
}
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
    const workspaceMiB = Math.max(1, Math.floor(workspaceBytes / units/* MiB */.lv));
    argv.push((0,flags/* hasFlag */.Lt)('--memPoolSize', version) ? `--memPoolSize=workspace:${workspaceMiB}` : `--workspace=${workspaceMiB}`);
    const precision = precisionFlag(model.precision, version);
    if ('flag' in precision && precision.flag)
        argv.push(precision.flag);
    if (paths.timingCache && (0,flags/* hasFlag */.Lt)('--timingCacheFile', version))
        argv.push(`--timingCacheFile=${paths.timingCache}`);
    argv.push((0,flags/* hasFlag */.Lt)('--skipInference', version) ? '--skipInference' : '--buildOnly');
    argv.push(...pluginArgs(model, version));
    if ((0,flags/* hasFlag */.Lt)('--exportLayerInfo', version))
        argv.push('--profilingVerbosity=detailed', `--exportLayerInfo=${paths.layerInfo}`);
    argv.push(...model.extraArgs);
    return argv;
}
/** argv for loading a built plan and measuring it at the profile's opt shapes. */
function benchmarkArgv(version, model, profile, plan) {
    return [`--loadEngine=${plan}`, ...measurementArgs(version, model, profile)];
}
/** What a measurement of a profile's engine runs with besides the engine: the contract both sides of an A/B share. */
function measurementArgs(version, model, profile) {
    const measured = profile && (0,load/* runProfile */.Tm)(profile);
    return [
        ...(measured && measured.shapes.length > 0 ? [`--shapes=${shapeSpec(measured.shapes, 'opt')}`] : []),
        ...pluginArgs(model, version),
    ];
}
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
 * argv for running a built plan once on given inputs and writing its outputs, at one of the profile's
 * shapes (docs/trtexec-inference-io.md): --loadInputs (raw files); the outputs at full precision with
 * --dumpRawBindingsToFile (8.6+, into the working folder) or else --exportOutput's JSON; one iteration,
 * no warm-up (trtexec would otherwise infer for its default 3 s). With `judge` (11.1+), trtexec also
 * compares them with the reference outputs: any element out of tolerance fails (a threshold above 0 is
 * required; the share of one element in a billion is still above 1e-9).
 */
function accuracyArgv(version, model, profile, shape, files, judge = null) {
    const measured = (0,load/* runProfile */.Tm)(profile);
    const argv = [`--loadEngine=${files.plan}`];
    if (measured.shapes.length > 0)
        argv.push(`--shapes=${shapeSpec(measured.shapes, shape)}`);
    argv.push(`--loadInputs=${fileList(files.inputs)}`, '--warmUp=0', '--duration=0', '--iterations=1');
    argv.push((0,flags/* hasFlag */.Lt)('--dumpRawBindingsToFile', version) ? '--dumpRawBindingsToFile' : `--exportOutput=${files.output}`);
    if (judge) {
        argv.push(`--loadRefOutputs=${fileList(judge.references)}`, '--accuracyAlgorithm=l0');
        argv.push(`--atol=${judge.atol}`, `--rtol=${judge.rtol}`, '--accuracyThreshold=1e-9');
    }
    argv.push(...pluginArgs(model, version));
    return argv;
}
const fileList = (files) => files.map((f) => `${quoteName(f.name)}:${f.file}`).join(',');
function pluginArgs(model, version) {
    const flag = (0,flags/* hasFlag */.Lt)('--staticPlugins', version) ? '--staticPlugins' : '--plugins';
    return [
        ...model.plugins.map((plugin) => `${flag}=${plugin}`),
        ...model.dynamicPlugins.map((plugin) => `--dynamicPlugins=${plugin}`),
    ];
}

// EXTERNAL MODULE: ./.build/tsc/tensorrt/failures.js
var failures = __webpack_require__(1840);
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
    requestedBytes = null;
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
        const match = tensorrt_version/* BANNER_PATTERN */.Ao.exec(line);
        if (!match)
            return;
        const version = (0,tensorrt_version/* decodeBannerVersion */.xJ)(match[2], match[3]);
        if (version && !this.version)
            this.version = version;
        else if (version && this.version?.build === null && sameRelease(version, this.version))
            this.version.build = version.build;
        if (match[1] === 'PASSED' || match[1] === 'FAILED')
            this.banner = match[1];
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
            this.engineBytes = Math.round(Number(match[1]) * units/* MiB */.lv);
            return;
        }
        match = /^Loaded engine size: ([\d.]+) MiB/.exec(line);
        if (match) {
            this.loadedEngineBytes ??= Math.round(Number(match[1]) * units/* MiB */.lv);
            return;
        }
        match = /^TensorRT version: (\d+\.\d+\.\d+)/.exec(line);
        if (match) {
            if (!this.version)
                this.version = (0,tensorrt_version/* parseVersion */.ot)(match[1]);
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
        if (level === 'I')
            return;
        const match = (0,failures/* matchEvidence */.nC)(line);
        if (match &&
            (!this.evidence ||
                match.rank < this.evidence.rank ||
                (match.rank === this.evidence.rank && level === 'E' && this.evidenceLevel !== 'E'))) {
            this.evidence = match;
            this.evidenceLevel = level;
        }
        if (!this.terminal && failures/* TERMINAL_PATTERN */.AP.test(line))
            this.terminal = line;
        if (match?.kind === 'out-of-memory')
            this.requestedBytes ??= (0,failures/* requestedBytes */.Q8)(line);
        if (level === 'E' || level === 'F')
            this.lastError = line;
    }
    /** The figures so far, judged by how the process ended when that is known. */
    result(outcome, context = {}) {
        const version = this.version ? (0,tensorrt_version/* formatVersion */.qh)(this.version) : null;
        const status = this.status(outcome);
        return {
            tensorrtVersion: version,
            tensorrtBuild: this.version?.build ?? null,
            status,
            engineBytes: this.engineBytes ?? this.loadedEngineBytes,
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
                hint: (0,failures/* hintFor */.JR)('timeout', '', context),
            };
        if (this.evidence) {
            const hint = this.evidence.hint ??
                (0,failures/* hintFor */.JR)(this.evidence.kind, this.evidence.message, { requestedBytes: this.requestedBytes, ...context });
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
            hint: (0,failures/* hintFor */.JR)('other', message, context),
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

// EXTERNAL MODULE: external "node:worker_threads"
var external_node_worker_threads_ = __webpack_require__(75919);
// EXTERNAL MODULE: ./.build/tsc/errors.js
var errors = __webpack_require__(40988);
;// CONCATENATED MODULE: ./.build/tsc/verify/header.js
/** TensorRT's kPLAN_FILE_TAG 0x74727466 as stored (little-endian): "ftrt". */
const MAGIC = 'ftrt';
const HEADER_BYTES = 28;
const MAX_METADATA_BYTES = 1024 * 1024;
function planAt(head, offset) {
    if (head.toString('latin1', offset, offset + 4) !== MAGIC)
        return { magic: false, tensorrtVersion: null, problem: null };
    if (head.length < offset + HEADER_BYTES) {
        return {
            magic: false,
            tensorrtVersion: null,
            problem: `starts with "ftrt" but is shorter than the ${HEADER_BYTES}-byte plan header`,
        };
    }
    const bytes = [...head.subarray(offset + 24, offset + 28)];
    // No TensorRT release is 0.x: a 0.0.0.0 header is a file that only looks like a plan.
    if (bytes[0] === 0) {
        return {
            magic: false,
            tensorrtVersion: null,
            problem: `has the "ftrt" tag but TensorRT version ${bytes.join('.')}`,
        };
    }
    return { magic: true, tensorrtVersion: bytes.join('.'), problem: null };
}
/**
 * Reads the plan header (docs/plan-header.md): "ftrt" at 0 and the TensorRT version in
 * bytes 24-27. Ultralytics' .engine files put a 4-byte length and a JSON blob in front of the plan;
 * those are recognised rather than called "not a plan".
 */
function readPlanHeader(head) {
    const none = { container: null, planOffset: null, metadata: null };
    if (head.length === 0)
        return { magic: false, tensorrtVersion: null, problem: 'the file is empty', ...none };
    const bare = planAt(head, 0);
    if (bare.magic || bare.problem)
        return { ...bare, container: bare.magic ? 'plan' : null, planOffset: bare.magic ? 0 : null, metadata: null };
    if (head.length >= 5 && head[4] === 0x7b /* { */) {
        const length = head.readInt32LE(0);
        if (length > 0 && length <= MAX_METADATA_BYTES && head.length >= 4 + length) {
            const wrapped = planAt(head, 4 + length);
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
    return { magic: false, tensorrtVersion: null, problem: 'no "ftrt" plan header: not a TensorRT plan', ...none };
}

;// CONCATENATED MODULE: ./.build/tsc/verify/zero-runs.js
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

;// CONCATENATED MODULE: ./.build/tsc/verify/scan-plan.js






// Chunk sizes as measured on a 2-core runner (npm run bench): reading 512 KiB at a time keeps a plain
// scan within 1.1-1.2× of `cat`; with the digest, two 4 MiB slots beat both smaller chunks (more
// hand-overs between the threads) and more slots (the data leaves the cache before it is hashed).
const SCAN_CHUNK = 512 * 1024;
const CHUNK = 4 * 1024 * 1024;
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
    data = new SharedArrayBuffer(CHUNK * SLOTS);
    control = new SharedArrayBuffer(SLOTS * 8);
    state = new Int32Array(this.control, 0, SLOTS);
    lengths = new Int32Array(this.control, SLOTS * 4, SLOTS);
    worker;
    constructor() {
        this.worker = new external_node_worker_threads_.Worker(DIGEST_WORKER, {
            eval: true,
            workerData: { data: this.data, control: this.control, slots: SLOTS, chunk: CHUNK },
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
        return Buffer.from(this.data, slot * CHUNK, CHUNK);
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
            ? new InlineDigest(chunkFor(size, CHUNK))
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
            ...readPlanHeader(head.subarray(0, headBytes)),
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

;// CONCATENATED MODULE: ./.build/tsc/builds/cached-build.js








/** Variables that change what trtexec builds; their values are part of the key. */
const BUILD_ENVIRONMENT = /^(CUDA_MODULE_LOADING|CUDA_FORCE_PTX_JIT|CUDA_DISABLE_PTX_JIT|CUDA_CACHE_DISABLE|TRT_.+)$/;
/**
 * The content key: the model's files, the plugins, files named in extra-args, the argv without its
 * paths, TensorRT, the trtexec binary and its TensorRT libraries, the GPU and driver, and the variables
 * that change a build. Null when the GPU is unknown: a plan is never served for a GPU nobody named.
 */
async function cacheKey(job, gpu, context) {
    if (!gpu?.name)
        return null;
    // Paths differ between checkouts and runners; what is in the files does not.
    const model = {
        ...job.model,
        onnx: 'model.onnx',
        plugins: job.model.plugins.map((_, i) => `plugin${i}`),
        dynamicPlugins: job.model.dynamicPlugins.map((_, i) => `dynamic${i}`),
    };
    const paths = { plan: 'plan', layerInfo: 'layers.json', timingCache: null };
    // The model's workspace, not where a combined plan started: that follows from its split builds, which
    // are keyed themselves, and must not make a cached split run look like another build.
    const argv = buildArgv(context.version, model, job.profile, job.model.workspaceBytes, paths);
    const toolchain = await context.cache.toolchain();
    const environment = Object.fromEntries(Object.entries(process.env)
        .filter(([name, value]) => BUILD_ENVIRONMENT.test(name) && value !== undefined)
        .sort(([a], [b]) => a.localeCompare(b)));
    return context.cache.keys.key({
        onnx: job.model.onnx,
        plugins: [...job.model.plugins, ...job.model.dynamicPlugins],
        inputs: filesNamedIn(job.model.extraArgs, context.config.dir),
        argv: [...argv, `min-workspace=${job.model.minWorkspaceBytes}`],
        tensorrtVersion: (0,tensorrt_version/* formatVersion */.qh)(context.version, true),
        trtexec: toolchain.trtexec,
        libraries: toolchain.libraries,
        gpu: { name: gpu.name, computeCapability: gpu.computeCapability, driverVersion: gpu.driverVersion },
        environment,
    });
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
/** What a cache that cannot be read or written (a full, read-only or damaged disk) did; said in the report. */
function cacheProblem(what, error) {
    return `the engine cache could not be ${what}: ${(0,errors/* errorMessage */.gJ)(error)}`;
}
/** A miss for an entry that could not be read: the engine is built as if the cache were empty. */
function unreadableCache(key, error) {
    return {
        key,
        hit: false,
        savedSeconds: null,
        corrupt: false,
        untrusted: false,
        problem: cacheProblem('read', error),
    };
}
/**
 * A cache hit: the plan comes from the cache and is still verified; a mismatch is removed and rebuilt.
 * An entry this run does not trust (a pull request's, read by the default branch) is not served.
 */
async function restoreFromCache(job, key, cache, reader) {
    const miss = (corrupt, untrusted = false) => ({
        plan: null,
        verdict: { key, hit: false, savedSeconds: null, corrupt, untrusted, problem: null },
    });
    const entry = await cache.lookup(key);
    if (entry === null || entry === 'corrupt')
        return miss(entry === 'corrupt');
    if (!trusts(reader.provenance, entry.record, reader.trust))
        return miss(false, true);
    await cache.restore(entry, job.plan, job.layerInfo);
    const scan = await scanPlan(job.plan);
    if (scan.sha256 !== entry.record.sha256) {
        await cache.remove(key);
        await (0,promises_.rm)(job.plan, { force: true });
        await (0,promises_.rm)(job.layerInfo, { force: true });
        return miss(true);
    }
    const { buildSeconds } = entry.record;
    return {
        plan: { path: job.plan, layerInfo: entry.record.hasLayerInfo ? job.layerInfo : null, scan },
        buildSeconds,
        verdict: { key, hit: true, savedSeconds: buildSeconds, corrupt: false, untrusted: false, problem: null },
    };
}
/** A plan that built is kept under its key, with what the report needs to stand in for the build. */
async function storeInCache(cache, key, built, job, tensorrtVersion, writer) {
    const { plan, gpu } = built;
    if (!plan.scan.sha256)
        return;
    await cache.store({
        key,
        model: job.model.name,
        profile: job.profile.name,
        bytes: plan.scan.bytes,
        sha256: plan.scan.sha256,
        buildSeconds: built.buildSeconds,
        tensorrtVersion,
        gpu: gpu && { name: gpu.name, computeCapability: gpu.computeCapability },
        argv: built.last.argv,
        createdAt: new Date().toISOString(),
        hasLayerInfo: plan.layerInfo !== null,
        ...(writer.provenance && { provenance: writer.provenance }),
    }, plan.path, plan.layerInfo, writer.replace);
}

;// CONCATENATED MODULE: ./.build/tsc/builds/build-profile.js











/** What a build that the run's cancel stopped, or never let start, reports. */
const CANCELLED = {
    kind: 'cancelled',
    message: 'the run was cancelled',
    hint: (0,failures/* hintFor */.JR)('cancelled', ''),
};
/** The next workspace after an out-of-memory failure, or null when the floor is reached. */
function nextWorkspace(current, floor) {
    if (current <= floor)
        return null;
    return Math.max(Math.floor(current / 2), floor);
}
/**
 * Builds one profile: from the engine cache when it holds this exact build, else trtexec on one GPU,
 * retried with half the workspace while it runs out of memory, then (if asked) loaded once to prove
 * the plan deserializes and to measure it.
 */
async function buildProfile(job, gpu, context) {
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
    const driverVersion = info?.driverVersion ?? null;
    const key = context.cache ? await cacheKey(job, facts && { ...facts, driverVersion }, context) : null;
    let cache = null;
    if (context.cache && key) {
        const restored = await restoreFromCache(job, key, context.cache.engines, context.cache).catch(
        // The cache only saves time: one it cannot read is a miss, said in the report, and the engine is built.
        (error) => ({ plan: null, verdict: unreadableCache(key, error) }));
        if (restored.plan) {
            const { plan, buildSeconds, verdict } = restored;
            return done({ ...(0,builds_outcome/* notRun */.nE)(job, facts, null), status: 'cached', plan, buildSeconds, cache: verdict });
        }
        cache = restored.verdict;
    }
    const env = gpu === null ? process.env : { ...process.env, CUDA_VISIBLE_DEVICES: String(gpu) };
    const { attempts, parsed, retryCancelled } = await runAttempts(job, gpu, env, context);
    const last = attempts[attempts.length - 1];
    // Cancelled before its first attempt: it never ran.
    if (!last || !parsed)
        return done({ ...(0,builds_outcome/* notRun */.nE)(job, facts, CANCELLED), cache });
    const collected = last.failure ? null : await collectPlan(job, last, parsed);
    if (!collected || 'failure' in collected) {
        const failure = retryCancelled ? CANCELLED : (collected?.failure ?? last.failure);
        const settled = collected ? [...attempts.slice(0, -1), { ...last, failure }] : attempts;
        return done({ ...(0,builds_outcome/* notRun */.nE)(job, facts, failure), status: 'failed', attempts: settled, cache });
    }
    const built = { ...collected, gpu: fillGpu(facts, parsed), last };
    if (context.cache && key) {
        const writer = { provenance: context.cache.provenance, replace: cache?.untrusted ?? false };
        const version = (0,tensorrt_version/* formatVersion */.qh)(context.version, true);
        await storeInCache(context.cache.engines, key, built, job, version, writer).catch((error) => {
            // A full cache disk costs the next run a build, not this one its engine.
            const problem = cacheProblem('written', error);
            if (cache)
                cache = { ...cache, problem: cache.problem ? `${cache.problem}; ${problem}` : problem };
        });
    }
    const outcome = { ...(0,builds_outcome/* notRun */.nE)(job, built.gpu, null), status: 'built', attempts, ...collected, cache };
    if (!job.model.benchmark)
        return done(outcome);
    if (context.signal?.aborted)
        return done({ ...outcome, status: 'failed', failure: CANCELLED });
    const bench = await benchmark(job, env, context);
    return done({ ...outcome, perf: bench.perf, ...(bench.failure && { status: 'failed', failure: bench.failure }) });
}
/** trtexec until it builds, runs out of workspace to try, or fails for another reason. */
async function runAttempts(job, gpu, env, context) {
    const { config, version } = context;
    const gpuName = gpu === null ? null : (context.gpus.get(gpu)?.name ?? null);
    const sharedTiming = context.timingCacheFor?.(gpuName) ?? config.timingCache;
    const timingCache = sharedTiming
        ? await privateTimingCache(sharedTiming, `${job.model.name}.${job.profile.name}`)
        : null;
    const attempts = [];
    let workspace = job.workspaceBytes ?? job.model.workspaceBytes;
    let parsed = null;
    while (workspace !== null && !context.signal?.aborted) {
        const attempt = attempts.length + 1;
        const paths = { plan: job.plan, layerInfo: job.layerInfo, timingCache };
        const argv = buildArgv(version, job.model, job.profile, workspace, paths);
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
        const result = await runProcess({
            command: config.trtexec,
            args: argv,
            env,
            logFile: log,
            timeoutMs: job.model.buildTimeoutMs,
            killGraceMs: config.killGraceMs,
            onLine: (line) => {
                parser.push(line);
                if (line.trim() && !/\[V\]/.test(line))
                    lastLine = line.trim().slice(0, 200);
            },
            ...(context.signal && { signal: context.signal }),
        }).finally(() => clearInterval(heartbeat));
        parsed = parser.result(outcomeOf(result), {
            workspaceBytes: workspace,
            minWorkspaceBytes: job.model.minWorkspaceBytes,
            buildTimeoutMs: job.model.buildTimeoutMs,
            logFile: log,
        });
        const failure = result.spawnError
            ? {
                kind: 'other',
                message: result.spawnError,
                hint: 'Set trtexec: in trt-ci.yml to the trtexec binary.',
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
    if (timingCache)
        await publishTimingCache(timingCache, sharedTiming, built);
    // Cancelled with a retry still to come: the build did not fail, it was stopped.
    return { attempts, parsed, retryCancelled: workspace !== null && attempts.length > 0 };
}
/** The plan trtexec says it wrote, scanned once; a pass without a plan is a failure. */
async function collectPlan(job, last, parsed) {
    const planStat = await (0,promises_.stat)(job.plan).catch(() => null);
    if (!planStat?.isFile() || planStat.size === 0) {
        return {
            failure: {
                kind: 'other',
                message: `trtexec passed but wrote no plan at ${job.plan}`,
                hint: 'Check that the output folder is writable and has free space, ' +
                    'and that extra-args does not change --saveEngine.',
            },
        };
    }
    const layerInfo = (await (0,promises_.stat)(job.layerInfo).catch(() => null))?.isFile() ? job.layerInfo : null;
    return {
        plan: { path: job.plan, layerInfo, scan: await scanPlan(job.plan) },
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
async function benchmark(job, env, context) {
    const log = `${job.logPrefix}.bench.log`;
    const parser = new TrtexecLogParser();
    const result = await runProcess({
        command: context.config.trtexec,
        args: benchmarkArgv(context.version, job.model, job.profile, job.plan),
        env,
        logFile: log,
        timeoutMs: job.model.buildTimeoutMs,
        killGraceMs: context.config.killGraceMs,
        onLine: (line) => parser.push(line),
        ...(context.signal && { signal: context.signal }),
    });
    const parsed = parser.result(outcomeOf(result), { buildTimeoutMs: job.model.buildTimeoutMs, logFile: log });
    const perf = {
        throughputQps: parsed.throughputQps,
        latencyMs: parsed.latencyMs,
        gpuComputeMs: parsed.gpuComputeMs,
        log,
    };
    const failure = result.cancelled
        ? CANCELLED
        : parsed.failure && { ...parsed.failure, message: `the plan did not load: ${parsed.failure.message}` };
    return { perf, failure };
}
function outcomeOf(result) {
    return { exitCode: result.exitCode, signal: result.signal, timedOut: result.timedOut };
}

// EXTERNAL MODULE: ./.build/tsc/builds/jobs.js
var builds_jobs = __webpack_require__(34901);
// EXTERNAL MODULE: ./node_modules/@actions/exec/lib/exec.js + 5 modules
var exec = __webpack_require__(22876);
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
            }
        }
        return { ok: true, elf: { bits, littleEndian: le, type, machine, needed, soname, exports } };
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







/** A command's path as the shell would find it; null when it is not there. */
function whichCommand(command, path = process.env.PATH ?? '') {
    if (command.includes('/'))
        return (0,external_node_fs_.existsSync)(command) ? command : null;
    for (const dir of path.split(external_node_path_.delimiter)) {
        const candidate = (0,external_node_path_.join)(dir, command);
        if (dir && (0,external_node_fs_.existsSync)(candidate))
            return candidate;
    }
    return null;
}
/** Runs ldd on a file: the resolved libraries and the ones not found; null when ldd cannot tell. */
async function lddOf(file) {
    const ldd = whichCommand('ldd');
    if (!ldd)
        return null;
    // A short local probe: @actions/exec fits (no process group or timeout needed). No `input`: ldd never reads
    // stdin, and @actions/exec writes `input` to a pipe it does not watch, so an ldd that had already exited
    // made an EPIPE that nothing caught, and it ended the whole process (seen once in a test run).
    const result = await (0,exec/* getExecOutput */.H)(ldd, [file], {
        env: childEnv(process.env),
        silent: true,
        ignoreReturnCode: true,
    }).catch(() => null);
    if (result?.exitCode !== 0)
        return null;
    const resolved = new Map();
    const notFound = [];
    for (const line of `${result.stdout}\n${result.stderr}`.split('\n')) {
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
async function pluginFacts(path, dynamic) {
    const elf = await readElf(path);
    const ldd = elf.ok ? await lddOf(path) : null;
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
            const ldd = await lddOf(lookup.trtexecPath);
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
function resolveCommand(command) {
    const found = whichCommand(command);
    return found && (0,external_node_path_.isAbsolute)(found) ? safeRealpath(found) : found;
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













async function planGpus(config, made) {
    const query = await (made ?? queryGpus(config.nvidiaSmi));
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
async function toolchainOf(trtexec) {
    const binary = whichCommand(trtexec) ?? trtexec;
    const linked = await lddOf(binary);
    const libraries = [...(linked?.resolved.entries() ?? [])]
        .filter(([name]) => name.startsWith('libnvinfer'))
        .map(([, path]) => path)
        .sort();
    return { trtexec: binary, libraries };
}
function once(make) {
    let made = null;
    return () => {
        made ??= make();
        return made;
    };
}
/** Each attempt's peak memory from the stream, by its GPU and time window; the build's is its last attempt's. */
function withPeakMemory(outcomes, timeline) {
    return outcomes.map((outcome) => {
        const gpu = outcome.gpu;
        if (!gpu)
            return outcome;
        const attempts = outcome.attempts.map((a) => {
            const peak = timeline.window(gpu.index, a.startedAt, a.endedAt)?.attributedMiB ?? null;
            // A failed attempt that showed nothing above the idle GPU may have ended between two samples:
            // what it held is unknown, not 0.
            return { ...a, peakGpuMemoryMiB: a.failure && peak === 0 ? null : peak };
        });
        return { ...outcome, attempts, peakGpuMemoryMiB: attempts[attempts.length - 1]?.peakGpuMemoryMiB ?? null };
    });
}
/** Every build of the config, not run: the report still lists what was not built, and why. */
function skipBuildStage(config, failure, selection) {
    return {
        outcomes: (0,builds_jobs/* planBuildJobs */.W)(config, selection).map((job) => (0,builds_outcome/* notRun */.nE)(job, null, failure)),
        gpus: [],
        gpuQueryError: null,
        cacheBytes: null,
        evicted: 0,
        evictProblem: null,
    };
}
/**
 * Every model × profile, one trtexec each, one build per GPU at a time with the GPUs in parallel,
 * under one nvidia-smi memory stream whose samples are charged to the builds afterwards.
 */
async function runBuildStage(config, version, options = {}) {
    // The memory stream starts while the GPUs are being listed; without GPUs it is stopped unused.
    let sampler = new MemorySampler(config.nvidiaSmi);
    sampler.start();
    let gpuPlan;
    try {
        gpuPlan = await planGpus(config, options.gpuQuery);
    }
    catch (error) {
        await sampler.stop();
        throw error;
    }
    if (gpuPlan.gpus.length === 0) {
        await sampler.stop();
        sampler = null;
    }
    await sampler?.waitForBaseline(gpuPlan.slots.filter((s) => s !== null));
    const onAbort = () => killAllProcessGroups('SIGKILL');
    options.signal?.addEventListener('abort', onAbort);
    const gpus = new Map(gpuPlan.gpus.map((g) => [g.index, g]));
    const cache = config.cacheDir
        ? {
            engines: new EngineCache(config.cacheDir, config.cacheMaxBytes),
            keys: new EngineKeys(options.digests),
            toolchain: once(() => toolchainOf(config.trtexec)),
            provenance: options.provenance ?? null,
            trust: config.cacheTrust,
        }
        : null;
    // With a cache folder, the timing cache is kept there per TensorRT version and GPU model.
    const timingCacheFor = config.cacheDir
        ? (gpuName) => (0,external_node_path_.join)(config.cacheDir, 'timing', `${(0,tensorrt_version/* formatVersion */.qh)(version, true)}-${(gpuName ?? 'unknown-gpu').replace(/[^A-Za-z0-9._-]+/g, '-')}.cache`)
        : undefined;
    let outcomes;
    const jobs = (0,builds_jobs/* planBuildJobs */.W)(config, options.selection);
    const slots = parallelSlots(gpuPlan.slots, config.maxParallel);
    try {
        const build = (job, gpu) => options.signal?.aborted
            ? Promise.resolve((0,builds_outcome/* notRun */.nE)(job, gpu === null ? null : { index: gpu, name: null, computeCapability: null }, CANCELLED))
            : buildProfile(job, gpu, {
                config,
                version,
                gpus,
                onEvent: options.onEvent,
                cache,
                timingCacheFor,
                signal: options.signal,
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
    let evictProblem = null;
    const evicted = cache
        ? await cache.engines.evict().catch((error) => {
            evictProblem = cacheProblem('trimmed to cache-max-size', error);
            return null;
        })
        : null;
    return {
        outcomes,
        gpus: gpuPlan.gpus,
        gpuQueryError: gpuPlan.queryError,
        cacheBytes: evicted?.bytes ?? null,
        evicted: evicted?.removed.length ?? 0,
        evictProblem,
    };
}

;// CONCATENATED MODULE: ./.build/tsc/version.js
/** trt-ci's own version (a test holds it equal to package.json's). */
const VERSION = '0.2.0';

;// CONCATENATED MODULE: ./.build/tsc/builds/manifest.js




/** The engine manifest: every plan this run built, with what it takes to rebuild or trust it. */
function buildManifest(outcomes, run) {
    const { tensorrtVersion, outputDir } = run;
    // Absolute paths in flags (--onnx=/runner/work/…) say nothing on another machine.
    const portable = (arg) => arg.replace(/^(--[A-Za-z0-9]+=)(\/.*)$/, (_, flag, path) => `${flag}${(0,external_node_path_.relative)(outputDir, path)}`);
    const engines = outcomes.flatMap((o) => {
        const plan = o.plan;
        if (!(0,builds_outcome/* isBuilt */.TQ)(o) || !plan?.scan.sha256)
            return [];
        return [
            {
                model: o.job.model.name,
                profile: o.job.profile.name,
                shapes: (0,builds_jobs/* shapesOf */.e)(o.job.profile),
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
        throw (0,load/* configError */.Fj)(config, ['output-dir'], `expected a folder of trt-ci's own, got ${dir}, which holds other files`);
    }
    if ((0,external_node_fs_.existsSync)(dir) && !(0,external_node_fs_.existsSync)((0,external_node_path_.join)(dir, OUTPUT_MARKER))) {
        // Names alone prove nothing (a repository has its own summary.md): only the marker does.
        const foreign = (0,external_node_fs_.readdirSync)(dir);
        if (foreign.length > 0) {
            const names = foreign.slice(0, 3).join(', ') + (foreign.length > 3 ? ', …' : '');
            throw (0,load/* configError */.Fj)(config, ['output-dir'], `expected a new folder or one trt-ci wrote, got ${dir}, which holds files trt-ci did not write (${names})`);
        }
    }
    await (0,promises_.mkdir)(dir, { recursive: true });
    (0,external_node_fs_.writeFileSync)((0,external_node_path_.join)(dir, OUTPUT_MARKER), 'trt-ci writes and rewrites the files in this folder.\n');
    const lock = (0,external_node_path_.join)(dir, OUTPUT_LOCK);
    const busy = (holder) => (0,load/* configError */.Fj)(config, ['output-dir'], `expected a folder no other trt-ci run is writing, got ${dir}, which ` +
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

// EXTERNAL MODULE: ./.build/tsc/compare/baseline.js
var compare_baseline = __webpack_require__(96068);
// EXTERNAL MODULE: ./.build/tsc/compare/evaluate.js
var evaluate = __webpack_require__(17928);
;// CONCATENATED MODULE: ./.build/tsc/accuracy/compare.js
// How far an engine's output is from the reference's (ONNX Runtime FP32): the figures the accuracy gate
// judges by. Pure: arrays in, figures out.
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

;// CONCATENATED MODULE: ./.build/tsc/accuracy/export-output.js
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
/** Each array of the archive by its name (the member name without `.npy`), float32 in C order only. */
function parseNpz(bytes, file) {
    const bad = (what) => new Error(`${file}: expected a NumPy .npz archive (np.savez), ${what}`);
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
        const stored = bytes.subarray(start, start + compressed);
        let member;
        if (method === 0)
            member = stored;
        else if (method === 8)
            member = (0,external_node_zlib_.inflateRawSync)(stored);
        else
            throw bad(`member ${name} is compressed with method ${method}, not stored or deflated`);
        if (member.length !== size)
            throw bad(`member ${name} has ${member.length} bytes, its directory says ${size}`);
        if (!name.endsWith('.npy'))
            continue;
        arrays.set(name.slice(0, -4), parseNpy(member, `${file}:${name}`));
    }
    return arrays;
}

;// CONCATENATED MODULE: ./.build/tsc/accuracy/inputs.js




/**
 * The inputs `inputs: auto` means: for each input of the profile at the chosen shape, values drawn from
 * a seeded generator, uniform in [-1, 1), so that the same model and shapes get the same inputs on every
 * runner and every run, and a reference computed once can be kept.
 */
function seededInputs(profile, shape, seed = 0x7e57) {
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
        return { name: range.input, dims: [...dims], values: Float32Array.from({ length: count }, () => next() * 2 - 1) };
    });
}
/**
 * A float32 tensor's own bytes, as --loadInputs and --loadRefOutputs read them: little-endian, no header
 * (a view, not a copy; the hosts trtexec runs on are little-endian).
 */
const float32Bytes = (values) => Buffer.from(values.buffer, values.byteOffset, values.byteLength);
/**
 * A NumPy .npy file of float32 values (what `np.save` writes): the magic, a version, a header that is a
 * Python dict literal, then the data. Only little-endian float32 in C order is taken: that is what
 * --loadInputs feeds a float input.
 */
function parseNpy(bytes, file) {
    if (bytes.length < 10 || bytes.toString('latin1', 0, 6) !== '\x93NUMPY') {
        throw new Error(`${file}: expected a NumPy .npy file (np.save), got something else`);
    }
    const major = bytes[6];
    const headerLength = major === 1 ? bytes.readUInt16LE(8) : bytes.readUInt32LE(8);
    const start = major === 1 ? 10 : 12;
    const header = bytes.toString('latin1', start, start + headerLength);
    const descr = /'descr':\s*'([^']+)'/.exec(header)?.[1];
    const fortran = /'fortran_order':\s*(True|False)/.exec(header)?.[1];
    const shape = /'shape':\s*\(([^)]*)\)/.exec(header)?.[1];
    if (descr !== '<f4' || fortran !== 'False' || shape === undefined) {
        throw new Error(`${file}: expected float32 in C order (np.float32), got ${descr ?? '?'}, fortran_order ${fortran}`);
    }
    const dims = shape
        .split(',')
        .map((d) => d.trim())
        .filter(Boolean)
        .map(Number);
    const data = bytes.subarray(start + headerLength);
    const count = dims.reduce((a, b) => a * b, 1);
    if (data.length !== count * 4)
        throw new Error(`${file}: shape (${dims.join(', ')}) but ${data.length} bytes of data`);
    return { dims, values: new Float32Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.length)) };
}
/**
 * Real samples for each input of the profile, at the chosen shape: `<folder>/<input name>.npy`, or the
 * array of that name in a .npz archive. A sample of another shape is an error that names both: an engine
 * is checked at the shapes it is built for.
 */
function sampleInputs(source, profile, shape, 
/** How a .npz is read: the stage reads each archive once for all its profiles and shapes. */
read = readNpz) {
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
                bytes = (0,external_node_fs_.readFileSync)(where);
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
        return { name: range.input, dims: sample.dims, values: sample.values };
    });
}
/** A .npz file's arrays by name; a file that cannot be read is an error naming it. */
function readNpz(file) {
    let bytes;
    try {
        bytes = (0,external_node_fs_.readFileSync)(file);
    }
    catch (error) {
        throw new Error(`${file}: cannot read: ${(0,errors/* fileProblem */.Wj)(error, 'a .npz file')}`);
    }
    return parseNpz(bytes, file);
}

;// CONCATENATED MODULE: ./.build/tsc/accuracy/raw-bindings.js
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
/** Each type's element as a typed array over little-endian bytes (bf16 is read as the top half of an fp32). */
const VIEWS = {
    fp32: { bytes: 4, view: (b) => new Float32Array(b) },
    fp16: { bytes: 2, view: (b) => new Float16Array(b) },
    bf16: { bytes: 2, view: (b) => widen(new Uint16Array(b)) },
    int32: { bytes: 4, view: (b) => new Int32Array(b) },
    int8: { bytes: 1, view: (b) => new Int8Array(b) },
    uint8: { bytes: 1, view: (b) => new Uint8Array(b) },
    int64: { bytes: 8, view: (b) => numbers(new BigInt64Array(b)) },
    bool: { bytes: 1, view: (b) => new Uint8Array(b) },
};
/** bfloat16 bits as the float32 whose top half they are. */
function widen(halves) {
    const words = new Uint32Array(halves.length);
    for (let i = 0; i < halves.length; i += 1)
        words[i] = halves[i] << 16;
    return new Float32Array(words.buffer);
}
function numbers(values) {
    const out = new Float64Array(values.length);
    for (let i = 0; i < values.length; i += 1)
        out[i] = Number(values[i]);
    return out;
}
/** A dump's values as numbers (as the GPU wrote them); throws when the size is not the shape's. */
function decodeRaw(bytes, dtype, count, file) {
    const { bytes: size, view } = VIEWS[dtype];
    if (bytes.length !== count * size) {
        throw new Error(`${file}: ${bytes.length} bytes, expected ${count * size} (${count} × ${dtype})`);
    }
    // A copy: the view needs its own aligned buffer, which a Buffer's slice of Node's pool may not be.
    const values = view(Uint8Array.from(bytes).buffer);
    const numbers = new Float64Array(count);
    for (let i = 0; i < count; i += 1)
        numbers[i] = values[i];
    return numbers;
}
/** The dump of output `name` among a folder's files, with the shape and type its name gives; null if none. */
function findRawOutput(files, name) {
    for (const file of files) {
        const parts = /\.output\.((?:\d+\.)*\d+|)\.([a-z0-9]+)\.raw$/.exec(file);
        if (!parts)
            continue;
        const dims = parts[1] ? parts[1].split('.').map(Number) : [];
        if (rawOutputFileNames(name, dims, parts[2]).includes(file))
            return { file, dims, dtype: parts[2] };
    }
    return null;
}
const isRawType = (dtype) => RAW_TYPES.includes(dtype);

;// CONCATENATED MODULE: ./.build/tsc/accuracy/reference.js




/**
 * The reference outputs, kept in the engine cache's folder by (ONNX digest, inputs, runtime): a model
 * whose ONNX did not change is not run on the CPU again, nor even read. A cache that cannot be read or
 * written costs a computation, never the check.
 */
async function cachedReferenceOutputs(cacheDir, modelDigest, inputs, compute) {
    const hash = (0,external_node_crypto_.createHash)('sha256')
        .update(REFERENCE_RUNTIME)
        .update(modelDigest ?? '');
    for (const input of inputs)
        hash.update(`${input.name}:${input.dims.join('x')}`).update(float32Bytes(input.values));
    const file = cacheDir && modelDigest && (0,external_node_path_.join)(cacheDir, 'references', `${hash.digest('hex')}.json`);
    if (file) {
        const kept = await (0,promises_.readFile)(file, 'utf8').then(decode, () => null);
        if (kept)
            return { outputs: kept, cached: true };
    }
    const outputs = await compute();
    if (file) {
        const staging = `${file}.${process.pid}.tmp`;
        await (0,promises_.mkdir)((0,external_node_path_.dirname)(file), { recursive: true })
            .then(() => (0,promises_.writeFile)(staging, encode(outputs)))
            .then(() => (0,promises_.rename)(staging, file))
            .catch(() => (0,promises_.rm)(staging, { force: true }));
    }
    return { outputs, cached: false };
}
/** Which runtime computed a kept reference: another version may round differently. */
const REFERENCE_RUNTIME = 'onnxruntime-web 1.30 cpu fp32\0';
const encode = (outputs) => JSON.stringify(outputs.map((o) => ({ name: o.name, dims: o.dims, values: float32Bytes(o.values).toString('base64') })));
function decode(text) {
    try {
        const data = JSON.parse(text);
        return data.map((o) => {
            const bytes = Buffer.from(o.values, 'base64');
            const values = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
            if (values.length !== o.dims.reduce((a, b) => a * b, 1))
                throw new Error('damaged');
            return { name: o.name, dims: o.dims, values };
        });
    }
    catch {
        return null; // damaged: computed again
    }
}
/**
 * The reference outputs: the ONNX model (a session opened once per model) run by ONNX Runtime on the CPU
 * in FP32, on the same inputs the engine gets.
 */
async function referenceOutputs(ort, session, inputs) {
    const given = new Map(inputs.map((input) => [input.name, input]));
    const feeds = {};
    for (const name of session.inputNames) {
        const input = given.get(name);
        if (!input)
            throw new Error(`the model's input ${name} has no shape in this profile`);
        feeds[name] = new ort.Tensor('float32', input.values, input.dims);
    }
    const results = await session.run(feeds);
    return session.outputNames.map((name) => {
        const tensor = results[name];
        if (!(tensor.data instanceof Float32Array)) {
            throw new Error(`the model's output ${name} is not float32: only float outputs are compared`);
        }
        return { name, dims: [...tensor.dims], values: tensor.data };
    });
}

// EXTERNAL MODULE: ./.build/tsc/accuracy/tolerance.js
var tolerance = __webpack_require__(31306);
;// CONCATENATED MODULE: ./.build/tsc/accuracy/trtexec-check.js
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

;// CONCATENATED MODULE: ./.build/tsc/accuracy/stage.js
// The accuracy stage: each built engine whose model asks (accuracy:) is run once on seeded inputs and
// its outputs are judged against ONNX Runtime's on the same inputs. "Built but wrong" fails the run.















/** ONNX Runtime (WebAssembly, on the CPU), loaded the first time a model asks for a check. */
async function loadOnnxRuntime() {
    const ort = (await __webpack_require__.e(/* import() */ 601).then(__webpack_require__.bind(__webpack_require__, 73601)));
    if (ort.env.wasm)
        ort.env.wasm.numThreads = 1;
    return ort;
}
/** Each checked engine's result, by its plan path; engines that were not checked are absent. */
async function checkAccuracy(outcomes, config, version, options = {}) {
    const results = new Map();
    const digests = options.digests ?? new FileDigests();
    // ONNX Runtime is loaded, and each model read and opened, the first time a reference is not in the cache:
    // every profile and shape of a model shares the one session.
    let ort = null;
    const runtime = () => {
        ort ??= (options.runtime ?? loadOnnxRuntime)();
        return ort;
    };
    const sessions = new Map();
    const session = (onnx) => {
        let opened = sessions.get(onnx);
        if (!opened) {
            opened = Promise.all([runtime(), (0,promises_.readFile)(onnx)]).then(([rt, model]) => rt.InferenceSession.create(model));
            sessions.set(onnx, opened);
        }
        return opened;
    };
    // A .npz of samples or references is read once, however many profiles and shapes take it.
    const archives = new Map();
    const npz = (file) => {
        let arrays = archives.get(file);
        if (!arrays) {
            arrays = readNpz(file);
            archives.set(file, arrays);
        }
        return arrays;
    };
    const reference = async (check, onnx, inputs) => {
        if (check.reference)
            return givenReference(check.reference, npz);
        const compute = async () => referenceOutputs(await runtime(), await session(onnx), inputs);
        return (await cachedReferenceOutputs(config.cacheDir, await digests.of(onnx), inputs, compute)).outputs;
    };
    for (const outcome of outcomes) {
        const { job, plan } = outcome;
        const check = job.model.accuracy;
        if (!check || !plan || (outcome.status !== 'built' && outcome.status !== 'cached'))
            continue;
        if (options.signal?.aborted)
            break;
        const outputs = [];
        let problem = null;
        for (const shape of check.shapes) {
            const dir = (0,external_node_path_.join)(config.outputDir, 'accuracy', `${job.model.name}.${job.profile.name}.${shape}`);
            // A dump left by an earlier run must never stand in for this run's outputs.
            await (0,promises_.rm)(dir, { recursive: true, force: true });
            await (0,promises_.mkdir)(dir, { recursive: true });
            const profile = (0,load/* runProfile */.Tm)(job.profile);
            let inputs;
            let expected;
            try {
                inputs =
                    check.inputs === 'auto' ? seededInputs(profile, shape) : sampleInputs(check.inputs, profile, shape, npz);
            }
            catch (error) {
                problem = (0,errors/* errorMessage */.gJ)(error);
                break;
            }
            try {
                expected = await reference(check, job.model.onnx, inputs);
            }
            catch (error) {
                problem = check.reference
                    ? (0,errors/* errorMessage */.gJ)(error)
                    : `ONNX Runtime could not compute the reference: ${(0,errors/* errorMessage */.gJ)(error)}`;
                break;
            }
            const atols = expected.map((o) => (0,tolerance/* absoluteTolerance */.f)(check.atol, o.values));
            const tolerances = { atols, rtol: check.rtol };
            const engine = await runEngineOnInputs(outcome, plan.path, shape, inputs, expected, tolerances, dir);
            if ('problem' in engine) {
                problem = engine.problem;
                break;
            }
            expected.forEach((want, i) => {
                const got = engine.outputs.get(want.name);
                const tolerance = { atol: atols[i], rtol: check.rtol, cosine: check.cosine, topK: check.topK };
                if (!got || got.length !== want.values.length) {
                    problem = got
                        ? `the engine's output ${want.name} has ${got.length} values, the reference ${want.values.length}`
                        : `the engine has no output ${want.name}`;
                    return;
                }
                let error = compareOutput(got, want.values, want.dims, tolerance);
                const judged = engine.trtexecLosses?.get(want.name);
                if (judged) {
                    // trtexec's share is over the exact values; printed with 6 decimals, a failing share can read 0.
                    const share = judged.failed ? Math.max(judged.loss, 1 / Math.max(got.length, 1)) : judged.loss;
                    error = { ...error, outOfTolerance: share };
                }
                outputs.push({
                    shape,
                    name: want.name,
                    maxAbsError: error.maxAbsError,
                    maxRelError: error.maxRelError,
                    outOfTolerance: error.outOfTolerance,
                    cosine: error.cosine,
                    nan: error.nan,
                    inf: error.inf,
                    atol: atols[i],
                    rtol: check.rtol,
                    judgedBy: judged ? 'trtexec' : 'trt-ci',
                    failure: judgeOutput(error, tolerance, judged ? 'allclose' : 'polygraphy'),
                });
            });
        }
        const failed = problem !== null || outputs.some((o) => o.failure !== null);
        results.set(plan.path, { status: failed ? 'failed' : 'passed', outputs, problem, configPosition: null });
    }
    return results;
    /**
     * Runs the engine once on the inputs (in `dir`, where 8.6+ dumps its outputs) and reads its outputs; on
     * 11.1+, when one atol fits every output (trtexec takes one), trtexec judges them against the reference
     * as well. Whatever keeps the outputs from being read is the check's problem, naming the log.
     */
    async function runEngineOnInputs(outcome, planPath, shape, inputs, expected, { atols, rtol }, dir) {
        const { job } = outcome;
        const files = inputs.map((input, i) => ({ name: input.name, file: (0,external_node_path_.join)(dir, `input${i}.bin`) }));
        await Promise.all(inputs.map((input, i) => (0,promises_.writeFile)(files[i].file, float32Bytes(input.values))));
        let judge = null;
        if ((0,flags/* hasFlag */.Lt)('--loadRefOutputs', version) && new Set(atols).size === 1) {
            const references = expected.map((o, i) => ({ name: o.name, file: (0,external_node_path_.join)(dir, `reference${i}.bin`) }));
            await Promise.all(expected.map((o, i) => (0,promises_.writeFile)(references[i].file, float32Bytes(o.values))));
            judge = { references, atol: atols[0], rtol };
        }
        const output = (0,external_node_path_.join)(dir, 'output.json');
        const log = (0,external_node_path_.join)(dir, 'trtexec.log');
        const env = outcome.gpu ? { ...process.env, CUDA_VISIBLE_DEVICES: String(outcome.gpu.index) } : process.env;
        const run = await runProcess({
            command: config.trtexec,
            args: accuracyArgv(version, job.model, job.profile, shape, { plan: planPath, inputs: files, output }, judge),
            cwd: dir,
            env,
            logFile: log,
            timeoutMs: job.model.buildTimeoutMs,
            killGraceMs: config.killGraceMs,
            ...(options.signal && { signal: options.signal }),
        });
        try {
            const check = judge ? readTrtexecCheck(await (0,promises_.readFile)(log, 'utf8')) : null;
            // trtexec exits 1 when its own check fails, after writing the outputs: that is a verdict, not a fault.
            if (run.exitCode !== 0 && !check?.failed) {
                throw new Error(`trtexec exited with ${run.exitCode ?? run.signal ?? run.spawnError}`);
            }
            const outputs = (0,flags/* hasFlag */.Lt)('--dumpRawBindingsToFile', version)
                ? await readRawOutputs(dir, expected)
                : new Map(parseExportedOutput(await (0,promises_.readFile)(output, 'utf8')).map((o) => [o.name, o.values]));
            return { outputs, trtexecLosses: check?.losses ?? null };
        }
        catch (error) {
            return { problem: `trtexec could not run the engine on the inputs (${log}): ${(0,errors/* errorMessage */.gJ)(error)}` };
        }
    }
}
/** The outputs trtexec dumped into `dir`, each at full precision in its own type. */
async function readRawOutputs(dir, expected) {
    const files = await (0,promises_.readdir)(dir);
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
/** Reference outputs the user gave: a .npz with one float32 array per output, named as the output. */
function givenReference(file, read) {
    const arrays = read(file);
    if (arrays.size === 0)
        throw new Error(`${file}: no arrays; expected one per output, named as the output`);
    return [...arrays].map(([name, array]) => ({ name, dims: array.dims, values: array.values }));
}

;// CONCATENATED MODULE: ./.build/tsc/latency/base-rebuild.js
// The third source of a base engine (base-ref:, when the user allows it): the base commit's ONNX, as git
// has it, built with this job's trtexec, flags and workspace on the same GPU. Costs a build; said in the
// report (baseEngine.source: rebuilt). External data files the ONNX names are taken from the same commit.





/** The base engine's plan path, or why it could not be made (naming the log). */
async function rebuildBase(ref, outcome, config, version, dir, signal) {
    const { job } = outcome;
    await (0,promises_.rm)(dir, { recursive: true, force: true });
    await (0,promises_.mkdir)(dir, { recursive: true });
    const onnx = (0,external_node_path_.join)(dir, (0,external_node_path_.basename)(job.model.onnx));
    const show = async (file, target) => {
        // <ref>:./<path> is relative to git's working folder: the file's own folder.
        const log = `${target}.git.log`;
        const result = await runProcess({
            command: 'git',
            args: ['show', `${ref}:./${(0,external_node_path_.basename)(file)}`],
            cwd: (0,external_node_path_.dirname)(file),
            stdoutFile: target,
            logFile: log,
            timeoutMs: 10 * 60_000,
            killGraceMs: config.killGraceMs,
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
    const workspace = outcome.attempts.at(-1)?.workspaceBytes ?? job.model.workspaceBytes;
    const plan = (0,external_node_path_.join)(dir, 'base.plan');
    const log = (0,external_node_path_.join)(dir, 'build.log');
    const paths = { plan, layerInfo: (0,external_node_path_.join)(dir, 'base.layers.json'), timingCache: null };
    const result = await runProcess({
        command: config.trtexec,
        args: buildArgv(version, { ...job.model, onnx }, job.profile, workspace, paths),
        env: outcome.gpu ? { ...process.env, CUDA_VISIBLE_DEVICES: String(outcome.gpu.index) } : process.env,
        logFile: log,
        timeoutMs: job.model.buildTimeoutMs,
        killGraceMs: config.killGraceMs,
        ...(signal && { signal }),
    });
    return result.exitCode === 0 ? { plan } : { missing: `the base engine did not build from ${ref} (${log})` };
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
    };
}
/**
 * An A/B decided without running: two engines that cannot be compared on equal terms (contract-mismatch),
 * or the head engine being the base engine byte for byte (same, a ratio of exactly 1).
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
    };
}

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

;// CONCATENATED MODULE: ./.build/tsc/latency/export-times.js
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

;// CONCATENATED MODULE: ./.build/tsc/latency/trtexec-ab.js
// The A/B's edges on a real runner: each repetition is one trtexec process (--exportTimes into the A/B's
// folder, its log beside it), the clock event counters come from nvidia-smi between them. Nothing else
// runs on the GPU meanwhile: the memory sampler is not started for these runs.







/**
 * The default work: 8 repetitions a side of 300 iterations; 1% the smallest change that counts, 20x the
 * run-to-run noise measured on an H200 (CV of run medians 0.03-0.06%, test/fixtures/latency).
 */
const AB_DEFAULTS = { repetitions: 8, iterations: 300, budget: 0.01 };
async function trtexecAb(options, plan) {
    await (0,promises_.rm)(options.dir, { recursive: true, force: true });
    await (0,promises_.mkdir)(options.dir, { recursive: true });
    const env = { ...process.env, CUDA_VISIBLE_DEVICES: String(options.gpuIndex) };
    return compareAb({
        async measure(side, index) {
            const stem = (0,external_node_path_.join)(options.dir, `${String(index + 1).padStart(2, '0')}.${side}`);
            const times = `${stem}.times.json`;
            const log = `${stem}.log`;
            const run = await runProcess({
                command: options.trtexec,
                args: abRunArgv(options.plans[side], options.contract, options.iterations, times),
                env,
                logFile: log,
                timeoutMs: options.timeoutMs,
                killGraceMs: options.killGraceMs,
                ...(options.signal && { signal: options.signal }),
            });
            if (run.exitCode !== 0) {
                const how = run.spawnError ?? (run.exitCode === null ? `was stopped by ${run.signal}` : `exited ${run.exitCode}`);
                throw new Error(`trtexec ${how} running the ${side} engine (${log})`);
            }
            return parseExportedTimes(await (0,promises_.readFile)(times, 'utf8'), times);
        },
        clockState: async () => (options.nvidiaSmi ? queryClockState(options.nvidiaSmi, options.gpuIndex) : null),
    }, plan);
}

;// CONCATENATED MODULE: ./.build/tsc/latency/stage.js
// The latency stage (benchmark: ab): each built engine against its base engine, on the GPU it was built
// on, one A/B at a time (two at once on one GPU would measure each other). The base engine is the base
// branch's: its plan from `base-plans:` (as that job uploaded it), else the engine cache's entry under the
// key the base branch's report gives, when this run trusts it, else (base-ref:, when the user allows the
// build) one built from the base commit's ONNX. The memory sampler is not running now.










const SAME_PLAN = 'the same plan as the base engine (sha256): nothing to measure';
async function compareLatency(outcomes, config, version, baseline, options = {}) {
    const latency = new Map();
    const notes = [];
    for (const outcome of outcomes) {
        const { job, plan } = outcome;
        if (job.model.benchmark !== 'ab' || !plan || (outcome.status !== 'built' && outcome.status !== 'cached'))
            continue;
        if (options.signal?.aborted)
            break;
        const name = `${job.model.name}/${job.profile.name}`;
        // A base plan that cannot be read, a cache that fails, a trtexec that cannot run: a note, never the run.
        try {
            const baseBuild = baseline?.builds.find((b) => b.model === job.model.name &&
                b.profile === job.profile.name &&
                (b.gpu?.name ?? null) === (outcome.gpu?.name ?? null));
            const base = await baseEngine(outcome, baseBuild ?? null);
            if ('missing' in base) {
                notes.push(`${name}: no latency A/B: ${base.missing}`);
                continue;
            }
            const budget = smallestChange(job.model.budgets['latency-growth']);
            // The head plan was scanned when it was built or restored; the base plan is read once, for its digest.
            const baseScan = await scanPlan(base.plan);
            if (baseScan.sha256 && baseScan.sha256 === plan.scan.sha256) {
                // The base engine itself (a cache hit of the same key): an A/A, which would cost GPU time to say "same".
                latency.set(plan.path, unmeasured('same', SAME_PLAN, budget, base));
                continue;
            }
            const headShapes = JSON.stringify((0,builds_jobs/* shapesOf */.e)(job.profile));
            if (baseBuild && JSON.stringify(baseBuild.shapes) !== headShapes) {
                const reason = `the base engine was built for other shapes (${shapeText(baseBuild.shapes)}) ` +
                    `than this one (${shapeText((0,builds_jobs/* shapesOf */.e)(job.profile))})`;
                latency.set(plan.path, unmeasured('contract-mismatch', reason, budget, base));
                continue;
            }
            if (baseScan.tensorrtVersion !== plan.scan.tensorrtVersion) {
                const reason = `the base plan is TensorRT ${baseScan.tensorrtVersion}, this one ${plan.scan.tensorrtVersion}`;
                latency.set(plan.path, unmeasured('contract-mismatch', reason, budget, base));
                continue;
            }
            const result = await trtexecAb({
                trtexec: config.trtexec,
                nvidiaSmi: config.nvidiaSmi,
                gpuIndex: outcome.gpu?.index ?? 0,
                plans: { base: base.plan, head: plan.path },
                contract: measurementArgs(version, job.model, job.profile),
                iterations: AB_DEFAULTS.iterations,
                dir: (0,external_node_path_.join)(config.outputDir, 'ab', `${job.model.name}.${job.profile.name}`),
                timeoutMs: job.model.buildTimeoutMs,
                killGraceMs: config.killGraceMs,
                ...(options.signal && { signal: options.signal }),
            }, { repetitions: AB_DEFAULTS.repetitions, budget, retry: true });
            latency.set(plan.path, toLatency(result, budget, base));
        }
        catch (error) {
            notes.push(`${name}: the latency A/B could not run: ${(0,errors/* errorMessage */.gJ)(error)}`);
        }
    }
    return { latency, notes };
    /** The base branch's plan of this engine, and where it came from; or why there is none. */
    async function baseEngine(outcome, baseBuild) {
        const [model, profile] = [outcome.job.model.name, outcome.job.profile.name];
        const uploaded = config.basePlans && (0,external_node_path_.join)(config.basePlans, `${model}.${profile}.plan`);
        if (uploaded && (0,external_node_fs_.existsSync)(uploaded))
            return { source: 'plans', plan: uploaded };
        const fromCache = await cachedBase(baseBuild);
        if ('plan' in fromCache || !config.baseRef)
            return fromCache;
        // Beside the A/B's folder, which is emptied when the A/B starts.
        const dir = (0,external_node_path_.join)(config.outputDir, 'ab', `${model}.${profile}.base`);
        const rebuilt = await rebuildBase(config.baseRef, outcome, config, version, dir, options.signal);
        return 'plan' in rebuilt
            ? { source: 'rebuilt', plan: rebuilt.plan }
            : { missing: `${fromCache.missing}; ${rebuilt.missing}` };
    }
    async function cachedBase(baseBuild) {
        if (!baseBuild)
            return { missing: 'the base branch has no report of this engine on this GPU model' };
        const key = baseBuild.cache?.key;
        if (!config.cacheDir || !key)
            return { missing: 'no base plan, and no engine cache entry to take it from' };
        const entry = await new EngineCache(config.cacheDir, null).lookup(key);
        if (!entry || entry === 'corrupt')
            return { missing: `the base engine (cache key ${key.slice(0, 12)}) is not in the cache` };
        if (!trusts(options.provenance ?? null, entry.record, config.cacheTrust)) {
            return { missing: 'the cache entry of the base engine was stored by a run this one does not take plans from' };
        }
        return { source: 'cache', plan: (0,external_node_path_.join)(entry.dir, 'plan') };
    }
}
/** The smallest latency-growth threshold (fail or warn) as a fraction: the A/B's budget. */
function smallestChange(limit) {
    const values = [limit?.fail, limit?.warn].filter((t) => t && t.unit === 'fraction').map((t) => t.value);
    return values.length ? Math.min(...values) : AB_DEFAULTS.budget;
}
const shapeText = (shapes) => Object.entries(shapes)
    .map(([input, s]) => `${input}:${s.opt}`)
    .join(',');

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
    const v = (0,tensorrt_version/* formatVersion */.qh)(version);
    const sm = smNumber(cc);
    if (sm === null)
        return {
            status: 'warn',
            message: `compute capability unknown; cannot tell whether TensorRT ${v} supports this GPU`,
        };
    if ((0,tensorrt_version/* atLeast */.jZ)(version, '10.5') && sm < 75)
        return {
            status: 'fail',
            message: `TensorRT ${v} needs compute capability >= 7.5 (Volta was removed in 10.5), this GPU is ${cc}`,
        };
    if ((0,tensorrt_version/* atLeast */.jZ)(version, '10.0') && sm < 70)
        return { status: 'fail', message: `TensorRT ${v} needs compute capability >= 7.0, this GPU is ${cc}` };
    if ((0,tensorrt_version/* atLeast */.jZ)(version, '8.6') && sm < 60)
        return {
            status: 'fail',
            message: `TensorRT ${v} dropped Kepler and Maxwell (8.5.3 was the last), this GPU is ${cc}`,
        };
    if ((0,tensorrt_version/* atLeast */.jZ)(version, '10.0') && sm === 70)
        return { status: 'warn', message: `Volta (7.0) is deprecated in TensorRT ${v} and removed in 10.5` };
    if ((0,tensorrt_version/* atLeast */.jZ)(version, '8.6') && sm < 70)
        return { status: 'warn', message: `Pascal (${cc}) is deprecated in TensorRT ${v}` };
    if (version.major >= 11 && sm === 75)
        return {
            status: 'warn',
            message: `Turing (7.5) on TensorRT 11 is not confirmed: the OSS 11.0 build dropped SM 75 and 11.1 restored it`,
        };
    const newer = NEWER_GPUS.find((g) => g.sm === sm);
    if (newer) {
        if ((0,tensorrt_version/* atLeast */.jZ)(version, newer.supportedFrom))
            return { status: 'pass', message: `TensorRT ${v} supports compute capability ${cc}` };
        if (newer.unsupportedThrough && !(0,tensorrt_version/* atLeast */.jZ)(version, nextMinor(newer.unsupportedThrough))) {
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
function nextMinor(majorMinor) {
    const [major, minor] = majorMinor.split('.').map(Number);
    return `${major}.${minor + 1}`;
}

// EXTERNAL MODULE: ./.build/tsc/preflight/types.js
var types = __webpack_require__(10298);
;// CONCATENATED MODULE: ./.build/tsc/preflight/gpu-checks.js




/** TensorRT needs memory beyond the workspace (weights, activations, the CUDA context). */
const BUILD_MEMORY_MARGIN_BYTES = 1024 * units/* MiB */.lv;
const CONTAINER_HINT = 'On a containerised runner, start the container with the GPU ' +
    'passed in (docker run --gpus all, with the NVIDIA Container Toolkit) ' +
    'so that /dev/nvidia* and the driver libraries are inside it; ' +
    'on the host, check `lsmod | grep nvidia` and the driver install.';
/** One check from per-GPU verdicts: the worst status, and the GPUs that are not fine named in the message. */
function combine(id, verdicts, hint, allFine) {
    const status = (0,types/* worst */.QZ)(verdicts.map((v) => v.verdict.status));
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
const GPU_CHECKS = [
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
];
function gpuChecks(input) {
    const { query } = input;
    if (!query.ok) {
        const missing = query.exitCode === null && /not found|not executable/.test(query.reason);
        const hint = missing
            ? `Install the NVIDIA driver's utilities on the runner, or ` +
                `set nvidia-smi: in trt-ci.yml to its path. ${CONTAINER_HINT}`
            : `${input.devNvidiaPresent ? '' : '/dev/nvidia* is absent: the GPU is not visible here. '}${CONTAINER_HINT}` +
                (query.exitCode === 18 ? ' A driver/library mismatch usually clears with a reboot after a driver update.' : '');
        return [
            { id: 'nvidia-smi', status: 'fail', message: query.reason, hint },
            ...skipAll(GPU_CHECKS, 'no GPU facts: nvidia-smi failed'),
        ];
    }
    const selected = input.selection === 'all' ? query.gpus : query.gpus.filter((g) => input.selection.includes(g.index));
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
        : query.warning
            ? {
                id: 'nvidia-smi',
                status: 'warn',
                message: `${query.warning}; ${names}`,
                hint: 'A corrupted infoROM can make ECC and other GPU facts ' +
                    'unreliable; ask the hardware owner to reflash or replace the board.',
            }
            : {
                id: 'nvidia-smi',
                status: 'pass',
                message: `${selected.length} GPU${selected.length === 1 ? '' : 's'}: ${names}`,
                hint: null,
            };
    return [
        smi,
        driverCheck(selected, input),
        combine('gpu-arch', selected.map((gpu) => ({ gpu, verdict: archSupport(input.tensorrt, gpu.computeCapability) })), `Use a TensorRT release that supports these GPUs, or run ` +
            `on runners whose GPUs this TensorRT supports (runs-on labels).`, `TensorRT ${(0,tensorrt_version/* formatVersion */.qh)(input.tensorrt)} supports every GPU here`),
        expectGpuCheck(selected, input.expectGpu),
        memoryCheck(selected, input),
        processCheck(selected, input.apps),
        combine('mig', selected.map((gpu) => ({
            gpu,
            verdict: gpu.migMode === 'Enabled'
                ? { status: 'warn', message: 'MIG mode is enabled' }
                : { status: 'pass', message: '' },
        })), 'With MIG on, a build sees only its MIG slice of memory and SMs; disable ' +
            'MIG (nvidia-smi -i N -mig 0) on build runners, or size workspace for one slice.', 'MIG is off'),
        computeModeCheck(selected, input.apps),
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
function driverCheck(gpus, input) {
    const driver = gpus.find((g) => g.driverVersion)?.driverVersion ?? null;
    if (!driver)
        return { id: 'driver', status: 'warn', message: 'nvidia-smi did not report the driver version', hint: null };
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
        const free = gpu.memoryFreeMiB * units/* MiB */.lv;
        const status = free < floor ? 'fail' : free < need ? 'warn' : 'pass';
        return {
            gpu,
            verdict: {
                status,
                message: `${(0,units/* formatBytes */.z3)(free)} free, a build needs ${(0,units/* formatBytes */.z3)(need)} ` +
                    `(workspace ${(0,units/* formatBytes */.z3)(input.workspaceBytes)} + ${(0,units/* formatBytes */.z3)(BUILD_MEMORY_MARGIN_BYTES)})` +
                    (status === 'fail' ? ` and at least ${(0,units/* formatBytes */.z3)(floor)} at min-workspace` : ''),
            },
        };
    }), 'Free the GPU (see gpu-processes), lower workspace, or let the ' +
        'out-of-memory back-off find a workspace that fits (it stops at min-workspace).', `every GPU has room for a build with workspace ${(0,units/* formatBytes */.z3)(input.workspaceBytes)}`);
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
function precisionCheck(models, gpus, tensorrt) {
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
    const uncalibrated = models
        .filter((m) => m.precision === 'int8' && !m.extraArgs.some((a) => a.startsWith('--calib=')))
        .map((m) => m.name);
    if (uncalibrated.length > 0 && !(0,tensorrt_version/* atLeast */.jZ)(tensorrt, '11.0')) {
        return {
            id: 'precision',
            status: 'warn',
            message: `${uncalibrated.join(', ')}: int8 without a calibration cache (--calib in extra-args)`,
            hint: 'Without --calib, TensorRT uses placeholder scales unless the ONNX has Q/DQ nodes: the engine ' +
                'builds and runs but computes wrong values. Pass --calib=<cache>, or quantize the ONNX with ModelOpt.',
        };
    }
    return { id: 'precision', status: 'pass', message: 'the GPUs support the precisions asked for', hint: null };
}

;// CONCATENATED MODULE: ./.build/tsc/preflight/host-checks.js


function diskCheck(disk, minFreeBytes) {
    if ('error' in disk)
        return { id: 'disk', status: 'warn', message: `cannot read free space at ${disk.path}: ${disk.error}`, hint: null };
    return disk.freeBytes < minFreeBytes
        ? {
            id: 'disk',
            status: 'fail',
            message: `${(0,units/* formatBytes */.z3)(disk.freeBytes)} free at ${disk.path}, min-free-disk is ${(0,units/* formatBytes */.z3)(minFreeBytes)}`,
            hint: 'Free space on the runner (old engines, docker images) or point ' +
                'output-dir at a larger volume: one bloated plan can be 5 GB (NVIDIA/TensorRT#4841).',
        }
        : { id: 'disk', status: 'pass', message: `${(0,units/* formatBytes */.z3)(disk.freeBytes)} free at ${disk.path}`, hint: null };
}
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
    const links = major === null ? 'does not link libnvinfer directly' : `links libnvinfer.so.${major}`;
    return {
        id: 'plugins',
        status: 'pass',
        message: `${plugin.path}: ${MACHINES[elf.machine] ?? elf.machine} shared object, ${links}`,
        hint: null,
        subject: plugin.path,
    };
}

;// CONCATENATED MODULE: ./.build/tsc/preflight/preflight.js








/**
 * Proves the runner can build before the GPU hour is spent: gathers every fact at once (one
 * nvidia-smi query for the GPUs, one for their processes, the file system, the plugin files), then
 * judges them. The TensorRT version is detected by the caller, once per run.
 */
async function runPreflight(config, tensorrt, environment = {}) {
    const started = performance.now();
    const trtexecPath = resolveCommand(config.trtexec);
    const plugins = uniquePlugins(config.models);
    const [query, apps, cuda, target, disk, pluginList] = await Promise.all([
        environment.gpuQuery ?? queryGpus(config.nvidiaSmi),
        queryComputeApps(config.nvidiaSmi),
        findCuda({
            configured: config.cuda,
            trtexecPath,
            tensorrt,
            env: environment.env ?? process.env,
            toolkitRoot: environment.toolkitRoot ?? '/usr/local/cuda',
        }),
        nvinferTarget(trtexecPath, tensorrt),
        diskFacts(config.outputDir),
        Promise.all(plugins.map(({ path, dynamic }) => pluginFacts(path, dynamic))),
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
        }),
        diskCheck(disk, config.minFreeDiskBytes),
        precisionCheck(config.models, query.ok ? selectedInfo(query.gpus, config.gpus) : [], tensorrt),
        ...(pluginList.length > 0
            ? pluginList.map((plugin) => pluginCheck(plugin, target))
            : [{ id: 'plugins', status: 'skip', message: 'no plugins configured', hint: null }]),
    ].map((check) => config.skipChecks.includes(check.id)
        ? { ...check, status: 'skip', message: `skipped by skip-checks (${check.message})`, hint: null }
        : check);
    const gpus = query.ok ? query.gpus.filter((g) => config.gpus === 'all' || config.gpus.includes(g.index)) : [];
    return {
        status: (0,types/* overall */.Me)(checks),
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
        tensorrtVersion: (0,tensorrt_version/* formatVersion */.qh)(tensorrt, true),
        elapsedMs: Math.round(performance.now() - started),
    };
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

// EXTERNAL MODULE: ./.build/tsc/report/markdown.js + 2 modules
var report_markdown = __webpack_require__(84142);
// EXTERNAL MODULE: ./.build/tsc/report/report.js
var report_report = __webpack_require__(64730);
// EXTERNAL MODULE: ./.build/tsc/report/schema.js
var schema = __webpack_require__(4535);
;// CONCATENATED MODULE: ./.build/tsc/tensorrt/config-check.js




/**
 * Everything the config asks of this TensorRT that it cannot do is bad input: found before any
 * build starts, pointed at its line.
 */
function checkConfigAgainstVersion(config, version, 
/** The flags this trtexec's --help lists; empty when it listed none (then only the known spans judge). */
helpFlags = new Set()) {
    config.models.forEach((model, m) => {
        if (model.dynamicPlugins.length > 0 && !(0,flags/* hasFlag */.Lt)('--dynamicPlugins', version)) {
            throw (0,load/* configError */.Fj)(config, ['models', m, 'dynamic-plugins'], `--dynamicPlugins needs TensorRT >= 8.6, this trtexec is ` +
                `${(0,tensorrt_version/* formatVersion */.qh)(version)}; list the libraries under plugins:`);
        }
        // One plan with several profiles takes --profile=N (9.1, GA in 10.0); before it trtexec builds one.
        const canCombine = (0,flags/* hasFlag */.Lt)('--profile', version) && (helpFlags.size === 0 || helpFlags.has('--profile'));
        if (model.engine !== 'per-profile' && !canCombine) {
            throw (0,load/* configError */.Fj)(config, ['models', m, 'engine'], `a combined engine needs trtexec's --profile=N (TensorRT >= 10.0), this trtexec is ` +
                `${(0,tensorrt_version/* formatVersion */.qh)(version)}; use engine: per-profile`);
        }
        const precision = precisionFlag(model.precision, version);
        if ('error' in precision)
            throw (0,load/* configError */.Fj)(config, ['models', m, 'precision'], `${precision.error}, got "${model.precision}"`);
        model.extraArgs.forEach((arg, i) => {
            const problem = extraArgProblem(arg, version, helpFlags);
            if (!problem)
                return;
            // The model's list starts with the top-level extra-args; point at the line that holds this one.
            const top = config.extraArgs.length;
            throw (0,load/* configError */.Fj)(config, i < top ? ['extra-args', i] : ['models', m, 'extra-args', i - top], `${problem}, got "${arg}"`);
        });
    });
}

;// CONCATENATED MODULE: ./.build/tsc/tensorrt/detect.js



/**
 * One `trtexec --help`: the version from its banner (every trtexec prints `&&&& RUNNING … [TensorRT vNNNN]`
 * first, also for --help) and the flags its help lists.
 */
async function probeTrtexec(trtexec, where) {
    let version = null;
    const helpFlags = new Set();
    const result = await runProcess({
        command: trtexec,
        args: ['--help'],
        timeoutMs: 60_000,
        killGraceMs: 2_000,
        onLine: (line) => {
            // Help lines read "  --flag=value   what it does" (also "--help, -h"), after any log prefix.
            const help = /^(?:\[[^\]]*\] )*\s+(--[A-Za-z][A-Za-z0-9]*)\b/.exec(line);
            if (help)
                helpFlags.add(help[1]);
            if (version)
                return;
            const banner = tensorrt_version/* BANNER_PATTERN */.Ao.exec(line);
            if (banner)
                version = (0,tensorrt_version/* decodeBannerVersion */.xJ)(banner[2], banner[3]);
            const info = /TensorRT version: (\d+\.\d+\.\d+)/.exec(line);
            if (info)
                version = (0,tensorrt_version/* parseVersion */.ot)(info[1]);
        },
    });
    if (result.spawnError) {
        throw new errors/* InputError */.dz(`${where}: ${result.spawnError}; set trtexec: to its path (e.g. /usr/src/tensorrt/bin/trtexec)`);
    }
    if (!version) {
        throw new errors/* InputError */.dz(`${where}: "${trtexec} --help" printed no "&&&& RUNNING … [TensorRT ` +
            `vNNNN]" line (exit ${result.exitCode ?? result.signal}); is it trtexec?`);
    }
    return { version, helpFlags };
}

// EXTERNAL MODULE: ./.build/tsc/verify/diagnose.js
var diagnose = __webpack_require__(96513);
// EXTERNAL MODULE: ./.build/tsc/verify/layer-info.js
var layer_info = __webpack_require__(52517);
;// CONCATENATED MODULE: ./.build/tsc/verify/verify-stage.js


/** A scanned plan with its diagnosis; the layer info is read only for a plan that is mostly zeros. */
async function verifiedPlan(scan, layerInfo) {
    const info = (0,diagnose/* mostlyTrailingZeros */.UX)(scan) && layerInfo ? await (0,layer_info/* readLayerInfo */.cq)(layerInfo) : null;
    return { ...scan, diagnosis: (0,diagnose/* diagnosePlan */.oG)(scan, info) };
}
/** Every built plan, from the scan its build already made (one pass per plan). */
async function verifyBuilds(outcomes, relativePath) {
    const plans = [];
    for (const { job, plan } of outcomes) {
        if (!plan)
            continue;
        const verified = await verifiedPlan({ ...plan.scan, path: relativePath(plan.scan.path) }, plan.layerInfo);
        plans.push({ model: job.model.name, profile: job.profile.name, ...verified });
    }
    return plans;
}

;// CONCATENATED MODULE: ./.build/tsc/pipeline.js
























function fileSize(path) {
    try {
        return (0,external_node_fs_.statSync)(path).size;
    }
    catch {
        return null;
    }
}
/**
 * config → TensorRT version → preflight → builds → verify → compare (budgets, baseline) → report. Each
 * stage takes what the one before returned; the manifest, report and summary are written at the end.
 */
async function runPipeline(options) {
    const startedAt = new Date();
    const config = (0,load/* loadConfig */.Z9)(options.configFile, options.cwd, options.env ?? process.env);
    const baselineFile = options.baselineFile ? (0,external_node_path_.resolve)(options.cwd, options.baselineFile) : null;
    const { baseline, baselineRefused } = await readBaseline(baselineFile, options.baselineFound ?? false);
    // A shard is balanced by the build times of a baseline the user named (every shard must be given the
    // same file, or the shards would split differently); one found per job (the action's, which is that
    // shard's own) balances nothing. A bad --only is exit 2 at once.
    const weights = options.baselineFound ? undefined : buildSeconds(baseline);
    const selection = options.selection && { ...options.selection, ...(weights && { weights }) };
    if (selection)
        (0,builds_jobs/* planBuildJobs */.W)(config, selection);
    // One nvidia-smi query serves preflight and the build stage; it runs while trtexec is asked its version.
    const gpuQuery = queryGpus(config.nvidiaSmi);
    const { version, helpFlags } = await probeTrtexec(config.trtexec, config.where(['trtexec']));
    checkConfigAgainstVersion(config, version, helpFlags);
    const release = await claimOutputDir(config, options.cwd);
    try {
        const before = { baseline, baselineFile, baselineRefused, startedAt, gpuQuery, selection };
        return await buildAndReport(config, version, before, options);
    }
    finally {
        await release();
    }
}
/** Preflight, builds, verify, compare and report, in an output folder this run holds. */
async function buildAndReport(config, version, before, options) {
    const { baseline, baselineFile, startedAt, gpuQuery, selection } = before;
    const preflight = options.preflight === false ? null : await runPreflight(config, version, { gpuQuery });
    if (preflight)
        options.onEvent?.({ type: 'preflight', preflight });
    const digests = new FileDigests();
    const blocking = preflight?.checks.filter((c) => c.status === 'fail') ?? [];
    const stage = blocking.length > 0 && config.preflight === 'enforce'
        ? skipBuildStage(config, {
            kind: 'other',
            message: `preflight failed: ${blocking.map((c) => c.id).join(', ')}`,
            hint: 'Fix what the preflight section says, or set preflight: warn-only in trt-ci.yml to build anyway.',
        }, selection)
        : await runBuildStage(config, version, { ...options, gpuQuery, digests, selection });
    const rel = (path) => (0,external_node_path_.relative)(options.cwd, path) || '.';
    const tensorrtVersion = (0,tensorrt_version/* formatVersion */.qh)(version, true);
    // Built is not enough: engines whose model asks are run against ONNX Runtime's outputs.
    const accuracy = await checkAccuracy(stage.outcomes, config, version, {
        digests,
        ...(options.signal && { signal: options.signal }),
    });
    // Then, one at a time on the GPU each was built on, engines with benchmark: ab against their base engines.
    const ab = await compareLatency(stage.outcomes, config, version, baseline, {
        provenance: options.provenance ?? null,
        ...(options.signal && { signal: options.signal }),
    });
    const unjudged = stage.outcomes.map((o) => {
        const at = config.position(['models', o.job.modelIndex, 'profiles', o.job.profileIndex]);
        const checked = accuracy.get(o.plan?.path ?? '');
        const latency = ab.latency.get(o.plan?.path ?? '') ?? null;
        // A failure is annotated at the model's accuracy: line (its model's line when it takes the top-level one).
        const where = config.position(['models', o.job.modelIndex, 'accuracy']);
        return {
            ...(0,report_report/* toReportBuild */.K)(o, at, fileSize(o.job.model.onnx), rel),
            accuracy: checked ? { ...checked, configPosition: where } : null,
            latency: latency && {
                ...latency,
                baseEngine: latency.baseEngine && { ...latency.baseEngine, plan: rel(latency.baseEngine.plan) },
            },
        };
    });
    const plans = await verifyBuilds(stage.outcomes, rel);
    const environment = {
        tensorrtVersion,
        trtexec: config.trtexec,
        gpus: stage.gpus,
        gpuQueryError: stage.gpuQueryError,
    };
    const compared = (0,compare_baseline/* compareWithBaseline */.$_)({ builds: unjudged, environment, preflight }, baseline && baselineFile ? { report: baseline, path: rel(baselineFile), note: options.baselineNote } : null);
    const comparison = {
        ...compared.comparison,
        ...(before.baselineRefused && { note: `the base branch's report was not used: ${before.baselineRefused}` }),
        latencyNotes: ab.notes,
    };
    const modelIndex = (name) => config.models.findIndex((m) => m.name === name);
    const budgets = (0,evaluate/* evaluateBudgets */.A1)((0,compare_baseline/* measuredBuilds */.Mb)({ builds: compared.builds, plans }), (name) => config.models[modelIndex(name)].budgets, baseline ? (0,compare_baseline/* measuredBuilds */.Mb)(baseline) : null, (name, metric) => config.position(['models', modelIndex(name), 'budgets', metric]));
    const outputs = {
        manifest: (0,external_node_path_.join)(config.outputDir, 'manifest.json'),
        report: (0,external_node_path_.join)(config.outputDir, 'report.json'),
        summary: (0,external_node_path_.join)(config.outputDir, 'summary.md'),
    };
    const report = {
        schema: schema/* REPORT_SCHEMA */.DC,
        status: (0,report_report/* overallStatus */.g)(compared.builds, budgets),
        startedAt: startedAt.toISOString(),
        finishedAt: new Date().toISOString(),
        config: config.file,
        environment,
        preflight,
        builds: compared.builds,
        plans,
        budgets,
        comparison,
        cache: cacheSummary(config, stage, rel),
        manifest: rel(outputs.manifest),
    };
    await (0,promises_.mkdir)(config.outputDir, { recursive: true });
    const onnxSha256 = new Map();
    for (const model of config.models) {
        const digest = await digests.of(model.onnx);
        if (digest)
            onnxSha256.set(model.onnx, digest);
    }
    const commit = options.commit ?? null;
    const manifest = buildManifest(stage.outcomes, {
        tensorrtVersion,
        outputDir: config.outputDir,
        createdAt: startedAt,
        commit,
        onnxSha256,
    });
    const unwritten = await writeOutputs([
        [outputs.manifest, `${JSON.stringify(manifest, null, 2)}\n`],
        [outputs.report, `${JSON.stringify(report, null, 2)}\n`],
        [outputs.summary, (0,report_markdown/* renderSummary */.Br)(report)],
    ]);
    return {
        report,
        reportFile: outputs.report,
        summaryFile: outputs.summary,
        manifestFile: outputs.manifest,
        unwritten,
    };
}
/** Each file written on its own: a full disk costs the files it cannot hold, and says which, not the others. */
async function writeOutputs(files) {
    const unwritten = [];
    for (const [path, text] of files) {
        await (0,promises_.writeFile)(path, text).catch((error) => {
            unwritten.push(`${path}: cannot write: ${(0,errors/* fileProblem */.Wj)(error, 'a file')}`);
        });
    }
    return unwritten;
}
/** Each pair's build time in a report, for balancing shards; undefined without one (shards count pairs). */
function buildSeconds(report) {
    if (!report)
        return undefined;
    const seconds = report.builds.flatMap((b) => b.buildSeconds ? [[`${b.model}/${b.profile}`, b.buildSeconds]] : []);
    return seconds.length ? new Map(seconds) : undefined;
}
/** The baseline report, or (for one the user did not name) why it could not be used. */
async function readBaseline(file, found) {
    if (!file)
        return { baseline: null, baselineRefused: null };
    try {
        return { baseline: await (0,compare_baseline/* loadReport */.N1)(file), baselineRefused: null };
    }
    catch (error) {
        if (!found || !(error instanceof errors/* InputError */.dz))
            throw error;
        return { baseline: null, baselineRefused: error.message };
    }
}
/** The engine cache's account of this run; one key for all its engines, for actions/cache. */
function cacheSummary(config, stage, rel) {
    if (!config.cacheDir)
        return null;
    const verdicts = stage.outcomes.flatMap((o) => (o.cache ? [o.cache] : []));
    const keys = stage.outcomes.map((o) => o.cache?.key ?? '').sort();
    return {
        key: `trt-ci-${(0,external_node_crypto_.createHash)('sha256').update(keys.join('\n')).digest('hex').slice(0, 32)}`,
        dir: rel(config.cacheDir),
        hits: verdicts.filter((c) => c.hit).length,
        misses: verdicts.filter((c) => !c.hit).length,
        corrupt: verdicts.filter((c) => c.corrupt).length,
        untrusted: verdicts.filter((c) => c.untrusted).length,
        savedSeconds: verdicts.reduce((sum, c) => sum + (c.savedSeconds ?? 0), 0),
        bytes: stage.cacheBytes,
        evicted: stage.evicted,
        problems: [...new Set([...verdicts.map((c) => c.problem), stage.evictProblem].filter((p) => p !== null))],
        refused: stage.outcomes.some((o) => o.status !== 'skipped' && !o.gpu?.name)
            ? 'the GPU model is unknown (nvidia-smi did not answer): no plan is served or stored for an unknown GPU'
            : null,
    };
}

// EXTERNAL MODULE: ./.build/tsc/report/markdown-text.js
var markdown_text = __webpack_require__(82185);
// EXTERNAL MODULE: ./.build/tsc/action/github-reporter.js + 1 modules
var github_reporter = __webpack_require__(59531);
// EXTERNAL MODULE: ./.build/tsc/action/inputs.js
var action_inputs = __webpack_require__(99581);
// EXTERNAL MODULE: ./.build/tsc/action/policy.js
var policy = __webpack_require__(75330);
// EXTERNAL MODULE: ./.build/tsc/action/summary.js
var summary = __webpack_require__(18586);
;// CONCATENATED MODULE: ./.build/tsc/action/run.js


















/**
 * The action's run command: a check run that starts now and always completes, the pipeline, then the
 * job summary (always: it needs no permission), outputs, annotations and the sticky comment. A
 * reporting error never fails the job; it is said in the summary with the permission that was missing.
 */
async function runCommand(edge) {
    const inputs = (0,action_inputs/* readRunInputs */.hT)();
    const context = (0,github_context/* readRunContext */.$)(edge.env, edge.cwd);
    const octokit = inputs.token && context ? (0,github_octokit/* makeOctokit */.a)(inputs.token) : null;
    const reporter = new github_reporter/* GitHubReporter */.J(octokit, context?.pullRequest?.fromFork ?? false);
    const target = context?.sha
        ? { owner: context.owner, repo: context.repo, name: inputs.checkName, headSha: context.sha }
        : null;
    await reporter.startCheck(target);
    await reporter.completing(target, async () => {
        let baselineFile = inputs.baseline === 'auto' || inputs.baseline === 'none' ? null : inputs.baseline;
        let baselineNote = null;
        if (inputs.baseline === 'auto' && octokit && context?.pullRequest) {
            await reporter.attempt("Finding the base branch's report", 'actions: read', async () => {
                const found = await (0,baseline_artifact/* findBaseline */.Xn)(octokit, inputs.token, context, inputs.reportKey);
                baselineFile = found?.file ?? null;
                baselineNote = found?.note ?? null;
            });
        }
        let result = null;
        let crash = null;
        const logs = [];
        try {
            result = await runPipeline({
                configFile: inputs.config,
                cwd: edge.cwd,
                env: edge.env,
                baselineFile,
                baselineNote,
                baselineFound: inputs.baseline === 'auto',
                ...(inputs.shard && { selection: { shard: inputs.shard, only: [] } }),
                commit: context?.sha || null,
                provenance: (0,github_context/* runProvenance */.s)(edge.env, edge.cwd),
                ...(edge.signal && { signal: edge.signal }),
                ...(heartbeatMs(edge.env) && { heartbeatMs: heartbeatMs(edge.env) }),
                onEvent: (event) => {
                    if (event.type === 'preflight')
                        core/* info */.pq((0,render/* renderPreflightText */.h)(event.preflight));
                    else if (event.type === 'done')
                        logs.push(logBuild(event.outcome));
                    else
                        core/* info */.pq(describeEvent(event).trimEnd());
                },
            });
            await Promise.all(logs);
        }
        catch (error) {
            crash = error;
        }
        const report = result?.report ?? null;
        const markdown = report ? (0,report_markdown/* renderSummary */.Br)(report) : (0,summary/* crashMarkdown */.d0)(crash);
        setOutputs(result);
        const toRepoPath = (path) => {
            const repoRelative = (0,external_node_path_.relative)(context?.workspace ?? edge.cwd, (0,external_node_path_.resolve)(edge.cwd, path));
            return repoRelative.startsWith('..') || (0,external_node_path_.isAbsolute)(repoRelative) ? path : repoRelative;
        };
        const built = report ? report.builds.filter(builds_outcome/* isBuilt */.TQ).length : 0;
        await reporter.completeCheck(target, {
            conclusion: (0,policy/* checkConclusion */.Gc)({
                cancelled: edge.signal?.aborted ?? false,
                crashed: crash !== null,
                reports: report ? [report] : [],
            }),
            title: report ? `${report.status}: ${built}/${report.builds.length} engines` : 'trt-ci could not run',
            summary: markdown,
            annotations: report ? (0,annotations/* reportAnnotations */.b)(report, toRepoPath) : [],
        });
        if (context?.pullRequest && inputs.comment !== 'never') {
            const marker = (0,comment/* commentMarker */.Ql)(inputs.reportKey);
            const body = report ? (0,report_markdown/* renderReports */.kr)([report], { limit: report_markdown/* COMMENT_LIMIT_BYTES */.gI, marker }) : `${marker}\n${markdown}`;
            const where = { owner: context.owner, repo: context.repo, issueNumber: context.pullRequest.number };
            const workflow = (0,baseline_artifact/* workflowFile */.EY)(context.workflowRef);
            await reporter.comment({ ...where, key: inputs.reportKey, workflow }, body, (0,policy/* wantsComment */.TH)(inputs.comment, report));
        }
        if (result && context && (0,baseline_artifact/* storesBaseline */.eM)(context) && inputs.baseline !== 'none' && edge.env.ACTIONS_RUNTIME_TOKEN) {
            const reportFile = result.reportFile;
            await reporter.attempt('Storing the report as the baseline artifact', 'actions: write', () => (0,baseline_artifact/* uploadBaseline */.rC)(reportFile, inputs.reportKey));
        }
        const unwritten = result?.unwritten ?? [];
        const notWritten = unwritten.length
            ? `\n\n### Not written\n\n${unwritten.map((u) => `- ${(0,markdown_text/* text */.Qq)(u)}`).join('\n')}\n`
            : '';
        await (0,summary/* writeSummary */.Sy)(`${markdown}${notWritten}${(0,summary/* problemsSection */.Ad)(reporter.problems)}`.slice(0, report_markdown/* SUMMARY_LIMIT_BYTES */.Jz));
        const reason = (0,policy/* failureReason */.Hr)(inputs.failOn, report, crash);
        // A report the next job cannot read fails the step even when the engines passed.
        if (reason || unwritten.length)
            core/* setFailed */.C1(`trt-ci: ${reason ?? unwritten.join('; ')}`);
    });
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
    if (!(0,builds_outcome/* isBuilt */.TQ)(outcome)) {
        core/* info */.pq(`::stop-commands::${stop}`);
        core/* info */.pq(tail.slice(-FAILURE_LINES).join('\n'));
        core/* info */.pq(`::${stop}::`);
    }
}
function setOutputs(result) {
    const report = result?.report ?? null;
    core/* setOutput */.uH('status', report ? report.status : 'error');
    if (result) {
        core/* setOutput */.uH('report', result.reportFile);
        core/* setOutput */.uH('markdown', result.summaryFile);
        core/* setOutput */.uH('manifest', result.manifestFile);
        core/* setOutput */.uH('output-dir', (0,external_node_path_.dirname)(result.reportFile));
        if (result.report.cache)
            core/* setOutput */.uH('cache-key', result.report.cache.key);
    }
    const failed = (report?.builds ?? []).filter((b) => !(0,builds_outcome/* isBuilt */.TQ)(b)).map((b) => `${b.model}/${b.profile}`);
    core/* setOutput */.uH('failed-builds', failed.join(','));
}


/***/ })

};
