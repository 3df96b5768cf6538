import {
  BulkheadRejectedError,
  BrokenCircuitError,
  CircuitState,
  ConsecutiveBreaker,
  bulkhead,
  circuitBreaker,
  handleAll,
  wrap,
} from 'cockatiel';
import { log } from '@/lib/runtime/log';
import { record } from '@/lib/runtime/metrics';
import { withDeadline } from './deadline';

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
  override name = 'UpstreamRefused';
  constructor(
    readonly upstream: string,
    readonly reason: 'open' | 'busy',
  ) {
    super(`${upstream} ${reason === 'open' ? 'is not answering' : 'has too many calls waiting'}`);
  }
}

// Silence only: the SDK names a reset or broken connection TimeoutError too, but those come back at
// once, as do a refused connection and a throttled answer (decision 039).
// By name, not instanceof: fetch's DOMException may come from another realm than our Error.
function noAnswer(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, name } = error as { code?: unknown; name?: unknown };
  if (code === 'ECONNRESET' || code === 'EPIPE') return false;
  return name === 'TimeoutError' || name === 'AbortError';
}

type Outcome<T> = { answered: true; value: T } | { answered: false; error: unknown };

export type RunOptions = {
  /** A shorter wait for this call, where a person waits on it; never past the deadline. */
  budgetMs?: number;
  /** The caller's own signal: it ends the call too, and is not the upstream's silence. */
  signal?: AbortSignal;
};

/**
 * Runs each call under its own deadline (`deadlineMs` for all its attempts, or its budget), on a
 * timer of the guard's own, at most `concurrency` at once, and refuses at once while the upstream
 * is silent or being tried again.
 */
export function upstreamGuard(
  upstream: string,
  deadlineMs: number,
  options: UpstreamGuardOptions = UPSTREAM_GUARD,
) {
  const breaker = circuitBreaker(handleAll, {
    halfOpenAfter: options.halfOpenAfterMs,
    breaker: new ConsecutiveBreaker(options.failures),
  });
  breaker.onBreak(() => log.error('upstream.open', { upstream }));
  breaker.onReset(() => log.info('upstream.closed', { upstream }));
  const policy = wrap(bulkhead(options.concurrency, 0), breaker);

  const refused = (reason: 'open' | 'busy') => {
    record.refused({ upstream, reason });
    return new UpstreamRefused(upstream, reason);
  };

  return async function run<T>(
    call: (signal: AbortSignal) => Promise<T>,
    { budgetMs, signal }: RunOptions = {},
  ): Promise<T> {
    // One call tries a silent upstream again; the others do not wait for it.
    if (breaker.state === CircuitState.HalfOpen) throw refused('open');
    const ms = budgetMs && budgetMs > 0 ? Math.min(budgetMs, deadlineMs) : deadlineMs;
    let outcome: Outcome<T>;
    try {
      // Any answer, an error answer included, counts as an answer: only silence opens the breaker.
      outcome = await policy.execute(async () => {
        try {
          return { answered: true, value: await withDeadline(ms, call, signal) };
        } catch (error) {
          if (noAnswer(error) && !signal?.aborted) throw error;
          return { answered: false, error };
        }
      });
    } catch (error) {
      if (error instanceof BrokenCircuitError) throw refused('open');
      if (error instanceof BulkheadRejectedError) {
        log.warn('upstream.busy', { upstream });
        throw refused('busy');
      }
      throw error;
    }
    if (!outcome.answered) throw outcome.error;
    return outcome.value;
  };
}

// On globalThis: the guard and the routes bundle this module separately (decision 019).
const GUARDS = Symbol.for('creator-dashboard.upstream-guards');
type Run = ReturnType<typeof upstreamGuard>;
const guards = ((globalThis as { [GUARDS]?: Map<string, Run> })[GUARDS] ??= new Map());

/** One guard per upstream and process, whichever bundle asks. */
export function sharedUpstreamGuard(key: string, upstream: string, deadlineMs: number): Run {
  let run = guards.get(key);
  if (!run) {
    run = upstreamGuard(upstream, deadlineMs);
    guards.set(key, run);
  }
  return run;
}
