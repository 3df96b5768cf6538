import path from 'node:path';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { registerOTel } from '@vercel/otel';
import { createInstruments } from '@/lib/runtime/metrics';
import { FileMetricExporter, FileSpanExporter } from './files';
import { ScrubbingSpanProcessor } from './scrub-processor';
import { telemetryPlan } from './plan';

/**
 * OpenTelemetry as Next documents it (@vercel/otel in the instrumentation hook): Next's own spans
 * plus our metrics (lib/runtime/metrics.ts). Answers what it started, for the start-up log line.
 */
export function startTelemetry({ local }: { local: boolean }): string {
  const env = process.env;
  const plan = telemetryPlan(env, local);
  if (plan.traces === 'none' && plan.metrics === 'none') return 'off';
  const dir = path.join(env.LOCAL_DATA_DIR || path.join('.data', 'local'), 'otel');
  const metricExporter =
    plan.metrics === 'otlp'
      ? new OTLPMetricExporter()
      : plan.metrics === 'file'
        ? new FileMetricExporter(path.join(dir, 'metrics.jsonl'))
        : null;
  registerOTel({
    serviceName: env.OTEL_SERVICE_NAME || 'creator-dashboard',
    // First, so no exporter sees a query's values or an email (./scrub.ts).
    spanProcessors: [new ScrubbingSpanProcessor(), 'auto'],
    ...(plan.traces === 'file'
      ? { traceExporter: new FileSpanExporter(path.join(dir, 'traces.jsonl')) }
      : plan.traces === 'none'
        ? { traceSampler: 'always_off' as const }
        : {}),
    metricReaders: metricExporter
      ? [
          new PeriodicExportingMetricReader({
            exporter: metricExporter,
            exportIntervalMillis: plan.metrics === 'file' ? 10_000 : 60_000,
          }),
        ]
      : [],
  });
  if (metricExporter) createInstruments();
  return `traces: ${plan.traces}, metrics: ${plan.metrics}${plan.traces === 'file' || plan.metrics === 'file' ? ` (${dir})` : ''}`;
}
