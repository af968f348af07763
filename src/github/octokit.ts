import { getOctokit } from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import Bottleneck from 'bottleneck';

/** The REST and GraphQL client every GitHub module takes (made once, at the action's edge). */
export type Octokit = ReturnType<typeof getOctokit>;

/** No GitHub request may hang the job: each gets this long. */
const REQUEST_TIMEOUT_MS = 30_000;

/**
 * The client for a token: every request times out; a 5xx or a network error is retried with backoff
 * (1 s, 4 s, 9 s); writes are paced a second apart, as GitHub asks of clients that post several; a
 * rate limit is waited out twice before giving up. TRT_CI_GITHUB_BACKOFF_MS replaces the second that
 * both the backoff and the pacing are made of.
 */
export function makeOctokit(token: string, env: NodeJS.ProcessEnv): Octokit {
  const configured = Number(env.TRT_CI_GITHUB_BACKOFF_MS);
  const unitMs = env.TRT_CI_GITHUB_BACKOFF_MS && Number.isFinite(configured) && configured >= 0 ? configured : 1_000;
  return getOctokit(
    token,
    {
      // The job's API (GitHub Enterprise Server has its own), from the environment the entry was handed.
      baseUrl: env.GITHUB_API_URL || 'https://api.github.com',
      retry: { retryAfterBaseValue: unitMs },
      request: {
        fetch: (url: string, init: RequestInit) =>
          fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }),
      },
      throttle: {
        write: new Bottleneck.Group({ maxConcurrent: 1, minTime: unitMs }),
        onRateLimit: (_after: number, _options: unknown, _octokit: unknown, retryCount: number) => retryCount < 2,
        onSecondaryRateLimit: (_after: number, _options: unknown, _octokit: unknown, retryCount: number) =>
          retryCount < 2,
      },
    },
    retry,
    throttling,
  ) as Octokit;
}
