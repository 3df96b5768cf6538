/**
 * @jest-environment ./local/identity/test-environment.ts
 */
/**
 * The local pool runs the production template (infra/user-pool.yaml): its app client reads only
 * its ReadAttributes, a custom attribute's MaxLength counts bytes, and a reset code goes only where
 * the account recovery setting allows it beside the user's own second factors.
 */
jest.mock('jose', () =>
  (globalThis as unknown as { __nodeRequire: NodeJS.Require }).__nodeRequire('jose'),
);
jest.mock('otplib', () =>
  (globalThis as unknown as { __nodeRequire: NodeJS.Require }).__nodeRequire('otplib'),
);

import {
  AdminUpdateUserAttributesCommand,
  ForgotPasswordCommand,
  GetUserCommand,
  SetUserMFAPreferenceCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  createConfirmedUser,
  decodeJwt,
  failure,
  startLocalTarget,
  type PoolTarget,
} from './conformance-harness';
import { ACTIVITY_ATTRIBUTE, CHANNEL_ATTRIBUTE, PASSKEYS_ATTRIBUTE } from './config';
import { poolFromTemplate } from './pool-template';
import { DEFAULT_SETTINGS } from './settings';

const targets: PoolTarget[] = [];
const start = async (...args: Parameters<typeof startLocalTarget>) => {
  const target = await startLocalTarget(...args);
  targets.push(target);
  return target;
};
afterAll(async () => {
  for (const target of targets) await target.close();
});

const setAttribute = (target: PoolTarget, email: string, Name: string, Value: string) =>
  target.client.send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: target.poolId,
      Username: email,
      UserAttributes: [{ Name, Value }],
    }),
  );
const attributesOf = async (target: PoolTarget, accessToken: string | undefined) =>
  Object.fromEntries(
    (
      (await target.client.send(new GetUserCommand({ AccessToken: accessToken }))).UserAttributes ??
      []
    ).map((a) => [a.Name, a.Value]),
  );

test('the local pool is the template: its defaults are what the template says', () => {
  const pool = poolFromTemplate();
  expect(DEFAULT_SETTINGS.clientReadAttributes).toEqual(pool.readAttributes);
  expect(DEFAULT_SETTINGS.mfaFactors).toEqual(pool.mfaFactors);
  expect(DEFAULT_SETTINGS.accountRecovery).toEqual(['verified_email', 'verified_phone_number']);
  expect(pool.customAttributes.get(CHANNEL_ATTRIBUTE)).toBe(256);
  expect(pool.tokenTtl).toEqual({ access: 3600, id: 3600, refresh: 12 * 3600 });
});

test("the template's client reads the channel id with the creator's tokens, and none of the admin records", async () => {
  const target = await start();
  const { email, tokens } = await createConfirmedUser(target, { channelId: 'cm-read-0001' });
  await setAttribute(target, email, ACTIVITY_ATTRIBUTE, '{"v":1}');
  await setAttribute(target, email, PASSKEYS_ATTRIBUTE, '[]');
  const read = await attributesOf(target, tokens.AccessToken);
  expect(read[CHANNEL_ATTRIBUTE]).toBe('cm-read-0001');
  expect(read).not.toHaveProperty(ACTIVITY_ATTRIBUTE);
  expect(read).not.toHaveProperty(PASSKEYS_ATTRIBUTE);
  const id = decodeJwt(tokens.IdToken).payload;
  expect(id[CHANNEL_ATTRIBUTE]).toBe('cm-read-0001');
  expect(id).toHaveProperty('email', email);
});

test('a client without read access to custom:channelmeter_id gets it from no user-API call', async () => {
  const target = await start({ clientReadAttributes: ['email', 'email_verified', 'name'] });
  const { tokens } = await createConfirmedUser(target, { channelId: 'cm-read-0002' });
  const read = await attributesOf(target, tokens.AccessToken);
  expect(read).not.toHaveProperty(CHANNEL_ATTRIBUTE);
  expect(read).not.toHaveProperty('phone_number_verified');
  expect(read.sub).toBeTruthy();
  const id = decodeJwt(tokens.IdToken).payload;
  expect(id).not.toHaveProperty(CHANNEL_ATTRIBUTE);
  expect(id.email).toBeTruthy();
  // None listed is Cognito's default: the standard attributes, no custom one.
  const open = await start({ clientReadAttributes: [] });
  const other = await createConfirmedUser(open, { channelId: 'cm-read-0003' });
  expect(await attributesOf(open, other.tokens.AccessToken)).not.toHaveProperty(CHANNEL_ATTRIBUTE);
});

test("a custom attribute's MaxLength counts bytes, not characters", async () => {
  const target = await start();
  const { email } = await createConfirmedUser(target);
  // 683 euro signs: 683 characters, 2,049 bytes.
  expect(
    (await failure(setAttribute(target, email, ACTIVITY_ATTRIBUTE, '€'.repeat(683)))).name,
  ).toBe('InvalidParameterException');
  await setAttribute(target, email, ACTIVITY_ATTRIBUTE, '€'.repeat(682));
});

describe('a reset code goes where AccountRecoverySetting allows, beside the two-step methods', () => {
  const emailTwoStep = async (target: PoolTarget) => {
    const made = await createConfirmedUser(target);
    await target.client.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: made.tokens.AccessToken,
        EmailMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    return made;
  };
  const forgot = (target: PoolTarget, email: string) =>
    target.client.send(new ForgotPasswordCommand({ ClientId: target.clientId, Username: email }));

  test('email two-step: no code by email; by text to a verified phone', async () => {
    const target = await start({ preventUserExistenceErrors: 'LEGACY' });
    const { email } = await emailTwoStep(target);
    expect(await failure(forgot(target, email))).toEqual({
      name: 'InvalidParameterException',
      message:
        'Cannot reset password for the user as there is no registered/verified email or phone_number',
    });
    expect(await target.local!.outbox(email)).toEqual([]);
    const phone = '+15550104477';
    await setAttribute(target, email, 'phone_number', phone);
    await setAttribute(target, email, 'phone_number_verified', 'true');
    const sent = await forgot(target, email);
    expect(sent.CodeDeliveryDetails).toMatchObject({
      DeliveryMedium: 'SMS',
      AttributeName: 'phone_number',
    });
    const [text] = await target.local!.outbox(phone);
    expect(text).toMatchObject({ channel: 'sms', purpose: 'forgot-password' });
    expect(await target.local!.outbox(email)).toEqual([]);
  });

  test('with existence errors prevented, the same user gets a simulated delivery and nothing is sent', async () => {
    const target = await start();
    const { email } = await emailTwoStep(target);
    const answer = await forgot(target, email);
    expect(answer.CodeDeliveryDetails?.DeliveryMedium).toBe('EMAIL');
    expect(await target.local!.outbox(email)).toEqual([]);
  });
});
