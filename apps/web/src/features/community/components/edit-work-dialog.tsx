import { WORK_DESCRIPTION_MAX, WORK_TITLE_MAX, type WorkDetail } from '@lumen/contracts/community';
import { Button, Group, Modal, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast';
import { useUpdateWork } from '../api/work';

/**
 * The owner changes title, description or whether comments are open. A published work's new
 * text is reviewed before others see it; the dialog says so before and after saving.
 */
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
              onSuccess: (saved) => {
                const inReview = saved.pending_edit_at !== null && saved.status === 'approved';
                toast({
                  type: 'success',
                  message: t(inReview ? 'community.work.savedForReview' : 'community.work.saved'),
                });
                onClose();
              },
            },
          );
        }}
      >
        <Stack gap="md">
          {work.status === 'approved' ? (
            <Text size="sm" c="dimmed">
              {t('community.work.editReviewHint')}
            </Text>
          ) : null}
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
