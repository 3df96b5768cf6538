import { metrics } from '@opentelemetry/api';
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics';
import { GetUserCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { operationOf } from '@/lib/cognito/client';
import { createInstruments, record, timedUpstream } from './metrics';
import { UPSTREAM_GUARD, UpstreamRefused, upstreamGuard } from '../upstream/guard';

const exporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
const reader = new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 60_000 });

async function points(name: string) {
  const { resourceMetrics } = await reader.collect();
  return resourceMetrics.scopeMetrics
    .flatMap((s) => s.metrics)
    .filter((m) => m.descriptor.name === name)
    .flatMap((m) => m.dataPoints.map((p) => ({ attributes: p.attributes, value: p.value })));
}

describe('metrics', () => {
  it('record nothing, and cost a call, before telemetry starts', async () => {
    record.rateLimitHit({ action: 'signIn', limit: 'ip' });
    await expect(timedUpstream('cognito', 'GetUser', async () => 7)).resolves.toBe(7);
  });

  describe('once started', () => {
    beforeAll(() => {
      metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
      createInstruments();
    });
    afterAll(() => metrics.disable());

    it('time each upstream call by operation and outcome (the error name when it fails)', async () => {
      await timedUpstream('cognito', operationOf(new GetUserCommand({ AccessToken: 'x' })), () =>
        Promise.resolve('ok'),
      );
      const refused = Object.assign(new Error('no'), { name: 'NotAuthorizedException' });
      await expect(
        timedUpstream('cognito', operationOf(new InitiateAuthCommand({} as never)), () =>
          Promise.reject(refused),
        ),
      ).rejects.toBe(refused);
      const seen = (await points('upstream.request.duration')).map((p) => p.attributes);
      expect(seen).toEqual(
        expect.arrayContaining([
          { upstream: 'cognito', operation: 'GetUser', outcome: 'ok' },
          { upstream: 'cognito', operation: 'InitiateAuth', outcome: 'NotAuthorizedException' },
        ]),
      );
    });

    it('count the calls a guard refuses without making them', async () => {
      const run = upstreamGuard('test-upstream', 1000, { ...UPSTREAM_GUARD, concurrency: 1 });
      let release = () => {};
      const first = run(() => new Promise<void>((resolve) => (release = resolve)));
      await expect(run(async () => undefined)).rejects.toBeInstanceOf(UpstreamRefused);
      release();
      await first;
      expect(await points('upstream.refused')).toEqual([
        { attributes: { upstream: 'test-upstream', reason: 'busy' }, value: 1 },
      ]);
    });

    it('count rate-limit hits and keep web vitals by metric, page and rating', async () => {
      record.rateLimitHit({ action: 'signIn', limit: 'ip' });
      record.webVital(812, { metric: 'LCP', page: '/login', rating: 'good' });
      expect(await points('rate_limit.hits')).toEqual([
        { attributes: { action: 'signIn', limit: 'ip' }, value: 1 },
      ]);
      const [vital] = await points('web_vitals');
      expect(vital).toMatchObject({
        attributes: { metric: 'LCP', page: '/login', rating: 'good' },
        value: { count: 1, sum: 812 },
      });
    });

    it('report the event loop delay', async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const stats = (await points('nodejs.eventloop.delay')).map((p) => p.attributes.stat);
      expect(stats).toEqual(['p50', 'p99', 'max']);
    });
  });
});
