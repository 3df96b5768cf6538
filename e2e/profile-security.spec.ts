import { type Browser, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  actionId,
  callAction,
  cookieHeader,
  cookieMap,
  formArgs,
  jsonArgs,
  signInCookies,
  type FormFields,
} from './action-ids';
import {
  POOL_ID,
  WEB_APP_LOG,
  cognitoCall,
  createAccount,
  enableTotp,
  enterCode,
  forgetSession,
  expect,
  formAlert,
  expectAccessible,
  readOutbox,
  signInWithForm,
  snap,
  test,
  previousTotpCode,
  totpCode,
  uniqueEmail,
} from './fixtures';
import { ALL_SET } from './dashboard-fixtures';
import { e2ePorts } from './ports';

const card = (page: Page, title: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const mfaCard = (page: Page) => card(page, 'Authenticator app');
/** The Two-step verification section: its first line says on or off, and what is asked first. */
const twoStepSection = (page: Page) => page.getByRole('region', { name: 'Two-step verification' });

async function signIn(page: Page, email: string, password: string) {
  await signInWithForm(page, email, password);
  await expect(page).toHaveURL('/');
}

async function openProfile(page: Page) {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile Settings');
}

/** A second, separate browser (another device) signed in to the same account. */
async function otherDevice(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  return { context, page };
}

const wrongCodeFor = (right: string) => (right === '000000' ? '111111' : '000000');

test('two-step verification: set up from the card, sign in with a code, turn it off', async ({
  signedInPage: page,
  account: { email, password },
}) => {
  test.setTimeout(150_000); // waits for fresh 30-second code windows
  await openProfile(page);
  await expect(mfaCard(page)).toContainText('Off');
  await expect(twoStepSection(page)).toContainText(
    'Off: signing in asks for your password only. Turn on one of the ways below.',
  );
  await expect(card(page, 'Signed-in devices')).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'profile-security-cards-390');
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByRole('button', { name: 'Set up two-step verification' }).click();
  const setup = page.getByRole('dialog', { name: 'Set up two-step verification' });
  // The password first: no key is made before it (ASVS 3.7.1).
  const current = setup.getByLabel('Current password', { exact: true });
  await expect(current).toBeFocused();
  await expect(setup.getByRole('img')).toHaveCount(0);
  await expect(setup.getByRole('group', { name: 'Code from your authenticator app' })).toHaveCount(
    0,
  );
  await setup.getByRole('button', { name: 'Continue' }).click();
  await expect(current).toHaveAccessibleDescription('Current password is required');
  await current.fill('Wrong!Pass9');
  await setup.getByRole('button', { name: 'Continue' }).click();
  await expect(current).toHaveAccessibleDescription('Incorrect old password');
  await expect(setup.getByRole('img')).toHaveCount(0);
  await expectAccessible(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 720 });
    await snap(page, `profile-mfa-setup-password-${width}`);
  }
  await current.fill(password);
  await setup.getByRole('button', { name: 'Continue' }).click();
  await expect(
    setup.getByRole('img', { name: 'QR code for your authenticator app' }),
  ).toBeVisible();
  const shownKey = (await setup.locator('code').innerText()).trim();
  expect(shownKey).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
  const secret = shownKey.replace(/\s/g, '');
  await expectAccessible(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await snap(page, `profile-mfa-setup-${width}`);
  }

  // Nothing typed: the browser asks for the code, in the app's words.
  await setup.getByRole('button', { name: 'Turn on' }).click();
  await expect(
    setup.getByText('Enter the 6-digit code from your authenticator app.'),
  ).toBeVisible();

  // The code shown as the step turned over (still taken): the next two are then this step's and
  // the next one's, and the sign-in below need not wait out the set-up's step.
  const first = await previousTotpCode(secret, 12_000);
  await enterCode(page, wrongCodeFor(first), setup);
  await setup.getByRole('button', { name: 'Turn on' }).click();
  await expect(setup.getByText('Invalid verification code.')).toBeVisible();

  await enterCode(page, first, setup);
  await setup.getByRole('button', { name: 'Turn on' }).click();
  // Recovery codes, once (e2e/two-step-recovery.spec.ts uses them).
  await expect(setup.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  await expect(
    setup.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem'),
  ).toHaveCount(10);
  // One dialog: the codes say two-step is on, and 'I saved them' closes it.
  await setup.getByRole('button', { name: 'I saved them' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(mfaCard(page)).toContainText('On');
  await expect(twoStepSection(page)).toContainText(
    'On: signing in asks for a code from your authenticator app.',
  );
  await expect(page.getByRole('button', { name: 'Turn off two-step verification' })).toBeFocused();

  // Signing in now asks for a code.
  await forgetSession(page);
  await signInWithForm(page, email, password);
  await expect(page).toHaveURL('/login/mfa');
  const second = await totpCode(secret, [first]);
  await enterCode(page, second);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/');

  // Turning off asks for the password and a current code.
  await openProfile(page);
  await page.getByRole('button', { name: 'Turn off two-step verification' }).click();
  const off = page.getByRole('dialog', { name: 'Turn off two-step verification' });
  await expect(off).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'profile-mfa-off-1280');
  await off.getByRole('button', { name: 'Turn off' }).click();
  await expect(off.getByLabel('Current password', { exact: true })).toHaveAccessibleDescription(
    'Current password is required',
  );
  await expect(off.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();

  const third = await totpCode(secret, [first, second]);
  await off.getByLabel('Current password', { exact: true }).fill('Wrong!Pass9');
  await enterCode(page, third, off);
  await off.getByRole('button', { name: 'Turn off' }).click();
  await expect(off.getByLabel('Current password', { exact: true })).toHaveAccessibleDescription(
    'Incorrect old password',
  );

  await off.getByLabel('Current password', { exact: true }).fill(password);
  await enterCode(page, wrongCodeFor(third), off);
  await off.getByRole('button', { name: 'Turn off' }).click();
  await expect(off.getByText('Invalid verification code.')).toBeVisible();

  await off.getByLabel('Current password', { exact: true }).fill(password);
  await enterCode(page, third, off);
  await off.getByRole('button', { name: 'Turn off' }).click();
  const done = page.getByRole('dialog', { name: ALL_SET });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: 'Close' }).click();
  await expect(mfaCard(page)).toContainText('Off');

  // This session still stands (the proof sign-in's tokens were the ones revoked).
  await page.reload();
  await expect(page).toHaveURL('/profile');

  // And the next sign-in has no challenge.
  await forgetSession(page);
  await signIn(page, email, password);

  // The secret was only ever in the dialog.
  expect(readFileSync(WEB_APP_LOG, 'utf8')).not.toContain(secret);
});

test('sign out everywhere: this browser goes to sign-in, and so does the other at its next account page', async ({
  page,
  browser,
  account: { email, password },
}) => {
  const other = await otherDevice(browser, email, password);
  await signIn(page, email, password);
  await openProfile(page);

  const open = page.getByRole('button', { name: 'Sign out everywhere' });
  await open.click();
  const confirm = page.getByRole('dialog', { name: 'Sign out everywhere?' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'profile-sign-out-everywhere-1280');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(open).toBeFocused();

  // Keyboard only: open, move to the confirm button, press it.
  await page.keyboard.press('Enter');
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: 'Sign out everywhere' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/login?reason=signed-out-everywhere');
  // News, not an error: a status in the notice style.
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'You signed out everywhere: on every browser and phone, this one too.' }),
  ).toBeVisible();
  await expect(formAlert(page)).toHaveCount(0);
  await page.goto('/profile');
  await expect(page).toHaveURL('/login');

  // The other browser's dashboard, which asks Cognito only every few minutes, ends at once too.
  await other.page.goto('/');
  await expect(other.page).toHaveURL(/\/login/);
  await other.context.close();
});

async function changePassword(
  page: Page,
  from: string,
  to: string,
  shot: string,
  signOutOthers = true,
) {
  await page.getByRole('button', { name: 'Edit Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await dialog.getByLabel('Current password', { exact: true }).fill(from);
  await dialog.getByLabel('New password', { exact: true }).fill(to);
  await dialog.getByLabel('Confirm new password', { exact: true }).fill(to);
  const others = dialog.getByRole('checkbox', { name: 'Sign out other devices' });
  // Yes by default, as Google asks it.
  await expect(others).toBeChecked();
  if (!signOutOthers) await others.uncheck();
  await expectAccessible(page);
  await snap(page, shot);
  await dialog.getByRole('button', { name: 'Save' }).click();
  return page.getByRole('dialog', { name: ALL_SET });
}

test('password change with "Sign out other devices" keeps this session and ends the others', async ({
  page,
  browser,
  account: { email, password },
}) => {
  const other = await otherDevice(browser, email, password);
  await signIn(page, email, password);
  await openProfile(page);

  const fresh = 'Brand!New77';
  const done = await changePassword(page, password, fresh, 'profile-password-sign-out-others');
  await expect(done).toBeVisible();
  await expect(done).toHaveAccessibleDescription(
    'Your other devices are signed out. You are still signed in here.',
  );
  await done.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // This one is still signed in, confirmed with Cognito on the account page.
  await page.reload();
  await expect(page).toHaveURL('/profile');
  // Its sign-in again with the new password is a row that says how, as every sign-in's does.
  const events = page.getByRole('list', { name: 'Recent activity' }).getByRole('listitem');
  await expect(async () => {
    await page.reload();
    await expect(events.filter({ hasText: 'Signed in' })).toHaveCount(3, { timeout: 1000 });
    await expect(events.filter({ hasText: 'With your password' })).toHaveCount(3, {
      timeout: 1000,
    });
  }).toPass({ timeout: 10_000 });
  await page.goto('/');
  await expect(page).toHaveURL('/');

  await other.page.goto('/profile');
  await expect(other.page).toHaveURL('/login');
  await other.context.close();

  await forgetSession(page);
  await signIn(page, email, fresh);
});

test('password change with "Sign out other devices" unticked leaves the others signed in, and says so', async ({
  page,
  browser,
  account: { email, password },
}) => {
  const other = await otherDevice(browser, email, password);
  await signIn(page, email, password);
  await openProfile(page);

  const done = await changePassword(page, password, 'Brand!New77', 'profile-password-keep', false);
  await expect(done).toHaveAccessibleDescription(
    'Your other devices are still signed in. To sign them out, use Sign out everywhere on this page.',
  );
  await done.getByRole('button', { name: 'Close' }).click();
  await other.page.goto('/profile');
  await expect(other.page).toHaveURL('/profile');
  await other.context.close();
});

test('with two-step verification on, signing out other devices ends this session too, and says so', async ({
  page,
  account: { email, password },
}) => {
  test.setTimeout(90_000); // waits for a fresh 30-second code window
  const { secret, used } = await enableTotp(email, password);
  await signInWithForm(page, email, password);
  await expect(page).toHaveURL('/login/mfa');
  await enterCode(page, await totpCode(secret, [used]));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/');
  await openProfile(page);

  const done = await changePassword(
    page,
    password,
    'Brand!New77',
    'profile-password-sign-out-others-mfa',
  );
  await expect(done).toBeVisible();
  await expect(done).toHaveAccessibleDescription(/and so is this one/);
  await expectAccessible(page);
  await snap(page, 'profile-all-set-signed-out-here-too');
  await done.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL('/login');
  await page.goto('/profile');
  await expect(page).toHaveURL('/login');
});

test('with two-step on, changing the email or the phone asks for a code from the app too', async ({
  page,
  account: { email, password },
}) => {
  test.setTimeout(120_000); // waits for fresh 30-second code windows
  const { secret, used } = await enableTotp(email, password);
  await signInWithForm(page, email, password);
  await expect(page).toHaveURL('/login/mfa');
  const signInCode = await totpCode(secret, [used]);
  await enterCode(page, signInCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/');
  await openProfile(page);

  await page.getByRole('button', { name: 'Edit Phone Number' }).click();
  const phone = page.getByRole('dialog', { name: 'Change phone number' });
  await expect(
    phone.getByRole('group', { name: 'Code from your authenticator app' }),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Edit Email Address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change email address' });
  await expect(dialog).toHaveAccessibleDescription(
    'Enter your new email address, your current password and the code from your authenticator app.',
  );
  const fresh = uniqueEmail('twostep');
  await dialog.getByLabel('Email', { exact: true }).fill(fresh);
  await dialog.getByLabel('Current password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Save' }).click();
  const codeGroup = dialog.getByRole('group', { name: 'Code from your authenticator app' });
  await expect(codeGroup).toHaveAccessibleDescription(
    'Enter the 6-digit code from your authenticator app.',
  );

  const right = await totpCode(secret, [used, signInCode]);
  await enterCode(page, wrongCodeFor(right), dialog);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(codeGroup).toHaveAccessibleDescription('Invalid verification code.');
  await expect(dialog.getByLabel('Email', { exact: true })).toHaveValue(fresh);
  await expectAccessible(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 720 });
    await snap(page, `profile-email-two-step-${width}`);
  }
  expect(await readOutbox(fresh)).toEqual([]);

  await dialog.getByLabel('Current password', { exact: true }).fill(password);
  await enterCode(page, right, dialog);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog', { name: 'Verify your new email' })).toBeVisible();
});

test.describe('a stolen session, calling the actions over HTTP', () => {
  const BASE = `http://localhost:${e2ePorts().web}`;
  const REAUTH = 'Please confirm your password again: close this window and start over.';
  const codeBoxes = (code: string): FormFields => [...code].map((d) => ['code', d]);

  async function stolenSession() {
    const account = await createAccount({ name: 'Stolen Session' });
    const xff = `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::1`;
    const cookie = await signInCookies(BASE, account.email, account.password, xff);
    const call = (name: string, body: FormData | string, jar = cookie) =>
      callAction(BASE, actionId(name), body, {
        path: '/profile',
        cookie: jar,
        headers: { 'x-forwarded-for': xff },
      });
    return { ...account, cookie, call };
  }

  test('cannot change the email, the phone or two-step without the password', async () => {
    const { email, call } = await stolenSession();
    const thief = uniqueEmail('thief');
    for (const fields of [
      [['email', thief]],
      [
        ['email', thief],
        ['currentPassword', 'Guess!Pass1'],
      ],
    ] satisfies FormFields[]) {
      const answer = await call('requestEmailChangeAction', formArgs(fields));
      expect(answer.value).toMatchObject({
        status: 'error',
        fieldErrors: { currentPassword: [{ text: expect.any(String) }] },
      });
    }
    const resend = await call('resendEmailChangeCodeAction', jsonArgs([thief]));
    expect(resend.value).toEqual({ status: 'error', message: { text: REAUTH } });

    const phone = await call('requestPhoneChangeAction', formArgs([['phoneNo', '+15550001234']]));
    expect(phone.value).toMatchObject({ status: 'error', fieldErrors: { currentPassword: [{}] } });

    const start = await call('startAuthenticatorSetupAction', formArgs([]));
    expect(start.value).toMatchObject({ status: 'error' });
    expect(JSON.stringify(start.value)).not.toMatch(/secret|otpauth|<svg/);
    const confirm = await call('confirmAuthenticatorSetupAction', formArgs(codeBoxes('123456')));
    expect(confirm.value).toEqual({ status: 'error', message: { text: REAUTH } });

    expect(await readOutbox(thief)).toEqual([]);
    expect(await readOutbox('+15550001234')).toEqual([]);
    const user = await cognitoCall<{
      UserAttributes: { Name: string; Value: string }[];
      UserMFASettingList?: string[];
    }>('AdminGetUser', { UserPoolId: POOL_ID, Username: email });
    const attrs = Object.fromEntries(user.UserAttributes.map((x) => [x.Name, x.Value]));
    expect(attrs.email).toBe(email);
    expect(attrs.phone_number).toBeUndefined();
    expect(user.UserMFASettingList ?? []).toEqual([]);
  });

  test('Send Again goes only to the address the proven request named', async () => {
    const { password, cookie, call } = await stolenSession();
    const fresh = uniqueEmail('asked');
    const asked = await call(
      'requestEmailChangeAction',
      formArgs([
        ['email', fresh],
        ['currentPassword', password],
      ]),
    );
    expect(asked.value).toMatchObject({
      status: 'success',
      data: { step: 'verify', email: fresh },
    });
    expect(JSON.stringify(asked.value)).not.toContain(password);
    const proven = cookieHeader(asked.setCookies, cookieMap(cookie));

    const other = uniqueEmail('elsewhere');
    const pointed = await call('resendEmailChangeCodeAction', jsonArgs([other]), proven);
    expect(pointed.value).toEqual({
      status: 'error',
      message: { text: 'We can only send a new code to the address you asked for.' },
    });
    expect(await readOutbox(other)).toEqual([]);

    // The session as it was before the proof (a copy taken earlier) cannot send either.
    const stale = await call('resendEmailChangeCodeAction', jsonArgs([fresh]), cookie);
    expect(stale.value).toEqual({ status: 'error', message: { text: REAUTH } });

    const again = await call('resendEmailChangeCodeAction', jsonArgs([fresh]), proven);
    expect(again.value).toEqual({
      status: 'success',
      message: { text: `We sent a new code to ${fresh}.` },
    });
    expect((await readOutbox(fresh)).filter((m) => m.purpose === 'verify-email')).toHaveLength(2);
  });
});
