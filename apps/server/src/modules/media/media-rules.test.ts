import { describe, expect, it } from 'vitest';
import { formatSize, mustWatermark, sniffMime } from './media-rules';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(
    parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))),
  );
const ftyp = (major: string, ...compatible: string[]) => {
  const size = 16 + compatible.length * 4;
  return bytes([0, 0, 0, size], 'ftyp', major, [0, 0, 0, 0], ...compatible, 'mdat');
};

describe('sniffMime', () => {
  it.each([
    ['png', bytes([0x89], 'PNG\r\n\x1a\n', 'IHDR'), 'image/png'],
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg'],
    ['gif', bytes('GIF89a'), 'image/gif'],
    ['webp', bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '), 'image/webp'],
    ['mp4 (isom)', ftyp('isom', 'isom', 'avc1'), 'video/mp4'],
    ['mp4 by a compatible brand', ftyp('XAVC', 'mp42'), 'video/mp4'],
    ['HEIC photo', ftyp('heic', 'mif1', 'heic'), undefined],
    ['QuickTime movie', ftyp('qt  ', 'qt  '), undefined],
    ['mp3 with an ID3 tag', bytes('ID3', [4, 0, 0]), 'audio/mpeg'],
    ['mp3 frame (MPEG-1 layer III, 128 kbit/s)', bytes([0xff, 0xfb, 0x90, 0x64]), 'audio/mpeg'],
    ['WAV', bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '), 'audio/wav'],
    ['AAC ADTS frame', bytes([0xff, 0xf1, 0x50, 0x80]), undefined],
    ['text', bytes('hello world, this is not media'), undefined],
    ['nothing', Buffer.alloc(0), undefined],
  ])('%s', (_name, head, expected) => {
    expect(sniffMime(head)).toBe(expected);
  });
});

describe('mustWatermark (spec §6)', () => {
  it.each([
    [{ grade: 0, isPayment: true, roles: [] }, true],
    [{ grade: 0, isPayment: true, roles: ['creator'] }, true],
    [{ grade: 1, isPayment: true, roles: [] }, false],
    [{ grade: 3, isPayment: true, roles: [] }, false],
    [{ grade: 0, isPayment: false, roles: [] }, false],
    [{ grade: 0, isPayment: true, roles: ['creator', 'whitelist'] }, false],
  ])('%o → %s', (user, expected) => {
    expect(mustWatermark(user)).toBe(expected);
  });
});

describe('formatSize', () => {
  it('states sizes the way the messages do', () => {
    expect(formatSize(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatSize(100 * 1024 * 1024)).toBe('100 MB');
    expect(formatSize(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatSize(300 * 1024)).toBe('300 KB');
  });
});
