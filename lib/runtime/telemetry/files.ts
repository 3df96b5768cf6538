import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { PushMetricExporter, ResourceMetrics } from '@opentelemetry/sdk-metrics';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';

// Local mode with no collector: traces and metrics as JSON lines under the data folder, readable
// with any editor or `jq`, so nothing needs installing to see them (docs/architecture.md).

type Done = Parameters<SpanExporter['export']>[1];
const SUCCESS = 0;
const FAILED = 1;

const ms = ([s, ns]: [number, number]) => s * 1e3 + ns / 1e6;

async function append(file: string, lines: unknown[]): Promise<void> {
  if (lines.length === 0) return;
  await mkdir(path.dirname(file), { recursive: true });
  await appendFile(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
}

export class FileSpanExporter implements SpanExporter {
  constructor(private readonly file: string) {}

  export(spans: ReadableSpan[], done: Done): void {
    const lines = spans.map((span) => ({
      time: new Date(ms(span.startTime)).toISOString(),
      traceId: span.spanContext().traceId,
      spanId: span.spanContext().spanId,
      parentId: span.parentSpanContext?.spanId,
      name: span.name,
      kind: span.kind,
      durationMs: Math.round(ms(span.duration) * 100) / 100,
      status: span.status.code,
      attributes: span.attributes,
    }));
    append(this.file, lines).then(
      () => done({ code: SUCCESS }),
      (error: Error) => done({ code: FAILED, error }),
    );
  }

  async shutdown(): Promise<void> {}
}

export class FileMetricExporter implements PushMetricExporter {
  constructor(private readonly file: string) {}

  export(metrics: ResourceMetrics, done: Done): void {
    const time = new Date().toISOString();
    const lines = metrics.scopeMetrics.flatMap(({ metrics: each }) =>
      each
        .filter((m) => m.dataPoints.length > 0)
        .map((m) => ({
          time,
          name: m.descriptor.name,
          unit: m.descriptor.unit || undefined,
          points: m.dataPoints.map((p) => ({ attributes: p.attributes, value: p.value })),
        })),
    );
    append(this.file, lines).then(
      () => done({ code: SUCCESS }),
      (error: Error) => done({ code: FAILED, error }),
    );
  }

  async forceFlush(): Promise<void> {}

  async shutdown(): Promise<void> {}
}
