import { isHTTPAccessFallbackError } from 'next/dist/client/components/http-access-fallback/http-access-fallback';
import { googleOffered, offerParams } from './offer';

const props = (offer: string) => ({ params: Promise.resolve({ offer }) });

it('builds a twin for each offer', () => {
  expect(offerParams()).toEqual([{ offer: 'with-google' }, { offer: 'without-google' }]);
});

it('reads from the twin whether it offers Google', async () => {
  await expect(googleOffered(props('with-google'))).resolves.toBe(true);
  await expect(googleOffered(props('without-google'))).resolves.toBe(false);
});

it('answers not found for an offer no twin is built for', async () => {
  for (const offer of ['google', 'toString', '', 'WITH-GOOGLE']) {
    const thrown = await googleOffered(props(offer)).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isHTTPAccessFallbackError(thrown)).toBe(true);
  }
});
