import { decodeCreatorCashQuery } from './decode';

const b64 = (s: string) => Buffer.from(s).toString('base64');
const b64url = (s: string) => Buffer.from(s).toString('base64url');

describe('decodeCreatorCashQuery', () => {
  it.each([
    ['v1', `?${b64('variant=v1')}`],
    ['v2', `?${b64('variant=v2')}`],
    ['v3', `?${b64('variant=v3')}`],
    ['v2', b64('variant=v2')],
    ['v1', `?${b64('v=v1')}`],
    ['v3', `?${b64('campaign=v3')}`],
  ])('decodes %s from %s', (variant, search) => {
    expect(decodeCreatorCashQuery(search)).toBe(variant);
  });

  it('accepts URL-safe base64 and unpadded or %3D-padded tokens', () => {
    const text = 'v=v2';
    const padded = b64(text);
    expect(padded.endsWith('=')).toBe(true);
    expect(decodeCreatorCashQuery(`?${padded.replace(/=+$/, '')}`)).toBe('v2');
    expect(decodeCreatorCashQuery(`?${padded.replace(/=/g, '%3D')}`)).toBe('v2');
    expect(decodeCreatorCashQuery(`?${padded.replace(/=/g, '%3d')}`)).toBe('v2');
    expect(decodeCreatorCashQuery(`?${b64url(text)}`)).toBe('v2');
  });

  it('treats + and / like their URL-safe counterparts', () => {
    // "k>?=v3" encodes with '+'/'/' in standard base64.
    const text = 'k=v3';
    const std = b64(text);
    expect(decodeCreatorCashQuery(`?${std}`)).toBe('v3');
    expect(decodeCreatorCashQuery(`?${std.replace(/\+/g, '-').replace(/\//g, '_')}`)).toBe('v3');
  });

  it('ignores campaign parameters after the token', () => {
    expect(decodeCreatorCashQuery(`?${b64('variant=v3')}&utm_source=newsletter`)).toBe('v3');
  });

  it.each([
    ['empty', ''],
    ['just ?', '?'],
    ['garbage', '?!!not-base64!!'],
    ['bad percent-encoding', '?%E0%A4%A'],
    ['plain text, not encoded', '?variant=v1'],
    ['another value', `?${b64('variant=v4')}`],
    ['an empty value', `?${b64('variant=')}`],
    ['no key', `?${b64('=v1')}`],
    ['no separator', `?${b64('v1')}`],
    ['two pairs', `?${b64('a=v1&b=v2')}`],
    ['a key with spaces', `?${b64('my key=v1')}`],
    ['trailing junk', `?${b64('variant=v1x')}`],
    ['impossible length', '?abcde'],
    ['very long input', `?${'A'.repeat(100_000)}`],
    ['long but valid-looking', `?${b64(`${'k'.repeat(300)}=v1`)}`],
    ['binary', `?${Buffer.from([0xff, 0xfe, 0x00, 0x3d]).toString('base64')}`],
  ])('rejects %s', (_label, search) => {
    expect(decodeCreatorCashQuery(search)).toBeNull();
  });
});
