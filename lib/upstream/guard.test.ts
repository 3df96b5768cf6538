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
    expect(Date.now() - started).toBeLessThan(50);
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
