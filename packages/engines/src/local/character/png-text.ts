/**
 * PNG `tEXt` chunks (PNG spec §11.3.4.3): a keyword, a zero byte and Latin-1 text, placed
 * before the image data. The character sheet carries its layout and the face descriptor this
 * way, so the file is the whole character and any PNG reader still shows the picture.
 */

const SIGNATURE_LENGTH = 8;

const crcTable = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** Walks the chunks after the signature: type, data and where the chunk starts. */
function* chunksOf(png: Buffer): Generator<{ type: string; data: Buffer; at: number }> {
  let at = SIGNATURE_LENGTH;
  while (at + 12 <= png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    yield { type, data: png.subarray(at + 8, at + 8 + length), at };
    at += 12 + length;
  }
}

/** The PNG with a `tEXt` chunk `keyword` = `text` put before its first image data. */
export function withPngText(png: Buffer, keyword: string, text: string): Buffer {
  for (const c of chunksOf(png)) {
    if (c.type === 'IDAT') {
      const data = Buffer.concat([
        Buffer.from(`${keyword}\0`, 'latin1'),
        Buffer.from(text, 'latin1'),
      ]);
      return Buffer.concat([png.subarray(0, c.at), chunk('tEXt', data), png.subarray(c.at)]);
    }
  }
  throw new Error('Not a PNG with image data');
}

/** The text of the PNG's `tEXt` chunk named `keyword`, if it has one. */
export function readPngText(png: Buffer, keyword: string): string | undefined {
  const prefix = Buffer.from(`${keyword}\0`, 'latin1');
  for (const c of chunksOf(png)) {
    if (c.type === 'tEXt' && c.data.subarray(0, prefix.length).equals(prefix)) {
      return c.data.subarray(prefix.length).toString('latin1');
    }
    if (c.type === 'IEND') break;
  }
  return undefined;
}
