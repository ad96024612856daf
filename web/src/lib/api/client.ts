// The one HTTP client for the Dwa API: base `/api`, JSON in and out, the stored access token as a
// Bearer header, and an ApiError for every non-2xx answer. Paths, parameters and answers are typed
// from the generated OpenAPI schema (`npm run gen`), so no response type is written by hand.
//
// A 401 is answered by one token refresh (spec §4): requests that fail while it runs wait for it
// and are replayed with the new token, each request is retried at most once, and a failed refresh
// clears the session and signs the shopper out (`forcedLogout`).
import { clearTokens, getAccessToken, getRefreshToken, setTokens } from '@/lib/auth/tokens';
import { emit } from '@/lib/events';
import type { paths } from './schema';

export const API_BASE = '/api';

/** A non-2xx answer. `body` is the parsed JSON body (e.g. `{detail, code}` or field errors). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super(errorMessage(status, body));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

function errorMessage(status: number, body: unknown): string {
  if (typeof body === 'object' && body !== null && 'detail' in body) {
    const { detail } = body;
    if (typeof detail === 'string') return detail;
  }
  return `Request failed with status ${status}`;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Operations endpoints live at the site root, outside the `/api` prefix. */
type RootPath = '/healthz' | '/readyz' | '/metrics';

/** Paths under `/api` that define `method`. */
type ApiPath<M extends Method> = Exclude<
  { [P in keyof paths]: [NonNullable<paths[P][M]>] extends [never] ? never : P }[keyof paths],
  RootPath
>;

type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : undefined;

/** The JSON body of the operation's success answer (200, 201 or 204 → undefined). */
export type SuccessBody<O> = O extends { responses: infer R }
  ? JsonOf<R[keyof R & (200 | 201 | 204)]>
  : never;

type Params<O> = O extends { parameters: infer P } ? P : never;

/**
 * `{ [K]: T }` when the operation declares K (required if the schema requires it), and
 * `{ [K]?: never }` when it does not. openapi-typescript writes absent parts as `K?: never`.
 */
type Part<Holder, K extends PropertyKey, As extends PropertyKey = K> = K extends keyof Holder
  ? [NonNullable<Holder[K]>] extends [never]
    ? { [P in As]?: never }
    : object extends Pick<Holder, K>
      ? { [P in As]?: NonNullable<Holder[K]> }
      : { [P in As]: NonNullable<Holder[K]> }
  : { [P in As]?: never };

/** A JSON request body as its schema; a multipart upload (an image) as the FormData that carries it. */
type ContentOf<R> = R extends { content: { 'application/json': infer B } }
  ? B
  : R extends { content: { 'multipart/form-data': unknown } }
    ? FormData
    : undefined;

type BodyOf<O> = O extends { requestBody?: infer RB }
  ? { requestBody: ContentOf<NonNullable<RB>> }
  : never;

export type RequestOptions<O> = Part<Params<O>, 'path', 'params'> &
  Part<Params<O>, 'query'> &
  Part<BodyOf<O>, 'requestBody', 'body'> & {
    signal?: AbortSignal;
    /** Never refresh and retry on 401 (the login call: a 401 there is the answer). */
    skipRefresh?: boolean;
    /** Extra request headers, e.g. `Idempotency-Key` on order placement. */
    headers?: Record<string, string>;
  };

/** The body `method path` takes, e.g. `RequestBody<'post', '/admin/stores/'>`. */
export type RequestBody<M extends Method, P extends ApiPath<M>> =
  Operation<P, M> extends { requestBody?: infer RB } ? ContentOf<NonNullable<RB>> : never;

/** The query parameters `method path` takes, e.g. `QueryParams<'get', '/seller/orders/'>`. */
export type QueryParams<M extends Method, P extends ApiPath<M>> = NonNullable<
  Params<Operation<P, M>>['query']
>;

type QueryValue = string | number | boolean | null | undefined;

/** Builds `/api<path>` with `{name}` segments filled in and the query string appended. */
export function buildUrl(
  path: string,
  params?: Record<string, string | number>,
  query?: Record<string, QueryValue | readonly QueryValue[]>,
): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, raw] of Object.entries(query ?? {})) {
    for (const value of Array.isArray(raw) ? raw : [raw]) {
      if (value !== undefined && value !== null) search.append(key, String(value));
    }
  }
  const qs = search.toString();
  return `${API_BASE}${filled}${qs ? `?${qs}` : ''}`;
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  if (response.headers.get('content-type')?.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

let refreshing: Promise<string> | null = null;

/**
 * Exchanges the stored refresh token for a new access token. It is sent with plain `fetch`, outside
 * this client, so it carries no bearer header and is never itself refreshed (spec §4). Concurrent
 * callers share one request: that promise is the queue of the requests waiting for it.
 */
function refreshAccessToken(): Promise<string> {
  refreshing ??= (async () => {
    const refresh = getRefreshToken();
    if (!refresh) throw new Error('No refresh token');
    const response = await fetch(new URL(`${API_BASE}/auth/jwt/refresh/`, window.location.origin), {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh }),
    });
    const body = (await parseBody(response)) as { access?: unknown } | undefined;
    if (!response.ok || typeof body?.access !== 'string') throw new ApiError(response.status, body);
    setTokens(body.access);
    return body.access;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Refreshes the session for `apiRequest`; exported for the auth guard's expiry check. */
export async function refreshSession(): Promise<boolean> {
  try {
    await refreshAccessToken();
    return true;
  } catch (error) {
    // Offline (fetch's TypeError) the session is kept: the shopper reads their bag offline
    // (docs/decisions/0026) and the next request online refreshes it.
    if (!(error instanceof TypeError)) clearTokens();
    return false;
  }
}

interface Sent {
  response: Response;
  body: unknown;
}

async function send(
  method: Method,
  url: URL,
  body: unknown,
  signal: AbortSignal | undefined,
  token: string | null,
  extraHeaders: Record<string, string> | undefined,
): Promise<Sent> {
  const headers = new Headers({ ...extraHeaders, Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  // A FormData body (a file upload) goes as multipart/form-data, its boundary set by fetch; a
  // Blob (a CSV file) as its text, its type given in the extra headers.
  const form = body instanceof FormData;
  const file = body instanceof Blob ? await body.text() : null;
  if (body !== undefined && !form && file === null) headers.set('Content-Type', 'application/json');
  const response = await fetch(url, {
    method: method.toUpperCase(),
    headers,
    body: body === undefined ? undefined : form ? body : (file ?? JSON.stringify(body)),
    signal,
  });
  return { response, body: await parseBody(response) };
}

/** The parts of a request: path parameters, query, body (JSON, or FormData or a Blob for an upload), abort signal and extra headers. */
interface SendOptions {
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  body?: unknown;
  signal?: AbortSignal;
  skipRefresh?: boolean;
  headers?: Record<string, string>;
}

/** Sends a request, refreshing the session once on 401; resolves with the answer or rejects. */
async function sendWithRefresh(method: Method, path: string, options: object): Promise<Sent> {
  const { params, query, body, signal, skipRefresh, headers } = options as SendOptions;
  const url = new URL(buildUrl(path, params, query), window.location.origin);
  const sentToken = getAccessToken();
  const first = await send(method, url, body, signal, sentToken, headers);
  if (first.response.ok) return first;
  const error = new ApiError(first.response.status, first.body);
  if (first.response.status !== 401 || skipRefresh) throw error;

  let token = getAccessToken();
  if (token === null || token === sentToken) {
    // Nothing newer to replay with: refresh (or wait for the refresh already running).
    if (!getRefreshToken() && !refreshing) {
      clearTokens();
      throw error;
    }
    try {
      token = await refreshAccessToken();
    } catch {
      clearTokens();
      emit('forcedLogout');
      throw error;
    }
  }
  const retried = await send(method, url, body, signal, token, headers);
  if (!retried.response.ok) throw new ApiError(retried.response.status, retried.body);
  return retried;
}

/** Sends one request to the API; resolves with the parsed success body, rejects with ApiError. */
export async function apiRequest<M extends Method, P extends ApiPath<M>>(
  method: M,
  path: P,
  options: RequestOptions<Operation<P, M>>,
): Promise<SuccessBody<Operation<P, M>>> {
  const { body } = await sendWithRefresh(method, path, options);
  return body as SuccessBody<Operation<P, M>>;
}

/** Like `apiGet`, with the answer's headers too (e.g. `X-Shuffle-Seed`). */
export async function apiGetWithHeaders<P extends ApiPath<'get'>>(
  path: P,
  options: RequestOptions<Operation<P, 'get'>>,
): Promise<{ data: SuccessBody<Operation<P, 'get'>>; headers: Headers }> {
  const { body, response } = await sendWithRefresh('get', path, options);
  return { data: body as SuccessBody<Operation<P, 'get'>>, headers: response.headers };
}

/** `GET` shorthand: `apiGet('/store/categories/{id}/', { params: { id: 3 }, signal })`. */
export function apiGet<P extends ApiPath<'get'>>(
  path: P,
  options: RequestOptions<Operation<P, 'get'>>,
): Promise<SuccessBody<Operation<P, 'get'>>> {
  return apiRequest('get', path, options);
}

/**
 * A list asked for with `page` is answered a page object (§1.5): narrows the schema's
 * array-or-page answer to the page. A plain array there breaks the contract.
 */
export function pageOf<P extends { results: unknown[] }>(data: unknown[] | P): P {
  if (Array.isArray(data)) throw new Error('Expected a page: the list was asked for with `page`.');
  return data;
}

/** A list answer is a plain array, or a page object when `page`/`page_size` was sent (§1.5). */
export function listItems<T>(data: readonly T[] | { results: readonly T[] }): readonly T[] {
  return Array.isArray(data) ? data : (data as { results: readonly T[] }).results;
}
