import { aspectRatios } from '@lumen/contracts/generation';
import { useTranslation } from 'react-i18next';
import { ratioParts } from '../aspect-ratio';
import { OptionChips } from './option-chips';
import classes from './controls.module.css';

/** The ratios shown first; the rest are one tap away in the same grid. */
const ratios = aspectRatios.filter((r) => r !== '2:1' && r !== '1:2');

function RatioGlyph({ ratio }: { ratio: string }) {
  const [w, h] = ratioParts(ratio);
  const scale = 18 / Math.max(w, h);
  return (
    <span
      className={classes.ratioGlyph}
      style={{ width: w * scale, height: h * scale }}
      aria-hidden="true"
    />
  );
}

/** Aspect ratio as visual chips: a small frame of the shape above its numbers. */
export function AspectRatioPicker({
  value,
  onChange,
}: {
  value: string;
  onChange: (ratio: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <OptionChips
      label={t('generate.settings.ratio')}
      value={value}
      onChange={onChange}
      columns={4}
      options={ratios.map((ratio) => ({
        value: ratio,
        name: ratio,
        label: (
          <span className={classes.ratioChip}>
            <RatioGlyph ratio={ratio} />
            {ratio}
          </span>
        ),
      }))}
    />
  );
}
