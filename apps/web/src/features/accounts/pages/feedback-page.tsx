import {
  Button,
  Card,
  CloseButton,
  Container,
  FileInput,
  Group,
  Image,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast';
import { useSendFeedback } from '../api/send-feedback';
import { checkImage, readAsDataUrl } from '../read-image';

const TEXT_MAX = 2000;

/** Feedback: a required text and an optional png/jpg screenshot up to 5 MB. */
export function FeedbackPage() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [textError, setTextError] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [image, setImage] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const send = useSendFeedback();

  const pick = async (picked: File | null) => {
    setFile(picked);
    setImage(null);
    setImageError(null);
    if (!picked) return;
    const problem = checkImage(picked);
    if (problem) {
      setImageError(t(problem === 'format' ? 'feedback.imageFormat' : 'feedback.imageSize'));
      return;
    }
    try {
      setImage(await readAsDataUrl(picked));
    } catch {
      setImageError(t('feedback.imageUnreadable'));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setTextError(true);
      return;
    }
    if (imageError) return;
    send.mutate(
      { text: text.trim(), ...(image ? { image } : {}) },
      {
        onSuccess: () => {
          toast({ type: 'success', message: t('feedback.sent') });
          setText('');
          void pick(null);
        },
      },
    );
  };

  return (
    <Container size="sm" px={0} mx={0}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {t('feedback.title')}
          </Title>
          <Text c="dimmed">{t('feedback.subtitle')}</Text>
        </Stack>
        <Card withBorder radius="lg" padding="lg" component="form" onSubmit={submit} noValidate>
          <Stack gap="md">
            <Textarea
              label={t('feedback.text')}
              placeholder={t('feedback.placeholder')}
              autosize
              minRows={5}
              maxLength={TEXT_MAX}
              required
              value={text}
              error={textError ? t('feedback.textRequired') : null}
              onChange={(event) => {
                setText(event.currentTarget.value);
                setTextError(false);
              }}
            />
            <FileInput
              label={t('feedback.image')}
              description={t('feedback.imageHint')}
              placeholder={t('feedback.imagePlaceholder')}
              accept="image/png,image/jpeg"
              leftSection={<IconPhoto size={16} />}
              clearable
              value={file}
              error={imageError}
              onChange={(picked) => void pick(picked)}
            />
            {image ? (
              <Group gap="xs" align="flex-start">
                <Image
                  src={image}
                  alt={t('feedback.preview')}
                  h={120}
                  w="auto"
                  fit="contain"
                  radius="md"
                />
                <CloseButton
                  aria-label={t('feedback.removeImage')}
                  onClick={() => void pick(null)}
                />
              </Group>
            ) : null}
            <Group justify="flex-end">
              <Button type="submit" loading={send.isPending}>
                {t('feedback.submit')}
              </Button>
            </Group>
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
