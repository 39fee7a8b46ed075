import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { writeGlb } from '../local/glb';
import { renderTextTo3d } from '../local/preview-3d';
import { posterOfGlb, readGlbMesh } from './glb-poster';

/** A GLB with one triangle under a node that moves and scales it, without normals. */
function transformedTriangle(): Buffer {
  const positions = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]);
  const bin = Buffer.from(positions.buffer);
  const json = {
    asset: { version: '2.0' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [
      { children: [1], translation: [10, 0, 0] },
      { mesh: 0, scale: [2, 2, 2] },
    ],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
    accessors: [{ bufferView: 0, componentType: 5126, count: 3, type: 'VEC3' }],
    bufferViews: [{ buffer: 0, byteOffset: 0, byteLength: bin.length }],
    buffers: [{ byteLength: bin.length }],
  };
  let text = JSON.stringify(json);
  while (text.length % 4) text += ' ';
  const jsonChunk = Buffer.from(text);
  const header = Buffer.alloc(12);
  const total = 12 + 8 + jsonChunk.length + 8 + bin.length;
  header.writeUInt32LE(0x46546c67, 0);
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(total, 8);
  const chunk = (type: number, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32LE(data.length, 0);
    head.writeUInt32LE(type, 4);
    return Buffer.concat([head, data]);
  };
  return Buffer.concat([header, chunk(0x4e4f534a, jsonChunk), chunk(0x004e4942, bin)]);
}

describe('posters of 3D models from hosted APIs', () => {
  it('reads back what the local engine writes, vertex for vertex', async () => {
    const model = await renderTextTo3d(
      { prompt: 'a ceramic teapot', style: 'realistic', model: 'standard' } as never,
      7,
    );
    const mesh = readGlbMesh(model.glb);
    expect(mesh.positions.length / 3).toBe(model.vertexCount);
    expect(mesh.indices.length / 3).toBe(model.triangleCount);
    // Written again and read back, nothing moves.
    expect(readGlbMesh(writeGlb(mesh, 'again')).positions).toEqual(mesh.positions);
  });

  it('places meshes by their nodes and makes normals for those that bring none', () => {
    const mesh = readGlbMesh(transformedTriangle());
    expect([...mesh.positions]).toEqual([10, 0, 0, 12, 0, 0, 10, 2, 0]);
    expect([...mesh.normals]).toEqual([0, 0, 1, 0, 0, 1, 0, 0, 1]);
  });

  it('draws the model on a backdrop, and gives none for a file it cannot read', async () => {
    const model = await renderTextTo3d(
      { prompt: 'a red sports car', style: 'realistic', model: 'standard' } as never,
      3,
    );
    const poster = await posterOfGlb(model.glb);
    expect(poster).toMatchObject({ width: 512, height: 512 });
    const stats = await sharp(poster!.bytes).stats();
    // Not a blank backdrop: the red car is in it.
    expect(stats.channels[0]!.max - stats.channels[1]!.min).toBeGreaterThan(100);
    expect(await posterOfGlb(Buffer.from('not a model'))).toBeUndefined();
  });
});
