/**
 * React 18.3's Node stream (writeStringChunk) flushes its whole 2 KB view when a multi-byte character
 * does not fit at the end, so the unused tail goes out as 0x00 bytes: "está" became "est\0á" in our
 * pages. U+0000 never belongs in HTML and 0x00 is never part of a multi-byte UTF-8 sequence, so
 * dropping every 0x00 byte restores the text exactly. Remove once on React 19, which fixed it.
 */
export function stripNulBytes(chunk: Uint8Array): Buffer {
  const buffer = Buffer.from(chunk);
  if (!buffer.includes(0)) return buffer;
  return Buffer.from(buffer.filter((byte) => byte !== 0));
}
