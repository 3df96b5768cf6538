import 'server-only';
import { redirect } from 'next/navigation';
import { associateForSetup, MFA_METHODS, type MfaMethod, type SignInOutcome } from '@/lib/cognito';
import type { ChallengeData } from '@/lib/session/seal';
import { signInContext } from '@/lib/devices';
import { watchTwoStep } from './unfinished';
import { log } from '@/lib/runtime/log';
import { smsSent } from '@/lib/http/rate-limit';
import { type Message, APP_MSG } from '@/lib/messages';
import { getChallenge, setChallenge } from '@/lib/session';

export type SignInField = 'email' | 'password';
export type SignUpField = 'email' | 'password' | 'verifyPassword';
export type CodeField = 'code';
export type ForgotField = 'email' | 'verificationCode' | 'newPassword' | 'confirmNewPassword';

const TWO_STEP_CHALLENGES = new Set<string>([
  'SOFTWARE_TOKEN_MFA',
  'SMS_MFA',
  'EMAIL_OTP',
  'SELECT_MFA_TYPE',
]);

export const CHALLENGE_PAGES = {
  SOFTWARE_TOKEN_MFA: '/login/mfa',
  SMS_MFA: '/login/mfa',
  EMAIL_OTP: '/login/mfa',
  SELECT_MFA_TYPE: '/login/mfa/choose',
  MFA_SETUP: '/login/mfa/setup',
  NEW_PASSWORD_REQUIRED: '/login/new-password',
} as const;

export function methodList(raw: string | undefined): MfaMethod[] {
  try {
    const list: unknown = JSON.parse(raw ?? '[]');
    return Array.isArray(list) ? MFA_METHODS.filter((m) => list.includes(m)) : [];
  } catch {
    return [];
  }
}

export type Waiting = Extract<SignInOutcome, { type: 'challenge' }>;

export async function keepChallenge(
  outcome: Waiting,
  deviceKey: string | undefined,
  review?: boolean,
): Promise<{ ok: true; next: string } | { ok: false; message: Message }> {
  const base = {
    session: outcome.session,
    username: outcome.username,
    userId: outcome.userId,
    ...(deviceKey ? { deviceKey } : {}),
    ...(review ? { review: true as const } : {}),
  };
  const destination = outcome.parameters?.CODE_DELIVERY_DESTINATION?.slice(0, 320);
  // The password was right; a code that never comes is told to the owner (lib/auth/unfinished.ts).
  if (TWO_STEP_CHALLENGES.has(outcome.challenge)) await watchTwoStep(outcome.username);
  switch (outcome.challenge) {
    case 'SOFTWARE_TOKEN_MFA':
    case 'NEW_PASSWORD_REQUIRED':
      await setChallenge({ name: outcome.challenge, ...base });
      return { ok: true, next: CHALLENGE_PAGES[outcome.challenge] };
    case 'SMS_MFA':
    case 'EMAIL_OTP':
      if (outcome.challenge === 'SMS_MFA') await smsSent(outcome.username, destination);
      await setChallenge({
        name: outcome.challenge,
        ...base,
        ...(outcome.challenge === 'EMAIL_OTP' ? { second: true as const } : {}),
        ...(destination ? { destination } : {}),
      });
      return { ok: true, next: CHALLENGE_PAGES[outcome.challenge] };
    case 'SELECT_MFA_TYPE': {
      const choices = methodList(outcome.parameters?.MFAS_CAN_CHOOSE);
      if (choices.length === 0) break;
      await setChallenge({ name: 'SELECT_MFA_TYPE', ...base, choices });
      return { ok: true, next: CHALLENGE_PAGES.SELECT_MFA_TYPE };
    }
    case 'MFA_SETUP': {
      // An app or email codes here; text messages need a verified number first (decision 018),
      // which the profile adds once the creator is in.
      const setup = methodList(outcome.parameters?.MFAS_CAN_SETUP);
      if (!setup.includes('SOFTWARE_TOKEN_MFA') && !setup.includes('EMAIL_OTP')) {
        log.warn('auth.mfa_setup_unavailable', { offered: outcome.parameters?.MFAS_CAN_SETUP });
        return { ok: false, message: { text: APP_MSG.noValidMfa } };
      }
      // With a choice the creator picks first: the app's key is asked for only if it is chosen.
      if (setup.includes('EMAIL_OTP')) {
        await setChallenge({ name: 'MFA_SETUP', ...base, setup });
        return { ok: true, next: CHALLENGE_PAGES.MFA_SETUP };
      }
      const associated = await associateForSetup(outcome.session);
      if (!associated.ok) {
        log.warn('auth.mfa_setup_associate_failed', { reason: associated.failure.name });
        return { ok: false, message: associated.failure.message };
      }
      await setChallenge({
        name: 'MFA_SETUP',
        ...base,
        session: associated.value.session,
        secret: associated.value.secret,
        setup,
      });
      return { ok: true, next: CHALLENGE_PAGES.MFA_SETUP };
    }
  }
  log.warn('auth.unsupported_challenge', { challenge: outcome.challenge });
  return { ok: false, message: { text: APP_MSG.useCredentials } };
}

export const CHALLENGE_EXPIRED = '/login?reason=expired';

/** Whom a waiting challenge's answer names: the pool's username (the address in an older cookie). */
export function answerNames(challenge: Pick<ChallengeData, 'username' | 'userId'>) {
  return { username: challenge.username, userId: challenge.userId ?? challenge.username };
}

/** The device the sign-in named counts only while this browser's device cookie still names it. */
export async function challengeContext(challenge: { username: string; deviceKey?: string }) {
  const context = await signInContext(challenge.username);
  if (context.device && context.device.key === challenge.deviceKey) return context;
  return context.ip ? { ip: context.ip } : {};
}

export async function waitingChallenge<N extends ChallengeData['name']>(name: N, second = false) {
  const challenge = await getChallenge();
  if (!challenge || challenge.name !== name || Boolean(challenge.second) !== second)
    redirect(CHALLENGE_EXPIRED);
  return challenge as ChallengeData & { name: N };
}
