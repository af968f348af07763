export const id = 33;
export const ids = [33];
export const modules = {

/***/ 25033:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  gateCommand: () => (/* binding */ gateCommand)
});

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 7 modules
var core = __webpack_require__(33838);
// EXTERNAL MODULE: ./.build/tsc/github/octokit.js
var github_octokit = __webpack_require__(64842);
// EXTERNAL MODULE: ./.build/tsc/errors.js
var errors = __webpack_require__(40988);
// EXTERNAL MODULE: ./.build/tsc/github/context.js
var github_context = __webpack_require__(8224);
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
    const labeled = input.eventName === 'pull_request' && event.action === 'labeled' && event.label?.name === input.approvalLabel;
    if (labeled) {
        const who = event.sender?.login ?? 'someone';
        if (input.labelerPermission && WRITE.includes(input.labelerPermission)) {
            return {
                allowed: true,
                reason: `${who} (${input.labelerPermission} access) approved commit ` +
                    `${pr.head?.sha?.slice(0, 7) ?? ''} of the fork ${head ?? '(deleted)'} with the ${input.approvalLabel} label`,
                ...(pr.head?.sha && { sha: pr.head.sha }),
                ...(head && { repository: head }),
            };
        }
        return {
            allowed: false,
            reason: `${who} applied ${input.approvalLabel} but has ` +
                `${input.labelerPermission ?? 'unknown'} access; only someone ` +
                `with write access can approve a fork's code for the GPU runners`,
        };
    }
    const hasLabel = (pr.labels ?? []).some((l) => l.name === input.approvalLabel);
    return {
        allowed: false,
        reason: hasLabel
            ? `the fork ${head ?? '(deleted)'} has new commits since it was ` +
                `approved: a maintainer must apply ${input.approvalLabel} again for this commit`
            : `the pull request comes from the fork ${head ?? '(deleted)'}: a maintainer ` +
                `reviews it and applies the ${input.approvalLabel} label to build it on the GPU runners`,
    };
}
/**
 * A `/gpu-ok <sha>` comment by someone with write access approves that commit, and only while it is the
 * pull request's head: a push between the review and the approval is never built on the approval of
 * what came before it (a label cannot say which commit it means).
 */
function decideComment(input) {
    const wanted = APPROVAL_COMMENT.exec(input.event.comment?.body ?? '')?.[1];
    const who = input.event.sender?.login ?? 'someone';
    if (!wanted)
        return { allowed: false, reason: 'the comment is not an approval (/gpu-ok <commit sha>)' };
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
    return {
        allowed: true,
        reason: `${who} (${input.labelerPermission} access) approved commit ${current.headSha.slice(0, 7)} with /gpu-ok`,
        sha: current.headSha,
        ...(current.headRepo && { repository: current.headRepo }),
    };
}

// EXTERNAL MODULE: ./.build/tsc/action/inputs.js
var inputs = __webpack_require__(99581);
// EXTERNAL MODULE: ./.build/tsc/action/summary.js
var summary = __webpack_require__(18586);
;// CONCATENATED MODULE: ./.build/tsc/action/gate.js








/**
 * The gate job of the workflow pack: decides, on a GitHub-hosted runner, whether this run may use the
 * self-hosted GPU runners, and says why in its summary.
 */
async function gateCommand(edge) {
    const context = (0,github_context/* readRunContext */.$)(edge.env, edge.cwd);
    const event = context?.event ?? {};
    const approvalLabel = (0,inputs/* input */.hF)('approval-label');
    const trustedActors = (0,inputs/* input */.hF)('trusted-actors')
        .split(/[\s,]+/)
        .filter(Boolean);
    const token = (0,inputs/* tokenInput */.e1)();
    // Who approved (applied the label, or commented /gpu-ok), and for a comment the pull request as it is now.
    const approver = event.sender?.login;
    const labeled = event.action === 'labeled' && event.label?.name === approvalLabel;
    const commented = context?.eventName === 'issue_comment' && /^\/gpu-ok\s/m.test(event.comment?.body ?? '');
    let labelerPermission = null;
    let currentPullRequest = null;
    if ((labeled || commented) && approver && token && context) {
        const octokit = (0,github_octokit/* makeOctokit */.a)(token);
        const repo = { owner: context.owner, repo: context.repo };
        try {
            const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({ ...repo, username: approver });
            labelerPermission = data.permission;
            if (commented && event.issue?.pull_request && event.issue.number) {
                const { data: pr } = await octokit.rest.pulls.get({ ...repo, pull_number: event.issue.number });
                if (pr.state === 'open')
                    currentPullRequest = { headSha: pr.head.sha, headRepo: pr.head.repo?.full_name ?? null };
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
    });
    core/* setOutput */.uH('allowed', String(decision.allowed));
    core/* setOutput */.uH('reason', decision.reason);
    // The build checks out exactly the approved commit of the fork, never what was pushed after it.
    core/* setOutput */.uH('sha', decision.sha ?? '');
    core/* setOutput */.uH('repository', decision.repository ?? '');
    core/* info */.pq(`trt-ci gate: ${decision.allowed ? 'allowed' : 'not allowed'}: ${decision.reason}`);
    // The defence a fork cannot edit out of its own workflow file: said on every gate run.
    const approval = token && context
        ? await readForkApproval((0,github_octokit/* makeOctokit */.a)(token), { owner: context.owner, repo: context.repo })
        : { policy: 'unknown', why: 'no token' };
    core/* setOutput */.uH('fork-approval', approval.policy);
    // The build matrix's shard dimension: [1, …, shards].
    core/* setOutput */.uH('shards', JSON.stringify(Array.from({ length: (0,inputs/* shardCount */.o4)() }, (_, i) => i + 1)));
    const verdict = decision.allowed ? '✅ GPU runners allowed' : '⛔ GPU runners not used';
    await (0,summary/* writeSummary */.Sy)(`## trt-ci gate: ${verdict}\n\n${decision.reason}\n\n${describeForkApproval(approval)}\n`);
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


/***/ })

};
