// A local stand-in for GitHub's REST API, for running the bundled action as a runner would. Every
// request body is validated against GitHub's own OpenAPI description (@octokit/openapi); what does
// not match is recorded as a violation, which the tests require to be none.
import { createRequire } from 'node:module';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS with a default export; under NodeNext its function sits on .default.
const addFormats = (addFormatsModule as unknown as { default: (ajv: Ajv) => void }).default ?? (addFormatsModule as unknown as (ajv: Ajv) => void);

const require = createRequire(import.meta.url);
const SPEC_ID = 'https://api.github.com/openapi.json';
type Spec = { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>> };
let spec: Spec | null = null;
let ajv: Ajv | null = null;

function openapi(): { spec: Spec; ajv: Ajv } {
  if (!spec || !ajv) {
    spec = require('@octokit/openapi/generated/api.github.com.json') as Spec;
    ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ ...spec, $id: SPEC_ID });
  }
  return { spec, ajv };
}

const pointer = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

/** The OpenAPI operation for a request, and the violations of its body. */
function validate(method: string, path: string, body: unknown): string[] {
  const { spec, ajv } = openapi();
  const template = Object.keys(spec.paths).find((t) => new RegExp(`^${t.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path));
  if (!template) return [`${method} ${path}: no such path in GitHub's OpenAPI description`];
  const operation = spec.paths[template]![method.toLowerCase()];
  if (!operation) return [`${method} ${template}: no such operation`];
  if (!operation.requestBody?.content?.['application/json']) return [];
  const validator = ajv.getSchema(`${SPEC_ID}#/paths/${pointer(template)}/${method.toLowerCase()}/requestBody/content/application~1json/schema`)!;
  return validator(body) ? [] : (validator.errors ?? []).map((e: { instancePath: string; message?: string }) => `${method} ${template}: body${e.instancePath} ${e.message}`);
}

export interface ApiComment {
  id: number;
  body: string;
  user: { login: string };
}

export interface ApiOptions {
  /** Comments already on the pull request. */
  comments?: ApiComment[];
  /** More endpoints: "GET /path" → status, JSON (or a Buffer) and headers. Paths under /blob/ are not GitHub's API. */
  routes?: Record<string, (url: URL, base: string) => { status: number; body: unknown; headers?: Record<string, string> }>;
  /** Answer these operations with this status instead, e.g. { 'POST comments': 403 }. */
  fail?: Partial<Record<'GET user' | 'GET comments' | 'POST comments' | 'PATCH comments' | 'POST check-runs' | 'PATCH check-runs', number>>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface GitHubApi {
  url: string;
  requests: RecordedRequest[];
  violations: string[];
  comments: ApiComment[];
  checkRuns: Map<number, Record<string, unknown>[]>;
  close(): Promise<void>;
}

export async function startGitHubApi(options: ApiOptions = {}): Promise<GitHubApi> {
  openapi();
  const requests: RecordedRequest[] = [];
  const violations: string[] = [];
  const comments = [...(options.comments ?? [])];
  const checkRuns = new Map<number, Record<string, unknown>[]>();
  let nextId = 9000;

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
    const method = req.method ?? 'GET';
    requests.push({ method, path: url.pathname, query: url.searchParams, body });
    if (!url.pathname.startsWith('/blob/')) violations.push(...validate(method, url.pathname, body));
    const route = options.routes?.[`${method} ${url.pathname}`];
    if (route) {
      const answer = route(url, `http://${req.headers.host}`);
      const raw = Buffer.isBuffer(answer.body);
      res.writeHead(answer.status, { 'content-type': raw ? 'application/zip' : 'application/json', ...answer.headers });
      res.end(raw ? answer.body : JSON.stringify(answer.body));
      return;
    }
    const send = (status: number, data: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(data));
    };
    const refuse = (key: keyof NonNullable<ApiOptions['fail']>) => {
      const status = options.fail?.[key];
      if (!status) return false;
      send(status, { message: status === 403 ? 'Resource not accessible by integration' : 'Server Error', documentation_url: 'https://docs.github.com/rest' });
      return true;
    };

    let match: RegExpExecArray | null;
    if (method === 'GET' && url.pathname === '/user') {
      if (!refuse('GET user')) send(403, { message: 'Resource not accessible by integration' }); // what a GITHUB_TOKEN gets
    } else if ((match = /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)\/comments$/.exec(url.pathname))) {
      if (method === 'GET') {
        if (refuse('GET comments')) return;
        const perPage = Number(url.searchParams.get('per_page') ?? 30);
        const page = Number(url.searchParams.get('page') ?? 1);
        const last = Math.max(1, Math.ceil(comments.length / perPage));
        const links: Record<string, string> = page < last ? { link: `<http://${req.headers.host}${url.pathname}?per_page=${perPage}&page=${page + 1}>; rel="next", <http://${req.headers.host}${url.pathname}?per_page=${perPage}&page=${last}>; rel="last"` } : {};
        send(200, comments.slice((page - 1) * perPage, page * perPage), links);
      } else {
        if (refuse('POST comments')) return;
        const comment = { id: nextId++, body: String(body?.body), user: { login: 'github-actions[bot]' } };
        comments.push(comment);
        send(201, comment);
      }
    } else if ((match = /^\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)$/.exec(url.pathname)) && method === 'PATCH') {
      if (refuse('PATCH comments')) return;
      const comment = comments.find((c) => c.id === Number(match![1]));
      if (!comment) return send(404, { message: 'Not Found' });
      comment.body = String(body?.body);
      send(200, comment);
    } else if (url.pathname.endsWith('/check-runs') && method === 'POST') {
      if (refuse('POST check-runs')) return;
      const id = nextId++;
      checkRuns.set(id, [body ?? {}]);
      send(201, { id, status: body?.status ?? 'queued' });
    } else if ((match = /\/check-runs\/(\d+)$/.exec(url.pathname)) && method === 'PATCH') {
      if (refuse('PATCH check-runs')) return;
      const run = checkRuns.get(Number(match[1]));
      if (!run) return send(404, { message: 'Not Found' });
      run.push(body ?? {});
      send(200, { id: Number(match[1]) });
    } else {
      send(404, { message: 'Not Found' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    violations,
    comments,
    checkRuns,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
