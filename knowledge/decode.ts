/**
 * A release's bytes as text: UTF-8, or UTF-16 when it starts with a byte-order mark, with every line
 * ending (CRLF, CR alone, LF) made a LF, so that a file saved on any system reads the same.
 */

export type Decoded = { ok: true; text: string } | { ok: false; reason: string };

const UTF8_BOM = [0xef, 0xbb, 0xbf];

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) => prefix.every((b, i) => bytes[i] === b);

function toText(bytes: Buffer): string {
  if (startsWith(bytes, UTF8_BOM)) return bytes.toString('utf8', UTF8_BOM.length);
  if (startsWith(bytes, [0xff, 0xfe])) return bytes.toString('utf16le', 2);
  if (startsWith(bytes, [0xfe, 0xff])) {
    // Node has no UTF-16BE decoder of its own: swap the pairs (a last odd byte cannot be a character).
    const pairs = Buffer.from(bytes.subarray(2, bytes.length - (bytes.length % 2)));
    return pairs.swap16().toString('utf16le');
  }
  return bytes.toString('utf8');
}

export function decodeRelease(bytes: Buffer): Decoded {
  const text = toText(bytes);
  if (text.includes('\u0000')) return { ok: false, reason: 'binary content: not a text release' };
  return { ok: true, text: text.replace(/\r\n?/g, '\n') };
}
