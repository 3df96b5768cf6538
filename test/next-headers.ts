/**
 * The one stand-in for `next/headers` in jest: a server action or route handler called straight
 * from a test has no request, so `cookies()` and `headers()` read what the test put here.
 *
 *   jest.mock('next/headers', () => jest.requireActual('@/test/next-headers').nextHeaders);
 *   import { cookieJar, setClientAddress } from '@/test/next-headers';
 *
 * The factory and the import share one module instance per test file: what the test writes in the
 * jar, the code under test reads, and the cookies it sets land back in the jar.
 */

/** The request's cookies, by name. A cookie set to '' is gone (as after a Set-Cookie that clears it). */
export const cookieJar = new Map<string, string>();

/** The request's headers, as `headers()` returns them (a copy each call). */
export const requestHeaders = new Headers();

/**
 * The client's address, as one balancer in front reports it (X-Forwarded-For). The app believes
 * it only with TRUSTED_PROXY_HOPS=1 in the test's environment.
 */
export function setClientAddress(ip: string) {
  requestHeaders.set('x-forwarded-for', ip);
}

const cookieStore = {
  get: (name: string) => (cookieJar.has(name) ? { name, value: cookieJar.get(name)! } : undefined),
  has: (name: string) => cookieJar.has(name),
  getAll: () => [...cookieJar].map(([name, value]) => ({ name, value })),
  set: (name: string, value: string) =>
    void (value ? cookieJar.set(name, value) : cookieJar.delete(name)),
  delete: (name: string) => void cookieJar.delete(name),
};

/** The module `jest.mock('next/headers', …)` hands the code under test. */
export const nextHeaders = {
  cookies: async () => cookieStore,
  headers: async () => new Headers(requestHeaders),
};
