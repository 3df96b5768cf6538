import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for every upstream (the identity service, the creator system) that records each
 * request as `METHOD url x-amz-target` and answers as Cognito does for a revoked access token, so
 * a test sees whether anything was asked at all, and what.
 *
 *   const upstream = upstreamRecorder();
 *   beforeAll(async () => { const port = await upstream.listen(); … });
 *   afterAll(() => upstream.close());
 */
export function upstreamRecorder() {
  const calls: string[] = [];
  const server = http.createServer((req, res) => {
    calls.push(`${req.method} ${req.url} ${String(req.headers['x-amz-target'] ?? '')}`);
    res.writeHead(400, { 'content-type': 'application/x-amz-json-1.1' });
    res.end(
      JSON.stringify({
        __type: 'NotAuthorizedException',
        message: 'Access Token has been revoked',
      }),
    );
  });
  return {
    /** The requests so far, oldest first; empty it with `calls.length = 0`. */
    calls,
    /** Listens on a free local port and answers it. */
    async listen(): Promise<number> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.address() as AddressInfo).port;
    },
    async close(): Promise<void> {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
