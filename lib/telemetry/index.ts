import path from 'node:path';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { registerOTel } from '@vercel/otel';
import { createInstruments } from '@/lib/metrics';
import { FileMetricExporter, FileSpanExporter } from './files';

/**
 * OpenTelemetry as Next documents it (@vercel/otel in the instrumentation hook): Next's own spans
 * plus our metrics (lib/metrics.ts). To an OTLP collector when OTEL_EXPORTER_OTLP_ENDPOINT is set;
 * in local mode without one, to JSON-lines files; otherwise not started at all.
 */
export function startTelemetry({ local }: { local: boolean }): string {
  const env = process.env;
  if (env.OTEL_SDK_DISABLED === 'true') return 'off (OTEL_SDK_DISABLED)';
  const collector = Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT);
  if (!collector && !local) return 'off (no OTEL_EXPORTER_OTLP_ENDPOINT)';
  const dir = path.join(env.LOCAL_DATA_DIR || path.join('.data', 'local'), 'otel');
  registerOTel({
    serviceName: env.OTEL_SERVICE_NAME || 'creator-dashboard',
    traceExporter: collector ? 'auto' : new FileSpanExporter(path.join(dir, 'traces.jsonl')),
    metricReaders: [
      new PeriodicExportingMetricReader({
        exporter: collector
          ? new OTLPMetricExporter()
          : new FileMetricExporter(path.join(dir, 'metrics.jsonl')),
        exportIntervalMillis: collector ? 60_000 : 10_000,
      }),
    ],
  });
  createInstruments();
  return collector ? `OTLP to ${env.OTEL_EXPORTER_OTLP_ENDPOINT}` : `files in ${dir}`;
}
