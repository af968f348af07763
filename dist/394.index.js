export const id = 394;
export const ids = [394];
export const modules = {

/***/ 86394:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   expectedRunners: () => (/* binding */ expectedRunners),
/* harmony export */   missingRunners: () => (/* binding */ missingRunners),
/* harmony export */   reportCommand: () => (/* binding */ reportCommand)
/* harmony export */ });
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(33838);
/* harmony import */ var _github_octokit_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(64842);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(51455);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(76760);
/* harmony import */ var _compare_baseline_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(96068);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(40988);
/* harmony import */ var _github_annotations_js__WEBPACK_IMPORTED_MODULE_14__ = __webpack_require__(26109);
/* harmony import */ var _github_baseline_artifact_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(32659);
/* harmony import */ var _github_comment_js__WEBPACK_IMPORTED_MODULE_13__ = __webpack_require__(28102);
/* harmony import */ var _github_context_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(8224);
/* harmony import */ var _report_markdown_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(84142);
/* harmony import */ var _github_reporter_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(59531);
/* harmony import */ var _inputs_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(99581);
/* harmony import */ var _policy_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(75330);
/* harmony import */ var _summary_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(18586);















/**
 * The report job of the workflow pack (and the comment workflow for forks): reads the runners'
 * reports as data, merges them, and posts the one sticky comment and one check run for all runners.
 * The pull request and its commit come from the event GitHub sent, never from an artifact.
 */
async function reportCommand(edge) {
    const context = (0,_github_context_js__WEBPACK_IMPORTED_MODULE_7__/* .readRunContext */ .$)(edge.env, edge.cwd);
    const token = (0,_inputs_js__WEBPACK_IMPORTED_MODULE_10__/* .tokenInput */ .e1)();
    const key = (0,_inputs_js__WEBPACK_IMPORTED_MODULE_10__/* .input */ .hF)('report-key') || 'trt-ci';
    const root = (0,node_path__WEBPACK_IMPORTED_MODULE_3__.resolve)(edge.cwd, (0,_inputs_js__WEBPACK_IMPORTED_MODULE_10__/* .input */ .hF)('reports'));
    const files = await findReports(root);
    const reports = [];
    const read = [];
    for (const file of files) {
        try {
            reports.push(await (0,_compare_baseline_js__WEBPACK_IMPORTED_MODULE_4__/* .loadReport */ .N1)(file, 'report'));
            read.push(file);
        }
        catch (error) {
            _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(`trt-ci: skipped ${file}: ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .errorMessage */ .gJ)(error)}`);
        }
    }
    const missing = missingRunners(expectedRunners((0,_inputs_js__WEBPACK_IMPORTED_MODULE_10__/* .input */ .hF)('expected-runners')), read, root, (0,_inputs_js__WEBPACK_IMPORTED_MODULE_10__/* .shardCount */ .o4)());
    if (reports.length === 0 && missing.length === 0) {
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e('trt-ci: no report.json found to merge');
        return;
    }
    // A runner type that wrote no report fails the merged view; it never just drops out of it.
    if (missing.length > 0)
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setFailed */ .C1(`trt-ci: no report from ${missing.join(', ')}`);
    const body = (0,_report_markdown_js__WEBPACK_IMPORTED_MODULE_8__/* .renderReports */ .kr)(reports, { limit: _report_markdown_js__WEBPACK_IMPORTED_MODULE_8__/* .COMMENT_LIMIT_BYTES */ .gI, marker: (0,_github_comment_js__WEBPACK_IMPORTED_MODULE_13__/* .commentMarker */ .Ql)(key), missing });
    await (0,_summary_js__WEBPACK_IMPORTED_MODULE_12__/* .writeSummary */ .Sy)((0,_report_markdown_js__WEBPACK_IMPORTED_MODULE_8__/* .renderReports */ .kr)(reports, { limit: _report_markdown_js__WEBPACK_IMPORTED_MODULE_8__/* .SUMMARY_LIMIT_BYTES */ .Jz, missing }));
    const octokit = context && token ? (0,_github_octokit_js__WEBPACK_IMPORTED_MODULE_1__/* .makeOctokit */ .a)(token) : null;
    const pr = context && octokit ? await pullRequestOf(context, octokit) : null;
    if (!pr || !context || !octokit) {
        _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq('trt-ci: no pull request to report to');
        return;
    }
    const reporter = new _github_reporter_js__WEBPACK_IMPORTED_MODULE_9__/* .GitHubReporter */ .J(octokit, false);
    const workflow = (0,_github_baseline_artifact_js__WEBPACK_IMPORTED_MODULE_6__/* .workflowFile */ .EY)(context.workflowRef);
    await reporter.comment({ owner: context.owner, repo: context.repo, issueNumber: pr.number, key, workflow }, body);
    const target = {
        owner: context.owner,
        repo: context.repo,
        name: (0,_inputs_js__WEBPACK_IMPORTED_MODULE_10__/* .input */ .hF)('check-name') || 'trt-ci (all runners)',
        headSha: pr.headSha,
    };
    await reporter.startCheck(target);
    const annotations = reports.flatMap((report) => (0,_github_annotations_js__WEBPACK_IMPORTED_MODULE_14__/* .reportAnnotations */ .b)(report, (path) => path));
    const unique = [...new Map(annotations.map((a) => [`${a.path}:${a.startLine}:${a.title}`, a])).values()];
    const conclusion = (0,_policy_js__WEBPACK_IMPORTED_MODULE_11__/* .checkConclusion */ .Gc)({ cancelled: false, crashed: false, reports, missing: missing.length });
    const runners = `${reports.length} runner type${reports.length === 1 ? '' : 's'}` +
        (missing.length ? `, ${missing.length} without a report` : '');
    await reporter.completeCheck(target, {
        conclusion,
        title: `${conclusion === 'success' ? 'passed' : 'failed'} on ${runners}`,
        summary: body,
        annotations: unique,
    });
    if (reporter.problems.length)
        await (0,_summary_js__WEBPACK_IMPORTED_MODULE_12__/* .writeSummary */ .Sy)((0,_summary_js__WEBPACK_IMPORTED_MODULE_12__/* .problemsSection */ .Ad)(reporter.problems));
}
/**
 * The runners the pack started, from its `runners` input (a JSON list of label sets); each uploads its
 * report as the artifact trt-ci-<labels joined with ->. Empty: no runner is expected by name.
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
    const valid = Array.isArray(value) &&
        value.every((set) => Array.isArray(set) && set.length > 0 && set.every((l) => typeof l === 'string'));
    if (!valid) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_5__/* .InputError */ .dz(`expected-runners: expected a JSON list of runner label sets like [["self-hosted","gpu","a100"]], got ${json}`);
    }
    return value;
}
/**
 * The expected runners (each shard of each, when the pack shards them) with no readable report in the
 * folder the pack downloads their artifacts to, as trt-ci-<labels>[-shard-<i>-of-<n>].
 */
function missingRunners(expected, reportFiles, root, shards = 1) {
    const found = new Set(reportFiles.map((file) => (0,node_path__WEBPACK_IMPORTED_MODULE_3__.relative)(root, file).split(node_path__WEBPACK_IMPORTED_MODULE_3__.sep)[0]));
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
/** report.json files under a folder (one per downloaded artifact). */
async function findReports(root) {
    const found = [];
    const walk = async (dir, depth) => {
        for (const entry of await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.readdir)(dir, { withFileTypes: true }).catch(() => [])) {
            const path = (0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(dir, entry.name);
            if (entry.isDirectory() && depth < 3)
                await walk(path, depth + 1);
            else if (entry.isFile() && entry.name === 'report.json')
                found.push(path);
        }
    };
    await walk(root, 0);
    return found.sort();
}
/**
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
