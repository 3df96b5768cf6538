/**
 * @jest-environment ./local/identity/test-environment.ts
 */
// Malformed requests, sent raw: every one gets a Cognito-style JSON error, and the server lives on.
jest.mock('jose', () =>
  (globalThis as unknown as { __nodeRequire: NodeJS.Require }).__nodeRequire('jose'),
);
jest.mock('otplib', () =>
  (globalThis as unknown as { __nodeRequire: NodeJS.Require }).__nodeRequire('otplib'),
);

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLIENT_ID, POOL_ID } from './config';
import { startIdentityServer, type IdentityServer } from './server';
import { PUBLIC_CLIENT } from './settings';

let server: IdentityServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'identity-malformed-'));
  server = await startIdentityServer({
    port: 0,
    dataDir,
    log: () => undefined,
    seedDemo: false,
    scryptLogN: 10,
    // The values' checks, met before any client's: a public client, so no call needs a hash.
    settings: { ...PUBLIC_CLIENT },
  });
});

afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(target: string | undefined, body: string) {
  const headers: Record<string, string> = { 'content-type': 'application/x-amz-json-1.1' };
  if (target !== undefined) headers['x-amz-target'] = target;
  const res = await fetch(`${server.url}/`, { method: 'POST', headers, body });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    body: (await res.json()) as { __type?: string; message?: string },
  };
}

const op = (name: string) => `AWSCognitoIdentityProviderService.${name}`;

afterEach(async () => {
  const res = await fetch(`${server.url}/__local/health`);
  expect(await res.json()).toEqual({ ok: true });
});

test('unknown or missing target', async () => {
  for (const target of [
    op('NoSuchOperation'),
    op('constructor'),
    op('__proto__'),
    'Other.SignUp',
    undefined,
  ]) {
    const res = await call(target, '{}');
    expect(res.status).toBe(400);
    expect(res.type).toBe('application/x-amz-json-1.1');
    expect(res.body.__type).toBe('UnknownOperationException');
    expect(typeof res.body.message).toBe('string');
  }
});

test('bodies that are not a JSON object', async () => {
  for (const body of ['{not json', '[1,2]', '"text"', '42', 'null{']) {
    const res = await call(op('SignUp'), body);
    expect(res.status).toBe(400);
    expect(res.body.__type).toBe('SerializationException');
  }
});

test('missing required members', async () => {
  const cases: Array<[string, object, string]> = [
    // Every missing member is counted, as Cognito counts them; Password may be left out (a
    // passwordless sign-up), ClientId may not.
    ['SignUp', {}, "2 validation errors detected: Value null at 'clientId'"],
    ['SignUp', {}, "Value null at 'username'"],
    ['SignUp', { Username: 'a@example.com', Password: 'Passw0rd!' }, "Value null at 'clientId'"],
    ['InitiateAuth', { ClientId: CLIENT_ID }, "Value null at 'authFlow'"],
    ['GetUser', {}, "Value null at 'accessToken'"],
    ['AdminGetUser', { Username: 'a@example.com' }, "Value null at 'userPoolId'"],
    ['UpdateUserAttributes', { AccessToken: 'x' }, "Value null at 'userAttributes'"],
  ];
  for (const [name, body, fragment] of cases) {
    const res = await call(op(name), JSON.stringify(body));
    expect(res.status).toBe(400);
    expect(res.body.__type).toBe('InvalidParameterException');
    expect(res.body.message).toContain(fragment);
  }
  const flow = await call(
    op('InitiateAuth'),
    JSON.stringify({
      ClientId: CLIENT_ID,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: 'a@example.com' },
    }),
  );
  expect(flow.body).toEqual({
    __type: 'InvalidParameterException',
    message: 'Missing required parameter PASSWORD',
  });
});

test('members of the wrong type', async () => {
  const bodies = [
    { ClientId: 42, Username: 'a@example.com', Password: 'Passw0rd!' },
    { ClientId: CLIENT_ID, Username: ['a@example.com'], Password: 'Passw0rd!' },
    { ClientId: CLIENT_ID, Username: 'a@example.com', Password: { p: 1 } },
    {
      ClientId: CLIENT_ID,
      Username: 'a@example.com',
      Password: 'Passw0rd!',
      UserAttributes: { Name: 'name' },
    },
    {
      ClientId: CLIENT_ID,
      Username: 'a@example.com',
      Password: 'Passw0rd!',
      UserAttributes: [{ Name: 'name', Value: 7 }],
    },
    {
      ClientId: CLIENT_ID,
      Username: 'a@example.com',
      Password: 'Passw0rd!',
      UserAttributes: ['name'],
    },
  ];
  for (const body of bodies) {
    const res = await call(op('SignUp'), JSON.stringify(body));
    expect(res.status).toBe(400);
    expect(res.body.__type).toBe('SerializationException');
  }
  const auth = await call(
    op('InitiateAuth'),
    JSON.stringify({
      ClientId: CLIENT_ID,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: 'USERNAME=a',
    }),
  );
  expect(auth.body.__type).toBe('SerializationException');
  const mfa = await call(
    op('SetUserMFAPreference'),
    JSON.stringify({ AccessToken: 'x', SoftwareTokenMfaSettings: { Enabled: 'yes' } }),
  );
  expect(mfa.body).toEqual({
    __type: 'SerializationException',
    message: 'STRING_VALUE can not be converted to a Boolean',
  });
  const adminMfa = await call(
    op('AdminSetUserMFAPreference'),
    JSON.stringify({
      UserPoolId: POOL_ID,
      Username: 'nobody@creator.test',
      EmailMfaSettings: { Enabled: 'no' },
    }),
  );
  expect(adminMfa.body).toEqual({
    __type: 'SerializationException',
    message: 'STRING_VALUE can not be converted to a Boolean',
  });
});

test('values outside Cognito constraints', async () => {
  const long = await call(
    op('SignUp'),
    JSON.stringify({
      ClientId: CLIENT_ID,
      Username: `${'a'.repeat(200)}@example.com`,
      Password: 'Passw0rd!',
    }),
  );
  expect(long.body.__type).toBe('InvalidParameterException');
  expect(long.body.message).toContain('length less than or equal to 128');
  const flow = await call(
    op('InitiateAuth'),
    JSON.stringify({ ClientId: CLIENT_ID, AuthFlow: 'MAGIC' }),
  );
  expect(flow.body.__type).toBe('InvalidParameterException');
  expect(flow.body.message).toContain('enum value set');
  const srp = await call(
    op('InitiateAuth'),
    JSON.stringify({ ClientId: CLIENT_ID, AuthFlow: 'USER_SRP_AUTH', AuthParameters: {} }),
  );
  expect(srp.body).toEqual({
    __type: 'InvalidParameterException',
    message: 'Missing required parameter USERNAME',
  });
  const noA = await call(
    op('InitiateAuth'),
    JSON.stringify({
      ClientId: CLIENT_ID,
      AuthFlow: 'USER_SRP_AUTH',
      AuthParameters: { USERNAME: 'someone@example.com', SRP_A: '0' },
    }),
  );
  expect(noA.body).toEqual({
    __type: 'InvalidParameterException',
    message: 'SRP_A is not a valid value.',
  });
  const custom = await call(
    op('InitiateAuth'),
    JSON.stringify({ ClientId: CLIENT_ID, AuthFlow: 'CUSTOM_AUTH', AuthParameters: {} }),
  );
  expect(custom.body).toEqual({
    __type: 'InvalidParameterException',
    message: 'Initiate Auth method not supported.',
  });
  const user = await call(
    op('SignUp'),
    JSON.stringify({ ClientId: CLIENT_ID, Username: 'not-an-email', Password: 'Passw0rd!' }),
  );
  expect(user.body).toEqual({
    __type: 'InvalidParameterException',
    message: 'Username should be an email.',
  });
  const proto = await call(op('SignUp'), '{"__proto__": {"ClientId": "x"}, "constructor": 1}');
  expect(proto.body.__type).toBe('InvalidParameterException');
});

test('a 1 MB body is refused with 413 JSON', async () => {
  const big = JSON.stringify({
    ClientId: CLIENT_ID,
    Username: 'a@example.com',
    Password: 'x'.repeat(1024 * 1024),
  });
  const res = await call(op('SignUp'), big);
  expect(res.status).toBe(413);
  expect(res.body.__type).toBe('RequestEntityTooLargeException');
  const local = await fetch(`${server.url}/__local/users/attributes`, {
    method: 'POST',
    body: 'x'.repeat(1024 * 1024),
  });
  expect(local.status).toBe(413);
  expect(await local.json()).toEqual({ error: 'Body too large' });
});

test('other paths and methods answer JSON', async () => {
  for (const [method, pathname] of [
    ['GET', '/'],
    ['PUT', '/'],
    ['GET', '/__local/nope'],
    ['DELETE', '/__local/outbox'],
  ] as const) {
    const res = await fetch(`${server.url}${pathname}`, { method });
    expect(res.status).toBe(404);
    expect(await res.json()).toHaveProperty('error');
  }
  const jwks = (await (
    await fetch(`${server.url}/us-east-1_LocalDev01/.well-known/jwks.json`)
  ).json()) as { keys: Array<Record<string, string>> };
  expect(jwks.keys[0]).toMatchObject({
    kty: 'RSA',
    alg: 'RS256',
    use: 'sig',
    kid: expect.any(String),
  });
  const oidc = (await (
    await fetch(`${server.url}/us-east-1_LocalDev01/.well-known/openid-configuration`)
  ).json()) as { issuer: string };
  expect(oidc.issuer).toBe(`${server.url}/us-east-1_LocalDev01`);
});

test('a burst of bad requests leaves the server answering', async () => {
  const results = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      call(op(i % 2 ? 'SignUp' : 'Nope'), i % 3 ? '{bad' : '{}'),
    ),
  );
  for (const res of results) expect(res.status).toBe(400);
});
