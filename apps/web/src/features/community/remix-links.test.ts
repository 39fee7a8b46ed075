import type { WorkDetail } from '@lumen/contracts/community';
import { describe, expect, it } from 'vitest';
import { ratioOf, remixPath } from './remix-links';
import { workDetailFixture, workFixture } from './test/work-fixture';

/** A 16:9 picture's work. */
function detail(overrides: Partial<WorkDetail> = {}): WorkDetail {
  const media = { ...workFixture().media, width: 1024, height: 576 };
  return workDetailFixture({ media, ...overrides });
}

const query = (path: string | null) => new URL(path ?? '', 'http://x').searchParams;

describe('remixPath', () => {
  it('reuse seed keeps prompt, seed and shape, and names the source work', () => {
    const path = remixPath(detail(), 'reuseSeed');
    expect(path).toMatch(/^\/studio\/image\?/);
    const params = query(path);
    expect(params.get('prompt')).toBe('a quiet harbour');
    expect(params.get('seed')).toBe('1234');
    expect(params.get('ratio')).toBe('16:9');
    expect(params.get('remix')).toBe('7');
  });

  it('recreate drops the seed', () => {
    expect(query(remixPath(detail(), 'recreate')).has('seed')).toBe(false);
  });

  it('image to image passes the picture as the reference, for images only', () => {
    expect(query(remixPath(detail(), 'img2img')).get('ref')).toBe('work');
    expect(remixPath(detail({ kind: 'video' }), 'img2img')).toBeNull();
  });

  it('edit opens the image editor on the work, for pictures only, also of a private generation', () => {
    expect(remixPath(detail(), 'edit')).toBe('/studio/edit?work=7');
    expect(remixPath(detail({ prompt: null, seed: null }), 'edit')).toBe('/studio/edit?work=7');
    expect(remixPath(detail({ kind: 'video' }), 'edit')).toBeNull();
  });

  it('offers no prompt-based remix of a private generation', () => {
    expect(remixPath(detail({ prompt: null, seed: null }), 'reuseSeed')).toBeNull();
    expect(remixPath(detail({ prompt: null, seed: null }), 'recreate')).toBeNull();
  });

  it('opens the studio of the work kind', () => {
    expect(remixPath(detail({ kind: '3d' }), 'recreate')).toMatch(/^\/studio\/3d\?/);
    expect(query(remixPath(detail({ kind: '3d' }), 'recreate')).has('ratio')).toBe(false);
  });
});

describe('ratioOf', () => {
  it('reduces sizes and gives null when unknown', () => {
    expect(ratioOf(1024, 1024)).toBe('1:1');
    expect(ratioOf(576, 1024)).toBe('9:16');
    expect(ratioOf(null, 10)).toBeNull();
  });
});
