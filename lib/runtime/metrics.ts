import { monitorEventLoopDelay } from 'node:perf_hooks';
import { metrics, type Attributes, type Counter, type Histogram } from '@opentelemetry/api';
import { errorName } from '@/lib/runtime/error-name';
import { scrubAttributes } from '@/lib/runtime/telemetry/scrub';

// Made once telemetry starts (lib/runtime/telemetry); until then, and without it, recording does nothing.
// On globalThis: every bundle of the app records into the same instruments.
const KEY = Symbol.for('creator-dashboard.metrics');
type Instruments = {
  requestDuration: Histogram;
  upstreamDuration: Histogram;
  upstreamRefused: Counter;
  rateLimitHits: Counter;
  webVitals: Histogram;
};
const holder = globalThis as { [KEY]?: Instruments };

export function createInstruments(): void {
  const meter = metrics.getMeter('creator-dashboard');
  holder[KEY] = {
    requestDuration: meter.createHistogram('http.server.request.duration', {
      unit: 's',
      description: 'Time to answer a request, by route, method and status',
    }),
    upstreamDuration: meter.createHistogram('upstream.request.duration', {
      unit: 's',
      description: 'Time of a call to Cognito, the creator system or Redis, by outcome',
    }),
    upstreamRefused: meter.createCounter('upstream.refused', {
      description: 'Calls not made: the upstream is silent (open) or has too many waiting (busy)',
    }),
    rateLimitHits: meter.createCounter('rate_limit.hits', {
      description: 'Requests refused by a rate limit, by action and limit',
    }),
    webVitals: meter.createHistogram('web_vitals', {
      description: "Browsers' web vitals (ms; CLS unitless), by metric, page and rating",
    }),
  };
  const delay = monitorEventLoopDelay({ resolution: 20 });
  delay.enable();
  meter
    .createObservableGauge('nodejs.eventloop.delay', {
      unit: 's',
      description: 'Event-loop delay since the last export: p50, p99 and max',
    })
    .addCallback((result) => {
      for (const [stat, value] of [
        ['p50', delay.percentile(50)],
        ['p99', delay.percentile(99)],
        ['max', delay.max],
      ] as const)
        result.observe(value / 1e9, { stat });
      delay.reset();
    });
}

const instruments = (): Instruments | undefined => holder[KEY];

export const record = {
  request(seconds: number, attributes: Attributes) {
    instruments()?.requestDuration.record(seconds, scrubAttributes(attributes));
  },
  upstream(seconds: number, attributes: { upstream: string; operation: string; outcome: string }) {
    instruments()?.upstreamDuration.record(seconds, attributes);
  },
  refused(attributes: { upstream: string; reason: string }) {
    instruments()?.upstreamRefused.add(1, attributes);
  },
  rateLimitHit(attributes: { action: string; limit: string }) {
    instruments()?.rateLimitHits.add(1, attributes);
  },
  webVital(value: number, attributes: { metric: string; page: string; rating: string }) {
    instruments()?.webVitals.record(value, scrubAttributes(attributes));
  },
};

/** Times `call` into upstream.request.duration: outcome "ok", or the error's name. */
export async function timedUpstream<T>(
  upstream: string,
  operation: string,
  call: () => Promise<T>,
): Promise<T> {
  if (!instruments()) return call();
  const started = performance.now();
  let outcome = 'ok';
  try {
    return await call();
  } catch (error) {
    outcome = errorName(error, 'error');
    throw error;
  } finally {
    record.upstream((performance.now() - started) / 1e3, { upstream, operation, outcome });
  }
}
