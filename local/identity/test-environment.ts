import { TestEnvironment } from 'jest-environment-node';

/**
 * jose, otplib and their dependencies ship as ES modules only, and Jest (CommonJS here; next/jest
 * transforms nothing in node_modules) cannot load them. This environment hands the tests Node's own
 * `require`, which loads ES modules natively (Node >= 20.19); the suites route those packages
 * through it with `jest.mock`.
 */
export default class NodeRequireEnvironment extends TestEnvironment {
  constructor(...args: ConstructorParameters<typeof TestEnvironment>) {
    super(...args);
    this.global.__nodeRequire = require;
  }
}
