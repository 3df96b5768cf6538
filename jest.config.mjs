import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

/** @type {import('jest').Config} */
const config = {
  testEnvironment: 'node',
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  testMatch: ['<rootDir>/{app,components,lib,local,scripts,bench}/**/*.test.{ts,tsx}'],
  moduleNameMapper: {
    // `server-only` is a bundler marker that throws outside React Server Components.
    '^server-only$': '<rootDir>/jest.server-only.js',
    '^@/(.*)$': '<rootDir>/$1',
  },
  testTimeout: 20_000,
};

export default createJestConfig(config);
