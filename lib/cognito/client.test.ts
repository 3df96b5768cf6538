import { createHmac } from 'node:crypto';
import { retryDelay, secretHash } from './client';

describe('retryDelay (docs/product.md §9: 100 ms base, doubling, jitter, 5 s cap)', () => {
  it('stays within [ceiling/2, ceiling] and doubles', () => {
    expect(retryDelay(0, () => 0)).toBe(50);
    expect(retryDelay(0, () => 1)).toBe(100);
    expect(retryDelay(1, () => 1)).toBe(200);
    expect(retryDelay(3, () => 1)).toBe(800);
  });
  it('never exceeds 5 s', () => {
    expect(retryDelay(10, () => 1)).toBe(5000);
    expect(retryDelay(30, () => 0.5)).toBeLessThanOrEqual(5000);
  });
});

describe('secretHash', () => {
  it('is absent for a public client', () => {
    expect(
      secretHash('a@b.co', { COGNITO_CLIENT_ID: 'c', COGNITO_CLIENT_SECRET: undefined }),
    ).toBeUndefined();
  });
  it('is HMAC-SHA256(secret, username + clientId) in base64', () => {
    const expected = createHmac('sha256', 's3cret').update('a@b.cocid').digest('base64');
    expect(
      secretHash('a@b.co', { COGNITO_CLIENT_ID: 'cid', COGNITO_CLIENT_SECRET: 's3cret' }),
    ).toBe(expected);
  });
});
