/** `label` is the part of `text` that becomes the link; nothing matches on the text itself. */
type MessageLink = { label: string; href: string } | { label: string; action: 'resend' };
export type Message = { text: string; link?: MessageLink };

export const APP_MSG = {
  creatorSystemDown:
    "We're having trouble connecting to our creator system. Please try again in a few minutes.",
  emailNotFound: 'Email not found. For help please contact support.',
  systemError: 'System Error Occured',
  connectionFailed: 'Connection Failed! Please check your internet connection.',
  verificationSuccess: 'Email verification successful, forwarding you to login page...',
  allSet: 'All Set! Your profile has been successfully updated.',
  networkError: 'Network Error',
  notAuthenticated: 'User is not authenticated',
  signInExpired: 'Your sign-in took too long. Please sign in again.',
  noAccount: 'No account found with this username.',
  invalidOAuthState: 'Invalid state in OAuth flow',
  oauthPending: 'Pending sign-in attempt already in progress',
  signOutTimeout: 'Signout timeout fail',
  googleAccountExists: 'This email signs in with Google. Use Continue with Google.',
  noValidMfa: 'No valid MFA method provided',
  invalidMfaType: 'Invalid MFA type',
  useCredentials: 'Please use your credentials to sign in',
} as const;

/** The product's own answers in its flows, beside the catalogue's. */
export const FLOW_MSG = {
  recoveryCodeWrong: 'That recovery code is not right, or it was already used.',
  emailCodesUnavailable:
    "Email sign-in codes aren't available for this account. Please sign in with your password.",
  // True whether none is set up or two-step keeps one from signing in (decision 056).
  noPasskeyYet:
    'No passkey can sign in to this account yet. Sign in with your password, then see Passkeys in your profile.',
  passkeyRefused:
    "That passkey didn't work for this account. Try another passkey, or sign in with your password.",
  passkeyNotSaved: "The passkey couldn't be saved. Please try again.",
  resetExpired: 'This reset has expired. Please request a new code.',
  reauthAgain: 'Please confirm your password again: close this window and start over.',
  sameEmail: 'This is already your email address.',
  noEmailChange: 'This email change was cancelled or has ended. To change your email, start again.',
  samePhone: 'This is already your phone number.',
  resendOnlyAsked: 'We can only send a new code to the address you asked for.',
  phoneFirst: 'Add and verify a phone number first to get codes by text message.',
  federatedSetting: 'Your account signs in with Google, so this is managed in your Google account.',
  somethingWrong: 'Something went wrong. Please try again.',
} as const;

export function unfinishedSignUp(email: string): Message {
  return {
    text: "This email's sign-up was never finished. Sign up again to choose your password.",
    link: { label: 'Sign up again', href: `/register?email=${encodeURIComponent(email)}` },
  };
}

export function emailNotFound(supportEmail: string): Message {
  return {
    text: APP_MSG.emailNotFound,
    link: { label: 'contact support', href: `mailto:${supportEmail}` },
  };
}

export const codeResent = (to: string): Message => ({ text: `We sent a new code to ${to}.` });

export const codeSent = (to: string): Message => ({ text: `We sent a code to ${to}.` });

export const codeTexted = (to: string): Message => ({
  text: `We sent a new code by text message to ${to}.`,
});
