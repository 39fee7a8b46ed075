import { Button, Popover, Stack } from '@mantine/core';
import { IconBackground } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackgroundPanel, type CutoutBackgroundChoice } from '../../tools/editor/background-panel';
import { backgroundParam } from '../../tools/editor/tool-settings';

interface CutoutActionProps {
  loading: boolean;
  disabled: boolean;
  /** `background` as the gateway takes it: transparent, `#rrggbb`, blur or a picture's key. */
  onRun: (background: string) => void;
}

/** "Remove background" with what the cut-out stands on: nothing, a colour, a blur, a picture. */
export function CutoutAction({ loading, disabled, onRun }: CutoutActionProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [choice, setChoice] = useState<CutoutBackgroundChoice>({
    kind: 'transparent',
    colour: '#ffffff',
    picture: null,
  });
  // A colour half typed into the picker, or a picture still uploading, is not sent.
  const background = backgroundParam({ background: choice });

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom" width={300} withinPortal>
      <Popover.Target>
        <Button
          variant="light"
          radius="xl"
          leftSection={<IconBackground size={16} />}
          loading={loading}
          disabled={disabled}
          onClick={() => setOpened((o) => !o)}
        >
          {t('library.detail.removeBackground')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <BackgroundPanel value={choice} onChange={setChoice} />
          <Button
            radius="xl"
            disabled={background === null}
            onClick={() => {
              if (background === null) return;
              setOpened(false);
              onRun(background);
            }}
          >
            {t('library.cutout.run')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
