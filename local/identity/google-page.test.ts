// The Google stand-in's page against axe (labels, lang, landmarks) in a DOM, as a browser sees it.
import { readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';
import { chooserPage, errorPage, googlePage } from './google-page';

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

async function violations(html: string): Promise<string[]> {
  const dom = new JSDOM(html, { runScripts: 'outside-only', pretendToBeVisual: true });
  dom.window.eval(axeSource);
  const axe = (dom.window as unknown as { axe: typeof import('axe-core') }).axe;
  const result = await axe.run(dom.window.document, {
    // jsdom lays nothing out: contrast is not measurable here.
    rules: { 'color-contrast': { enabled: false } },
  });
  dom.window.close();
  return result.violations.map((v) => `${v.id}: ${v.help}`);
}

test.each([
  ['the consent page', googlePage({ authorization: 'x'.repeat(43) })],
  [
    'the consent page with an error',
    googlePage({ authorization: 'x'.repeat(43), email: 'nope', error: 'Enter an email address.' }),
  ],
  ['the Google-only page', chooserPage('/oauth2/authorize?identity_provider=Google')],
  ['the error page', errorPage('redirect_mismatch')],
])('%s passes axe', async (_name, html) => {
  expect(await violations(html)).toEqual([]);
});

test('values are escaped', () => {
  expect(googlePage({ authorization: 'a', name: '<b>"x"</b>' })).toContain(
    'value="&lt;b&gt;&quot;x&quot;&lt;/b&gt;"',
  );
});
