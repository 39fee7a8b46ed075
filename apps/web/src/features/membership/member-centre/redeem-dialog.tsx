import type { RedeemResult } from '@lumen/contracts/trade';
import { Alert, Button, Modal, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { useRedeemCode } from '../api/redeem-code';
import { formatDate } from '../format-date';
import { gradeKey } from '../grades';

/** Spec §2 redeem by code; the code is required (spec §5). */
export function RedeemDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      radius="lg"
      size={420}
      title={
        <Text fw={700} fz="lg">
          {t('membership.redeem.title')}
        </Text>
      }
    >
      {opened ? <RedeemForm onClose={onClose} /> : null}
    </Modal>
  );
}

function RedeemForm({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [code, setCode] = useState('');
  const [empty, setEmpty] = useState(false);
  const [done, setDone] = useState<RedeemResult | null>(null);
  const redeem = useRedeemCode();

  if (done) {
    const date = formatDate(done.expires_at, i18n.language);
    return (
      <Stack align="center" ta="center" gap="sm" py="sm">
        <ThemeIcon size={56} radius="xl" color="teal" variant="light">
          <IconCheck size={30} />
        </ThemeIcon>
        <Text fw={700}>{t('membership.redeem.done')}</Text>
        <Text size="sm" c="dimmed">
          {done.kind === 'plan'
            ? t('membership.redeem.plan', {
                plan: t(`pay.grades.${gradeKey(done.grade)}`),
                count: done.days,
                date,
              })
            : t('membership.redeem.credits', { count: done.credits, date })}
        </Text>
        <Button radius="xl" onClick={onClose}>
          {t('common.close')}
        </Button>
      </Stack>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setEmpty(true);
      return;
    }
    redeem.mutate(code.trim(), { onSuccess: setDone });
  };
  const error =
    redeem.error instanceof ApiError ? redeem.error.msg : redeem.error ? t('errors.generic') : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('membership.redeem.hint')}
        </Text>
        <TextInput
          label={t('membership.redeem.label')}
          placeholder={t('membership.redeem.placeholder')}
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value.toUpperCase());
            setEmpty(false);
            redeem.reset();
          }}
          error={empty ? t('membership.redeem.required') : undefined}
          autoComplete="off"
          data-autofocus
          styles={{
            input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: 1 },
          }}
        />
        {error ? (
          <Alert color="red" variant="light" radius="md" role="alert">
            {error}
          </Alert>
        ) : null}
        <Button type="submit" radius="xl" loading={redeem.isPending}>
          {t('membership.redeem.submit')}
        </Button>
      </Stack>
    </form>
  );
}
