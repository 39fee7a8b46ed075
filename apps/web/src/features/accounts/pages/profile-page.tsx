import { Card, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../api/profile';
import { AvatarEditor } from '../components/avatar-editor';
import { EmailBindingCard } from '../components/email-binding-card';
import { PhoneBindingCard } from '../components/phone-binding-card';
import { ProfileForm } from '../components/profile-form';
import { WeChatBindingCard } from '../components/wechat-binding-card';

export function ProfilePage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const data = profile.data;
  const name = data ? data.nickname || data.username : '';

  return (
    <Container size="md" px={0} mx={0}>
      <Stack gap="lg">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('profile.title')}
        </Title>
        {data ? (
          <>
            <Card withBorder radius="lg" padding="lg">
              <Group gap="md" wrap="nowrap">
                <AvatarEditor avatar={data.avatar} name={name} />
                <Stack gap={2} miw={0}>
                  <Text fw={700} fz="lg" truncate>
                    {name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('profile.accountId', { id: data.userId })}
                  </Text>
                  {data.email ? (
                    <Text size="sm" c="dimmed" truncate>
                      {data.email}
                    </Text>
                  ) : null}
                </Stack>
              </Group>
            </Card>
            <ProfileForm key={data.userId} profile={data} />
            <EmailBindingCard profile={data} />
            <PhoneBindingCard profile={data} />
            <WeChatBindingCard />
          </>
        ) : (
          <Stack gap="lg">
            <Skeleton h={100} radius="lg" />
            <Skeleton h={420} radius="lg" />
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
