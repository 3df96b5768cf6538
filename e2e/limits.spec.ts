import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { actionId, callAction, formArgs, listActions, pagePath } from './action-ids';
import {
  NO_ACCOUNT_AT_SIGN_IN,
  STRONG_PASSWORD,
  WEB_APP_LOG,
  createAccount,
  createCreator,
  enterCode,
  expect,
  forgetSession,
  POOL,
  formAlert,
  signInWithForm,
  test,
  waitForCode,
} from './fixtures';
import { e2ePorts } from './ports';

const BASE = `http://localhost:${e2ePorts().web}`;
const TOO_MANY = /^Too many attempts\. Please try again in \d+ (seconds|minutes)\.$/;
/** A limit on codes sent says what to do with the one already sent, and when to ask again. */
const TOO_MANY_CODES =
  /^You asked for several codes\. Use the newest one, or ask again in \d+ (seconds|minutes)\.$/;
/** A client address of its own (the run trusts one hop: e2e/fixtures.ts). */
const someAddress = () => `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

type LogLine = { event?: string; ip?: string; reqId?: string };
const webAppLog = (): LogLine[] =>
  readFileSync(WEB_APP_LOG, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as LogLine);

test('sign-in attempts are limited per email, with the time to wait', async ({ page }) => {
  // A creator without an account: every attempt fails the same way, and Cognito's own lockout
  // (which needs an account) stays out of the picture.
  const { email } = await createCreator();
  for (let i = 0; i < 10; i++) {
    await signInWithForm(page, email, `Wrong!Pass${i}`);
    await expect(formAlert(page)).toHaveText(NO_ACCOUNT_AT_SIGN_IN);
  }
  await signInWithForm(page, email, 'Wrong!Pass10');
  await expect(formAlert(page)).toHaveText(TOO_MANY);
});

test('failures from other addresses never lock the owner out of their own sign-in', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The attack comes before the account exists, so Cognito's own lockout (per account, a layer
  // behind ours) stays out of the picture; our limits key on the email alone either way.
  const creator = await createCreator();
  const { email } = creator;
  const signIn = actionId('signInAction');
  const attackers = [someAddress(), someAddress(), someAddress(), someAddress()];
  for (const ip of attackers) {
    for (let i = 0; i <= 10; i++) {
      const answer = await callAction(
        BASE,
        signIn,
        formArgs([
          ['email', email],
          ['password', `Wrong!Pass${i}`],
        ]),
        {
          headers: { 'x-forwarded-for': ip },
        },
      );
      const text = (answer.value as { message?: { text?: string } } | undefined)?.message?.text;
      if (i < 10) expect(text, `${ip} attempt ${i + 1}`).toBe(NO_ACCOUNT_AT_SIGN_IN);
      else expect(text, `${ip} attempt ${i + 1}`).toMatch(TOO_MANY);
    }
  }

  // Each of those lines names the address it came from.
  await expect
    .poll(() => {
      const lines = webAppLog();
      return attackers.map((ip) => ({
        ip,
        failures: lines.filter((l) => l.event === 'auth.sign_in_failed' && l.ip === ip).length,
        hits: lines.filter((l) => l.event === 'rate_limit.hit' && l.ip === ip).length,
      }));
    })
    .toEqual(attackers.map((ip) => ({ ip, failures: 10, hits: 1 })));

  // The owner signs up, then signs in from their own address with the right password.
  await createAccount({ email, channelId: creator.id });
  await signInWithForm(page, email, STRONG_PASSWORD);
  await expect(page).toHaveURL('/');
});

test('requests and made-up codes from other addresses never lock the owner out of reset or an emailed code', async ({
  page,
  account: { email },
}) => {
  test.setTimeout(90_000);
  const text = (answer: { value?: unknown }) =>
    (answer.value as { message?: { text?: string } } | undefined)?.message?.text;
  const call = (name: string, fields: [string, string][], ip: string, path = '/login') =>
    callAction(BASE, actionId(name), formArgs(fields), {
      path,
      headers: { 'x-forwarded-for': ip },
    });
  const attackers = [someAddress(), someAddress()];
  for (const ip of attackers) {
    // Made-up reset confirmations: no reset was asked for from there, so none is checked or
    // counted against the account (once 15 of them blocked the owner's codes for 15 minutes).
    for (let i = 0; i < 16; i++) {
      const answer = await call(
        'forgotConfirmAction',
        [
          ['email', email],
          ['verificationCode', String(100000 + i)],
          ['newPassword', 'Taken!Over99'],
          ['confirmNewPassword', 'Taken!Over99'],
        ],
        ip,
        '/forgot-password',
      );
      expect(text(answer), `${ip} confirmation ${i + 1}`).toBe(
        'This reset has expired. Please request a new code.',
      );
    }
    // Reset requests: ten from one address, then that address waits.
    for (let i = 0; i <= 10; i++) {
      const answer = await call('forgotRequestAction', [['email', email]], ip, '/forgot-password');
      if (i < 10)
        expect(answer.value, `${ip} request ${i + 1}`).toMatchObject({ status: 'success' });
      else expect(text(answer), `${ip} request ${i + 1}`).toMatch(TOO_MANY_CODES);
    }
    // Emailed sign-in codes: five from one address, then that address waits.
    for (let i = 0; i <= 5; i++) {
      const answer = await call(
        'emailCodeStartAction',
        [['email', email]],
        ip,
        '/login/email-code',
      );
      if (i < 5) expect(answer.value, `${ip} code ${i + 1}`).toMatchObject({ status: 'success' });
      else expect(text(answer), `${ip} code ${i + 1}`).toMatch(TOO_MANY_CODES);
    }
  }

  // The owner, from their own address, gets an emailed code and signs in with it. The attackers'
  // codes went out within the last second, which waitForCode's one second of slack would still
  // take for the owner's: only a code sent after this instant counts.
  await page.goto('/login/email-code');
  await page.getByLabel('Email', { exact: true }).fill(email);
  let since = Date.now() + 1000;
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await enterCode(page, await waitForCode(email, 'sign-in', since));
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/');

  // ...and resets the password. The attackers' twenty requests spent Cognito's quota on codes for
  // the account (five an hour), so the owner's request sends none: the code step says to use the
  // latest code, which went to the owner's inbox all the same. Without the quota their own
  // request sends a new one.
  await forgetSession(page);
  await page.goto('/forgot-password');
  await page.getByLabel('Email', { exact: true }).fill(email);
  since = Date.now() + 1000;
  await page.getByRole('button', { name: 'Send code' }).click();
  if (POOL.codeRequestsPerHour > 0) {
    await expect(
      page.getByRole('status').filter({
        hasText:
          'You asked for several codes. Use the newest one we sent, or ask again in an hour.',
      }),
    ).toBeVisible();
    await enterCode(page, await waitForCode(email, 'forgot-password'));
  } else {
    await enterCode(page, await waitForCode(email, 'forgot-password', since));
  }
  await page.getByLabel('New password', { exact: true }).fill('Brand!New42');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Brand!New42');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL('/profile?review=ways-in');
});

test('a server-action body over the limit is refused with 413, never 500', async () => {
  const signIn = actionId('signInAction');
  const headers = {
    accept: 'text/x-component',
    'next-action': signIn,
    'x-forwarded-for': someAddress(),
  };
  const twoMb = 'x'.repeat(2 * 1024 * 1024);

  const bodies: [string, () => RequestInit][] = [
    [
      'text, with Content-Length',
      () => ({
        body: JSON.stringify([twoMb]),
        headers: { ...headers, 'content-type': 'text/plain;charset=UTF-8' },
      }),
    ],
    [
      'a form, with Content-Length',
      () => ({
        body: formArgs([
          ['email', twoMb],
          ['password', 'x'],
        ]),
        headers,
      }),
    ],
    [
      'text, chunked (no Content-Length)',
      () =>
        ({
          body: new ReadableStream({
            start(controller) {
              for (let i = 0; i < 32; i++)
                controller.enqueue(new TextEncoder().encode(twoMb.slice(0, 64 * 1024)));
              controller.close();
            },
          }),
          duplex: 'half',
          headers: { ...headers, 'content-type': 'text/plain;charset=UTF-8' },
        }) as RequestInit,
    ],
  ];
  for (const [label, init] of bodies) {
    const res = await fetch(new URL('/login', BASE), {
      method: 'POST',
      redirect: 'manual',
      ...init(),
    });
    expect(res.status, label).toBe(413);
    expect(await res.json(), label).toEqual({ error: 'This request is too large.' });
  }

  // A form of the size people send is still answered (the limit leaves real forms far behind).
  const small = await callAction(
    BASE,
    signIn,
    formArgs([
      ['email', ''],
      ['password', ''],
      ['note', 'y'.repeat(30_000)],
    ]),
    {
      headers: { 'x-forwarded-for': someAddress() },
    },
  );
  expect(small.status).toBe(200);
  expect(small.value).toEqual(expect.objectContaining({ status: 'error' }));
});

test('/api/health is computed once per few seconds and limited per address', async () => {
  const get = (ip: string) =>
    fetch(new URL('/api/health', BASE), { headers: { 'x-forwarded-for': ip } });
  const figuresNow = async () => {
    const res = await get(someAddress());
    expect(res.status).toBe(200);
    return (await res.json()) as { checkedAt: string };
  };
  // Start near the beginning of a window (an earlier caller may have opened the current one).
  let figures = await figuresNow();
  expect(figures.checkedAt).toEqual(expect.any(String));
  for (let i = 0; i < 40 && Date.now() - Date.parse(figures.checkedAt) > 2_500; i++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    figures = await figuresNow();
  }
  expect(Date.now() - Date.parse(figures.checkedAt)).toBeLessThan(2_500);
  // Within the window every caller gets the same figures (one computation).
  for (let i = 0; i < 5; i++) expect(await figuresNow()).toEqual(figures);

  // 60 a minute per address (RULES.health); then 429 with the time to wait, for that address only.
  const ip = someAddress();
  for (let i = 0; i < 60; i++) expect((await get(ip)).status, `request ${i + 1}`).toBe(200);
  const limited = await get(ip);
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await limited.json()).toEqual({ error: 'Too many requests.' });
  expect((await get(someAddress())).status).toBe(200);

  // After the window the figures are computed again.
  await new Promise((resolve) => setTimeout(resolve, 5_500));
  expect((await figuresNow()).checkedAt).not.toBe(figures.checkedAt);
});

test('security events name the client address, not what the client claims', async () => {
  const ip = someAddress();
  // The client prepends an address of its choosing; the one trusted hop appended the real one.
  const headers = { 'x-forwarded-for': `6.6.6.6, ${ip}` };
  const signIn = actionId('signInAction');
  const malformed = await callAction(BASE, signIn, '[', { headers });
  expect(malformed.status).toBe(400);
  const update = listActions().find((a) => a.name === 'updateNameAction')!;
  const unauthenticated = await callAction(BASE, update.id, formArgs([['name', 'Mallory']]), {
    path: pagePath(update.pages[0]!),
    headers,
  });
  expect(unauthenticated.value).toEqual(expect.objectContaining({ unauthenticated: true }));
  const tooLarge = await fetch(new URL('/login', BASE), {
    method: 'POST',
    headers: { ...headers, 'next-action': signIn, 'content-type': 'text/plain;charset=UTF-8' },
    body: JSON.stringify(['z'.repeat(100_000)]),
  });
  expect(tooLarge.status).toBe(413);

  await expect
    .poll(() =>
      ['action.malformed', 'action.unauthenticated', 'request.too_large'].map((event) =>
        webAppLog()
          .filter((l) => l.event === event && (l.ip === ip || l.ip === '6.6.6.6'))
          .map((l) => ({ event: l.event, ip: l.ip, reqId: typeof l.reqId })),
      ),
    )
    .toEqual([
      [{ event: 'action.malformed', ip, reqId: 'string' }],
      [{ event: 'action.unauthenticated', ip, reqId: 'string' }],
      [{ event: 'request.too_large', ip, reqId: 'string' }],
    ]);

  // The header that carries the peer address never leaves the server.
  for (const res of [await fetch(new URL('/login', BASE), { headers }), tooLarge]) {
    for (const [name, value] of res.headers) expect(`${name}: ${value}`).not.toContain('x-cd-peer');
  }
  expect(JSON.stringify(unauthenticated.body)).not.toContain('x-cd-peer');
});
