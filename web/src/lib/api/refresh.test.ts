import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { on } from '@/lib/events';
import { server } from '@/test/server';
import { ApiError, apiGet, apiRequest, refreshSession } from './client';

const unauthorized = () =>
  HttpResponse.json(
    { detail: 'Given token not valid for any token type', code: 'token_not_valid' },
    { status: 401 },
  );

/** The hero list answers only the bearer `fresh`; the refresh endpoint hands it out. */
function installApi({ refreshOk = true } = {}) {
  const seen: (string | null)[] = [];
  const refreshCalls: { auth: string | null; body: unknown }[] = [];
  server.use(
    http.get('/api/store/hero/', ({ request }) => {
      const auth = request.headers.get('authorization');
      seen.push(auth);
      return auth === 'Bearer fresh' ? HttpResponse.json([]) : unauthorized();
    }),
    http.post('/api/auth/jwt/refresh/', async ({ request }) => {
      refreshCalls.push({ auth: request.headers.get('authorization'), body: await request.json() });
      return refreshOk
        ? HttpResponse.json({ access: 'fresh' })
        : HttpResponse.json(
            { detail: 'Token is invalid or expired', code: 'token_not_valid' },
            { status: 401 },
          );
    }),
  );
  return { seen, refreshCalls };
}

describe('session refresh (spec §4)', () => {
  it('refreshes once on 401 and replays the request with the new token', async () => {
    window.localStorage.setItem('access', 'stale');
    window.localStorage.setItem('refresh', 'r1');
    const { seen, refreshCalls } = installApi();

    await expect(apiGet('/store/hero/', {})).resolves.toEqual([]);

    expect(seen).toEqual(['Bearer stale', 'Bearer fresh']);
    // Sent outside the shared client: no bearer header.
    expect(refreshCalls).toEqual([{ auth: null, body: { refresh: 'r1' } }]);
    expect(window.localStorage.getItem('access')).toBe('fresh');
    expect(window.localStorage.getItem('refresh')).toBe('r1');
  });

  it('queues requests failing while a refresh runs: one refresh, all replayed', async () => {
    window.localStorage.setItem('access', 'stale');
    window.localStorage.setItem('refresh', 'r1');
    const { seen, refreshCalls } = installApi();

    const results = await Promise.all([
      apiGet('/store/hero/', {}),
      apiGet('/store/hero/', {}),
      apiGet('/store/hero/', {}),
    ]);

    expect(results).toEqual([[], [], []]);
    expect(refreshCalls).toHaveLength(1);
    expect(seen.filter((s) => s === 'Bearer fresh')).toHaveLength(3);
  });

  it('on a failed refresh clears both tokens, signs out and passes the error on', async () => {
    window.localStorage.setItem('access', 'stale');
    window.localStorage.setItem('refresh', 'r1');
    installApi({ refreshOk: false });
    const forced = vi.fn();
    const stop = on('forcedLogout', forced);

    const failures = await Promise.allSettled([
      apiGet('/store/hero/', {}),
      apiGet('/store/hero/', {}),
    ]);

    expect(failures.map((f) => f.status)).toEqual(['rejected', 'rejected']);
    const reason = (failures[0] as PromiseRejectedResult).reason as ApiError;
    expect(reason).toBeInstanceOf(ApiError);
    expect(reason.status).toBe(401);
    expect(window.localStorage.getItem('access')).toBeNull();
    expect(window.localStorage.getItem('refresh')).toBeNull();
    expect(forced).toHaveBeenCalled();
    stop();
  });

  it('keeps the session when the refresh cannot reach the server (offline)', async () => {
    window.localStorage.setItem('access', 'stale');
    window.localStorage.setItem('refresh', 'r1');
    server.use(http.post('/api/auth/jwt/refresh/', () => HttpResponse.error()));

    expect(await refreshSession()).toBe(false);
    expect(window.localStorage.getItem('access')).toBe('stale');
    expect(window.localStorage.getItem('refresh')).toBe('r1');
  });

  it('ends the session when the server refuses the refresh', async () => {
    window.localStorage.setItem('access', 'stale');
    window.localStorage.setItem('refresh', 'r1');
    installApi({ refreshOk: false });

    expect(await refreshSession()).toBe(false);
    expect(window.localStorage.getItem('access')).toBeNull();
    expect(window.localStorage.getItem('refresh')).toBeNull();
  });

  it('without a refresh token clears the tokens and passes the original error on', async () => {
    window.localStorage.setItem('access', 'stale');
    const { refreshCalls } = installApi();
    const forced = vi.fn();
    const stop = on('forcedLogout', forced);

    await expect(apiGet('/store/hero/', {})).rejects.toMatchObject({ status: 401 });

    expect(refreshCalls).toHaveLength(0);
    expect(window.localStorage.getItem('access')).toBeNull();
    expect(forced).not.toHaveBeenCalled();
    stop();
  });

  it('retries a request at most once', async () => {
    window.localStorage.setItem('access', 'stale');
    window.localStorage.setItem('refresh', 'r1');
    let calls = 0;
    server.use(
      http.get('/api/store/hero/', () => {
        calls += 1;
        return unauthorized();
      }),
      http.post('/api/auth/jwt/refresh/', () => HttpResponse.json({ access: 'also-refused' })),
    );

    await expect(apiGet('/store/hero/', {})).rejects.toMatchObject({ status: 401 });
    expect(calls).toBe(2);
  });

  it('never refreshes a request flagged to skip it (the login call)', async () => {
    window.localStorage.setItem('refresh', 'r1');
    const { refreshCalls } = installApi();
    server.use(
      http.post('/api/auth/jwt/create/', () =>
        HttpResponse.json(
          { detail: 'No active account found with the given credentials' },
          { status: 401 },
        ),
      ),
    );

    await expect(
      apiRequest('post', '/auth/jwt/create/', {
        body: { username: 'a', password: 'b' },
        skipRefresh: true,
      }),
    ).rejects.toMatchObject({ status: 401 });
    expect(refreshCalls).toHaveLength(0);
    expect(window.localStorage.getItem('refresh')).toBe('r1');
  });
});
