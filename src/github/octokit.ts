import type { getOctokit } from '@actions/github';

/** The REST and GraphQL client every GitHub module takes (made once, at the action's edge). */
export type Octokit = ReturnType<typeof getOctokit>;
