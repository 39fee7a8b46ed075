import type { MaskOp } from '../../tools/editor/mask-history';
import { describe, expect, it } from 'vitest';
import {
  addArea,
  brushColours,
  brushProblem,
  deleteArea,
  deleteTrack,
  nextColour,
  paintArea,
  paintedAreas,
  setTrack,
  thinTrack,
  TRACK_MAX_POINTS,
  undoStroke,
} from './motion-brush';

const stroke: MaskOp = {
  kind: 'rect',
  mode: 'paint',
  x: 10,
  y: 10,
  width: 40,
  height: 40,
};

describe('the magic brush rules (spec §5)', () => {
  it('needs at least one painted area, each with a track', () => {
    let brush = addArea([]);
    const red = brush[0]?.color ?? '';
    expect(brushProblem(brush)).toBe('noArea');
    brush = paintArea(brush, red, stroke);
    expect(brushProblem(brush)).toBe('noTrack');
    brush = setTrack(brush, red, [
      [0.1, 0.5],
      [0.9, 0.5],
    ]);
    expect(brushProblem(brush)).toBeNull();
    expect(paintedAreas(brush)).toHaveLength(1);
  });

  it('gives each area its own colour, and frees it when the area is deleted', () => {
    let brush = addArea(addArea([]));
    expect(brush.map((a) => a.color)).toEqual(brushColours.slice(0, 2));
    for (let i = 0; i < 10; i++) brush = addArea(brush);
    expect(brush).toHaveLength(brushColours.length);
    expect(nextColour(brush)).toBeNull();
    brush = deleteArea(brush, brushColours[1] ?? '');
    expect(nextColour(brush)).toBe(brushColours[1]);
  });

  it('keeps one track per area: a new track replaces the old, and none for an unpainted area', () => {
    let brush = addArea([]);
    const red = brush[0]?.color ?? '';
    expect(
      setTrack(brush, red, [
        [0, 0],
        [1, 1],
      ]),
    ).toBe(brush);
    brush = paintArea(brush, red, stroke);
    brush = setTrack(brush, red, [
      [0, 0],
      [1, 1],
    ]);
    brush = setTrack(brush, red, [
      [0.5, 0.5],
      [0.2, 0.2],
    ]);
    expect(brush[0]?.track).toEqual([
      [0.5, 0.5],
      [0.2, 0.2],
    ]);
    expect(brushProblem(deleteTrack(brush, red))).toBe('noTrack');
    expect(brushProblem(undoStroke(brush, red))).toBe('noArea');
  });

  it('asks for a track of two points at least', () => {
    let brush = paintArea(addArea([]), brushColours[0] ?? '', stroke);
    brush = setTrack(brush, brushColours[0] ?? '', [[0.5, 0.5]]);
    expect(brushProblem(brush)).toBe('shortTrack');
  });

  it('thins a long track to the gateway limit, keeping its ends and the picture', () => {
    const long = Array.from({ length: 500 }, (_, i) => [i / 499, 1.2] as const);
    const thin = thinTrack(long);
    expect(thin).toHaveLength(TRACK_MAX_POINTS);
    expect(thin[0]).toEqual([0, 1]);
    expect(thin.at(-1)).toEqual([1, 1]);
  });
});
