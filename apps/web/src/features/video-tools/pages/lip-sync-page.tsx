import { SPEECH_TEXT_MAX_LENGTH } from '@lumen/contracts/tools/mouth-speech';
import { imageRulesOf, videoRulesOf } from '@lumen/contracts/tools';
import {
  Button,
  Card,
  CloseButton,
  Grid,
  Group,
  Image,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconLibraryPhoto } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSectionTexts } from '../../../shared/i18n/section-texts';
import { accountQueryRoot } from '../../../shared/session/account-info';
import { useSession } from '../../../shared/session/session-store';
import { PageLoader } from '../../../shared/ui/page-loader';
import { CostBar } from '../../generate/components/cost-bar';
import { ImageInput, type PickedImage } from '../../generate/components/image-input';
import { useQuote } from '../../generate/use-quote';
import { LibraryPicker } from '../../tools/editor/library-picker';
import { useFaceCheck } from '../api/check-face';
import { submitLipSync, type LipSyncSubmission } from '../api/submit-lip-sync';
import { AudioInput, type PickedAudio } from '../../generate/video/audio-input';
import { videoStudioTexts } from '../../generate/video/video-studio-texts';
import { ClipInput } from '../components/clip-input';
import { FaceCheckNote } from '../components/face-check-note';
import { LipSyncResult } from '../components/lip-sync-result';
import { VoicePicker } from '../components/voice-picker';
import { useLinkedSource, type LipSyncSource } from '../use-lip-sync-source';
import { clipProblem } from '../upload-media';
import { videoToolsTexts } from '../video-tools-texts';

const photoRules = imageRulesOf('mouth_speech');
const clipRules = videoRulesOf('mouth_speech');

/** `/studio/lip-sync`: a portrait or a square clip, then a voice track or a text in a voice. */
export function LipSyncPage() {
  const { t } = useTranslation();
  // The voice track's picker (upload or a recording) is the video studio's, with its words.
  const pageTexts = useSectionTexts(videoToolsTexts);
  const trackTexts = useSectionTexts(videoStudioTexts);
  const ready = pageTexts && trackTexts;
  const [sourceKind, setSourceKind] = useState<'photo' | 'clip'>('photo');
  const [source, setSource] = useState<LipSyncSource | null>(null);
  const [speechKind, setSpeechKind] = useState<'text' | 'audio'>('text');
  const [text, setText] = useState('');
  const [voice, setVoice] = useState<string | null>(null);
  const [audio, setAudio] = useState<PickedAudio | null>(null);
  const [uploads, setUploads] = useState(0);
  const [picking, setPicking] = useState(false);
  const [taskId, setTaskId] = useState<string | null>(null);
  const signedIn = useSession((s) => s.user !== null);
  const queryClient = useQueryClient();

  const choose = useCallback((next: LipSyncSource) => {
    setSourceKind(next.kind);
    setSource(next);
  }, []);
  useLinkedSource(choose);
  const onBusy = useCallback((busy: boolean) => setUploads((n) => n + (busy ? 1 : -1)), []);

  const photo = source?.kind === 'photo' ? source : null;
  const clip = source?.kind === 'clip' ? source : null;
  // A clip from the library was not checked on its way in: its shape is known, its length is
  // the gateway's to check.
  const clipIssue = clip ? clipProblem({ type: 'video/mp4', size: 0 }, clip, clipRules) : null;
  // A clip needs a clear face as a picture does (spec §5); one of the wrong shape or length is
  // refused for that first, so its face is not looked for.
  const checked = photo ?? (clip && !clipIssue ? clip : null);
  const faceCheck = useFaceCheck(checked?.key ?? null);
  const quote = useQuote({ task_type: 'mouth_speech', count: 1 });
  const submit = useMutation({
    mutationFn: (submission: LipSyncSubmission) => submitLipSync(submission),
    onSuccess: (queued) => {
      setTaskId(queued.task_id);
      // The run holds its credits: the balance shown here and in the header moves at once.
      void queryClient.invalidateQueries({ queryKey: accountQueryRoot });
    },
  });

  if (!ready) return <PageLoader />;

  const blocker = !source
    ? t('videoTools.lipSync.blockers.source')
    : uploads > 0 || (checked && faceCheck.isPending)
      ? t('videoTools.lipSync.blockers.busy')
      : clipIssue
        ? t(`videoTools.lipSync.clip.${clipIssue.key}`, clipIssue.values)
        : checked && !faceCheck.data?.portrait
          ? t(photo ? 'videoTools.lipSync.blockers.face' : 'videoTools.lipSync.blockers.faceClip')
          : speechKind === 'text' && !text.trim()
            ? t('videoTools.lipSync.blockers.text')
            : speechKind === 'text' && !voice
              ? t('videoTools.lipSync.blockers.voice')
              : speechKind === 'audio' && !audio
                ? t('videoTools.lipSync.blockers.audio')
                : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!signedIn) {
      useSession.getState().openLogin();
      return;
    }
    if (blocker || !source) return;
    submit.mutate({
      source: { kind: source.kind, key: source.key },
      speech:
        speechKind === 'audio' && audio
          ? { kind: 'audio', key: audio.key }
          : { kind: 'text', text: text.trim(), voice: voice ?? '' },
    });
  };

  const pickedPhoto: PickedImage | null =
    photo && photo.previewUrl.startsWith('blob:')
      ? { key: photo.key, previewUrl: photo.previewUrl, width: 0, height: 0 }
      : null;

  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <div>
        <Title order={2}>{t('videoTools.lipSync.title')}</Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t('videoTools.lipSync.intro')}
        </Text>
      </div>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card withBorder radius="lg" padding="lg" component="form" onSubmit={onSubmit}>
            <Stack gap="md">
              <Text fw={600}>{t('videoTools.lipSync.step1')}</Text>
              <SegmentedControl
                fullWidth
                aria-label={t('videoTools.lipSync.source.label')}
                value={sourceKind}
                onChange={(value) => {
                  setSourceKind(value as 'photo' | 'clip');
                  setSource(null);
                }}
                data={[
                  { value: 'photo', label: t('videoTools.lipSync.source.photo') },
                  { value: 'clip', label: t('videoTools.lipSync.source.clip') },
                ]}
              />
              {sourceKind === 'photo' ? (
                <Stack gap="xs">
                  {photo && !pickedPhoto ? (
                    <Group gap="xs" align="flex-start">
                      <Image
                        src={photo.previewUrl}
                        alt={t('videoTools.lipSync.photo.label')}
                        w={160}
                        radius="md"
                      />
                      <CloseButton aria-label={t('common.close')} onClick={() => setSource(null)} />
                    </Group>
                  ) : (
                    <ImageInput
                      label={t('videoTools.lipSync.photo.label')}
                      hint={t('videoTools.lipSync.photo.hint')}
                      rules={photoRules}
                      value={pickedPhoto}
                      onChange={(picked) =>
                        setSource(
                          picked
                            ? { kind: 'photo', key: picked.key, previewUrl: picked.previewUrl }
                            : null,
                        )
                      }
                      onBusyChange={onBusy}
                    />
                  )}
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    leftSection={<IconLibraryPhoto size={14} />}
                    style={{ alignSelf: 'flex-start' }}
                    onClick={() =>
                      signedIn ? setPicking(true) : useSession.getState().openLogin()
                    }
                  >
                    {t('videoTools.lipSync.photo.library')}
                  </Button>
                  {photo ? <FaceCheckNote check={faceCheck} /> : null}
                </Stack>
              ) : (
                <Stack gap="xs">
                  <ClipInput
                    value={clip}
                    onChange={(picked) => setSource(picked ? { kind: 'clip', ...picked } : null)}
                    onBusyChange={onBusy}
                    rules={clipRules}
                  />
                  {clipIssue ? (
                    <Text size="sm" c="red" role="alert">
                      {t(`videoTools.lipSync.clip.${clipIssue.key}`, clipIssue.values)}
                    </Text>
                  ) : clip ? (
                    <FaceCheckNote check={faceCheck} />
                  ) : null}
                </Stack>
              )}

              <Text fw={600} mt="sm">
                {t('videoTools.lipSync.step2')}
              </Text>
              <SegmentedControl
                fullWidth
                aria-label={t('videoTools.lipSync.speech.label')}
                value={speechKind}
                onChange={(value) => setSpeechKind(value as 'text' | 'audio')}
                data={[
                  { value: 'text', label: t('videoTools.lipSync.speech.text') },
                  { value: 'audio', label: t('videoTools.lipSync.speech.audio') },
                ]}
              />
              {speechKind === 'text' ? (
                <Stack gap="sm">
                  <Textarea
                    label={t('videoTools.lipSync.text.label')}
                    placeholder={t('videoTools.lipSync.text.placeholder')}
                    value={text}
                    onChange={(event) => setText(event.currentTarget.value)}
                    maxLength={SPEECH_TEXT_MAX_LENGTH}
                    autosize
                    minRows={3}
                    description={t('videoTools.lipSync.text.counter', {
                      count: text.length,
                      max: SPEECH_TEXT_MAX_LENGTH,
                    })}
                  />
                  <VoicePicker value={voice} onChange={setVoice} />
                </Stack>
              ) : (
                <AudioInput
                  label={t('videoTools.lipSync.audio.label')}
                  value={audio}
                  onChange={setAudio}
                  onBusyChange={onBusy}
                />
              )}
              <CostBar quote={quote} submitting={submit.isPending} blocker={blocker} />
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          {taskId ? (
            <Stack gap="xs">
              <Text fw={600}>{t('videoTools.lipSync.result.title')}</Text>
              <LipSyncResult key={taskId} taskId={taskId} />
            </Stack>
          ) : null}
        </Grid.Col>
      </Grid>
      <LibraryPicker
        opened={picking}
        onClose={() => setPicking(false)}
        onPick={(picture) =>
          choose({ kind: 'photo', key: picture.key, previewUrl: picture.thumbUrl ?? picture.url })
        }
      />
    </Stack>
  );
}
