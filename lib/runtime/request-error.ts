import type { Instrumentation } from 'next';
import { peerHeaderName, requestIdHeaderName } from '../http/client-address';
import { REQUEST_ID_HEADER, log } from './log';

type ErrorRequest = Parameters<Instrumentation.onRequestError>[1];
type ErrorContext = Parameters<Instrumentation.onRequestError>[2];

function header(headers: ErrorRequest['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** A render, action or route error Next caught, as one JSON line with the request's id. */
export function logRequestError(error: unknown, request: ErrorRequest, context: ErrorContext) {
  const { name, message, digest } = (error ?? {}) as {
    name?: unknown;
    message?: unknown;
    digest?: unknown;
  };
  // redirect() and notFound() travel as errors; they are answers, not failures.
  if (typeof digest === 'string' && /^NEXT_(REDIRECT|HTTP_ERROR_FALLBACK)/.test(digest)) return;
  const peer = peerHeaderName();
  log.error('request.error', {
    reqId:
      (peer && header(request.headers, requestIdHeaderName(peer))) ||
      header(request.headers, REQUEST_ID_HEADER),
    method: request.method,
    // The path alone: a query can carry an authorization code.
    path: request.path.split('?', 1)[0],
    routePath: context.routePath,
    routeType: context.routeType,
    renderSource: context.renderSource,
    digest: typeof digest === 'string' ? digest : undefined,
    error: typeof name === 'string' ? name : typeof error,
    message: typeof message === 'string' ? message.slice(0, 300) : undefined,
  });
}
