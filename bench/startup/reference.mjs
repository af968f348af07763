// The start-up reference for bench/startup.ts: what any JavaScript action pays (bundled with ncc).
import * as core from '@actions/core';

core.info(`config: ${core.getInput('config') || 'trt-ci.yml'}`);
