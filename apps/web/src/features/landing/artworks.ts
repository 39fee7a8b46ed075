/**
 * Decorative artwork for the landing page, drawn with CSS gradients and SVG so the page makes
 * no network requests. Each names a prompt idea a visitor can try in the studio.
 */
export type ArtShape =
  'mountains' | 'orb' | 'waves' | 'city' | 'petals' | 'cube' | 'dunes' | 'rings';
export type ArtKind = 'image' | 'video' | '3d';

export interface Artwork {
  id: string;
  kind: ArtKind;
  shape: ArtShape;
  background: string;
}

export const artworks: Artwork[] = [
  {
    id: 'aurora',
    kind: 'image',
    shape: 'mountains',
    background: 'linear-gradient(180deg, #0b1033 0%, #27337a 45%, #4fd1c5 100%)',
  },
  {
    id: 'koi',
    kind: 'video',
    shape: 'waves',
    background: 'linear-gradient(160deg, #1a0b2e 0%, #7b1f6a 55%, #ff8a5b 100%)',
  },
  {
    id: 'planet',
    kind: '3d',
    shape: 'orb',
    background: 'radial-gradient(circle at 30% 20%, #3b2a80 0%, #120d2b 60%, #05030f 100%)',
  },
  {
    id: 'city',
    kind: 'image',
    shape: 'city',
    background: 'linear-gradient(180deg, #ff7eb3 0%, #ff9a62 40%, #2a1b4d 100%)',
  },
  {
    id: 'garden',
    kind: 'image',
    shape: 'petals',
    background: 'linear-gradient(135deg, #fde68a 0%, #f9a8d4 50%, #a78bfa 100%)',
  },
  {
    id: 'cube',
    kind: '3d',
    shape: 'cube',
    background: 'linear-gradient(145deg, #0f172a 0%, #1e3a8a 60%, #38bdf8 100%)',
  },
  {
    id: 'desert',
    kind: 'video',
    shape: 'dunes',
    background: 'linear-gradient(180deg, #fcd34d 0%, #f97316 45%, #7c2d12 100%)',
  },
  {
    id: 'portal',
    kind: 'image',
    shape: 'rings',
    background: 'radial-gradient(circle at 50% 50%, #f0abfc 0%, #7c3aed 35%, #1e1b4b 75%)',
  },
];
