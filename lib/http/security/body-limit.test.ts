import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { MAX_BODY_BYTES, declaredTooLarge, readWithin } from './body-limit';

/** A stream of `count` chunks of `size` bytes that records how many it was asked for. */
function chunked(count: number, size: number) {
  const seen = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (seen.pulled === count) return controller.close();
        seen.pulled += 1;
        controller.enqueue(new Uint8Array(size).fill(120));
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, seen };
}

describe('declaredTooLarge', () => {
  it.each([
    [null, false],
    ['0', false],
    [String(MAX_BODY_BYTES), false],
    [String(MAX_BODY_BYTES + 1), true],
    [String(2 * 1024 * 1024), true],
    ['not a number', false],
  ])('Content-Length %s -> %s', (value, want) => {
    expect(declaredTooLarge(value)).toBe(want);
  });
});

describe('readWithin', () => {
  it('answers the whole body when it fits', async () => {
    const { stream } = chunked(4, 1024);
    expect((await readWithin(stream))?.byteLength).toBe(4096);
    const exact = chunked(1, MAX_BODY_BYTES);
    expect((await readWithin(exact.stream))?.byteLength).toBe(MAX_BODY_BYTES);
    expect(await readWithin(null)).toEqual(new Uint8Array());
  });

  it('stops reading a chunked body once it passes the limit', async () => {
    // 2 MB in 16 KB chunks: refused after five chunks, the rest never asked for.
    const { stream, seen } = chunked(128, 16 * 1024);
    expect(await readWithin(stream)).toBeNull();
    expect(seen.pulled).toBe(5);
    expect(seen.cancelled).toBe(true);
  });

  it('answers at once for a clone of a request body (one branch of a tee)', async () => {
    // Cancelling one branch of a tee settles only once the other is cancelled too: the guard
    // reads a clone while the original stays for the framework, so it must not wait for that.
    const { stream, seen } = chunked(128, 16 * 1024);
    const [clone] = stream.tee();
    const answer = await Promise.race([
      readWithin(clone),
      new Promise((resolve) => setTimeout(() => resolve('hung'), 2000)),
    ]);
    expect(answer).toBeNull();
    expect(seen.pulled).toBeLessThan(10);
  });
});

describe("the framework's limits agree with this one", () => {
  it('an action body stops at MAX_BODY_BYTES, and the copy the guard reads at twice that', () => {
    const config = path.join(__dirname, '..', '..', '..', 'next.config.mjs');
    const out = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const m = await import(${JSON.stringify(config)}); process.stdout.write(JSON.stringify(m.default('phase-production-server').experimental));`,
      ],
      { encoding: 'utf8' },
    );
    const experimental = JSON.parse(out) as {
      serverActions: { bodySizeLimit: string };
      proxyClientMaxBodySize: number;
    };
    expect(experimental.serverActions.bodySizeLimit).toBe(`${MAX_BODY_BYTES / 1024}kb`);
    // Past its copy limit the framework hands the guard a body cut at a read's edge (at most
    // 64 KB each): at twice the limit the guard still sees a body over it, and no request makes
    // the server hold more.
    expect(experimental.proxyClientMaxBodySize).toBe(2 * MAX_BODY_BYTES);
  });
});
