export const id = 76;
export const ids = [76];
export const modules = {

/***/ 7076:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  gateCommand: () => (/* binding */ gateCommand)
});

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 18 modules
var core = __webpack_require__(6257);
// EXTERNAL MODULE: ./node_modules/@actions/github/lib/github.js + 21 modules
var github = __webpack_require__(1758);
// EXTERNAL MODULE: ./node_modules/@octokit/plugin-retry/dist-bundle/index.js
var dist_bundle = __webpack_require__(9735);
// EXTERNAL MODULE: ./node_modules/@octokit/plugin-throttling/dist-bundle/index.js
var plugin_throttling_dist_bundle = __webpack_require__(6856);
// EXTERNAL MODULE: ./node_modules/bottleneck/lib/index.js
var lib = __webpack_require__(2203);
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

// EXTERNAL MODULE: ./.build/tsc/common/errors.js
var errors = __webpack_require__(9326);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
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
        throw new InputError(`input pull-request: expected a pull request number, got "${given.number}"`);
    }
    if (given.headSha && !/^[0-9a-f]{40}$/.test(given.headSha)) {
        throw new InputError(`input head-sha: expected a full commit SHA (40 hex digits), got "${given.headSha}"`);
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

;// CONCATENATED MODULE: ./.build/tsc/github/fork-approval.js

/**
 * The repository's fork approval setting. Reading it needs administration: read, which GITHUB_TOKEN
 * cannot be given: with it the answer is usually "unknown", and the summary says what to check by hand.
 */
async function readForkApproval(octokit, repo) {
    try {
        const { data } = await octokit.request('GET /repos/{owner}/{repo}/actions/permissions/fork-pr-contributor-approval', repo);
        const policy = data.approval_policy;
        if (policy === 'first_time_contributors_new_to_github' || policy === 'first_time_contributors')
            return { policy };
        if (policy === 'all_external_contributors')
            return { policy };
        return { policy: 'unknown', why: `GitHub answered an approval policy trt-ci does not know: ${String(policy)}` };
    }
    catch (error) {
        return { policy: 'unknown', why: (0,errors/* errorMessage */.gJ)(error) };
    }
}
const SETTING = 'Settings → Actions → General → "Require approval for all external contributors"';
/**
 * A line for the gate's summary. For pull_request, GitHub runs the workflow file of the merge commit, which
 * a fork controls: the gate job can be dropped from it, so this setting (and runner groups that refuse
 * public repositories) are the defence that the fork cannot edit.
 */
function describeForkApproval(approval) {
    switch (approval.policy) {
        case 'all_external_contributors':
            return '✅ Workflows from every outside contributor wait for approval before they run.';
        case 'first_time_contributors':
        case 'first_time_contributors_new_to_github':
            return ('⚠️ Only first-time contributors wait for approval: a fork whose author has contributed before runs ' +
                `its own workflow file, which can target the GPU runners without this gate. Set ${SETTING}.`);
        default:
            return (`⚠️ Could not read the fork approval setting (${approval.why}; it needs administration: read, which ` +
                `GITHUB_TOKEN cannot have). Check by hand: ${SETTING}, and a runner group that refuses public repositories.`);
    }
}

;// CONCATENATED MODULE: ./.build/tsc/github/gate.js
/** "/gpu-ok 1a2b3c4" on a line of its own: the approval names the commit it was given for. */
const APPROVAL_COMMENT = /^\/gpu-ok\s+([0-9a-f]{7,40})\s*$/m;
/** The commit prefix a `/gpu-ok` comment names, or null when the body holds no approval. */
function approvalPrefix(body) {
    return APPROVAL_COMMENT.exec(body ?? '')?.[1] ?? null;
}
const TRUSTED_EVENTS = ['push', 'workflow_dispatch', 'schedule', 'merge_group'];
const WRITE = ['admin', 'maintain', 'write'];
function decideGate(input) {
    const { event } = input;
    if (TRUSTED_EVENTS.includes(input.eventName))
        return {
            allowed: true,
            reason: `a ${input.eventName} event in ${input.repository} runs code that is already in the repository`,
        };
    if (input.eventName === 'issue_comment')
        return decideComment(input);
    if (input.eventName !== 'pull_request') {
        return {
            allowed: false,
            reason: `${input.eventName} events never reach the GPU runners ` +
                `(pull_request_target would run untrusted code with a write token)`,
        };
    }
    const pr = event.pull_request ?? {};
    const head = pr.head?.repo?.full_name ?? null;
    if (head === input.repository)
        return { allowed: true, reason: `the pull request comes from a branch of ${input.repository}` };
    const author = pr.user?.login ?? null;
    if (author && input.trustedActors.includes(author))
        return { allowed: true, reason: `the pull request's author ${author} is on trusted-actors` };
    const sha = pr.head?.sha ?? '<sha>';
    const labeled = event.action === 'labeled' && event.label?.name === input.approvalLabel;
    if (labeled) {
        // The label names no commit, and this run (its workflow file the fork's, its token read-only) could not
        // report what it built: a fork's commit is approved by the comment, whose run is the base repository's.
        return {
            allowed: false,
            reason: `${event.sender?.login ?? 'someone'} applied ${input.approvalLabel} to the fork ${head ?? '(deleted)'}'s ` +
                `pull request; a fork's commit is approved with a comment that names it: /gpu-ok ${sha}`,
        };
    }
    const hasLabel = (pr.labels ?? []).some((l) => l.name === input.approvalLabel);
    return {
        allowed: false,
        reason: `the pull request comes from the fork ${head ?? '(deleted)'}: a maintainer reviews commit ${sha.slice(0, 12)} ` +
            `and comments /gpu-ok ${sha} to build it on the GPU runners` +
            (hasLabel ? ` (the ${input.approvalLabel} label approves no fork commit)` : ''),
    };
}
/**
 * A `/gpu-ok <sha>` comment by someone with write access approves that commit, and only while it is the
 * pull request's head: a push between the review and the approval is never built on the approval of
 * what came before it (a label cannot say which commit it means).
 */
function decideComment(input) {
    const wanted = approvalPrefix(input.event.comment?.body);
    const who = input.event.sender?.login ?? 'someone';
    if (!wanted)
        return { allowed: false, reason: 'the comment is not an approval (/gpu-ok <commit sha>)' };
    // The sender of an edited or deleted comment is whoever edited or deleted it, not who wrote the approval:
    // a maintainer tidying up an outsider's "/gpu-ok <sha>" must not approve it.
    if (input.event.action !== 'created') {
        return {
            allowed: false,
            reason: `a ${input.event.action ?? 'changed'} comment approves nothing: only a new /gpu-ok comment by someone ` +
                'with write access does',
        };
    }
    if (!input.labelerPermission || !WRITE.includes(input.labelerPermission)) {
        return {
            allowed: false,
            reason: `${who} has ${input.labelerPermission ?? 'unknown'} access; only someone with write access can ` +
                "approve a fork's code for the GPU runners",
        };
    }
    const current = input.currentPullRequest;
    if (!current)
        return { allowed: false, reason: 'the comment is not on an open pull request' };
    if (!current.headSha.startsWith(wanted)) {
        return {
            allowed: false,
            reason: `${who} approved ${wanted}, but the pull request's head is now ${current.headSha.slice(0, 7)}: ` +
                'approve the new commit after reviewing it',
        };
    }
    // A prefix is the commit the repository resolves it to, and must be the head itself: a fork can make a
    // commit that shares 7 (or 12) hex digits with the reviewed one and push it before the gate runs.
    if (wanted.length < current.headSha.length) {
        const resolved = input.resolvedApproval;
        if (!resolved || 'problem' in resolved || resolved.sha !== current.headSha) {
            const why = !resolved
                ? 'it was not resolved'
                : 'problem' in resolved
                    ? resolved.problem
                    : `it names ${resolved.sha.slice(0, 12)}, not the head`;
            return {
                allowed: false,
                reason: `${who} approved ${wanted}, which is not exactly the head ${current.headSha} (${why}): approve with ` +
                    `the full SHA, /gpu-ok ${current.headSha}`,
            };
        }
    }
    return {
        allowed: true,
        reason: `${who} (${input.labelerPermission} access) approved commit ${current.headSha.slice(0, 7)} with /gpu-ok`,
        sha: current.headSha,
        // A branch of this repository builds in the trusted job; only a fork's commit goes to build-fork.
        ...(current.headRepo && current.headRepo !== input.repository && { repository: current.headRepo }),
    };
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
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

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
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
        message: `${step} failed: ${why} (${errorMessage(error).split('\n')[0]})`,
        permission: denied ? permission : null,
    };
}
/** The block to paste into the workflow, for the permissions that were missing. */
function problems_permissionsBlock(problems) {
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
    const detail = crash instanceof InputError
        ? crash.message
        : `internal error (please report it): ${crash instanceof Error ? (crash.stack ?? crash.message) : String(crash)}`;
    return `## trt-ci ❌ could not run\n\n${codeBlock(detail)}\n`;
}

;// CONCATENATED MODULE: ./.build/tsc/action/gate.js








/**
 * The gate job of the workflow pack: decides, on a GitHub-hosted runner, whether this run may use the
 * self-hosted GPU runners, and says why in its summary.
 */
async function gateCommand(edge) {
    const context = readRunContext(edge.env, edge.cwd);
    const event = context?.event ?? {};
    const approvalLabel = input('gate', 'approval-label');
    const trustedActors = input('gate', 'trusted-actors')
        .split(/[\s,]+/)
        .filter(Boolean);
    const token = tokenInput('gate');
    // Who approved (commented /gpu-ok), and the pull request as it is now.
    const approver = event.sender?.login;
    // Only a new comment approves (decideGate says why): an edit or a deletion asks the API nothing.
    const wanted = approvalPrefix(event.comment?.body);
    const commented = context?.eventName === 'issue_comment' && event.action === 'created' && wanted !== null;
    let labelerPermission = null;
    let currentPullRequest = null;
    let resolvedApproval = null;
    if (commented && approver && token && context) {
        const octokit = makeOctokit(token, edge.env);
        const repo = { owner: context.owner, repo: context.repo };
        try {
            const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({ ...repo, username: approver });
            labelerPermission = data.permission;
            if (event.issue?.pull_request && event.issue.number) {
                const { data: pr } = await octokit.rest.pulls.get({ ...repo, pull_number: event.issue.number });
                if (pr.state === 'open')
                    currentPullRequest = { headSha: pr.head.sha, headRepo: pr.head.repo?.full_name ?? null };
                if (wanted && wanted.length < 40)
                    resolvedApproval = await resolveCommit(octokit, repo, wanted);
            }
        }
        catch (error) {
            core/* warning */.$e(`trt-ci gate: could not read ${approver}'s permission or the pull request: ${(0,errors/* errorMessage */.gJ)(error)}`);
        }
    }
    const decision = decideGate({
        eventName: context?.eventName ?? edge.env.GITHUB_EVENT_NAME ?? '',
        repository: edge.env.GITHUB_REPOSITORY ?? '',
        event,
        approvalLabel,
        trustedActors,
        labelerPermission,
        currentPullRequest,
        resolvedApproval,
    });
    core/* setOutput */.uH('allowed', String(decision.allowed));
    core/* setOutput */.uH('reason', decision.reason);
    // The build checks out exactly the approved commit of the fork, never what was pushed after it.
    core/* setOutput */.uH('sha', decision.sha ?? '');
    core/* setOutput */.uH('repository', decision.repository ?? '');
    // Where the build and report jobs report: a comment's run is the default branch's to GitHub.
    const pr = event.pull_request;
    const number = context?.eventName === 'issue_comment' ? event.issue?.number : pr?.number;
    const headSha = context?.eventName === 'issue_comment' ? decision.sha : pr?.head?.sha;
    core/* setOutput */.uH('pull-request', decision.allowed && number ? String(number) : '');
    core/* setOutput */.uH('head-sha', decision.allowed && number ? (headSha ?? '') : '');
    core/* info */.pq(`trt-ci gate: ${decision.allowed ? 'allowed' : 'not allowed'}: ${decision.reason}`);
    // The defence a fork cannot edit out of its own workflow file: said on every gate run.
    const approval = token && context
        ? await readForkApproval(makeOctokit(token, edge.env), { owner: context.owner, repo: context.repo })
        : { policy: 'unknown', why: 'no token' };
    core/* setOutput */.uH('fork-approval', approval.policy);
    // The build matrix's shard dimension: [1, …, shards].
    core/* setOutput */.uH('shards', JSON.stringify(Array.from({ length: shardCount('gate') }, (_, i) => i + 1)));
    const verdict = decision.allowed ? '✅ GPU runners allowed' : '⛔ GPU runners not used';
    await writeSummary(edge.env, `## trt-ci gate: ${verdict}\n\n${decision.reason}\n\n${describeForkApproval(approval)}\n`);
}
/** The one commit a SHA prefix names in the repository (GitHub answers 422 when several or none share it). */
async function resolveCommit(octokit, repo, prefix) {
    try {
        const { data } = await octokit.rest.repos.getCommit({ ...repo, ref: prefix });
        return { sha: data.sha };
    }
    catch (error) {
        return { problem: `GitHub resolves it to no single commit: ${(0,errors/* errorMessage */.gJ)(error)}` };
    }
}


/***/ })

};
