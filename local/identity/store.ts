import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

export type UserStatus =
  | 'UNCONFIRMED'
  | 'CONFIRMED'
  | 'FORCE_CHANGE_PASSWORD'
  | 'RESET_REQUIRED'
  /** A user made by a sign-in through a social provider (Google): no password of its own. */
  | 'EXTERNAL_PROVIDER';
export type CodeRequestKind =
  'ForgotPassword' | 'ResendConfirmationCode' | 'GetUserAttributeVerificationCode';
export type CodePurpose =
  | 'signup'
  | 'forgot-password'
  | 'verify-email'
  | 'verify-phone'
  | 'sign-in'
  /** A text-message or email code asked for after the password (SMS_MFA, EMAIL_OTP as MFA). */
  | 'mfa';

export interface ActiveCode {
  hash: string;
  /** The address the code was sent to; a code is only good for that address. */
  target: string;
  expiresAt: number;
  attempts: number;
}

export interface CodeSlot {
  active?: ActiveCode;
  /** Hashes of codes already used or replaced: entering one again is "expired", not "wrong". */
  spent: string[];
}

/** A registered passkey (WebAuthn credential). */
export interface PasskeyRecord {
  /** The credential id, base64url. */
  id: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  /** The authenticator's signature counter (0 when it keeps none). */
  counter: number;
  transports: string[];
  /** "platform" or "cross-platform", as the browser reported it. */
  attachment?: string;
  rpId: string;
  aaguid: string;
  friendlyName: string;
  createdAt: number;
  lastUsedAt?: number;
}

/** A passkey registration started with StartWebAuthnRegistration and not yet completed. */
export interface PendingRegistration {
  challenge: string;
  expiresAt: number;
}

/** A device the pool issued to a sign-in (NewDeviceMetadata); listed once confirmed. */
export interface DeviceRecord {
  key: string;
  confirmed: boolean;
  remembered: boolean;
  name?: string;
  /** The device SRP verifier and salt (ConfirmDevice), base64 as the client sent them. */
  verifier?: string;
  salt?: string;
  createdAt: number;
  modifiedAt: number;
  lastAuthenticatedAt?: number;
  lastIp?: string;
}

/** One sign-in attempt, as threat protection records it (AdminListUserAuthEvents). */
export interface AuthEventRecord {
  id: string;
  at: number;
  pass: boolean;
  /** The 'Password' and 'Mfa' steps and how each went. */
  challenges: { name: string; ok: boolean }[];
  ip?: string;
  deviceKey?: string;
  deviceName?: string;
}

export interface FailureState {
  count: number;
  lastAt: number;
  lockedUntil: number;
}

export interface UserRecord {
  sub: string;
  /** A federated user's username (`Google_<provider sub>`); native users' username is the sub. */
  username?: string;
  /** The address the user signs in with (as entered); `attributes.email` mirrors it. */
  email: string;
  attributes: Record<string, string>;
  /** A new email waiting for VerifyUserAttribute; the old one stays active until then. */
  pendingEmail?: string;
  /** A new phone number waiting for VerifyUserAttribute (IDENTITY_KEEP_ORIGINAL_PHONE=on). */
  pendingPhone?: string;
  /** Hashes of earlier passwords, newest first (password history; at most 23 kept). */
  passwordHistory?: string[];
  /** When each code-sending operation was last asked for, per operation (ms, last hour only). */
  codeRequests?: Partial<Record<CodeRequestKind, number[]>>;
  passwordHash: string;
  /**
   * The password's SRP salt and verifier (hex), kept whenever a password is set (USER_SRP_AUTH).
   * A user without one (saved before SRP was served, or without a password) cannot sign in by SRP.
   */
  passwordVerifier?: { salt: string; verifier: string };
  status: UserStatus;
  enabled: boolean;
  createdAt: number;
  updatedAt: number;
  temporaryPasswordExpiresAt?: number;
  codes: Partial<Record<CodePurpose, CodeSlot>>;
  signInFailures: FailureState;
  changePasswordFailures: FailureState;
  /** Every token whose origin was issued before this instant (ms) is revoked (GlobalSignOut). */
  revokedBefore: number;
  mfa: {
    secret?: string;
    pendingSecret?: string;
    enabled: boolean;
    preferred: boolean;
    lastStep?: number;
    /** Passkey MFA (WebAuthnMfaSettings): a passkey with user verification stands for MFA. */
    webAuthn?: boolean;
    /** Text-message codes (SMSMfaSettings), sent to phone_number. */
    sms?: { enabled: boolean; preferred: boolean };
    /** Email codes (EmailMfaSettings), sent to email. */
    email?: { enabled: boolean; preferred: boolean };
  };
  passkeys?: PasskeyRecord[];
  pendingRegistration?: PendingRegistration;
  /** The user's device group (DeviceGroupKey), made with the first device. */
  deviceGroupKey?: string;
  devices?: DeviceRecord[];
  /** The last sign-in attempts, newest first (threat protection on). */
  authEvents?: AuthEventRecord[];
  tokenTtl?: { access?: number; id?: number; refresh?: number };
}

export type SessionKind =
  | 'NEW_PASSWORD_REQUIRED'
  | 'SOFTWARE_TOKEN_MFA'
  | 'MFA_SETUP'
  | 'SIGN_UP'
  /** ConfirmSignUp's session: signs the user in through USER_AUTH without a second code. */
  | 'SIGN_UP_CONFIRMED'
  | 'SELECT_CHALLENGE'
  | 'EMAIL_OTP'
  | 'WEB_AUTHN'
  | 'PASSWORD_VERIFIER'
  | 'DEVICE_SRP_AUTH'
  | 'DEVICE_PASSWORD_VERIFIER'
  | 'SMS_MFA'
  | 'SELECT_MFA_TYPE';

export interface SessionRecord {
  kind: SessionKind;
  sub: string;
  expiresAt: number;
  attempts: number;
  /** Set once the session has been answered: a second use is refused until it expires. */
  used?: boolean;
  /** A choice-based sign-in for a name the pool does not know (user-existence errors prevented). */
  simulated?: { username: string };
  /** SELECT_CHALLENGE: the challenges offered. */
  available?: string[];
  /** EMAIL_OTP, SMS_MFA: the hash of the code sent for this session. */
  codeHash?: string;
  /** EMAIL_OTP asked for after the password (a second factor), not as the first factor. */
  secondFactor?: boolean;
  /** EMAIL_OTP: the code sent to set email MFA up at MFA_SETUP (answered, it is turned on). */
  setUpEmail?: boolean;
  /** MFA_SETUP: VerifySoftwareToken proved the new secret in this sign-in. */
  softwareTokenVerified?: boolean;
  /** SELECT_MFA_TYPE: the second factors offered (MFAS_CAN_CHOOSE). */
  mfaChoices?: string[];
  /** WEB_AUTHN: the challenge (base64url) and whether user verification is required. */
  challenge?: string;
  userVerification?: 'required' | 'preferred';
  /** The device the sign-in named (DEVICE_KEY); its answers carry it on. */
  deviceKey?: string;
  /** The flow the sign-in started with (InitiateAuth's AuthFlow); its answers carry it on. */
  flow?: string;
  /** PASSWORD_VERIFIER, DEVICE_PASSWORD_VERIFIER: the exchange's values (hex), the secret block sent. */
  srp?: { A: string; B: string; b: string; secretBlock: string };
}

/** One refresh-token family under rotation (all tokens of one sign-in share its origin). */
export interface RefreshFamily {
  /** The token id (`tid`) that may be rotated now. */
  current: string;
  /** The token rotated out last, usable until `until` (grace period), answering `successor`. */
  previous?: { tid: string; until: number; successor: string };
}

export interface OutboxMessage {
  to: string;
  channel: 'email' | 'sms';
  purpose:
    | 'signup'
    | 'forgot-password'
    | 'verify-email'
    | 'verify-phone'
    | 'sign-in'
    | 'mfa'
    | 'invite'
    | 'email-changed'
    | 'security';
  /** "" for a notice that carries no code (e.g. 'email-changed', to the old address). */
  code: string;
  sentAt: string;
  /** A security notice's event (e.g. 'passkey-added') and its "this wasn't me" link. */
  event?: string;
  link?: string;
}

export const emptyFailures = (): FailureState => ({ count: 0, lastAt: 0, lockedUntil: 0 });

/** A new user record with a random sub; `attributes` may not override sub or email. */
export function newUserRecord(init: {
  email: string;
  passwordHash: string;
  status: UserStatus;
  attributes: Record<string, string>;
  now: number;
}): UserRecord {
  const sub = randomUUID();
  return {
    sub,
    email: init.email,
    attributes: { email_verified: 'false', ...init.attributes, sub, email: init.email },
    passwordHash: init.passwordHash,
    status: init.status,
    enabled: true,
    createdAt: init.now,
    updatedAt: init.now,
    codes: {},
    signInFailures: emptyFailures(),
    changePasswordFailures: emptyFailures(),
    revokedBefore: 0,
    mfa: { enabled: false, preferred: false },
  };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** ListUsers' order: creation time, then sub. */
export function compareUsers(
  a: Pick<UserRecord, 'createdAt' | 'sub'>,
  b: Pick<UserRecord, 'createdAt' | 'sub'>,
): number {
  if (a.createdAt !== b.createdAt) return a.createdAt - b.createdAt;
  return a.sub < b.sub ? -1 : a.sub > b.sub ? 1 : 0;
}

export const emailKey = (email: string) => sha256(email.trim().toLowerCase());

/** Write to a temporary file, then rename over the target: readers never see half a file. */
export function writeJsonAtomic(file: string, value: unknown, mode = 0o644): void {
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(tmp, JSON.stringify(value), { mode });
  renameSync(tmp, file);
}

export function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

function removeFile(file: string): void {
  try {
    unlinkSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/** Keeps the most recently used entries; the files stay the truth. */
class BoundedCache<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) {
      const oldest = this.map.keys().next();
      if (!oldest.done) this.map.delete(oldest.value);
    }
  }
  delete(key: string): void {
    this.map.delete(key);
  }
}

/**
 * Everything the pool keeps, one small file per thing, so a request costs the same with ten
 * users or ten thousand:
 *   users/<sub>.json            the user (attributes, password hash, codes, MFA, revokedBefore)
 *   emails/<sha256(email)>.json { sub } — the sign-in index
 *   revoked/<origin_jti>.json   one refresh token (and its access tokens) revoked
 *   sessions/<sha256(id)>.json  challenge sessions
 *   outbox/<sha256(to)>.json    the last messages to one address; outbox/recent.json the last 200
 */
export class IdentityStore {
  private readonly users = new BoundedCache<UserRecord | null>(20_000);
  private readonly emails = new BoundedCache<string | null>(20_000);
  private readonly revoked = new BoundedCache<boolean>(50_000);
  private recent: OutboxMessage[];

  constructor(readonly root: string) {
    for (const dir of [
      'users',
      'emails',
      'revoked',
      'sessions',
      'outbox',
      'families',
      'federated',
      'oauth',
    ])
      mkdirSync(path.join(root, dir), { recursive: true });
    this.recent = readJson<OutboxMessage[]>(this.file('outbox', 'recent')) ?? [];
  }

  private file(dir: string, name: string): string {
    return path.join(this.root, dir, `${name}.json`);
  }

  // ---- users ----

  getUser(sub: string): UserRecord | undefined {
    if (!/^[0-9a-f-]{36}$/.test(sub)) return undefined;
    let user = this.users.get(sub);
    if (user === undefined) {
      user = readJson<UserRecord>(this.file('users', sub)) ?? null;
      this.users.set(sub, user);
    }
    return user ?? undefined;
  }

  subForEmail(email: string): string | undefined {
    const key = emailKey(email);
    let sub = this.emails.get(key);
    if (sub === undefined) {
      sub = readJson<{ sub: string }>(this.file('emails', key))?.sub ?? null;
      this.emails.set(key, sub);
    }
    return sub ?? undefined;
  }

  getUserByEmail(email: string): UserRecord | undefined {
    const sub = this.subForEmail(email);
    return sub === undefined ? undefined : this.getUser(sub);
  }

  /**
   * The user a Username parameter names. Cognito: it "can be any of their alias attributes. If
   * username isn't an alias attribute in your user pool, this value must be the sub of a local
   * user or the username of a user from a third-party IdP". So a native user is found by email
   * (the alias) or sub (its username here); a federated user by its `Google_…` username only,
   * never by sub or email (its email is no alias: a native user may have the same one).
   * Token checks, refreshes and code exchanges look users up by sub with `getUser`.
   */
  findUser(username: string): UserRecord | undefined {
    const native = (user: UserRecord | undefined) => (user?.username ? undefined : user);
    return (
      native(this.getUserByEmail(username)) ??
      native(this.getUser(username.toLowerCase())) ??
      this.getFederatedUser(username)
    );
  }

  /**
   * Every user, native and federated, oldest first (then by sub), so pages are stable. A scan of
   * `users/`: a local pool holds a few hundred users at most.
   */
  listUsers(): UserRecord[] {
    const users: UserRecord[] = [];
    for (const name of readdirSync(path.join(this.root, 'users'))) {
      const sub = /^([0-9a-f-]{36})\.json$/.exec(name)?.[1];
      const user = sub === undefined ? undefined : this.getUser(sub);
      if (user) users.push(user);
    }
    return users.sort(compareUsers);
  }

  // ---- federated users (Google_<sub>), indexed by username only ----

  getFederatedUser(username: string): UserRecord | undefined {
    if (!/^[A-Za-z]+_[\w.@-]+$/.test(username)) return undefined;
    const sub = readJson<{ sub: string }>(this.file('federated', sha256(username)))?.sub;
    return sub === undefined ? undefined : this.getUser(sub);
  }

  /** Adds a federated user (its `username` set); the email index is left alone. */
  createFederatedUser(user: UserRecord): void {
    if (!user.username) throw new Error('a federated user needs a username');
    this.saveUser(user);
    writeJsonAtomic(this.file('federated', sha256(user.username)), { sub: user.sub });
  }

  // ---- hosted OAuth records (pending authorizations, codes), one file per opaque id ----

  putOAuth(kind: 'pending' | 'code', id: string, record: unknown): void {
    writeJsonAtomic(this.file('oauth', `${kind}-${sha256(id)}`), record, 0o600);
  }

  getOAuth<T>(kind: 'pending' | 'code', id: string): T | undefined {
    return readJson<T>(this.file('oauth', `${kind}-${sha256(id)}`));
  }

  deleteOAuth(kind: 'pending' | 'code', id: string): void {
    removeFile(this.file('oauth', `${kind}-${sha256(id)}`));
  }

  /** Adds a new user; false when the email is already taken. */
  createUser(user: UserRecord): boolean {
    if (this.subForEmail(user.email) !== undefined) return false;
    this.saveUser(user);
    this.setEmailIndex(user.email, user.sub);
    return true;
  }

  saveUser(user: UserRecord): void {
    writeJsonAtomic(this.file('users', user.sub), user, 0o600);
    this.users.set(user.sub, user);
  }

  /**
   * Moves the sign-in index from the user's current email to `newEmail` and saves the user. A
   * federated user's email is no alias: the index (perhaps a native user's entry for the same
   * address) is left alone.
   */
  changeEmail(user: UserRecord, newEmail: string): void {
    const oldKey = emailKey(user.email);
    user.email = newEmail;
    user.attributes.email = newEmail;
    this.saveUser(user);
    if (user.username) return;
    this.setEmailIndex(newEmail, user.sub);
    if (oldKey !== emailKey(newEmail)) {
      removeFile(this.file('emails', oldKey));
      this.emails.set(oldKey, null);
    }
  }

  deleteUser(user: UserRecord): void {
    const key = emailKey(user.email);
    if (user.username) removeFile(this.file('federated', sha256(user.username)));
    if (this.subForEmail(user.email) === user.sub) {
      removeFile(this.file('emails', key));
      this.emails.set(key, null);
    }
    removeFile(this.file('users', user.sub));
    this.users.set(user.sub, null);
  }

  private setEmailIndex(email: string, sub: string): void {
    const key = emailKey(email);
    writeJsonAtomic(this.file('emails', key), { sub });
    this.emails.set(key, sub);
  }

  // ---- revocations (RevokeToken) ----

  isRevoked(originJti: string): boolean {
    if (!/^[0-9a-f-]{36}$/.test(originJti)) return true;
    let revoked = this.revoked.get(originJti);
    if (revoked === undefined) {
      revoked = readJson(this.file('revoked', originJti)) !== undefined;
      this.revoked.set(originJti, revoked);
    }
    return revoked;
  }

  revoke(originJti: string, expiresAt: number): void {
    writeJsonAtomic(this.file('revoked', originJti), { expiresAt });
    this.revoked.set(originJti, true);
  }

  // ---- refresh-token families (rotation) ----

  getFamily(originJti: string): RefreshFamily | undefined {
    if (!/^[0-9a-f-]{36}$/.test(originJti)) return undefined;
    return readJson<RefreshFamily>(this.file('families', originJti));
  }

  putFamily(originJti: string, family: RefreshFamily): void {
    writeJsonAtomic(this.file('families', originJti), family, 0o600);
  }

  // ---- challenge sessions ----

  putSession(id: string, session: SessionRecord): void {
    writeJsonAtomic(this.file('sessions', sha256(id)), session, 0o600);
  }

  getSession(id: string): SessionRecord | undefined {
    return readJson<SessionRecord>(this.file('sessions', sha256(id)));
  }

  deleteSession(id: string): void {
    removeFile(this.file('sessions', sha256(id)));
  }

  /** Drops sessions that can no longer be used (sessions live minutes, so there are few). */
  pruneSessions(now: number): void {
    const dir = path.join(this.root, 'sessions');
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      try {
        const session = readJson<SessionRecord>(file);
        if (!session || session.expiresAt < now) removeFile(file);
      } catch {
        removeFile(file);
      }
    }
  }

  // ---- outbox ----

  addOutbox(message: OutboxMessage): void {
    const file = this.file('outbox', emailKey(message.to));
    const forAddress = [message, ...(readJson<OutboxMessage[]>(file) ?? [])].slice(0, 50);
    writeJsonAtomic(file, forAddress);
    this.recent = [message, ...this.recent].slice(0, 200);
    writeJsonAtomic(this.file('outbox', 'recent'), this.recent);
  }

  /** Newest first; for one address (case-insensitive) or everything recent. */
  listOutbox(to?: string): OutboxMessage[] {
    if (to === undefined) return [...this.recent];
    return readJson<OutboxMessage[]>(this.file('outbox', emailKey(to))) ?? [];
  }
}

/** Removes the identity service's data folder (`<dataDir>/identity`). */
export function wipeIdentityData(root: string): void {
  rmSync(root, { recursive: true, force: true });
}
