/**
 * A message shown to a person, optionally with one link inside it: `label` is the part of
 * `text` that becomes the link (e.g. the 'contact support' of 'For help please contact support.').
 * Components render it with <MessageText>; nothing matches on the text itself.
 */
type MessageLink = { label: string; href: string } | { label: string; action: 'resend' };
export type Message = { text: string; link?: MessageLink };

/**
 * The catalogue messages of docs/product.md §8 the product writes itself, and those the Cognito
 * table shares with a page, word for word.
 */
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
  /** Sign-up for an email that already signs in with Google (docs/decisions/015). */
  googleAccountExists: 'This email signs in with Google. Use Continue with Google.',
} as const;

/**
 * An emailed code, a passkey or a reset asked for an account whose sign-up was never finished:
 * only a new sign-up (which replaces it) leads in (docs/decisions/030-whoever-proves-the-address.md).
 */
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

/** A code sent again (docs/product.md §8.2), to an address or a formatted number. */
export const codeResent = (to: string): Message => ({ text: `We sent a new code to ${to}.` });

/** The verify dialog's first send (docs/product.md §8.2). */
export const codeSent = (to: string): Message => ({ text: `We sent a code to ${to}.` });
