import { aspectRatios } from '@lumen/contracts/generation';
import { planUpscale, upscaleChoices, type OutpaintPlan } from '@lumen/contracts/image-tools';
import { vectorizePresets } from '@lumen/contracts/tools/vectorize';
import { Chip, Group, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OptionChips } from '../../generate/components/option-chips';
import type { EditorPicture } from './editor-steps';
import type { ToolSettings } from './tool-settings';

interface PanelProps {
  settings: ToolSettings;
  onChange: (patch: Partial<ToolSettings>) => void;
}

/** The prompt of a tool that paints something new (repaint). */
export function PromptField({ settings, onChange }: PanelProps) {
  const { t } = useTranslation();
  return (
    <Textarea
      label={t('tools.editor.prompt.label')}
      placeholder={t('tools.editor.prompt.placeholder')}
      autosize
      minRows={2}
      maxRows={6}
      value={settings.prompt}
      onChange={(event) => onChange({ prompt: event.currentTarget.value })}
    />
  );
}

const instructionExamples = ['night', 'scarf', 'watercolour', 'snow'] as const;

/** The instruction of an instruction edit, with examples to start from. */
export function InstructionPanel({ settings, onChange }: PanelProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Textarea
        label={t('tools.editor.instruction.label')}
        placeholder={t('tools.editor.instruction.placeholder')}
        autosize
        minRows={3}
        maxRows={6}
        value={settings.prompt}
        onChange={(event) => onChange({ prompt: event.currentTarget.value })}
      />
      <Group gap={6}>
        {instructionExamples.map((example) => (
          <Chip
            key={example}
            size="xs"
            checked={false}
            onChange={() => onChange({ prompt: t(`tools.editor.instruction.examples.${example}`) })}
          >
            {t(`tools.editor.instruction.examples.${example}`)}
          </Chip>
        ))}
      </Group>
    </Stack>
  );
}

/** Expand: a ratio to grow to, or the sides dragged on the canvas; says the size it makes. */
export function ExpandPanel({ settings, onChange, plan }: PanelProps & { plan: OutpaintPlan }) {
  const { t } = useTranslation();
  const custom = 'custom';
  return (
    <Stack gap="xs">
      <OptionChips<string>
        label={t('tools.editor.expand.ratio')}
        value={settings.ratio ?? custom}
        columns={4}
        options={[
          ...aspectRatios.map((ratio) => ({ value: ratio, label: ratio })),
          { value: custom, label: t('tools.editor.expand.custom') },
        ]}
        onChange={(value) => onChange({ ratio: value === custom ? null : value })}
      />
      <Text size="xs" c="dimmed">
        {t('tools.editor.expand.hint')}
      </Text>
      {plan.ok ? (
        <Text size="sm" fw={600} aria-live="polite">
          {t('tools.editor.expand.size', { width: plan.width, height: plan.height })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Enhance: 2×, 4× or 4K, each saying the size it makes of this picture. */
export function EnhancePanel({
  settings,
  onChange,
  picture,
}: PanelProps & { picture: EditorPicture }) {
  const { t } = useTranslation();
  const plan = planUpscale(settings.scale, picture.width, picture.height);
  return (
    <Stack gap="xs">
      <OptionChips
        label={t('tools.editor.enhance.label')}
        value={settings.scale}
        columns={3}
        options={upscaleChoices.map((choice) => ({
          value: choice,
          label: t(`library.enhance.choice.${choice}`),
        }))}
        onChange={(scale) => onChange({ scale })}
      />
      {plan.ok ? (
        <Text size="sm" fw={600} aria-live="polite">
          {t('library.enhance.makes', { width: plan.width, height: plan.height })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Vectorize: how the picture is traced. */
export function VectorizePanel({ settings, onChange }: PanelProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <OptionChips
        label={t('tools.editor.vectorize.preset')}
        value={settings.preset}
        columns={3}
        options={vectorizePresets.map((preset) => ({
          value: preset,
          label: t(`tools.editor.vectorize.presets.${preset}`),
        }))}
        onChange={(preset) => onChange({ preset })}
      />
      <Text size="xs" c="dimmed">
        {t(`tools.editor.vectorize.hints.${settings.preset}`)}
      </Text>
    </Stack>
  );
}
