import {
  REPORT_DESCRIPTION_MAX,
  reportReasons,
  type ReportReason,
} from '@lumen/contracts/community';
import { Button, Checkbox, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast';
import { useCreateReport, type ReportTarget } from '../api/create-report';
import { validateReport, type ReportErrors } from '../report-validation';

interface ReportDialogProps {
  opened: boolean;
  onClose: () => void;
  target: ReportTarget;
}

/** Spec §2 report dialog: the §3 reasons as checkboxes (at least one) and a description. */
export function ReportDialog({ opened, onClose, target }: ReportDialogProps) {
  const { t } = useTranslation();
  const [reasons, setReasons] = useState<ReportReason[]>([]);
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<ReportErrors>({});
  const report = useCreateReport();

  const close = () => {
    setReasons([]);
    setDescription('');
    setErrors({});
    onClose();
  };

  const submit = () => {
    const draft = { reasons, description };
    const found = validateReport(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    report.mutate(
      { ...target, reasons, description: description.trim() },
      {
        onSuccess: () => {
          toast({ type: 'success', message: t('community.report.sent') });
          close();
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t(target.comment_id ? 'community.report.titleComment' : 'community.report.title')}
      radius="lg"
      centered
    >
      <Stack gap="md">
        <Checkbox.Group
          label={t('community.report.reasonsLabel')}
          value={reasons}
          onChange={(value) => {
            setReasons(value as ReportReason[]);
            if (value.length > 0) setErrors((e) => ({ ...e, reasons: undefined }));
          }}
          error={errors.reasons ? t(`community.report.errors.${errors.reasons}`) : undefined}
          withAsterisk
        >
          <Stack gap="xs" mt="xs">
            {reportReasons.map((reason) => (
              <Checkbox
                key={reason}
                value={reason}
                label={t(`community.report.reasons.${reason}`)}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Textarea
          label={t('community.report.descriptionLabel')}
          placeholder={t('community.report.descriptionPlaceholder')}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          autosize
          minRows={3}
          maxRows={6}
          error={
            errors.description
              ? t(`community.report.errors.${errors.description}`, { max: REPORT_DESCRIPTION_MAX })
              : undefined
          }
        />
        <Text size="xs" c="dimmed" ta="right" mt={-8}>
          {description.trim().length}/{REPORT_DESCRIPTION_MAX}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={submit} loading={report.isPending}>
            {t('community.report.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
