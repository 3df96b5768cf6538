// The bounds of forgetting an account's remembered devices: how many, how long, and that a pool
// that fails never fails the sign-out. The pool's side is test/integration/device-sign-out.test.ts.
jest.mock('@/lib/cognito', () => ({}));
jest.mock('@/lib/cognito/admin', () => ({}));
jest.mock('@/lib/cognito/devices', () => ({}));
jest.mock('./due', () => ({ deviceQuota: jest.fn(async () => true) }));
jest.mock('@/lib/runtime/log', () => ({ log: { info: jest.fn(), warn: jest.fn() } }));

import type { Result, TrackedDevice } from '@/lib/cognito';
import { log } from '@/lib/runtime/log';
import { deviceQuota } from './due';
import { FORGET_BUDGET_MS, FORGETS_AT_ONCE, forgetRemembered, type AccountDevices } from './forget';

const device = (n: number, remembered = true): TrackedDevice => ({
  key: `us-east-1_${n}`,
  name: `Device ${n}`,
  remembered,
});
const ok = <T>(value: T): Result<T> => ({ ok: true, value });
const failure = (name: string) =>
  ({ ok: false, failure: { name, kind: 'unavailable', message: { text: name } } }) as never;

function account(
  devices: TrackedDevice[],
  forget: (key: string) => Promise<Result<void>> = async () => ok(undefined),
) {
  const forgotten: string[] = [];
  const calls: AccountDevices = {
    list: async () => ok({ devices }),
    forget: async (key) => {
      forgotten.push(key);
      return forget(key);
    },
  };
  return { calls, forgotten };
}

beforeEach(() => jest.clearAllMocks());

test('forgets the remembered devices and this browser’s, each taking a unit of the quota', async () => {
  const { calls, forgotten } = account([device(1), device(2, false), device(3)]);
  await forgetRemembered(calls, device(2).key);
  expect(forgotten.sort()).toEqual([device(1).key, device(2).key, device(3).key]);
  expect(deviceQuota).toHaveBeenCalledTimes(3);
});

test('at most FORGETS_AT_ONCE, this browser’s among them; the rest is logged', async () => {
  const many = Array.from({ length: FORGETS_AT_ONCE + 4 }, (_, n) => device(n));
  const { calls, forgotten } = account(many);
  await forgetRemembered(calls, 'us-east-1_here');
  expect(forgotten).toHaveLength(FORGETS_AT_ONCE);
  expect(forgotten[0]).toBe('us-east-1_here');
  expect(log.warn).toHaveBeenCalledWith('device.forget_left', { left: 5 });
});

test('a refused call is logged, never thrown; a device the pool no longer knows counts as forgotten', async () => {
  const { calls } = account([device(1), device(2)], async (key) =>
    key === device(1).key
      ? failure('TooManyRequestsException')
      : failure('ResourceNotFoundException'),
  );
  await expect(forgetRemembered(calls)).resolves.toBeUndefined();
  expect(log.warn).toHaveBeenCalledWith('device.forget_failed', {
    reason: 'TooManyRequestsException',
  });
  expect(log.info).toHaveBeenCalledWith('device.forgotten_everywhere', { forgotten: 1 });
});

test('a pool that does not answer is waited for FORGET_BUDGET_MS, no longer', async () => {
  jest.useFakeTimers();
  try {
    const calls: AccountDevices = {
      list: () => new Promise(() => undefined),
      forget: () => new Promise(() => undefined),
    };
    let done = false;
    const running = forgetRemembered(calls, 'us-east-1_here').then(() => (done = true));
    await jest.advanceTimersByTimeAsync(FORGET_BUDGET_MS - 1);
    expect(done).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await running;
    expect(log.warn).toHaveBeenCalledWith('device.forget_timeout');
  } finally {
    jest.useRealTimers();
  }
});
