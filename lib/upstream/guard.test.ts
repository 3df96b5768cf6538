import { getEventListeners } from 'node:events';
import { upstreamGuard } from './guard';

const never = (signal: AbortSignal) =>
  new Promise<never>((_resolve, reject) =>
    signal.addEventListener('abort', () =>
      reject(Object.assign(new Error('aborted'), { name: 'AbortError' })),
    ),
  );

describe('upstreamGuard', () => {
  it('refuses at once what is beyond the calls allowed in flight', async () => {
    const run = upstreamGuard('test', 200, { concurrency: 2, failures: 5, halfOpenAfterMs: 1000 });
    const waiting = [run(never), run(never)];
    const started = Date.now();
    await expect(run(never)).rejects.toMatchObject({ name: 'UpstreamRefused', reason: 'busy' });
    // Well before the 200 ms a waiting call would take, with room for a loaded machine (66 ms seen).
    expect(Date.now() - started).toBeLessThan(100);
    await Promise.allSettled(waiting);
  });

  it('gives each call its deadline, then opens after consecutive silences and tries again later', async () => {
    const run = upstreamGuard('test', 100, { concurrency: 10, failures: 2, halfOpenAfterMs: 300 });
    const called = jest.fn(never);
    const started = Date.now();
    await expect(run(called)).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(300);
    await expect(run(called)).rejects.toMatchObject({ name: 'AbortError' });
    await expect(run(called)).rejects.toMatchObject({ name: 'UpstreamRefused', reason: 'open' });
    expect(called).toHaveBeenCalledTimes(2);
    await new Promise((r) => setTimeout(r, 350));
    // One call tries again; another meanwhile is refused at once instead of waiting for it.
    let answer!: (v: string) => void;
    const trial = run(() => new Promise<string>((resolve) => (answer = resolve)));
    await expect(run(async () => 'waited')).rejects.toMatchObject({ reason: 'open' });
    answer('answered');
    await expect(trial).resolves.toBe('answered');
    await expect(run(async () => 'again')).resolves.toBe('again');
  });

  it('an error answer counts as an answer, and a reset connection is not silence', async () => {
    const run = upstreamGuard('test', 100, {
      concurrency: 10,
      failures: 2,
      halfOpenAfterMs: 10_000,
    });
    await expect(run(never)).rejects.toMatchObject({ name: 'AbortError' });
    await expect(
      run(() => Promise.reject(Object.assign(new Error('no'), { name: 'NotAuthorizedException' }))),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    // Silence, an answer, silence: never two in a row, so still closed.
    await expect(run(never)).rejects.toMatchObject({ name: 'AbortError' });
    await expect(run(async () => 'ok')).resolves.toBe('ok');
    // The SDK names a reset connection TimeoutError, but it came back at once.
    const reset = () =>
      Promise.reject(
        Object.assign(new Error('reset'), { name: 'TimeoutError', code: 'ECONNRESET' }),
      );
    for (let i = 0; i < 3; i++)
      await expect(run(reset)).rejects.toMatchObject({ code: 'ECONNRESET' });
    await expect(run(async () => 'still ok')).resolves.toBe('still ok');
  });

  it('other failures pass through and do not open it', async () => {
    const run = upstreamGuard('test', 100, {
      concurrency: 10,
      failures: 1,
      halfOpenAfterMs: 10_000,
    });
    const refused = () =>
      Promise.reject(Object.assign(new Error('nope'), { name: 'TooManyRequestsException' }));
    await expect(run(refused)).rejects.toMatchObject({ name: 'TooManyRequestsException' });
    await expect(run(async () => 'ok')).resolves.toBe('ok');
  });
});

// A 300 ms deadline ends the call long before the 5 s a deaf call would take; a busy machine
// (three jest workers on two cores, beside a build) delays a timer by tens of milliseconds.
const SLACK_MS = 450;

describe('the guard’s own deadline', () => {
  // A call that never hears its signal: what a signal that failed to fire looks like to the guard.
  const deaf = () => new Promise<never>(() => undefined);
  /** The call's error and how long it took, or 'pending' if it had not settled after `limitMs`. */
  const settle = async (call: Promise<unknown>, limitMs = 2000) => {
    const started = performance.now();
    let limit: NodeJS.Timeout | undefined;
    const result = await Promise.race([
      call.then(
        () => ({ error: undefined as unknown }),
        (error: unknown) => ({ error }),
      ),
      new Promise<'pending'>((resolve) => (limit = setTimeout(() => resolve('pending'), limitMs))),
    ]);
    clearTimeout(limit);
    return result === 'pending' ? result : { ...result, ms: performance.now() - started };
  };

  it('ends a call that does not heed its signal at the deadline, as silence that opens the breaker', async () => {
    const run = upstreamGuard('test', 300, {
      concurrency: 10,
      failures: 2,
      halfOpenAfterMs: 10_000,
    });
    let heard: AbortSignal | undefined;
    for (let i = 0; i < 2; i++) {
      const ended = await settle(run((signal) => ((heard = signal), deaf())));
      expect(ended).toMatchObject({ error: { name: 'TimeoutError' } });
      expect(ended !== 'pending' && ended.ms).toBeLessThan(SLACK_MS);
      expect(heard?.aborted).toBe(true);
    }
    await expect(run(deaf)).rejects.toMatchObject({ name: 'UpstreamRefused', reason: 'open' });
  });

  it('a budget shorter than the deadline ends the call at the budget, and counts the same', async () => {
    const run = upstreamGuard('test', 5000, {
      concurrency: 10,
      failures: 1,
      halfOpenAfterMs: 10_000,
    });
    const ended = await settle(run(deaf, { budgetMs: 300 }));
    expect(ended).toMatchObject({ error: { name: 'TimeoutError' } });
    expect(ended !== 'pending' && ended.ms).toBeGreaterThanOrEqual(290);
    expect(ended !== 'pending' && ended.ms).toBeLessThan(SLACK_MS);
    await expect(run(async () => 'never made')).rejects.toMatchObject({ reason: 'open' });
  });

  it('a budget longer than the deadline is held to the deadline', async () => {
    const run = upstreamGuard('test', 300, {
      concurrency: 10,
      failures: 5,
      halfOpenAfterMs: 10_000,
    });
    const ended = await settle(run(deaf, { budgetMs: 5000 }));
    expect(ended).toMatchObject({ error: { name: 'TimeoutError' } });
    expect(ended !== 'pending' && ended.ms).toBeLessThan(SLACK_MS);
  });

  it('follows the caller’s signal, stops listening once the call settles, and is not silence', async () => {
    const run = upstreamGuard('test', 5000, {
      concurrency: 10,
      failures: 1,
      halfOpenAfterMs: 10_000,
    });
    const own = new AbortController();
    await expect(run(async () => 'answered', { signal: own.signal })).resolves.toBe('answered');
    expect(getEventListeners(own.signal, 'abort')).toHaveLength(0);

    const call = settle(run(never, { signal: own.signal }));
    expect(getEventListeners(own.signal, 'abort')).toHaveLength(1);
    setTimeout(() => own.abort(), 50);
    const ended = await call;
    expect(ended !== 'pending' && ended.ms).toBeLessThan(200);
    expect(ended).toMatchObject({ error: { name: 'AbortError' } });
    expect(getEventListeners(own.signal, 'abort')).toHaveLength(0);
    // The caller gave up, not the upstream: one failure allowed, and still closed.
    await expect(run(async () => 'still called')).resolves.toBe('still called');
  });

  it('a caller’s signal already aborted ends the call before it is made', async () => {
    const run = upstreamGuard('test', 5000, {
      concurrency: 10,
      failures: 1,
      halfOpenAfterMs: 10_000,
    });
    const called = jest.fn(never);
    await expect(run(called, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(called).not.toHaveBeenCalled();
  });

  it('ends its timer with a failure; an answer’s signal stays armed to the deadline, for its body', async () => {
    jest.useFakeTimers();
    try {
      const run = upstreamGuard('test', 5000);
      await expect(run(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
      expect(jest.getTimerCount()).toBe(0);
      let heard: AbortSignal | undefined;
      await expect(run(async (signal) => ((heard = signal), 'quick'))).resolves.toBe('quick');
      expect(heard?.aborted).toBe(false);
      jest.advanceTimersByTime(5000);
      expect(heard?.reason).toMatchObject({ name: 'TimeoutError' });
      expect(jest.getTimerCount()).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });
});
