/** A link is a web path in the app ("/campaigns/12") or an absolute http(s) URL. */
export function isBroadcastLink(link: string): boolean {
  if (link === '') return true;
  if (link.startsWith('/') && !link.startsWith('//')) return true;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
