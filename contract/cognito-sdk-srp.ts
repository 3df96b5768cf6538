import * as sdk from 'amazon-cognito-identity-js';

/**
 * The SRP client of Cognito's own JavaScript SDK (amazon-cognito-identity-js), typed for the tests
 * that check both sides of this project's SRP against it (lib/cognito/srp.test.ts,
 * local/identity/srp.test.ts, local/identity/devices.conformance.test.ts). The package exports
 * these helpers untyped.
 */

/** The SDK's own big-number type (jsbn's BigInteger). */
export type Big = {
  toString(radix: number): string;
  modPow(e: Big, m: Big, done: (err: unknown, result: Big) => void): Big;
};

export type Helper = {
  N: Big;
  smallAValue: Big;
  largeAValue: Big;
  generateHashDevice(group: string, key: string, cb: (e: unknown) => void): void;
  getRandomPassword(): string;
  getSaltDevices(): string;
  getVerifierDevices(): string;
  getLargeAValue(cb: (e: unknown, a: Big) => void): void;
  getPasswordAuthenticationKey(
    user: string,
    password: string,
    B: Big,
    salt: Big,
    cb: (e: unknown, key: Uint8Array) => void,
  ): void;
};

export const { AuthenticationHelper, DateHelper } = sdk as unknown as {
  AuthenticationHelper: new (pool: string) => Helper;
  DateHelper: new () => { getNowString(): string };
};

/** A Big from hex; the package exports no other way to its number type than the helper's N. */
export const BigInteger = (new AuthenticationHelper('-').N as object).constructor as new (
  v: string,
  r: number,
) => Big;
