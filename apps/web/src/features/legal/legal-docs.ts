/** A link under a section, to the page where the reader acts on it. */
export interface LegalLink {
  to: string;
  /** An i18n key naming the page, shared with the rest of the app. */
  labelKey: string;
}

export interface LegalDoc {
  /** Section keys under `legal.<doc>.sections`, in reading order; each is also its anchor. */
  sections: { key: string; links?: LegalLink[] }[];
}

/** When the texts were last changed (shown at the top, in the reader's date format). */
export const LEGAL_UPDATED = '2026-11-27';

const contact: LegalLink = { to: '/contact', labelKey: 'footer.contact' };
const settings: LegalLink = { to: '/account/settings', labelKey: 'settings.title' };

export type LegalDocName = 'terms' | 'privacy';

export const legalDocs: Record<LegalDocName, LegalDoc> = {
  terms: {
    sections: [
      { key: 'service' },
      { key: 'account', links: [settings] },
      { key: 'minors', links: [contact] },
      {
        key: 'credits',
        links: [
          { to: '/credit-policy', labelKey: 'footer.creditPolicy' },
          { to: '/pay', labelKey: 'nav.pay' },
        ],
      },
      { key: 'content' },
      { key: 'rules' },
      { key: 'moderation', links: [contact] },
      { key: 'liability' },
      { key: 'changes' },
    ],
  },
  privacy: {
    sections: [
      { key: 'collect' },
      { key: 'use' },
      { key: 'share' },
      { key: 'browser' },
      { key: 'keep' },
      {
        key: 'rights',
        links: [{ to: '/account/profile', labelKey: 'profile.title' }, settings, contact],
      },
      { key: 'security' },
      { key: 'minors', links: [{ to: '/account/profile', labelKey: 'profile.title' }, contact] },
      { key: 'children', links: [contact] },
      { key: 'changes' },
    ],
  },
};

export type LegalBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

/**
 * A section's text as blocks: paragraphs are separated by a blank line, and lines starting
 * with "- " make a list. Translators keep that shape; nothing else is markup.
 */
export function legalBlocks(body: string): LegalBlock[] {
  return body
    .split(/\n\s*\n/)
    .map((chunk) => chunk.trim())
    .filter((chunk) => chunk.length > 0)
    .map((chunk): LegalBlock => {
      const lines = chunk.split('\n').map((line) => line.trim());
      return lines.every((line) => line.startsWith('- '))
        ? { kind: 'list', items: lines.map((line) => line.slice(2)) }
        : { kind: 'paragraph', text: lines.join(' ') };
    });
}
