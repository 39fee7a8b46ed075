import { BackgroundImage, Box } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';

const gradients = {
  circle: 'linear-gradient(135deg, var(--mantine-color-violet-6), var(--mantine-color-pink-4))',
  campaign:
    'linear-gradient(135deg, var(--mantine-color-orange-5), var(--mantine-color-pink-6) 55%, var(--mantine-color-violet-7))',
};

/** A cover picture, or a colour wash in the same place when there is none. */
export function CoverArt({
  src,
  h,
  tone,
  ...props
}: { src: string; h: number; tone: keyof typeof gradients } & Omit<
  ComponentPropsWithoutRef<'div'>,
  'children'
>) {
  if (src) return <BackgroundImage src={src} h={h} {...props} />;
  return <Box h={h} style={{ background: gradients[tone] }} {...props} />;
}
