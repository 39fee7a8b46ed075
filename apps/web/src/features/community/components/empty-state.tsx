import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A friendly "nothing here yet" with an optional way forward. */
export function FeedEmpty({
  icon: IconComponent,
  title,
  body,
  action,
}: {
  icon: Icon;
  title: string;
  body?: string;
  action?: ReactNode;
}) {
  return (
    <Stack align="center" ta="center" gap="sm" py={48} px="md">
      <ThemeIcon size={60} radius="xl" variant="light">
        <IconComponent size={30} stroke={1.5} />
      </ThemeIcon>
      <Title order={3} fz="lg">
        {title}
      </Title>
      {body ? (
        <Text c="dimmed" size="sm" maw={440}>
          {body}
        </Text>
      ) : null}
      {action}
    </Stack>
  );
}
