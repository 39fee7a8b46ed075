import { PROMPT_MAX_LENGTH } from '@lumen/contracts/tasks';
import { Collapse, Group, Switch, Text, Textarea, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconWand } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PROMPT_INPUT_ID } from '../prompt-rules';
import classes from './controls.module.css';

interface PromptBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** Image modes may leave the prompt empty; the text modes need one (spec §5). */
  required?: boolean;
  placeholder: string;
  /** A message to show under the box, e.g. the server's word on a refused prompt. */
  error?: string | null;
  negative?: { value: string; onChange: (value: string) => void };
  /** Spec §3 magic prompt toggle; keyframes turn it off (§4). */
  magic?: { value: boolean; onChange: (value: boolean) => void; unavailable?: boolean };
}

/**
 * Ctrl+Enter (⌘+Enter on a Mac) in a prompt presses the studio's Generate button, as long as
 * that button may be pressed. Enter alone still starts a new line; typing with an input method
 * (Japanese, Chinese) is left alone while it composes.
 */
function generateOnShortcut(event: KeyboardEvent<HTMLTextAreaElement>) {
  if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.nativeEvent.isComposing)
    return;
  const form = event.currentTarget.form;
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!form || !button || button.disabled) return;
  event.preventDefault();
  form.requestSubmit(button);
}

/** The prompt with a character counter, and the optional negative prompt behind a toggle. */
export function PromptBox({
  value,
  onChange,
  required = true,
  placeholder,
  error,
  negative,
  magic,
}: PromptBoxProps) {
  const { t } = useTranslation();
  const [negativeOpen, setNegativeOpen] = useState(() => Boolean(negative?.value));
  // A negative prompt filled from outside (recreate, a link) shows rather than hiding.
  const [shownNegative, setShownNegative] = useState(negative?.value ?? '');
  if (negative && negative.value !== shownNegative) {
    setShownNegative(negative.value);
    if (negative.value && !negativeOpen) setNegativeOpen(true);
  }
  const tooLong = value.length > PROMPT_MAX_LENGTH;
  const message = tooLong ? t('generate.prompt.tooLong', { max: PROMPT_MAX_LENGTH }) : error;

  return (
    <div>
      <Textarea
        id={PROMPT_INPUT_ID}
        label={t('generate.prompt.label')}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onKeyDown={generateOnShortcut}
        aria-keyshortcuts="Control+Enter Meta+Enter"
        autosize
        minRows={4}
        maxRows={10}
        withAsterisk={required}
        error={message || undefined}
        aria-describedby="generate-prompt-counter"
        classNames={{ input: classes.promptInput }}
      />
      <Group justify="space-between" mt={6} gap="xs" wrap="nowrap">
        {negative ? (
          <UnstyledButton
            className={classes.linkButton}
            onClick={() => setNegativeOpen((open) => !open)}
            aria-expanded={negativeOpen}
            aria-controls="generate-negative-prompt"
          >
            <Group gap={4} wrap="nowrap">
              <IconChevronDown
                size={14}
                aria-hidden="true"
                style={{
                  transform: negativeOpen ? 'rotate(180deg)' : undefined,
                  transition: 'transform 150ms',
                }}
              />
              {t('generate.prompt.negativeToggle')}
            </Group>
          </UnstyledButton>
        ) : (
          <span />
        )}
        <Text
          id="generate-prompt-counter"
          size="xs"
          c={tooLong ? 'red' : 'dimmed'}
          aria-live="polite"
        >
          {`${value.length} / ${PROMPT_MAX_LENGTH}`}
        </Text>
      </Group>
      {negative ? (
        <Collapse expanded={negativeOpen} id="generate-negative-prompt">
          <Textarea
            mt="xs"
            label={t('generate.prompt.negativeLabel')}
            placeholder={t('generate.prompt.negativePlaceholder')}
            value={negative.value}
            onChange={(event) => negative.onChange(event.currentTarget.value)}
            onKeyDown={generateOnShortcut}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={PROMPT_MAX_LENGTH}
          />
        </Collapse>
      ) : null}
      {magic ? (
        <Tooltip
          label={t('generate.prompt.magicKeyframes')}
          disabled={!magic.unavailable}
          withArrow
        >
          <Switch
            mt="sm"
            size="sm"
            checked={magic.value && !magic.unavailable}
            disabled={magic.unavailable}
            onChange={(event) => magic.onChange(event.currentTarget.checked)}
            label={
              <Group gap={4} wrap="nowrap">
                <IconWand size={14} aria-hidden="true" />
                {t('generate.prompt.magic')}
              </Group>
            }
            description={t(
              magic.unavailable ? 'generate.prompt.magicKeyframes' : 'generate.prompt.magicHint',
            )}
          />
        </Tooltip>
      ) : null}
    </div>
  );
}
