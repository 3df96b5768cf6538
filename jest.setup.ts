import '@testing-library/jest-dom';

// A warning or error printed during a test is a bug: fail the test that printed it.
const fail = (kind: string) => (...args: unknown[]) => {
  throw new Error(`console.${kind} called during a test: ${args.map(String).join(' ')}`);
};
beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(fail('error'));
  jest.spyOn(console, 'warn').mockImplementation(fail('warn'));
});
afterEach(() => {
  jest.restoreAllMocks();
});
