import { templatePool } from './pool-template';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DEMO_CREATOR } from '../demo';
import {
  DEFAULT_CLIENT_WRITE_ATTRIBUTES,
  emailDelivery,
  smsDelivery,
  type DeliveryDetails,
} from './attributes';
import { issueCode } from './codes';
import {
  ACCESS_SCOPE,
  CHANNEL_ATTRIBUTE,
  CLIENT_ID,
  FAILURE_MEMORY_MS,
  LOCKOUT_THRESHOLD,
  OTHER_CODE_TTL_MS,
  POOL_ID,
  POOL_NAME,
  SESSION_TTL_MS,
  SIGN_IN_CODE_TTL_MS,
  SIGNUP_CODE_TTL_MS,
} from './config';
import {
  limitExceeded,
  notAuthorized,
  passwordHistoryViolation,
  resourceNotFound,
  userNotFound,
  MESSAGES,
} from './errors';
import { attempt, carryDevice } from './devices';
import { makeDeliver, type Deliver } from './outbox';
import { DEFAULT_SCRYPT_LOG_N, hashPassword, verifyPassword } from './passwords';
import { resolveSettings, type PoolSettings } from './settings';
import { passwordVerifier } from './srp';
import {
  newUserRecord,
  type CodePurpose,
  type CodeRequestKind,
  type FailureState,
  type IdentityStore,
  type SessionKind,
  type SessionRecord,
  type UserRecord,
  type UserStatus,
} from './store';
import {
  uuidv7,
  uuidv7Time,
  type AccessClaims,
  type OAuthExtras,
  type TokenKeys,
  type TokenTtls,
} from './tokens';

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
  /** Operations the fault switch (`POST /__local/faults`) throttles or stalls; "*" = all. */
  readonly faults = new Map<string, 'throttle' | 'stall'>();
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

  // ---- the app client's secret (IDENTITY_CLIENT_SECRET) ----

  /**
   * A confidential client's SECRET_HASH: Base64(HMAC-SHA256(client secret, username + client id)),
   * over the name the request gives (developer guide, "Computing secret hash values"): the callers
   * pass that one name, except a refresh, which names no user and is hashed over the user's
   * username. Without a secret, anything (or nothing) passes.
   */
  checkSecretHash(hash: string | undefined, usernames: (string | undefined)[]): void {
    const secret = this.settings.clientSecret;
    if (!secret) return;
    // Cognito's words when the hash is missing, as its users and AWS's clients report them;
    // "Unable to verify…" is for a wrong one.
    if (!hash)
      throw notAuthorized(
        `Client ${CLIENT_ID} is configured with secret but SECRET_HASH was not received`,
      );
    const given = Buffer.from(hash);
    const matches = usernames.some((name) => {
      if (name === undefined) return false;
      const expected = Buffer.from(
        createHmac('sha256', secret)
          .update(name + CLIENT_ID)
          .digest('base64'),
      );
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
    if (!matches) throw notAuthorized(`Unable to verify secret hash for client ${CLIENT_ID}`);
  }

  /** GetTokensFromRefreshToken and RevokeToken carry the secret itself (ClientSecret). */
  checkClientSecret(given: string | undefined): void {
    const secret = this.settings.clientSecret;
    if (!secret) return;
    const a = Buffer.from(given ?? '');
    const b = Buffer.from(secret);
    if (a.length !== b.length || !timingSafeEqual(a, b))
      throw notAuthorized(`Unable to verify secret hash for client ${CLIENT_ID}`);
  }

  /** IDENTITY_PREVENT_USER_EXISTENCE_ERRORS=ENABLED: unknown users are answered as if they existed. */
  get hidesUnknownUsers(): boolean {
    return this.settings.preventUserExistenceErrors === 'ENABLED';
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
    // A hosted sign-in that did not ask for aws.cognito.signin.user.admin cannot call the user API.
    if (!claims.scope.split(' ').includes(ACCESS_SCOPE))
      throw notAuthorized(MESSAGES.missingScopes);
    const user = this.store.getUser(claims.sub);
    if (!user) throw userNotFound(MESSAGES.userDoesNotExist);
    if (this.isRevoked(user, claims.originJti)) throw notAuthorized(MESSAGES.accessRevoked);
    if (!user.enabled) throw notAuthorized(MESSAGES.userDisabled);
    return { user, claims };
  }

  /** A fresh sign-in: new origin (so GlobalSignOut before now never covers it), access, id and refresh tokens. */
  async issueTokens(user: UserRecord, extras: OAuthExtras = {}) {
    const now = this.now();
    const originJti = uuidv7(Math.max(now, user.revokedBefore));
    const authTime = Math.floor(now / 1000);
    const ttl = this.ttlFor(user);
    const [tokens, refresh] = await Promise.all([
      this.keys.issueAccessAndId(
        user,
        originJti,
        authTime,
        now,
        ttl,
        this.settings.clientReadAttributes,
        extras,
      ),
      this.keys.issueRefresh(
        user,
        originJti,
        authTime,
        now,
        ttl.refresh,
        undefined,
        extras.scope,
        extras.deviceKey,
        extras.passwordAuth,
      ),
    ]);
    return { ...tokens, RefreshToken: refresh };
  }

  // ---- challenge sessions ----

  createSession(
    kind: SessionKind,
    sub: string,
    extra: Omit<Partial<SessionRecord>, 'kind' | 'sub'> = {},
  ): string {
    const id = randomBytes(600).toString('base64url');
    const { deviceKey, flow } = attempt();
    this.store.putSession(id, {
      kind,
      sub,
      expiresAt: this.now() + SESSION_TTL_MS,
      attempts: 0,
      ...(deviceKey ? { deviceKey } : {}),
      ...(flow ? { flow } : {}),
      ...extra,
    });
    return id;
  }

  /**
   * The live session `id`, or Cognito's "session is expired" (also for a wrong kind), or "can only
   * be used once" for a session already answered.
   */
  readSession(id: string | undefined, kinds?: SessionKind[]): SessionRecord {
    const session = id ? this.store.getSession(id) : undefined;
    if (!session || session.expiresAt <= this.now() || (kinds && !kinds.includes(session.kind))) {
      if (id && session && session.expiresAt <= this.now()) this.store.deleteSession(id);
      throw notAuthorized(MESSAGES.invalidSession);
    }
    if (session.used) throw notAuthorized(MESSAGES.sessionUsed);
    carryDevice(session);
    return session;
  }

  /** Marks a session answered: it stays (until it expires) only to refuse a second use. */
  useSession(id: string, session: SessionRecord): void {
    this.store.putSession(id, { ...session, used: true });
  }

  // ---- codes ----

  /** Issues a code into the user record (not yet saved) and describes where it goes. */
  prepareCode(
    user: UserRecord,
    purpose: CodePurpose,
    to: string,
  ): { message: PendingMessage; details: DeliveryDetails } {
    // A phone number (E.164) gets a text: verification, and a reset code sent to a verified phone.
    const channel = purpose === 'verify-phone' || /^\+\d+$/.test(to) ? 'sms' : 'email';
    // Sign-up and attribute-verification codes live 24 hours; a password-reset code one hour; a
    // sign-in code as long as its session.
    const ttl =
      purpose === 'forgot-password'
        ? OTHER_CODE_TTL_MS
        : purpose === 'sign-in'
          ? SIGN_IN_CODE_TTL_MS
          : SIGNUP_CODE_TTL_MS;
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

  /**
   * Cognito's quota on code requests (IDENTITY_CODE_REQUESTS_PER_HOUR per user, operation and
   * hour): counts this one into the user record (the caller saves) or throws LimitExceededException.
   */
  countCodeRequest(user: UserRecord, kind: CodeRequestKind): void {
    const limit = this.settings.codeRequestsPerHour;
    if (limit === 0) return;
    const now = this.now();
    const recent = (user.codeRequests?.[kind] ?? []).filter((at) => at > now - 3600_000);
    if (recent.length >= limit) throw limitExceeded(MESSAGES.attemptLimit);
    user.codeRequests = { ...user.codeRequests, [kind]: [...recent, now] };
  }

  // ---- passwords ----

  /** IDENTITY_PASSWORD_HISTORY_SIZE: the current password and the ones before it, N in all. */
  async checkPasswordHistory(user: UserRecord, password: string): Promise<void> {
    const size = this.settings.passwordHistorySize;
    if (size === 0) return;
    const recent = [user.passwordHash, ...(user.passwordHistory ?? [])].slice(0, size);
    for (const hash of recent) {
      if (hash && (await verifyPassword(password, hash)))
        throw passwordHistoryViolation(MESSAGES.passwordReused);
    }
  }

  /** Sets a new password, remembering the old one for the history (the caller saves). */
  /**
   * Sets the user's password: its hash (USER_PASSWORD_AUTH, history) and its SRP verifier
   * (USER_SRP_AUTH). A temporary password is kept out of the history.
   */
  async setPassword(
    user: UserRecord,
    password: string,
    { temporary = false }: { temporary?: boolean } = {},
  ): Promise<void> {
    const hash = await this.hash(password);
    if (user.passwordHash && !temporary)
      user.passwordHistory = [user.passwordHash, ...(user.passwordHistory ?? [])].slice(0, 23);
    user.passwordHash = hash;
    user.passwordVerifier = passwordVerifier(POOL_NAME, user.sub, password);
  }

  // ---- lockout ----

  /** Cognito's lockout: after 5 failures, locked 1 s, doubling per further failure (capped, 15 min). */
  recordFailure(state: FailureState): void {
    const now = this.now();
    if (now - state.lastAt > FAILURE_MEMORY_MS) state.count = 0;
    state.count += 1;
    state.lastAt = now;
    if (state.count >= LOCKOUT_THRESHOLD) {
      state.lockedUntil =
        now +
        Math.min(
          1000 * 2 ** (state.count - LOCKOUT_THRESHOLD),
          this.settings.lockoutMaxSeconds * 1000,
        );
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
      const user = this.newUser(DEMO_CREATOR.email, '', 'CONFIRMED', {
        email_verified: 'true',
        name: DEMO_CREATOR.name,
        [CHANNEL_ATTRIBUTE]: DEMO_CREATOR.channelId,
      });
      await this.setPassword(user, DEMO_CREATOR.password);
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
  // The template's lifetimes (infra/user-pool.yaml); tests and the stack's env may shorten them.
  access: opts.accessTokenTtl ?? templatePool().tokenTtl.access,
  id: opts.idTokenTtl ?? templatePool().tokenTtl.id,
  refresh: opts.refreshTokenTtl ?? templatePool().tokenTtl.refresh,
});
