import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserPool,
  type CognitoUserSession,
} from 'amazon-cognito-identity-js';
import { PUBLIC_CLIENT } from './settings';
import {
  createConfirmedUser,
  PASSWORD,
  startLocalTarget,
  uniqueEmail,
  type PoolTarget,
} from './conformance-harness';

/**
 * The local pool's SRP sign-in as a client it did not write runs it: amazon-cognito-identity-js,
 * unmodified, whose `authenticateUser` signs in by USER_SRP_AUTH (its default). A right password
 * signs in; a wrong one, and an unknown name, are refused as Cognito refuses them.
 */

type Outcome =
  | { ok: true; session: CognitoUserSession }
  | { ok: false; name: string; message: string }
  | { ok: 'challenge'; name: string };

function authenticate(target: PoolTarget, email: string, password: string): Promise<Outcome> {
  const pool = new CognitoUserPool({
    UserPoolId: target.poolId,
    ClientId: target.clientId,
    endpoint: target.local!.url,
  });
  const user = new CognitoUser({ Username: email, Pool: pool });
  return new Promise((resolve) =>
    user.authenticateUser(new AuthenticationDetails({ Username: email, Password: password }), {
      onSuccess: (session) => resolve({ ok: true, session }),
      onFailure: (err: { code?: string; name?: string; message: string }) =>
        resolve({ ok: false, name: err.code ?? err.name ?? '', message: err.message }),
      mfaRequired: () => resolve({ ok: 'challenge', name: 'SMS_MFA' }),
      totpRequired: () => resolve({ ok: 'challenge', name: 'SOFTWARE_TOKEN_MFA' }),
      newPasswordRequired: () => resolve({ ok: 'challenge', name: 'NEW_PASSWORD_REQUIRED' }),
    }),
  );
}

describe.each([
  ['user-existence errors named (LEGACY)', 'LEGACY' as const],
  ['user-existence errors prevented (ENABLED)', 'ENABLED' as const],
])("amazon-cognito-identity-js's SRP sign-in against the local pool, %s", (_label, existence) => {
  let target: PoolTarget;
  beforeAll(async () => {
    // The library signs in on a public client only (it sends no SECRET_HASH).
    target = await startLocalTarget({
      ...PUBLIC_CLIENT,
      preventUserExistenceErrors: existence,
      deviceTracking: 'off',
    });
  });
  afterAll(async () => target.close());

  it('signs in with the right password and gets tokens for the user', async () => {
    const { email } = await createConfirmedUser(target);
    const out = await authenticate(target, email, PASSWORD);
    if (out.ok !== true) throw new Error(`not signed in: ${JSON.stringify(out)}`);
    expect(out.session.getIdToken().payload.email).toBe(email);
    expect(out.session.getRefreshToken().getToken()).toBeTruthy();
  }, 20_000);

  it('refuses a wrong password as Cognito does', async () => {
    const { email } = await createConfirmedUser(target);
    expect(await authenticate(target, email, 'Wr0ng-password!')).toEqual({
      ok: false,
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
  }, 20_000);

  it('answers an unknown name as the existence setting says', async () => {
    const out = await authenticate(target, uniqueEmail('nobody'), PASSWORD);
    expect(out).toEqual(
      existence === 'LEGACY'
        ? { ok: false, name: 'UserNotFoundException', message: 'User does not exist.' }
        : { ok: false, name: 'NotAuthorizedException', message: 'Incorrect username or password.' },
    );
  }, 20_000);

  it('an administrator-created user signs in with the temporary password to the new-password step', async () => {
    const email = uniqueEmail('invited');
    const { AdminCreateUserCommand } = await import('@aws-sdk/client-cognito-identity-provider');
    await target.client.send(
      new AdminCreateUserCommand({
        UserPoolId: target.poolId,
        Username: email,
        TemporaryPassword: 'Tmp-Passw0rd!',
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    expect(await authenticate(target, email, 'Tmp-Passw0rd!')).toEqual({
      ok: 'challenge',
      name: 'NEW_PASSWORD_REQUIRED',
    });
  }, 20_000);
});
