import { SignJWT } from 'jose';
import { FALLBACK_TTL_S } from '@/lib/dashboard/embed-token';
import { secondsLeft } from './seconds-left';

const key = new TextEncoder().encode('k'.repeat(32));
const jwt = (exp?: number) => {
  const t = new SignJWT({}).setProtectedHeader({ alg: 'HS256' });
  if (exp !== undefined) t.setExpirationTime(exp);
  return t.sign(key);
};

describe('secondsLeft', () => {
  const now = 1_700_000_000_000;
  it('reads exp from a JWT', async () => {
    expect(secondsLeft(await jwt(now / 1000 + 300), now)).toBe(300);
  });
  it('never goes below 0 or above an hour', async () => {
    expect(secondsLeft(await jwt(now / 1000 - 5), now)).toBe(0);
    expect(secondsLeft(await jwt(now / 1000 + 86_400), now)).toBe(3600);
  });
  it('falls back for opaque tokens and JWTs without exp', async () => {
    expect(secondsLeft('opaque-token', now)).toBe(FALLBACK_TTL_S);
    expect(secondsLeft(await jwt(), now)).toBe(FALLBACK_TTL_S);
  });
});
