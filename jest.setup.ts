import '@testing-library/jest-dom';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';

// Each test file keeps what would outlive a restart (STATE_DIR) apart from the others and the app's.
process.env.STATE_DIR = mkdtempSync(path.join(os.tmpdir(), 'cd-state-'));

// `npm test` (and CI) fixes the property tests' seed per commit (FC_SEED, set by
// scripts/test-all.sh), so a run is repeatable: the same commit finds the same counterexample.
// Run alone, jest keeps fast-check's random seed and prints it with any failure.
if (process.env.FC_SEED) fc.configureGlobal({ seed: Number(process.env.FC_SEED) });

// A warning or error printed during a test is a bug: fail the test that printed it.
const fail =
  (kind: string) =>
  (...args: unknown[]) => {
    throw new Error(`console.${kind} called during a test: ${args.map(String).join(' ')}`);
  };
beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(fail('error'));
  jest.spyOn(console, 'warn').mockImplementation(fail('warn'));
});
afterEach(() => {
  jest.restoreAllMocks();
});

// Node 21 and later define a global `navigator` without `appName`. The conformance suites' reference
// SRP client (amazon-cognito-identity-js, a dev dependency) reads that as an old browser and picks
// its slowest big-number multiply: a device sign-in then takes seconds, not milliseconds. Suites in
// the node environment run without it, as server code does on Node 20.
if (typeof window === 'undefined' && 'navigator' in globalThis) {
  Reflect.deleteProperty(globalThis, 'navigator');
}
