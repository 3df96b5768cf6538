import 'server-only';
import { MFA_METHODS } from './mfa';
import { type SignInContext, type Tokens, attempt, poolName, tokensFrom } from './shared';
import { passwordVerifier, sendAnswer } from './sign-in';

export type Reauthentication =
  | { type: 'proven'; tokens: Tokens; codeAsked: boolean }
  | { type: 'code-needed' }
  | {
      type: 'code-sent';
      challenge: 'SMS_MFA' | 'EMAIL_OTP';
      session: string;
      /** The pool's username, which the code's answer names (shared.ts, poolName). */
      userId: string;
      destination?: string;
    };

/** `userId` absent: a proof started before the answers named the pool's username. */
export type PendingProof = {
  challenge: 'SMS_MFA' | 'EMAIL_OTP';
  session: string;
  userId?: string;
};

/**
 * A sent code cannot go with the password: the first call answers `code-sent`, the second answers
 * that session (`pending`) with the code. Offered a choice, the authenticator app comes first.
 */
export function reauthenticate(
  email: string,
  password: string,
  code: string,
  pending?: PendingProof,
  context?: Pick<SignInContext, 'ip'>,
) {
  return attempt(pending ? 'mfaSent' : 'reauth', async (): Promise<Reauthentication> => {
    const answer = async (
      challenge: 'SOFTWARE_TOKEN_MFA' | 'SMS_MFA' | 'EMAIL_OTP',
      session: string | undefined,
      userId: string,
    ) => {
      const out = await sendAnswer(challenge, session, userId, code, context);
      if (out.ChallengeName) throw new Error(`unexpected challenge ${out.ChallengeName}`);
      return {
        type: 'proven',
        tokens: tokensFrom(out.AuthenticationResult),
        codeAsked: true,
      } as const;
    };
    if (pending && code) return answer(pending.challenge, pending.session, pending.userId ?? email);

    // A proof, not a sign-in on this browser: no device is named, and none issued is confirmed.
    // The person's address goes with it, so the pool records theirs and not the server's.
    let { out, userId } = await passwordVerifier(email, password, undefined, context);
    if (out.ChallengeName === 'SELECT_MFA_TYPE') {
      const offered = out.ChallengeParameters?.MFAS_CAN_CHOOSE ?? '';
      const pick = MFA_METHODS.find((m) => offered.includes(`"${m}"`));
      if (!pick) throw new Error(`nothing to choose from: ${offered}`);
      out = await sendAnswer('SELECT_MFA_TYPE', out.Session, userId, pick, context);
      userId = poolName(out.ChallengeParameters, userId);
    }
    if (!out.ChallengeName)
      return { type: 'proven', tokens: tokensFrom(out.AuthenticationResult), codeAsked: false };
    if (out.ChallengeName === 'SMS_MFA' || out.ChallengeName === 'EMAIL_OTP') {
      if (!out.Session) throw new Error(`${out.ChallengeName} without a session`);
      const destination = out.ChallengeParameters?.CODE_DELIVERY_DESTINATION;
      return {
        type: 'code-sent',
        challenge: out.ChallengeName,
        session: out.Session,
        userId,
        ...(destination ? { destination } : {}),
      };
    }
    if (out.ChallengeName !== 'SOFTWARE_TOKEN_MFA')
      throw new Error(`unexpected challenge ${out.ChallengeName}`);
    if (!code) return { type: 'code-needed' };
    return answer('SOFTWARE_TOKEN_MFA', out.Session, userId);
  });
}
