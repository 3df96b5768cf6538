/**
 * @jest-environment ./local/identity/test-environment.ts
 */
// An emailed sign-in code asked for an account with two-step on gets a decoy challenge (no code is
// sent, lib/auth/precheck.ts). Whoever knows only the address must not be able to use it to lock
// the owner out, nor to tell such an account from any other.
jest.mock('jose', () =>
  (globalThis as unknown as { __nodeRequire: NodeJS.Require }).__nodeRequire('jose'),
);
jest.mock('otplib', () =>
  (globalThis as unknown as { __nodeRequire: NodeJS.Require }).__nodeRequire('otplib'),
);
jest.mock('next/headers', () => jest.requireActual('@/test/next-headers').nextHeaders);
jest.mock('next/cache', () => ({ revalidatePath: () => undefined }));

import { randomBytes } from 'node:crypto';
import { cookieJar as jar, setClientAddress } from '@/test/next-headers';
import { confirmedCreator, formSignIn, runAction, twoStepCreator, withLocalPool } from './harness';

const PASSWORD = 'Sunny!Day42';
const pool = withLocalPool({ creators: true });

let auth: typeof import('@/lib/auth/reset') & typeof import('@/lib/auth/sign-in');
beforeAll(async () => {
  auth = {
    ...(await import('@/lib/auth/reset')),
    ...(await import('@/lib/auth/sign-in')),
  };
});

async function twoStepAccount() {
  const email = `decoy.${randomBytes(4).toString('hex')}@creator.test`;
  return { email, secret: await twoStepCreator(pool, email, PASSWORD) };
}

const startEmailCode = (email: string) => runAction(auth.emailCodeStartAction, { email });
const answerEmailCode = (code: string) => runAction(auth.emailCodeSignInAction, { code });

test("wrong codes on the decoy, from many addresses, never refuse the owner's own code", async () => {
  const { email, secret } = await twoStepAccount();
  // The review's run: 7 addresses, each one start and 15 wrong codes (starting again whenever the
  // decoy has ended, as long as starts are allowed).
  for (let a = 1; a <= 7; a++) {
    jar.clear();
    setClientAddress(`203.0.113.${a}`);
    let started = await startEmailCode(email);
    for (let i = 0; i < 15; i++) {
      const answered = await answerEmailCode('000000');
      if (answered.redirect) started = await startEmailCode(email);
      if (started.state?.status !== 'success') break;
    }
  }
  // And made-up reset confirmations, which need no password either.
  for (let a = 1; a <= 7; a++) {
    jar.clear();
    setClientAddress(`203.0.113.${a + 10}`);
    await runAction(auth.forgotRequestAction, { email });
    for (let i = 0; i < 15; i++)
      await runAction(auth.forgotConfirmAction, {
        verificationCode: '000000',
        newPassword: 'Other!Pass42',
        confirmNewPassword: 'Other!Pass42',
      });
  }
  jar.clear();
  setClientAddress('198.51.100.250');
  expect(await formSignIn(auth.signInAction, email, PASSWORD)).toBe('/login/mfa');
  const { generateSync } = await import('otplib');
  const code = generateSync({ secret });
  const answered = await runAction(auth.twoStepSignInAction, { code });
  expect(answered.state?.message?.text).toBeUndefined();
  expect(answered.redirect).toBe('/');
});

test('the decoy ends as a real challenge does: after five wrong codes it has expired', async () => {
  const { email } = await twoStepAccount();
  jar.clear();
  expect((await startEmailCode(email)).state?.status).toBe('success');
  const decoy = jar.get('cd_challenge');
  for (let i = 0; i < 5; i++) expect((await answerEmailCode('000000')).redirect).toBeUndefined();
  expect((await answerEmailCode('000000')).redirect).toBe('/login?reason=expired');
  // A kept copy of its cookie does not bring it back.
  jar.set('cd_challenge', decoy!);
  expect((await answerEmailCode('000000')).redirect).toBe('/login?reason=expired');

  // And so does a real one (an account without two-step), answer for answer.
  const plain = `plain.${randomBytes(4).toString('hex')}@creator.test`;
  await confirmedCreator(pool, plain, PASSWORD);
  jar.clear();
  expect((await startEmailCode(plain)).state?.status).toBe('success');
  for (let i = 0; i < 5; i++) expect((await answerEmailCode('000000')).redirect).toBeUndefined();
  expect((await answerEmailCode('000000')).redirect).toBe('/login?reason=expired');
});

test("the decoy's cookie is as long as a real challenge's, and its notice comes once an hour", async () => {
  const { email } = await twoStepAccount();
  const plain = `plain.${randomBytes(4).toString('hex')}@creator.test`;
  await confirmedCreator(pool, plain, PASSWORD);
  const lengths = { decoy: new Set<number>(), real: new Set<number>() };
  for (let i = 0; i < 4; i++) {
    jar.clear();
    setClientAddress(`192.0.2.${i + 1}`);
    expect((await startEmailCode(email)).state?.status).toBe('success');
    lengths.decoy.add(jar.get('cd_challenge')!.length);
    jar.clear();
    expect((await startEmailCode(plain)).state?.status).toBe('success');
    lengths.real.add(jar.get('cd_challenge')!.length);
  }
  expect([...lengths.decoy]).toEqual([...lengths.real]);
  expect(lengths.real.size).toBe(1);
  const notices = (await pool.outbox(email)).filter((m) => m.event === 'email-code-two-step');
  expect(notices).toHaveLength(1);
});
