import { createHash, randomBytes, randomUUID } from 'node:crypto';
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
import { readable } from './attributes';
import { ACCESS_SCOPE, CLIENT_ID } from './config';
import { notAuthorized, MESSAGES } from './errors';
import { readJson, writeJsonAtomic, type UserRecord } from './store';

type Key = Awaited<ReturnType<typeof importJWK>>;

/** One RS256 signing key. */
interface KeyPairFile {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

interface KeyFile extends KeyPairFile {
  /** A256GCM key (base64url) that seals refresh tokens. */
  refreshKey: string;
  /**
   * The id tokens' own key: a pool's JWKS has two, one signing access tokens and one id tokens.
   * Added to data folders made before it.
   */
  idKey?: KeyPairFile;
}

async function newKeyPair(): Promise<KeyPairFile> {
  const pair = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const publicJwk = await exportJWK(pair.publicKey);
  return {
    kid: await calculateJwkThumbprint(publicJwk),
    privateJwk: await exportJWK(pair.privateKey),
    publicJwk,
  };
}

/** A key as a JWKS lists it. */
const published = (pair: KeyPairFile): JWK => ({
  alg: 'RS256',
  e: pair.publicJwk.e,
  kid: pair.kid,
  kty: 'RSA',
  n: pair.publicJwk.n,
  use: 'sig',
});

interface Signer {
  kid: string;
  key: Key;
}

const signerOf = async (pair: KeyPairFile): Promise<Signer> => ({
  kid: pair.kid,
  key: await importJWK(pair.privateJwk, 'RS256'),
});

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
  /** The token's `scope` claim (space separated). */
  scope: string;
}

/** What the hosted OAuth endpoints add to a sign-in's tokens. */
export interface OAuthExtras {
  /** The scopes granted (space separated); default: aws.cognito.signin.user.admin only. */
  scope?: string;
  /** The authorize request's nonce, echoed in the id token. */
  nonce?: string;
  /** The device the sign-in was issued to (device tracking): `device_key` in access and refresh. */
  deviceKey?: string;
  /** A sign-in by USER_PASSWORD_AUTH on a pool that tracks devices: its refresh token is refused. */
  passwordAuth?: boolean;
}

/** The name Cognito puts in `username` / `cognito:username`: a federated user's `Google_…`, else the sub. */
export const usernameOf = (user: UserRecord): string => user.username ?? user.sub;

/** OIDC at_hash: the left half of SHA-256 of the access token, base64url. */
const atHash = (accessToken: string) =>
  createHash('sha256').update(accessToken).digest().subarray(0, 16).toString('base64url');

/**
 * The id token's `identities` claim from the `identities` attribute: Cognito puts the same list in
 * the token with every value a string (`"primary": "true"`, `"dateCreated": "1642699117273"`).
 */
function identitiesClaim(raw: string | undefined): Record<string, string | null>[] | undefined {
  if (!raw) return undefined;
  try {
    const list = JSON.parse(raw) as Record<string, unknown>[];
    return list.map((entry) =>
      Object.fromEntries(
        Object.entries(entry).map(([key, value]) => [
          key,
          value === null ? null : typeof value === 'string' ? value : JSON.stringify(value),
        ]),
      ),
    );
  } catch {
    return undefined;
  }
}

export interface RefreshClaims {
  sub: string;
  originJti: string;
  authTime: number;
  /** ms */
  expiresAt: number;
  /** This token's own id within its family (rotation); absent in tokens from before rotation. */
  tid?: string;
  /** The scopes of a sign-in through the hosted OAuth endpoints (their refreshes keep them). */
  scope?: string;
  /** The device the sign-in was issued to: a refresh must name it. */
  deviceKey?: string;
  /** Issued to a USER_PASSWORD_AUTH sign-in while the pool tracked devices (devices.ts). */
  passwordAuth?: boolean;
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
    private readonly accessSigner: Signer,
    private readonly idSigner: Signer,
    private readonly verifyKey: Key,
    private readonly published: JWK[],
    private readonly refreshKey: Key,
  ) {}

  /** Loads the keys from the data folder, creating them on first start. */
  static async open(root: string): Promise<TokenKeys> {
    const file = path.join(root, 'keys.json');
    let keys = readJson<KeyFile>(file);
    if (!keys) {
      keys = { ...(await newKeyPair()), refreshKey: randomBytes(32).toString('base64url') };
    }
    if (!keys.idKey) {
      keys.idKey = await newKeyPair();
      writeJsonAtomic(file, keys, 0o600);
    }
    return new TokenKeys(
      await signerOf(keys),
      await signerOf(keys.idKey),
      await importJWK(keys.publicJwk, 'RS256'),
      [published(keys), published(keys.idKey)],
      await importJWK({ kty: 'oct', k: keys.refreshKey }, 'dir'),
    );
  }

  /** Both public keys, as a pool's `/.well-known/jwks.json` lists them. */
  jwks(): { keys: JWK[] } {
    return { keys: this.published.map((key) => ({ ...key })) };
  }

  private sign(claims: Record<string, unknown>, signer: Signer): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ kid: signer.kid, alg: 'RS256' })
      .sign(signer.key);
  }

  async issueAccessAndId(
    user: UserRecord,
    originJti: string,
    authTime: number,
    nowMs: number,
    ttl: TokenTtls,
    /** The app client's read attributes: the id token carries only those (and sub). */
    readAttributes: readonly string[],
    extras: OAuthExtras = {},
  ) {
    const iat = Math.floor(nowMs / 1000);
    const eventId = randomUUID();
    const username = usernameOf(user);
    const accessToken = await this.sign(
      {
        sub: user.sub,
        iss: this.issuer,
        client_id: CLIENT_ID,
        origin_jti: originJti,
        event_id: eventId,
        token_use: 'access',
        scope: extras.scope ?? ACCESS_SCOPE,
        auth_time: authTime,
        exp: iat + ttl.access,
        iat,
        jti: randomUUID(),
        username,
        ...(extras.deviceKey ? { device_key: extras.deviceKey } : {}),
      },
      this.accessSigner,
    );
    const attrs = readable(user.attributes, readAttributes);
    const idClaims: Record<string, unknown> = {
      ...(extras.scope !== undefined ? { at_hash: atHash(accessToken) } : {}),
      sub: user.sub,
      ...(attrs.email_verified !== undefined
        ? { email_verified: attrs.email_verified === 'true' }
        : {}),
      iss: this.issuer,
      'cognito:username': username,
      origin_jti: originJti,
      aud: CLIENT_ID,
      event_id: eventId,
      token_use: 'id',
      auth_time: authTime,
    };
    const identities = identitiesClaim(attrs.identities);
    if (identities) idClaims.identities = identities;
    if (extras.nonce !== undefined) idClaims.nonce = extras.nonce;
    if (attrs.name !== undefined) idClaims.name = attrs.name;
    if (attrs.phone_number !== undefined) {
      idClaims.phone_number = attrs.phone_number;
      idClaims.phone_number_verified = attrs.phone_number_verified === 'true';
    }
    for (const [name, value] of Object.entries(attrs))
      if (name.startsWith('custom:')) idClaims[name] = value;
    Object.assign(idClaims, {
      exp: iat + ttl.id,
      iat,
      jti: randomUUID(),
      ...(attrs.email !== undefined ? { email: user.email } : {}),
    });
    const IdToken = await this.sign(idClaims, this.idSigner);
    return { AccessToken: accessToken, IdToken, ExpiresIn: ttl.access, TokenType: 'Bearer' };
  }

  /** Opaque to clients, like Cognito's; padded to Cognito's size (~1.8 KB) so cookie limits show up locally. */
  issueRefresh(
    user: UserRecord,
    originJti: string,
    authTime: number,
    nowMs: number,
    ttlSeconds: number,
    tid: string = randomUUID(),
    scope?: string,
    deviceKey?: string,
    passwordAuth?: boolean,
  ): Promise<string> {
    const iat = Math.floor(nowMs / 1000);
    return new EncryptJWT({
      client_id: CLIENT_ID,
      auth_time: authTime,
      tid,
      ...(scope !== undefined ? { scope } : {}),
      ...(deviceKey !== undefined ? { device_key: deviceKey } : {}),
      ...(passwordAuth ? { pwa: true } : {}),
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
    const { sub, origin_jti: originJti, auth_time: authTime, scope } = payload;
    if (
      payload.token_use !== 'access' ||
      typeof scope !== 'string' ||
      payload.client_id !== CLIENT_ID ||
      !str(sub) ||
      !str(originJti) ||
      typeof authTime !== 'number'
    ) {
      throw notAuthorized(MESSAGES.accessInvalid);
    }
    return { sub, originJti, authTime, scope };
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
    const scope = str(payload.scope) ? payload.scope : undefined;
    const deviceKey = str(payload.device_key) ? payload.device_key : undefined;
    const passwordAuth = payload.pwa === true ? true : undefined;
    return {
      sub,
      originJti: jti,
      authTime,
      expiresAt: exp * 1000,
      tid,
      scope,
      deviceKey,
      passwordAuth,
    };
  }
}
