/**
 * A chunk given to `res.write`/`res.end` as bytes, for code that keeps a body
 * while it is written (the page cache, whole-answer compression, finishing a
 * page). Bytes are kept as given, not copied: Node's own streams keep a written
 * chunk by reference until it is sent, so a writer may not reuse it either.
 * Undefined for no chunk (`end()`, or a callback in the chunk's place).
 */
export function bodyChunk(chunk: unknown, encoding?: unknown): Buffer | undefined {
  if (chunk === undefined || chunk === null || typeof chunk === 'function') return undefined;
  if (typeof chunk === 'string') return Buffer.from(chunk, (typeof encoding === 'string' ? encoding : 'utf8') as BufferEncoding);
  const bytes = chunk as Uint8Array;
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The chunks of a body as one buffer: the chunk itself when there is only one. */
export function wholeBody(chunks: readonly Buffer[]): Buffer {
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}
