/**
 * @jest-environment ./local/identity/test-environment.ts
 */
/**
 * Remembered devices and sign-in records, case by case as Cognito documents them: the local pool
 * (device tracking "user opt-in", MFA suppressed on remembered devices, threat protection on), and
 * a real pool set up the same way when CONFORMANCE_DEVICES_USER_POOL_ID and
 * CONFORMANCE_DEVICES_CLIENT_ID name one (local/identity/README.md, "Tests and real-pool runs").
 * The device's side of the SRP is the client inside Cognito's own JavaScript SDK.
 */
jest.mock('jose', () =>
  (globalThis as unknown as { __nodeRequire: NodeJS.Require }).__nodeRequire('jose'),
);
jest.mock('otplib', () =>
  (globalThis as unknown as { __nodeRequire: NodeJS.Require }).__nodeRequire('otplib'),
);

import { createHmac } from 'node:crypto';
import {
  AdminListUserAuthEventsCommand,
  AdminSetUserMFAPreferenceCommand,
  AssociateSoftwareTokenCommand,
  ConfirmDeviceCommand,
  ForgetDeviceCommand,
  GetDeviceCommand,
  GetTokensFromRefreshTokenCommand,
  InitiateAuthCommand,
  ListDevicesCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  UpdateDeviceStatusCommand,
  VerifySoftwareTokenCommand,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  AuthenticationHelper,
  BigInteger,
  DateHelper,
  type Big,
} from '../../contract/cognito-sdk-srp';
import { generateSync } from 'otplib';
import {
  answerName,
  createConfirmedUser,
  decodeJwt,
  failure,
  hashParam,
  realProfileConfig,
  signIn as srpSignIn,
  startLocalTarget,
  startRealTarget,
  type PoolTarget,
} from './conformance-harness';
import { PUBLIC_CLIENT, resolveSettings, type PoolSettings } from './settings';

type Device = { key: string; group: string; secret: string };

function devicesConformance(kind: 'local' | 'real', get: () => PoolTarget) {
  const itLocal = kind === 'local' ? it : it.skip;
  const t = () => get();
  const totp = (secret: string) => generateSync({ secret });
  /** GetTokensFromRefreshToken with a sign-in's refresh token, naming `deviceKey` if given. */
  const refreshWith = (result: AuthenticationResultType | undefined, deviceKey?: string) =>
    t().client.send(
      new GetTokensFromRefreshTokenCommand({
        ClientId: t().clientId,
        RefreshToken: result?.RefreshToken,
        ...(deviceKey ? { DeviceKey: deviceKey } : {}),
        ...(t().clientSecret ? { ClientSecret: t().clientSecret } : {}),
      }),
    );

  // Password sign-in by SRP: the flow AWS documents for device tracking.
  const signIn = (email: string, password: string, deviceKey?: string, ip?: string) =>
    srpSignIn(t(), email, password, deviceKey ? { DEVICE_KEY: deviceKey } : {}, ip);

  /** Registers a device's verifier as the SDK does, and confirms it. */
  async function confirm(result: AuthenticationResultType, name = 'Chrome on macOS') {
    const meta = result.NewDeviceMetadata!;
    const helper = new AuthenticationHelper(meta.DeviceGroupKey!);
    await new Promise<void>((resolve, reject) =>
      helper.generateHashDevice(meta.DeviceGroupKey!, meta.DeviceKey!, (e) =>
        e ? reject(e as Error) : resolve(),
      ),
    );
    const out = await t().client.send(
      new ConfirmDeviceCommand({
        AccessToken: result.AccessToken,
        DeviceKey: meta.DeviceKey,
        DeviceName: name,
        DeviceSecretVerifierConfig: {
          Salt: Buffer.from(helper.getSaltDevices(), 'hex').toString('base64'),
          PasswordVerifier: Buffer.from(helper.getVerifierDevices(), 'hex').toString('base64'),
        },
      }),
    );
    const device: Device = {
      key: meta.DeviceKey!,
      group: meta.DeviceGroupKey!,
      secret: helper.getRandomPassword(),
    };
    return { device, necessary: out.UserConfirmationNecessary };
  }

  /** The device's proof (DEVICE_SRP_AUTH, DEVICE_PASSWORD_VERIFIER), as the SDK's client makes it. */
  async function prove(
    session: string | undefined,
    username: string,
    device: Device,
    secret = device.secret,
  ) {
    const helper = new AuthenticationHelper(device.group);
    const A = await new Promise<Big>((resolve, reject) =>
      helper.getLargeAValue((e, a) => (e ? reject(e as Error) : resolve(a))),
    );
    const first = await t().client.send(
      new RespondToAuthChallengeCommand({
        ClientId: t().clientId,
        ChallengeName: 'DEVICE_SRP_AUTH',
        Session: session,
        ChallengeResponses: {
          USERNAME: username,
          DEVICE_KEY: device.key,
          SRP_A: A.toString(16),
          ...hashParam(t(), username),
        },
      }),
    );
    expect(first.ChallengeName).toBe('DEVICE_PASSWORD_VERIFIER');
    const p = first.ChallengeParameters!;
    const key = await new Promise<Uint8Array>((resolve, reject) =>
      helper.getPasswordAuthenticationKey(
        device.key,
        secret,
        new BigInteger(p.SRP_B!, 16),
        new BigInteger(p.SALT!, 16),
        (e, k) => (e ? reject(e as Error) : resolve(k)),
      ),
    );
    const timestamp = new DateHelper().getNowString();
    const signature = createHmac('sha256', Buffer.from(key))
      .update(
        Buffer.concat([
          Buffer.from(device.group),
          Buffer.from(device.key),
          Buffer.from(p.SECRET_BLOCK!, 'base64'),
          Buffer.from(timestamp),
        ]),
      )
      .digest('base64');
    return t().client.send(
      new RespondToAuthChallengeCommand({
        ClientId: t().clientId,
        ChallengeName: 'DEVICE_PASSWORD_VERIFIER',
        Session: first.Session,
        ChallengeResponses: {
          USERNAME: username,
          DEVICE_KEY: device.key,
          PASSWORD_CLAIM_SECRET_BLOCK: p.SECRET_BLOCK!,
          PASSWORD_CLAIM_SIGNATURE: signature,
          TIMESTAMP: timestamp,
          ...hashParam(t(), username),
        },
      }),
    );
  }

  /** Confirms the device a sign-in was issued and marks it remembered. */
  async function remember(result: AuthenticationResultType) {
    const { device } = await confirm(result);
    await t().client.send(
      new UpdateDeviceStatusCommand({
        AccessToken: result.AccessToken,
        DeviceKey: device.key,
        DeviceRememberedStatus: 'remembered',
      }),
    );
    return device;
  }

  async function withTotp(tokens: AuthenticationResultType) {
    const { SecretCode: secret = '' } = await t().client.send(
      new AssociateSoftwareTokenCommand({ AccessToken: tokens.AccessToken }),
    );
    await t().client.send(
      new VerifySoftwareTokenCommand({
        AccessToken: tokens.AccessToken,
        UserCode: totp(secret),
        FriendlyDeviceName: 'phone',
      }),
    );
    await t().client.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: tokens.AccessToken,
        SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    return secret;
  }

  const attributes = (d: { DeviceAttributes?: { Name?: string; Value?: string }[] }) =>
    Object.fromEntries((d.DeviceAttributes ?? []).map((a) => [a.Name, a.Value]));

  it('a sign-in is issued a new device (NewDeviceMetadata), named in its access token', async () => {
    const { email, password } = await createConfirmedUser(t());
    const out = await signIn(email, password);
    const meta = out.AuthenticationResult?.NewDeviceMetadata;
    expect(meta?.DeviceKey).toMatch(/^[\w-]+_[0-9a-f-]+$/);
    expect(meta?.DeviceKey!.length).toBeLessThanOrEqual(55);
    expect(meta?.DeviceGroupKey).toBeTruthy();
    expect(decodeJwt(out.AuthenticationResult?.AccessToken).payload.device_key).toBe(
      meta?.DeviceKey,
    );
    // Not listed until confirmed.
    const listed = await t().client.send(
      new ListDevicesCommand({ AccessToken: out.AuthenticationResult?.AccessToken }),
    );
    expect(listed.Devices ?? []).toEqual([]);
  });

  it('ConfirmDevice waits for the person (opt-in); listed with its name and address, not remembered', async () => {
    const { email, password } = await createConfirmedUser(t());
    const out = await signIn(email, password, undefined, '203.0.113.9');
    const { device, necessary } = await confirm(out.AuthenticationResult!);
    expect(necessary).toBe(true);
    const { Devices = [] } = await t().client.send(
      new ListDevicesCommand({ AccessToken: out.AuthenticationResult?.AccessToken, Limit: 60 }),
    );
    expect(Devices.map((d) => d.DeviceKey)).toEqual([device.key]);
    expect(attributes(Devices[0]!)).toMatchObject({
      device_name: 'Chrome on macOS',
      device_remembered_status: 'not_remembered',
      device_status: 'valid',
      ...(kind === 'local' ? { last_ip_used: '203.0.113.9' } : {}),
    });
    expect(Devices[0]!.DeviceCreateDate).toBeInstanceOf(Date);
    expect(Devices[0]!.DeviceLastAuthenticatedDate).toBeInstanceOf(Date);
  });

  it('a remembered device proves itself instead of the MFA code; the proof of a wrong secret is refused', async () => {
    const plain = await createConfirmedUser(t());
    const issued = await signIn(plain.email, plain.password);
    const device = await remember(issued.AuthenticationResult!);
    await withTotp(issued.AuthenticationResult!);
    const again = await signIn(plain.email, plain.password, device.key);
    expect(again.ChallengeName).toBe('DEVICE_SRP_AUTH');
    const username = again.ChallengeParameters?.USERNAME ?? plain.email;
    const done = await prove(again.Session, username, device);
    expect(done.AuthenticationResult?.AccessToken).toBeTruthy();
    expect(done.AuthenticationResult?.NewDeviceMetadata).toBeUndefined();
    expect(decodeJwt(done.AuthenticationResult?.AccessToken).payload.device_key).toBe(device.key);
    if (t().kind === 'local') {
      // The sign-in record names the device's answer as the MFA step: ChallengeNameType is only
      // Password and Mfa (botocore's model; a real pool needs threat protection to list it).
      const { AuthEvents = [] } = await t().client.send(
        new AdminListUserAuthEventsCommand({ UserPoolId: t().poolId, Username: plain.email }),
      );
      expect(AuthEvents[0]?.ChallengeResponses).toEqual([
        { ChallengeName: 'Password', ChallengeResponse: 'Success' },
        { ChallengeName: 'Mfa', ChallengeResponse: 'Success' },
      ]);
    }

    const once = await signIn(plain.email, plain.password, device.key);
    expect(await failure(prove(once.Session, username, device, 'not-the-secret'))).toMatchObject({
      name: 'NotAuthorizedException',
    });
  });

  // DeviceConfigurationType, ChallengeRequiredOnNewDevice: "instead of SMS and time-based
  // one-time password (TOTP) factors": not an emailed code.
  itLocal('a remembered device does not stand in for an emailed code', async () => {
    const { email, password } = await createConfirmedUser(t());
    const issued = await signIn(email, password);
    const device = await remember(issued.AuthenticationResult!);
    await t().client.send(
      new AdminSetUserMFAPreferenceCommand({
        UserPoolId: t().poolId,
        Username: email,
        EmailMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    const again = await signIn(email, password, device.key);
    expect(again.ChallengeName).toBe('EMAIL_OTP');
  });

  it('a device that is confirmed but not remembered still gets the MFA code', async () => {
    const { email, password } = await createConfirmedUser(t());
    const issued = await signIn(email, password);
    const { device } = await confirm(issued.AuthenticationResult!);
    await withTotp(issued.AuthenticationResult!);
    const again = await signIn(email, password, device.key);
    expect(again.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  });

  it('a DEVICE_KEY the pool does not know for this user is ResourceNotFoundException', async () => {
    const { email, password } = await createConfirmedUser(t());
    const other = await createConfirmedUser(t());
    const theirs = await signIn(other.email, other.password);
    const { device } = await confirm(theirs.AuthenticationResult!);
    expect(await failure(signIn(email, password, device.key))).toEqual({
      name: 'ResourceNotFoundException',
      message: 'Device does not exist.',
    });
    expect(
      await failure(signIn(email, password, 'us-east-1_00000000-0000-4000-8000-000000000000')),
    ).toMatchObject({ name: 'ResourceNotFoundException' });
    const mine = await signIn(email, password);
    expect(
      await failure(
        t().client.send(
          new GetDeviceCommand({
            AccessToken: mine.AuthenticationResult?.AccessToken,
            DeviceKey: device.key,
          }),
        ),
      ),
    ).toMatchObject({ name: 'ResourceNotFoundException' });
  });

  it("another user's device, or none: ConfirmDevice, UpdateDeviceStatus and ForgetDevice answer ResourceNotFoundException", async () => {
    const mine = await createConfirmedUser(t());
    const theirs = await createConfirmedUser(t());
    const issued = await signIn(theirs.email, theirs.password);
    const { device } = await confirm(issued.AuthenticationResult!);
    const access = (await signIn(mine.email, mine.password)).AuthenticationResult?.AccessToken;
    for (const key of [device.key, 'us-east-1_00000000-0000-4000-8000-000000000000']) {
      for (const call of [
        new ConfirmDeviceCommand({
          AccessToken: access,
          DeviceKey: key,
          DeviceSecretVerifierConfig: { Salt: 'AAAA', PasswordVerifier: 'AAAA' },
        }),
        new UpdateDeviceStatusCommand({
          AccessToken: access,
          DeviceKey: key,
          DeviceRememberedStatus: 'remembered',
        }),
        new ForgetDeviceCommand({ AccessToken: access, DeviceKey: key }),
      ])
        expect(await failure(t().client.send(call as never))).toMatchObject({
          name: 'ResourceNotFoundException',
        });
    }
    // The owner's device is untouched.
    const listed = await t().client.send(
      new ListDevicesCommand({ AccessToken: issued.AuthenticationResult?.AccessToken }),
    );
    expect(listed.Devices?.map((d) => d.DeviceKey)).toEqual([device.key]);
  });

  // Knowledge Center, "Why do I get an Invalid Refresh Token error…" and "How do I use remembered
  // devices…"; GetTokensFromRefreshToken's DeviceKey (decision 034).
  it('device tracking rests on SRP: an unconfirmed device, or USER_PASSWORD_AUTH, cannot refresh or skip the code', async () => {
    const { email, password } = await createConfirmedUser(t());
    const invalid = { name: 'NotAuthorizedException', message: 'Invalid Refresh Token' };

    // Not confirmed: the device's tokens are not renewed.
    const unconfirmed = await signIn(email, password);
    const issuedKey = unconfirmed.AuthenticationResult?.NewDeviceMetadata?.DeviceKey;
    expect(issuedKey).toBeTruthy();
    expect(await failure(refreshWith(unconfirmed.AuthenticationResult, issuedKey))).toMatchObject(
      kind === 'local' ? invalid : { name: 'NotAuthorizedException' },
    );

    // Confirmed and remembered after an SRP sign-in: a USER_PASSWORD_AUTH sign-in naming it is
    // still asked for the code, and its refresh token is refused.
    const srp = await signIn(email, password);
    const device = await remember(srp.AuthenticationResult!);
    expect(
      (await refreshWith(srp.AuthenticationResult, device.key)).AuthenticationResult,
    ).toBeTruthy();
    const plain = () =>
      t().client.send(
        new InitiateAuthCommand({
          ClientId: t().clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: {
            USERNAME: email,
            PASSWORD: password,
            DEVICE_KEY: device.key,
            ...hashParam(t(), email),
          },
        }),
      );
    const byPassword = await plain();
    expect(await failure(refreshWith(byPassword.AuthenticationResult, device.key))).toMatchObject(
      kind === 'local' ? invalid : { name: 'NotAuthorizedException' },
    );
    await withTotp(srp.AuthenticationResult!);
    expect((await plain()).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect((await signIn(email, password, device.key)).ChallengeName).toBe('DEVICE_SRP_AUTH');
  });

  it('refresh names the device; after ForgetDevice the device is gone and its refresh refused', async () => {
    const { email, password } = await createConfirmedUser(t());
    const out = await signIn(email, password);
    const { device } = await confirm(out.AuthenticationResult!);
    const refresh = (deviceKey?: string) => refreshWith(out.AuthenticationResult, deviceKey);
    const ok = await refresh(device.key);
    expect(decodeJwt(ok.AuthenticationResult?.AccessToken).payload.device_key).toBe(device.key);
    if (kind === 'local')
      expect(await failure(refresh())).toEqual({
        name: 'NotAuthorizedException',
        message: 'Invalid Refresh Token',
      });

    await t().client.send(
      new ForgetDeviceCommand({
        AccessToken: ok.AuthenticationResult?.AccessToken,
        DeviceKey: device.key,
      }),
    );
    const listed = await t().client.send(
      new ListDevicesCommand({ AccessToken: ok.AuthenticationResult?.AccessToken }),
    );
    expect(listed.Devices ?? []).toEqual([]);
    expect(
      await failure(
        t().client.send(
          new GetDeviceCommand({
            AccessToken: ok.AuthenticationResult?.AccessToken,
            DeviceKey: device.key,
          }),
        ),
      ),
    ).toMatchObject({ name: 'ResourceNotFoundException' });
    if (kind === 'local')
      expect(await failure(refresh(device.key))).toEqual({
        name: 'NotAuthorizedException',
        message: 'Invalid Refresh Token',
      });
  });

  it('ListDevices pages with Limit and PaginationToken, last signed-in first', async () => {
    const { email, password } = await createConfirmedUser(t());
    const keys: string[] = [];
    let access = '';
    for (const name of ['one', 'two', 'three']) {
      const out = await signIn(email, password);
      keys.push((await confirm(out.AuthenticationResult!, name)).device.key);
      access = out.AuthenticationResult!.AccessToken!;
      await new Promise((r) => setTimeout(r, 20));
    }
    const first = await t().client.send(new ListDevicesCommand({ AccessToken: access, Limit: 2 }));
    expect(first.Devices).toHaveLength(2);
    expect(first.PaginationToken).toBeTruthy();
    const second = await t().client.send(
      new ListDevicesCommand({
        AccessToken: access,
        Limit: 2,
        PaginationToken: first.PaginationToken,
      }),
    );
    expect(second.Devices).toHaveLength(1);
    expect(second.PaginationToken).toBeUndefined();
    const all = [...first.Devices!, ...second.Devices!].map((d) => d.DeviceKey);
    expect(new Set(all)).toEqual(new Set(keys));
    if (kind === 'local') expect(all).toEqual([...keys].reverse());
  });

  itLocal('UpdateDeviceStatus turns remembering on and off; GetDevice shows it', async () => {
    const { email, password } = await createConfirmedUser(t());
    const out = await signIn(email, password);
    const { device } = await confirm(out.AuthenticationResult!);
    const access = out.AuthenticationResult?.AccessToken;
    const status = async () =>
      attributes(
        (
          await t().client.send(
            new GetDeviceCommand({ AccessToken: access, DeviceKey: device.key }),
          )
        ).Device!,
      ).device_remembered_status;
    await t().client.send(
      new UpdateDeviceStatusCommand({
        AccessToken: access,
        DeviceKey: device.key,
        DeviceRememberedStatus: 'remembered',
      }),
    );
    expect(await status()).toBe('remembered');
    await t().client.send(
      new UpdateDeviceStatusCommand({
        AccessToken: access,
        DeviceKey: device.key,
        DeviceRememberedStatus: 'not_remembered',
      }),
    );
    expect(await status()).toBe('not_remembered');
  });

  itLocal('the device proof checks its timestamp and is answered once', async () => {
    const { email, password } = await createConfirmedUser(t());
    const out = await signIn(email, password);
    const device = await remember(out.AuthenticationResult!);
    await withTotp(out.AuthenticationResult!);
    const again = await signIn(email, password, device.key);
    const username = answerName(again, email);
    const helper = new AuthenticationHelper(device.group);
    const A = await new Promise<Big>((resolve) => helper.getLargeAValue((_e, a) => resolve(a)));
    const verifier = await t().client.send(
      new RespondToAuthChallengeCommand({
        ClientId: t().clientId,
        ChallengeName: 'DEVICE_SRP_AUTH',
        Session: again.Session,
        ChallengeResponses: {
          USERNAME: username,
          DEVICE_KEY: device.key,
          SRP_A: A.toString(16),
          ...hashParam(t(), username),
        },
      }),
    );
    expect(
      await failure(
        t().client.send(
          new RespondToAuthChallengeCommand({
            ClientId: t().clientId,
            ChallengeName: 'DEVICE_PASSWORD_VERIFIER',
            Session: verifier.Session,
            ChallengeResponses: {
              USERNAME: username,
              DEVICE_KEY: device.key,
              PASSWORD_CLAIM_SECRET_BLOCK: verifier.ChallengeParameters!.SECRET_BLOCK!,
              PASSWORD_CLAIM_SIGNATURE: 'AAAA',
              TIMESTAMP: '2020-01-01T00:00:00Z',
              ...hashParam(t(), username),
            },
          }),
        ),
      ),
    ).toMatchObject({ name: 'InvalidParameterException' });
    // The first step's session was spent on the second.
    expect(
      await failure(
        t().client.send(
          new RespondToAuthChallengeCommand({
            ClientId: t().clientId,
            ChallengeName: 'DEVICE_SRP_AUTH',
            Session: again.Session,
            ChallengeResponses: {
              USERNAME: username,
              DEVICE_KEY: device.key,
              SRP_A: A.toString(16),
              ...hashParam(t(), username),
            },
          }),
        ),
      ),
    ).toMatchObject({ name: 'NotAuthorizedException' });
  });

  itLocal(
    'AdminListUserAuthEvents lists a failed and a successful sign-in, newest first',
    async () => {
      const { email, password } = await createConfirmedUser(t());
      await failure(signIn(email, 'Wrong-passw0rd!', undefined, '198.51.100.7'));
      await signIn(email, password, undefined, '198.51.100.7');
      const { AuthEvents = [] } = await t().client.send(
        new AdminListUserAuthEventsCommand({
          UserPoolId: t().poolId,
          Username: email,
          MaxResults: 10,
        }),
      );
      // The invitation's own sign-in (createConfirmedUser) is the oldest.
      expect(AuthEvents.slice(0, 2).map((e) => e.EventResponse)).toEqual(['Pass', 'Fail']);
      expect(AuthEvents[0]).toMatchObject({
        EventType: 'SignIn',
        EventContextData: { IpAddress: '198.51.100.7' },
        ChallengeResponses: [{ ChallengeName: 'Password', ChallengeResponse: 'Success' }],
      });
      expect(AuthEvents[1]?.ChallengeResponses).toEqual([
        { ChallengeName: 'Password', ChallengeResponse: 'Failure' },
      ]);
      expect(AuthEvents[0]?.CreationDate).toBeInstanceOf(Date);
    },
  );
}

describe('local identity service, remembered devices', () => {
  let target: PoolTarget;
  beforeAll(async () => {
    // A confidential client that propagates user context: the pool sees the person's address.
    target = await startLocalTarget({
      clientSecret: 'local_devices_client_secret_0123456789abcdefghij',
      propagateUserContext: true,
    });
  });
  afterAll(async () => target.close());
  devicesConformance('local', () => target);
});

(realProfileConfig('devices') ? describe : describe.skip)(
  'real Cognito, a pool that remembers devices',
  () => {
    let target: PoolTarget;
    beforeAll(async () => {
      target = await startRealTarget('devices');
    });
    afterAll(async () => target.close());
    devicesConformance('real', () => target);
  },
);

/** The same pool under its other device and threat-protection settings (local only). */
describe('local identity service, other device settings', () => {
  const open = (settings: Partial<PoolSettings>) => startLocalTarget(settings);
  const signIn = (target: PoolTarget, email: string, password: string, deviceKey?: string) =>
    srpSignIn(target, email, password, deviceKey ? { DEVICE_KEY: deviceKey } : {});

  // botocore, UpdateUserPoolClient EnablePropagateAdditionalUserContextData: only an app client
  // with a secret passes UserContextData.IpAddress on; others are seen from the caller's address.
  it("a public client's UserContextData.IpAddress is not recorded: the caller's address is", async () => {
    const target = await open(PUBLIC_CLIENT);
    try {
      const { email, password } = await createConfirmedUser(target);
      await srpSignIn(target, email, password, {}, '203.0.113.9');
      const { AuthEvents = [] } = await target.client.send(
        new AdminListUserAuthEventsCommand({ UserPoolId: target.poolId, Username: email }),
      );
      const addresses = AuthEvents.map((e) => e.EventContextData?.IpAddress);
      expect(addresses.length).toBeGreaterThan(0);
      expect(addresses).not.toContain('203.0.113.9');
      for (const address of addresses) expect(address).toMatch(/127\.0\.0\.1|::1/);
    } finally {
      await target.close();
    }
    expect(() => resolveSettings({ ...PUBLIC_CLIENT, propagateUserContext: true })).toThrow(
      /client secret/,
    );
  });

  it('tracking off: no NewDeviceMetadata, DEVICE_KEY ignored, device calls InvalidParameterException', async () => {
    const target = await open({ deviceTracking: 'off' });
    try {
      const { email, password } = await createConfirmedUser(target);
      const out = await signIn(
        target,
        email,
        password,
        'us-east-1_00000000-0000-4000-8000-000000000000',
      );
      expect(out.AuthenticationResult?.NewDeviceMetadata).toBeUndefined();
      const access = out.AuthenticationResult?.AccessToken;
      expect(decodeJwt(access).payload.device_key).toBeUndefined();
      for (const call of [
        new ListDevicesCommand({ AccessToken: access }),
        new GetDeviceCommand({ AccessToken: access, DeviceKey: 'us-east-1_0a' }),
        new ForgetDeviceCommand({ AccessToken: access, DeviceKey: 'us-east-1_0a' }),
      ])
        expect(await failure(target.client.send(call as never))).toEqual({
          name: 'InvalidParameterException',
          message: 'Device tracking is not enabled for this user pool.',
        });
    } finally {
      await target.close();
    }
  });

  it('always: ConfirmDevice remembers the device at once (UserConfirmationNecessary false)', async () => {
    const target = await open({ deviceTracking: 'always' });
    try {
      const { email, password } = await createConfirmedUser(target);
      const out = await signIn(target, email, password);
      const meta = out.AuthenticationResult!.NewDeviceMetadata!;
      const confirmed = await target.client.send(
        new ConfirmDeviceCommand({
          AccessToken: out.AuthenticationResult?.AccessToken,
          DeviceKey: meta.DeviceKey,
          DeviceName: 'Firefox on Windows',
          DeviceSecretVerifierConfig: { Salt: 'AAAA', PasswordVerifier: 'AAAA' },
        }),
      );
      expect(confirmed.UserConfirmationNecessary).toBe(false);
      const { Device } = await target.client.send(
        new GetDeviceCommand({
          AccessToken: out.AuthenticationResult?.AccessToken,
          DeviceKey: meta.DeviceKey,
        }),
      );
      expect(
        Device?.DeviceAttributes?.find((a) => a.Name === 'device_remembered_status')?.Value,
      ).toBe('remembered');
    } finally {
      await target.close();
    }
  });

  it('MFA not suppressed on remembered devices: a remembered device still gets the code', async () => {
    const target = await open({ deviceMfaBypass: false, deviceTracking: 'always' });
    try {
      const { email, password, tokens } = await createConfirmedUser(target);
      const out = await signIn(target, email, password);
      const meta = out.AuthenticationResult!.NewDeviceMetadata!;
      await target.client.send(
        new ConfirmDeviceCommand({
          AccessToken: out.AuthenticationResult?.AccessToken,
          DeviceKey: meta.DeviceKey,
          DeviceSecretVerifierConfig: { Salt: 'AAAA', PasswordVerifier: 'AAAA' },
        }),
      );
      const { SecretCode = '' } = await target.client.send(
        new AssociateSoftwareTokenCommand({ AccessToken: tokens.AccessToken }),
      );
      await target.client.send(
        new VerifySoftwareTokenCommand({
          AccessToken: tokens.AccessToken,
          UserCode: generateSync({ secret: SecretCode }),
        }),
      );
      await target.client.send(
        new SetUserMFAPreferenceCommand({
          AccessToken: tokens.AccessToken,
          SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
        }),
      );
      const again = await signIn(target, email, password, meta.DeviceKey);
      expect(again.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    } finally {
      await target.close();
    }
  });

  it('threat protection off: AdminListUserAuthEvents is UserPoolAddOnNotEnabledException', async () => {
    const target = await open({ threatProtection: 'off' });
    try {
      const { email } = await createConfirmedUser(target);
      expect(
        await failure(
          target.client.send(
            new AdminListUserAuthEventsCommand({ UserPoolId: target.poolId, Username: email }),
          ),
        ),
      ).toEqual({
        name: 'UserPoolAddOnNotEnabledException',
        message: 'Advanced security features are not enabled for this user pool.',
      });
    } finally {
      await target.close();
    }
  });
});
