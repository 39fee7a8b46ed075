/** How the picture sits in the canvas: its scale and where its top-left corner is, in screen px. */
export interface CanvasView {
  scale: number;
  x: number;
  y: number;
}

export const MIN_ZOOM = 0.05;
export const MAX_ZOOM = 16;
/** One wheel notch or zoom button press. */
export const ZOOM_STEP = 1.2;

/** The room around the picture that stays empty when it is fitted. */
const FIT_MARGIN = 24;

/** A box in picture pixels: the picture itself, or the picture with the area an expand adds. */
export interface Bounds {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The view that shows `bounds` whole and centred in a `width`×`height` canvas. */
export function fitView(bounds: Bounds, width: number, height: number): CanvasView {
  const scale = Math.max(
    MIN_ZOOM,
    Math.min(
      (width - FIT_MARGIN * 2) / bounds.width,
      (height - FIT_MARGIN * 2) / bounds.height,
      MAX_ZOOM,
    ),
  );
  return {
    scale,
    x: (width - bounds.width * scale) / 2 - bounds.left * scale,
    y: (height - bounds.height * scale) / 2 - bounds.top * scale,
  };
}

/** The view zoomed by `factor` about a screen point, which keeps showing the same picture pixel. */
export function zoomAbout(
  view: CanvasView,
  factor: number,
  point: { x: number; y: number },
): CanvasView {
  const scale = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, view.scale * factor));
  const pictureX = (point.x - view.x) / view.scale;
  const pictureY = (point.y - view.y) / view.scale;
  return { scale, x: point.x - pictureX * scale, y: point.y - pictureY * scale };
}
