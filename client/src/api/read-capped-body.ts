/** The largest answer the client reads; the OpenAPI document, the largest, is a few KB. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

export type CappedBody = { ok: true; bytes: Uint8Array } | { ok: false; reason: 'too-large' };

/**
 * Reads a response body but stops, and cancels the download, as soon as it passes `maxBytes`,
 * so that a misbehaving server cannot make the client hold an unbounded answer in memory.
 */
export async function readCappedBody(response: Response, maxBytes: number): Promise<CappedBody> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    return { ok: false, reason: 'too-large' };
  }
  if (!response.body) return { ok: true, bytes: new Uint8Array() };
  const reader = response.body.getReader();
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
