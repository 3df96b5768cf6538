import 'server-only';
import { createHash } from 'node:crypto';
import { isSpent } from '@/lib/session/revocations';

/** The spent mark of one "this wasn't me" link (decision 032). */
export const notMeProof = (token: string) =>
  `not-me:${createHash('sha256').update(token).digest('base64url').slice(0, 32)}`;

/** Whether this link has ended the account's sessions already: it works once. */
export const notMeUsed = (sub: string, token: string) => isSpent(sub, notMeProof(token));
