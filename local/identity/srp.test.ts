import { createHmac } from 'node:crypto';
import {
  AuthenticationHelper,
  BigInteger,
  DateHelper,
  type Big,
} from '../../contract/cognito-sdk-srp';
import {
  expectedSignature,
  N,
  padHex,
  parseTimestamp,
  serverEphemeral,
  sessionKey,
  signatureMatches,
  verifierFor,
} from './srp';

/**
 * The server's device SRP checked by code it did not write: the client inside Cognito's own
 * JavaScript SDK (AuthenticationHelper) registers a device and proves it, and the server here
 * must agree with every value.
 */

const Client = AuthenticationHelper;

const GROUP = '-Xk3hVbcq';
const DEVICE = 'us-east-1_2f6c1f0e-5b1a-4c51-9a0e-0f3c2b7d9a11';

async function registered() {
  const helper = new Client(GROUP);
  await new Promise<void>((resolve, reject) =>
    helper.generateHashDevice(GROUP, DEVICE, (e) => (e ? reject(e) : resolve())),
  );
  return {
    secret: helper.getRandomPassword(),
    salt: helper.getSaltDevices(),
    verifier: BigInt(`0x${helper.getVerifierDevices()}`),
  };
}

async function clientKey(secret: string, salt: string, B: bigint) {
  const helper = new Client(GROUP);
  const A = await new Promise<Big>((resolve, reject) =>
    helper.getLargeAValue((e, a) => (e ? reject(e) : resolve(a))),
  );
  const key = await new Promise<Uint8Array>((resolve, reject) =>
    helper.getPasswordAuthenticationKey(
      DEVICE,
      secret,
      new BigInteger(B.toString(16), 16),
      new BigInteger(salt, 16),
      (e, k) => (e ? reject(e) : resolve(k)),
    ),
  );
  return { A: BigInt(`0x${A.toString(16)}`), key: Buffer.from(key) };
}

describe('device SRP against the SDK client', () => {
  it('computes the verifier the client registers', async () => {
    const { secret, salt, verifier } = await registered();
    expect(verifierFor(GROUP, DEVICE, secret, salt)).toBe(verifier);
  });

  it('derives the same key as the client, and accepts its signature', async () => {
    const { secret, salt, verifier } = await registered();
    const { b, B } = serverEphemeral(verifier);
    const client = await clientKey(secret, salt, B);
    const server = sessionKey(client.A, B, b, verifier);
    expect(server?.toString('hex')).toBe(client.key.toString('hex'));

    const block = Buffer.from('secret block').toString('base64');
    const timestamp = new DateHelper().getNowString();
    const signed = createHmac('sha256', client.key)
      .update(
        Buffer.concat([
          Buffer.from(GROUP),
          Buffer.from(DEVICE),
          Buffer.from(block, 'base64'),
          Buffer.from(timestamp),
        ]),
      )
      .digest('base64');
    expect(
      signatureMatches(expectedSignature(server!, GROUP, DEVICE, block, timestamp), signed),
    ).toBe(true);
    expect(parseTimestamp(timestamp)).toBeGreaterThan(Date.now() - 5000);
  });

  it('refuses the proof of a wrong secret', async () => {
    const { salt, verifier } = await registered();
    const { b, B } = serverEphemeral(verifier);
    const client = await clientKey('not-the-secret', salt, B);
    expect(sessionKey(client.A, B, b, verifier)?.toString('hex')).not.toBe(
      client.key.toString('hex'),
    );
  });

  it('refuses an A that is zero modulo N', () => {
    expect(sessionKey(N, 5n, 7n, 9n)).toBeUndefined();
    expect(sessionKey(0n, 5n, 7n, 9n)).toBeUndefined();
  });

  it('pads hex as the clients do', () => {
    expect(padHex(0xabn)).toBe('00ab');
    expect(padHex(0x7fn)).toBe('7f');
    expect(padHex(0xfffn)).toBe('0fff');
  });

  it('reads timestamps in the clients format only', () => {
    expect(parseTimestamp('Tue Nov 3 09:05:07 UTC 2026')).toBe(Date.UTC(2026, 10, 3, 9, 5, 7));
    expect(parseTimestamp('Mon Nov 3 09:05:07 UTC 2026')).toBeUndefined();
    expect(parseTimestamp('Tue Nov 03 09:05:07 GMT 2026')).toBeUndefined();
    expect(parseTimestamp('2026-11-03T09:05:07Z')).toBeUndefined();
  });
});
