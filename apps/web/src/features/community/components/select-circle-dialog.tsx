import { WORK_CIRCLES_MAX, type Circle } from '@lumen/contracts/community';
import {
  Button,
  Checkbox,
  Group,
  Image,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCircles } from '../api/circles';

interface SelectCircleDialogProps {
  opened: boolean;
  onClose: () => void;
  value: string[];
  onChange: (ids: string[]) => void;
}

function CircleOption({
  circle,
  checked,
  disabled,
  onToggle,
}: {
  circle: Circle;
  checked: boolean;
  disabled: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      onClick={onToggle}
      disabled={disabled}
      p="xs"
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        border: `1px solid ${checked ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
        opacity: disabled ? 0.5 : 1,
      }}
      aria-pressed={checked}
    >
      <Group gap="sm" wrap="nowrap">
        {circle.cover_url ? (
          <Image src={circle.cover_url} alt="" w={40} h={40} radius="sm" fit="cover" />
        ) : null}
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={600} truncate>
            {circle.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {t('community.circles.members', { count: circle.member_count })}
          </Text>
        </Stack>
        <Checkbox checked={checked} readOnly tabIndex={-1} aria-hidden="true" />
      </Group>
    </UnstyledButton>
  );
}

function CirclePicker({
  initial,
  onCancel,
  onDone,
}: {
  initial: string[];
  onCancel: () => void;
  onDone: (ids: string[]) => void;
}) {
  const { t } = useTranslation();
  const circles = useCircles();
  const [picked, setPicked] = useState<string[]>(initial);

  const toggle = (id: string) =>
    setPicked((current) =>
      current.includes(id)
        ? current.filter((c) => c !== id)
        : current.length < WORK_CIRCLES_MAX
          ? [...current, id]
          : current,
    );

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('community.circles.selectHint', { max: WORK_CIRCLES_MAX })}
      </Text>
      {circles.isPending ? (
        <Loader size="sm" />
      ) : (circles.data ?? []).length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('community.circles.none')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={360}>
          <Stack gap="xs">
            {(circles.data ?? []).map((circle) => (
              <CircleOption
                key={circle.circle_id}
                circle={circle}
                checked={picked.includes(circle.circle_id)}
                disabled={!picked.includes(circle.circle_id) && picked.length >= WORK_CIRCLES_MAX}
                onToggle={() => toggle(circle.circle_id)}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => onDone(picked)}>
          {t('community.circles.selectDone', { count: picked.length })}
        </Button>
      </Group>
    </Stack>
  );
}

/** Spec §2 select-circle dialog: up to three circles a published work is shown in. */
export function SelectCircleDialog({ opened, onClose, value, onChange }: SelectCircleDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('community.circles.selectTitle')}
      radius="lg"
      centered
      zIndex={310}
    >
      {opened ? (
        <CirclePicker
          initial={value}
          onCancel={onClose}
          onDone={(ids) => {
            onChange(ids);
            onClose();
          }}
        />
      ) : null}
    </Modal>
  );
}
