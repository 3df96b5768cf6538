import type { Page } from '@playwright/test';
import {
  CLIENT_ID,
  cognitoCall,
  createAccount,
  enableCodeMfa,
  setUserAttributes,
  enterCode,
  expect,
  expectAccessible,
  holdScripts,
  hydrated,
  readOutbox,
  signInWithForm,
  snap,
  test,
  waitForCode,
} from './fixtures';

/**
 * Two-step codes sent by text message or email after the password (SMS_MFA, EMAIL_OTP), and the
 * choice of method when several are on and none is preferred (SELECT_MFA_TYPE).
 */

/** A number of the 555-01xx range, unique enough per test. */
const phoneFor = () => `+1555555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;

/**
 * A new account with text-message codes on and preferred, signed in with its password as far as
 * the code page. Answers the phone and when the code was asked for.
 */
async function signInToTextCode(page: Page) {
  const account = await createAccount();
  const phone = phoneFor();
  await enableCodeMfa(account.email, account.password, { phone, preferred: 'SMS_MFA' });
  const since = Date.now();
  await signInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL('/login/mfa');
  return { phone, since };
}

test('a text-message code after the password: a wrong one is refused, the sent one signs in', async ({
  page,
}) => {
  const { phone, since } = await signInToTextCode(page);
  await expect(
    page.getByText(`Enter the 6-digit code we sent by text message to +*******${phone.slice(-4)}.`),
  ).toBeVisible();
  await expect(page.getByText('The code works for 3 minutes.', { exact: false })).toBeVisible();
  await expectAccessible(page);
  await snap(page, 'two-step-text-message');

  const code = await waitForCode(phone, 'mfa', since);
  const [sent] = await readOutbox(phone);
  expect(sent).toMatchObject({ channel: 'sms', purpose: 'mfa' });

  // Nothing typed: the method's own words.
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Enter the 6-digit code we sent you by text message.')).toBeVisible();

  await enterCode(page, code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(
    page.getByText('Code entered does not match what was sent. Try again.'),
  ).toBeVisible();
  await expect(page).toHaveURL('/login/mfa');

  await enterCode(page, code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/');
});

test('an email code after the password signs in; the same code cannot sign in twice', async ({
  page,
  browser,
}) => {
  const account = await createAccount();
  await enableCodeMfa(account.email, account.password, { byEmail: true, preferred: 'EMAIL_OTP' });
  const since = Date.now();
  await signInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL('/login/mfa');
  await expect(
    page.getByText(/Enter the 6-digit code we emailed to .\*\*\*@.\*\*\*\./),
  ).toBeVisible();
  const code = await waitForCode(account.email, 'mfa', since);
  const [sent] = await readOutbox(account.email);
  expect(sent).toMatchObject({ channel: 'email', purpose: 'mfa' });
  await enterCode(page, code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/');

  // Another browser signs in: a new code is sent; the spent one is not it.
  const other = await (await browser.newContext()).newPage();
  const again = Date.now();
  await signInWithForm(other, account.email, account.password);
  await expect(other).toHaveURL('/login/mfa');
  const fresh = await waitForCode(account.email, 'mfa', again);
  if (fresh !== code) {
    await enterCode(other, code);
    await other.getByRole('button', { name: 'Verify' }).click();
    await expect(
      other.getByText('Code entered does not match what was sent. Try again.'),
    ).toBeVisible();
  }
  await enterCode(other, fresh);
  await other.getByRole('button', { name: 'Verify' }).click();
  await expect(other).toHaveURL('/');
  await other.context().close();
});

test('with an authenticator app and text messages on and neither preferred, the creator chooses', async ({
  page,
}) => {
  const account = await createAccount();
  const phone = phoneFor();
  await bothOnNonePreferred(account.email, account.password, phone);

  const since = Date.now();
  await signInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL('/login/mfa/choose');
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  const group = page.getByRole('group', { name: 'Verify with' });
  await expect(group.getByRole('radio')).toHaveCount(2);
  await expect(group.getByRole('radio', { name: 'Authenticator app' })).toBeChecked();
  await expectAccessible(page);
  await snap(page, 'two-step-choose');
  await group.getByRole('radio', { name: 'Text message' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/login/mfa');
  await expect(page.getByText(/by text message to \+\*+\d{4}\./)).toBeVisible();
  await enterCode(page, await waitForCode(phone, 'mfa', since));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/');
});

test('a two-step page without a waiting sign-in goes back to sign in', async ({ page }) => {
  for (const path of ['/login/mfa', '/login/mfa/choose', '/login/mfa/setup']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login\?reason=expired$|\/login$/);
  }
});

/**
 * Text messages (to `phone`) and an authenticator app both on, neither preferred, straight
 * through the pool with one password sign-in made before either was on.
 */
async function bothOnNonePreferred(email: string, password: string, phone: string) {
  const { generateSync } = await import('otplib');
  await setUserAttributes(email, { phone_number: phone, phone_number_verified: 'true' });
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
  await cognitoCall('VerifySoftwareToken', {
    AccessToken,
    UserCode: generateSync({ secret: SecretCode }),
  });
  await cognitoCall('SetUserMFAPreference', {
    AccessToken,
    SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: false },
    SMSMfaSettings: { Enabled: true, PreferredMfa: false },
  });
}

test('digits typed before the page has its scripts are kept: the rest typed after, the code signs in', async ({
  page,
}) => {
  const { phone, since } = await signInToTextCode(page);
  const code = await waitForCode(phone, 'mfa', since);

  // The same page loaded again, its scripts held back while the creator starts typing.
  const release = await holdScripts(page);
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code.slice(0, 4));
  await release();
  await hydrated(page, 'input[aria-label="Digit 1 of 6"]');
  // The four digits stay, and the typing goes on in the fifth box.
  for (const [i, digit] of [...code.slice(0, 4)].entries())
    await expect(page.getByRole('textbox', { name: `Digit ${i + 1} of 6` })).toHaveValue(digit);
  await expect(page.getByRole('textbox', { name: 'Digit 5 of 6' })).toBeFocused();
  await page.keyboard.type(code.slice(4));
  for (const [i, digit] of [...code].entries())
    await expect(page.getByRole('textbox', { name: `Digit ${i + 1} of 6` })).toHaveValue(digit);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/');
});

test('texts at sign-in are capped per account: past five in an hour, no sign-in reaches the call that sends one', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const account = await createAccount();
  const phone = phoneFor();
  await enableCodeMfa(account.email, account.password, { phone, preferred: 'SMS_MFA' });
  for (let i = 0; i < 5; i++) {
    await page.context().clearCookies();
    await signInWithForm(page, account.email, account.password);
    await expect(page, `sign-in ${i + 1}`).toHaveURL('/login/mfa');
  }
  await page.context().clearCookies();
  await signInWithForm(page, account.email, account.password);
  await expect(page.locator('form [role="alert"]')).toHaveText(
    /^We've sent several text messages for this account recently\. Please try again in \d+ minutes?, or sign in another way\.$/,
  );
  await expect(page).toHaveURL('/login');
  expect((await readOutbox(phone)).filter((m) => m.channel === 'sms')).toHaveLength(5);
});
