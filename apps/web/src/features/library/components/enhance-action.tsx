import { Button, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconSparkles } from '@tabler/icons-react';
import { planUpscale, upscaleChoices, type UpscaleChoice } from '@lumen/contracts/image-tools';
import { useTranslation } from 'react-i18next';

interface EnhanceActionProps {
  width: number | null;
  height: number | null;
  loading: boolean;
  disabled: boolean;
  onRun: (scale: UpscaleChoice) => void;
}

/**
 * "Enhance" with its three choices. Each says the size it makes, or why this picture cannot
 * have it (too small for 4K, too large for 4×), with the same rule the gateway applies.
 */
export function EnhanceAction({ width, height, loading, disabled, onRun }: EnhanceActionProps) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom" width="target" withinPortal>
      <Menu.Target>
        <Button
          variant="light"
          radius="xl"
          leftSection={<IconSparkles size={16} />}
          rightSection={<IconChevronDown size={14} />}
          loading={loading}
          disabled={disabled}
        >
          {t('library.enhance.action')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {upscaleChoices.map((choice) => {
          const plan = width && height ? planUpscale(choice, width, height) : null;
          const note = !plan
            ? null
            : plan.ok
              ? t('library.enhance.makes', { width: plan.width, height: plan.height })
              : t(`library.enhance.${plan.reason === 'too_small' ? 'tooSmall' : 'tooLarge'}`, {
                  px: plan.limit,
                });
          return (
            <Menu.Item
              key={choice}
              disabled={plan?.ok === false}
              onClick={() => onRun(choice)}
              aria-label={t(`library.enhance.choice.${choice}`)}
            >
              <Text size="sm" fw={600}>
                {t(`library.enhance.choice.${choice}`)}
              </Text>
              {note ? (
                <Text size="xs" c="dimmed">
                  {note}
                </Text>
              ) : null}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
