import type { Work } from '@lumen/contracts/community';
import { Button, Group, Text } from '@mantine/core';
import { IconThumbUp, IconThumbUpFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useEntryVote } from '../api/toggles';
import { WorkCard } from './work-card';

interface EntryCardProps {
  cmpId: string;
  entry: { work: Work; votes: number; voted: boolean };
  /** Voting is open (judging by votes, campaign in progress). */
  canVote: boolean;
  showVotes: boolean;
}

/** A campaign entry: the work, its votes and the vote button while voting is open. */
export function EntryCard({ cmpId, entry, canVote, showVotes }: EntryCardProps) {
  const { t } = useTranslation();
  const vote = useEntryVote(cmpId, entry.work.work_id);
  return (
    <div>
      <WorkCard work={entry.work} />
      {showVotes || canVote ? (
        <Group justify="space-between" gap="xs" mt={6} px={2} wrap="nowrap">
          <Text size="xs" c="dimmed">
            {t('community.campaigns.votes', { count: entry.votes })}
          </Text>
          {canVote ? (
            <Button
              size="compact-xs"
              radius="xl"
              variant={entry.voted ? 'filled' : 'light'}
              leftSection={
                entry.voted ? <IconThumbUpFilled size={12} /> : <IconThumbUp size={12} />
              }
              aria-pressed={entry.voted}
              onClick={() => vote.toggle({ active: entry.voted, count: entry.votes })}
            >
              {t(entry.voted ? 'community.campaigns.voted' : 'community.campaigns.vote')}
            </Button>
          ) : null}
        </Group>
      ) : null}
    </div>
  );
}
