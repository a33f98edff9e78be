// A request body read up to a limit and no further: past it, reading stops at once (the rest is never
// buffered) and the caller answers 413 with `Connection: close`. A Content-Length already over the
// limit is refused before a byte is read.

/** The body's bytes, or `{over}` with how much was seen when it is larger than `max`. */
export async function readLimited(
  request: Request,
  max: number,
): Promise<{ data: Uint8Array } | { over: number }> {
  const declared = Number(request.headers.get('Content-Length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > max) return { over: declared };
  if (!request.body) return { data: new Uint8Array(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      reader.cancel().catch(() => {});
      return { over: size };
    }
    chunks.push(value);
  }
  const data = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    data.set(chunk, at);
    at += chunk.byteLength;
  }
  return { data };
}
