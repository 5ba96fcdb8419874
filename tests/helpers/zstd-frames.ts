/**
 * zstd decoding for tests, across every frame of an answer. A zstd answer may
 * be several frames one after another (RFC 8878 §3.1), as the server sends a
 * page with its stylesheet (decision 061), but Node's own decoder stops after
 * the first. The frames are found from their headers (RFC 8878 §3.1.1) and
 * each is decoded by Node.
 */
import { zstdDecompressSync } from 'node:zlib';

const FRAME_MAGIC = 0xfd2fb528;
/** Skippable frames carry no content: magic numbers 0x184D2A50 to 0x184D2A5F. */
const SKIPPABLE_MAGIC = 0x184d2a50;
const BLOCK_HEADER_BYTES = 3;
const CHECKSUM_BYTES = 4;
const RLE_BLOCK = 1;
const DICTIONARY_ID_BYTES = [0, 1, 2, 4];
const CONTENT_SIZE_BYTES = [0, 2, 4, 8];

/** The byte length of the frame that starts at `at`. */
function frameLength(bytes: Buffer, at: number): number {
  const magic = bytes.readUInt32LE(at);
  if ((magic & 0xfffffff0) === SKIPPABLE_MAGIC) return 8 + bytes.readUInt32LE(at + 4);
  if (magic !== FRAME_MAGIC) throw new Error(`No zstd frame at byte ${at}`);
  const descriptor = bytes[at + 4]!;
  const singleSegment = (descriptor & 0x20) !== 0;
  const contentSizeFlag = descriptor >> 6;
  let offset =
    at +
    5 +
    (singleSegment ? 0 : 1) +
    DICTIONARY_ID_BYTES[descriptor & 0x03]! +
    (contentSizeFlag === 0 && singleSegment ? 1 : CONTENT_SIZE_BYTES[contentSizeFlag]!);
  for (let last = false; !last; ) {
    const header = bytes.readUIntLE(offset, BLOCK_HEADER_BYTES);
    last = (header & 1) === 1;
    const size = header >>> 3;
    offset += BLOCK_HEADER_BYTES + (((header >>> 1) & 0x03) === RLE_BLOCK ? 1 : size);
  }
  if (descriptor & 0x04) offset += CHECKSUM_BYTES;
  return offset - at;
}

/** The frames of a zstd answer, each as its own bytes. */
export function zstdFrames(bytes: Buffer): Buffer[] {
  const frames: Buffer[] = [];
  for (let at = 0; at < bytes.length; ) {
    const length = frameLength(bytes, at);
    frames.push(bytes.subarray(at, at + length));
    at += length;
  }
  return frames;
}

/** What a zstd answer decodes to: its frames' contents, joined. */
export function zstdDecode(bytes: Buffer): Buffer {
  return Buffer.concat(
    zstdFrames(bytes)
      .filter((frame) => frame.readUInt32LE(0) === FRAME_MAGIC)
      .map((frame) => zstdDecompressSync(frame)),
  );
}
