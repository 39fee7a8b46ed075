import type { TryOnCategory } from '@lumen/contracts/tools/try-on';
import type { BodyPose } from '../../ml/body-pose';
import type { Point } from './warp';

/** Where a garment goes on the person: the four corners its picture's box is laid on. */
export type GarmentQuad = [topLeft: Point, topRight: Point, bottomRight: Point, bottomLeft: Point];

/** The body points a fit is made from, in the person photo's pixels. */
export type BodyFrame = {
  /** Shoulders and hips, the one further left in the picture first. */
  shoulders: [Point, Point];
  hips: [Point, Point];
  /** Knees and ankles where the pose model saw them. */
  knees?: [Point, Point];
  ankles?: [Point, Point];
  /** Elbow → wrist of each arm seen, for keeping forearms over the garment. */
  forearms: [Point, Point][];
  /** The head, which stays in front of any garment. */
  head?: { centre: Point; rx: number; ry: number };
  /** Whether the points came from the pose model (else from the silhouette's proportions). */
  fromPose: boolean;
};

const seen = 0.2;

/**
 * Where the hips are when the pose model did not see them (a photo cropped at the waist, a
 * hand over the hip): an adult's torso is about one and a half shoulder widths long, the
 * hips a little narrower than the shoulders.
 */
function hipsBelow([left, right]: [Point, Point]): [Point, Point] {
  const width = Math.hypot(right.x - left.x, right.y - left.y);
  const down = { x: -(right.y - left.y) / width, y: (right.x - left.x) / width };
  const centre = mid(left, right);
  const hip = along(centre, down, width * 1.5);
  const across = { x: (right.x - left.x) / width, y: (right.y - left.y) / width };
  return [along(hip, across, -width * 0.42), along(hip, across, width * 0.42)];
}

/** The head as an ellipse around the nose: a garment is never drawn over it. */
function headOf(pose: BodyPose, [left, right]: [Point, Point]): BodyFrame['head'] {
  const width = Math.hypot(right.x - left.x, right.y - left.y);
  return {
    centre: { x: pose.nose.x, y: pose.nose.y - width * 0.1 },
    rx: width * 0.42,
    ry: width * 0.62,
  };
}
const mid = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
const along = (p: Point, d: Point, k: number): Point => ({ x: p.x + d.x * k, y: p.y + d.y * k });
const ordered = (a: Point, b: Point): [Point, Point] => (a.x <= b.x ? [a, b] : [b, a]);

/**
 * The body frame from the pose model where it saw shoulders and hips; otherwise from the
 * person's silhouette box with the proportions of a standing adult (shoulders at a fifth of
 * the height, hips at a half), which is what a picture cropped oddly still allows.
 */
export function bodyFrameOf(
  pose: BodyPose | undefined,
  silhouette: { x: number; y: number; width: number; height: number },
): BodyFrame {
  const ok = (...names: (keyof BodyPose)[]) =>
    pose !== undefined && names.every((name) => pose[name].score >= seen);
  if (pose && ok('leftShoulder', 'rightShoulder')) {
    const forearms: [Point, Point][] = [];
    if (ok('leftElbow', 'leftWrist')) forearms.push([pose.leftElbow, pose.leftWrist]);
    if (ok('rightElbow', 'rightWrist')) forearms.push([pose.rightElbow, pose.rightWrist]);
    const shoulders = ordered(pose.leftShoulder, pose.rightShoulder);
    return {
      shoulders,
      hips: ok('leftHip', 'rightHip') ? ordered(pose.leftHip, pose.rightHip) : hipsBelow(shoulders),
      ...(ok('leftKnee', 'rightKnee') ? { knees: ordered(pose.leftKnee, pose.rightKnee) } : {}),
      ...(ok('leftAnkle', 'rightAnkle')
        ? { ankles: ordered(pose.leftAnkle, pose.rightAnkle) }
        : {}),
      forearms,
      ...(ok('nose') ? { head: headOf(pose, shoulders) } : {}),
      fromPose: true,
    };
  }
  const { x, y, width, height } = silhouette;
  const cx = x + width / 2;
  const sy = y + height * 0.22;
  const hy = y + height * 0.52;
  return {
    shoulders: [
      { x: cx - width * 0.3, y: sy },
      { x: cx + width * 0.3, y: sy },
    ],
    hips: [
      { x: cx - width * 0.2, y: hy },
      { x: cx + width * 0.2, y: hy },
    ],
    forearms: [],
    fromPose: false,
  };
}

/**
 * How each kind of garment sits, in body measures: `span` is the width of its picture's box
 * (sleeves included) over the shoulder width (hip width for a bottom), `above` how far its
 * top sits above the shoulder (or hip) line, and the hem is given per kind below.
 */
const cut: Record<TryOnCategory, { span: number; above: number }> = {
  top: { span: 1.9, above: 0.14 },
  outerwear: { span: 2.05, above: 0.16 },
  dress: { span: 1.55, above: 0.12 },
  bottom: { span: 1.45, above: 0.16 },
};

/**
 * The quadrilateral a garment's box is laid on: its top along the shoulder line (the hips
 * for a bottom), turned and tilted with the body, its hem at the hips, mid-thigh, knees or
 * ankles by kind, narrower or wider at the hem as the hips are to the shoulders.
 */
export function garmentQuad(frame: BodyFrame, category: TryOnCategory): GarmentQuad {
  const [sl, sr] = frame.shoulders;
  const [hl, hr] = frame.hips;
  const shoulderMid = mid(sl, sr);
  const hipMid = mid(hl, hr);
  const shoulderWidth = Math.max(1, Math.hypot(sr.x - sl.x, sr.y - sl.y));
  const hipWidth = Math.max(1, Math.hypot(hr.x - hl.x, hr.y - hl.y));
  const torso = { x: hipMid.x - shoulderMid.x, y: hipMid.y - shoulderMid.y };
  const torsoLength = Math.max(1, Math.hypot(torso.x, torso.y));
  const down = { x: torso.x / torsoLength, y: torso.y / torsoLength };
  const across = { x: down.y, y: -down.x };
  // `across` points to the picture's right when the body stands upright.
  if (across.x < 0) {
    across.x = -across.x;
    across.y = -across.y;
  }
  const { span, above } = cut[category];
  const legLength = (to?: [Point, Point]) =>
    to ? Math.hypot(mid(...to).x - hipMid.x, mid(...to).y - hipMid.y) : undefined;
  let top: Point;
  let hem: number;
  let topWidth: number;
  let hemWidth: number;
  if (category === 'bottom') {
    top = along(hipMid, down, -above * torsoLength);
    topWidth = hipWidth * span;
    hem =
      (legLength(frame.ankles) ?? (legLength(frame.knees) ?? torsoLength) * 2) +
      above * torsoLength;
    hemWidth = topWidth * 1.05;
  } else {
    top = along(shoulderMid, down, -above * torsoLength);
    topWidth = shoulderWidth * span;
    const ratio = Math.min(1.15, Math.max(0.85, hipWidth / shoulderWidth));
    const toHips = torsoLength * (1 + above);
    if (category === 'top') {
      hem = toHips + torsoLength * 0.12;
      hemWidth = topWidth * ratio;
    } else if (category === 'outerwear') {
      hem = toHips + torsoLength * 0.4;
      hemWidth = topWidth * ratio;
    } else {
      hem = toHips + (legLength(frame.knees) ?? torsoLength * 0.9) + torsoLength * 0.08;
      hemWidth = topWidth * Math.max(ratio, 1.05);
    }
  }
  const bottom = along(top, down, hem);
  return [
    along(top, across, -topWidth / 2),
    along(top, across, topWidth / 2),
    along(bottom, across, hemWidth / 2),
    along(bottom, across, -hemWidth / 2),
  ];
}
