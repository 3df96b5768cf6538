import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SignJWT, jwtVerify } from 'jose';
import { EMBED_AUDIENCE as AUDIENCE, EMBED_ISSUER as ISSUER } from './claims';

/**
 * The HS256 key shared by the creator API (which signs) and the embed (which verifies). Kept in the
 * data dir so tokens handed out before a restart still open the embed afterwards.
 */
export function loadOrCreateSecret(dir: string): Uint8Array {
  const file = path.join(dir, 'embed-secret');
  try {
    const hex = readFileSync(file, 'utf8').trim();
    if (/^[0-9a-f]{64}$/.test(hex)) return Buffer.from(hex, 'hex');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const secret = randomBytes(32);
  writeFileSync(file, `${secret.toString('hex')}\n`, { mode: 0o600 });
  return secret;
}

export async function issueEmbedToken(
  secret: Uint8Array,
  channelId: string,
  ttlSeconds: number,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(channelId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .setJti(randomUUID())
    .sign(secret);
}

/** The channel a token is bound to, or null when it is forged, tampered with, expired or malformed. */
export async function verifyEmbedToken(secret: Uint8Array, token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['sub', 'exp', 'iat', 'jti'],
    });
    return typeof payload.sub === 'string' && payload.sub !== '' ? payload.sub : null;
  } catch {
    return null;
  }
}
