import {
  ActionIcon,
  Button,
  Group,
  SegmentedControl,
  Slider,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconArrowBackUp, IconPlus, IconRoute, IconRouteOff, IconTrash } from '@tabler/icons-react';
import type Konva from 'konva';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Arrow, Image as KonvaImage, Layer, Line, Stage } from 'react-konva';
import { brushOutline } from '../../tools/editor/brush-outline';
import type { MaskPoint } from '../../tools/editor/mask-history';
import { useHtmlImage } from '../../tools/editor/use-html-image';
import {
  addArea,
  brushProblem,
  deleteArea,
  deleteTrack,
  nextColour,
  paintArea,
  setTrack,
  undoStroke,
  type MotionBrush,
} from './motion-brush';
import classes from './video-studio.module.css';

type DrawTool = 'paint' | 'track';

interface MotionBrushCanvasProps {
  imageUrl: string;
  width: number;
  height: number;
  value: MotionBrush;
  onChange: (brush: MotionBrush) => void;
}

/** The canvas's height at most, so a tall picture does not push the settings off the screen. */
const MAX_CANVAS_PX = 360;

/**
 * The magic brush (spec §1, §5): areas painted in distinct colours, one track drawn per area
 * for where it goes. The rules hold as the user draws: each colour is one area, a track is
 * drawn for the chosen area only once it has paint, and a new track replaces its old one.
 */
export function MotionBrushCanvas({
  imageUrl,
  width,
  height,
  value,
  onChange,
}: MotionBrushCanvasProps) {
  const { t } = useTranslation();
  const { ref: box, width: boxWidth } = useElementSize();
  const image = useHtmlImage(imageUrl);
  const stage = useRef<Konva.Stage>(null);
  const [tool, setTool] = useState<DrawTool>('paint');
  const [active, setActive] = useState<string | null>(value[0]?.color ?? null);
  const [brushSize, setBrushSize] = useState(() => Math.round(Math.min(width, height) * 0.08));
  const [draft, setDraft] = useState<MaskPoint[] | null>(null);
  const [hint, setHint] = useState<string | null>(null);

  const scale = boxWidth > 0 ? Math.min(boxWidth / width, MAX_CANVAS_PX / height) : 0;
  const activeArea = value.find((a) => a.color === active) ?? null;

  const picturePoint = (): MaskPoint | null => {
    const position = stage.current?.getRelativePointerPosition();
    if (!position) return null;
    return [Math.min(width, Math.max(0, position.x)), Math.min(height, Math.max(0, position.y))];
  };

  function onDown() {
    const point = picturePoint();
    if (!point) return;
    setHint(null);
    if (tool === 'track' && (!activeArea || activeArea.strokes.length === 0)) {
      setHint(t('videoStudio.brush.paintFirst'));
      return;
    }
    setDraft([point]);
  }

  function onMove() {
    if (!draft) return;
    const point = picturePoint();
    if (point) setDraft([...draft, point]);
  }

  function finish() {
    if (!draft) return;
    const points = draft;
    setDraft(null);
    if (tool === 'paint') {
      let brush = value;
      let color = activeArea?.color ?? null;
      if (!color) {
        color = nextColour(brush);
        if (!color) return;
        brush = addArea(brush);
        setActive(color);
      }
      onChange(
        paintArea(brush, color, {
          kind: 'stroke',
          mode: 'paint',
          outline: brushOutline(points, brushSize),
        }),
      );
      return;
    }
    if (!activeArea) return;
    if (points.length < 2) {
      setHint(t('videoStudio.brush.problems.shortTrack'));
      return;
    }
    onChange(
      setTrack(
        value,
        activeArea.color,
        points.map(([x, y]) => [x / width, y / height] as const),
      ),
    );
  }

  function newArea() {
    const color = nextColour(value);
    if (!color) return;
    onChange(addArea(value));
    setActive(color);
    setTool('paint');
  }

  const problem = brushProblem(value);
  const flat = (points: readonly MaskPoint[]) => points.flatMap(([x, y]) => [x, y]);
  const trackPoints = (points: readonly MaskPoint[]) =>
    points.flatMap(([x, y]) => [x * width, y * height]);

  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <SegmentedControl
          size="xs"
          value={tool}
          onChange={(next) => setTool(next as DrawTool)}
          aria-label={t('videoStudio.brush.tool')}
          data={[
            { value: 'paint', label: t('videoStudio.brush.paint') },
            { value: 'track', label: t('videoStudio.brush.track') },
          ]}
        />
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconPlus size={12} />}
          disabled={nextColour(value) === null}
          onClick={newArea}
        >
          {t('videoStudio.brush.addArea')}
        </Button>
      </Group>
      <div
        ref={box}
        className={classes.brushBox}
        role="application"
        aria-label={t('videoStudio.brush.canvas')}
      >
        {scale > 0 ? (
          <Stage
            ref={stage}
            width={width * scale}
            height={height * scale}
            scaleX={scale}
            scaleY={scale}
            onPointerDown={onDown}
            onPointerMove={onMove}
            onPointerUp={finish}
            onPointerLeave={finish}
            style={{ touchAction: 'none', cursor: 'crosshair' }}
          >
            <Layer listening={false}>
              {image ? <KonvaImage image={image} width={width} height={height} /> : null}
              {value.map((area) =>
                area.strokes.map((stroke, i) =>
                  stroke.kind === 'stroke' ? (
                    <Line
                      key={`${area.color}-${i}`}
                      points={flat(stroke.outline)}
                      closed
                      fill={area.color}
                      opacity={0.45}
                    />
                  ) : null,
                ),
              )}
              {value.map((area) =>
                area.track ? (
                  <Arrow
                    key={`${area.color}-track`}
                    points={trackPoints(area.track)}
                    stroke={area.color}
                    fill={area.color}
                    strokeWidth={4 / scale}
                    pointerLength={14 / scale}
                    pointerWidth={14 / scale}
                    tension={0.3}
                    shadowColor="#000"
                    shadowBlur={3}
                  />
                ) : null,
              )}
              {draft && tool === 'paint' ? (
                <Line
                  points={flat(brushOutline(draft, brushSize))}
                  closed
                  fill={activeArea?.color ?? nextColour(value) ?? '#fff'}
                  opacity={0.45}
                />
              ) : null}
              {draft && tool === 'track' ? (
                <Line
                  points={flat(draft)}
                  stroke={activeArea?.color ?? '#fff'}
                  strokeWidth={4 / scale}
                />
              ) : null}
            </Layer>
          </Stage>
        ) : null}
      </div>
      {tool === 'paint' ? (
        <Group gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed">
            {t('videoStudio.brush.size')}
          </Text>
          <Slider
            style={{ flex: 1 }}
            min={Math.max(4, Math.round(Math.min(width, height) * 0.01))}
            max={Math.round(Math.min(width, height) * 0.3)}
            value={brushSize}
            onChange={setBrushSize}
            label={null}
            aria-label={t('videoStudio.brush.size')}
          />
        </Group>
      ) : null}
      <div role="list" aria-label={t('videoStudio.brush.areas')}>
        {value.map((area, index) => (
          <Group
            key={area.color}
            role="listitem"
            gap={6}
            wrap="nowrap"
            className={classes.area}
            data-active={area.color === active || undefined}
          >
            <button
              type="button"
              className={classes.areaPick}
              aria-pressed={area.color === active}
              onClick={() => setActive(area.color)}
            >
              <span
                className={classes.swatch}
                style={{ background: area.color }}
                aria-hidden="true"
              />
              <Text size="xs" fw={600}>
                {t('videoStudio.brush.area', { number: index + 1 })}
              </Text>
              <Text size="xs" c="dimmed">
                {area.strokes.length === 0
                  ? t('videoStudio.brush.unpainted')
                  : area.track
                    ? t('videoStudio.brush.hasTrack')
                    : t('videoStudio.brush.noTrack')}
              </Text>
            </button>
            <Tooltip label={t('videoStudio.brush.undo')}>
              <ActionIcon
                size="sm"
                variant="subtle"
                color="gray"
                disabled={area.strokes.length === 0}
                onClick={() => onChange(undoStroke(value, area.color))}
                aria-label={t('videoStudio.brush.undoArea', { number: index + 1 })}
              >
                <IconArrowBackUp size={14} />
              </ActionIcon>
            </Tooltip>
            {area.track ? (
              <Tooltip label={t('videoStudio.brush.deleteTrack')}>
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color="gray"
                  onClick={() => onChange(deleteTrack(value, area.color))}
                  aria-label={t('videoStudio.brush.deleteTrackOf', { number: index + 1 })}
                >
                  <IconRouteOff size={14} />
                </ActionIcon>
              </Tooltip>
            ) : (
              <Tooltip label={t('videoStudio.brush.drawTrack')}>
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color="gray"
                  disabled={area.strokes.length === 0}
                  onClick={() => {
                    setActive(area.color);
                    setTool('track');
                  }}
                  aria-label={t('videoStudio.brush.drawTrackOf', { number: index + 1 })}
                >
                  <IconRoute size={14} />
                </ActionIcon>
              </Tooltip>
            )}
            <Tooltip label={t('videoStudio.brush.deleteArea')}>
              <ActionIcon
                size="sm"
                variant="subtle"
                color="red"
                onClick={() => {
                  onChange(deleteArea(value, area.color));
                  if (active === area.color) setActive(null);
                }}
                aria-label={t('videoStudio.brush.deleteAreaOf', { number: index + 1 })}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ))}
      </div>
      <Text size="xs" c={hint ? 'orange.7' : 'dimmed'} role="status">
        {hint ??
          (problem ? t(`videoStudio.brush.problems.${problem}`) : t('videoStudio.brush.ready'))}
      </Text>
    </Stack>
  );
}
