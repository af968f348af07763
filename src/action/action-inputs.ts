// Written by npm run build (scripts/action-inputs.mjs) from action.yml, gate/action.yml and report/action.yml:
// each action's inputs with the default the runner fills in. The token's default (the job's github.token)
// means nothing outside Actions, so there it has none (null).
export const ACTION_INPUTS = {
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
} as const;
