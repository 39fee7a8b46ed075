import { BlockList, isIP } from 'node:net';

/** Addresses no server elsewhere on the internet can reach this machine at. */
const unreachable = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  unreachable.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::1', 128],
  ['::', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  unreachable.addSubnet(net, prefix, 'ipv6');
}

/**
 * Whether a host name may be reached from the internet: not loopback, not a private or
 * link-local address, not a name that only a local network resolves.
 */
export function isInternetHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const family = isIP(host);
  if (family) return !unreachable.check(host, family === 4 ? 'ipv4' : 'ipv6');
  if (!host.includes('.')) return false;
  return !/\.(local|localhost|internal|lan|home|test|invalid|example)$/.test(host);
}

/**
 * An address of a stored file that a hosted model API can fetch, or null: the signed URL
 * itself when its host is on the internet (a public S3 bucket), else the same path under
 * `PUBLIC_URL` when that is. A server reached only on its own network has none, and engines
 * send the bytes instead.
 */
export function publicAddressOf(signedUrl: string, publicUrl: string | null): string | null {
  const base = publicUrl ? new URL(publicUrl) : null;
  let url: URL;
  try {
    url = new URL(signedUrl, base ?? undefined);
  } catch {
    return null;
  }
  if (isInternetHost(url.hostname)) return url.toString();
  if (!base || !isInternetHost(base.hostname)) return null;
  return new URL(`${url.pathname}${url.search}`, base).toString();
}
