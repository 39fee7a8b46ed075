import fs from 'node:fs';
import path from 'node:path';
import { languageSchema, parseLanguage, type Language } from '@lumen/contracts/i18n';
import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';

/** The list the web build writes beside its prerendered pages (apps/web/scripts/prerender.mjs). */
const pagesFileSchema = z.object({
  pages: z.array(
    z.object({ name: z.string().regex(/^[a-z-]+$/), path: z.string().startsWith('/') }),
  ),
  languages: z.array(languageSchema),
  viewports: z.array(z.enum(['mobile', 'desktop'])),
});

export type Viewport = 'mobile' | 'desktop';

/** Where the web app remembers the chosen language for the server (apps/web i18n.ts). */
export const LANGUAGE_COOKIE = 'lumen_language';

/** The request headers the choice of page depends on; answers name them in `Vary`. */
export const PRERENDER_VARY = 'accept-language, cookie, sec-ch-ua-mobile, user-agent';

export type PrerenderedPages = {
  /**
   * The prerendered page for a public address, relative to the web build's folder, or null
   * where there is none (signed-in areas, unknown paths, a build without prerendered pages).
   */
  find(pathname: string, headers: IncomingHttpHeaders): string | null;
};

function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const have = pathname.replace(/\/+$/, '').split('/');
  if (pathname === '/') return pattern === '/';
  if (want.length !== have.length) return false;
  return want.every((part, i) => (part.startsWith(':') ? have[i] !== '' : part === have[i]));
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/**
 * The language the visitor's app will pick: the one chosen before (a cookie the app keeps
 * beside its own storage), else the browser's, as Accept-Language sends it.
 */
export function chooseLanguage(headers: IncomingHttpHeaders): Language {
  const chosen = languageSchema.safeParse(readCookie(headers.cookie, LANGUAGE_COOKIE));
  if (chosen.success) return chosen.data;
  return parseLanguage(headers['accept-language']);
}

/** A phone or a wider screen, from the client hint or, failing that, the user agent. */
export function chooseViewport(headers: IncomingHttpHeaders): Viewport {
  const hint = headers['sec-ch-ua-mobile'];
  if (hint === '?1') return 'mobile';
  if (hint === '?0') return 'desktop';
  return /Mobi|Android|iPhone|iPod/i.test(headers['user-agent'] ?? '') ? 'mobile' : 'desktop';
}

/**
 * Reads the list of prerendered pages once. The pages paint before the app's JavaScript runs
 * (docs/decisions/0031-prerendered-public-pages.md); the app checks in the browser that the
 * one it got matches its language and session, so a wrong guess here costs speed, not looks.
 */
export function loadPrerenderedPages(distDir: string): PrerenderedPages {
  const listFile = path.join(distDir, 'prerendered', 'pages.json');
  let list: z.infer<typeof pagesFileSchema> | null = null;
  try {
    list = pagesFileSchema.parse(JSON.parse(fs.readFileSync(listFile, 'utf8')));
  } catch {
    list = null;
  }
  return {
    find(pathname, headers) {
      if (!list) return null;
      const page = list.pages.find((p) => matches(p.path, pathname));
      if (!page) return null;
      const language = chooseLanguage(headers);
      const viewport = chooseViewport(headers);
      if (!list.languages.includes(language) || !list.viewports.includes(viewport)) return null;
      const file = path.join('prerendered', `${page.name}.${language}.${viewport}.html`);
      return fs.existsSync(path.join(distDir, file)) ? file : null;
    },
  };
}
