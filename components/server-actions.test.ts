/**
 * The server actions' shared answers, called directly: the authenticator-code form speaks of the
 * app (docs/product.md §5.4). Only Next's request APIs are stood in for.
 */

jest.mock('next/headers', () => ({
  headers: async () => new Headers({ 'x-forwarded-for': '203.0.113.8' }),
  cookies: async () => ({ get: () => undefined, set: () => undefined, delete: () => undefined }),
}));

const form = (entries: [string, string][]) => {
  const fd = new FormData();
  for (const [k, v] of entries) fd.append(k, v);
  return fd;
};

describe('the two-step sign-in code (docs/product.md §5.4)', () => {
  it('asks for the code from the authenticator app when none is entered', async () => {
    const { mfaChallengeAction } = await import('@/components/auth/actions');
    expect(await mfaChallengeAction({ status: 'idle' }, form([]))).toEqual({
      status: 'error',
      fieldErrors: { code: [{ text: 'Enter the 6-digit code from your authenticator app.' }] },
      values: {},
    });
  });
});
