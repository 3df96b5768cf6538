export type Sink = 'otlp' | 'file' | 'none';
type Vars = Record<string, string | undefined>;

/** Where traces and metrics go: a collector when one is named, files in local mode, else nowhere. */
export function telemetryPlan(env: Vars, local: boolean): { traces: Sink; metrics: Sink } {
  if (env.OTEL_SDK_DISABLED === 'true') return { traces: 'none', metrics: 'none' };
  const fallback: Sink = local ? 'file' : 'none';
  const all = Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT);
  return {
    // VERCEL_OTEL_ENDPOINTS: the host's own collector, which @vercel/otel finds by itself.
    traces:
      all || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.VERCEL_OTEL_ENDPOINTS
        ? 'otlp'
        : fallback,
    metrics: all || env.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT ? 'otlp' : fallback,
  };
}
