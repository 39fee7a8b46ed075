import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiMock } from '../../test/api-mock';
import {
  checkImageFile,
  checkImageSize,
  checkKeyframePair,
  ImageCheckError,
  modelImageRules,
  precheckImage,
  taskImageRules,
  uploadImage,
} from './upload-image';

const MB = 1024 * 1024;

function file(type: string, size: number, name = 'photo.png'): File {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

describe('image pre-checks (spec §5)', () => {
  it('accepts png and jpg only', () => {
    expect(checkImageFile(file('image/png', MB), taskImageRules)).toBeNull();
    expect(checkImageFile(file('image/jpeg', MB), taskImageRules)).toBeNull();
    for (const type of ['image/gif', 'image/webp', 'image/svg+xml', 'video/mp4', '']) {
      expect(checkImageFile(file(type, MB), taskImageRules), type).toEqual({
        key: 'invalidFormat',
      });
    }
  });

  it('refuses files over 5 MB and says the limit', () => {
    expect(checkImageFile(file('image/png', 5 * MB), taskImageRules)).toBeNull();
    expect(checkImageFile(file('image/png', 5 * MB + 1), taskImageRules)).toEqual({
      key: 'tooLarge',
      values: { size: '5 MB' },
    });
  });

  it('needs both sides of at least 300 px', () => {
    expect(checkImageSize({ width: 300, height: 300 }, taskImageRules)).toBeNull();
    expect(checkImageSize({ width: 299, height: 600 }, taskImageRules)).toEqual({
      key: 'tooSmall',
      values: { px: 300 },
    });
    expect(checkImageSize({ width: 600, height: 120 }, taskImageRules)?.key).toBe('tooSmall');
  });

  it('keeps the aspect ratio between 1:2.5 and 2.5:1', () => {
    expect(checkImageSize({ width: 1000, height: 400 }, taskImageRules)).toBeNull();
    expect(checkImageSize({ width: 400, height: 1000 }, taskImageRules)).toBeNull();
    expect(checkImageSize({ width: 1001, height: 400 }, taskImageRules)).toEqual({ key: 'ratio' });
    expect(checkImageSize({ width: 400, height: 1001 }, taskImageRules)).toEqual({ key: 'ratio' });
  });

  it('keeps 3D input under 4K', () => {
    expect(checkImageSize({ width: 4096, height: 3000 }, modelImageRules)).toBeNull();
    expect(checkImageSize({ width: 4097, height: 3000 }, modelImageRules)).toEqual({
      key: 'tooBig',
      values: { px: 4096 },
    });
    expect(checkImageSize({ width: 4097, height: 3000 }, taskImageRules)).toBeNull();
  });

  it('asks for first and last frames of similar shape (0.8 to 1.25)', () => {
    const square = { width: 1000, height: 1000 };
    expect(checkKeyframePair(square, { width: 1250, height: 1000 })).toBeNull();
    expect(checkKeyframePair(square, { width: 800, height: 1000 })).toBeNull();
    expect(checkKeyframePair(square, { width: 1300, height: 1000 })).toEqual({
      key: 'keyframeRatio',
    });
    expect(checkKeyframePair({ width: 1600, height: 900 }, { width: 900, height: 1600 })).toEqual({
      key: 'keyframeRatio',
    });
  });

  it('checks type and size before decoding, then the pixels', async () => {
    const readSize = vi.fn(() => Promise.resolve({ width: 200, height: 200 }));
    await expect(
      precheckImage(file('image/gif', MB), taskImageRules, readSize),
    ).rejects.toMatchObject({
      problem: { key: 'invalidFormat' },
    });
    expect(readSize).not.toHaveBeenCalled();
    await expect(
      precheckImage(file('image/png', MB), taskImageRules, readSize),
    ).rejects.toMatchObject({
      problem: { key: 'tooSmall' },
    });
    readSize.mockResolvedValueOnce({ width: 1024, height: 768 });
    await expect(precheckImage(file('image/png', MB), taskImageRules, readSize)).resolves.toEqual({
      width: 1024,
      height: 768,
    });
  });
});

describe('uploadImage', () => {
  let api: ReturnType<typeof createApiMock>;
  // The presigned PUT carries the file itself, which the envelope mock cannot read.
  const put = vi.fn<typeof fetch>();

  beforeEach(() => {
    api = createApiMock();
    put.mockReset();
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'PUT' ? put(input, init) : api.fetchMock(input, init),
    );
    api.on('POST', '/prod-api/content/uploads', {
      result: {
        key: 'uploads/1/a.png',
        upload_url: '/files/upload/uploads/1/a.png?sig=1',
        expires_in: 600,
      },
    });
    api.on('POST', '/prod-api/content/uploads/complete', {
      result: { key: 'uploads/1/a.png', mime: 'image/png', width: 800, height: 600, size: MB },
    });
  });

  afterEach(() => vi.unstubAllGlobals());

  it('asks for an address, PUTs the bytes with their type and lets the server inspect them', async () => {
    put.mockResolvedValue(new Response(null, { status: 200 }));
    const picked = file('image/png', MB, 'cat.png');
    await expect(uploadImage(picked, { width: 800, height: 600 })).resolves.toEqual({
      key: 'uploads/1/a.png',
      width: 800,
      height: 600,
    });
    expect(api.requests('POST', '/prod-api/content/uploads')[0]?.body).toEqual({
      filename: 'cat.png',
      content_type: 'image/png',
      size: MB,
    });
    expect(put).toHaveBeenCalledWith('/files/upload/uploads/1/a.png?sig=1', {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: picked,
    });
    expect(api.requests('POST', '/prod-api/content/uploads/complete')[0]?.body).toEqual({
      key: 'uploads/1/a.png',
    });
  });

  it('reports a failed PUT as "File upload failed"', async () => {
    put.mockResolvedValue(new Response('expired', { status: 403 }));
    const error = await uploadImage(file('image/png', MB), { width: 800, height: 600 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ImageCheckError);
    expect((error as ImageCheckError).problem.key).toBe('failed');
    expect(api.requests('POST', '/prod-api/content/uploads/complete')).toHaveLength(0);
  });
});
