import { campaignStatuses, type CampaignStatus } from '@lumen/contracts/community';
import { Center, Pagination, SimpleGrid, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../shared/session/session-store';
import { CAMPAIGNS_PAGE_SIZE, useCampaigns, useMarkCampaignsSeen } from '../api/campaigns';
import { CampaignCard } from '../components/campaign-card';
import { FeedEmpty } from '../components/empty-state';

function CampaignList({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const campaigns = useCampaigns(status, page);
  const pages = Math.ceil((campaigns.data?.total_count ?? 0) / CAMPAIGNS_PAGE_SIZE);

  if (campaigns.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="lg">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={260} radius="lg" />
        ))}
      </SimpleGrid>
    );
  }
  if (!campaigns.data || campaigns.data.list.length === 0) {
    return <FeedEmpty icon={IconTrophy} title={t(`community.campaigns.empty.${status}`)} />;
  }
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="lg">
        {campaigns.data.list.map((campaign) => (
          <CampaignCard key={campaign.cmp_id} campaign={campaign} />
        ))}
      </SimpleGrid>
      {pages > 1 ? (
        <Center>
          <Pagination
            total={pages}
            value={page}
            onChange={(next) =>
              setParams((current) => {
                const out = new URLSearchParams(current);
                out.set('page', String(next));
                return out;
              })
            }
          />
        </Center>
      ) : null}
    </Stack>
  );
}

/** `/campaigns`: campaigns taking entries, in progress, and past (spec §2). */
export function CampaignsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const signedIn = useSession((s) => s.user !== null);
  const markSeen = useMarkCampaignsSeen();
  const raw = params.get('status');
  const status: CampaignStatus = campaignStatuses.includes(raw as CampaignStatus)
    ? (raw as CampaignStatus)
    : 'entry';

  // Opening the page is seeing the campaigns: the navigation dot goes away (spec §4).
  const { mutate } = markSeen;
  useEffect(() => {
    if (signedIn) mutate();
  }, [signedIn, mutate]);

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('community.campaigns.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('community.campaigns.subtitle')}
        </Text>
      </Stack>
      <Tabs
        value={status}
        onChange={(value) => setParams(value && value !== 'entry' ? { status: value } : {})}
        keepMounted={false}
      >
        <Tabs.List>
          {campaignStatuses.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`community.campaigns.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {campaignStatuses.map((value) => (
          <Tabs.Panel key={value} value={value} pt="lg">
            <CampaignList status={value} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
