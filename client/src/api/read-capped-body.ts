/** The largest answer the client reads; the OpenAPI document, the largest, is a few KB. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

export type CappedBody = { ok: true; bytes: Uint8Array } | { ok: false; reason: 'too-large' };

/**
 * Reads a body but stops, and cancels the transfer, as soon as it passes `maxBytes`, so that the
 * other side cannot make this side hold an unbounded message in memory: a misbehaving server's
 * answer here, a request to a Netlify function on the site (site/lib/mcp/), which uses it too.
 */
export async function readCappedBody(message: Request | Response, maxBytes: number): Promise<CappedBody> {
  const declared = Number(message.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await message.body?.cancel().catch(() => {});
    return { ok: false, reason: 'too-large' };
  }
  if (!message.body) return { ok: true, bytes: new Uint8Array() };
  const reader = message.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      return { ok: false, reason: 'too-large' };
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes };
}
