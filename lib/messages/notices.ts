import { APP_MSG, emailNotFound, type Message } from '@/lib/messages';

// Each reason is a fixed word: nothing a person typed or a URL carried is shown as it came.

export const HOSTED_REASONS = [
  'google-state',
  'google-pending',
  'google-limited',
  'google-cancelled',
  'google-used',
  'google-failed',
  'google-unavailable',
  'google-unverified',
  'google-password-account',
  'google-not-found',
  'google-creator-down',
] as const;
export type HostedReason = (typeof HOSTED_REASONS)[number];

export const SESSION_REASONS = [
  'no-account',
  'idle',
  'session-expired',
  'device-ended',
  'device-forgotten',
  'account-deleted',
  'signed-out-everywhere',
  'password-changed',
] as const;

export type LoginReason = HostedReason | (typeof SESSION_REASONS)[number];
export const LOGIN_REASONS: readonly LoginReason[] = [...SESSION_REASONS, ...HOSTED_REASONS];

/** Reason in the address: the router's refresh of the page left may use up the one-time cookie. */
export function loginPath(reason?: LoginReason): string {
  return reason ? `/login?reason=${reason}` : '/login';
}

export function duration(seconds: number): string {
  const hours = seconds / 3600;
  if (Number.isInteger(hours)) return hours === 1 ? '1 hour' : `${hours} hours`;
  const minutes = Math.round(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * What a /login notice is: news of how a session ended or what was done ('info', in the notice
 * style), or a sign-in that failed ('error': the hosted flow's, or an account not found). One rule
 * in docs/product.md §8.
 */
export function noticeTone(reason: unknown): 'info' | 'error' {
  const session = (SESSION_REASONS as readonly unknown[]).includes(reason);
  return session && reason !== 'no-account' ? 'info' : 'error';
}

export function loginNotice(
  reason: unknown,
  context: { idleS: number; maxS: number; supportEmail: string },
): Message | undefined {
  const text = (t: string): Message => ({ text: t });
  switch (reason) {
    case 'expired':
      return text(APP_MSG.signInExpired);
    case 'idle':
      return text(
        `You were signed out after ${duration(context.idleS)} without activity. Please sign in again.`,
      );
    case 'session-expired':
      return text(
        `You were signed out: sessions last ${duration(context.maxS)}. Please sign in again.`,
      );
    case 'device-ended':
      return text('Your session on this device has ended. Please sign in again.');
    case 'device-forgotten':
      return text('This device was forgotten, and you were signed out here. Please sign in again.');
    case 'account-deleted':
      return text(
        'Your account was deleted. You can register again at any time with the same email.',
      );
    case 'no-account':
      return text(APP_MSG.noAccount);
    case 'signed-out-everywhere':
      return text('You signed out everywhere: on every browser and phone, this one too.');
    case 'password-changed':
      return text('Password changed. Sign in with your new password.');
    // docs/product.md §8.7's words for the hosted flow's own failures.
    case 'google-state':
      return text(APP_MSG.invalidOAuthState);
    case 'google-pending':
      return text(APP_MSG.oauthPending);
    case 'google-limited':
      return text('Too many sign-in attempts from here. Please wait a few minutes and try again.');
    case 'google-cancelled':
      return text('Sign-in with Google was cancelled. You can try again or sign in another way.');
    case 'google-used':
      return text('That sign-in with Google has expired or was already used. Please try again.');
    case 'google-failed':
      return text("Sign-in with Google didn't work. Please try again, or sign in another way.");
    case 'google-unavailable':
      return text("We couldn't reach the sign-in service. Please try again in a few minutes.");
    case 'google-unverified':
      return text(
        "Your Google account's email address is not verified. Verify it with Google, then try again.",
      );
    case 'google-password-account':
      return {
        text: 'This email already has an account with a password. Sign in with your email and password, or reset your password.',
        link: { label: 'reset your password', href: '/forgot-password' },
      };
    case 'google-not-found':
      return emailNotFound(context.supportEmail);
    case 'google-creator-down':
      return text(APP_MSG.creatorSystemDown);
    default:
      return undefined;
  }
}
