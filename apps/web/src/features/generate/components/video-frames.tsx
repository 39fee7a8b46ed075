import { useTranslation } from 'react-i18next';
import { checkKeyframePair, taskImageRules } from '../upload-image';
import { ImageInput, type PickedImage } from './image-input';

interface VideoFramesProps {
  mode: 'image' | 'keyframes';
  first: PickedImage | null;
  last: PickedImage | null;
  onFirst: (image: PickedImage | null) => void;
  onLast: (image: PickedImage | null) => void;
  /** Told when an upload starts and ends (see usePendingUploads). */
  onBusyChange: (busy: boolean) => void;
}

/** The input images of image-to-video (one) and keyframes (first and last, similar shapes). */
export function VideoFrames({
  mode,
  first,
  last,
  onFirst,
  onLast,
  onBusyChange,
}: VideoFramesProps) {
  const { t } = useTranslation();
  if (mode === 'image') {
    return (
      <ImageInput
        label={t('generate.video.startImage')}
        rules={taskImageRules}
        value={first}
        onChange={onFirst}
        onBusyChange={onBusyChange}
      />
    );
  }
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 12 }}>
      <ImageInput
        label={t('generate.video.firstFrame')}
        hint={t('generate.video.frameHint')}
        rules={taskImageRules}
        value={first}
        onChange={onFirst}
        onBusyChange={onBusyChange}
        validate={(size) => (last ? checkKeyframePair(size, last) : null)}
      />
      <ImageInput
        label={t('generate.video.lastFrame')}
        hint={t('generate.video.frameHint')}
        rules={taskImageRules}
        value={last}
        onChange={onLast}
        onBusyChange={onBusyChange}
        validate={(size) => (first ? checkKeyframePair(first, size) : null)}
      />
    </div>
  );
}
