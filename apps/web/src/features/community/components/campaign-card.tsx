import type { Campaign } from '@lumen/contracts/community';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconCalendar, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { campaignDeadline, campaignStatusColors } from '../campaign-dates';
import { formatDate } from '../format';
import { CoverArt } from './cover-art';

export function CampaignCover({ campaign, h }: { campaign: Campaign; h: number }) {
  return <CoverArt src={campaign.cover_url} h={h} tone="campaign" />;
}

/** A campaign in the list: cover, state, title, deadline and entry count. */
export function CampaignCard({ campaign }: { campaign: Campaign }) {
  const { t, i18n } = useTranslation();
  const deadline = campaignDeadline(campaign);
  return (
    <Card
      withBorder
      radius="lg"
      padding={0}
      component={Link}
      to={`/campaigns/${campaign.cmp_id}`}
      aria-label={campaign.title}
    >
      <div style={{ position: 'relative' }}>
        <CampaignCover campaign={campaign} h={150} />
        <Badge
          color={campaignStatusColors[campaign.status]}
          variant="filled"
          style={{ position: 'absolute', top: 10, left: 10 }}
        >
          {t(`community.campaigns.status.${campaign.status}`)}
        </Badge>
      </div>
      <Stack gap={6} p="md">
        <Text fw={700} lineClamp={1}>
          {campaign.title}
        </Text>
        {campaign.description ? (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {campaign.description}
          </Text>
        ) : null}
        <Group gap="md" mt={4}>
          <Group gap={4} c="dimmed">
            <IconCalendar size={14} />
            <Text size="xs">
              {t(`community.campaigns.${deadline.key}`, {
                date: formatDate(deadline.at, i18n.language),
              })}
            </Text>
          </Group>
          <Group gap={4} c="dimmed">
            <IconPhoto size={14} />
            <Text size="xs">
              {t('community.campaigns.entries', { count: campaign.entry_count })}
            </Text>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
