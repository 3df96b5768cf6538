import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { scrubText, scrubbedAttributes } from './scrub';

/**
 * First of the span processors (lib/telemetry): every span's name, attributes and events scrubbed
 * (./scrub.ts) before any exporter sees them. At the start through the span's own API; what was
 * added later (Next sets the status and route as the answer goes) at the end, in place, since an
 * ended span takes no more updates and the SDK @vercel/otel bundles has no `onEnding` hook yet.
 */
export class ScrubbingSpanProcessor implements SpanProcessor {
  onStart(span: Span): void {
    const name = scrubText(span.name);
    if (name !== span.name) span.updateName(name);
    span.setAttributes(scrubbedAttributes(span.attributes));
  }

  onEnd(span: ReadableSpan): void {
    const writable = span as { -readonly [K in keyof ReadableSpan]: ReadableSpan[K] };
    writable.name = scrubText(span.name);
    Object.assign(span.attributes, scrubbedAttributes(span.attributes));
    for (const event of span.events) {
      event.name = scrubText(event.name);
      if (event.attributes) Object.assign(event.attributes, scrubbedAttributes(event.attributes));
    }
  }

  async forceFlush(): Promise<void> {}

  async shutdown(): Promise<void> {}
}
