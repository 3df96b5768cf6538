import http from 'node:http';
import { drain, inFlight, track } from './drain';
import { isDraining } from './readiness';

async function server(handler: http.RequestListener) {
  let arrived = () => {};
  const firstArrived = new Promise<void>((resolve) => (arrived = resolve));
  const s = http.createServer((req, res) => {
    track(s, res);
    arrived();
    handler(req, res);
  });
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as import('node:net').AddressInfo;
  // Waits for the request itself, not for a time: a busy machine may take longer to deliver it.
  return { s, url: `http://127.0.0.1:${port}/`, firstArrived };
}

describe('drain', () => {
  it('is not ready at once, serves through the delay, lets the request in flight finish, exits 0', async () => {
    const { s, url, firstArrived } = await server((_req, res) =>
      setTimeout(() => res.end('done'), 300),
    );
    const answer = fetch(url).then((r) => r.text());
    await firstArrived;
    expect(inFlight()).toBe(1);
    const exit = jest.fn();
    const drained = drain({ delayMs: 100, timeoutMs: 2000 }, exit);
    expect(isDraining()).toBe(true);
    // Still taking new requests during the delay.
    await expect(fetch(url).then((r) => r.text())).resolves.toBe('done');
    await drained;
    await expect(answer).resolves.toBe('done');
    expect(exit).toHaveBeenCalledWith(0);
    expect(s.listening).toBe(false);
  });

  it('exits 1 when a request is still running at the end of the budget', async () => {
    const { s, url, firstArrived } = await server(() => undefined);
    const hung = fetch(url).catch(() => 'cut');
    await firstArrived;
    const exit = jest.fn();
    await drain({ delayMs: 0, timeoutMs: 200 }, exit);
    expect(exit).toHaveBeenCalledWith(1);
    s.closeAllConnections();
    await hung;
  });
});
