import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  CLIENT_ID,
  cognitoCall,
  createCreator,
  enableTotp,
  enterCode,
  expect,
  expectAccessible,
  formAlert,
  forgetSession,
  signInWithForm,
  snap,
  test,
  totpCode,
  waitForCode,
  signInOverHttp,
} from './fixtures';
import { e2ePorts } from './ports';

const run = promisify(execFile);

test.describe('sign-in with an authenticator app', () => {
  test('asks for the code after the password; a wrong code is refused, the right one signs in', async ({
    page,
    account: { email, password },
  }) => {
    test.setTimeout(90_000); // may wait for a fresh 30-second code window
    const { secret, used } = await enableTotp(email, password);

    await signInWithForm(page, email, password);
    await expect(page).toHaveURL('/login/mfa');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Two-step verification');
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'mfa-challenge-390');

    const right = await totpCode(secret, [used]);
    const wrong = right === '000000' ? '111111' : '000000';
    await enterCode(page, wrong);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Invalid verification code.')).toBeVisible();

    await enterCode(page, await totpCode(secret, [used]));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL('/');
  });

  test('a lost or expired challenge goes back to sign in, saying why', async ({
    page,
    context,
    account: { email, password },
  }) => {
    await enableTotp(email, password);
    await signInWithForm(page, email, password);
    await expect(page).toHaveURL('/login/mfa');
    await context.clearCookies({ name: 'cd_challenge' });
    await page.reload();
    await expect(page).toHaveURL('/login?reason=expired');
    await expect(formAlert(page)).toHaveText('Your sign-in took too long. Please sign in again.');
  });

  test('the challenge pages need a challenge', async ({ page }) => {
    for (const path of ['/login/mfa', '/login/new-password']) {
      await page.goto(path);
      await expect(page, path).toHaveURL('/login?reason=expired');
    }
  });
});

test.describe('invitations', () => {
  test('npm run invite creates the account; the temporary password leads to choosing a new one', async ({
    page,
  }) => {
    // `npm run invite` starts a Node process of its own (TypeScript through tsx, the AWS SDK): on a
    // busy two-core machine that alone can take half the default budget.
    test.setTimeout(90_000);
    const { email } = await createCreator();
    const ports = e2ePorts();
    const since = Date.now();
    const { stdout } = await run('npm', ['run', '-s', 'invite', '--', email], {
      env: {
        ...process.env,
        LOCAL_IDENTITY_PORT: String(ports.identity),
        LOCAL_CREATOR_PORT: String(ports.creator),
        LOCAL_EMBED_PORT: String(ports.embed),
      },
    });
    expect(stdout).toContain(`Invited ${email}`);
    const temporary = await waitForCode(email, 'invite', since);

    await signInWithForm(page, email, temporary);
    await expect(page).toHaveURL('/login/new-password');
    await expect(page.getByText(email)).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('New password', { exact: true }).fill('weak');
    await page.getByLabel('Confirm new password', { exact: true }).fill('weak');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect(
      page.getByText('Password must include at least one uppercase letter.'),
    ).toBeVisible();

    await page.getByLabel('New password', { exact: true }).fill('Invited!Pass7');
    await page.getByLabel('Confirm new password', { exact: true }).fill('Invited!Pass7');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect(page).toHaveURL('/');

    // The temporary password no longer works; the new one does.
    await forgetSession(page);
    await signInWithForm(page, email, temporary);
    await expect(formAlert(page)).toHaveText('Email or password is incorrect.');
  });

  test('inviting someone the creator system does not know fails clearly', async () => {
    test.setTimeout(90_000); // a Node process of its own, as above
    const ports = e2ePorts();
    const result = await run('npm', ['run', '-s', 'invite', '--', 'nobody.at.all@creator.test'], {
      env: {
        ...process.env,
        LOCAL_IDENTITY_PORT: String(ports.identity),
        LOCAL_CREATOR_PORT: String(ports.creator),
      },
    }).catch((e: { code: number; stderr: string }) => e);
    expect('code' in result && result.code).toBe(1);
    expect('stderr' in result && result.stderr).toContain('is not in the creator system');
  });
});

test.describe('sign-out elsewhere', () => {
  test('a global sign-out ends this session at the next account page', async ({
    signedInPage: page,
    account: { email, password },
  }) => {
    // The dashboard has its token: it makes no request of its own while the test goes on (had it
    // met the revoked session, it would leave for /login by itself, racing the visit below).
    await expect(page.locator('iframe[title^="Embedded dashboard"]')).toBeVisible();
    // Another device signs out everywhere.
    const other = await cognitoCall<{ AuthenticationResult: { AccessToken: string } }>(
      'InitiateAuth',
      {
        ClientId: CLIENT_ID,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      },
    );
    await cognitoCall('GlobalSignOut', { AccessToken: other.AuthenticationResult.AccessToken });

    await page.goto('/profile');
    await expect(page).toHaveURL('/login');
    await page.goto('/');
    await expect(page).toHaveURL('/login');
  });

  test("a plain sign-out ends this browser and a copy of its cookies at once; the account's other browser stays", async ({
    signedInPage: page,
    account: { email, password },
    browser,
  }) => {
    await expect(page.locator('iframe[title^="Embedded dashboard"]')).toBeVisible();
    const baseURL = test.info().project.use.baseURL;
    // The creator's phone, signed in on its own.
    const phone = await browser.newContext({ baseURL });
    const onPhone = await phone.newPage();
    await signInOverHttp(onPhone, email, password);
    // Someone copied the laptop's cookies (a shared computer, a stolen backup) before it left.
    const copy = await browser.newContext({ baseURL });
    await copy.addCookies(await page.context().cookies());
    const other = await copy.newPage();
    await other.goto('/');
    await expect(other).toHaveURL('/');

    await page.getByRole('button', { name: 'Sign out' }).first().click();
    await expect(page).toHaveURL('/login');

    // This browser's session ended on the server, not only its cookies: the copy opens nothing.
    await other.goto('/');
    await expect(other).toHaveURL('/login');
    const state = await copy.request.get('/api/auth/session');
    expect(((await state.json()) as { signedIn?: boolean }).signedIn).not.toBe(true);
    // The phone is still signed in, and told nothing.
    await onPhone.goto('/profile');
    await expect(onPhone).toHaveURL('/profile');
    await expect(onPhone.getByRole('heading', { name: 'Profile Settings' })).toBeVisible();
    await copy.close();
    await phone.close();
  });
});
