import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page, type Route } from '@playwright/test';
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { CHANNEL_ATTRIBUTE, LOCAL_STACK } from '../contract/local-stack';
import { signInAnswer } from './action-ids';
import { previousTotpCode } from '../test/totp';
import { RESEND_WAIT_SECONDS } from '../lib/validation/limits';
import { POOL } from './pool';
import { FULL_RUN } from './run';
import { e2ePorts } from './ports';

export { POOL, previousTotpCode };

/**
 * What sign-in says for an address the pool has no account for (the creator system knowing it):
 * named by a LEGACY pool, a wrong password where unknown users are hidden.
 */
export const NO_ACCOUNT_AT_SIGN_IN = POOL.hidesUnknownUsers
  ? 'Email or password is incorrect.'
  : 'No account found with this username.';

const ports = e2ePorts();
export const IDENTITY = `http://127.0.0.1:${ports.identity}`;
export const CREATOR_API = `http://127.0.0.1:${ports.creator}`;
export const EMBED = `http://127.0.0.1:${ports.embed}`;

export const DEMO = { email: 'demo@creator.test', password: 'Demo!2345' } as const;
export const STRONG_PASSWORD = 'Sunny!Day42';

export type OutboxEntry = {
  to: string;
  channel: 'email' | 'sms';
  purpose:
    | 'signup'
    | 'forgot-password'
    | 'verify-email'
    | 'verify-phone'
    | 'invite'
    | 'email-changed'
    | 'sign-in'
    | 'mfa'
    | 'security';
  code: string;
  sentAt: string;
  /** A security notice's event and its "this wasn't me" link. */
  event?: string;
  link?: string;
};

export function uniqueEmail(prefix = 'creator') {
  return `${prefix}.${Date.now().toString(36)}${randomBytes(3).toString('hex')}@creator.test`;
}

/** Adds a creator to the creator system (the factory of docs/architecture.md §4). */
export async function createCreator(email = uniqueEmail(), name?: string) {
  const res = await fetch(`${CREATOR_API}/__local/creators`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, ...(name ? { name } : {}) }),
  });
  expect(res.ok, `creator factory answered ${res.status}`).toBeTruthy();
  return (await res.json()) as { id: string; email: string; name?: string };
}

export async function setFault(route: 'search' | 'embed_token', mode: 'error' | 'slow' | 'off') {
  const res = await fetch(`${CREATOR_API}/__local/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ route, mode }),
  });
  expect(res.ok).toBeTruthy();
}

export async function readOutbox(to: string): Promise<OutboxEntry[]> {
  const res = await fetch(`${IDENTITY}/__local/outbox?to=${encodeURIComponent(to)}`);
  expect(res.ok).toBeTruthy();
  return (await res.json()) as OutboxEntry[];
}

/** Waits for a code sent to `to` for `purpose` after `since` (ms epoch) and returns it. */
export async function waitForCode(to: string, purpose: OutboxEntry['purpose'], since = 0) {
  let found: OutboxEntry | undefined;
  await expect
    .poll(
      async () => {
        found = (await readOutbox(to)).find(
          (e) => e.purpose === purpose && Date.parse(e.sentAt) >= since - 1000,
        );
        return found?.code ?? null;
      },
      { message: `a ${purpose} code for ${to}`, timeout: 10_000 },
    )
    .not.toBeNull();
  return found!.code;
}

/** axe: 0 violations (WCAG 2.x A/AA and best practices) on what the page shows now. */
export async function expectAccessible(page: Page, include?: string) {
  expect(await axeViolations(page, include), 'axe violations').toEqual([]);
}

/** What axe finds on the page as it shows now, one line per rule and the elements it found. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'wcag22aa',
    'best-practice',
  ]);
  if (include) builder = builder.include(include);
  // What a person sees once it has settled: a colour still fading (a button leaving its disabled
  // look, 150 ms) is measured at its end, not halfway.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 2000 },
    )
    .catch(() => undefined);
  const { violations } = await builder.analyze();
  return violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}

/**
 * Screenshots go to e2e/screenshots/ so people can look at what users see: in the full run
 * (`npm run test:full`); the gate's layout check measures the same pages without pictures.
 */
export async function snap(page: Page, name: string) {
  if (!FULL_RUN) return;
  const path = `e2e/screenshots/${name}.png`;
  mkdirSync(dirname(path), { recursive: true });
  await page.screenshot({ path, fullPage: true });
}

/** A creator's account on the local stack, as `createAccount()` returns it. */
export type Account = Awaited<ReturnType<typeof createAccount>>;

/** The address the running test browses from (one test at a time per worker). */
let testAddress = '2001:db8::1';

/**
 * The fixtures every spec gets from `test`:
 * - `account`: a fresh, confirmed creator account (`createAccount()` with its defaults);
 * - `signedInPage`: the test's `page`, signed in as `account` over HTTP and on `/`.
 * A test that needs another kind of account (a name, a channel id, unconfirmed) calls
 * `createAccount({ … })` itself.
 *
 * Each test also browses from its own address, as different people do: the per-IP rate limits
 * then count one test's attempts, not the whole suite's (which all come from 127.0.0.1).
 */
export const test = base.extend<{ account: Account; signedInPage: Page }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide) => {
    // An address from the documentation prefix (RFC 3849): only ever a header value here. A /64
    // of its own: limits count an IPv6 client by its /64 (lib/http/client-address.ts).
    const ip = `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::1`;
    testAddress = ip;
    await provide({ ...extraHTTPHeaders, 'x-forwarded-for': ip });
  },
  account: async ({}, provide) => {
    await provide(await createAccount());
  },
  // Signed in over HTTP, not through the form: the sign-in page is walked by the specs whose
  // subject it is (e2e/auth.spec.ts); here it would only cost a page load per test.
  signedInPage: async ({ page, account }, provide) => {
    await signInOverHttp(page, account.email, account.password);
    await provide(page);
  },
});
export { expect };

/**
 * The app client's secret when the run's pool has a confidential client (e2e/pool.ts; the web app
 * gets the same through IDENTITY_CLIENT_SECRET).
 */
export const CLIENT_SECRET = POOL.clientSecret;

/** SECRET_HASH as Cognito checks it: Base64(HMAC-SHA256(secret, username + client id)). */
export function secretHash(username: string): string | undefined {
  if (!CLIENT_SECRET) return undefined;
  return createHmac('sha256', CLIENT_SECRET)
    .update(username + CLIENT_ID)
    .digest('base64');
}

/** Adds SECRET_HASH where a confidential client must send it; other calls pass unchanged. */
function signed(op: string, body: Record<string, unknown>): Record<string, unknown> {
  if (!CLIENT_SECRET || body.ClientId !== CLIENT_ID) return body;
  if (typeof body.Username === 'string') return { SecretHash: secretHash(body.Username), ...body };
  const params = (op === 'InitiateAuth' ? body.AuthParameters : body.ChallengeResponses) as
    Record<string, string> | undefined;
  const key = op === 'InitiateAuth' ? 'AuthParameters' : 'ChallengeResponses';
  if (params?.USERNAME && !params.SECRET_HASH)
    return { ...body, [key]: { ...params, SECRET_HASH: secretHash(params.USERNAME) } };
  return body;
}

/** Calls the local identity service the way the AWS SDK does (Cognito's JSON protocol). */
export async function cognitoCall<T = Record<string, unknown>>(
  op: string,
  body: object,
): Promise<T> {
  const res = await fetch(`${IDENTITY}/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${op}`,
    },
    body: JSON.stringify(signed(op, body as Record<string, unknown>)),
  });
  const json = (await res.json()) as T & { __type?: string; message?: string };
  if (!res.ok) throw new Error(`${op}: ${json.__type} ${json.message}`);
  return json;
}

export const CLIENT_ID = LOCAL_STACK.clientId;
export const POOL_ID = LOCAL_STACK.poolId;

/**
 * A creator with an account, made through the services directly (fast): the creator record,
 * SignUp, the channel id bound by an admin call, and, unless `confirmed` is false, ConfirmSignUp with the emailed code.
 */
export async function createAccount({
  email = uniqueEmail(),
  password = STRONG_PASSWORD,
  confirmed = true,
  name,
  channelId,
  bound = true,
}: {
  email?: string;
  password?: string;
  confirmed?: boolean;
  name?: string;
  channelId?: string;
  /** false: never signed in yet, so no channel is bound to the account (a creator record exists). */
  bound?: boolean;
} = {}) {
  // With a channel id given, the creator system is left without a record for this email (as
  // after an email change in the profile).
  const creator = channelId ? { id: channelId } : await createCreator(email);
  const since = Date.now();
  await cognitoCall('SignUp', {
    ClientId: CLIENT_ID,
    Username: email,
    Password: password,
    UserAttributes: [
      { Name: 'email', Value: email },
      ...(name ? [{ Name: 'name', Value: name }] : []),
    ],
  });
  // The channel id is not the app client's to write: an admin call binds it, as the product does.
  if (bound)
    await cognitoCall('AdminUpdateUserAttributes', {
      UserPoolId: POOL_ID,
      Username: email,
      UserAttributes: [{ Name: CHANNEL_ATTRIBUTE, Value: creator.id }],
    });
  if (confirmed) {
    const code = await waitForCode(email, 'signup', since);
    await cognitoCall('ConfirmSignUp', {
      ClientId: CLIENT_ID,
      Username: email,
      ConfirmationCode: code,
    });
  }
  return { email, password, channelId: creator.id };
}

export async function setUserAttributes(email: string, attributes: Record<string, string>) {
  const res = await fetch(`${IDENTITY}/__local/users/attributes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, attributes }),
  });
  expect(res.ok, await res.text()).toBeTruthy();
}

export async function setTokenTtl(
  email: string,
  ttl: { accessTokenTtl?: number; idTokenTtl?: number; refreshTokenTtl?: number },
) {
  const res = await fetch(`${IDENTITY}/__local/users/token-ttl`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, ...ttl }),
  });
  expect(res.ok, await res.text()).toBeTruthy();
}

/**
 * Forgets this browser's session, as a fresh browser would have none. The page leaves first: a
 * request still in flight from it (a link prefetch) would otherwise set the session cookie again
 * after the clearing.
 */
export async function forgetSession(page: Page) {
  await page.goto('about:blank');
  await page.context().clearCookies();
}

/** Signs in through the page, the way a person does. */
/** Logs out with the header's button and waits for /login, so the sign-out has ended. */
export async function logout(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
}

/** Set-Cookie lines as the browser would store them for the web app's origin. */
export function browserCookies(setCookies: string[], url: string) {
  const { hostname } = new URL(url);
  return setCookies.flatMap((line) => {
    const [pair = '', ...attributes] = line.split(';').map((p) => p.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    const attr = new Map(
      attributes.map((a) => {
        const i = a.indexOf('=');
        return i === -1 ? [a.toLowerCase(), ''] : [a.slice(0, i).toLowerCase(), a.slice(i + 1)];
      }),
    );
    const maxAge = attr.has('max-age') ? Number(attr.get('max-age')) : undefined;
    if (!value || maxAge === 0) return [];
    const sameSite = ({ lax: 'Lax', strict: 'Strict', none: 'None' } as const)[
      (attr.get('samesite') ?? 'lax').toLowerCase() as 'lax'
    ];
    return [
      {
        name,
        value,
        domain: hostname,
        path: attr.get('path') || '/',
        httpOnly: attr.has('httponly'),
        secure: attr.has('secure'),
        sameSite,
        ...(maxAge ? { expires: Math.floor(Date.now() / 1000) + maxAge } : {}),
      },
    ];
  });
}

/**
 * Signs in over HTTP through the sign-in form's own action (as the form posts it, from this test's
 * address and browser), puts the session's cookies in the page's browser and opens the home page:
 * for tests whose subject is not the sign-in itself.
 */
export async function signInOverHttp(page: Page, email: string, password: string) {
  const baseURL = test.info().project.use.baseURL!;
  const answer = await signInAnswer(baseURL, email, password, {
    'x-forwarded-for': testAddress,
    'user-agent': await page.evaluate(() => navigator.userAgent),
  });
  await page.context().addCookies(browserCookies(answer.setCookies, baseURL));
  await page.goto('/');
  await expect(page).toHaveURL('/');
}

export async function signInWithForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/**
 * Holds back every script of the pages loaded from now on (routing also bypasses the browser's
 * cache), as on a slow phone, where a page paints long before it runs. Returns what lets them load.
 */
export async function holdScripts(page: Page): Promise<() => Promise<void>> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const hold = async (route: Route) => {
    await held;
    await route.continue();
  };
  await page.route('**/_next/static/**/*.js', hold);
  return async () => release();
}

/** Resolves once React has hydrated the element `selector` finds (its fiber key is on the node). */
export async function hydrated(page: Page, selector: string) {
  // A form's code loads when a person first reaches for the page (decision 061): a key pressed
  // on its own, as a person about to type does; again while the page's own script has not yet
  // started listening (a busy machine), as a person would try again.
  const isHydrated = () =>
    page
      .evaluate((s) => {
        const el = document.querySelector(s);
        return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
      }, selector)
      .catch(() => false);
  await expect
    .poll(
      async () => {
        if (await isHydrated()) return true;
        await page.keyboard.press('Shift');
        return isHydrated();
      },
      { intervals: [250, 500, 1000], timeout: 30_000, message: `${selector} hydrated` },
    )
    .toBe(true);
}

/**
 * Presses a Resend button once it takes a request: the page's clock passes the wait it counts down
 * after each code (RESEND_WAIT_SECONDS), as a person would wait it out. Install the clock
 * (`page.clock.install()`) before the page loads.
 */
export async function resendNow(page: Page, button: Locator) {
  await page.clock.fastForward(RESEND_WAIT_SECONDS * 1000);
  await expect(button).toBeEnabled();
  await button.click();
}

/** Types a code into the six boxes. */
export async function enterCode(
  page: Page,
  code: string,
  scope: Page | ReturnType<Page['locator']> = page,
) {
  const first = scope.getByRole('textbox', { name: 'Digit 1 of 6' });
  // The boxes move from digit to digit with the page's scripts, and take over what was typed
  // before them once they run (e2e/two-step-codes.spec.ts types that on purpose). Typing while
  // they start can lose a digit: wait for them, and for the frame after.
  await expect
    .poll(() => first.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber'))))
    .toBe(true);
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0))),
  );
  await first.click();
  await page.keyboard.type(code);
}

/** The form-level message (Next's own route announcer is an alert too). */
/**
 * Holds the sign-in page's own document load back by `ms`: whatever else the browser does on the
 * way out of a signed-in page (a refresh of that page, say) finishes first. A notice on /login must
 * not depend on which request wins.
 */
export async function slowSignInPage(page: Page, ms = 1500) {
  await page.route(
    (url) => url.pathname === '/login',
    async (route) => {
      if (route.request().resourceType() === 'document')
        await new Promise((r) => setTimeout(r, ms));
      await route.fallback();
    },
  );
}

export const formAlert = (page: Page) => page.locator('form [role="alert"]');

/** What the web app printed during this run (scripts/start.mjs with STACK_LOG_DIR). */
export const WEB_APP_LOG = `.data/e2e-${ports.web}/logs/web-app.log`;
/** The web app's traces and metrics in local mode (lib/runtime/telemetry), as JSON lines. */
export const WEB_APP_TELEMETRY = `.data/e2e-${ports.web}/otel`;

/** The local stack's telemetry files (lib/runtime/telemetry): spans and metric exports, one JSON per line. */
export const OTEL_DIR = `.data/e2e-${ports.web}/otel`;

function jsonLines<T>(file: string): T[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);
}

export type SpanLine = { name: string; traceId: string; attributes: Record<string, unknown> };
export const spans = () => jsonLines<SpanLine>(`${OTEL_DIR}/traces.jsonl`);

type Point = { attributes: Record<string, string | number>; value: unknown };
/** Every data point of one metric, across all exports so far. */
export const metricPoints = (name: string): Point[] =>
  jsonLines<{ name: string; points: Point[] }>(`${OTEL_DIR}/metrics.jsonl`)
    .filter((m) => m.name === name)
    .flatMap((m) => m.points);

/**
 * Turns on authenticator-app MFA for an account straight through the identity service, and
 * returns the secret so a test can compute codes like a phone would. The authenticator is proven
 * with the previous step's code (`previousTotpCode`), so the current one is free for the test.
 */
export async function enableTotp(
  email: string,
  password: string,
  /** 'current': prove it with the current step's code, for a test that types that code again. */
  { proveWith = 'previous' }: { proveWith?: 'previous' | 'current' } = {},
): Promise<{ secret: string; used: string }> {
  const { generateSync } = await import('otplib');
  const auth = await cognitoCall<{ AuthenticationResult: { AccessToken: string } }>(
    'InitiateAuth',
    {
      ClientId: CLIENT_ID,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    },
  );
  const AccessToken = auth.AuthenticationResult.AccessToken;
  const { SecretCode } = await cognitoCall<{ SecretCode: string }>('AssociateSoftwareToken', {
    AccessToken,
  });
  const used =
    proveWith === 'current'
      ? generateSync({ secret: SecretCode })
      : await previousTotpCode(SecretCode);
  await cognitoCall('VerifySoftwareToken', {
    AccessToken,
    UserCode: used,
    FriendlyDeviceName: 'test phone',
  });
  await cognitoCall('SetUserMFAPreference', {
    AccessToken,
    SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
  });
  return { secret: SecretCode, used };
}

/**
 * Turns on text-message codes (to `phone`, set verified) and/or email codes for an account,
 * straight through the identity service; `preferred` names the one to prefer, if any. Call it
 * before any other two-step method is on (it signs in with the password alone).
 */
export async function enableCodeMfa(
  email: string,
  password: string,
  {
    phone,
    byEmail = false,
    preferred,
  }: { phone?: string; byEmail?: boolean; preferred?: 'SMS_MFA' | 'EMAIL_OTP' },
): Promise<void> {
  if (phone) await setUserAttributes(email, { phone_number: phone, phone_number_verified: 'true' });
  const auth = await cognitoCall<{ AuthenticationResult: { AccessToken: string } }>(
    'InitiateAuth',
    {
      ClientId: CLIENT_ID,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    },
  );
  await cognitoCall('SetUserMFAPreference', {
    AccessToken: auth.AuthenticationResult.AccessToken,
    ...(phone ? { SMSMfaSettings: { Enabled: true, PreferredMfa: preferred === 'SMS_MFA' } } : {}),
    ...(byEmail
      ? { EmailMfaSettings: { Enabled: true, PreferredMfa: preferred === 'EMAIL_OTP' } }
      : {}),
  });
}

/**
 * The authenticator's current code. Cognito refuses a code twice, so pass the codes already used
 * and this waits for the next 30-second window when the current one is spent.
 */
export async function totpCode(secret: string, used: string[] = []): Promise<string> {
  const { generateSync } = await import('otplib');
  for (;;) {
    const code = generateSync({ secret });
    if (!used.includes(code)) return code;
    // Waiting for the clock is not the test's time: its budget grows by the wait.
    const wait = 30_000 - (Date.now() % 30_000) + 200;
    test.info().setTimeout(test.info().timeout + wait);
    await new Promise((r) => setTimeout(r, wait));
  }
}

/** Clicks "Continue with Google" and answers the stand-in's page as the person would. */
export async function continueWithGoogle(page: Page, email: string, name = 'Casey Creator') {
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await expect(page).toHaveTitle('Sign in with Google (local)');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/**
 * Opens /profile until Recent activity's row `nth` says `text`: the product records how a
 * sign-in was made once its answer has gone (decision 058).
 */
export async function expectActivity(page: Page, nth: number, text: string) {
  const row = page.getByRole('list', { name: 'Recent activity' }).getByRole('listitem').nth(nth);
  await expect(async () => {
    await page.goto('/profile');
    await expect(row).toContainText(text, { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
}
