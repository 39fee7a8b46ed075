/** One message as the developer pages show it; every field is escaped when rendered. */
export type PageEntry = {
  title: string;
  to: string;
  date: string;
  text: string;
  rawUrl: string;
  rawLabel: string;
};

export type PageOptions = {
  active: 'mail' | 'sms';
  folder: string;
  filter: string | undefined;
  entries: PageEntry[];
};

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const styles = `
  :root { color-scheme: light dark; --fg: #1d2330; --muted: #6b7385; --line: #dfe3ea;
    --card: #fff; --bg: #f5f6f8; --accent: #5b5bd6; }
  @media (prefers-color-scheme: dark) { :root { --fg: #e6e8ee; --muted: #9aa1b1;
    --line: #2c3240; --card: #1b1f29; --bg: #12151c; --accent: #9d9dff; } }
  * { box-sizing: border-box; }
  body { margin: 0; font: 14px/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
  header { display: flex; flex-wrap: wrap; gap: 16px; align-items: baseline; padding: 16px 24px;
    border-bottom: 1px solid var(--line); background: var(--card); }
  header h1 { margin: 0; font-size: 18px; }
  nav a { margin-right: 12px; color: var(--muted); text-decoration: none; }
  nav a.active { color: var(--accent); font-weight: 600; }
  .note { color: var(--muted); font-size: 12px; }
  main { max-width: 960px; margin: 0 auto; padding: 16px 24px; }
  article { background: var(--card); border: 1px solid var(--line); border-radius: 8px;
    padding: 12px 16px; margin-bottom: 12px; }
  article h2 { margin: 0 0 4px; font-size: 15px; }
  .meta { color: var(--muted); font-size: 12px; display: flex; flex-wrap: wrap; gap: 12px; }
  .meta a { color: var(--accent); }
  pre { white-space: pre-wrap; word-break: break-word; margin: 8px 0 0;
    font: 13px/1.5 ui-monospace, monospace; }
  .empty { color: var(--muted); text-align: center; padding: 48px 0; }
`;

/** The developer mailbox / SMS page: self-contained, reloads itself every 3 s. */
export function renderMessagesPage({ active, folder, filter, entries }: PageOptions): string {
  const heading = active === 'mail' ? 'Dev mailbox' : 'Dev SMS';
  const link = (kind: PageOptions['active'], href: string, label: string) =>
    `<a href="${href}"${kind === active ? ' class="active"' : ''}>${label}</a>`;
  const list =
    entries.length === 0
      ? `<p class="empty">No messages${filter ? ` to ${escapeHtml(filter)}` : ''} yet.</p>`
      : entries.map(renderEntry).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="3">
<title>${heading} · Lumen</title>
<style>${styles}</style>
</head>
<body>
<header>
<h1>${heading}</h1>
<nav>${link('mail', '/dev/mailbox', 'Mail')}${link('sms', '/dev/sms', 'SMS')}</nav>
<span class="note">Development only · newest first · refreshes every 3 s · ${escapeHtml(folder)}</span>
</header>
<main>
${list}
</main>
</body>
</html>
`;
}

function renderEntry(entry: PageEntry): string {
  return `<article>
<h2>${escapeHtml(entry.title)}</h2>
<div class="meta"><span>To: ${escapeHtml(entry.to)}</span><time datetime="${escapeHtml(entry.date)}">${escapeHtml(entry.date)}</time><a href="${escapeHtml(entry.rawUrl)}">${escapeHtml(entry.rawLabel)}</a></div>
<pre>${escapeHtml(entry.text)}</pre>
</article>`;
}
