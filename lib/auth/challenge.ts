import 'server-only';
import { redirect } from 'next/navigation';
import { cookies } from 'next/headers';
import { failureState, type ActionState } from '@/lib/actions';
import {
  associateForSetup,
  MFA_METHODS,
  type MfaMethod,
  respondToChallenge,
  revokeRefreshToken,
  wrongCodeFailure,
  type AnsweredChallenge,
  type Result,
  type SignInContext,
  type SignInOutcome,
} from '@/lib/cognito';
import type { AuthFailure } from '@/lib/cognito/errors';
import type { ChallengeData } from '@/lib/session/seal';
import { settleDevice, signInContext } from '@/lib/devices';
import { boundClaims, keepChannelDue } from '@/lib/dashboard/channel';
import { twoStepDone, watchTwoStep } from './unfinished';
import { isDecoy } from './precheck';
import { recordSignIn, wayOfChallenge } from './sign-in-record';
import type { SignInWay } from '@/lib/activity';
import { type CreatorResult } from '@/lib/creators';
import { emailRef, log } from '@/lib/runtime/log';
import { checkLimit, codeChecked, smsSent } from '@/lib/http/rate-limit';
import { type Message, APP_MSG } from '@/lib/messages';
import {
  clearChallenge,
  clearPendingEmail,
  getChallenge,
  rememberEmail,
  setChallenge,
  takeReturnTo,
  writeTokens,
} from '@/lib/session';

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

export async function finishSignIn(
  outcome: SignInOutcome,
  {
    lookup,
    context,
    remember,
    review: afterReset,
    way,
  }: {
    lookup?: CreatorResult<string>;
    context?: SignInContext;
    remember?: boolean;
    review?: boolean;
    /** How the sign-in was made, where the waiting challenge does not tell (decision 058). */
    way?: SignInWay;
  } = {},
): Promise<{ done: true; next: string; signedIn: boolean } | { done: false; message: Message }> {
  // A challenge answered here may be the second step of the sign-in after a reset.
  const review = afterReset ?? (await getChallenge())?.review === true;
  if (outcome.type === 'signed-in') {
    const bound = await boundClaims(outcome.tokens.claims, lookup);
    if (!bound.ok) {
      // Not bound yet and the creator system cannot say to which channel: no session (decision 044).
      log.warn('auth.sign_in_refused', {
        reason: 'creator-system-down',
        account: outcome.tokens.claims.sub,
      });
      if (outcome.tokens.refreshToken) {
        const revoked = await revokeRefreshToken(outcome.tokens.refreshToken);
        if (!revoked.ok) log.warn('auth.revoke_failed', { reason: revoked.failure.name });
      }
      await clearChallenge();
      return { done: false, message: { text: APP_MSG.creatorSystemDown } };
    }
    const { claims } = bound;
    await settleDevice(outcome, remember);
    const jar = await cookies();
    const waited = await getChallenge();
    await twoStepDone([waited?.username, claims.username, claims.sub, claims.email]);
    await writeTokens(jar, { ...outcome.tokens, claims });
    await recordSignIn({ sub: claims.sub }, way ?? wayOfChallenge(waited), true);
    await keepChannelDue(jar, claims.sub, bound.channelDue);
    await clearPendingEmail();
    await clearChallenge();
    await rememberEmail(claims.email);
    // The page a signed-out visit asked for, unless a review of the ways in comes first.
    const back = await takeReturnTo();
    return { done: true, signedIn: true, next: review ? REVIEW_AFTER_RESET : (back ?? '/') };
  }
  const kept = await keepChallenge(outcome, context?.device?.key, review);
  if (kept.ok) return { done: true, signedIn: false, next: kept.next };
  await clearChallenge();
  return { done: false, message: kept.message };
}

/** Where the sign-in after a reset ends: every way into the account, to review (decision 032). */
export const REVIEW_AFTER_RESET = '/profile?review=ways-in';

export const CHALLENGE_EXPIRED = '/login?reason=expired';

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

export async function settleChallenge<T extends SignInOutcome, F extends string>(
  challenge: ChallengeData,
  result: Result<T>,
  {
    context,
    remember,
    failed,
    onFailure,
    signedIn,
    answer,
  }: {
    context: SignInContext;
    remember?: boolean;
    failed: string;
    onFailure: (failure: AuthFailure) => ActionState<F> | Promise<ActionState<F>>;
    signedIn: [string, Record<string, string | boolean>];
    /** Signed in: answers the page instead of sending it on (it goes to `next` itself). */
    answer?: (next: string, outcome: T) => Promise<ActionState<F>>;
  },
): Promise<ActionState<F>> {
  if (!result.ok) {
    log.info(failed, { reason: result.failure.name, account: emailRef(challenge.username) });
    if (result.failure.kind === 'challenge-expired') {
      await clearChallenge();
      redirect(CHALLENGE_EXPIRED);
    }
    return onFailure(result.failure);
  }
  const finished = await finishSignIn(result.value, { context, remember });
  if (!finished.done) return { status: 'error', message: finished.message };
  log.info(signedIn[0], { ...signedIn[1], account: emailRef(challenge.username) });
  if (answer) return answer(finished.next, result.value);
  redirect(finished.next);
}

type Settling<F extends string> = Omit<
  Parameters<typeof settleChallenge<SignInOutcome, F>>[2],
  'context'
>;

/** Answers the waiting challenge and finishes the sign-in, or answers why not. */
export async function answerWaiting<F extends string>(
  challenge: ChallengeData & { name: AnsweredChallenge },
  answer: string,
  {
    second,
    answered,
    ...settling
  }: Settling<F> & {
    second?: boolean;
    answered?: (result: Result<SignInOutcome>) => Promise<void>;
  },
): Promise<ActionState<F>> {
  const context = await challengeContext(challenge);
  const result = await respondToChallenge(
    challenge.name,
    challenge.session,
    challenge.username,
    answer,
    context,
    second,
  );
  await answered?.(result);
  return settleChallenge(challenge, result, { context, ...settling });
}

export type CodeChallenge = 'SOFTWARE_TOKEN_MFA' | 'SMS_MFA' | 'EMAIL_OTP';

/** `second`: an EMAIL_OTP sent after the password, not an emailed way in. */
export async function answerCodeChallenge(
  name: CodeChallenge,
  code: string,
  failedEvent: string,
  signedIn: Record<string, string | boolean>,
  { remember, second = false }: { remember?: boolean; second?: boolean } = {},
): Promise<ActionState<CodeField>> {
  const challenge = await waitingChallenge(name, second);
  const limited = await checkLimit('verifyCode', challenge.username);
  if (limited) return { status: 'error', message: limited };
  // No code was sent (two-step is on): every code is a wrong one, as Cognito answers it.
  if (isDecoy(challenge.session)) {
    const failure = wrongCodeFailure(name, second);
    await codeChecked(challenge.username, { ok: false, failure });
    log.info(failedEvent, { reason: failure.name, account: emailRef(challenge.username) });
    return failureState<CodeField>(failure, { codeField: 'code' });
  }
  return answerWaiting(challenge, code, {
    second,
    answered: (result) => codeChecked(challenge.username, result),
    remember,
    failed: failedEvent,
    onFailure: (failure) => failureState<CodeField>(failure, { codeField: 'code' }),
    signedIn: ['auth.signed_in', signedIn],
  });
}
