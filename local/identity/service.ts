import { randomBytes } from 'node:crypto';
import { DEMO_CREATOR } from '../demo';
import {
  DEFAULT_CLIENT_WRITE_ATTRIBUTES,
  emailDelivery,
  smsDelivery,
  type DeliveryDetails,
} from './attributes';
import { issueCode } from './codes';
import {
  CHANNEL_ATTRIBUTE,
  CLIENT_ID,
  DEFAULT_TOKEN_TTL,
  FAILURE_MEMORY_MS,
  LOCKOUT_MAX_MS,
  LOCKOUT_THRESHOLD,
  OTHER_CODE_TTL_MS,
  POOL_ID,
  SESSION_TTL_MS,
  SIGNUP_CODE_TTL_MS,
} from './config';
import { notAuthorized, resourceNotFound, userNotFound, MESSAGES } from './errors';
import { makeDeliver, type Deliver } from './outbox';
import { DEFAULT_SCRYPT_LOG_N, hashPassword } from './passwords';
import { resolveSettings, type PoolSettings } from './settings';
import {
  newUserRecord,
  type CodePurpose,
  type FailureState,
  type IdentityStore,
  type SessionKind,
  type SessionRecord,
  type UserRecord,
  type UserStatus,
} from './store';
import { uuidv7, uuidv7Time, type AccessClaims, type TokenKeys, type TokenTtls } from './tokens';

export interface ServiceOptions {
  store: IdentityStore;
  keys: TokenKeys;
  now: () => number;
  log: (line: string) => void;
  ttl: TokenTtls;
  scryptLogN?: number;
  /** The app client's write attributes (default: every standard attribute, no custom one). */
  clientWriteAttributes?: ReadonlySet<string>;
  settings?: PoolSettings;
}

/** A message to send once the user carrying its code has been saved. */
export interface PendingMessage {
  to: string;
  channel: 'email' | 'sms';
  purpose: CodePurpose;
  code: string;
}

/** What every operation shares: storage, keys, the clock, and the pool's common checks. */
export class IdentityService {
  readonly store: IdentityStore;
  readonly keys: TokenKeys;
  readonly now: () => number;
  readonly log: (line: string) => void;
  readonly deliver: Deliver;
  readonly scryptLogN: number;
  readonly clientWriteAttributes: ReadonlySet<string>;
  readonly settings: PoolSettings;
  private readonly ttl: TokenTtls;

  constructor(options: ServiceOptions) {
    this.store = options.store;
    this.keys = options.keys;
    this.now = options.now;
    this.log = options.log;
    this.ttl = options.ttl;
    this.scryptLogN = options.scryptLogN ?? DEFAULT_SCRYPT_LOG_N;
    this.clientWriteAttributes = options.clientWriteAttributes ?? DEFAULT_CLIENT_WRITE_ATTRIBUTES;
    this.settings = options.settings ?? resolveSettings();
    this.deliver = makeDeliver(this.store, this.log, this.now);
  }

  requireClient(clientId: string): void {
    if (clientId !== CLIENT_ID)
      throw resourceNotFound(`User pool client ${clientId} does not exist.`);
  }

  requirePool(poolId: string): void {
    if (poolId !== POOL_ID) throw resourceNotFound(`User pool ${poolId} does not exist.`);
  }

  hash(password: string): Promise<string> {
    return hashPassword(password, this.scryptLogN);
  }

  ttlFor(user: UserRecord): TokenTtls {
    return {
      access: user.tokenTtl?.access ?? this.ttl.access,
      id: user.tokenTtl?.id ?? this.ttl.id,
      refresh: user.tokenTtl?.refresh ?? this.ttl.refresh,
    };
  }

  /** Revoked by GlobalSignOut / AdminDisableUser (issued before the cut-off) or by RevokeToken. */
  isRevoked(user: UserRecord, originJti: string): boolean {
    return uuidv7Time(originJti) < user.revokedBefore || this.store.isRevoked(originJti);
  }

  /** Full access-token check, on every call: signature, issuer, expiry, revocation, user state. */
  async authenticate(accessToken: string): Promise<{ user: UserRecord; claims: AccessClaims }> {
    const claims = await this.keys.verifyAccess(accessToken, this.now());
    const user = this.store.getUser(claims.sub);
    if (!user) throw userNotFound(MESSAGES.userDoesNotExist);
    if (this.isRevoked(user, claims.originJti)) throw notAuthorized(MESSAGES.accessRevoked);
    if (!user.enabled) throw notAuthorized(MESSAGES.userDisabled);
    return { user, claims };
  }

  /** A fresh sign-in: new origin (so GlobalSignOut before now never covers it), access, id and refresh tokens. */
  async issueTokens(user: UserRecord) {
    const now = this.now();
    const originJti = uuidv7(Math.max(now, user.revokedBefore));
    const authTime = Math.floor(now / 1000);
    const ttl = this.ttlFor(user);
    const [tokens, refresh] = await Promise.all([
      this.keys.issueAccessAndId(user, originJti, authTime, now, ttl),
      this.keys.issueRefresh(user, originJti, authTime, now, ttl.refresh),
    ]);
    return { ...tokens, RefreshToken: refresh };
  }

  // ---- challenge sessions ----

  createSession(kind: SessionKind, sub: string): string {
    const id = randomBytes(600).toString('base64url');
    this.store.putSession(id, { kind, sub, expiresAt: this.now() + SESSION_TTL_MS, attempts: 0 });
    return id;
  }

  /** The live session `id`, or Cognito's "session is expired" (also for a wrong kind). */
  readSession(id: string | undefined, kinds?: SessionKind[]): SessionRecord {
    const session = id ? this.store.getSession(id) : undefined;
    if (!session || session.expiresAt <= this.now() || (kinds && !kinds.includes(session.kind))) {
      if (id && session) this.store.deleteSession(id);
      throw notAuthorized(MESSAGES.invalidSession);
    }
    return session;
  }

  // ---- codes ----

  /** Issues a code into the user record (not yet saved) and describes where it goes. */
  prepareCode(
    user: UserRecord,
    purpose: CodePurpose,
    to: string,
  ): { message: PendingMessage; details: DeliveryDetails } {
    const channel = purpose === 'verify-phone' ? 'sms' : 'email';
    const ttl = purpose === 'signup' ? SIGNUP_CODE_TTL_MS : OTHER_CODE_TTL_MS;
    const code = issueCode(user, purpose, to, this.now() + ttl);
    return {
      message: { to, channel, purpose, code },
      details: channel === 'sms' ? smsDelivery(to) : emailDelivery(to),
    };
  }

  send(messages: PendingMessage[]): void {
    for (const m of messages) this.deliver(m.to, m.channel, m.purpose, m.code);
  }

  /** Saves the user, then sends one code (so a code is never delivered that was not stored). */
  sendCode(user: UserRecord, purpose: CodePurpose, to: string): DeliveryDetails {
    const { message, details } = this.prepareCode(user, purpose, to);
    user.updatedAt = this.now();
    this.store.saveUser(user);
    this.send([message]);
    return details;
  }

  // ---- lockout ----

  /** Cognito's lockout: after 5 failures, locked 1 s, doubling per further failure (capped). */
  recordFailure(state: FailureState): void {
    const now = this.now();
    if (now - state.lastAt > FAILURE_MEMORY_MS) state.count = 0;
    state.count += 1;
    state.lastAt = now;
    if (state.count >= LOCKOUT_THRESHOLD) {
      state.lockedUntil =
        now + Math.min(1000 * 2 ** (state.count - LOCKOUT_THRESHOLD), LOCKOUT_MAX_MS);
    }
  }

  isLocked(state: FailureState): boolean {
    return state.lockedUntil > this.now();
  }

  // ---- users ----

  newUser(
    email: string,
    passwordHash: string,
    status: UserStatus,
    attributes: Record<string, string>,
  ): UserRecord {
    return newUserRecord({ email, passwordHash, status, attributes, now: this.now() });
  }

  /** Provisions the demo creator when missing; answers the line that tells people how to sign in. */
  async seedDemo(): Promise<string> {
    if (!this.store.getUserByEmail(DEMO_CREATOR.email)) {
      const user = this.newUser(
        DEMO_CREATOR.email,
        await this.hash(DEMO_CREATOR.password),
        'CONFIRMED',
        {
          email_verified: 'true',
          name: DEMO_CREATOR.name,
          [CHANNEL_ATTRIBUTE]: DEMO_CREATOR.channelId,
        },
      );
      this.store.createUser(user);
    }
    return `demo creator: ${DEMO_CREATOR.email} / ${DEMO_CREATOR.password} (channel ${DEMO_CREATOR.channelId})`;
  }
}

export const defaultTtls = (opts: {
  accessTokenTtl?: number;
  idTokenTtl?: number;
  refreshTokenTtl?: number;
}): TokenTtls => ({
  access: opts.accessTokenTtl ?? DEFAULT_TOKEN_TTL.access,
  id: opts.idTokenTtl ?? DEFAULT_TOKEN_TTL.id,
  refresh: opts.refreshTokenTtl ?? DEFAULT_TOKEN_TTL.refresh,
});
