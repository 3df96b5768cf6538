// Forms send under 2 KB; a 9 MB body cost half a second of CPU. Same as next.config.mjs's limit.
export const MAX_BODY_BYTES = 64 * 1024;

export function declaredTooLarge(contentLength: string | null, limit = MAX_BODY_BYTES): boolean {
  return (
    contentLength !== null && /^\d+$/.test(contentLength.trim()) && Number(contentLength) > limit
  );
}

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
      // Not awaited: cancelling a tee's branch settles only when the framework's original is too.
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
