import { context, trace } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { ScrubbingSpanProcessor } from './scrub-processor';
import { scrubAttributes, scrubText } from './scrub';

describe('scrubText', () => {
  it.each([
    [
      'fetch GET http://127.0.0.1:9230/organizations/revolt/users/search?query=maya%40creator.test',
      'fetch GET http://127.0.0.1:9230/organizations/revolt/users/search?query=',
    ],
    [
      '/api/auth/callback?code=419987dd-60d9-42e5-81e4-c7e8340967a0&state=Pc7pBmheb3fX6nHsLvvXlBmuICRC',
      '/api/auth/callback?code=&state=',
    ],
    ['/not-me?t=Fe26.2**abc*def', '/not-me?t='],
    ['/?path=/dash/creator/tools&_rsc=UtingYAEep6J4nWh', '/?path=&_rsc='],
    ['/profile#recovery', '/profile'],
    ['/login?', '/login'],
    ['User maya.ux@creator.test not found', 'User [email] not found'],
    ['GET /api/embed-token', 'GET /api/embed-token'],
    ['/x?a=1#frag', '/x?a='],
  ])('%s', (input, output) => expect(scrubText(input)).toBe(output));

  it('changes nothing the second time', () => {
    const once = scrubText('/api/auth/callback?code=abc&state=def#x and a@b.co');
    expect(scrubText(once)).toBe(once);
  });

  it('leaves no value of a query, however it is written', () => {
    const secret = 'S3cr3tValue';
    for (const query of [
      `?q=${secret}`,
      `?q=a&r=${secret}`,
      `?${secret}`,
      `?=${secret}`,
      `?q[]=${secret}`,
      `?q=a=${secret}`,
    ])
      expect(scrubText(`/p${query}`)).not.toContain(secret);
  });

  it('scrubs metric attributes, and keeps the same object when nothing changes', () => {
    const clean = { route: '/login', method: 'GET', status: 200 };
    expect(scrubAttributes(clean)).toBe(clean);
    expect(scrubAttributes({ page: '/?path=/dash/x', metric: 'LCP' })).toEqual({
      page: '/?path=',
      metric: 'LCP',
    });
  });
});

describe('ScrubbingSpanProcessor', () => {
  it('scrubs names, attributes and events, those set at the start and those set before the end', () => {
    const exporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({
      spanProcessors: [new ScrubbingSpanProcessor(), new SimpleSpanProcessor(exporter)],
    });
    const tracer = provider.getTracer('test');
    const span = tracer.startSpan(
      'GET /api/auth/callback?code=abc123&state=xyz',
      { attributes: { 'http.target': '/api/auth/callback?code=abc123&state=xyz' } },
      context.active(),
    );
    span.setAttribute('http.url', 'http://h/users/search?query=maya%40creator.test');
    span.setAttribute('http.status_code', 303);
    span.addEvent('exception', { 'exception.message': 'no user maya@creator.test' });
    span.end();
    const [done] = exporter.getFinishedSpans();
    expect(done!.name).toBe('GET /api/auth/callback?code=&state=');
    expect(done!.attributes).toEqual({
      'http.target': '/api/auth/callback?code=&state=',
      'http.url': 'http://h/users/search?query=',
      'http.status_code': 303,
    });
    expect(done!.events[0]!.attributes).toEqual({ 'exception.message': 'no user [email]' });
    expect(JSON.stringify(done!.attributes)).not.toMatch(/abc123|xyz|maya/);
    expect(trace.getSpan(context.active())).toBeUndefined();
  });
});
