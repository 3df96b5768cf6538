import { passkeyCredentialSchema, passkeyIdSchema, passkeyNameSchema } from './passkey';

/** A browser's AuthenticationResponseJSON, shaped as @simplewebauthn/browser hands it over. */
const assertion = {
  id: 'AbC-_123',
  rawId: 'AbC-_123',
  type: 'public-key',
  response: {
    clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0',
    authenticatorData: 'SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MFAAAAAQ',
    signature: 'MEUCIQ',
    userHandle: 'dXNlcg',
  },
  clientExtensionResults: {},
  authenticatorAttachment: 'platform',
};

describe('passkeyCredentialSchema', () => {
  it('takes what browsers send for a sign-in and for a new passkey', () => {
    expect(passkeyCredentialSchema.safeParse(assertion).success).toBe(true);
    const registration = {
      ...assertion,
      response: {
        clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0',
        attestationObject: 'o2NmbXRkbm9uZQ',
        transports: ['internal', 'hybrid'],
        publicKeyAlgorithm: -7,
        publicKey: 'MFkwEwYHKoZI',
        authenticatorData: 'SZYN5YgO',
      },
    };
    expect(passkeyCredentialSchema.safeParse(registration).success).toBe(true);
  });

  it.each([
    ['not an object', 'hello'],
    ['another type', { ...assertion, type: 'password' }],
    ['no id', { ...assertion, id: '' }],
    ['an id that is not base64url', { ...assertion, id: 'a b<script>' }],
    ['a response field of markup', { ...assertion, response: { clientDataJSON: '<x>' } }],
    ['an oversized field', { ...assertion, response: { signature: 'A'.repeat(20_000) } }],
    ['a nested object where strings go', { ...assertion, response: { signature: { a: 1 } } }],
    ['an unknown attachment', { ...assertion, authenticatorAttachment: 'usb' }],
  ])('refuses %s', (_, value) => {
    expect(passkeyCredentialSchema.safeParse(value).success).toBe(false);
  });
});

describe('passkeyIdSchema', () => {
  it('takes credential ids as Cognito lists them and nothing else', () => {
    expect(passkeyIdSchema.safeParse('AbC-_123').success).toBe(true);
    expect(passkeyIdSchema.safeParse('AbC+/12=').success).toBe(true);
    for (const bad of ['', 'a b', '../x', 'x'.repeat(2000), 42, null])
      expect(passkeyIdSchema.safeParse(bad).success).toBe(false);
  });
});

describe('passkeyNameSchema', () => {
  it('drops direction overrides and zero-width characters as typed', () => {
    expect(passkeyNameSchema.parse('Work \u202Eenohp\u200B')).toBe('Work enohp');
  });

  it('refuses a name of invisible characters only', () => {
    expect(passkeyNameSchema.safeParse('\u202E\u200B\u2066').success).toBe(false);
  });
});
