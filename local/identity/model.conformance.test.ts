/**
 * Where the local pool used to forgive what AWS's published model and reference refuse (issue
 * "Cognito as AWS documents it", the Low list): requests checked against the model's input
 * shapes, errors only of the types an operation declares, two signing keys, passwordless sign-up,
 * and REFRESH_TOKEN_AUTH under rotation. Each case failed on the pool before these changes.
 */
import {
  AdminDeleteUserCommand,
  AssociateSoftwareTokenCommand,
  ChangePasswordCommand,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  DeleteWebAuthnCredentialCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  ListWebAuthnCredentialsCommand,
  RespondToAuthChallengeCommand,
  RevokeTokenCommand,
  SignUpCommand,
  StartWebAuthnRegistrationCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import {
  createConfirmedUser,
  decodeJwt,
  failure,
  PASSWORD,
  signIn,
  startLocalTarget,
  uniqueEmail,
  type PoolTarget,
} from './conformance-harness';

const SECRET = 'local_model_client_secret_0123456789abcdef';

describe('the local pool checks requests against the model', () => {
  let target: PoolTarget;
  beforeAll(async () => {
    target = await startLocalTarget({ clientSecret: SECRET });
  });
  afterAll(async () => target.close());

  it('a refresh token outside the pattern is a validation error that leaves the token out', async () => {
    const err = await failure(
      target.client.send(
        new GetTokensFromRefreshTokenCommand({
          ClientId: target.clientId,
          ClientSecret: SECRET,
          RefreshToken: 'not a token!',
        }),
      ),
    );
    expect(err).toEqual({
      name: 'InvalidParameterException',
      message:
        "1 validation error detected: Value at 'refreshToken' failed to satisfy constraint: Member must satisfy regular expression pattern: [A-Za-z0-9-_=.]+",
    });
  });

  it('a device key outside its pattern is named with its value; two errors are counted', async () => {
    const one = await failure(
      target.client.send(
        new GetTokensFromRefreshTokenCommand({
          ClientId: target.clientId,
          ClientSecret: SECRET,
          RefreshToken: 'abc.def',
          DeviceKey: 'nodevice',
        }),
      ),
    );
    expect(one.message).toBe(
      "1 validation error detected: Value 'nodevice' at 'deviceKey' failed to satisfy constraint: Member must satisfy regular expression pattern: [\\w-]+_[0-9a-f-]+",
    );
    const two = await failure(
      target.client.send(
        new RevokeTokenCommand({ ClientId: target.clientId, ClientSecret: 'short', Token: '' }),
      ),
    );
    expect(two.name).toBe('InvalidParameterException');
    expect(two.message).toMatch(/^2 validation errors detected: /);
    expect(two.message).toContain(
      "Value at 'clientSecret' failed to satisfy constraint: Member must have length greater than or equal to 24",
    );
  });

  it('RevokeToken answers a wrong secret with UnauthorizedException, the one it declares', async () => {
    const { tokens } = await createConfirmedUser(target);
    const err = await failure(
      target.client.send(
        new RevokeTokenCommand({
          ClientId: target.clientId,
          ClientSecret: 'another_secret_0123456789abcdefgh',
          Token: tokens.RefreshToken,
        }),
      ),
    );
    expect(err.name).toBe('UnauthorizedException');
  });
});

describe('the local pool answers only errors the model declares', () => {
  let target: PoolTarget;
  beforeAll(async () => {
    target = await startLocalTarget();
  });
  afterAll(async () => target.close());

  it("a deleted user's access token: UserNotFound where declared, NotAuthorized elsewhere", async () => {
    const { email, tokens } = await createConfirmedUser(target);
    await target.client.send(
      new AdminDeleteUserCommand({ UserPoolId: target.poolId, Username: email }),
    );
    const AccessToken = tokens.AccessToken;
    expect((await failure(target.client.send(new GetUserCommand({ AccessToken })))).name).toBe(
      'UserNotFoundException',
    );
    for (const call of [
      new GlobalSignOutCommand({ AccessToken }),
      new AssociateSoftwareTokenCommand({ AccessToken }),
      new StartWebAuthnRegistrationCommand({ AccessToken }),
      new ListWebAuthnCredentialsCommand({ AccessToken }),
    ] as const)
      expect((await failure(target.client.send(call as never))).name).toBe(
        'NotAuthorizedException',
      );
  });

  // Developer guide, "Recovering user accounts": its table answers ConfirmForgotPassword with no
  // code requested ExpiredCodeException (the model declares both).
  it('a reset confirmed with no code requested is an expired code, not a mismatch', async () => {
    const { email } = await createConfirmedUser(target);
    const err = await failure(
      target.client.send(
        new ConfirmForgotPasswordCommand({
          ClientId: target.clientId,
          Username: email,
          ConfirmationCode: '123456',
          Password: `${PASSWORD}x`,
        }),
      ),
    );
    expect(err.name).toBe('ExpiredCodeException');
  });

  it('ListWebAuthnCredentials takes MaxResults 0, and an empty credential id is not found', async () => {
    const { tokens } = await createConfirmedUser(target);
    const AccessToken = tokens.AccessToken;
    const listed = await target.client.send(
      new ListWebAuthnCredentialsCommand({ AccessToken, MaxResults: 0 }),
    );
    expect(listed.Credentials).toEqual([]);
    const err = await failure(
      target.client.send(new DeleteWebAuthnCredentialCommand({ AccessToken, CredentialId: '' })),
    );
    expect(err.name).toBe('ResourceNotFoundException');
  });

  it('access and id tokens are signed by the two keys the JWKS lists', async () => {
    const { tokens } = await createConfirmedUser(target);
    const issuer = `${target.local!.url}/${target.poolId}`;
    const jwks = (await (await fetch(`${issuer}/.well-known/jwks.json`)).json()) as {
      keys: { kid: string }[];
    };
    expect(jwks.keys).toHaveLength(2);
    const accessKid = decodeJwt(tokens.AccessToken).header.kid;
    const idKid = decodeJwt(tokens.IdToken).header.kid;
    expect(accessKid).not.toBe(idKid);
    expect(jwks.keys.map((k) => k.kid).sort()).toEqual([accessKid, idKid].sort());
    const keySet = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`));
    await expect(jwtVerify(tokens.AccessToken!, keySet, { issuer })).resolves.toBeTruthy();
    await expect(jwtVerify(tokens.IdToken!, keySet, { issuer })).resolves.toBeTruthy();
  });
});

describe('passwordless users, as the SignUp and ChangePassword references allow them', () => {
  let target: PoolTarget;
  beforeAll(async () => {
    target = await startLocalTarget();
  });
  afterAll(async () => target.close());

  it('signs up without a password, signs in by emailed code, then sets a first password', async () => {
    const email = uniqueEmail('nopassword');
    await target.client.send(
      new SignUpCommand({
        ClientId: target.clientId,
        Username: email,
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    await target.client.send(
      new ConfirmSignUpCommand({
        ClientId: target.clientId,
        Username: email,
        ConfirmationCode: await target.local!.code(email, 'signup'),
      }),
    );
    // A password sign-in has nothing to prove.
    expect((await failure(signIn(target, email, PASSWORD))).name).toBe('NotAuthorizedException');
    const started = await target.client.send(
      new InitiateAuthCommand({
        ClientId: target.clientId,
        AuthFlow: 'USER_AUTH',
        AuthParameters: { USERNAME: email, PREFERRED_CHALLENGE: 'EMAIL_OTP' },
      }),
    );
    expect(started.ChallengeName).toBe('EMAIL_OTP');
    const done = await target.client.send(
      new RespondToAuthChallengeCommand({
        ClientId: target.clientId,
        ChallengeName: 'EMAIL_OTP',
        Session: started.Session,
        ChallengeResponses: {
          USERNAME: email,
          EMAIL_OTP_CODE: await target.local!.code(email, 'sign-in'),
        },
      }),
    );
    const AccessToken = done.AuthenticationResult?.AccessToken;
    await target.client.send(
      new ChangePasswordCommand({ AccessToken, ProposedPassword: PASSWORD }),
    );
    expect((await signIn(target, email, PASSWORD)).AuthenticationResult?.AccessToken).toBeTruthy();
    // Now that there is a password, changing it needs it.
    expect(
      (
        await failure(
          target.client.send(
            new ChangePasswordCommand({ AccessToken, ProposedPassword: `${PASSWORD}x` }),
          ),
        )
      ).name,
    ).toBe('NotAuthorizedException');
  });

  it('without passwordless sign-in a password is required', async () => {
    const strict = await startLocalTarget({ allowedFirstAuthFactors: ['PASSWORD'] });
    try {
      const email = uniqueEmail('nopassword');
      const err = await failure(
        strict.client.send(
          new SignUpCommand({
            ClientId: strict.clientId,
            Username: email,
            UserAttributes: [{ Name: 'email', Value: email }],
          }),
        ),
      );
      expect(err.name).toBe('InvalidParameterException');
    } finally {
      await strict.close();
    }
  });
});

describe('REFRESH_TOKEN_AUTH under rotation', () => {
  it('is refused as a flow the app client does not allow', async () => {
    const target = await startLocalTarget({ refreshTokenRotation: true });
    try {
      const { tokens } = await createConfirmedUser(target);
      const err = await failure(
        target.client.send(
          new InitiateAuthCommand({
            ClientId: target.clientId,
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken! },
          }),
        ),
      );
      expect(err).toEqual({
        name: 'InvalidParameterException',
        message: 'Auth flow not enabled for this client',
      });
    } finally {
      await target.close();
    }
  });
});
