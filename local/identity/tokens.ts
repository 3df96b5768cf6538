import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  calculateJwkThumbprint,
  EncryptJWT,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtDecrypt,
  jwtVerify,
  SignJWT,
  type JWK,
} from 'jose';
import { ACCESS_SCOPE, CLIENT_ID, CHANNEL_ATTRIBUTE } from './config';
import { notAuthorized, MESSAGES } from './errors';
import { readJson, writeJsonAtomic, type UserRecord } from './store';

type Key = Awaited<ReturnType<typeof importJWK>>;

interface KeyFile {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
  /** A256GCM key (base64url) that seals refresh tokens. */
  refreshKey: string;
}

/** A UUIDv7: its first 48 bits are the issue time in ms, which GlobalSignOut compares against. */
export function uuidv7(ms: number): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes.writeUInt8((bytes.readUInt8(6) & 0x0f) | 0x70, 6);
  bytes.writeUInt8((bytes.readUInt8(8) & 0x3f) | 0x80, 8);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const uuidv7Time = (id: string): number => parseInt(id.replace(/-/g, '').slice(0, 12), 16);

export interface AccessClaims {
  sub: string;
  originJti: string;
  authTime: number;
}

export interface RefreshClaims {
  sub: string;
  originJti: string;
  authTime: number;
  /** ms */
  expiresAt: number;
  /** This token's own id within its family (rotation); absent in tokens from before rotation. */
  tid?: string;
}

export interface TokenTtls {
  access: number;
  id: number;
  refresh: number;
}

const str = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** RS256 access and id tokens shaped like Cognito's, and sealed (JWE) refresh tokens. */
export class TokenKeys {
  /** Set once the server knows its port. */
  issuer = '';

  private constructor(
    private readonly kid: string,
    private readonly signingKey: Key,
    private readonly verifyKey: Key,
    private readonly publicJwk: JWK,
    private readonly refreshKey: Key,
  ) {}

  /** Loads the key pair from the data folder, creating it on first start. */
  static async open(root: string): Promise<TokenKeys> {
    const file = path.join(root, 'keys.json');
    let keys = readJson<KeyFile>(file);
    if (!keys) {
      const pair = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
      const publicJwk = await exportJWK(pair.publicKey);
      keys = {
        kid: await calculateJwkThumbprint(publicJwk),
        privateJwk: await exportJWK(pair.privateKey),
        publicJwk,
        refreshKey: randomBytes(32).toString('base64url'),
      };
      writeJsonAtomic(file, keys, 0o600);
    }
    return new TokenKeys(
      keys.kid,
      await importJWK(keys.privateJwk, 'RS256'),
      await importJWK(keys.publicJwk, 'RS256'),
      keys.publicJwk,
      await importJWK({ kty: 'oct', k: keys.refreshKey }, 'dir'),
    );
  }

  jwks(): { keys: JWK[] } {
    return {
      keys: [
        {
          alg: 'RS256',
          e: this.publicJwk.e,
          kid: this.kid,
          kty: 'RSA',
          n: this.publicJwk.n,
          use: 'sig',
        },
      ],
    };
  }

  private sign(claims: Record<string, unknown>): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ kid: this.kid, alg: 'RS256' })
      .sign(this.signingKey);
  }

  async issueAccessAndId(
    user: UserRecord,
    originJti: string,
    authTime: number,
    nowMs: number,
    ttl: TokenTtls,
  ) {
    const iat = Math.floor(nowMs / 1000);
    const eventId = randomUUID();
    const accessToken = this.sign({
      sub: user.sub,
      iss: this.issuer,
      client_id: CLIENT_ID,
      origin_jti: originJti,
      event_id: eventId,
      token_use: 'access',
      scope: ACCESS_SCOPE,
      auth_time: authTime,
      exp: iat + ttl.access,
      iat,
      jti: randomUUID(),
      username: user.sub,
    });
    const attrs = user.attributes;
    const idClaims: Record<string, unknown> = {
      sub: user.sub,
      email_verified: attrs.email_verified === 'true',
      iss: this.issuer,
      'cognito:username': user.sub,
      origin_jti: originJti,
      aud: CLIENT_ID,
      event_id: eventId,
      token_use: 'id',
      auth_time: authTime,
    };
    if (attrs.name !== undefined) idClaims.name = attrs.name;
    if (attrs.phone_number !== undefined) {
      idClaims.phone_number = attrs.phone_number;
      idClaims.phone_number_verified = attrs.phone_number_verified === 'true';
    }
    if (attrs[CHANNEL_ATTRIBUTE] !== undefined)
      idClaims[CHANNEL_ATTRIBUTE] = attrs[CHANNEL_ATTRIBUTE];
    Object.assign(idClaims, { exp: iat + ttl.id, iat, jti: randomUUID(), email: user.email });
    const [AccessToken, IdToken] = await Promise.all([accessToken, this.sign(idClaims)]);
    return { AccessToken, IdToken, ExpiresIn: ttl.access, TokenType: 'Bearer' };
  }

  /** Opaque to clients, like Cognito's; padded to Cognito's size (~1.8 KB) so cookie limits show up locally. */
  issueRefresh(
    user: UserRecord,
    originJti: string,
    authTime: number,
    nowMs: number,
    ttlSeconds: number,
    tid: string = randomUUID(),
  ): Promise<string> {
    const iat = Math.floor(nowMs / 1000);
    return new EncryptJWT({
      client_id: CLIENT_ID,
      auth_time: authTime,
      tid,
      pad: randomBytes(960).toString('base64url'),
    })
      .setProtectedHeader({ cty: 'JWT', enc: 'A256GCM', alg: 'dir' })
      .setSubject(user.sub)
      .setJti(originJti)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttlSeconds)
      .encrypt(this.refreshKey);
  }

  /** Signature, issuer, use and expiry; revocation is the caller's (it needs the user). */
  async verifyAccess(token: string, nowMs: number): Promise<AccessClaims> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, this.verifyKey, {
        issuer: this.issuer,
        algorithms: ['RS256'],
        currentDate: new Date(nowMs),
      }));
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_JWT_EXPIRED')
        throw notAuthorized(MESSAGES.accessExpired);
      throw notAuthorized(MESSAGES.accessInvalid);
    }
    const { sub, origin_jti: originJti, auth_time: authTime } = payload;
    if (
      payload.token_use !== 'access' ||
      payload.client_id !== CLIENT_ID ||
      !str(sub) ||
      !str(originJti) ||
      typeof authTime !== 'number'
    ) {
      throw notAuthorized(MESSAGES.accessInvalid);
    }
    return { sub, originJti, authTime };
  }

  async readRefresh(token: string, nowMs: number): Promise<RefreshClaims> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtDecrypt(token, this.refreshKey, { currentDate: new Date(nowMs) }));
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_JWT_EXPIRED')
        throw notAuthorized(MESSAGES.refreshExpired);
      throw notAuthorized(MESSAGES.refreshInvalid);
    }
    const { sub, jti, auth_time: authTime, exp } = payload;
    if (
      payload.client_id !== CLIENT_ID ||
      !str(sub) ||
      !str(jti) ||
      typeof authTime !== 'number' ||
      typeof exp !== 'number'
    ) {
      throw notAuthorized(MESSAGES.refreshInvalid);
    }
    const tid = str(payload.tid) ? payload.tid : undefined;
    return { sub, originJti: jti, authTime, expiresAt: exp * 1000, tid };
  }
}
