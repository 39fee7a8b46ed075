import { WORK_DESCRIPTION_MAX, WORK_TITLE_MAX, type WorkDetail } from '@lumen/contracts/community';
import { Button, Group, Modal, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast';
import { useUpdateWork } from '../api/work';

/** The owner changes title, description or whether comments are open. */
export function EditWorkDialog({
  opened,
  onClose,
  work,
}: {
  opened: boolean;
  onClose: () => void;
  work: WorkDetail;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(work.title);
  const [description, setDescription] = useState(work.description);
  const [allowComments, setAllowComments] = useState(work.allow_comments);
  const update = useUpdateWork(work.work_id);
  const titleError =
    title.trim().length === 0
      ? t('community.publish.titleRequired')
      : title.trim().length > WORK_TITLE_MAX
        ? t('community.publish.titleTooLong', { max: WORK_TITLE_MAX })
        : null;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('community.work.editTitle')}
      radius="lg"
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (titleError) return;
          update.mutate(
            {
              title: title.trim(),
              description: description.trim(),
              allow_comments: allowComments,
            },
            {
              onSuccess: () => {
                toast({ type: 'success', message: t('community.work.saved') });
                onClose();
              },
            },
          );
        }}
      >
        <Stack gap="md">
          <TextInput
            label={t('community.publish.titleLabel')}
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            error={titleError}
            maxLength={WORK_TITLE_MAX + 20}
            withAsterisk
          />
          <Textarea
            label={t('community.publish.descriptionLabel')}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            autosize
            minRows={3}
            maxRows={8}
            maxLength={WORK_DESCRIPTION_MAX}
          />
          <Switch
            label={t('community.publish.allowComments')}
            checked={allowComments}
            onChange={(event) => setAllowComments(event.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending} disabled={titleError !== null}>
              {t('community.work.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
