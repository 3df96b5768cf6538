import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  createConfirmedUser,
  failure,
  startLocalTarget,
  type PoolTarget,
} from './conformance-harness';
import { HOST_ACTIONS, LOCAL_HOST_CREDENTIALS, LOCAL_OPERATOR_CREDENTIALS } from './iam';

/**
 * Administrator calls are signed AWS requests that a policy allows or denies: the host's
 * credentials may call what the README tells operators to allow, and nothing else.
 */

const root = path.join(__dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

function clientFor(
  target: PoolTarget,
  credentials: { accessKeyId: string; secretAccessKey: string },
) {
  return new CognitoIdentityProviderClient({
    region: 'us-east-1',
    endpoint: target.local!.url,
    credentials,
    maxAttempts: 1,
  });
}

async function unsigned(target: PoolTarget, op: string, body: object) {
  const res = await fetch(`${target.local!.url}/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${op}`,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { __type?: string; message?: string } };
}

describe('administrator calls: signatures and the host policy', () => {
  let target: PoolTarget;
  beforeAll(async () => {
    target = await startLocalTarget({});
  });
  afterAll(async () => target.close());

  it("the host's credentials call the README's actions and are denied any other, as AWS denies", async () => {
    const { email } = await createConfirmedUser(target);
    const host = clientFor(target, LOCAL_HOST_CREDENTIALS);
    const got = await host.send(
      new AdminGetUserCommand({ UserPoolId: target.poolId, Username: email }),
    );
    expect(got.Username).toBeTruthy();
    const denied = await failure(
      host.send(new AdminDisableUserCommand({ UserPoolId: target.poolId, Username: email })),
    );
    expect(denied).toEqual({
      name: 'AccessDeniedException',
      message: `User: arn:aws:iam::000000000000:user/local is not authorized to perform: cognito-idp:AdminDisableUser on resource: arn:aws:cognito-idp:us-east-1:000000000000:userpool/${target.poolId} because no identity-based policy allows the cognito-idp:AdminDisableUser action`,
    });
    // The operator (tests, tools) may do anything.
    const operator = clientFor(target, LOCAL_OPERATOR_CREDENTIALS);
    await operator.send(
      new AdminDisableUserCommand({ UserPoolId: target.poolId, Username: email }),
    );
    await operator.send(new AdminEnableUserCommand({ UserPoolId: target.poolId, Username: email }));
  });

  it('a wrong secret, an unknown key and an altered body are refused', async () => {
    const { email } = await createConfirmedUser(target);
    const call = (credentials: { accessKeyId: string; secretAccessKey: string }) =>
      failure(
        clientFor(target, credentials).send(
          new AdminGetUserCommand({ UserPoolId: target.poolId, Username: email }),
        ),
      );
    expect((await call({ accessKeyId: 'local', secretAccessKey: 'not-it' })).name).toBe(
      'InvalidSignatureException',
    );
    expect(await call({ accessKeyId: 'someone', secretAccessKey: 'local' })).toEqual({
      name: 'UnrecognizedClientException',
      message: 'The security token included in the request is invalid.',
    });
    // Signed for one user, sent for another.
    const altering = clientFor(target, LOCAL_HOST_CREDENTIALS);
    altering.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { body?: string | Uint8Array };
        const text =
          typeof request.body === 'string' ? request.body : new TextDecoder().decode(request.body);
        // Same length, another user: the signature no longer covers it.
        request.body = new TextEncoder().encode(text.replace(email, `x${email.slice(1)}`));
        return next(args);
      },
      { step: 'finalizeRequest', priority: 'low' },
    );
    expect(
      await failure(
        altering.send(new AdminGetUserCommand({ UserPoolId: target.poolId, Username: email })),
      ),
    ).toMatchObject({ name: 'InvalidSignatureException' });
  });

  it('unsigned, an administrator call is the local test hook; with signatures required, refused', async () => {
    const { email } = await createConfirmedUser(target);
    expect(
      (await unsigned(target, 'AdminGetUser', { UserPoolId: target.poolId, Username: email }))
        .status,
    ).toBe(200);
    const strict = await startLocalTarget({ requireSignature: true });
    try {
      expect(
        await unsigned(strict, 'AdminGetUser', { UserPoolId: strict.poolId, Username: email }),
      ).toEqual({
        status: 400,
        body: {
          __type: 'MissingAuthenticationTokenException',
          message: 'Missing Authentication Token',
        },
      });
      // A user's own calls are not IAM's: unsigned as ever.
      expect(
        (await unsigned(strict, 'InitiateAuth', { ClientId: strict.clientId, AuthFlow: 'MAGIC' }))
          .body.__type,
      ).toBe('InvalidParameterException');
    } finally {
      await strict.close();
    }
  });

  it("the README's permissions are the host policy, and cover every administrator call the product makes", () => {
    const readme = read('README.md');
    const section = readme.slice(
      readme.indexOf("**The host's permissions.**"),
      readme.indexOf('\n\n', readme.indexOf("**The host's permissions.**")),
    );
    const listed = [...section.matchAll(/`cognito-idp:(\w+)`/g)].map((m) => m[1]).sort();
    expect(listed).toEqual([...HOST_ACTIONS].sort());
    const used = new Set<string>();
    const sources = ['lib', 'app', 'components', 'scripts'].flatMap((dir) =>
      readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => /\.(ts|tsx|mjs)$/.test(f) && !/\.test\.tsx?$/.test(f))
        .map((f) => path.join(dir, f)),
    );
    for (const file of sources)
      for (const m of read(file).matchAll(/\b((?:Admin\w+|ListUsers))Command\b/g)) used.add(m[1]!);
    expect(used.size).toBeGreaterThan(0);
    for (const action of used) expect(HOST_ACTIONS).toContain(action);
    // The web app's admin client on the local stack signs as the host.
    expect(read('lib/cognito/admin.ts')).toContain(
      `{ accessKeyId: '${LOCAL_HOST_CREDENTIALS.accessKeyId}', secretAccessKey: '${LOCAL_HOST_CREDENTIALS.secretAccessKey}' }`,
    );
  });
});
