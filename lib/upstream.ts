import {
  BulkheadRejectedError,
  BrokenCircuitError,
  ConsecutiveBreaker,
  bulkhead,
  circuitBreaker,
  handleWhen,
  wrap,
} from 'cockatiel';
import { log } from '@/lib/log';

export type UpstreamGuardOptions = {
  /** Calls in flight at once; more fail at once instead of queueing. */
  concurrency: number;
  /** Consecutive calls that got no answer in time before the breaker opens. */
  failures: number;
  /** How long an open breaker refuses before one call may try again. */
  halfOpenAfterMs: number;
};

export const UPSTREAM_GUARD: UpstreamGuardOptions = {
  concurrency: 64,
  failures: 5,
  halfOpenAfterMs: 10_000,
};

/** Refused without calling: the upstream is known to be silent, or enough calls already wait on it. */
export class UpstreamRefused extends Error {
  override name = 'ServiceUnavailable';
  constructor(
    readonly upstream: string,
    readonly reason: 'open' | 'busy',
  ) {
    super(`${upstream} ${reason === 'open' ? 'is not answering' : 'has too many calls waiting'}`);
  }
}

// Only silence opens the breaker: a refused connection or a throttled answer costs nothing to wait
// for, and the next call may well succeed (decision 039).
const noAnswer = (error: Error) => error.name === 'TimeoutError' || error.name === 'AbortError';

/**
 * Runs each call with its own deadline (`deadlineMs` for all its attempts), at most
 * `concurrency` at once, and refuses at once while the upstream has stopped answering.
 */
export function upstreamGuard(
  upstream: string,
  deadlineMs: number,
  options: UpstreamGuardOptions = UPSTREAM_GUARD,
) {
  const breaker = circuitBreaker(handleWhen(noAnswer), {
    halfOpenAfter: options.halfOpenAfterMs,
    breaker: new ConsecutiveBreaker(options.failures),
  });
  breaker.onBreak(() => log.error('upstream.open', { upstream }));
  breaker.onReset(() => log.info('upstream.closed', { upstream }));
  const policy = wrap(bulkhead(options.concurrency, 0), breaker);

  return async function run<T>(call: (signal: AbortSignal) => Promise<T>): Promise<T> {
    try {
      return await policy.execute(({ signal }) =>
        call(AbortSignal.any([signal, AbortSignal.timeout(deadlineMs)])),
      );
    } catch (error) {
      if (error instanceof BrokenCircuitError) throw new UpstreamRefused(upstream, 'open');
      if (error instanceof BulkheadRejectedError) {
        log.warn('upstream.busy', { upstream });
        throw new UpstreamRefused(upstream, 'busy');
      }
      throw error;
    }
  };
}
