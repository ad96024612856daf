/** A JWT-shaped token whose `exp` lies `seconds` from now (negative: already expired). */
export function fakeJwt(seconds: number, name = 'user'): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const exp = Math.floor(Date.now() / 1000) + seconds;
  return `${encode({ alg: 'HS256' })}.${encode({ exp, name })}.signature`;
}
