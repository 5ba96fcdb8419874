/**
 * The compression worker's thread (server/compression-worker.ts): compresses
 * each answer it is sent, in turn, and sends it back under the same id. The
 * result moves back to the main thread (a copy first where zlib's buffer
 * holds more than the result); a body that could not be compressed is sent
 * back as it came. Runs it is told to keep go out in zstd as frames of their
 * own (decision 061).
 */
import { parentPort } from 'node:worker_threads';
import { compressNow, keepRunHere, type AnswerCoding } from './answer-compression.ts';

export interface CompressionJob {
  id: number;
  coding: AnswerCoding;
  body: Uint8Array;
}
/** A run to keep as a zstd frame of its own (decision 061). */
export interface KeepRun {
  keep: Uint8Array;
}
export type CompressionReply = { id: number; result: Uint8Array } | { id: number; error: string; body: Uint8Array };

parentPort?.on('message', (message: CompressionJob | KeepRun) => {
  if ('keep' in message) return keepRunHere(message.keep);
  const { id, coding, body } = message;
  let result: Uint8Array;
  try {
    result = compressNow(Buffer.from(body.buffer, body.byteOffset, body.byteLength), coding);
  } catch (error) {
    parentPort!.postMessage({ id, error: (error as Error).message, body } satisfies CompressionReply, [body.buffer as ArrayBuffer]);
    return;
  }
  const own = result.byteOffset === 0 && result.byteLength === result.buffer.byteLength ? result : new Uint8Array(result);
  parentPort!.postMessage({ id, result: own } satisfies CompressionReply, [own.buffer as ArrayBuffer]);
});
