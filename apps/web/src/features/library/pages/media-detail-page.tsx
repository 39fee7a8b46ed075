import {
  Alert,
  Button,
  Grid,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useState } from 'react';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { StepArrows } from '../../../shared/ui/step-arrows';
import { useTask } from '../api/get-task';
import { BeforeAfter } from '../../tools/editor/before-after';
import { MediaInfo } from '../components/media-info';
import { MediaViewer } from '../components/media-viewer';
import { TaskProgress } from '../components/task-progress';
import { backdrops, outputKey as keyOf, type Backdrop } from '../library-items';
import { mediaOf } from '../../generate/task-kinds';
import { parseLibraryKind, type LibraryKind } from '../library-kinds';
import { useLibraryLive } from '../use-library-live';
import classes from './media-detail-page.module.css';

/** One work large, with its prompt, seed and settings (spec §2 media detail page). */
export function MediaDetailPage() {
  const { t } = useTranslation();
  const { taskId = '', index = '0' } = useParams();
  const [params] = useSearchParams();
  const hinted = parseLibraryKind(params.get('kind'));
  const { live } = useLibraryLive();
  const task = useTask(taskId, hinted, params.get('type') ?? 'task', live);
  // The run says what it is, so an address without `kind`, or with a wrong one, still shows a
  // video as a video.
  const kind: LibraryKind = task.data ? mediaOf(task.data.task_type) : hinted;
  const back = `/library${kind === 'image' ? '' : `?kind=${kind}`}`;

  const outputs = task.data?.sub_task_results ?? [];
  const wantedKey = params.get('key');
  // The address names the output's own index, which stays put when others are deleted.
  const position = wantedKey
    ? outputs.findIndex((o) => keyOf(o) === wantedKey)
    : outputs.some((o) => o.index !== undefined)
      ? outputs.findIndex((o) => o.index === Number(index))
      : Number(index);
  const output = outputs[position];
  // A cut-out left transparent is looked at on a ground of the user's choice.
  const [backdrop, setBackdrop] = useState<Backdrop>('checker');
  const background = task.data?.request?.params.background;
  const transparent =
    task.data?.task_type === 'remove_bg' && (!background || background === 'transparent');
  const outputKey = output ? keyOf(output) : null;
  // An editing run keeps the picture it edited: the page can lay the result over it.
  const editedFrom = kind === 'image' ? task.data?.edited_from : undefined;
  const [comparing, setComparing] = useState(false);
  const navigate = useNavigate();
  /** The address of the run's output at `i`: the same page, another output. */
  const pathOf = (i: number) => {
    const search = new URLSearchParams(params);
    search.delete('key');
    return `/library/item/${encodeURIComponent(taskId)}/${outputs[i]?.index ?? i}?${search.toString()}`;
  };

  return (
    <Stack gap="md" maw={1400} mx="auto">
      <Group>
        <Button
          component={Link}
          to={back}
          variant="subtle"
          color="gray"
          leftSection={<IconArrowLeft size={16} />}
          px={8}
        >
          {t('library.detail.back')}
        </Button>
      </Group>
      {task.isPending ? (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Skeleton h={420} radius="lg" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Skeleton h={420} radius="lg" />
          </Grid.Col>
        </Grid>
      ) : task.data && task.data.status !== 'done' ? (
        <TaskProgress task={task.data} />
      ) : !task.data || !output || !outputKey ? (
        <Alert color="gray" variant="light" title={t('library.detail.missingTitle')}>
          {t('library.detail.missing')}
        </Alert>
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="sm">
              {editedFrom ? (
                <Group gap="xs" justify="flex-end">
                  <SegmentedControl
                    size="xs"
                    aria-label={t('library.detail.compareLabel')}
                    value={comparing ? 'compare' : 'result'}
                    onChange={(value) => setComparing(value === 'compare')}
                    data={[
                      { value: 'result', label: t('library.detail.result') },
                      { value: 'compare', label: t('library.detail.compare') },
                    ]}
                  />
                </Group>
              ) : null}
              {transparent ? (
                <Group gap="xs" justify="flex-end">
                  <Text size="xs" c="dimmed" id="transparency-view">
                    {t('library.cutout.view.label')}
                  </Text>
                  <SegmentedControl
                    size="xs"
                    aria-labelledby="transparency-view"
                    value={backdrop}
                    onChange={(value) => setBackdrop(value as Backdrop)}
                    data={backdrops.map((value) => ({
                      value,
                      label: t(`library.cutout.view.${value}`),
                    }))}
                  />
                </Group>
              ) : null}
              {editedFrom && comparing && output.url ? (
                <BeforeAfter
                  before={editedFrom.url}
                  after={output.url}
                  {...(transparent ? { backdrop } : {})}
                />
              ) : (
                <MediaViewer
                  backdrop={transparent ? backdrop : undefined}
                  kind={kind}
                  url={output.url}
                  thumbUrl={output.thumb_url}
                  alt={task.data.prompt || t(`library.kindLabels.${kind}`)}
                  overlay={
                    <StepArrows
                      position={position}
                      count={outputs.length}
                      onStep={(i) => void navigate(pathOf(i), { replace: true })}
                      swipe={kind === 'image'}
                    />
                  }
                />
              )}
              {outputs.length > 1 ? (
                <Group gap={8} className={classes.strip}>
                  {outputs.map((other, i) => {
                    const key = keyOf(other);
                    if (!key) return null;
                    return (
                      <UnstyledButton
                        key={key}
                        component={Link}
                        to={pathOf(i)}
                        replace
                        className={classes.thumb}
                        data-active={i === position || undefined}
                        aria-label={t('library.detail.output', { number: i + 1 })}
                        aria-current={i === position || undefined}
                      >
                        {other.thumb_url ? <img src={other.thumb_url} alt="" /> : null}
                      </UnstyledButton>
                    );
                  })}
                </Group>
              ) : null}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <MediaInfo task={task.data} output={output} outputKey={outputKey} kind={kind} />
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
