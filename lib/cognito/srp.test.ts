import { randomBytes } from 'node:crypto';
import { AuthenticationHelper, BigInteger, DateHelper, type Big } from '@/contract/cognito-sdk-srp';
import {
  deviceVerifier,
  padHex,
  powerOfG,
  secretExponent,
  sessionKey,
  srpTimestamp,
  startDeviceProof,
  startPasswordProof,
  verifierFor,
} from './srp';

/**
 * The device SRP client checked value by value against the client in Cognito's own JavaScript
 * SDK (AuthenticationHelper): the verifier of a secret, the session key of an exchange, and the
 * timestamp format. The whole sign-in against a pool's server side runs in
 * test/integration/device-actions.test.ts.
 */

const GROUP = '-Xk3hVbcq';
const DEVICE = 'us-east-1_2f6c1f0e-5b1a-4c51-9a0e-0f3c2b7d9a11';
const bigOf = (hex: string): Big => new BigInteger(hex, 16);

describe('device SRP client', () => {
  it('computes the verifier the SDK computes for the same secret and salt', async () => {
    const helper = new AuthenticationHelper(GROUP);
    await new Promise<void>((resolve) => helper.generateHashDevice(GROUP, DEVICE, () => resolve()));
    expect(verifierFor(GROUP, DEVICE, helper.getRandomPassword(), helper.getSaltDevices())).toBe(
      helper.getVerifierDevices(),
    );
  });

  it('makes a fresh secret and salt for each device, and a verifier of them', async () => {
    const one = await deviceVerifier(GROUP, DEVICE);
    const two = await deviceVerifier(GROUP, DEVICE);
    expect(one.secret).not.toBe(two.secret);
    expect(Buffer.from(one.secret, 'base64')).toHaveLength(40);
    const salt = Buffer.from(one.salt, 'base64').toString('hex');
    expect(Buffer.from(one.verifier, 'base64').toString('hex')).toBe(
      verifierFor(GROUP, DEVICE, one.secret, salt),
    );
  });

  it('derives the session key the SDK derives for the same exchange', async () => {
    const secret = randomBytes(40).toString('base64');
    const salt = padHex(BigInt(`0x${randomBytes(16).toString('hex')}`));
    const B = BigInt(`0x${randomBytes(300).toString('hex')}`);
    const a = BigInt(`0x${randomBytes(128).toString('hex')}`);
    const proof = await startDeviceProof({ key: DEVICE, groupKey: GROUP, secret });
    const A = BigInt(`0x${proof.srpA}`);
    // The SDK's helper, given the same a and A.
    const helper = new AuthenticationHelper(GROUP);
    const theirs = async (small: bigint, large: bigint) => {
      helper.smallAValue = bigOf(small.toString(16));
      helper.largeAValue = bigOf(large.toString(16));
      return Buffer.from(
        await new Promise<Uint8Array>((resolve, reject) =>
          helper.getPasswordAuthenticationKey(
            DEVICE,
            secret,
            bigOf(B.toString(16)),
            bigOf(salt),
            (e, key) => (e ? reject(e as Error) : resolve(key)),
          ),
        ),
      ).toString('hex');
    };
    const x = secretExponent(GROUP, DEVICE, secret, salt);
    expect(sessionKey(a, A, B, x)?.toString('hex')).toBe(await theirs(a, A));
  });

  it('derives the password key the SDK derives for USER_SRP_AUTH, and signs what it signs', async () => {
    const poolName = 'AbC123xyz';
    const userId = '2f6c1f0e-5b1a-4c51-9a0e-0f3c2b7d9a11';
    const password = 'Sup3r-secret!';
    const salt = padHex(BigInt(`0x${randomBytes(16).toString('hex')}`));
    const B = BigInt(`0x${randomBytes(300).toString('hex')}`);
    const proof = startPasswordProof(`us-east-1_${poolName}`, password);
    const signed = proof.answer({
      SRP_B: B.toString(16),
      SALT: salt,
      SECRET_BLOCK: Buffer.from('block').toString('base64'),
      USER_ID_FOR_SRP: userId,
    });
    expect(signed.userId).toBe(userId);
    expect(signed.timestamp).toMatch(/^\w{3} \w{3} \d{1,2} \d{2}:\d{2}:\d{2} UTC \d{4}$/);
    // The SDK's helper for the pool, given an a and A of its own: the same key from the same x.
    const helper = new AuthenticationHelper(poolName);
    const a = BigInt(`0x${randomBytes(128).toString('hex')}`);
    const A = powerOfG(a);
    helper.smallAValue = bigOf(a.toString(16));
    helper.largeAValue = bigOf(A.toString(16));
    const theirs = Buffer.from(
      await new Promise<Uint8Array>((resolve, reject) =>
        helper.getPasswordAuthenticationKey(
          userId,
          password,
          bigOf(B.toString(16)),
          bigOf(salt),
          (e, key) => (e ? reject(e as Error) : resolve(key)),
        ),
      ),
    ).toString('hex');
    const x = secretExponent(poolName, userId, password, salt);
    expect(sessionKey(a, A, B, x)?.toString('hex')).toBe(theirs);
    expect(() => proof.answer({ SRP_B: 'ab', SALT: 'cd', SECRET_BLOCK: 'ef' })).toThrow(
      'USER_ID_FOR_SRP',
    );
  });

  it("raises g to any power as the SDK's big integers do, the table's edges included", () => {
    const helper = new AuthenticationHelper(GROUP);
    const theirs = (e: bigint) =>
      BigInt(
        `0x${bigOf('2')
          .modPow(bigOf(e.toString(16)), helper.N, () => {})
          .toString(16)}`,
      );
    const exponents = [
      0n,
      1n,
      15n,
      16n,
      0x10001n,
      2n ** 255n,
      2n ** 256n - 1n,
      // hex digits of zero between others, and past the 256 rows a device proof builds
      BigInt(`0x${'f0'.repeat(64)}`),
      BigInt(`0x1${'0'.repeat(300)}1`),
      ...[16, 32, 128, 160].map((bytes) => BigInt(`0x${randomBytes(bytes).toString('hex')}`)),
    ];
    for (const e of exponents) expect(powerOfG(e)).toBe(theirs(e));
    expect(() => powerOfG(-1n)).toThrow(RangeError);
  });

  it('starts a proof with an A of the group, fresh each time', async () => {
    const N = BigInt(`0x${new AuthenticationHelper(GROUP).N.toString(16)}`);
    const one = await startDeviceProof({ key: DEVICE, groupKey: GROUP, secret: 's' });
    const two = await startDeviceProof({ key: DEVICE, groupKey: GROUP, secret: 's' });
    for (const { srpA } of [one, two]) {
      const A = BigInt(`0x${srpA}`);
      expect(A > 1n && A < N).toBe(true);
    }
    expect(one.srpA).not.toBe(two.srpA);
  });

  it('signs with the timestamp format the SDK uses', async () => {
    expect(srpTimestamp(new Date(Date.UTC(2026, 10, 3, 9, 5, 7)))).toBe(
      'Tue Nov 3 09:05:07 UTC 2026',
    );
    let ours = '';
    let theirs = 'x';
    for (let i = 0; i < 3 && ours !== theirs; i++) {
      ours = srpTimestamp();
      theirs = new DateHelper().getNowString();
    }
    expect(ours).toBe(theirs);
    const proof = await startDeviceProof({ key: DEVICE, groupKey: GROUP, secret: 's' });
    await expect(proof.answer({ SRP_B: 'zz', SALT: '01', SECRET_BLOCK: 'AA==' })).rejects.toThrow();
  });
});
