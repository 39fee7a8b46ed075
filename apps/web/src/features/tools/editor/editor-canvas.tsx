import { OUTPAINT_MAX_EXPAND_PX } from '@lumen/contracts/tools/outpaint';
import type { OutpaintSettings } from '@lumen/contracts/image-tools';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconMaximize, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import type Konva from 'konva';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Circle,
  Group as KonvaGroup,
  Image as KonvaImage,
  Layer,
  Line,
  Rect,
  Stage,
} from 'react-konva';
import { brushOutline } from './brush-outline';
import { fitView, zoomAbout, ZOOM_STEP, type Bounds, type CanvasView } from './canvas-view';
import type { MaskOp, MaskPoint } from './mask-history';
import { useHtmlImage } from './use-html-image';
import classes from './editor.module.css';

export type CanvasTool = 'brush' | 'eraser' | 'rect' | 'lasso' | 'hand';

/** The overlay's colour; shown at half strength so the picture stays visible under it. */
const MASK_COLOUR = '#ff2d6f';
const MASK_OPACITY = 0.5;
/** A handle's side on screen, whatever the zoom. */
const HANDLE_PX = 16;

type Side = keyof OutpaintSettings;

interface EditorCanvasProps {
  imageUrl: string;
  width: number;
  height: number;
  mode: 'mask' | 'expand' | 'view';
  maskOps?: readonly MaskOp[];
  onMaskOp?: (op: MaskOp) => void;
  tool?: CanvasTool;
  /** The brush's width in picture pixels. */
  brushSize?: number;
  padding?: OutpaintSettings;
  onPaddingChange?: (padding: OutpaintSettings) => void;
}

type Draft =
  | { kind: 'stroke'; mode: 'paint' | 'erase'; points: MaskPoint[] }
  | { kind: 'rect'; mode: 'paint'; from: MaskPoint; to: MaskPoint }
  | { kind: 'lasso'; mode: 'paint'; points: MaskPoint[] };

function draftToOp(draft: Draft, brushSize: number): MaskOp | null {
  if (draft.kind === 'stroke') {
    return { kind: 'stroke', mode: draft.mode, outline: brushOutline(draft.points, brushSize) };
  }
  if (draft.kind === 'rect') {
    const [x0, y0] = draft.from;
    const [x1, y1] = draft.to;
    if (Math.abs(x1 - x0) < 1 || Math.abs(y1 - y0) < 1) return null;
    return { kind: 'rect', mode: 'paint', x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
  }
  return draft.points.length >= 3 ? { kind: 'lasso', mode: 'paint', points: draft.points } : null;
}

const flat = (points: readonly MaskPoint[]) => points.flatMap(([x, y]) => [x, y]);

/** One mask step as the overlay draws it: paint adds, the eraser cuts, invert flips (xor). */
function maskShape(op: MaskOp, key: string, width: number, height: number): ReactElement {
  const composite = (mode: 'paint' | 'erase') =>
    mode === 'paint' ? 'source-over' : 'destination-out';
  switch (op.kind) {
    case 'invert':
      return (
        <Rect
          key={key}
          width={width}
          height={height}
          fill={MASK_COLOUR}
          globalCompositeOperation="xor"
        />
      );
    case 'clear':
      return (
        <Rect
          key={key}
          width={width}
          height={height}
          fill={MASK_COLOUR}
          globalCompositeOperation="destination-out"
        />
      );
    case 'rect':
      return (
        <Rect
          key={key}
          x={op.x}
          y={op.y}
          width={op.width}
          height={op.height}
          fill={MASK_COLOUR}
          globalCompositeOperation={composite(op.mode)}
        />
      );
    case 'stroke':
    case 'lasso':
      return (
        <Line
          key={key}
          points={flat(op.kind === 'stroke' ? op.outline : op.points)}
          closed
          fill={MASK_COLOUR}
          fillRule="nonzero"
          globalCompositeOperation={composite(op.mode)}
        />
      );
  }
}

/** Whether keys typed now go to a text field rather than to the canvas. */
function typingInField(): boolean {
  const active = document.activeElement;
  return (
    active instanceof HTMLInputElement ||
    active instanceof HTMLTextAreaElement ||
    (active instanceof HTMLElement && active.isContentEditable)
  );
}

/**
 * The editor's one canvas: the picture, the mask painted over it (brush, eraser, rectangle,
 * lasso) or, for expand, the new area around it with a handle on each side. Zoom with the
 * wheel or the buttons; pan with the hand tool or by holding the space bar and dragging.
 * Everything painted is kept in the picture's own pixels.
 */
export function EditorCanvas({
  imageUrl,
  width,
  height,
  mode,
  maskOps = [],
  onMaskOp,
  tool = 'brush',
  brushSize = 40,
  padding = { left: 0, right: 0, top: 0, bottom: 0 },
  onPaddingChange,
}: EditorCanvasProps) {
  const { t } = useTranslation();
  const { ref: box, width: boxWidth, height: boxHeight } = useElementSize();
  const image = useHtmlImage(imageUrl);
  const stageRef = useRef<Konva.Stage>(null);
  const [view, setView] = useState<CanvasView | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [pointer, setPointer] = useState<MaskPoint | null>(null);
  const [spaceHeld, setSpaceHeld] = useState(false);

  const bounds: Bounds =
    mode === 'expand'
      ? {
          left: -padding.left,
          top: -padding.top,
          width: width + padding.left + padding.right,
          height: height + padding.top + padding.bottom,
        }
      : { left: 0, top: 0, width, height };
  const fit = () => {
    if (boxWidth > 0 && boxHeight > 0) setView(fitView(bounds, boxWidth, boxHeight));
  };
  // A new picture, a new panel or a resized window shows the whole picture again.
  const fitKey = `${imageUrl}|${width}|${height}|${mode}|${boxWidth}|${boxHeight}`;
  useEffect(fit, [fitKey]); // eslint-disable-line react-hooks/exhaustive-deps -- refit on the key alone, not on each padding change

  useEffect(() => {
    const down = (event: KeyboardEvent) => {
      if (event.code === 'Space' && !typingInField()) {
        event.preventDefault();
        setSpaceHeld(true);
      }
    };
    const up = (event: KeyboardEvent) => {
      if (event.code === 'Space') setSpaceHeld(false);
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, []);

  const painting = mode === 'mask' && tool !== 'hand' && !spaceHeld;
  const panning = !painting;

  const picturePoint = (): MaskPoint | null => {
    const position = stageRef.current?.getRelativePointerPosition();
    return position ? [position.x, position.y] : null;
  };

  const onPointerDown = () => {
    if (!painting) return;
    const point = picturePoint();
    if (!point) return;
    if (tool === 'brush' || tool === 'eraser') {
      setDraft({ kind: 'stroke', mode: tool === 'brush' ? 'paint' : 'erase', points: [point] });
    } else if (tool === 'rect') setDraft({ kind: 'rect', mode: 'paint', from: point, to: point });
    else if (tool === 'lasso') setDraft({ kind: 'lasso', mode: 'paint', points: [point] });
  };
  const onPointerMove = () => {
    const point = picturePoint();
    setPointer(point);
    if (!draft || !point) return;
    if (draft.kind === 'rect') setDraft({ ...draft, to: point });
    else setDraft({ ...draft, points: [...draft.points, point] });
  };
  const finish = () => {
    if (!draft) return;
    const op = draftToOp(draft, brushSize);
    setDraft(null);
    if (op) onMaskOp?.(op);
  };

  const zoomBy = (factor: number) => {
    if (view) setView(zoomAbout(view, factor, { x: boxWidth / 2, y: boxHeight / 2 }));
  };
  const onWheel = (event: Konva.KonvaEventObject<WheelEvent>) => {
    event.evt.preventDefault();
    const stage = stageRef.current;
    const point = stage?.getPointerPosition();
    if (!view || !point) return;
    setView(zoomAbout(view, event.evt.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP, point));
  };

  const draftOp = draft ? draftToOp(draft, brushSize) : null;
  const handle = HANDLE_PX / (view?.scale ?? 1);
  const handles: { side: Side; x: number; y: number }[] = [
    { side: 'left', x: -padding.left, y: height / 2 },
    { side: 'right', x: width + padding.right, y: height / 2 },
    { side: 'top', x: width / 2, y: -padding.top },
    { side: 'bottom', x: width / 2, y: height + padding.bottom },
  ];
  const moveHandle = (side: Side, node: Konva.Node) => {
    const grow = (value: number) =>
      Math.min(OUTPAINT_MAX_EXPAND_PX, Math.max(0, Math.round(value)));
    const next = { ...padding };
    if (side === 'left') next.left = grow(-node.x());
    if (side === 'right') next.right = grow(node.x() - width);
    if (side === 'top') next.top = grow(-node.y());
    if (side === 'bottom') next.bottom = grow(node.y() - height);
    onPaddingChange?.(next);
  };

  return (
    <div
      ref={box}
      className={classes.canvasBox}
      data-tool={painting ? tool : 'hand'}
      role="application"
      aria-label={t('tools.editor.canvas')}
    >
      {view && boxWidth > 0 ? (
        <Stage
          ref={stageRef}
          width={boxWidth}
          height={boxHeight}
          x={view.x}
          y={view.y}
          scaleX={view.scale}
          scaleY={view.scale}
          draggable={panning}
          onDragMove={(event) => {
            if (event.target === stageRef.current) {
              setView({ ...view, x: event.target.x(), y: event.target.y() });
            }
          }}
          onWheel={onWheel}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={finish}
          onPointerLeave={() => {
            setPointer(null);
            finish();
          }}
        >
          <Layer listening={mode === 'expand'}>
            {mode === 'expand' ? (
              <Rect
                x={bounds.left}
                y={bounds.top}
                width={bounds.width}
                height={bounds.height}
                fill="rgba(124, 58, 237, 0.12)"
                stroke="#7c3aed"
                strokeWidth={2 / view.scale}
                dash={[8 / view.scale, 6 / view.scale]}
                listening={false}
              />
            ) : null}
            {image ? (
              <KonvaImage image={image} width={width} height={height} listening={false} />
            ) : null}
            {mode === 'expand'
              ? handles.map(({ side, x, y }) => (
                  <Rect
                    key={side}
                    name={`handle-${side}`}
                    x={x}
                    y={y}
                    offsetX={handle / 2}
                    offsetY={handle / 2}
                    width={handle}
                    height={handle}
                    cornerRadius={handle / 4}
                    fill="#ffffff"
                    stroke="#7c3aed"
                    strokeWidth={2 / view.scale}
                    draggable
                    dragBoundFunc={function (this: Konva.Node, position) {
                      // Each handle moves along its own axis only.
                      const absolute = this.getAbsolutePosition();
                      return side === 'left' || side === 'right'
                        ? { x: position.x, y: absolute.y }
                        : { x: absolute.x, y: position.y };
                    }}
                    onDragMove={(event) => moveHandle(side, event.target)}
                    onDragEnd={(event) => moveHandle(side, event.target)}
                  />
                ))
              : null}
          </Layer>
          {mode === 'mask' ? (
            <Layer opacity={MASK_OPACITY} listening={false}>
              <KonvaGroup clipX={0} clipY={0} clipWidth={width} clipHeight={height}>
                {maskOps.map((op, i) => maskShape(op, String(i), width, height))}
                {draftOp ? maskShape(draftOp, 'draft', width, height) : null}
                {draft?.kind === 'lasso' ? (
                  <Line
                    points={flat(draft.points)}
                    stroke={MASK_COLOUR}
                    strokeWidth={2 / view.scale}
                  />
                ) : null}
              </KonvaGroup>
            </Layer>
          ) : null}
          {painting && pointer && (tool === 'brush' || tool === 'eraser') ? (
            <Layer listening={false}>
              <Circle
                x={pointer[0]}
                y={pointer[1]}
                radius={brushSize / 2}
                stroke="#ffffff"
                strokeWidth={1.5 / view.scale}
                shadowColor="#000000"
                shadowBlur={2}
              />
            </Layer>
          ) : null}
        </Stage>
      ) : null}
      <Group gap={4} className={classes.zoomButtons}>
        <Tooltip label={t('tools.editor.toolbar.zoomOut')} withArrow>
          <ActionIcon
            variant="default"
            onClick={() => zoomBy(1 / ZOOM_STEP)}
            aria-label={t('tools.editor.toolbar.zoomOut')}
          >
            <IconZoomOut size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('tools.editor.toolbar.fit')} withArrow>
          <ActionIcon variant="default" onClick={fit} aria-label={t('tools.editor.toolbar.fit')}>
            <IconMaximize size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('tools.editor.toolbar.zoomIn')} withArrow>
          <ActionIcon
            variant="default"
            onClick={() => zoomBy(ZOOM_STEP)}
            aria-label={t('tools.editor.toolbar.zoomIn')}
          >
            <IconZoomIn size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </div>
  );
}
