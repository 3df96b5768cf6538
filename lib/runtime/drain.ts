import type http from 'node:http';
import { log } from '@/lib/runtime/log';
import { startDraining } from '@/lib/runtime/readiness';

// On globalThis: the server hook and the instrumentation hook bundle this module separately.
const TRACKER = Symbol.for('creator-dashboard.in-flight');
type Tracker = { servers: Set<http.Server>; inFlight: number };
const tracker: Tracker = ((globalThis as { [TRACKER]?: Tracker })[TRACKER] ??= {
  servers: new Set(),
  inFlight: 0,
});

/** Counts a request until its answer is sent or its connection closes. */
export function track(server: http.Server, res: http.ServerResponse): void {
  tracker.servers.add(server);
  tracker.inFlight++;
  res.once('close', () => tracker.inFlight--);
}

export const inFlight = (): number => tracker.inFlight;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Not ready at once, still serving for `delayMs` (the balancer's checks notice), then no new
 * connections and up to `timeoutMs` for the requests in flight; exits 1 if any had to be cut.
 */
export async function drain(
  { delayMs, timeoutMs }: { delayMs: number; timeoutMs: number },
  exit: (code: number) => void = (code) => process.exit(code),
): Promise<void> {
  startDraining();
  log.info('server.draining', { delayMs, timeoutMs, inFlight: tracker.inFlight });
  await sleep(delayMs);
  for (const server of tracker.servers) server.close();
  const until = Date.now() + timeoutMs;
  while (tracker.inFlight > 0 && Date.now() < until) {
    for (const server of tracker.servers) server.closeIdleConnections();
    await sleep(50);
  }
  const cut = tracker.inFlight;
  if (cut > 0) log.error('server.drain_cut', { cut });
  else log.info('server.drained');
  exit(cut > 0 ? 1 : 0);
}
