// The pool settings as the local stack's environment names them (local/identity/README.md).
import { LOCAL_STACK } from '../../contract/local-stack';
import { HOST_ACTIONS } from './iam';
import { DEFAULT_SETTINGS, LENIENT_SETTINGS, resolveSettings, settingsFromEnv } from './settings';

const TEMPLATE_READS = [
  'email',
  'email_verified',
  'name',
  'phone_number',
  'phone_number_verified',
  'custom:channelmeter_id',
];

test("unset, the settings are the template's (infra/user-pool.yaml), its client confidential with the contract's secret", () => {
  expect(settingsFromEnv({})).toEqual({
    clientSecret: LOCAL_STACK.clientSecret,
    propagateUserContext: true,
    requireSignature: false,
    hostActions: [...HOST_ACTIONS],
    preventUserExistenceErrors: 'ENABLED',
    codeRequestsPerHour: 5,
    lockoutMaxSeconds: 900,
    refreshTokenRotation: true,
    refreshTokenGraceSeconds: 0,
    passwordHistorySize: 0,
    keepOriginalPhone: false,
    autoVerifiedAttributes: ['email'],
    allowedFirstAuthFactors: ['PASSWORD', 'EMAIL_OTP', 'WEB_AUTHN'],
    webAuthnRelyingPartyId: 'localhost',
    webAuthnUserVerification: 'required',
    webAuthnFactorConfiguration: 'MULTI_FACTOR_WITH_USER_VERIFICATION',
    callbackUrls: [
      'http://localhost:3000/api/auth/callback',
      'http://127.0.0.1:3000/api/auth/callback',
    ],
    logoutUrls: ['http://localhost:3000/login', 'http://127.0.0.1:3000/login'],
    identityProviders: ['Google'],
    deviceTracking: 'opt-in',
    deviceFlows: 'any',
    deviceMfaBypass: true,
    threatProtection: 'enforced',
    mfa: 'optional',
    mfaFactors: ['SOFTWARE_TOKEN_MFA', 'SMS_MFA', 'EMAIL_OTP'],
    clientReadAttributes: TEMPLATE_READS,
    accountRecovery: ['verified_email', 'verified_phone_number'],
  });
  expect(resolveSettings()).toEqual(DEFAULT_SETTINGS);
});

test('a kept phone needs the pool to verify phone numbers by itself; only email and phone are', () => {
  expect(() => resolveSettings({ keepOriginalPhone: true })).toThrow(/auto-verified/);
  expect(() => resolveSettings({ autoVerifiedAttributes: ['name' as 'email'] })).toThrow(
    /autoVerifiedAttributes/,
  );
});

test('a client secret is refused unless it could be a Cognito app client secret', () => {
  expect(() => settingsFromEnv({ IDENTITY_CLIENT_SECRET: 'short' })).toThrow(/24 to 64/);
  expect(() =>
    settingsFromEnv({ IDENTITY_CLIENT_SECRET: 'has-hyphens-0123456789abcdefghij' }),
  ).toThrow(/IDENTITY_CLIENT_SECRET/);
});

test('IDENTITY_PRESET=lenient names unknown users, keeps refresh tokens and has no code quota', () => {
  expect(settingsFromEnv({ IDENTITY_PRESET: 'lenient' })).toEqual(LENIENT_SETTINGS);
  expect(settingsFromEnv({ IDENTITY_PRESET: 'lenient' })).toMatchObject({
    preventUserExistenceErrors: 'LEGACY',
    refreshTokenRotation: false,
    codeRequestsPerHour: 0,
  });
  // A variable still wins over its preset.
  expect(
    settingsFromEnv({ IDENTITY_PRESET: 'Lenient', IDENTITY_CODE_REQUESTS_PER_HOUR: '3' })
      .codeRequestsPerHour,
  ).toBe(3);
  expect(settingsFromEnv({ IDENTITY_PRESET: 'recommended' })).toEqual(DEFAULT_SETTINGS);
  expect(() => settingsFromEnv({ IDENTITY_PRESET: 'loose' })).toThrow(
    /IDENTITY_PRESET must be recommended or lenient or console, got "loose"/,
  );
});

test('device tracking and threat protection, as the console names their choices', () => {
  expect(
    settingsFromEnv({
      IDENTITY_DEVICE_TRACKING: ' Always ',
      IDENTITY_DEVICE_FLOWS: 'SRP',
      IDENTITY_DEVICE_MFA_BYPASS: 'off',
      IDENTITY_THREAT_PROTECTION: 'ENFORCED',
    }),
  ).toMatchObject({
    deviceTracking: 'always',
    deviceFlows: 'srp',
    deviceMfaBypass: false,
    threatProtection: 'enforced',
  });
  expect(settingsFromEnv({ IDENTITY_DEVICE_TRACKING: 'off' }).deviceTracking).toBe('off');
  expect(() => settingsFromEnv({ IDENTITY_DEVICE_TRACKING: 'sometimes' })).toThrow(
    /IDENTITY_DEVICE_TRACKING must be off or always or opt-in, got "sometimes"/,
  );
  expect(() => settingsFromEnv({ IDENTITY_THREAT_PROTECTION: 'full' })).toThrow(
    /IDENTITY_THREAT_PROTECTION must be off or audit or enforced/,
  );
  expect(() => settingsFromEnv({ IDENTITY_DEVICE_MFA_BYPASS: 'maybe' })).toThrow(
    /IDENTITY_DEVICE_MFA_BYPASS must be on or off/,
  );
  expect(() => resolveSettings({ deviceTracking: 'never' as 'off' })).toThrow(/deviceTracking/);
  expect(() => settingsFromEnv({ IDENTITY_DEVICE_FLOWS: 'some' })).toThrow(
    /IDENTITY_DEVICE_FLOWS must be any or srp/,
  );
});

test('reads each variable', () => {
  expect(
    settingsFromEnv({
      IDENTITY_CLIENT_SECRET: ' local_settings_client_secret_0123456789 ',
      IDENTITY_PREVENT_USER_EXISTENCE_ERRORS: 'enabled',
      IDENTITY_CODE_REQUESTS_PER_HOUR: '5',
      IDENTITY_LOCKOUT_MAX_SECONDS: '60',
      IDENTITY_REFRESH_TOKEN_ROTATION: 'on',
      IDENTITY_REFRESH_TOKEN_GRACE_SECONDS: '60',
      IDENTITY_PASSWORD_HISTORY_SIZE: '24',
      IDENTITY_KEEP_ORIGINAL_PHONE: 'on',
      IDENTITY_AUTO_VERIFIED_ATTRIBUTES: ' email , phone_number ',
      IDENTITY_ALLOWED_FIRST_AUTH_FACTORS: ' web_authn , password ',
      IDENTITY_WEBAUTHN_RELYING_PARTY_ID: 'Creators.Example.com',
      IDENTITY_WEBAUTHN_USER_VERIFICATION: 'Required',
      IDENTITY_WEBAUTHN_FACTOR_CONFIGURATION: 'multi_factor_with_user_verification',
      IDENTITY_MFA: 'Required',
      IDENTITY_MFA_FACTORS: ' email_otp , software_token_mfa ',
      IDENTITY_PROPAGATE_USER_CONTEXT: 'on',
      IDENTITY_REQUIRE_SIGNATURE: 'on',
      IDENTITY_HOST_ALLOWED_ACTIONS: 'cognito-idp:AdminGetUser, ListUsers',
      IDENTITY_CLIENT_READ_ATTRIBUTES: ' email , name ',
    }),
  ).toEqual({
    clientSecret: 'local_settings_client_secret_0123456789',
    propagateUserContext: true,
    requireSignature: true,
    hostActions: ['AdminGetUser', 'ListUsers'],
    preventUserExistenceErrors: 'ENABLED',
    codeRequestsPerHour: 5,
    lockoutMaxSeconds: 60,
    refreshTokenRotation: true,
    refreshTokenGraceSeconds: 60,
    passwordHistorySize: 24,
    keepOriginalPhone: true,
    autoVerifiedAttributes: ['email', 'phone_number'],
    allowedFirstAuthFactors: ['PASSWORD', 'WEB_AUTHN'],
    webAuthnRelyingPartyId: 'creators.example.com',
    webAuthnUserVerification: 'required',
    webAuthnFactorConfiguration: 'MULTI_FACTOR_WITH_USER_VERIFICATION',
    callbackUrls: DEFAULT_SETTINGS.callbackUrls,
    logoutUrls: DEFAULT_SETTINGS.logoutUrls,
    identityProviders: ['Google'],
    deviceTracking: 'opt-in',
    deviceFlows: 'any',
    deviceMfaBypass: true,
    threatProtection: 'enforced',
    mfa: 'required',
    mfaFactors: ['SOFTWARE_TOKEN_MFA', 'EMAIL_OTP'],
    clientReadAttributes: ['email', 'name'],
    accountRecovery: ['verified_email', 'verified_phone_number'],
  });
});

test.each([
  ['IDENTITY_PREVENT_USER_EXISTENCE_ERRORS', 'SOMETIMES', 'must be ENABLED or LEGACY'],
  ['IDENTITY_REFRESH_TOKEN_GRACE_SECONDS', '61', 'must be a whole number from 0 to 60'],
  ['IDENTITY_PASSWORD_HISTORY_SIZE', '25', 'must be a whole number from 0 to 24'],
  ['IDENTITY_PASSWORD_HISTORY_SIZE', '-1', 'must be a whole number from 0 to 24'],
  ['IDENTITY_REFRESH_TOKEN_ROTATION', 'maybe', 'must be on or off'],
  ['IDENTITY_LOCKOUT_MAX_SECONDS', '0', 'must be a whole number from 1 to 86400'],
  ['IDENTITY_ALLOWED_FIRST_AUTH_FACTORS', 'PASSWORD,SMS_OTP', 'must be a comma list of'],
  ['IDENTITY_ALLOWED_FIRST_AUTH_FACTORS', 'WEB_AUTHN', 'must be a comma list of'],
  ['IDENTITY_WEBAUTHN_RELYING_PARTY_ID', 'https://example.com', 'must be a domain name'],
  ['IDENTITY_WEBAUTHN_USER_VERIFICATION', 'discouraged', 'must be required or preferred'],
  ['IDENTITY_WEBAUTHN_FACTOR_CONFIGURATION', 'BOTH', 'must be SINGLE_FACTOR or'],
  ['IDENTITY_MFA', 'on', 'must be off or optional or required'],
  ['IDENTITY_MFA_FACTORS', 'SMS_MFA,VOICE', 'must list some of'],
])('refuses %s=%s, naming it', (name, value, why) => {
  expect(() => settingsFromEnv({ [name]: value })).toThrow(`${name} ${why}`);
});

test('callback and sign-out URLs follow PORT, or are listed; identity providers may be none', () => {
  const byPort = settingsFromEnv({ PORT: '4100' });
  expect(byPort.callbackUrls).toEqual([
    'http://localhost:4100/api/auth/callback',
    'http://127.0.0.1:4100/api/auth/callback',
  ]);
  expect(byPort.logoutUrls).toEqual(['http://localhost:4100/login', 'http://127.0.0.1:4100/login']);
  const listed = settingsFromEnv({
    IDENTITY_CALLBACK_URLS: ' https://app.example.com/cb , http://localhost:5000/cb',
    IDENTITY_LOGOUT_URLS: 'https://app.example.com/bye',
    IDENTITY_IDENTITY_PROVIDERS: '',
  });
  expect(listed.callbackUrls).toEqual(['https://app.example.com/cb', 'http://localhost:5000/cb']);
  expect(listed.logoutUrls).toEqual(['https://app.example.com/bye']);
  expect(listed.identityProviders).toEqual([]);
  expect(() => settingsFromEnv({ IDENTITY_CALLBACK_URLS: 'not a url' })).toThrow(
    /IDENTITY_CALLBACK_URLS/,
  );
  expect(() => settingsFromEnv({ IDENTITY_LOGOUT_URLS: 'http://x/#frag' })).toThrow(
    /IDENTITY_LOGOUT_URLS/,
  );
  expect(() => settingsFromEnv({ IDENTITY_IDENTITY_PROVIDERS: 'Facebook' })).toThrow(
    /IDENTITY_IDENTITY_PROVIDERS/,
  );
});
