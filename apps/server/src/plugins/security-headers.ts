import { createHash } from 'node:crypto';
import fastifyHelmet from '@fastify/helmet';
import { PAGE_BOOT_SCRIPT } from '@lumen/contracts/page-boot';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export type SecurityHeadersOptions = {
  /** The address users reach the app at; an https one turns on HSTS and request upgrades. */
  publicUrl: string;
  /**
   * Origins media is loaded from and uploaded to besides the app's own (the S3 bucket):
   * browsers PUT uploads straight to it and show, play and download media from it.
   */
  mediaOrigins: string[];
};

const self = "'self'";
const none = "'none'";

/**
 * The pages' one inline script, the boot script in `<head>` (colour scheme, and whether a
 * prerendered page is the one the app will render), allowed by the hash of its exact bytes.
 */
export const PAGE_BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(PAGE_BOOT_SCRIPT, 'utf8').digest('base64')}'`;

/** The server's authorize redirect and the web app's callback page (`/login-{provider}`). */
const SIGN_IN_POPUP_PATH = /^\/(?:prod-api\/user\/oauth\/authorize\/|login-[a-z]+(?:[?#]|$))/;

/**
 * The Content-Security-Policy of every page the server answers: the web app, the share page
 * `/w/{id}` and the API docs. Scripts only from the app's own files, never eval'd, and inline
 * only the boot script, by its hash.
 * Styles allow inline: Mantine and the scroll lock of its dialogs add `<style>` elements at
 * run time, and a style cannot run code. `blob:` is where the studio previews a picked file
 * and the 3D viewer unpacks a model's textures; `data:` is how the CSS draws small icons.
 * Social sign-in needs nothing here: it is a pop-up sent to the server's own authorize route,
 * and navigations are not subject to the policy.
 */
export function contentSecurityDirectives(
  options: SecurityHeadersOptions,
): Record<string, string[]> {
  const media = options.mediaOrigins;
  return {
    'default-src': [self],
    'base-uri': [self],
    'script-src': [self, PAGE_BOOT_SCRIPT_HASH],
    'script-src-attr': [none],
    'style-src': [self, "'unsafe-inline'"],
    'img-src': [self, 'data:', 'blob:', ...media],
    'media-src': [self, 'blob:', ...media],
    'connect-src': [self, 'blob:', ...media],
    'font-src': [self, 'data:'],
    'object-src': [none],
    'frame-src': [none],
    'frame-ancestors': [none],
    'form-action': [self],
    ...(isHttps(options.publicUrl) ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

function isHttps(url: string): boolean {
  return url.startsWith('https://');
}

/**
 * Security headers on every answer (pages, API, files): the policy above, no framing by any
 * site (checkout and account deletion must not sit under someone else's page), no MIME
 * sniffing, the referrer kept to this origin, and HSTS once the app is served over https.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: SecurityHeadersOptions) => {
    await app.register(fastifyHelmet, {
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(options) },
      // A page another site opened keeps no handle on it; its own pop-ups keep theirs.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      // Same-origin requests keep their Referer and Origin; other sites learn nothing of the page.
      referrerPolicy: { policy: 'same-origin' },
      strictTransportSecurity: isHttps(options.publicUrl)
        ? { maxAge: 31_536_000, includeSubDomains: true }
        : false,
      xFrameOptions: { action: 'deny' },
    });
    // The sign-in pop-up passes through the provider's site and posts its answer back to the
    // opener: a policy on any page of that round trip would cut the pop-up off from it.
    app.addHook('onRequest', async (request, reply) => {
      if (SIGN_IN_POPUP_PATH.test(request.url))
        reply.raw.removeHeader('cross-origin-opener-policy');
    });
  },
);
