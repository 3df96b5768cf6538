/**
 * The local pool's settings, as a real pool's console offers them. The defaults are the production
 * pool's, read from its CloudFormation template (infra/user-pool.yaml, through pool-template.ts),
 * its app client confidential with the contract's secret. Each setting can be changed by an
 * environment variable of the local stack (`settingsFromEnv`) or by the server's options (tests).
 * Named overlays: `LENIENT` (IDENTITY_PRESET=lenient) names unknown users, keeps refresh tokens
 * and has no quota, for load tests and for the flows only LEGACY shows; `CONSOLE` is an app client
 * as the console makes one today.
 */

import { LOCAL_STACK, portFrom } from '../../contract/local-stack';
import { isIamOperation } from './iam';
import { templatePool, type RecoveryMechanism } from './pool-template';

export type { RecoveryMechanism };

export type ExistenceErrors = 'ENABLED' | 'LEGACY';
export type AutoVerified = 'email' | 'phone_number';
const AUTO_VERIFIED: readonly AutoVerified[] = ['email', 'phone_number'];
/** The pool's allowed first factors for choice-based sign-in (Cognito's SignInPolicy). */
export type FirstAuthFactor = 'PASSWORD' | 'EMAIL_OTP' | 'WEB_AUTHN';
export const FIRST_AUTH_FACTORS: readonly FirstAuthFactor[] = [
  'PASSWORD',
  'EMAIL_OTP',
  'WEB_AUTHN',
];
export type UserVerification = 'required' | 'preferred';
/** Cognito's WebAuthnConfiguration.FactorConfiguration. */
export type WebAuthnFactorConfiguration = 'SINGLE_FACTOR' | 'MULTI_FACTOR_WITH_USER_VERIFICATION';

export interface PoolSettings {
  /** IDENTITY_CLIENT_SECRET: set, the app client is confidential (SECRET_HASH required). */
  clientSecret?: string;
  /**
   * IDENTITY_PROPAGATE_USER_CONTEXT=on (EnablePropagateAdditionalUserContextData; needs the client
   * secret): sign-ins are recorded from UserContextData.IpAddress; otherwise from the caller.
   */
  propagateUserContext: boolean;
  /** IDENTITY_REQUIRE_SIGNATURE=on: an unsigned administrator call is refused, as AWS refuses it. */
  requireSignature: boolean;
  /** IDENTITY_HOST_ALLOWED_ACTIONS: the administrator actions the host's credentials may call. */
  hostActions: string[];
  /** IDENTITY_PREVENT_USER_EXISTENCE_ERRORS: ENABLED hides unknown users everywhere. */
  preventUserExistenceErrors: ExistenceErrors;
  /** IDENTITY_CODE_REQUESTS_PER_HOUR: code requests per user, operation and hour; 0 = no limit. */
  codeRequestsPerHour: number;
  /** IDENTITY_LOCKOUT_MAX_SECONDS: the longest sign-in lockout (Cognito: about 15 minutes). */
  lockoutMaxSeconds: number;
  /** IDENTITY_REFRESH_TOKEN_ROTATION=on: GetTokensFromRefreshToken hands out a new refresh token. */
  refreshTokenRotation: boolean;
  /** IDENTITY_REFRESH_TOKEN_GRACE_SECONDS (0-60): how long a rotated-out refresh token still works. */
  refreshTokenGraceSeconds: number;
  /** IDENTITY_PASSWORD_HISTORY_SIZE (0-24): how many recent passwords may not be set again. */
  passwordHistorySize: number;
  /** IDENTITY_KEEP_ORIGINAL_PHONE=on: a new phone number stays pending until it is verified. */
  keepOriginalPhone: boolean;
  /**
   * IDENTITY_AUTO_VERIFIED_ATTRIBUTES: the attributes a change sends a code for by itself
   * (AutoVerifiedAttributes). botocore, UpdateUserAttributesResponse: the code is sent "in user
   * pools configured to automatically verify changes to those attributes"; for the others,
   * GetUserAttributeVerificationCode asks for one.
   */
  autoVerifiedAttributes: AutoVerified[];
  /** IDENTITY_ALLOWED_FIRST_AUTH_FACTORS: what USER_AUTH (choice-based sign-in) may offer. */
  allowedFirstAuthFactors: FirstAuthFactor[];
  /** IDENTITY_WEBAUTHN_RELYING_PARTY_ID: the passkeys' relying party (a domain name). */
  webAuthnRelyingPartyId: string;
  /** IDENTITY_WEBAUTHN_USER_VERIFICATION: required or preferred. */
  webAuthnUserVerification: UserVerification;
  /** IDENTITY_WEBAUTHN_FACTOR_CONFIGURATION: whether a passkey with user verification counts as MFA. */
  webAuthnFactorConfiguration: WebAuthnFactorConfiguration;
  /** IDENTITY_CALLBACK_URLS: the app client's allowed callback URLs (exact match). */
  callbackUrls: string[];
  /** IDENTITY_LOGOUT_URLS: the app client's allowed sign-out URLs (exact match). */
  logoutUrls: string[];
  /** IDENTITY_IDENTITY_PROVIDERS: the app client's social providers (only Google is served). */
  identityProviders: IdentityProvider[];
  /** IDENTITY_DEVICE_TRACKING: off, always or opt-in (DeviceOnlyRememberedOnUserPrompt). */
  deviceTracking: DeviceTracking;
  /**
   * IDENTITY_DEVICE_FLOWS: which sign-ins are issued a device. `any`: every sign-in that names
   * none (developer guide, user devices); `srp`: USER_SRP_AUTH's only (Knowledge Center,
   * remembered devices: "You must use the USER_SRP_AUTH authentication flow"). Unconfirmed which.
   */
  deviceFlows: DeviceFlows;
  /** IDENTITY_DEVICE_MFA_BYPASS: a remembered device signs in without MFA (ChallengeRequiredOnNewDevice). */
  deviceMfaBypass: boolean;
  /** IDENTITY_THREAT_PROTECTION: off, audit or enforced; on, sign-in attempts are recorded. */
  threatProtection: ThreatProtection;
  /** IDENTITY_MFA: off, optional or required (MfaConfiguration OFF, OPTIONAL, ON). */
  mfa: MfaConfiguration;
  /** IDENTITY_MFA_FACTORS: the second factors the pool offers (SMS, email, authenticator app). */
  mfaFactors: MfaFactor[];
  /**
   * IDENTITY_CLIENT_READ_ATTRIBUTES: what the app client reads with a user's tokens (GetUser, the
   * id token, userInfo); `sub` always. Empty: Cognito's default, every standard attribute and the
   * two verified flags, no custom one (botocore, CreateUserPoolClient ReadAttributes).
   */
  clientReadAttributes: string[];
  /** The pool's AccountRecoverySetting: where ForgotPassword may send its code, by priority. */
  accountRecovery: RecoveryMechanism[];
}

/** Cognito's MfaConfiguration: no MFA, MFA for users who turn it on, or MFA for everyone. */
export type MfaConfiguration = 'off' | 'optional' | 'required';
export const MFA_CONFIGURATIONS: readonly MfaConfiguration[] = ['off', 'optional', 'required'];
/** The second factors, by their challenge names. */
export type MfaFactor = 'SOFTWARE_TOKEN_MFA' | 'SMS_MFA' | 'EMAIL_OTP';
export const MFA_FACTORS: readonly MfaFactor[] = ['SOFTWARE_TOKEN_MFA', 'SMS_MFA', 'EMAIL_OTP'];

/** Cognito's DeviceConfiguration: don't remember, always remember, or the user opts in. */
export type DeviceTracking = 'off' | 'always' | 'opt-in';
export const DEVICE_TRACKING: readonly DeviceTracking[] = ['off', 'always', 'opt-in'];
export type DeviceFlows = 'any' | 'srp';
export const DEVICE_FLOWS: readonly DeviceFlows[] = ['any', 'srp'];
/** Cognito's threat protection (UserPoolAddOns.AdvancedSecurityMode), for its sign-in records. */
export type ThreatProtection = 'off' | 'audit' | 'enforced';
export const THREAT_PROTECTION: readonly ThreatProtection[] = ['off', 'audit', 'enforced'];

export type IdentityProvider = 'Google';
export const IDENTITY_PROVIDERS: readonly IdentityProvider[] = ['Google'];

/** The default callback URLs for the web app on `webPort` (localhost and 127.0.0.1). */
export const defaultCallbackUrls = (webPort: number) => [
  `http://localhost:${webPort}/api/auth/callback`,
  `http://127.0.0.1:${webPort}/api/auth/callback`,
];
/** The default sign-out URLs: the web app's sign-in page. */
export const defaultLogoutUrls = (webPort: number) => [
  `http://localhost:${webPort}/login`,
  `http://127.0.0.1:${webPort}/login`,
];

/**
 * Cognito's quota on code requests (ForgotPassword, ResendConfirmationCode,
 * GetUserAttributeVerificationCode) per user: "between 5 and 20 attempts per hour" to request or
 * enter a password reset code, "depending on the risk" (developer guide, "Recovering user
 * accounts"). The local pool takes the strictest, 5, for every code request; that the other two
 * operations share the figure is unconfirmed (local/identity/README.md).
 */
const CODE_REQUESTS_PER_HOUR = 5;

function templateSettings(): PoolSettings {
  const pool = templatePool();
  return {
    propagateUserContext: pool.propagateUserContext,
    requireSignature: false,
    hostActions: [...pool.hostActions],
    preventUserExistenceErrors: pool.existenceErrors,
    codeRequestsPerHour: CODE_REQUESTS_PER_HOUR,
    lockoutMaxSeconds: 15 * 60,
    refreshTokenRotation: pool.refreshTokenRotation,
    refreshTokenGraceSeconds: pool.refreshTokenGraceSeconds,
    passwordHistorySize: pool.passwordHistorySize,
    keepOriginalPhone: pool.keepOriginalPhone,
    autoVerifiedAttributes: pool.autoVerifiedAttributes as AutoVerified[],
    allowedFirstAuthFactors: pool.allowedFirstAuthFactors as FirstAuthFactor[],
    webAuthnRelyingPartyId: pool.webAuthnRelyingPartyId,
    webAuthnUserVerification: pool.webAuthnUserVerification as UserVerification,
    webAuthnFactorConfiguration: pool.webAuthnFactorConfiguration as WebAuthnFactorConfiguration,
    // The template's one site; locally the web app answers on localhost and 127.0.0.1.
    callbackUrls: defaultCallbackUrls(LOCAL_STACK.ports.web),
    logoutUrls: defaultLogoutUrls(LOCAL_STACK.ports.web),
    identityProviders: pool.identityProviders as IdentityProvider[],
    deviceTracking: pool.deviceTracking,
    deviceFlows: 'any',
    deviceMfaBypass: pool.deviceMfaBypass,
    threatProtection: pool.threatProtection,
    mfa: pool.mfa,
    mfaFactors: pool.mfaFactors as MfaFactor[],
    clientReadAttributes: [...pool.readAttributes],
    accountRecovery: [...pool.accountRecovery],
    // The template's client is confidential (GenerateSecret); locally its secret is the contract's,
    // published at GET /__local/app-client (docs/architecture.md §4).
    clientSecret: pool.clientSecret ? LOCAL_STACK.clientSecret : undefined,
  };
}

export const DEFAULT_SETTINGS: Readonly<PoolSettings> = templateSettings();

/**
 * A public app client (no secret, so no user context): for the tests of what a single-page or
 * mobile app's client meets. Never the stack's default, whose client is the template's.
 */
export const PUBLIC_CLIENT: Readonly<Partial<PoolSettings>> = {
  clientSecret: '',
  propagateUserContext: false,
};

/**
 * The lenient pool (IDENTITY_PRESET=lenient): unknown users named (LEGACY), refresh tokens kept
 * (no rotation) and no code-request quota. For load tests, which request many codes, and for the
 * flows only LEGACY shows.
 */
export const LENIENT: Readonly<Partial<PoolSettings>> = {
  preventUserExistenceErrors: 'LEGACY',
  refreshTokenRotation: false,
  codeRequestsPerHour: 0,
};

/**
 * An app client as the console makes one today, strict: a client secret, user context (the
 * person's address) propagated, the last three passwords remembered, no device tracking, no
 * threat protection and passkeys as one factor (the e2e suite's console pass, e2e/pool.ts).
 */
export const CONSOLE: Readonly<Partial<PoolSettings>> = {
  clientSecret: LOCAL_STACK.clientSecret,
  propagateUserContext: true,
  preventUserExistenceErrors: 'ENABLED',
  refreshTokenRotation: true,
  refreshTokenGraceSeconds: 0,
  passwordHistorySize: 3,
  codeRequestsPerHour: CODE_REQUESTS_PER_HOUR,
  deviceTracking: 'off',
  threatProtection: 'off',
  // Passkeys one factor only, verification preferred: a two-step creator's passkey cannot sign in.
  // WebAuthnConfigurationType: FactorConfiguration "When set to SINGLE_FACTOR or not set, passkeys
  // are a single authentication factor"; `preferred` "doesn't require the use of authenticators with
  // user verification but encourages it" (a console pool's default there is unconfirmed).
  webAuthnUserVerification: 'preferred',
  webAuthnFactorConfiguration: 'SINGLE_FACTOR',
};
export const LENIENT_SETTINGS: Readonly<PoolSettings> = { ...DEFAULT_SETTINGS, ...LENIENT };

export type Preset = 'recommended' | 'lenient' | 'console';
export const PRESETS: Readonly<Record<Preset, Readonly<PoolSettings>>> = {
  recommended: DEFAULT_SETTINGS,
  lenient: LENIENT_SETTINGS,
  console: { ...DEFAULT_SETTINGS, ...CONSOLE },
};

/** An absolute http(s) URL without a fragment, as Cognito requires of callback and sign-out URLs. */
function checkUrls(name: string, urls: readonly string[]): void {
  for (const url of urls) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(url);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.hash || url.includes('#'))
      throw new Error(`${name} must list absolute http(s) URLs without a fragment, got "${url}"`);
  }
}

// A domain name: dot-separated labels of letters, digits and hyphens (Cognito: 1-127 characters).
const DOMAIN =
  /^(?=.{1,127}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

function checkFactors(factors: readonly string[]): void {
  const unknown = factors.filter((f) => !(FIRST_AUTH_FACTORS as readonly string[]).includes(f));
  if (unknown.length || factors.length === 0)
    throw new Error(
      `allowedFirstAuthFactors must list some of ${FIRST_AUTH_FACTORS.join(', ')}, got "${factors.join(',')}"`,
    );
  // Cognito: "The WEB_AUTHN option for passkey authentication must be accompanied by at least one
  // other option."
  if (factors.length === 1 && factors[0] === 'WEB_AUTHN')
    throw new Error('allowedFirstAuthFactors: WEB_AUTHN needs at least one other factor beside it');
}

/** `partial` over a preset's settings (the recommended ones by default), checked. */
export function resolveSettings(
  partial: Partial<PoolSettings> = {},
  preset: Preset = 'recommended',
): PoolSettings {
  const defined = Object.fromEntries(
    Object.entries(partial).filter(([, value]) => value !== undefined),
  ) as Partial<PoolSettings>;
  const settings = { ...PRESETS[preset], ...defined };
  if (settings.clientSecret === '') delete settings.clientSecret;
  // botocore, ClientSecretType: 24-64 characters of [\w+] (Cognito's own are 51 or 52).
  if (settings.clientSecret !== undefined && !/^[\w+]{24,64}$/.test(settings.clientSecret))
    throw new Error(
      'clientSecret (IDENTITY_CLIENT_SECRET) must be 24 to 64 letters, digits, _ or + (as a Cognito app client secret)',
    );
  // botocore, UpdateUserPoolClient: "You can only activate EnablePropagateAdditionalUserContextData
  // in an app client that has a client secret."
  if (settings.propagateUserContext && !settings.clientSecret)
    throw new Error('propagateUserContext (IDENTITY_PROPAGATE_USER_CONTEXT) needs a client secret');
  const range = (name: keyof PoolSettings, value: number, min: number, max: number) => {
    if (!Number.isInteger(value) || value < min || value > max)
      throw new Error(`${name} must be a whole number from ${min} to ${max}, got ${value}`);
  };
  range('codeRequestsPerHour', settings.codeRequestsPerHour, 0, 1000);
  range('lockoutMaxSeconds', settings.lockoutMaxSeconds, 1, 24 * 3600);
  range('refreshTokenGraceSeconds', settings.refreshTokenGraceSeconds, 0, 60);
  range('passwordHistorySize', settings.passwordHistorySize, 0, 24);
  checkFactors(settings.allowedFirstAuthFactors);
  settings.allowedFirstAuthFactors = FIRST_AUTH_FACTORS.filter((f) =>
    settings.allowedFirstAuthFactors.includes(f),
  );
  if (!DOMAIN.test(settings.webAuthnRelyingPartyId))
    throw new Error(
      `webAuthnRelyingPartyId must be a domain name, got "${settings.webAuthnRelyingPartyId}"`,
    );
  if (!['required', 'preferred'].includes(settings.webAuthnUserVerification))
    throw new Error(
      `webAuthnUserVerification must be required or preferred, got "${settings.webAuthnUserVerification}"`,
    );
  if (
    !['SINGLE_FACTOR', 'MULTI_FACTOR_WITH_USER_VERIFICATION'].includes(
      settings.webAuthnFactorConfiguration,
    )
  )
    throw new Error(
      `webAuthnFactorConfiguration must be SINGLE_FACTOR or MULTI_FACTOR_WITH_USER_VERIFICATION, got "${settings.webAuthnFactorConfiguration}"`,
    );
  if (!DEVICE_TRACKING.includes(settings.deviceTracking))
    throw new Error(
      `deviceTracking must be ${DEVICE_TRACKING.join(', ')}, got "${settings.deviceTracking}"`,
    );
  if (!DEVICE_FLOWS.includes(settings.deviceFlows))
    throw new Error(
      `deviceFlows must be ${DEVICE_FLOWS.join(', ')}, got "${settings.deviceFlows}"`,
    );
  if (!THREAT_PROTECTION.includes(settings.threatProtection))
    throw new Error(
      `threatProtection must be ${THREAT_PROTECTION.join(', ')}, got "${settings.threatProtection}"`,
    );
  if (!MFA_CONFIGURATIONS.includes(settings.mfa))
    throw new Error(`mfa must be ${MFA_CONFIGURATIONS.join(', ')}, got "${settings.mfa}"`);
  const unknownMfa = settings.mfaFactors.filter((f) => !MFA_FACTORS.includes(f));
  if (unknownMfa.length || (settings.mfa !== 'off' && settings.mfaFactors.length === 0))
    throw new Error(
      `mfaFactors must list some of ${MFA_FACTORS.join(', ')}, got "${settings.mfaFactors.join(',')}"`,
    );
  settings.mfaFactors = MFA_FACTORS.filter((f) => settings.mfaFactors.includes(f));
  checkUrls('callbackUrls', settings.callbackUrls);
  checkUrls('logoutUrls', settings.logoutUrls);
  const badRead = settings.clientReadAttributes.filter((n) => !/^(custom:)?[\w.-]{1,32}$/.test(n));
  if (badRead.length)
    throw new Error(`clientReadAttributes: not attribute names: ${badRead.join(', ')}`);
  if (settings.autoVerifiedAttributes.some((a) => !AUTO_VERIFIED.includes(a)))
    throw new Error(
      `autoVerifiedAttributes: email and/or phone_number, got "${settings.autoVerifiedAttributes.join(',')}"`,
    );
  // botocore, UserAttributeUpdateSettingsType: an attribute kept until verified must be one the
  // pool verifies by itself.
  if (settings.keepOriginalPhone && !settings.autoVerifiedAttributes.includes('phone_number'))
    throw new Error(
      'keepOriginalPhone (IDENTITY_KEEP_ORIGINAL_PHONE) needs phone_number auto-verified',
    );
  const unknownRecovery = settings.accountRecovery.filter(
    (m) => !['verified_email', 'verified_phone_number', 'admin_only'].includes(m),
  );
  if (unknownRecovery.length || settings.accountRecovery.length > 2)
    throw new Error(
      `accountRecovery: one or two of verified_email, verified_phone_number, admin_only`,
    );
  const unknownIdp = settings.identityProviders.filter((p) => !IDENTITY_PROVIDERS.includes(p));
  if (unknownIdp.length)
    throw new Error(
      `identityProviders may only list ${IDENTITY_PROVIDERS.join(', ')}, got "${unknownIdp.join(',')}"`,
    );
  return settings;
}

type Env = Record<string, string | undefined>;

function whole(env: Env, name: string, min: number, max: number): number | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return Number(raw);
}

/** IDENTITY_HOST_ALLOWED_ACTIONS: `*`, or a comma list of administrator actions. */
function actionList(env: Env): string[] | undefined {
  const raw = env.IDENTITY_HOST_ALLOWED_ACTIONS?.trim();
  if (!raw) return undefined;
  const actions = raw.split(',').map((a) => a.trim().replace(/^cognito-idp:/, ''));
  for (const action of actions)
    if (action !== '*' && !isIamOperation(action))
      throw new Error(
        `IDENTITY_HOST_ALLOWED_ACTIONS: "${action}" is not an administrator action (Admin… or ListUsers)`,
      );
  return actions;
}

function onOff(env: Env, name: string): boolean | undefined {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return undefined;
  if (raw === 'on' || raw === 'true' || raw === '1') return true;
  if (raw === 'off' || raw === 'false' || raw === '0') return false;
  throw new Error(`${name} must be on or off, got "${env[name] ?? ''}"`);
}

function oneOf<T extends string>(env: Env, name: string, values: readonly T[], upper: boolean) {
  const trimmed = env[name]?.trim();
  if (!trimmed) return undefined;
  const raw = upper ? trimmed.toUpperCase() : trimmed.toLowerCase();
  if (!(values as readonly string[]).includes(raw))
    throw new Error(`${name} must be ${values.join(' or ')}, got "${trimmed}"`);
  return raw as T;
}

function relyingPartyId(env: Env): string | undefined {
  const raw = env.IDENTITY_WEBAUTHN_RELYING_PARTY_ID?.trim().toLowerCase();
  if (!raw) return undefined;
  if (!DOMAIN.test(raw))
    throw new Error(`IDENTITY_WEBAUTHN_RELYING_PARTY_ID must be a domain name, got "${raw}"`);
  return raw;
}

function mfaFactorList(env: Env): MfaFactor[] | undefined {
  const raw = env.IDENTITY_MFA_FACTORS?.trim();
  if (!raw) return undefined;
  const listed = raw.split(',').map((f) => f.trim().toUpperCase());
  const unknown = listed.filter((f) => !(MFA_FACTORS as readonly string[]).includes(f));
  if (unknown.length)
    throw new Error(
      `IDENTITY_MFA_FACTORS must list some of ${MFA_FACTORS.join(', ')}, got "${raw}"`,
    );
  return listed as MfaFactor[];
}

function factorList(env: Env): FirstAuthFactor[] | undefined {
  const raw = env.IDENTITY_ALLOWED_FIRST_AUTH_FACTORS?.trim();
  if (!raw) return undefined;
  const factors = raw
    .split(',')
    .map((f) => f.trim().toUpperCase())
    .filter(Boolean);
  try {
    checkFactors(factors);
  } catch {
    throw new Error(
      `IDENTITY_ALLOWED_FIRST_AUTH_FACTORS must be a comma list of ${FIRST_AUTH_FACTORS.join(', ')} (WEB_AUTHN not alone), got "${raw}"`,
    );
  }
  return factors as FirstAuthFactor[];
}

const commaList = (raw: string) =>
  raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

function urlList(env: Env, name: string): string[] | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const urls = commaList(raw);
  checkUrls(name, urls);
  return urls;
}

function providerList(env: Env): IdentityProvider[] | undefined {
  const raw = env.IDENTITY_IDENTITY_PROVIDERS;
  if (raw === undefined) return undefined;
  const names = commaList(raw);
  const unknown = names.filter((n) => !(IDENTITY_PROVIDERS as readonly string[]).includes(n));
  if (unknown.length)
    throw new Error(
      `IDENTITY_IDENTITY_PROVIDERS must be empty or a comma list of ${IDENTITY_PROVIDERS.join(', ')}, got "${raw}"`,
    );
  return names as IdentityProvider[];
}

/** IDENTITY_CLIENT_READ_ATTRIBUTES: a comma list of attribute names (`custom:` ones included). */
function readAttributeList(env: Env): string[] | undefined {
  const raw = env.IDENTITY_CLIENT_READ_ATTRIBUTES;
  if (raw === undefined || !raw.trim()) return undefined;
  return commaList(raw);
}

/** The settings named by the local stack's environment; throws naming the variable that is wrong. */
export function settingsFromEnv(env: Env = process.env): PoolSettings {
  const existence = env.IDENTITY_PREVENT_USER_EXISTENCE_ERRORS?.trim().toUpperCase();
  if (existence && existence !== 'ENABLED' && existence !== 'LEGACY') {
    throw new Error(
      `IDENTITY_PREVENT_USER_EXISTENCE_ERRORS must be ENABLED or LEGACY, got "${existence}"`,
    );
  }
  const webPort = portFrom(env.PORT, LOCAL_STACK.ports.web);
  const preset = oneOf(
    env,
    'IDENTITY_PRESET',
    ['recommended', 'lenient', 'console'] as const,
    false,
  );
  return resolveSettings(
    {
      callbackUrls: urlList(env, 'IDENTITY_CALLBACK_URLS') ?? defaultCallbackUrls(webPort),
      logoutUrls: urlList(env, 'IDENTITY_LOGOUT_URLS') ?? defaultLogoutUrls(webPort),
      identityProviders: providerList(env),
      clientSecret: env.IDENTITY_CLIENT_SECRET?.trim() || undefined,
      propagateUserContext: onOff(env, 'IDENTITY_PROPAGATE_USER_CONTEXT'),
      requireSignature: onOff(env, 'IDENTITY_REQUIRE_SIGNATURE'),
      hostActions: actionList(env),
      preventUserExistenceErrors: (existence || undefined) as ExistenceErrors | undefined,
      codeRequestsPerHour: whole(env, 'IDENTITY_CODE_REQUESTS_PER_HOUR', 0, 1000),
      lockoutMaxSeconds: whole(env, 'IDENTITY_LOCKOUT_MAX_SECONDS', 1, 24 * 3600),
      refreshTokenRotation: onOff(env, 'IDENTITY_REFRESH_TOKEN_ROTATION'),
      refreshTokenGraceSeconds: whole(env, 'IDENTITY_REFRESH_TOKEN_GRACE_SECONDS', 0, 60),
      passwordHistorySize: whole(env, 'IDENTITY_PASSWORD_HISTORY_SIZE', 0, 24),
      keepOriginalPhone: onOff(env, 'IDENTITY_KEEP_ORIGINAL_PHONE'),
      autoVerifiedAttributes: env.IDENTITY_AUTO_VERIFIED_ATTRIBUTES?.trim()
        ? (env.IDENTITY_AUTO_VERIFIED_ATTRIBUTES.split(',')
            .map((a) => a.trim())
            .filter(Boolean) as AutoVerified[])
        : undefined,
      allowedFirstAuthFactors: factorList(env),
      webAuthnRelyingPartyId: relyingPartyId(env),
      webAuthnUserVerification: oneOf(
        env,
        'IDENTITY_WEBAUTHN_USER_VERIFICATION',
        ['required', 'preferred'] as const,
        false,
      ),
      webAuthnFactorConfiguration: oneOf(
        env,
        'IDENTITY_WEBAUTHN_FACTOR_CONFIGURATION',
        ['SINGLE_FACTOR', 'MULTI_FACTOR_WITH_USER_VERIFICATION'] as const,
        true,
      ),
      deviceTracking: oneOf(env, 'IDENTITY_DEVICE_TRACKING', DEVICE_TRACKING, false),
      deviceFlows: oneOf(env, 'IDENTITY_DEVICE_FLOWS', DEVICE_FLOWS, false),
      deviceMfaBypass: onOff(env, 'IDENTITY_DEVICE_MFA_BYPASS'),
      threatProtection: oneOf(env, 'IDENTITY_THREAT_PROTECTION', THREAT_PROTECTION, false),
      mfa: oneOf(env, 'IDENTITY_MFA', MFA_CONFIGURATIONS, false),
      mfaFactors: mfaFactorList(env),
      clientReadAttributes: readAttributeList(env),
    },
    preset,
  );
}
