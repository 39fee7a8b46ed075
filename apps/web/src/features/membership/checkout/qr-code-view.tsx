import { useMemo } from 'react';
import { encodeQr } from './qr-code';

/** A QR code as crisp SVG squares, with the standard's four-module quiet zone. */
export function QrCodeView({
  value,
  size = 168,
  label,
}: {
  value: string;
  size?: number;
  label: string;
}) {
  const path = useMemo(() => {
    const code = encodeQr(value);
    const parts: string[] = [];
    code.modules.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) parts.push(`M${x + 4} ${y + 4}h1v1h-1z`);
      }),
    );
    return { d: parts.join(''), span: code.size + 8 };
  }, [value]);
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${path.span} ${path.span}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      style={{ display: 'block', background: '#fff', borderRadius: 8 }}
    >
      <path d={path.d} fill="#111" />
    </svg>
  );
}
