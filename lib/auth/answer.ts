import 'server-only';
import { redirect } from 'next/navigation';
import { failureState, type ActionState } from '@/lib/actions';
import {
  respondToChallenge,
  wrongCodeFailure,
  type AnsweredChallenge,
  type Result,
  type SignInContext,
  type SignInOutcome,
} from '@/lib/cognito';
import type { AuthFailure } from '@/lib/cognito/errors';
import type { ChallengeData } from '@/lib/session/seal';
import { emailRef, log } from '@/lib/runtime/log';
import { checkLimit, codeChecked, failedHere } from '@/lib/http/rate-limit';
import { clearChallenge } from '@/lib/session';
import {
  CHALLENGE_EXPIRED,
  answerNames,
  challengeContext,
  waitingChallenge,
  type CodeField,
} from './challenge';
import { finishSignIn } from './finish';
import { recordSignIn, wayOfChallenge } from './sign-in-record';
import { decoyAnswer, isDecoy } from './precheck';

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
    answerNames(challenge),
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
  const limited = await checkLimit('signInCode', challenge.username);
  if (limited) return { status: 'error', message: limited };
  // No code was sent (two-step is on): every code is a wrong one, as Cognito answers it, counted
  // against this address only, so nobody can hold back the owner's own code with it.
  if (isDecoy(challenge.session)) {
    if (!(await decoyAnswer(challenge.session))) {
      await clearChallenge();
      redirect(CHALLENGE_EXPIRED);
    }
    const failure = wrongCodeFailure(name, second);
    await failedHere('signInCode', challenge.username);
    log.info(failedEvent, { reason: failure.name, account: emailRef(challenge.username) });
    return failureState<CodeField>(failure, { codeField: 'code' });
  }
  return answerWaiting(challenge, code, {
    second,
    answered: async (result) => {
      await codeChecked(challenge.username, result, 'signInCode');
      // The row of a wrong code names its browser, as a wrong password's does (decision 058).
      if (!result.ok && result.failure.kind === 'code-mismatch')
        await recordSignIn({ email: challenge.username }, wayOfChallenge(challenge), false);
    },
    remember,
    failed: failedEvent,
    onFailure: (failure) => failureState<CodeField>(failure, { codeField: 'code' }),
    signedIn: ['auth.signed_in', signedIn],
  });
}
