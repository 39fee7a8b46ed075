import type { Character } from '@lumen/contracts/characters';
import { unitCosts } from '@lumen/contracts/credits';
import type { TaskResult } from '@lumen/contracts/tasks';
import { Button, Group, Image, Loader, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountQueryRoot } from '../../../shared/session/account-info';
import { getTaskResult } from '../../generate/api/get-task-result';
import { submitTool } from '../../tools/api/submit-tool';

const finished = new Set(['done', 'failed', 'flagged', 'cancelled']);

/** The character image form: a prompt, then the run followed until its picture is in. */
export function UseCharacterModal({
  character,
  onClose,
}: {
  character: Character | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [prompt, setPrompt] = useState('');
  const [taskId, setTaskId] = useState<string | null>(null);
  const [result, setResult] = useState<TaskResult | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!taskId) return;
    let alive = true;
    const poll = async () => {
      const answer = await getTaskResult('character_image', taskId).catch(() => null);
      if (!alive) return;
      if (answer) setResult(answer);
      if (!answer || !finished.has(answer.status)) setTimeout(() => void poll(), 1000);
      else void queryClient.invalidateQueries({ queryKey: accountQueryRoot });
    };
    void poll();
    return () => {
      alive = false;
    };
  }, [taskId, queryClient]);

  const close = () => {
    setPrompt('');
    setTaskId(null);
    setResult(null);
    onClose();
  };

  const generate = async () => {
    if (!character) return;
    setBusy(true);
    try {
      const queued = await submitTool('character_image', {
        images: [],
        prompt,
        params: { character_id: character.id },
      });
      setResult(null);
      setTaskId(queued.task_id);
    } catch {
      // The API client has shown the refusal (credits, plan, a character no longer ready).
    } finally {
      setBusy(false);
    }
  };

  const picture = result?.status === 'done' ? result.sub_task_results[0] : undefined;
  const running = taskId !== null && (!result || !finished.has(result.status));
  return (
    <Modal
      opened={character !== null}
      onClose={close}
      title={t('characters.use.title', { name: character?.name ?? '' })}
      size="lg"
    >
      <Stack gap="md">
        <Textarea
          label={t('characters.use.prompt')}
          placeholder={t('characters.use.promptPlaceholder')}
          value={prompt}
          autosize
          minRows={2}
          maxLength={500}
          onChange={(event) => setPrompt(event.currentTarget.value)}
        />
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('characters.use.cost', { cost: unitCosts.image })}
          </Text>
          <Button onClick={() => void generate()} loading={busy} disabled={running}>
            {t('characters.use.generate')}
          </Button>
        </Group>
        {running ? (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">{t('characters.use.running')}</Text>
          </Group>
        ) : null}
        {result && result.status !== 'done' && finished.has(result.status) ? (
          <Text c="red" size="sm" role="alert">
            {t('characters.use.failed', { error: result.error ?? '' })}
          </Text>
        ) : null}
        {picture && 'url' in picture && picture.url ? (
          <Image
            src={picture.url}
            alt={t('characters.use.result', { name: character?.name ?? '' })}
            radius="md"
          />
        ) : null}
      </Stack>
    </Modal>
  );
}
