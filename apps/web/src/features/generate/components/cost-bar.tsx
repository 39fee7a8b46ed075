import { ErrorCode } from '@lumen/contracts/error-codes';
import { Anchor, Button, Group, Loader, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconBolt, IconSparkles } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
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
  /**
   * Cheaper settings that the balance covers (fewer outputs, say), offered by the intercept
   * dialog next to buying credits when a run costs more than the user has.
   */
  fits?: CostFit[];
}

export interface CostFit {
  label: string;
  apply: () => void;
}

/**
 * The live cost, the balance and the Generate button. A refusal from the quote (plan or
 * credits) is explained here before the user presses anything.
 */
export function CostBar({ quote, submitting, blocker, fits = [] }: CostBarProps) {
  const { t } = useTranslation();
  const signedIn = useSession((s) => s.user !== null);
  const refusal = quote.quote && !quote.quote.allowed ? quote.quote : null;
  const relaxed = quote.quote?.allowed && quote.quote.mode === 'relaxed';
  // What a run needs against the balance, said before pressing: what it would leave, or how
  // much is missing (a free user's first video needs all of the day's credits).
  const after = quote.quote && !relaxed && quote.cost > 0 ? quote.quote.balance - quote.cost : null;
  const shortcutHint = useShortcutHint(submitting);
  const [intercepting, setIntercepting] = useState(false);
  const [checking, setChecking] = useState(false);
  const short = refusal?.reason_code === ErrorCode.noCredits;
  const getCredits = () =>
    handlePayRequired(refusal?.reason_code ?? ErrorCode.noCredits, refusal?.reason ?? '');

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
      {after !== null ? (
        <Text size="xs" c={after < 0 ? 'orange.7' : 'dimmed'} mb={8} data-testid="cost-after">
          {after < 0
            ? t('generate.cost.missing', { count: -after })
            : t('generate.cost.leaves', { count: after })}
        </Text>
      ) : null}
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
        withArrow
        opened={shortcutHint.opened}
      >
        <Button
          {...shortcutHint.targetProps}
          onClick={(event) => {
            // Spec §2/§8 intercept dialog: a run the balance cannot pay for is stopped here, with
            // the settings that do fit offered next to buying credits. The balance shown may be
            // older than credits bought in another tab, so it is read again before deciding.
            if (!short) return;
            event.preventDefault();
            const form = event.currentTarget.form;
            setChecking(true);
            quote
              .refresh()
              .then((fresh) => {
                if (fresh?.allowed) form?.requestSubmit();
                else setIntercepting(true);
              })
              .catch(() => setIntercepting(true))
              .finally(() => setChecking(false));
          }}
          type="submit"
          fullWidth
          size="md"
          variant="gradient"
          leftSection={<IconSparkles size={18} />}
          loading={submitting || checking}
          disabled={blocker !== null}
        >
          {t('generate.actions.generate')}
        </Button>
      </Tooltip>
      <Modal
        opened={intercepting}
        onClose={() => setIntercepting(false)}
        title={t('generate.intercept.title')}
        radius="lg"
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            {t('generate.intercept.body', {
              cost: quote.cost,
              balance: quote.quote?.balance ?? 0,
            })}
          </Text>
          {fits.map((fit) => (
            <Button
              key={fit.label}
              variant="light"
              onClick={() => {
                fit.apply();
                setIntercepting(false);
              }}
            >
              {fit.label}
            </Button>
          ))}
          <Button
            variant="gradient"
            onClick={() => {
              setIntercepting(false);
              getCredits();
            }}
          >
            {t('generate.cost.getCredits')}
          </Button>
        </Stack>
      </Modal>
      {!signedIn ? (
        <Text size="xs" c="dimmed" ta="center" mt={6}>
          {t('generate.cost.signInHint')}
        </Text>
      ) : null}
    </div>
  );
}

const SHORTCUT_HINT_DELAY_MS = 500;

/**
 * The keyboard hint over Generate: shown after a moment's hover, gone as soon as the button is
 * pressed, and not back until the pointer has left and come again. A hover tooltip alone stayed
 * open over the cost line after a click, because the button turns into a spinner under the
 * pointer and never hears it leave.
 */
function useShortcutHint(submitting: boolean) {
  const [opened, setOpened] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const pressed = useRef(false);
  const stop = () => window.clearTimeout(timer.current);
  useEffect(() => stop, []);
  return {
    // A run submitted from the keyboard hides it too.
    opened: opened && !submitting,
    targetProps: {
      onMouseEnter: () => {
        stop();
        if (pressed.current) return;
        timer.current = window.setTimeout(() => setOpened(true), SHORTCUT_HINT_DELAY_MS);
      },
      onMouseLeave: () => {
        stop();
        pressed.current = false;
        setOpened(false);
      },
      onPointerDown: () => {
        stop();
        pressed.current = true;
        setOpened(false);
      },
    },
  };
}
