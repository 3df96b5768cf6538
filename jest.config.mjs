import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

/** @type {import('jest').Config} */
const config = {
  testEnvironment: 'node',
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  testMatch: [
    '<rootDir>/{app,components,contract,infra,lib,local,scripts,bench,e2e,test}/**/*.test.{ts,tsx}',
  ],
  moduleNameMapper: {
    // `server-only` is a bundler marker that throws outside React Server Components.
    '^server-only$': '<rootDir>/jest.server-only.js',
    '^@/(.*)$': '<rootDir>/$1',
  },
  testTimeout: 20_000,
};

// jose, oauth4webapi and otplib ship only as ES modules: let SWC transform them like our own code.
const ESM_PACKAGES = ['jose', 'oauth4webapi', 'otplib', '@otplib', '@noble', '@scure'];

export default async function jestConfig() {
  const resolved = await createJestConfig(config)();
  resolved.transformIgnorePatterns = resolved.transformIgnorePatterns.map((p) =>
    p.startsWith('/node_modules/(?!.pnpm)(?!(')
      ? p.replace('(?!(', `(?!(${ESM_PACKAGES.join('|')}|`)
      : p,
  );
  return resolved;
}
