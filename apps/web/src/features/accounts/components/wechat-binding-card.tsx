import { Avatar, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconBrandWechat } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSectionTexts } from '../../../shared/i18n/section-texts';
import { toast } from '../../../shared/ui/toast';
import { authorizeWeChat, useBindWeChat, useUnbindWeChat, useWeChatBinding } from '../api/wechat';
import { wechatTexts } from '../wechat-texts';

/** States already sent back to the server, so a second run of the effect does not resend one. */
const redeemedStates = new Set<string>();

/**
 * WeChat binding on the profile (spec §2). Binding leaves for WeChat's QR-code page, which
 * sends the browser back to the profile with `code` and `state`; this card redeems them once
 * and takes them off the address. Hidden where the server has no WeChat app configured.
 */
export function WeChatBindingCard() {
  const { t } = useTranslation();
  const ready = useSectionTexts(wechatTexts);
  const binding = useWeChatBinding();
  const bind = useBindWeChat();
  const unbind = useUnbindWeChat();
  const [params, setParams] = useSearchParams();
  const [leaving, setLeaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const state = params.get('state');
  const code = params.get('code');

  useEffect(() => {
    if (!ready || !state || redeemedStates.has(state)) return;
    redeemedStates.add(state);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('code');
        next.delete('state');
        return next;
      },
      { replace: true },
    );
    // WeChat sends the state alone when the user declines on the phone.
    if (!code) {
      toast({ type: 'info', message: t('wechatBinding.cancelled') });
      return;
    }
    bind.mutate(
      { code, state },
      { onSuccess: () => toast({ type: 'success', message: t('wechatBinding.bound') }) },
    );
  }, [ready, state, code, setParams, bind, t]);

  const data = binding.data;
  if (!ready || !data?.available) return null;

  const start = async () => {
    setLeaving(true);
    try {
      const { url } = await authorizeWeChat();
      window.location.assign(url);
    } catch {
      setLeaving(false);
    }
  };

  const remove = () =>
    unbind.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast({ type: 'success', message: t('wechatBinding.unbound') });
      },
    });

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="wechat-binding">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} fz="lg">
          {t('wechatBinding.title')}
        </Title>
        {data.bound ? (
          <Badge color="teal" variant="light" leftSection={<IconBrandWechat size={12} />}>
            {t('wechatBinding.boundBadge')}
          </Badge>
        ) : null}
      </Group>
      {data.bound ? (
        <Stack gap="sm">
          <Group justify="space-between" gap="sm" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <Avatar src={data.avatar} radius="xl" size="md" color="teal">
                <IconBrandWechat size={20} />
              </Avatar>
              <Text fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                {data.nickname
                  ? t('wechatBinding.boundAs', { nickname: data.nickname })
                  : t('wechatBinding.boundNoName')}
              </Text>
            </Group>
            {!confirming ? (
              <Button variant="default" flex="none" onClick={() => setConfirming(true)}>
                {t('wechatBinding.unbind')}
              </Button>
            ) : null}
          </Group>
          {confirming ? (
            <Stack gap="xs">
              <Text size="sm">{t('wechatBinding.confirmUnbind')}</Text>
              <Group justify="flex-end" gap="xs">
                <Button variant="default" onClick={() => setConfirming(false)}>
                  {t('common.cancel')}
                </Button>
                <Button color="red" loading={unbind.isPending} onClick={remove}>
                  {t('wechatBinding.unbind')}
                </Button>
              </Group>
            </Stack>
          ) : null}
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('wechatBinding.hint')}
          </Text>
          <Group justify="flex-end">
            <Button
              color="teal"
              leftSection={<IconBrandWechat size={18} />}
              loading={leaving || bind.isPending}
              onClick={() => void start()}
            >
              {t('wechatBinding.bind')}
            </Button>
          </Group>
        </Stack>
      )}
    </Card>
  );
}
