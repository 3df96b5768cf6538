import { parseEnv } from '@/lib/runtime/env';
import { awsCredentialsProblem } from './startup-check';

const production = parseEnv({
  COGNITO_USER_POOL_ID: 'us-east-1_Abc123',
  COGNITO_CLIENT_ID: 'client',
  SESSION_SECRET: 'a-production-secret-of-at-least-32-chars',
  CREATOR_API_URL: 'https://creators.example.com',
  ANALYTICS_EMBED_URL: 'https://embed.example.com',
  SUPPORT_EMAIL: 'support@example.com',
  TERMS_URL: 'https://example.com/terms',
  PRIVACY_URL: 'https://example.com/privacy',
});

describe('AWS credentials at start-up', () => {
  it('are found: nothing to say', async () => {
    await expect(
      awsCredentialsProblem(production, async () => ({ accessKeyId: 'AKIAEXAMPLE' })),
    ).resolves.toBeNull();
  });

  it('are missing: the provider chain says why, in one line', async () => {
    const chain = async () => {
      throw new Error('Could not load credentials from any providers\nmore detail');
    };
    await expect(awsCredentialsProblem(production, chain)).resolves.toBe(
      'Could not load credentials from any providers',
    );
  });

  it('never come (a metadata service that does not answer): refused within the budget', async () => {
    const started = Date.now();
    const problem = await awsCredentialsProblem(production, () => new Promise(() => {}), 200);
    expect(problem).toBe('none found within 200 ms');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('through the real default chain, with nothing on this host to find', async () => {
    const saved = { ...process.env };
    for (const name of Object.keys(process.env))
      if (name.startsWith('AWS_')) delete process.env[name];
    Object.assign(process.env, {
      AWS_EC2_METADATA_DISABLED: 'true',
      AWS_SHARED_CREDENTIALS_FILE: '/nonexistent',
      AWS_CONFIG_FILE: '/nonexistent',
    });
    try {
      expect(await awsCredentialsProblem(production, undefined, 5000)).toEqual(expect.any(String));
      process.env.AWS_ACCESS_KEY_ID = 'AKIAEXAMPLE';
      process.env.AWS_SECRET_ACCESS_KEY = 'secret';
      expect(await awsCredentialsProblem(production, undefined, 5000)).toBeNull();
    } finally {
      process.env = saved;
    }
  });

  it('are not asked for in local mode', async () => {
    await expect(
      awsCredentialsProblem(parseEnv({}), async () => {
        throw new Error('must not be called');
      }),
    ).resolves.toBeNull();
  });
});
