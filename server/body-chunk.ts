/**
 * A chunk given to `res.write`/`res.end` as its own copy of bytes, for code
 * that keeps a body while it is written (the page cache, whole-answer
 * compression): the writer may reuse its buffer once the call returns.
 * Undefined for no chunk (`end()`, or a callback in the chunk's place).
 */
export function bodyChunk(chunk: unknown, encoding?: unknown): Buffer | undefined {
  if (chunk === undefined || chunk === null || typeof chunk === 'function') return undefined;
  if (typeof chunk === 'string') return Buffer.from(chunk, (typeof encoding === 'string' ? encoding : 'utf8') as BufferEncoding);
  return Buffer.from(chunk as Uint8Array);
}
