/**
 * Text from file bytes: UTF-8 (with or without a byte-order mark) or UTF-16 with a byte-order mark;
 * null for binary data (NUL bytes or many control characters), so junk never reaches the parsers.
 */
export function decodeText(bytes: Uint8Array): string | null {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe)
    return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff)
    return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  const sample = bytes.subarray(0, 8192);
  let control = 0;
  for (let i = 0; i < sample.length; i++) {
    const b = sample[i]!;
    if (b === 0) return null;
    if (b < 9 || (b > 13 && b < 32)) control++;
  }
  if (sample.length > 0 && control / sample.length > 0.02) return null;
  const start = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  return new TextDecoder("utf-8").decode(bytes.subarray(start));
}
