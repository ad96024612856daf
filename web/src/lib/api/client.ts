// The one HTTP client for the Dwa API: base `/api`, JSON in and out, the stored access token as a
// Bearer header, and an ApiError for every non-2xx answer. Paths, parameters and answers are typed
// from the generated OpenAPI schema (`npm run gen`), so no response type is written by hand.
import { getAccessToken } from '@/lib/auth/tokens';
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

type BodyOf<O> = O extends { requestBody?: infer RB }
  ? { requestBody: JsonOf<NonNullable<RB>> }
  : never;

export type RequestOptions<O> = Part<Params<O>, 'path', 'params'> &
  Part<Params<O>, 'query'> &
  Part<BodyOf<O>, 'requestBody', 'body'> & { signal?: AbortSignal };

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

/** Sends one request to the API; resolves with the parsed success body, rejects with ApiError. */
export async function apiRequest<M extends Method, P extends ApiPath<M>>(
  method: M,
  path: P,
  options: RequestOptions<Operation<P, M>>,
): Promise<SuccessBody<Operation<P, M>>> {
  const { params, query, body, signal } = options as {
    params?: Record<string, string | number>;
    query?: Record<string, QueryValue | readonly QueryValue[]>;
    body?: unknown;
    signal?: AbortSignal;
  };
  const headers = new Headers({ Accept: 'application/json' });
  const token = getAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (body !== undefined) headers.set('Content-Type', 'application/json');

  const url = new URL(buildUrl(path, params, query), window.location.origin);
  const response = await fetch(url, {
    method: method.toUpperCase(),
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const parsed = await parseBody(response);
  if (!response.ok) throw new ApiError(response.status, parsed);
  return parsed as SuccessBody<Operation<P, M>>;
}

/** `GET` shorthand: `apiGet('/store/categories/{id}/', { params: { id: 3 }, signal })`. */
export function apiGet<P extends ApiPath<'get'>>(
  path: P,
  options: RequestOptions<Operation<P, 'get'>>,
): Promise<SuccessBody<Operation<P, 'get'>>> {
  return apiRequest('get', path, options);
}

/** A list answer is a plain array, or a page object when `page`/`page_size` was sent (§1.5). */
export function listItems<T>(data: readonly T[] | { results: readonly T[] }): readonly T[] {
  return Array.isArray(data) ? data : (data as { results: readonly T[] }).results;
}
