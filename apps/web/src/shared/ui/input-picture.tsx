import type { TaskInputMedia } from '@lumen/contracts/tasks';
import { Image } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** One of those pictures as a square thumbnail, named by its place among them. */
export function InputPicture({
  input,
  index,
  size,
}: {
  input: TaskInputMedia;
  index: number;
  size: number;
}) {
  const { t } = useTranslation();
  return (
    <Image
      src={input.thumb_url ?? input.url}
      alt={t('common.inputPicture', { number: index + 1 })}
      w={size}
      h={size}
      radius={size > 48 ? 'md' : 'sm'}
      fit="cover"
      style={{ flexShrink: 0 }}
    />
  );
}
