import { toolOf } from '@lumen/contracts/tools';
import { Badge, Text } from '@mantine/core';
import { IconSparkles, IconUserSquareRounded } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FallbackToolIcon, toolIcons } from '../../tools/tool-icons';
import { useGating } from '../gating';
import { CHARACTER_MODE, EFFECT_MODE, isGenerationMode, listVideoModes } from './video-modes';
import classes from './video-studio.module.css';

interface VideoModePickerProps {
  value: string;
  onChange: (mode: string) => void;
}

/**
 * Every video mode as a button with its tool's icon: a PLUS badge where the plan does not
 * include the tool (choosing it still shows its inputs; running it asks to upgrade), and
 * "coming soon" for a mode no tool runs yet.
 */
export function VideoModePicker({ value, onChange }: VideoModePickerProps) {
  const { t } = useTranslation();
  const gating = useGating();
  // The studio's own words for its three generation modes, the section's for the rest.
  const label = (mode: string) =>
    isGenerationMode(mode) ? t(`generate.video.modes.${mode}`) : t(`videoStudio.modes.${mode}`);
  return (
    <div>
      <Text size="sm" fw={600} mb={6} id="video-modes">
        {t('generate.video.mode')}
      </Text>
      <div className={classes.modes} role="group" aria-labelledby="video-modes">
        {listVideoModes().map(({ mode, toolId }) => {
          const tool = toolId ? toolOf(toolId) : null;
          const Icon =
            mode === EFFECT_MODE
              ? IconSparkles
              : mode === CHARACTER_MODE && !tool
                ? IconUserSquareRounded
                : (toolIcons[tool?.ui.icon ?? ''] ?? FallbackToolIcon);
          const gated = tool?.gate !== undefined && !gating.allows(tool.gate);
          return (
            <button
              key={mode}
              type="button"
              className={classes.mode}
              aria-pressed={mode === value}
              disabled={!tool}
              onClick={() => onChange(mode)}
            >
              <Icon size={20} stroke={1.6} aria-hidden="true" />
              <span>{label(mode)}</span>
              {gated ? (
                <Badge className={classes.modeBadge} color="yellow" variant="filled" size="xs">
                  {t('tools.plus')}
                </Badge>
              ) : null}
              {tool ? null : (
                <Badge color="gray" variant="light" size="xs">
                  {t('tools.toolbox.comingSoon')}
                </Badge>
              )}
            </button>
          );
        })}
      </div>
    </div>
  );
}
