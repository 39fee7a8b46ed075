import fs from 'node:fs/promises';
import path from 'node:path';

/** The tags a shared link unfurls with (Open Graph and Twitter cards). */
export type ShareTags = {
  title: string;
  description: string;
  url: string;
  image: string | null;
  type: 'article' | 'video.other' | 'website';
};

export const GENERIC_TITLE = 'Lumen';
export const GENERIC_DESCRIPTION =
  'Create images, videos and 3D models from text or images, and share them with a community of creators.';

const FALLBACK_PAGE =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Lumen</title>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';

/** Escapes text for an HTML attribute value or element content. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function metaTags(tags: ShareTags): string {
  const property = (name: string, value: string) =>
    `<meta property="${name}" content="${escapeHtml(value)}" />`;
  const named = (name: string, value: string) =>
    `<meta name="${name}" content="${escapeHtml(value)}" />`;
  return [
    property('og:site_name', 'Lumen'),
    property('og:type', tags.type),
    property('og:title', tags.title),
    property('og:description', tags.description),
    property('og:url', tags.url),
    ...(tags.image ? [property('og:image', tags.image)] : []),
    named('twitter:card', tags.image ? 'summary_large_image' : 'summary'),
    named('twitter:title', tags.title),
    named('twitter:description', tags.description),
    ...(tags.image ? [named('twitter:image', tags.image)] : []),
    `<link rel="canonical" href="${escapeHtml(tags.url)}" />`,
  ].join('\n    ');
}

/**
 * Puts the tags into the web app's index.html: the title and description are replaced, the
 * Open Graph and Twitter tags go before `</head>`.
 */
export function injectShareTags(page: string, tags: ShareTags): string {
  const withoutOld = page
    .replace(/<title>[\s\S]*?<\/title>/i, `<title>${escapeHtml(tags.title)}</title>`)
    .replace(
      /<meta\s+name="description"[\s\S]*?\/?>/i,
      `<meta name="description" content="${escapeHtml(tags.description)}" />`,
    );
  const at = withoutOld.search(/<\/head>/i);
  const block = `    ${metaTags(tags)}\n  `;
  return at < 0
    ? `${block}${withoutOld}`
    : `${withoutOld.slice(0, at)}${block}${withoutOld.slice(at)}`;
}

/**
 * Reads a page of the web build (index.html unless told another, such as a prerendered work
 * page) once per change of the file; a fallback page when the web app is not built.
 */
export function createIndexReader(distDir: string) {
  const cache = new Map<string, { mtimeMs: number; text: string }>();
  return async (relative = 'index.html'): Promise<string> => {
    const file = path.join(distDir, relative);
    try {
      const stat = await fs.stat(file);
      let cached = cache.get(relative);
      if (!cached || cached.mtimeMs !== stat.mtimeMs) {
        cached = { mtimeMs: stat.mtimeMs, text: await fs.readFile(file, 'utf8') };
        cache.set(relative, cached);
      }
      return cached.text;
    } catch {
      return FALLBACK_PAGE;
    }
  };
}
