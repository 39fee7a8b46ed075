import { languages } from '@lumen/contracts/i18n';
import { describe, expect, it } from 'vitest';
import { prerenderPage } from './entry-server';
import en from './shared/i18n/locales/en.json';
import es from './shared/i18n/locales/es.json';
import ja from './shared/i18n/locales/ja.json';
import zh from './shared/i18n/locales/zh.json';

const catalogues = { en, zh, ja, es };

/** The text a visitor reads, without the markup (React puts comments between text parts). */
function textOf(html: string): string {
  return html
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

describe('prerendering the public pages', () => {
  it("puts the landing page's hero in the HTML, in each language", async () => {
    for (const language of languages) {
      const { landing } = catalogues[language];
      const { html, title } = await prerenderPage('/', language, 'mobile');
      const text = textOf(html);
      expect(text, language).toContain(landing.headline);
      expect(text, language).toContain(landing.headlineAccent);
      expect(text, language).toContain(landing.startCreating);
      expect(html, language).toMatch(/<h1[^>]*>/);
      expect(title, language).toBe(`Lumen · ${landing.tagline}`);
    }
  });

  it("puts explore's frame, heading and filters in the HTML for a visitor", async () => {
    const { html, title } = await prerenderPage('/explore', 'ja', 'desktop');
    const text = textOf(html);
    expect(text).toContain(ja.community.explore.title);
    expect(text).toContain(ja.community.explore.subtitle);
    expect(text).toContain(ja.nav.home);
    expect(title).toBe(`${ja.nav.explore} · Lumen`);
    const selected = [...html.matchAll(/<a [^>]*data-active="true"[^>]*>/g)].map(([tag]) => tag);
    expect(selected.length).toBeGreaterThan(0);
    for (const tag of selected) expect(tag).toContain('href="/explore"');
  });

  it('renders the phone layout when asked for it', async () => {
    const phone = await prerenderPage('/explore', 'en', 'mobile');
    const wide = await prerenderPage('/explore', 'en', 'desktop');
    expect(phone.html).not.toBe(wide.html);
    expect(phone.html).toContain(`aria-label="${en.nav.toggleMenu}"`);
    expect(wide.html).not.toContain(`aria-label="${en.nav.toggleMenu}"`);
  });
});
