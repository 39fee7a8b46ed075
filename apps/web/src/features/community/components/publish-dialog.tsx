import { WORK_DESCRIPTION_MAX, WORK_TITLE_MAX, type Campaign } from '@lumen/contracts/community';
import {
  Button,
  Group,
  Image,
  Modal,
  Pill,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCircles, IconClockCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  usePublishDialog,
  type PublishRequest,
} from '../../../shared/session/publish-dialog-store';
import { useSession } from '../../../shared/session/session-store';
import { useOpenCampaigns } from '../api/campaigns';
import { useCircles } from '../api/circles';
import { usePublishWork } from '../api/work';
import { titleFromPrompt } from '../publish-rules';
import { SelectCircleDialog } from './select-circle-dialog';

function acceptsKind(campaign: Campaign, kind: PublishRequest['kind']): boolean {
  return campaign.kind === 'any' || campaign.kind === kind;
}

function PublishForm({ request, onDone }: { request: PublishRequest; onDone: () => void }) {
  const { t } = useTranslation();
  const publish = usePublishWork();
  const campaigns = useOpenCampaigns(true);
  const circles = useCircles();
  const [title, setTitle] = useState(() => titleFromPrompt(request.prompt));
  const [description, setDescription] = useState('');
  const [cmpId, setCmpId] = useState<string | null>(null);
  const [circleIds, setCircleIds] = useState<string[]>([]);
  const [allowComments, setAllowComments] = useState(true);
  const [choosingCircles, setChoosingCircles] = useState(false);
  const [touched, setTouched] = useState(false);
  const me = useSession((s) => s.user?.userId);

  const trimmed = title.trim();
  const titleError =
    trimmed.length === 0
      ? t('community.publish.titleRequired')
      : trimmed.length > WORK_TITLE_MAX
        ? t('community.publish.titleTooLong', { max: WORK_TITLE_MAX })
        : null;
  const campaignOptions = (campaigns.data ?? [])
    .filter((c) => acceptsKind(c, request.kind))
    .map((c) => ({ value: c.cmp_id, label: c.title }));
  const circleName = (id: string) => circles.data?.find((c) => c.circle_id === id)?.name ?? id;

  if (publish.isSuccess) {
    return (
      <Stack align="center" ta="center" gap="sm" py="md">
        <ThemeIcon size={56} radius="xl" variant="light" color="teal">
          <IconClockCheck size={30} />
        </ThemeIcon>
        <Title order={3} fz="lg">
          {t('community.publish.submittedTitle')}
        </Title>
        <Text size="sm" c="dimmed" maw={360}>
          {t('community.publish.submittedBody')}
        </Text>
        <Group mt="xs">
          <Button variant="default" onClick={onDone}>
            {t('common.close')}
          </Button>
          <Button component={Link} to={me ? `/u/${me}?tab=works` : '/explore'} onClick={onDone}>
            {t('community.publish.viewMine')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (titleError) return;
        publish.mutate({
          task_id: request.taskId,
          output_index: request.outputIndex,
          title: trimmed,
          description: description.trim(),
          cmp_id: cmpId,
          circle_ids: circleIds,
          allow_comments: allowComments,
        });
      }}
    >
      <Stack gap="md">
        {request.previewUrl ? (
          <Image
            src={request.previewUrl}
            alt=""
            h={180}
            radius="md"
            fit="contain"
            bg="var(--mantine-color-default-hover)"
          />
        ) : null}
        <TextInput
          label={t('community.publish.titleLabel')}
          placeholder={t('community.publish.titlePlaceholder')}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={touched ? titleError : null}
          withAsterisk
          data-autofocus
        />
        <Textarea
          label={t('community.publish.descriptionLabel')}
          placeholder={t('community.publish.descriptionPlaceholder')}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={WORK_DESCRIPTION_MAX}
        />
        <Select
          label={t('community.publish.campaignLabel')}
          placeholder={
            campaignOptions.length === 0
              ? t('community.publish.noCampaigns')
              : t('community.publish.campaignPlaceholder')
          }
          data={campaignOptions}
          value={cmpId}
          onChange={setCmpId}
          clearable
          disabled={campaignOptions.length === 0}
          comboboxProps={{ zIndex: 320 }}
        />
        <Stack gap={6}>
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={500}>
              {t('community.publish.circlesLabel')}
            </Text>
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconCircles size={14} />}
              onClick={() => setChoosingCircles(true)}
            >
              {t('community.publish.chooseCircles')}
            </Button>
          </Group>
          {circleIds.length > 0 ? (
            <Group gap={6}>
              {circleIds.map((id) => (
                <Pill
                  key={id}
                  withRemoveButton
                  onRemove={() => setCircleIds((ids) => ids.filter((c) => c !== id))}
                >
                  {circleName(id)}
                </Pill>
              ))}
            </Group>
          ) : (
            <Text size="xs" c="dimmed">
              {t('community.publish.noCircles')}
            </Text>
          )}
        </Stack>
        <Switch
          label={t('community.publish.allowComments')}
          checked={allowComments}
          onChange={(event) => setAllowComments(event.currentTarget.checked)}
        />
        <Text size="xs" c="dimmed">
          {t('community.publish.reviewNote')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={publish.isPending}>
            {t('community.publish.submit')}
          </Button>
        </Group>
      </Stack>
      <SelectCircleDialog
        opened={choosingCircles}
        onClose={() => setChoosingCircles(false)}
        value={circleIds}
        onChange={setCircleIds}
      />
    </form>
  );
}

/** Spec §2 publish dialog, opened from the studio and the library through the shared store. */
export function PublishDialog() {
  const { t } = useTranslation();
  const request = usePublishDialog((s) => s.request);
  const openCount = usePublishDialog((s) => s.openCount);
  const close = usePublishDialog((s) => s.close);
  return (
    <Modal
      opened={request !== null}
      onClose={close}
      title={t('community.publish.title')}
      radius="lg"
      centered
      size="md"
    >
      {request ? <PublishForm key={openCount} request={request} onDone={close} /> : null}
    </Modal>
  );
}
