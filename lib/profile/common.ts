import 'server-only';
import { revalidatePath } from 'next/cache';
import { headers } from 'next/headers';
import { type ProofField } from '@/lib/validation/proof';
import { failureState, type ActionState } from '@/lib/actions';
import { getUser, reauthenticate, revokeRefreshToken, type Tokens } from '@/lib/cognito';
import type { AuthFailure } from '@/lib/cognito/errors';
import { log } from '@/lib/runtime/log';
import { recordProof } from '@/lib/activity/store';
import { UNKNOWN_ADDRESS } from '@/lib/http/client-address';
import { getEnv } from '@/lib/runtime/env';
import { deviceName } from '@/lib/http/user-agent';
import { APP_MSG } from '@/lib/messages';
import { checkLimit, clientIp, recordFailure, smsAllowed, smsSent } from '@/lib/http/rate-limit';
import {
  clearProofChallenge,
  getProofChallenge,
  setProofChallenge,
  recordReauth,
  setEmailChange,
  updateSessionClaims,
  type Session,
} from '@/lib/session';
import { MSG } from '@/lib/messages/fields';

export function failed<F extends string>(
  op: string,
  failure: AuthFailure,
  options: Omit<Parameters<typeof failureState<F>>[1], 'signOutIfGone'> = {},
): ActionState<F> {
  log.info('profile.failed', { op, reason: failure.name });
  return failureState(failure, { ...options, signOutIfGone: true });
}

// Only the signed-in pages show account data; Creator Cash's built pages stay as built.
export const SIGNED_IN_AREA = '/(dashboard)';

export type Proven = { ok: true; session: Session };
export type NotProven<F extends string> = { ok: false; state: ActionState<F> };

// ASVS 3.7.1 (decision 030): a full sign-in, counted like one at /login. Its tokens serve
// `withTokens`, then are revoked, so it leaves no session behind.
export async function proveIdentity<F extends string = ProofField>(
  session: Session,
  proof: { currentPassword: string; code: string },
  op: string,
  {
    values = {},
    emailChangeTo,
    withTokens,
  }: {
    values?: Partial<Record<F, string>>;
    emailChangeTo?: string;
    withTokens?: (tokens: Tokens) => Promise<void>;
  } = {},
): Promise<Proven | NotProven<F>> {
  const refuse = (state: Omit<ActionState<ProofField>, 'status' | 'values'>): NotProven<F> => {
    log.info('profile.reauth_failed', { op });
    const { fieldErrors, ...rest } = state;
    return {
      ok: false,
      state: {
        status: 'error',
        ...rest,
        ...(fieldErrors ? { fieldErrors: fieldErrors as ActionState<F>['fieldErrors'] } : {}),
        values,
      },
    };
  };
  const limited = await checkLimit('signIn', session.claims.email);
  if (limited) return refuse({ message: limited });
  // A sent code answers the sign-in that sent it (waiting in a sealed cookie); none: a new sign-in.
  const pending = proof.code ? await getProofChallenge(session) : null;
  const texts = pending ? null : await smsAllowed(session.claims.email);
  if (texts) return refuse({ message: texts });
  const ip = await clientIp();
  const proved = await reauthenticate(
    session.claims.email,
    proof.currentPassword,
    proof.code,
    pending ?? undefined,
    ip !== UNKNOWN_ADDRESS ? { ip } : {},
  );
  if (!proved.ok) {
    const { failure } = proved;
    if (failure.kind !== 'unavailable') await recordFailure('signIn', session.claims.email);
    if (failure.kind === 'wrong-password' || failure.kind === 'code-mismatch')
      await remember(session, op, false);
    if (failure.kind === 'challenge-expired' && pending) {
      await clearProofChallenge();
      return proveIdentity(session, { ...proof, code: '' }, op, {
        values,
        emailChangeTo,
        withTokens,
      });
    }
    if (failure.kind === 'wrong-password' || failure.kind === 'code-mismatch') {
      log.info('profile.reauth_failed', { op });
      const fields = { codeField: 'code' as F, passwordField: 'currentPassword' as F };
      return { ok: false, state: failureState(failure, { ...fields, values }) };
    }
    return { ok: false, state: failed<F>(op, failure, { values }) };
  }
  if (proved.value.type === 'code-needed')
    return refuse({ fieldErrors: { code: [{ text: MSG.authenticatorCodeEnter }] } });
  if (proved.value.type === 'code-sent') {
    const { challenge, session: waiting, userId, destination } = proved.value;
    if (challenge === 'SMS_MFA') await smsSent(session.claims.email, destination);
    await setProofChallenge(session, {
      challenge,
      session: waiting,
      userId,
      ...(destination ? { destination: destination.slice(0, 320) } : {}),
    });
    const where = destination ? ` to ${destination}` : '';
    return refuse({
      fieldErrors: {
        code: [
          {
            text:
              challenge === 'SMS_MFA'
                ? `Enter the 6-digit code we sent by text message${where}.`
                : `Enter the 6-digit code we emailed${where}.`,
          },
        ],
      },
    });
  }
  await clearProofChallenge();
  const { tokens } = proved.value;
  if (tokens.claims.sub !== session.claims.sub) {
    log.warn('profile.reauth_other_user', { op });
    if (tokens.refreshToken) await revokeRefreshToken(tokens.refreshToken);
    return refuse({ message: { text: APP_MSG.systemError } });
  }
  try {
    await withTokens?.(tokens);
  } finally {
    if (tokens.refreshToken) {
      const revoked = await revokeRefreshToken(tokens.refreshToken);
      if (!revoked.ok) log.warn('profile.reauth_revoke_failed', { reason: revoked.failure.name });
    }
  }
  log.info('profile.reauthenticated', { op });
  await remember(session, op, true);
  if (emailChangeTo !== undefined) await setEmailChange(session, emailChangeTo);
  return { ok: true, session: await recordReauth(session, op) };
}

export async function refreshClaims(
  session: Session,
  fallback: Partial<Session['claims']>,
): Promise<Session['claims']> {
  const user = await getUser(session.accessToken);
  const claims = user.ok ? { ...user.value, sub: session.claims.sub } : fallback;
  await updateSessionClaims(session, claims);
  revalidatePath(SIGNED_IN_AREA, 'layout');
  return { ...session.claims, ...claims };
}

/** Recent activity shows this confirmation as one, not as a sign-in (decision 045). */
async function remember(session: Session, op: string, ok: boolean) {
  let browser: string | undefined;
  try {
    browser = deviceName((await headers()).get('user-agent'));
  } catch {
    // No request here: recorded without the browser.
  }
  const proof = { t: Math.floor(Date.now() / 1000), op, ok, ...(browser ? { b: browser } : {}) };
  // Awaited, not left for after the answer: the page this action renders again lists it already.
  await recordProof(getEnv(), session.claims.sub, proof);
}
