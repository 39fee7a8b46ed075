import {
  adminCampaignStatuses,
  type AdminCampaignStatus,
  type Campaign,
  type CreateCampaignBody,
  type Work,
} from '@lumen/contracts/community';
import {
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconListNumbers, IconPencil, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../../../shared/ui/toast';
import { CAMPAIGNS_PAGE_SIZE, useCampaignEntries } from '../../community/api/campaigns';
import { campaignStatusColors } from '../../community/campaign-dates';
import { useAdminCampaigns, useSaveCampaign, useSetCampaignResults } from '../api/manage';
import { AdminPageHeader } from '../components/admin-page-header';
import { CampaignForm } from '../components/campaign-form';
import { RankingEditor } from '../components/ranking-editor';
import { withAdminTexts } from '../admin-texts';

function formatDateTime(iso: string, language: string) {
  return new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Loads a judged campaign's entries (and its current results) into the ranking editor. */
function RankingSection({ campaign, onDone }: { campaign: Campaign; onDone: () => void }) {
  const { t } = useTranslation();
  const entries = useCampaignEntries(campaign.cmp_id, 'new');
  const setResults = useSetCampaignResults();
  const works = useMemo(() => {
    const all = new Map<string, Work>();
    for (const r of campaign.results ?? []) all.set(r.work.work_id, r.work);
    for (const page of entries.data?.pages ?? []) {
      for (const entry of page.data) all.set(entry.work.work_id, entry.work);
    }
    return [...all.values()];
  }, [campaign.results, entries.data]);

  if (entries.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  return (
    <RankingEditor
      entries={works}
      initialRanking={(campaign.results ?? []).map((r) => r.work.work_id)}
      hasMore={entries.hasNextPage}
      loadingMore={entries.isFetchingNextPage}
      onMore={() => void entries.fetchNextPage()}
      saving={setResults.isPending}
      error={setResults.error}
      onSubmit={(ranking) =>
        setResults.mutate(
          { cmpId: campaign.cmp_id, ranking },
          {
            onSuccess: () => {
              toast({ type: 'success', message: t('admin.ranking.saved') });
              onDone();
            },
          },
        )
      }
    />
  );
}

function CampaignRow({
  campaign,
  listedAt,
  onEdit,
  onRank,
}: {
  campaign: Campaign;
  /** When the list was fetched: a campaign starting after it is shown as upcoming. */
  listedAt: number;
  onEdit: () => void;
  onRank: () => void;
}) {
  const { t, i18n } = useTranslation();
  const judged = campaign.judging === 'judges' && campaign.status !== 'entry';
  // The API reports a campaign that has not opened yet as 'entry'; admins see it as upcoming.
  const upcoming = Date.parse(campaign.entry_starts_at) > listedAt;
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap={6}>
        <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
          <Text
            component={Link}
            to={`/campaigns/${campaign.cmp_id}`}
            fw={600}
            style={{ minWidth: 0, overflowWrap: 'anywhere' }}
          >
            {campaign.title}
          </Text>
          <Badge
            color={upcoming ? 'blue' : campaignStatusColors[campaign.status]}
            variant="light"
            style={{ flexShrink: 0 }}
          >
            {t(`admin.campaigns.statuses.${upcoming ? 'upcoming' : campaign.status}`)}
          </Badge>
        </Group>
        <Group gap={6}>
          <Badge variant="outline" color="gray" size="sm">
            {t(`admin.campaigns.judgings.${campaign.judging}`)}
          </Badge>
          <Badge variant="outline" color="gray" size="sm">
            {t(`admin.campaigns.kinds.${campaign.kind}`)}
          </Badge>
          <Text size="xs" c="dimmed">
            {t('admin.campaigns.entryCount', { count: campaign.entry_count })}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {t('admin.campaigns.dates', {
            start: formatDateTime(campaign.entry_starts_at, i18n.language),
            end: formatDateTime(campaign.entry_ends_at, i18n.language),
            voting: formatDateTime(campaign.voting_ends_at, i18n.language),
          })}
        </Text>
        <Group gap="xs" justify="flex-end">
          {judged ? (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconListNumbers size={14} />}
              onClick={onRank}
            >
              {t('admin.ranking.open')}
            </Button>
          ) : null}
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconPencil size={14} />}
            onClick={onEdit}
            aria-label={t('admin.campaigns.editNamed', { title: campaign.title })}
          >
            {t('admin.edit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** `/admin/campaigns`: campaigns by status; create, edit, and rank judged ones. */
export const CampaignsAdminPage = withAdminTexts(CampaignsAdminPageContent);

function CampaignsAdminPageContent() {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 36em)');
  const [status, setStatus] = useState<AdminCampaignStatus>('all');
  const [page, setPage] = useState(1);
  const campaigns = useAdminCampaigns(status, page, CAMPAIGNS_PAGE_SIZE);
  const save = useSaveCampaign();
  // undefined: closed; null: creating; a campaign: editing it.
  const [editing, setEditing] = useState<Campaign | null | undefined>(undefined);
  const [ranking, setRanking] = useState<Campaign | null>(null);
  const total = campaigns.data?.total_count ?? 0;
  const pages = Math.max(1, Math.ceil(total / CAMPAIGNS_PAGE_SIZE));
  const list = campaigns.data?.list ?? [];

  const closeForm = () => {
    setEditing(undefined);
    save.reset();
  };
  const submit = (body: CreateCampaignBody) => {
    const request = editing
      ? {
          cmpId: editing.cmp_id,
          body: (({ cover, ...rest }) => (cover ? { ...rest, cover } : rest))(body),
        }
      : { cmpId: null, body };
    save.mutate(request, {
      onSuccess: (saved) => {
        const opensLater = Date.parse(saved.entry_starts_at) > Date.now();
        closeForm();
        toast({
          type: 'success',
          message: t(
            editing
              ? 'admin.campaigns.saved'
              : opensLater
                ? 'admin.campaigns.createdLater'
                : 'admin.campaigns.created',
          ),
        });
      },
    });
  };

  return (
    <Stack gap="lg" maw={960} mx="auto">
      <AdminPageHeader
        title={t('admin.campaigns.title')}
        subtitle={t('admin.campaigns.subtitle')}
        action={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
            {t('admin.campaigns.new')}
          </Button>
        }
      />
      <Stack gap={6}>
        <SegmentedControl
          value={status}
          onChange={(value) => {
            setStatus(value as AdminCampaignStatus);
            setPage(1);
          }}
          data={adminCampaignStatuses.map((value) => ({
            value,
            label: t(`admin.campaigns.statuses.${value}`),
          }))}
          w="fit-content"
          maw="100%"
        />
        <Text size="xs" c="dimmed">
          {t('admin.campaigns.upcomingHint')}
        </Text>
      </Stack>
      {campaigns.isPending ? (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      ) : list.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('admin.campaigns.empty')}
        </Text>
      ) : (
        <Stack gap="sm">
          {list.map((campaign) => (
            <CampaignRow
              key={campaign.cmp_id}
              campaign={campaign}
              listedAt={campaigns.dataUpdatedAt}
              onEdit={() => setEditing(campaign)}
              onRank={() => setRanking(campaign)}
            />
          ))}
        </Stack>
      )}
      {pages > 1 ? (
        <Center>
          <Pagination total={pages} value={page} onChange={setPage} size="sm" />
        </Center>
      ) : null}
      <Modal
        opened={editing !== undefined}
        onClose={closeForm}
        title={t(editing ? 'admin.campaigns.editTitle' : 'admin.campaigns.newTitle')}
        size="xl"
        radius="lg"
        fullScreen={narrow}
        centered
      >
        {editing !== undefined ? (
          <CampaignForm
            key={editing?.cmp_id ?? 'new'}
            campaign={editing}
            loading={save.isPending}
            error={save.error}
            onCancel={closeForm}
            onSubmit={submit}
          />
        ) : null}
      </Modal>
      <Modal
        opened={ranking !== null}
        onClose={() => setRanking(null)}
        title={t('admin.ranking.title', { title: ranking?.title ?? '' })}
        size="xl"
        radius="lg"
        fullScreen={narrow}
        centered
      >
        {ranking ? (
          <RankingSection key={ranking.cmp_id} campaign={ranking} onDone={() => setRanking(null)} />
        ) : null}
      </Modal>
    </Stack>
  );
}
