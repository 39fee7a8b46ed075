import { ErrorCode } from '@lumen/contracts/error-codes';
import { Anchor, Button, Group, Loader, Text, Tooltip } from '@mantine/core';
import { IconBolt, IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { handlePayRequired } from '../../../shared/api/session-hooks';
import { useSession } from '../../../shared/session/session-store';
import type { QuoteView } from '../use-quote';
import { usesCommandKey } from '../prompt-rules';

interface CostBarProps {
  quote: QuoteView;
  submitting: boolean;
  /** Why Generate cannot be pressed yet (e.g. an upload is missing), or null. */
  blocker: string | null;
}

/**
 * The live cost, the balance and the Generate button. A refusal from the quote (plan or
 * credits) is explained here before the user presses anything.
 */
export function CostBar({ quote, submitting, blocker }: CostBarProps) {
  const { t } = useTranslation();
  const signedIn = useSession((s) => s.user !== null);
  const refusal = quote.quote && !quote.quote.allowed ? quote.quote : null;
  const relaxed = quote.quote?.allowed && quote.quote.mode === 'relaxed';

  return (
    <div>
      <Group justify="space-between" gap="xs" mb={8} wrap="nowrap">
        <Group gap={4} wrap="nowrap">
          <IconBolt size={16} color="var(--mantine-color-yellow-6)" aria-hidden="true" />
          <Text size="sm" fw={600} aria-live="polite">
            {relaxed
              ? t('generate.cost.relaxed')
              : t('generate.cost.credits', { count: quote.cost })}
          </Text>
          {quote.loading ? <Loader size={12} type="dots" aria-hidden="true" /> : null}
        </Group>
        {quote.quote ? (
          <Text size="xs" c="dimmed">
            {t('generate.cost.balance', { count: quote.quote.balance })}
          </Text>
        ) : null}
      </Group>
      {refusal ? (
        <Text size="xs" c="orange.7" mb={8} role="status">
          {refusal.reason}{' '}
          <Anchor
            component="button"
            type="button"
            size="xs"
            fw={600}
            onClick={() =>
              handlePayRequired(
                refusal.reason_code ?? ErrorCode.upgradeRequired,
                refusal.reason ?? '',
              )
            }
          >
            {t(
              refusal.reason_code === ErrorCode.noCredits
                ? 'generate.cost.getCredits'
                : 'generate.cost.upgrade',
            )}
          </Anchor>
        </Text>
      ) : null}
      {relaxed ? (
        <Text size="xs" c="dimmed" mb={8}>
          {t('generate.cost.relaxedHint', { count: quote.quote?.estimated_wait_min ?? 0 })}
        </Text>
      ) : null}
      {blocker ? (
        <Text size="xs" c="dimmed" mb={8}>
          {blocker}
        </Text>
      ) : null}
      <Tooltip
        label={t('generate.actions.shortcut', {
          keys: usesCommandKey() ? '⌘ + Enter' : 'Ctrl + Enter',
        })}
        openDelay={500}
        withArrow
        events={{ hover: true, focus: false, touch: false }}
      >
        <Button
          type="submit"
          fullWidth
          size="md"
          variant="gradient"
          leftSection={<IconSparkles size={18} />}
          loading={submitting}
          disabled={blocker !== null}
        >
          {t('generate.actions.generate')}
        </Button>
      </Tooltip>
      {!signedIn ? (
        <Text size="xs" c="dimmed" ta="center" mt={6}>
          {t('generate.cost.signInHint')}
        </Text>
      ) : null}
    </div>
  );
}
