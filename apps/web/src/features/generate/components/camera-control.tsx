import { Button, Collapse, Group, Slider, Stack, Text } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OptionChips } from './option-chips';

/** Camera movement per second: pan in frame widths/heights, zoom as a factor change (−1…1). */
export interface Camera {
  x: number;
  y: number;
  zoom: number;
}

const presets = {
  static: { x: 0, y: 0, zoom: 0 },
  panLeft: { x: -0.3, y: 0, zoom: 0 },
  panRight: { x: 0.3, y: 0, zoom: 0 },
  panUp: { x: 0, y: -0.3, zoom: 0 },
  panDown: { x: 0, y: 0.3, zoom: 0 },
  zoomIn: { x: 0, y: 0, zoom: 0.4 },
  zoomOut: { x: 0, y: 0, zoom: -0.4 },
} satisfies Record<string, Camera>;
type Preset = keyof typeof presets | 'custom';

function presetOf(camera: Camera): Preset {
  const found = Object.entries(presets).find(
    ([, p]) => p.x === camera.x && p.y === camera.y && p.zoom === camera.zoom,
  );
  return (found?.[0] as Preset | undefined) ?? 'custom';
}

const axes = ['x', 'y', 'zoom'] as const;

/** Camera control: a few named moves, and sliders for anything in between. */
export function CameraControl({
  value,
  onChange,
}: {
  value: Camera;
  onChange: (camera: Camera) => void;
}) {
  const { t } = useTranslation();
  const [fineTune, setFineTune] = useState(false);
  const preset = presetOf(value);
  return (
    <Stack gap="xs">
      <OptionChips
        label={t('generate.camera.label')}
        value={preset}
        columns={4}
        onChange={(next) => {
          if (next !== 'custom') onChange(presets[next]);
        }}
        options={(Object.keys(presets) as (keyof typeof presets)[]).map((key) => ({
          value: key,
          label: t(`generate.camera.presets.${key}`),
        }))}
      />
      <Group justify="flex-end">
        <Button
          variant="subtle"
          size="compact-xs"
          leftSection={<IconAdjustmentsHorizontal size={14} />}
          onClick={() => setFineTune((open) => !open)}
          aria-expanded={fineTune}
        >
          {t('generate.camera.fineTune')}
        </Button>
      </Group>
      <Collapse expanded={fineTune}>
        <Stack gap="sm">
          {axes.map((axis) => (
            <div key={axis}>
              <Text size="xs" fw={600} id={`generate-camera-${axis}`}>
                {t(`generate.camera.${axis}`)}
              </Text>
              <Slider
                value={value[axis]}
                onChange={(next) => onChange({ ...value, [axis]: next })}
                min={-1}
                max={1}
                step={0.05}
                marks={[{ value: 0 }]}
                label={(v) => v.toFixed(2)}
                thumbProps={{ 'aria-labelledby': `generate-camera-${axis}` }}
              />
            </div>
          ))}
        </Stack>
      </Collapse>
    </Stack>
  );
}
