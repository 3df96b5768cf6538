/** The words for Cognito's errors; lib/cognito/errors.ts decides which one applies (docs/product.md §8.6). */
export const COGNITO_MSG = {
  tooManyCodes: 'You asked for several codes. Use the newest one we sent, or ask again in an hour.',
  invalidCode: 'Invalid verification code.',
  codeReused: 'That code was already used. Wait for the next one from your authenticator app.',
  deviceTrackingOff: 'Device tracking has not been configured in this User Pool',
  deviceGone: 'That device is no longer on your account. Reload the page to see your devices.',
  accountExists: 'Looks like you already have an account. Please log in.',
  unconfirmed: 'Your account has not been confirmed yet. Click here to verify your email.',
  lockedOut: 'Too many failed attempts. Please wait a few minutes and try again.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  passwordUsedRecently: 'You have used this password recently. Please choose a different one.',
  passkeysOff: "Passkeys aren't available for this account. Please sign in with your password.",
  passkeyTooSlow: 'Adding the passkey took too long. Please try again.',
  passkeyOtherSite: "This passkey belongs to another site and can't be used here.",
  passkeyOtherApp: "This passkey was started in another app and can't be finished here.",
  passkeyUnsupported:
    "This kind of passkey isn't supported. Try your device's built-in passkey or another security key.",
  busy: 'Our sign-in service is busy right now. Please try again in a moment.',
  wrongPassword: 'Email or password is incorrect.',
  // One voice for a wrong current password, in every dialog that asks it (docs/product.md §8).
  wrongCurrentPassword: 'Incorrect old password',
  emailedCodeMismatch: 'Code entered does not match what was emailed. Try again.',
  sentCodeMismatch: 'Code entered does not match what was sent. Try again.',
  codeExpired: 'Verification code expired. Resend Code.',
  emailCodesOff: "Email codes aren't available for this account.",
  twoStepRequired:
    'Two-step verification is required for this account: keep at least one method on.',
  noActiveAccount:
    "We couldn't find an active account associated with that email. If you need help, just email us.",
} as const;
