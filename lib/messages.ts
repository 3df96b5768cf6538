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
