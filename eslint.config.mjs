import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

/**
 * Dependencies point one way: app -> components -> lib (docs/architecture.md §1). The local stack
 * stands in for outside systems: the product never imports it, and it never imports the product.
 * Only the tests may use both: e2e/ (across the process boundary) and test/integration/ (in
 * process).
 */
const forbid = (...groups) => [
  'error',
  {
    patterns: groups.map(([group, message]) => ({
      group: [`@/${group}`, `@/${group}/**`, `**/${group}/**`],
      message,
    })),
  },
];
const APP = ['app', 'Nothing imports app/: it is the top of app -> components -> lib.'];
const COMPONENTS = ['components', 'lib/ is below components/: move the shared piece into lib/.'];
const LOCAL = [
  'local',
  'The product never imports the local stack (a stand-in for outside systems).',
];
const PRODUCT = (dir) => [dir, 'The local stack stands alone: it never imports the product.'];

const config = [
  ...nextVitals,
  ...nextTs,
  {
    files: ['app/**', 'proxy.ts', 'instrumentation.ts'],
    rules: { 'no-restricted-imports': forbid(LOCAL) },
  },
  { files: ['components/**'], rules: { 'no-restricted-imports': forbid(APP, LOCAL) } },
  { files: ['lib/**'], rules: { 'no-restricted-imports': forbid(APP, COMPONENTS, LOCAL) } },
  // The Cognito adapter speaks the pool's API in raw attribute strings; the features that own a
  // record parse it (docs/architecture.md §2), so the adapter imports none of them.
  {
    files: ['lib/cognito/**'],
    rules: {
      'no-restricted-imports': forbid(
        APP,
        COMPONENTS,
        LOCAL,
        ...['lib/activity', 'lib/passkeys', 'lib/two-step', 'lib/profile', 'lib/auth'].map(
          (dir) => [
            dir,
            'lib/cognito reads and writes raw attributes: parse them in their feature.',
          ],
        ),
      ),
    },
  },
  {
    files: ['contract/**'],
    rules: {
      'no-restricted-imports': forbid(
        ['app', 'The contract is shared by both sides: it imports neither.'],
        ['components', 'The contract is shared by both sides: it imports neither.'],
        ['lib', 'The contract is shared by both sides: it imports neither.'],
        ['local', 'The contract is shared by both sides: it imports neither.'],
      ),
    },
  },
  {
    files: ['local/**'],
    rules: {
      'no-restricted-imports': forbid(PRODUCT('app'), PRODUCT('components'), PRODUCT('lib')),
    },
  },
  {
    ignores: [
      '.next/**',
      '.next-*/**',
      'node_modules/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
      'next-env.d.ts',
      // The reference app's own sources, built by its own tools (bench/reference-journey).
      'bench/reference-journey/src/**',
    ],
  },
];
export default config;
