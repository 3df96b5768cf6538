import { getEnv } from '@/lib/runtime/env';
import { requireSession } from '@/lib/session';
import { cookieNames } from '@/lib/session/seal';
import { cookieJar } from '@/test/next-headers';

jest.mock('next/headers', () => jest.requireActual('@/test/next-headers').nextHeaders);

/** Where requireSession sent the page: the URL in Next's redirect signal. */
async function redirectedTo(): Promise<string> {
  try {
    await requireSession();
  } catch (signal) {
    const digest = String((signal as { digest?: unknown }).digest ?? '');
    if (digest.startsWith('NEXT_REDIRECT')) return digest.split(';')[2]!;
    throw signal;
  }
  throw new Error('requireSession did not redirect');
}

beforeEach(() => cookieJar.clear());

describe('requireSession without a session', () => {
  it('sends the page to /login', async () => {
    expect(await redirectedTo()).toBe('/login');
  });

  // A server action that ends the session (forgetting this device, deleting the account) re-renders
  // the page in its answer, and the router follows this redirect: it must carry the reason, or
  // whichever navigation wins decides whether the person is told.
  it.each(['account-deleted', 'device-forgotten'])(
    'says why the session just ended (%s)',
    async (reason) => {
      cookieJar.set(cookieNames(getEnv()).ended, reason);
      expect(await redirectedTo()).toBe(`/login?reason=${reason}`);
    },
  );

  it('ignores a reason it does not know', async () => {
    cookieJar.set(cookieNames(getEnv()).ended, '<script>');
    expect(await redirectedTo()).toBe('/login');
  });
});
