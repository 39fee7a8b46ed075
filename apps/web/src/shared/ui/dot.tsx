/** A small red mark beside a label that says something new is there; `label` is read aloud. */
export function Dot({ label }: { label: string }) {
  return (
    <span
      role="status"
      aria-label={label}
      title={label}
      style={{
        display: 'inline-block',
        width: 8,
        height: 8,
        flexShrink: 0,
        borderRadius: 999,
        background: 'var(--mantine-color-red-6)',
      }}
    />
  );
}
