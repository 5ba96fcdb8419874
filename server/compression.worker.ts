/**
 * The compression worker's thread (server/compression-worker.ts): compresses
 * each answer it is sent, in turn, and sends it back under the same id.
 */
import { parentPort } from 'node:worker_threads';
import { compressNow, type AnswerCoding } from './answer-compression.ts';

export interface CompressionJob {
  id: number;
  coding: AnswerCoding;
  body: Uint8Array;
}
export type CompressionReply = { id: number; result: Uint8Array } | { id: number; error: string };

parentPort?.on('message', ({ id, coding, body }: CompressionJob) => {
  let reply: CompressionReply;
  try {
    reply = { id, result: compressNow(Buffer.from(body.buffer, body.byteOffset, body.byteLength), coding) };
  } catch (error) {
    reply = { id, error: (error as Error).message };
  }
  parentPort!.postMessage(reply);
});
