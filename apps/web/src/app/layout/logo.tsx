import { Group, Text } from '@mantine/core';
import { Link } from 'react-router';

export function LumenMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
      <defs>
        <linearGradient id="lumen-mark" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7c5cff" />
          <stop offset="1" stopColor="#ff6ab0" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="#16122b" />
      <circle cx="32" cy="32" r="16" fill="url(#lumen-mark)" />
      <circle cx="38" cy="26" r="6" fill="#fff" opacity="0.85" />
    </svg>
  );
}

export function Logo({ to = '/', compact = false }: { to?: string; compact?: boolean }) {
  return (
    <Link to={to} style={{ textDecoration: 'none', color: 'inherit' }} aria-label="Lumen">
      <Group gap={compact ? 6 : 8} wrap="nowrap">
        <LumenMark size={compact ? 24 : 28} />
        <Text fw={800} fz={compact ? 18 : 20} style={{ letterSpacing: '-0.02em' }}>
          Lumen
        </Text>
      </Group>
    </Link>
  );
}
