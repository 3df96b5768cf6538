import 'server-only';
import { createHmac } from 'node:crypto';
import * as identitySdk from 'amazon-cognito-identity-js';

/**
 * The client side of Cognito's device SRP (remembered devices), on the helper Cognito's own
 * JavaScript SDK signs in with: the verifier a device is confirmed with, and the proof a
 * remembered device signs in with (DEVICE_SRP_AUTH, then DEVICE_PASSWORD_VERIFIER).
 *
 * The device's secret is a random password the helper draws; only its verifier leaves this server.
 */

type BigInteger = { toString(radix: number): string };
type BigIntegerClass = new (value: string, radix: number) => BigInteger;
type Helper = {
  /** The group's prime, an instance of the helper's own big-number class. */
  N: object;
  generateHashDevice(groupKey: string, deviceKey: string, callback: (error: unknown) => void): void;
  getRandomPassword(): string;
  getSaltDevices(): string;
  getVerifierDevices(): string;
  getLargeAValue(callback: (error: unknown, value: BigInteger) => void): void;
  getPasswordAuthenticationKey(
    username: string,
    password: string,
    serverB: BigInteger,
    salt: BigInteger,
    callback: (error: unknown, key: Uint8Array | null) => void,
  ): void;
};

const sdk = identitySdk as unknown as {
  AuthenticationHelper: new (pool: string) => Helper;
  DateHelper: new () => { getNowString(): string };
};
const newHelper = (groupKey: string) => new sdk.AuthenticationHelper(groupKey);

/** What a new device is confirmed with (ConfirmDevice), and the secret this server keeps for it. */
export type DeviceVerifier = { secret: string; salt: string; verifier: string };

export function deviceVerifier(groupKey: string, deviceKey: string): Promise<DeviceVerifier> {
  const helper = newHelper(groupKey);
  return new Promise((resolve, reject) => {
    helper.generateHashDevice(groupKey, deviceKey, (error) => {
      if (error) return reject(error instanceof Error ? error : new Error(String(error)));
      resolve({
        secret: helper.getRandomPassword(),
        salt: Buffer.from(helper.getSaltDevices(), 'hex').toString('base64'),
        verifier: Buffer.from(helper.getVerifierDevices(), 'hex').toString('base64'),
      });
    });
  });
}

/** One device sign-in: SRP_A for DEVICE_SRP_AUTH, then the answer to DEVICE_PASSWORD_VERIFIER. */
export type DeviceProof = {
  srpA: string;
  answer(parameters: Record<string, string>): Promise<{ signature: string; timestamp: string }>;
};

export function startDeviceProof(device: {
  key: string;
  groupKey: string;
  secret: string;
}): Promise<DeviceProof> {
  const helper = newHelper(device.groupKey);
  return new Promise((resolve, reject) => {
    helper.getLargeAValue((error, a) => {
      if (error) return reject(error instanceof Error ? error : new Error(String(error)));
      resolve({
        srpA: a.toString(16),
        answer: (parameters) => answer(helper, device, parameters),
      });
    });
  });
}

/**
 * A number in the helper's own big-number class: it refuses any other (`instanceof`), and a
 * bundler may load that class twice, so it is taken from the helper itself.
 */
function bigOf(helper: Helper, hex: string): BigInteger {
  const BigIntegerOfHelper = helper.N.constructor as BigIntegerClass;
  return new BigIntegerOfHelper(hex, 16);
}

function answer(
  helper: Helper,
  device: { key: string; groupKey: string; secret: string },
  parameters: Record<string, string>,
): Promise<{ signature: string; timestamp: string }> {
  const { SRP_B, SALT, SECRET_BLOCK } = parameters;
  if (!SRP_B || !SALT || !SECRET_BLOCK || !/^[0-9a-f]+$/i.test(SRP_B + SALT))
    return Promise.reject(
      new Error('DEVICE_PASSWORD_VERIFIER without SRP_B, SALT or SECRET_BLOCK'),
    );
  return new Promise((resolve, reject) => {
    try {
      helper.getPasswordAuthenticationKey(
        device.key,
        device.secret,
        bigOf(helper, SRP_B),
        bigOf(helper, SALT),
        (error, key) => {
          if (error || !key)
            return reject(error instanceof Error ? error : new Error('no device SRP key'));
          const timestamp = new sdk.DateHelper().getNowString();
          const signature = createHmac('sha256', Buffer.from(key))
            .update(
              Buffer.concat([
                Buffer.from(device.groupKey, 'utf8'),
                Buffer.from(device.key, 'utf8'),
                Buffer.from(SECRET_BLOCK, 'base64'),
                Buffer.from(timestamp, 'utf8'),
              ]),
            )
            .digest('base64');
          resolve({ signature, timestamp });
        },
      );
    } catch (error) {
      // The helper throws for a B or u of zero: a server answer no proof can be made for.
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
