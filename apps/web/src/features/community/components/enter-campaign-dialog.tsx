import type { Campaign, Work } from '@lumen/contracts/community';
import {
  Button,
  Group,
  Image,
  Loader,
  Modal,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../../../shared/ui/toast';
import { useEnterCampaign } from '../api/campaigns';
import { useMyWorks } from '../api/feeds';
import { worksOf } from '../works-of';

function fits(campaign: Campaign, work: Work): boolean {
  return work.cmp_id === null && (campaign.kind === 'any' || campaign.kind === work.kind);
}

/** Picks one of my approved works to enter into a campaign that takes entries. */
export function EnterCampaignDialog({
  campaign,
  opened,
  onClose,
}: {
  campaign: Campaign;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const mine = useMyWorks('approved', opened);
  const enter = useEnterCampaign(campaign.cmp_id);
  const [picked, setPicked] = useState<string | null>(null);
  const works = useMemo(
    () => worksOf(mine.data).filter((work) => fits(campaign, work)),
    [mine.data, campaign],
  );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('community.campaigns.enterTitle', { title: campaign.title })}
      radius="lg"
      centered
      size="lg"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('community.campaigns.enterHint')}
        </Text>
        {mine.isPending ? (
          <Loader size="sm" />
        ) : works.length === 0 ? (
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('community.campaigns.noEligible')}</Text>
            <Button component={Link} to="/studio" variant="light" size="xs" onClick={onClose}>
              {t('landing.startCreating')}
            </Button>
          </Stack>
        ) : (
          <ScrollArea.Autosize mah={420}>
            <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
              {works.map((work) => (
                <UnstyledButton
                  key={work.work_id}
                  onClick={() => setPicked(work.work_id)}
                  aria-pressed={picked === work.work_id}
                  aria-label={work.title}
                  style={{
                    borderRadius: 'var(--mantine-radius-md)',
                    outline:
                      picked === work.work_id
                        ? '3px solid var(--mantine-primary-color-filled)'
                        : 'none',
                    outlineOffset: 2,
                  }}
                >
                  <Image
                    src={work.media.poster_url ?? work.media.thumb_url}
                    alt=""
                    radius="md"
                    h={120}
                    fit="cover"
                  />
                  <Text size="xs" mt={4} truncate>
                    {work.title}
                  </Text>
                </UnstyledButton>
              ))}
            </SimpleGrid>
          </ScrollArea.Autosize>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            disabled={picked === null}
            loading={enter.isPending}
            onClick={() =>
              picked &&
              enter.mutate(picked, {
                onSuccess: () => {
                  toast({ type: 'success', message: t('community.campaigns.entered') });
                  setPicked(null);
                  onClose();
                },
              })
            }
          >
            {t('community.campaigns.enterSubmit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
