import { upstreamGuard } from './upstream';

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
    await expect(run(never)).rejects.toMatchObject({ name: 'ServiceUnavailable', reason: 'busy' });
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
    await expect(run(called)).rejects.toMatchObject({ name: 'ServiceUnavailable', reason: 'open' });
    expect(called).toHaveBeenCalledTimes(2);
    await new Promise((r) => setTimeout(r, 350));
    await expect(run(async () => 'answered')).resolves.toBe('answered');
    await expect(run(async () => 'again')).resolves.toBe('again');
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
