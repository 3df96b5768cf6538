import { createCreator, expect, formAlert, signInWithForm, test } from './fixtures';

test('sign-in attempts are limited per email, with the time to wait', async ({ page }) => {
  // A creator without an account: every attempt fails the same way, and Cognito's own lockout
  // (which needs an account) stays out of the picture.
  const { email } = await createCreator();
  for (let i = 0; i < 10; i++) {
    await signInWithForm(page, email, `Wrong!Pass${i}`);
    await expect(formAlert(page)).toHaveText('Email or password is incorrect.');
  }
  await signInWithForm(page, email, 'Wrong!Pass10');
  await expect(formAlert(page)).toHaveText(
    /^Too many attempts\. Please try again in \d+ (seconds|minutes)\.$/,
  );
});
