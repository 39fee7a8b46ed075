import {
  campaignJudgings,
  campaignKinds,
  type Campaign,
  type CreateCampaignBody,
} from '@lumen/contracts/community';
import {
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CAMPAIGN_DESCRIPTION_MAX,
  CAMPAIGN_RULES_MAX,
  CAMPAIGN_TITLE_MAX,
  campaignFormValues,
  validateCampaignForm,
  type CampaignFormErrors,
  type CampaignFormValues,
} from '../campaign-form-rules';
import { FormFooter } from './form-footer';

/** Create or edit a campaign: texts, kind, judging and the three dates. */
export function CampaignForm({
  campaign,
  loading,
  error,
  onSubmit,
  onCancel,
}: {
  campaign: Campaign | null;
  loading: boolean;
  /** The last failed save, shown above the buttons. */
  error: unknown;
  onSubmit: (body: CreateCampaignBody) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<CampaignFormValues>(() => campaignFormValues(campaign));
  const [errors, setErrors] = useState<CampaignFormErrors>({});
  const set =
    <F extends keyof CampaignFormValues>(field: F) =>
    (value: CampaignFormValues[F]) => {
      setValues((v) => ({ ...v, [field]: value }));
      setErrors((e) => ({ ...e, [field]: undefined }));
    };
  const err = (field: keyof CampaignFormValues) => (errors[field] ? t(errors[field]) : null);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const checked = validateCampaignForm(values);
        if (!checked.ok) return setErrors(checked.errors);
        setErrors({});
        onSubmit(checked.body);
      }}
    >
      <Stack gap="md">
        <TextInput
          label={t('admin.campaigns.fields.title')}
          value={values.title}
          onChange={(e) => set('title')(e.currentTarget.value)}
          error={err('title')}
          maxLength={CAMPAIGN_TITLE_MAX}
          withAsterisk
          data-autofocus
        />
        <Textarea
          label={t('admin.campaigns.fields.description')}
          value={values.description}
          onChange={(e) => set('description')(e.currentTarget.value)}
          error={err('description')}
          maxLength={CAMPAIGN_DESCRIPTION_MAX}
          autosize
          minRows={2}
          maxRows={6}
        />
        <Textarea
          label={t('admin.campaigns.fields.rules')}
          value={values.rules}
          onChange={(e) => set('rules')(e.currentTarget.value)}
          error={err('rules')}
          maxLength={CAMPAIGN_RULES_MAX}
          autosize
          minRows={2}
          maxRows={8}
        />
        <TextInput
          label={t('admin.campaigns.fields.cover')}
          description={t(campaign ? 'admin.coverKeep' : 'admin.coverHint')}
          value={values.cover}
          onChange={(e) => set('cover')(e.currentTarget.value)}
          error={err('cover')}
          maxLength={500}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Select
            label={t('admin.campaigns.fields.kind')}
            value={values.kind}
            onChange={(value) => value && set('kind')(value as CampaignFormValues['kind'])}
            data={campaignKinds.map((kind) => ({
              value: kind,
              label: t(`admin.campaigns.kinds.${kind}`),
            }))}
            allowDeselect={false}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="campaign-judging-label">
              {t('admin.campaigns.fields.judging')}
            </Text>
            <SegmentedControl
              aria-labelledby="campaign-judging-label"
              value={values.judging}
              onChange={(value) => set('judging')(value as CampaignFormValues['judging'])}
              data={campaignJudgings.map((judging) => ({
                value: judging,
                label: t(`admin.campaigns.judgings.${judging}`),
              }))}
              fullWidth
            />
          </Stack>
        </SimpleGrid>
        <Stack gap={4}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput
              type="datetime-local"
              label={t('admin.campaigns.fields.entryStartsAt')}
              value={values.entryStartsAt}
              onChange={(e) => set('entryStartsAt')(e.currentTarget.value)}
              error={err('entryStartsAt')}
              withAsterisk
            />
            <TextInput
              type="datetime-local"
              label={t('admin.campaigns.fields.entryEndsAt')}
              value={values.entryEndsAt}
              onChange={(e) => set('entryEndsAt')(e.currentTarget.value)}
              error={err('entryEndsAt')}
              withAsterisk
            />
            <TextInput
              type="datetime-local"
              label={t('admin.campaigns.fields.votingEndsAt')}
              value={values.votingEndsAt}
              onChange={(e) => set('votingEndsAt')(e.currentTarget.value)}
              error={err('votingEndsAt')}
              withAsterisk
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t('admin.campaigns.timeZone', {
              zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
            })}
          </Text>
        </Stack>
        <FormFooter
          error={error}
          loading={loading}
          submitLabel={t(campaign ? 'admin.save' : 'admin.campaigns.create')}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
