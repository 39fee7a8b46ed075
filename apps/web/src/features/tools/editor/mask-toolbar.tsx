import { ActionIcon, Divider, Slider, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconBrush,
  IconEraser,
  IconHandStop,
  IconLasso,
  IconSquare,
  IconSwitch2,
  IconTrash,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CanvasTool } from './editor-canvas';
import classes from './editor.module.css';

/** Brush sizes in picture pixels: fine detail to broad areas of large pictures. */
export const BRUSH_MIN = 4;
export const BRUSH_MAX = 300;

interface MaskToolbarProps {
  tool: CanvasTool;
  onTool: (tool: CanvasTool) => void;
  brushSize: number;
  onBrushSize: (size: number) => void;
  onInvert: () => void;
  onClear: () => void;
  onUndo: () => void;
  onRedo: () => void;
  canUndo: boolean;
  canRedo: boolean;
}

const tools: { value: CanvasTool; icon: Icon }[] = [
  { value: 'brush', icon: IconBrush },
  { value: 'eraser', icon: IconEraser },
  { value: 'rect', icon: IconSquare },
  { value: 'lasso', icon: IconLasso },
  { value: 'hand', icon: IconHandStop },
];

/** The mask's tools: what the pointer does, the brush's size, and the steps on the whole mask. */
export function MaskToolbar(props: MaskToolbarProps) {
  const { t } = useTranslation();
  const button = (
    label: string,
    icon: Icon,
    onClick: () => void,
    options: { active?: boolean; disabled?: boolean } = {},
  ) => {
    const Glyph = icon;
    return (
      <Tooltip label={label} withArrow key={label}>
        <ActionIcon
          size="lg"
          variant={options.active ? 'filled' : 'default'}
          aria-label={label}
          aria-pressed={options.active}
          disabled={options.disabled}
          onClick={onClick}
        >
          <Glyph size={18} />
        </ActionIcon>
      </Tooltip>
    );
  };
  return (
    <Stack gap="sm">
      <div className={classes.toolbar} role="toolbar" aria-label={t('tools.editor.toolbar.label')}>
        {tools.map(({ value, icon }) =>
          button(t(`tools.editor.toolbar.${value}`), icon, () => props.onTool(value), {
            active: props.tool === value,
          }),
        )}
        <Divider orientation="vertical" />
        {button(t('tools.editor.toolbar.undo'), IconArrowBackUp, props.onUndo, {
          disabled: !props.canUndo,
        })}
        {button(t('tools.editor.toolbar.redo'), IconArrowForwardUp, props.onRedo, {
          disabled: !props.canRedo,
        })}
        {button(t('tools.editor.toolbar.invert'), IconSwitch2, props.onInvert)}
        {button(t('tools.editor.toolbar.clear'), IconTrash, props.onClear)}
      </div>
      {props.tool === 'brush' || props.tool === 'eraser' ? (
        <div>
          <Text size="xs" c="dimmed" id="brush-size">
            {t('tools.editor.toolbar.size', { px: props.brushSize })}
          </Text>
          <Slider
            min={BRUSH_MIN}
            max={BRUSH_MAX}
            value={props.brushSize}
            onChange={props.onBrushSize}
            label={null}
            thumbProps={{ 'aria-labelledby': 'brush-size' }}
          />
        </div>
      ) : null}
      <Text size="xs" c="dimmed">
        {t('tools.editor.mask.hint')}
      </Text>
    </Stack>
  );
}
