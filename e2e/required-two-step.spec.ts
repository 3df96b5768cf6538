import { spawn, type ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import { rmSync } from 'node:fs';
import { generateSync } from 'otplib';
import { CHANNEL_ATTRIBUTE, LOCAL_STACK } from '../contract/local-stack';
import { e2ePorts } from './ports';
import {
  enterCode,
  expect,
  expectAccessible,
  snap,
  STRONG_PASSWORD,
  test,
  uniqueEmail,
} from './fixtures';

/**
 * A pool that requires two-step verification (IDENTITY_MFA=required): a creator without it sets
 * up an authenticator app before reaching the dashboard (MFA_SETUP). The setting is the pool's,
 * so this file starts a stack of its own beside the run's, on ports 20 above it.
 */

const base = e2ePorts();
const ports = {
  web: base.web + 20,
  identity: base.identity + 20,
  creator: base.creator + 20,
  embed: base.embed + 20,
};
const WEB = `http://127.0.0.1:${ports.web}`;
const IDENTITY = `http://127.0.0.1:${ports.identity}`;
const DATA_DIR = `.data/e2e-required-${ports.web}`;

let stack: ChildProcess | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  rmSync(DATA_DIR, { recursive: true, force: true });
  stack = spawn(process.execPath, ['scripts/start.mjs'], {
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: '1',
      PORT: String(ports.web),
      LOCAL_IDENTITY_PORT: String(ports.identity),
      LOCAL_CREATOR_PORT: String(ports.creator),
      LOCAL_EMBED_PORT: String(ports.embed),
      LOCAL_DATA_DIR: DATA_DIR,
      TRUSTED_PROXY_HOPS: '1',
      IDENTITY_MFA: 'required',
    },
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${WEB}/api/health`)).ok;
        } catch {
          return false;
        }
      },
      { timeout: 150_000, intervals: [500] },
    )
    .toBe(true);
});

test.afterAll(() => {
  if (stack?.pid) {
    try {
      process.kill(-stack.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
});

async function call(op: string, body: object) {
  const res = await fetch(IDENTITY, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${op}`,
    },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  expect(res.ok, `${op}: ${JSON.stringify(json)}`).toBeTruthy();
  return json;
}

/** A creator with a confirmed account and no two-step method, on this file's stack. */
async function accountWithoutTwoStep() {
  const email = uniqueEmail('required');
  const res = await fetch(`http://127.0.0.1:${ports.creator}/__local/creators`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  const creator = (await res.json()) as { id: string };
  await call('SignUp', {
    ClientId: LOCAL_STACK.clientId,
    Username: email,
    Password: STRONG_PASSWORD,
    UserAttributes: [{ Name: 'email', Value: email }],
  });
  await call('AdminUpdateUserAttributes', {
    UserPoolId: LOCAL_STACK.poolId,
    Username: email,
    UserAttributes: [{ Name: CHANNEL_ATTRIBUTE, Value: creator.id }],
  });
  const outbox = (await (
    await fetch(`${IDENTITY}/__local/outbox?to=${encodeURIComponent(email)}`)
  ).json()) as { purpose: string; code: string }[];
  const code = outbox.find((m) => m.purpose === 'signup')!.code;
  await call('ConfirmSignUp', {
    ClientId: LOCAL_STACK.clientId,
    Username: email,
    ConfirmationCode: code,
  });
  return email;
}

async function signIn(page: Page, email: string) {
  await page.goto(`${WEB}/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('a creator without two-step verification sets up an authenticator app before the dashboard', async ({
  page,
}) => {
  const email = await accountWithoutTwoStep();
  await signIn(page, email);
  await expect(page).toHaveURL(`${WEB}/login/mfa/setup`);
  await expect(page.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'required-two-step-setup');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'required-two-step-setup-mobile');
  const scrolls = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(scrolls, 'no sideways scrolling at 390 px').toBe(false);
  await page.setViewportSize({ width: 1280, height: 720 });

  const secret = (await page.locator('code').innerText()).replace(/\s/g, '');
  const code = generateSync({ secret });
  // A wrong code first: refused under the boxes; the set-up waits.
  await enterCode(page, code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Turn on and continue' }).click();
  await expect(page.getByText('Invalid verification code.')).toBeVisible();
  await expect(page).toHaveURL(`${WEB}/login/mfa/setup`);

  await enterCode(page, code);
  await page.getByRole('button', { name: 'Turn on and continue' }).click();
  await expect(page).toHaveURL(`${WEB}/`);

  // The next sign-in asks for the app's code.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, email);
  await expect(page).toHaveURL(`${WEB}/login/mfa`);
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  let next = generateSync({ secret });
  while (next === code) {
    await page.waitForTimeout(1000);
    next = generateSync({ secret });
  }
  await enterCode(page, next);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(`${WEB}/`);
});
