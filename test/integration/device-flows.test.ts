/**
 * @jest-environment ./local/identity/test-environment.ts
 */
// Sessions from sign-ins the pool gives no device. AWS's sources disagree on which sign-ins get
// one (local/identity/README.md, "Devices after an emailed code"), so this pool reads the
// Knowledge Center's way (IDENTITY_DEVICE_FLOWS=srp: USER_SRP_AUTH only) and the product's own
// actions must still keep an emailed-code session through its refresh, and a password one's device.
jest.mock('jose', () =>
  (globalThis as unknown as { __nodeRequire: NodeJS.Require }).__nodeRequire('jose'),
);
jest.mock('otplib', () =>
  (globalThis as unknown as { __nodeRequire: NodeJS.Require }).__nodeRequire('otplib'),
);
jest.mock('next/headers', () => jest.requireActual('@/test/next-headers').nextHeaders);
jest.mock('next/cache', () => ({ revalidatePath: () => undefined }));

import { randomBytes } from 'node:crypto';
import { cookieJar as jar } from '@/test/next-headers';
import { confirmedCreator, formSignIn, runAction, withLocalPool } from './harness';

const PASSWORD = 'Sunny!Day42';
const pool = withLocalPool({ creators: true, settings: { deviceFlows: 'srp' } });

let auth: typeof import('@/lib/auth/sign-in');
let seal: typeof import('@/lib/session/seal');
let once: typeof import('@/lib/session/refresh-once');
let env: typeof import('@/lib/runtime/env');
beforeAll(async () => {
  auth = await import('@/lib/auth/sign-in');
  seal = await import('@/lib/session/seal');
  once = await import('@/lib/session/refresh-once');
  env = await import('@/lib/runtime/env');
});

async function creator() {
  const email = `devices.${randomBytes(4).toString('hex')}@creator.test`;
  await confirmedCreator(pool, email, PASSWORD);
  jar.clear();
  return email;
}

/** The refresh cookie the sign-in left: its token and the device it names, if any. */
async function storedRefresh() {
  const e = env.getEnv();
  return (await seal.unsealAs('refresh', jar.get(seal.cookieNames(e).refresh), e))!;
}

test('an emailed-code sign-in is given no device, and its session refreshes without one', async () => {
  const email = await creator();
  expect((await runAction(auth.emailCodeStartAction, { email })).state?.status).toBe('success');
  const code = (await pool.outbox(email)).find((m) => m.purpose === 'sign-in')?.code ?? '';
  expect((await runAction(auth.emailCodeSignInAction, { code })).redirect).toBe('/');

  const stored = await storedRefresh();
  expect(stored.deviceKey).toBeUndefined();
  const refreshed = await once.refreshOnce(stored.refreshToken, stored.deviceKey);
  expect(refreshed.ok).toBe(true);
});

test('a password sign-in (USER_SRP_AUTH) still gets its device and refreshes with it', async () => {
  const email = await creator();
  expect(await formSignIn(auth.signInAction, email, PASSWORD)).toBe('/');

  const stored = await storedRefresh();
  expect(stored.deviceKey).toMatch(/^us-east-1_/);
  const refreshed = await once.refreshOnce(stored.refreshToken, stored.deviceKey);
  expect(refreshed.ok).toBe(true);
});
