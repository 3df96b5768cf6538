// AbortSignal.timeout's timer holds its signal only weakly, and AbortSignal.any its sources: a
// collection while the call waits can take the timeout with it, and the call then waits for the
// upstream however long it takes (nodejs/node#57736). These timers are plain ones, held strongly.

/** What a call ends with when its time is up: named like fetch's and AbortSignal.timeout's. */
export class DeadlineExceeded extends Error {
  override name = 'TimeoutError';
  constructor(readonly ms: number) {
    super(`no answer within ${ms} ms`);
  }
}

/**
 * AbortSignal.timeout(ms), kept until it fires: for a fetch outside the guard (a health probe, a
 * notice). Its timer does not keep the process alive.
 */
export function timeoutSignal(ms: number): AbortSignal {
  const controller = new AbortController();
  setTimeout(() => controller.abort(new DeadlineExceeded(ms)), ms).unref();
  return controller.signal;
}

/**
 * Runs `call` with a signal of its own that aborts after `ms` or when `follow` aborts, and settles
 * by then whether or not the call heeds it. Once it settles, `follow` is no longer listened to; an
 * answer's signal stays armed to the deadline (its body may be read after it), a failure's ends.
 */
export function withDeadline<T>(
  ms: number,
  call: (signal: AbortSignal) => Promise<T>,
  follow?: AbortSignal,
): Promise<T> {
  if (follow?.aborted) return Promise.reject(follow.reason);
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    let over = false;
    const done = (answered: boolean) => {
      settled = true;
      follow?.removeEventListener('abort', onFollow);
      if (answered) timer.unref();
      else clearTimeout(timer);
    };
    const end = (reason: unknown) => {
      done(false);
      reject(reason);
      controller.abort(reason);
    };
    const onFollow = () => end(follow?.reason);
    const timer = setTimeout(() => {
      const reason = new DeadlineExceeded(ms);
      over = true;
      controller.abort(reason);
      // The call hears it first and may end with its own account of it (fetch's, the SDK's); an
      // answer from now on is too late, and a call that never heeds it ends on the next turn.
      if (!settled)
        setImmediate(() => {
          if (!settled) end(reason);
        });
    }, ms);
    follow?.addEventListener('abort', onFollow, { once: true });
    let pending: Promise<T>;
    try {
      pending = call(controller.signal);
    } catch (error) {
      pending = Promise.reject(error);
    }
    pending.then(
      (value) => {
        if (over || settled) return;
        done(true);
        resolve(value);
      },
      (error: unknown) => {
        if (settled) return;
        done(false);
        reject(error);
      },
    );
  });
}
