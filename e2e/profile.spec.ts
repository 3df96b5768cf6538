import { type Locator, type Page } from '@playwright/test';
import {
  cognitoCall,
  createAccount,
  createCreator,
  enterCode,
  expect,
  expectAccessible,
  formAlert,
  POOL,
  readOutbox,
  setUserAttributes,
  signInWithForm,
  snap,
  test,
  uniqueEmail,
  waitForCode,
  resendNow,
} from './fixtures';
import { ALL_SET, POOL_ID, signInToDashboard } from './dashboard-fixtures';

const randomPhone = () => `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
const shown = (p: string) => `+1 (${p.slice(2, 5)}) ${p.slice(5, 8)}-${p.slice(8)}`;

async function openProfile(page: Page, name?: string) {
  const account = await createAccount({ name });
  await signInToDashboard(page, account.email, account.password);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile Settings');
  return account;
}

const card = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
const edit = (page: Page, title: string) => page.getByRole('button', { name: `Edit ${title}` });

/** The email and phone dialogs ask for the current password before anything is sent. */
async function confirmPassword(dialog: Locator, password: string) {
  await dialog.getByLabel('Current password', { exact: true }).fill(password);
}

async function expectAllSet(page: Page) {
  const done = page.getByRole('dialog', { name: ALL_SET });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('cards, dialogs, and axe on each', { tag: '@one-instance' }, async ({ page }) => {
  // Axe on the page and on every dialog at two widths: 25 s alone, twice that on a busy machine.
  test.setTimeout(90_000);
  const { email } = await openProfile(page, 'Dana Scully');
  await expect(card(page, 'Name')).toContainText('Dana Scully');
  await expect(card(page, 'Email Address')).toContainText(email);
  await expect(card(page, 'Phone Number')).toContainText('Not set');
  await expect(card(page, 'Password')).toContainText('••••••••');
  await expectAccessible(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await snap(page, `profile-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  for (const [title, dialog] of [
    ['Name', 'Edit name'],
    ['Email Address', 'Change email address'],
    ['Phone Number', 'Change phone number'],
    ['Password', 'Change password'],
  ] as const) {
    await edit(page, title).click();
    await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
    await expectAccessible(page);
    if (title === 'Email Address' || title === 'Phone Number') {
      // These ask for the current password now: look at them at both widths.
      const slug = title === 'Email Address' ? 'email' : 'phone';
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 720 });
        await snap(page, `profile-${slug}-dialog-${width}`);
      }
    }
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(edit(page, title)).toBeFocused();
  }
});

test(
  'name: Save waits for a change, validation messages, then All Set and the header updates',
  { tag: '@one-instance' },
  async ({ page }) => {
    await openProfile(page, 'Dana Scully');
    await edit(page, 'Name').click();
    const dialog = page.getByRole('dialog', { name: 'Edit name' });
    const name = dialog.getByLabel('Name', { exact: true });
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect(name).toHaveValue('Dana Scully');
    await expect(save).toBeDisabled();
    await name.fill(' Dana Scully ');
    await expect(save).toBeDisabled();

    for (const [value, message] of [
      ['', 'Name is required'],
      ['D', 'Name must be at least 2 characters long'],
      ['R2-D2', 'Please enter a valid name.'],
    ]) {
      await name.fill(value!);
      await save.click();
      await expect(name).toHaveAccessibleDescription(`${message} Up to 100 characters.`);
    }
    // The limit is said, and the field stops there.
    await expect(name).toHaveAttribute('maxlength', '100');
    await expectAccessible(page);

    await name.fill("walter o'skinner");
    await save.click();
    const done = page.getByRole('dialog', { name: ALL_SET });
    await expect(done).toBeVisible();
    await expect(done.getByRole('button', { name: 'Close' })).toBeFocused();
    await expectAccessible(page);
    await snap(page, 'profile-all-set');
    // Escape closes it too, and focus goes back to the card's button.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(edit(page, 'Name')).toBeFocused();
    await expect(page.getByTestId('user-name')).toHaveText("Walter O'skinner");
    await expect(page.getByTestId('user-initials')).toHaveText('WO');
    await expect(card(page, 'Name')).toContainText("walter o'skinner");
    await page.reload();
    await expect(page.getByTestId('user-name')).toHaveText("Walter O'skinner");
  },
);

test(
  'password: messages, wrong current, same password, then All Set and the new one signs in',
  { tag: '@pool' },
  async ({ page }) => {
    const { email, password } = await openProfile(page);
    await edit(page, 'Password').click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    const current = dialog.getByLabel('Current password', { exact: true });
    const next = dialog.getByLabel('New password', { exact: true });
    const confirm = dialog.getByLabel('Confirm new password', { exact: true });
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect(save).toBeEnabled();

    await save.click();
    await expect(current).toHaveAccessibleDescription('Current password is required');
    await expect(next).toHaveAccessibleDescription(/New password is required/);
    await expect(confirm).toHaveAccessibleDescription('Confirm new password is required');

    await current.fill(password);
    await next.fill('short');
    await confirm.fill('other');
    await save.click();
    for (const m of [
      'Password must include at least one uppercase letter.',
      'Password must include at least one number.',
      'Password must include at least one special character.',
      'Password must be at least 8 characters long.',
      'Passwords must match.',
    ]) {
      await expect(dialog.getByText(m)).toBeVisible();
    }

    await next.fill(password);
    await confirm.fill(password);
    await save.click();
    await expect(
      dialog.getByText('New password cannot be the same as the current password.'),
    ).toBeVisible();

    await current.fill('Wrong!Pass1');
    await next.fill('Brand!New77');
    await confirm.fill('Brand!New77');
    await save.click();
    // Under the field, as every dialog that asks the current password says it.
    await expect(current).toHaveAccessibleDescription('Incorrect old password');
    await expect(formAlert(page)).toHaveCount(0);
    await expectAccessible(page);

    await current.fill(password);
    await next.fill('Brand!New77');
    await confirm.fill('Brand!New77');
    await save.click();
    await expectAllSet(page);

    await page.getByRole('banner').getByRole('button', { name: 'Logout', exact: true }).click();
    await expect(page).toHaveURL('/login');
    await signInWithForm(page, email, password);
    await expect(formAlert(page)).toHaveText('Email or password is incorrect.');
    await signInWithForm(page, email, 'Brand!New77');
    await expect(page).toHaveURL('/');
  },
);

test(
  'email: update, wrong code, expired code, Send Again, verify; the new address signs in',
  { tag: '@pool' },
  async ({ page }) => {
    // Three codes, a resend and three sign-ins: a long walk on a busy machine.
    test.setTimeout(90_000);
    await page.clock.install();
    const { email, password } = await openProfile(page);
    await edit(page, 'Email Address').click();
    let dialog = page.getByRole('dialog', { name: 'Change email address' });
    const field = dialog.getByLabel('Email', { exact: true });
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect(field).toHaveValue(email);
    await expect(save).toBeDisabled();
    await field.fill('');
    await save.click();
    await expect(field).toHaveAccessibleDescription('Email cannot be empty');
    await field.fill('1not@valid');
    await save.click();
    await expect(field).toHaveAccessibleDescription('Please enter a valid email address.');

    const fresh = uniqueEmail('moved');
    let since = Date.now();
    await field.fill(fresh.toUpperCase());
    await confirmPassword(dialog, password);
    await save.click();
    dialog = page.getByRole('dialog', { name: 'Verify your new email' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(fresh);
    await expectAccessible(page);
    await snap(page, 'profile-email-verify');
    const first = await waitForCode(fresh, 'verify-email', since);

    await enterCode(page, first === '000000' ? '111111' : '000000', dialog);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(
      dialog.getByText('Code entered does not match what was emailed. Try again.'),
    ).toBeVisible();

    since = Date.now();
    await resendNow(page, dialog.getByRole('button', { name: 'Send Again' }));
    await expect(dialog.getByText(`We sent a new code to ${fresh}.`)).toBeVisible();
    const second = await waitForCode(fresh, 'verify-email', since);
    expect(second).not.toBe(first);

    // The superseded code has expired; its message offers a resend.
    await enterCode(page, first, dialog);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(dialog.getByText('Verification code expired. Resend Code.')).toBeVisible();
    // One control at a time: the message's own link, not the dialog's Send Again beside it.
    await expect(dialog.getByRole('button', { name: 'Send Again' })).toHaveCount(0);
    since = Date.now();
    await dialog.getByRole('button', { name: 'Resend Code' }).click();
    await expect(dialog.getByText(`We sent a new code to ${fresh}.`)).toBeVisible();
    const third = await waitForCode(fresh, 'verify-email', since);

    await enterCode(page, third, dialog);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expectAllSet(page);
    await expect(card(page, 'Email Address')).toContainText(fresh);
    await expect(page.getByTestId('user-name')).toHaveText(
      fresh.split('@')[0]!.replace(/^./, (c) => c.toUpperCase()),
    );

    // The creator system was told: it knows the creator by the new address only (decision 033).
    await page.getByRole('banner').getByRole('button', { name: 'Logout', exact: true }).click();
    await expect(page).toHaveURL('/login');
    await signInWithForm(page, email, password);
    await expect(page.getByText('Email not found. For help please contact support.')).toBeVisible();
    await expect(page).toHaveURL('/login');
    await signInWithForm(page, fresh, password);
    await expect(page).toHaveURL('/');
  },
);

test(
  'email: the current password first; a wrong one keeps the typed address; the old address is told',
  { tag: '@one-instance' },
  async ({ page }) => {
    const { email, password } = await openProfile(page);
    await edit(page, 'Email Address').click();
    let dialog = page.getByRole('dialog', { name: 'Change email address' });
    await expect(dialog).toHaveAccessibleDescription(
      'Enter your new email address and your current password.',
    );
    const field = dialog.getByLabel('Email', { exact: true });
    const current = dialog.getByLabel('Current password', { exact: true });
    await expect(current).toHaveAttribute('autocomplete', 'current-password');
    await expect(dialog.locator('input[autocomplete="username"]')).toHaveValue(email);
    const fresh = uniqueEmail('proven');
    await field.fill(fresh);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(current).toHaveAccessibleDescription('Current password is required');

    await current.fill('Wrong!Pass9');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(current).toHaveAccessibleDescription('Incorrect old password');
    await expect(field).toHaveValue(fresh);
    await expect(dialog).toHaveAccessibleName('Change email address');
    await expectAccessible(page);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 720 });
      await snap(page, `profile-email-wrong-password-${width}`);
    }
    expect(await readOutbox(fresh)).toEqual([]);

    const since = Date.now();
    await current.fill(password);
    await dialog.getByRole('button', { name: 'Save' }).click();
    dialog = page.getByRole('dialog', { name: 'Verify your new email' });
    await enterCode(page, await waitForCode(fresh, 'verify-email', since), dialog);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expectAllSet(page);
    await expect(card(page, 'Email Address')).toContainText(fresh);

    // The old address hears of the change (and carries no code); the new one got only its code.
    await expect
      .poll(async () => (await readOutbox(email)).find((m) => m.purpose === 'email-changed'))
      .toMatchObject({ to: email, channel: 'email', code: '' });
    expect((await readOutbox(fresh)).map((m) => m.purpose)).toEqual(['verify-email']);
  },
);

test('email: until verified, the old address stays the sign-in address', async ({ page }) => {
  const { email, password } = await openProfile(page);
  const fresh = uniqueEmail('pending');
  await createCreator(fresh);
  await edit(page, 'Email Address').click();
  await page.getByRole('dialog').getByLabel('Email', { exact: true }).fill(fresh);
  await confirmPassword(page.getByRole('dialog'), password);
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog', { name: 'Verify your new email' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(card(page, 'Email Address')).toContainText(email);

  await page.getByRole('banner').getByRole('button', { name: 'Logout', exact: true }).click();
  await expect(page).toHaveURL('/login');
  await signInWithForm(page, fresh, password);
  await expect(formAlert(page)).toBeVisible();
  await expect(page).toHaveURL('/login');
  await signInWithForm(page, email, password);
  await expect(page).toHaveURL('/');
});

test('phone: digits only, messages, wrong code, resend, change number, verify', async ({
  page,
}) => {
  // Two numbers, three codes and a resend: a long walk on a busy machine.
  test.setTimeout(90_000);
  await page.clock.install();
  const { password } = await openProfile(page);
  await edit(page, 'Phone Number').click();
  let dialog = page.getByRole('dialog', { name: 'Change phone number' });
  const field = dialog.getByLabel('Phone number', { exact: true });
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(field).toHaveValue('+1');
  await expect(save).toBeDisabled();
  // Said, not silently rewritten: the field takes US numbers only.
  await expect(field).toHaveAccessibleDescription('US numbers only: +1 and 10 digits.');

  // e, E, +, - and '.' are refused; digits are shown as +1 (xxx) xxx-xxxx.
  await field.click();
  await field.press('End');
  await field.pressSequentially('e5E5+5-1.2x3');
  await expect(field).toHaveValue('+1 (555) 123');
  await save.click();
  await expect(field).toHaveAccessibleDescription(
    'Please enter a valid phone number US numbers only: +1 and 10 digits.',
  );
  for (let i = 0; i < 6; i++) await field.press('Backspace');
  await expect(field).toHaveValue('+1');
  await expect(field).toHaveAccessibleDescription(
    'Phone number is required US numbers only: +1 and 10 digits.',
  );
  await expect(save).toBeDisabled();

  const first = randomPhone();
  await field.fill(first.slice(2));
  await expect(field).toHaveValue(shown(first));
  await confirmPassword(dialog, password);
  let since = Date.now();
  await save.click();
  dialog = page.getByRole('dialog', { name: 'Verify your phone number' });
  await expect(dialog).toContainText(shown(first));
  const code1 = await waitForCode(first, 'verify-phone', since);
  // One text: the pool's own where it verifies phone numbers by itself, else the one the product
  // asks for (the template auto-verifies email only; botocore, UpdateUserAttributesResponse).
  expect((await readOutbox(first)).filter((m) => m.purpose === 'verify-phone')).toHaveLength(1);
  await expectAccessible(page);
  await snap(page, 'profile-phone-verify');

  await enterCode(page, code1 === '000000' ? '111111' : '000000', dialog);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(
    dialog.getByText('Code entered does not match what was sent. Try again.'),
  ).toBeVisible();

  since = Date.now();
  await resendNow(page, dialog.getByRole('button', { name: 'Resend Code' }));
  await expect(dialog.getByText(`We sent a new code to ${shown(first)}.`)).toBeVisible();
  await waitForCode(first, 'verify-phone', since);

  // Change Number goes back to 'update' with the number and the password as typed.
  await dialog.getByRole('button', { name: 'Change Number' }).click();
  dialog = page.getByRole('dialog', { name: 'Change phone number' });
  await expect(dialog.getByLabel('Phone number', { exact: true })).toHaveValue(shown(first));
  await expect(dialog.getByLabel('Current password', { exact: true })).toHaveValue(password);
  const second = randomPhone();
  await dialog.getByLabel('Phone number', { exact: true }).fill(second);
  since = Date.now();
  await dialog.getByRole('button', { name: 'Save' }).click();
  dialog = page.getByRole('dialog', { name: 'Verify your phone number' });
  await expect(dialog).toContainText(shown(second));
  const code2 = await waitForCode(second, 'verify-phone', since);
  await enterCode(page, code2, dialog);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expectAllSet(page);
  await expect(card(page, 'Phone Number')).toContainText(shown(second));
  await expect(card(page, 'Phone Number')).not.toContainText('Not verified');

  // The saved number now needs a change before Save.
  await edit(page, 'Phone Number').click();
  await expect(page.getByRole('dialog').getByLabel('Phone number', { exact: true })).toHaveValue(
    shown(second),
  );
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Save' })).toBeDisabled();
});

test(
  'a deleted account is signed out from the profile',
  { tag: '@one-instance' },
  async ({ page }) => {
    const { email } = await openProfile(page, 'Dana Scully');
    await cognitoCall('AdminDeleteUser', { UserPoolId: POOL_ID, Username: email });
    await edit(page, 'Name').click();
    const dialog = page.getByRole('dialog', { name: 'Edit name' });
    await dialog.getByLabel('Name', { exact: true }).fill('Someone Else');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // The guard confirms every /profile request with Cognito, so the action's own request finds the
    // account gone: the person is signed out and told why, once.
    await expect(page).toHaveURL('/login?reason=no-account', { timeout: 10_000 });
    await expect(formAlert(page)).toHaveText('No account found with this username.');
    await page.goto('/profile');
    await expect(page).toHaveURL('/login');
  },
);

test('sending codes is limited: the sixth in a row from one session is refused, and no sixth code goes out', async ({
  page,
  account: { email, password },
}) => {
  await setUserAttributes(email, { email_verified: 'false' });
  const since = Date.now();
  await page.clock.install();
  await signInWithForm(page, email, password);
  await expect(page).toHaveURL('/');
  // The mandatory dialog sends the first code as it opens; Resend Code sends the others.
  const dialog = page.getByRole('dialog', { name: 'Verify your email' });
  const sent = async () =>
    (await readOutbox(email)).filter(
      (m) => m.purpose === 'verify-email' && Date.parse(m.sentAt) >= since - 1000,
    ).length;
  await expect.poll(sent).toBe(1);
  const resend = dialog.getByRole('button', { name: 'Resend Code' });
  // The code reaches the outbox before the answer reaches the dialog, which only then starts its
  // wait: moving the clock on before that would leave the new wait to run in real time.
  const waiting = dialog.getByText(/^in \d+ s$/);
  await expect(waiting).toBeVisible();
  for (let n = 2; n <= 5; n++) {
    await resendNow(page, resend);
    await expect.poll(sent).toBe(n);
    await expect(waiting).toBeVisible();
  }
  await resendNow(page, resend);
  await expect(
    dialog.getByText(
      /^You asked for several codes\. Use the newest one, or ask again in \d+ (seconds|minutes)\.$/,
    ),
  ).toBeVisible();
  expect(await sent()).toBe(5);
});

test('signed out, /profile goes to /login', { tag: '@one-instance' }, async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL('/login');
});

test(
  'Devices and Recent activity show where the pool offers them, and only there',
  { tag: '@pool' },
  async ({ signedInPage: page }) => {
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Profile Settings' })).toBeVisible();
    const devices = page.getByRole('heading', { name: 'Devices', exact: true });
    const activity = page.getByRole('heading', { name: 'Recent activity' });
    if (POOL.tracksDevices) {
      await expect(devices).toBeVisible();
      await expect(
        page.getByRole('list', { name: 'Your devices' }).getByRole('listitem'),
      ).toHaveCount(1);
    } else await expect(devices).toHaveCount(0);
    if (POOL.recordsSignIns) await expect(activity).toBeVisible();
    else await expect(activity).toHaveCount(0);
  },
);

test('a pending email change shows under the address in use, survives a reload, and can be verified or cancelled', async ({
  page,
}) => {
  // Two changes asked for, three reloads, a code from the inbox and axe: a long walk.
  test.setTimeout(90_000);
  const { email, password } = await openProfile(page);
  const ask = async (to: string) => {
    await edit(page, 'Email Address').click();
    const dialog = page.getByRole('dialog', { name: 'Change email address' });
    await dialog.getByLabel('Email', { exact: true }).fill(to);
    await confirmPassword(dialog, password);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('dialog', { name: 'Verify your new email' })).toBeVisible();
  };
  const waiting = page.getByRole('group', { name: 'Email change waiting' });

  // Asked for, then the dialog closed before the code came: the profile says it is waiting.
  const first = uniqueEmail('pending');
  await ask(first);
  await page.keyboard.press('Escape');
  await expect(waiting).toContainText(`Pending: ${first} — not verified yet.`);
  await expect(card(page, 'Email Address')).toContainText(email);
  await page.reload();
  await expect(waiting).toContainText(first);
  await expectAccessible(page);
  await snap(page, 'profile-email-pending-1280');

  // Cancel: the row goes, focus lands on the card's button, the address stays.
  await waiting.getByRole('button', { name: 'Cancel change' }).click();
  await expect(waiting).toHaveCount(0);
  await expect(edit(page, 'Email Address')).toBeFocused();
  await page.reload();
  await expect(waiting).toHaveCount(0);

  // Asked again, left, and resumed from the row with the code from the inbox.
  const second = uniqueEmail('resumed');
  const since = Date.now();
  await ask(second);
  await page.keyboard.press('Escape');
  await page.reload();
  await waiting.getByRole('button', { name: 'Verify your new email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verify your new email' });
  await expect(dialog).toContainText(second);
  await enterCode(page, await waitForCode(second, 'verify-email', since), dialog);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expectAllSet(page);
  await expect(card(page, 'Email Address')).toContainText(second);
  await expect(waiting).toHaveCount(0);
});
