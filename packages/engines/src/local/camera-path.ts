import type { EngineSettings } from '@lumen/contracts/generation';
import { createRng } from './prng';

/** The camera at one moment: the window's centre in frame units and its zoom (1 = framed). */
export type CameraPose = { cx: number; cy: number; zoom: number };

export type CameraLimits = {
  /** How far past the frame the picture extends, in frame units per side (0 for a photo). */
  margin: number;
  /** The highest starting zoom the planner may use to make room for panning. */
  maxBaseZoom: number;
  /** Above this zoom the picture would be upsampled and go soft. */
  maxZoom: number;
  /** Extra reach of the nearest parallax layer relative to the camera (1 + parallax). */
  reach: number;
};

export type CameraPlan = { pose(u: number): CameraPose; maxZoom: number };

type Move = { vx: number; vy: number; k: number };

/**
 * The move the user asked for: `camera` is pan per second in frame widths/heights and zoom
 * rate, scaled by motion strength; with no camera given, a slow seeded drift so a clip
 * never stands still.
 */
function requestedMove(
  settings: Pick<EngineSettings, 'camera' | 'motionStrength'>,
  seed: number,
): Move {
  const { camera, motionStrength: m } = settings;
  if (camera.x || camera.y || camera.zoom) {
    const gain = 0.5 + m;
    return { vx: camera.x * gain, vy: camera.y * gain, k: camera.zoom * gain };
  }
  const rng = createRng(seed);
  const angle = rng.range(0, Math.PI * 2);
  const speed = 0.012 + 0.03 * m;
  return { vx: Math.cos(angle) * speed, vy: Math.sin(angle) * speed * 0.5, k: 0.02 + 0.04 * m };
}

/** Ease in and out a little, so the move starts and stops without a jolt. */
const ease = (u: number): number => 0.5 * u + 0.5 * (0.5 - Math.cos(Math.PI * u) / 2);

/**
 * Plans a camera path over a clip that stays inside the picture: the requested move is
 * scaled down (keeping its direction) until every frame's window, and the nearest layer's
 * parallax on top of it, fits within the margin and the zoom limit.
 */
export function planCamera(
  settings: Pick<EngineSettings, 'camera' | 'motionStrength' | 'durationS'>,
  seed: number,
  limits: CameraLimits,
): CameraPlan {
  const want = requestedMove(settings, seed);
  const T = settings.durationS;
  const poseFor = (s: number, z0: number) => (u: number) => {
    const t = (ease(u) - 0.5) * T;
    return {
      cx: 0.5 + want.vx * s * t,
      cy: 0.5 + want.vy * s * t,
      zoom: z0 * Math.exp(want.k * s * t),
    };
  };
  const fits = (pose: (u: number) => CameraPose): boolean => {
    for (let i = 0; i <= 20; i++) {
      const { cx, cy, zoom } = pose(i / 20);
      const half = 0.5 / zoom;
      if (zoom > limits.maxZoom + 1e-9) return false;
      if (Math.abs(cx - 0.5) * limits.reach + half > 0.5 + limits.margin + 1e-9) return false;
      if (Math.abs(cy - 0.5) * limits.reach + half > 0.5 + limits.margin + 1e-9) return false;
    }
    return true;
  };
  for (let s = 1; s > 0.02; s *= 0.9) {
    for (let z0 = 1; z0 <= limits.maxBaseZoom + 1e-9; z0 += 0.01) {
      const pose = poseFor(s, z0);
      if (fits(pose)) {
        const zooms = [0, 1].map((u) => pose(u).zoom);
        return { pose, maxZoom: Math.max(1, ...zooms) };
      }
    }
  }
  const still = poseFor(0, limits.maxBaseZoom);
  return { pose: still, maxZoom: Math.max(1, limits.maxBaseZoom) };
}
