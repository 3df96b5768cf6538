/**
 * The size of a request body we accept. The largest form (sign-up, with the
 * echoed state) sends under 2 KB and each field is cut at 4,096 characters anyway
 * (lib/actions.ts), so 64 KB leaves real forms far behind while a 9 MB body no longer costs
 * half a second of CPU. next.config.mjs sets serverActions.bodySizeLimit to the same 64 KB.
 */
export const MAX_BODY_BYTES = 64 * 1024;

/** Whether a declared Content-Length is over the limit (the body is then never read). */
export function declaredTooLarge(contentLength: string | null, limit = MAX_BODY_BYTES): boolean {
  return (
    contentLength !== null && /^\d+$/.test(contentLength.trim()) && Number(contentLength) > limit
  );
}

/**
 * Reads a body up to `limit` bytes. Answers null as soon as it passes the limit, and stops
 * reading there (a chunked body declares no length).
 */
export async function readWithin(
  body: ReadableStream<Uint8Array> | null,
  limit = MAX_BODY_BYTES,
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      // Not awaited: cancelling a clone (one branch of a tee) settles only when the original is
      // cancelled too, and the original belongs to the framework.
      reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
