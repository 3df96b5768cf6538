/**
 * @jest-environment ./local/identity/test-environment.ts
 */
// The software authenticator the conformance cases use: what it signs, a WebAuthn library accepts.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { SoftwareAuthenticator } from './test-authenticator';

const ORIGIN = 'http://localhost:3000';

async function registered(authenticator: SoftwareAuthenticator) {
  const options = await generateRegistrationOptions({
    rpName: 'localhost',
    rpID: 'localhost',
    userName: 'a@example.com',
  });
  const response = authenticator.register(options) as unknown as RegistrationResponseJSON;
  const result = await verifyRegistrationResponse({
    response,
    expectedChallenge: options.challenge,
    expectedOrigin: ORIGIN,
    expectedRPID: 'localhost',
  });
  return { options, response, result };
}

test('registers with attestation "none" and signs assertions the library verifies', async () => {
  const authenticator = new SoftwareAuthenticator({ origin: ORIGIN });
  const { response, result } = await registered(authenticator);
  expect(response).toMatchObject({
    id: authenticator.credentialId,
    rawId: authenticator.credentialId,
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: { transports: ['internal', 'hybrid'], publicKeyAlgorithm: -7 },
  });
  expect(result.verified).toBe(true);
  const info = result.registrationInfo;
  if (!info) throw new Error('not registered');
  expect(info).toMatchObject({
    fmt: 'none',
    userVerified: true,
    origin: ORIGIN,
    rpID: 'localhost',
  });
  expect(info.credential.id).toBe(authenticator.credentialId);

  const credential = { ...info.credential };
  for (const expectedCounter of [1, 2]) {
    const options = await generateAuthenticationOptions({ rpID: 'localhost' });
    const assertion = authenticator.authenticate(JSON.stringify(options));
    const check = await verifyAuthenticationResponse({
      response: assertion as unknown as AuthenticationResponseJSON,
      expectedChallenge: options.challenge,
      expectedOrigin: ORIGIN,
      expectedRPID: 'localhost',
      credential,
    });
    expect(check.verified).toBe(true);
    expect(check.authenticationInfo.newCounter).toBe(expectedCounter);
    credential.counter = check.authenticationInfo.newCounter;
  }
});

test('bends a ceremony on request: no user verification, another challenge, a stale counter', async () => {
  const authenticator = new SoftwareAuthenticator({ origin: ORIGIN, userVerification: false });
  // The library requires user verification by default.
  await expect(registered(authenticator)).rejects.toThrow(/user verification/i);

  const verifying = new SoftwareAuthenticator({ origin: ORIGIN });
  const { result: ok } = await registered(verifying);
  const credential = { ...(ok.registrationInfo?.credential ?? ({} as never)), counter: 5 };
  const options = await generateAuthenticationOptions({ rpID: 'localhost' });
  const verify = (response: unknown) =>
    verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: options.challenge,
      expectedOrigin: ORIGIN,
      expectedRPID: 'localhost',
      credential,
    });
  await expect(verify(verifying.authenticate(options, { challenge: 'b3RoZXI' }))).rejects.toThrow(
    /challenge/i,
  );
  await expect(verify(verifying.authenticate(options, { counter: 3 }))).rejects.toThrow(/counter/i);
  await expect(
    verify(verifying.authenticate(options, { origin: 'https://evil.example' })),
  ).rejects.toThrow(/origin/i);
  const fresh = await verify(verifying.authenticate(options, { counter: 6 }));
  expect(fresh.verified).toBe(true);
});

test('an Ed25519 authenticator sends an EdDSA key (-8)', async () => {
  const authenticator = new SoftwareAuthenticator({ origin: ORIGIN, algorithm: 'Ed25519' });
  const { response, result } = await registered(authenticator);
  expect((response.response as { publicKeyAlgorithm?: number }).publicKeyAlgorithm).toBe(-8);
  expect(result.verified).toBe(true);
});
