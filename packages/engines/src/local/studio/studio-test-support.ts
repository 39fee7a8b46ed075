import sharp from 'sharp';
import { readGroupPhoto } from '../../ml/face-test-support';

/**
 * A product photo of a T-shirt as a shop would show it: a flat lay of a striped tee (teal
 * with white stripes and a yellow chest mark) on a pale grey table, 640×640.
 */
export function makeGarmentPhoto(): Promise<Buffer> {
  const stripes = Array.from(
    { length: 9 },
    (_, i) => `<rect x="0" y="${150 + i * 50}" width="640" height="16" fill="#1d2b5a"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640">
    <rect width="640" height="640" fill="#e8e9ec"/>
    <clipPath id="tee"><path d="M215 90 L260 75 Q320 120 380 75 L425 90 L560 170 L515 260 L455 230
      L455 575 L185 575 L185 230 L125 260 L80 170 Z"/></clipPath>
    <g clip-path="url(#tee)"><rect width="640" height="640" fill="#13877f"/>${stripes}
      <circle cx="380" cy="200" r="22" fill="#f2c230"/></g>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

/** A standing person to dress: the left person of the group photo, head to waist, 700×1180. */
export async function readPersonPhoto(): Promise<Buffer> {
  return sharp(await readGroupPhoto())
    .extract({ left: 200, top: 100, width: 700, height: 1180 })
    .jpeg({ quality: 90 })
    .toBuffer();
}
