import { Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { taskTypeName } from '../../../shared/i18n/task-type-name';
import type { EditorStep } from './editor-steps';
import classes from './editor.module.css';

interface HistoryStripProps {
  steps: readonly EditorStep[];
  current: number;
  onSelect: (index: number) => void;
}

/** The steps so far, oldest first; choosing one goes back to it. */
export function HistoryStrip({ steps, current, onSelect }: HistoryStripProps) {
  const { t } = useTranslation();
  if (steps.length < 2) return null;
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb={6} id="editor-history">
        {t('tools.editor.history.title')}
      </Text>
      <div className={classes.strip} role="list" aria-labelledby="editor-history">
        {steps.map((step, index) => {
          const name = step.toolId
            ? taskTypeName(t, step.toolId)
            : t('tools.editor.history.original');
          return (
            <div role="listitem" key={`${step.key}-${index}`}>
              <UnstyledButton
                className={classes.step}
                aria-current={index === current ? 'step' : undefined}
                aria-label={t('tools.editor.history.step', { number: index + 1, name })}
                onClick={() => onSelect(index)}
              >
                <img src={step.thumbUrl ?? step.url} alt="" />
                <span className={classes.stepLabel}>{name}</span>
              </UnstyledButton>
            </div>
          );
        })}
      </div>
    </div>
  );
}
