import { telemetryPlan } from './plan';

describe('where telemetry goes', () => {
  it('nowhere in production unless a collector is named', () => {
    expect(telemetryPlan({}, false)).toEqual({ traces: 'none', metrics: 'none' });
  });
  it('to files in local mode, so nothing needs installing to see it', () => {
    expect(telemetryPlan({}, true)).toEqual({ traces: 'file', metrics: 'file' });
  });
  it('to the collector the OTLP variables name, per signal', () => {
    const otlp = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(telemetryPlan(otlp, false)).toEqual({ traces: 'otlp', metrics: 'otlp' });
    expect(telemetryPlan(otlp, true)).toEqual({ traces: 'otlp', metrics: 'otlp' });
    expect(
      telemetryPlan({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c/v1/traces' }, false),
    ).toEqual({
      traces: 'otlp',
      metrics: 'none',
    });
    expect(telemetryPlan({ VERCEL_OTEL_ENDPOINTS: '{}' }, false)).toEqual({
      traces: 'otlp',
      metrics: 'none',
    });
  });
  it('nowhere when OTEL_SDK_DISABLED says so', () => {
    expect(
      telemetryPlan({ OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c' }, true),
    ).toEqual({ traces: 'none', metrics: 'none' });
  });
});
