import { aspectRatios } from '@lumen/contracts/generation';
import { useTranslation } from 'react-i18next';
import { OptionChips } from './option-chips';
import classes from './studio.module.css';

/** The ratios shown first; the rest are one tap away in the same grid. */
const ratios = aspectRatios.filter((r) => r !== '2:1' && r !== '1:2');

function RatioGlyph({ ratio }: { ratio: string }) {
  const [w = 1, h = 1] = ratio.split(':').map(Number);
  const scale = 18 / Math.max(w, h);
  return <span className={classes.ratioGlyph} style={{ width: w * scale, height: h * scale }} aria-hidden="true" />;
}

/** Aspect ratio as visual chips: a small frame of the shape above its numbers. */
export function AspectRatioPicker({ value, onChange }: { value: string; onChange: (ratio: string) => void }) {
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

/** The offered ratio closest to an image's shape, for modes where the input decides it. */
export function closestRatio(width: number, height: number): string {
  const target = width / height;
  let best: string = aspectRatios[0];
  for (const ratio of aspectRatios) {
    const [w = 1, h = 1] = ratio.split(':').map(Number);
    const bestParts = best.split(':').map(Number);
    const bestValue = (bestParts[0] ?? 1) / (bestParts[1] ?? 1);
    if (Math.abs(Math.log(w / h / target)) < Math.abs(Math.log(bestValue / target))) best = ratio;
  }
  return best;
}
