import type { ShopTemplate } from '@lumen/contracts/ecommerce';

/** A template's scene in small: its two ground colours with a dot of its price tag colour. */
export function TemplateSwatch({ template, size }: { template: ShopTemplate; size: number }) {
  const [top, bottom] = template.scene.colors;
  return (
    <span
      aria-hidden="true"
      style={{
        display: 'inline-block',
        position: 'relative',
        flex: 'none',
        width: size,
        height: size,
        borderRadius: 4,
        border: '1px solid var(--mantine-color-default-border)',
        background:
          template.scene.style === 'split'
            ? `linear-gradient(to bottom, ${top} 55%, ${bottom} 55%)`
            : `linear-gradient(to bottom, ${top}, ${bottom})`,
      }}
    >
      <span
        style={{
          position: 'absolute',
          right: 2,
          bottom: 2,
          width: Math.max(4, size / 4),
          height: Math.max(4, size / 4),
          borderRadius: '50%',
          background: template.scene.accent_color,
        }}
      />
    </span>
  );
}
