import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './editor.module.css';

interface BeforeAfterProps {
  before: string;
  after: string;
  /** What the result is looked at on, for a transparent cut-out. */
  backdrop?: 'light' | 'dark' | 'checker';
}

/**
 * The result over the picture it was made from: the result shows left of the line, the
 * original right of it. The line follows a slider, so it moves by pointer and by keyboard.
 */
export function BeforeAfter({ before, after, backdrop }: BeforeAfterProps) {
  const { t } = useTranslation();
  const [split, setSplit] = useState(50);
  return (
    <div className={classes.compare} data-backdrop={backdrop}>
      <div className={classes.compareFrame}>
        <img src={before} alt={t('tools.editor.result.before')} draggable={false} />
        <img
          src={after}
          alt={t('tools.editor.result.after')}
          className={classes.compareAfter}
          style={{ clipPath: `inset(0 ${100 - split}% 0 0)`, objectFit: 'contain' }}
          draggable={false}
        />
        <input
          type="range"
          min={0}
          max={100}
          value={split}
          onChange={(event) => setSplit(Number(event.currentTarget.value))}
          className={classes.compareRange}
          aria-label={t('tools.editor.result.compare')}
          aria-valuetext={t('tools.editor.result.split', { percent: split })}
        />
        <div className={classes.compareLine} style={{ left: `${split}%` }} />
        <span className={classes.compareTag} style={{ left: 8 }}>
          {t('tools.editor.result.after')}
        </span>
        <span className={classes.compareTag} style={{ right: 8 }}>
          {t('tools.editor.result.before')}
        </span>
      </div>
    </div>
  );
}
