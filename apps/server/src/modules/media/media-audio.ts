/**
 * Sizes a WAV writer puts in its header when it cannot go back to fill them in (a stream):
 * "to the end of the file".
 */
const UNKNOWN_SIZE = 0xffffffff;

/**
 * Whether a WAV file's header tells the truth about what follows it: a RIFF file of WAVE
 * form whose chunks each fit in the file, with a format chunk of a sound a player can open
 * (1 to 16 channels, 1 to 768 kHz) before a data chunk holding some sound. The first bytes
 * alone say "WAV" for a file cut short or one whose header claims more than it holds, and
 * such a file would only fail later, inside a tool's run.
 */
export function isSoundWav(bytes: Buffer): boolean {
  if (bytes.length < 12) return false;
  if (bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WAVE') {
    return false;
  }
  const riffSize = bytes.readUInt32LE(4);
  if (riffSize !== UNKNOWN_SIZE && riffSize + 8 > bytes.length) return false;
  let format = false;
  for (let at = 12; at + 8 <= bytes.length;) {
    const id = bytes.toString('latin1', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    const body = at + 8;
    const left = bytes.length - body;
    if (id === 'data') {
      if (!format) return false;
      return size === UNKNOWN_SIZE ? left > 0 : size > 0 && size <= left;
    }
    if (size > left) return false;
    if (id === 'fmt ') {
      if (size < 16) return false;
      const channels = bytes.readUInt16LE(body + 2);
      const sampleRate = bytes.readUInt32LE(body + 4);
      const blockAlign = bytes.readUInt16LE(body + 12);
      if (channels < 1 || channels > 16) return false;
      if (sampleRate < 1000 || sampleRate > 768_000 || blockAlign === 0) return false;
      format = true;
    }
    // Chunks are padded to an even length.
    at = body + size + (size % 2);
  }
  return false;
}
