import {
  ActionIcon,
  Button,
  CopyButton,
  Group,
  Image,
  Modal,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandX,
  IconCheck,
  IconCopy,
  IconShare2,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface ShareDialogProps {
  opened: boolean;
  onClose: () => void;
  workId: string;
  title: string;
  image: string;
}

/** The address that unfurls with the work's Open Graph card (the server renders /w/{id}). */
function shareUrlFor(workId: string, origin = window.location.origin): string {
  return `${origin}/w/${encodeURIComponent(workId)}`;
}

/** Spec §2 share-link dialog: the work's link to copy, the system share sheet, two networks. */
export function ShareDialog({ opened, onClose, workId, title, image }: ShareDialogProps) {
  const { t } = useTranslation();
  const url = shareUrlFor(workId);
  const text = t('community.share.text', { title });
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const encoded = encodeURIComponent(url);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('community.share.title')}
      radius="lg"
      centered
    >
      <Stack gap="md">
        <Group wrap="nowrap" gap="sm" align="center">
          <Image src={image} alt="" w={64} h={64} radius="md" fit="cover" />
          <Text fw={600} lineClamp={2}>
            {title}
          </Text>
        </Group>
        <TextInput
          label={t('community.share.linkLabel')}
          value={url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          rightSection={
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Tooltip label={t(copied ? 'community.share.copied' : 'community.share.copy')}>
                  <ActionIcon
                    variant="subtle"
                    color={copied ? 'teal' : 'gray'}
                    onClick={copy}
                    aria-label={t('community.share.copy')}
                  >
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          }
        />
        <Group gap="xs" wrap="wrap">
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button
                onClick={copy}
                radius="xl"
                color={copied ? 'teal' : undefined}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              >
                {t(copied ? 'community.share.copied' : 'community.share.copyLink')}
              </Button>
            )}
          </CopyButton>
          {canShare ? (
            <Button
              variant="light"
              radius="xl"
              leftSection={<IconShare2 size={16} />}
              onClick={() => void navigator.share({ title, text, url }).catch(() => undefined)}
            >
              {t('community.share.more')}
            </Button>
          ) : null}
          <ActionIcon
            component="a"
            href={`https://twitter.com/intent/tweet?url=${encoded}&text=${encodeURIComponent(text)}`}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            radius="xl"
            size="lg"
            aria-label={t('community.share.onX')}
          >
            <IconBrandX size={16} />
          </ActionIcon>
          <ActionIcon
            component="a"
            href={`https://www.facebook.com/sharer/sharer.php?u=${encoded}`}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            radius="xl"
            size="lg"
            aria-label={t('community.share.onFacebook')}
          >
            <IconBrandFacebook size={16} />
          </ActionIcon>
        </Group>
      </Stack>
    </Modal>
  );
}
