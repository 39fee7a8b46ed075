import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/* A loopback stand-in for the part of Stripe's HTTP API the stripe provider calls, speaking
   Stripe's wire format: form-encoded bodies with bracketed keys, JSON objects with `object`,
   and `{ error: { type, code, message } }` failures. Tests point STRIPE_API_URL at it. */

type Form = { [key: string]: string | Form | Form[] | string[] };
export type StripeRequest = { method: string; path: string; body: Form; auth: string | undefined };

/** `line_items[0][price_data][currency]=cny` → `{ line_items: [{ price_data: { currency } }] }` */
export function parseStripeForm(text: string): Form {
  const root: Form = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      if (last) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[i + 1] ?? '');
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export async function startTestStripeServer() {
  const requests: StripeRequest[] = [];
  const coupons = new Map<string, object>();
  const sessions = new Map<string, Record<string, unknown>>();
  const subscriptions = new Map<string, Record<string, unknown>>();
  /** Calls still to fail the way Stripe does when it is down. */
  let failing = 0;

  function send(res: http.ServerResponse, status: number, body: object) {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(JSON.stringify(body));
  }
  const missing = (res: http.ServerResponse, what: string) =>
    send(res, 404, {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such ${what}`,
      },
    });

  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.test');
      const body = parseStripeForm(req.method === 'GET' ? url.search.slice(1) : text);
      const method = req.method ?? 'GET';
      const path = url.pathname;
      requests.push({ method, path, body, auth: req.headers.authorization });
      if (!req.headers.authorization?.startsWith('Bearer sk_test_')) {
        return send(res, 401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
        });
      }
      if (failing > 0) {
        failing--;
        return send(res, 500, { error: { type: 'api_error', message: 'Something went wrong' } });
      }
      const now = Math.floor(Date.now() / 1000);
      let match: RegExpMatchArray | null;
      if (method === 'POST' && path === '/v1/checkout/sessions') {
        const session = {
          id: id('cs_test'),
          object: 'checkout.session',
          url: `https://checkout.stripe.com/c/pay/${id('cs_test')}`,
          mode: body.mode,
          status: 'open',
          payment_status: 'unpaid',
          client_reference_id: body.client_reference_id ?? null,
          customer: body.customer ?? null,
          customer_email: body.customer_email ?? null,
          metadata: body.metadata ?? {},
          subscription: null,
          amount_total: null,
          currency: 'cny',
          success_url: body.success_url,
          cancel_url: body.cancel_url,
          created: now,
          expires_at: now + 24 * 3600,
          livemode: false,
        };
        sessions.set(session.id, session);
        return send(res, 200, session);
      }
      if ((match = path.match(/^\/v1\/coupons\/([^/]+)$/)) && method === 'GET') {
        const coupon = coupons.get(decodeURIComponent(match[1]!));
        return coupon ? send(res, 200, coupon) : missing(res, `coupon: '${match[1]}'`);
      }
      if (method === 'POST' && path === '/v1/coupons') {
        const coupon = {
          id: body.id ?? id('coupon'),
          object: 'coupon',
          percent_off: Number(body.percent_off),
          duration: body.duration,
          valid: true,
        };
        coupons.set(coupon.id as string, coupon);
        return send(res, 200, coupon);
      }
      if ((match = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
        const subId = decodeURIComponent(match[1]!);
        const sub = subscriptions.get(subId) ?? {
          id: subId,
          object: 'subscription',
          status: 'active',
          cancel_at_period_end: false,
        };
        if (method === 'POST') {
          if (body.cancel_at_period_end !== undefined)
            sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
        } else if (method === 'DELETE') {
          sub.status = 'canceled';
          sub.canceled_at = now;
        }
        subscriptions.set(subId, sub);
        return send(res, 200, sub);
      }
      if (method === 'POST' && path === '/v1/billing_portal/sessions') {
        return send(res, 200, {
          id: id('bps'),
          object: 'billing_portal.session',
          customer: body.customer,
          return_url: body.return_url,
          url: `https://billing.stripe.com/p/session/${id('test')}`,
        });
      }
      return send(res, 404, {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${path})`,
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    subscriptions,
    /** The client retries once, so an outage is two failed calls in a row. */
    failNextRequests: (n: number) => {
      failing = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
