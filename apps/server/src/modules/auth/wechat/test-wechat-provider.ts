import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WeChatConfig } from '../../../config/env';

/** A WeChat user of the stand-in: who "scans" the QR code. */
export type TestWeChatAccount = {
  openid: string;
  /** Left out, the stand-in answers as an app not tied to an open-platform account does. */
  unionid?: string;
  nickname: string;
  headimgurl?: string;
};

export type TestWeChatProvider = {
  origin: string;
  appId: string;
  appSecret: string;
  /** This stand-in in the shape of `config.wechat`. */
  config(): WeChatConfig;
  /** Who scans when the browser presses the page's button. */
  useAccount(account: TestWeChatAccount): void;
  /**
   * Opens the QR-code page at `authorizeUrl` as a browser would, "scans" as `account` (or the
   * current one) and answers the address WeChat sends the browser back to.
   */
  scan(authorizeUrl: string, account?: TestWeChatAccount): Promise<URL>;
  close(): Promise<void>;
};

export const defaultWeChatAccount: TestWeChatAccount = {
  openid: 'o6_bmjrPTlm6_2sgVt7hMZOPfL2M',
  unionid: 'o6_bmasdasdsad6_2sgVt7hMZOPfL',
  nickname: '微信用户',
  headimgurl: 'https://thirdwx.qlogo.cn/mmopen/test/132',
};

type IssuedCode = { account: TestWeChatAccount; expiresAt: number; used: boolean };

/**
 * A loopback stand-in for WeChat's website login, speaking its protocol: the QR-code page at
 * `/connect/qrconnect` (a button stands in for scanning with the phone), the redirect back with
 * `code` and `state`, `/sns/oauth2/access_token` and `/sns/userinfo` answering JSON labelled
 * `text/plain`, and failures as HTTP 200 with `errcode` and `errmsg`, with WeChat's codes.
 */
export async function startTestWeChatProvider(
  options: {
    appId?: string;
    appSecret?: string;
    /** The app's registered callback domain (授权回调域); any host when left out. */
    callbackHost?: string;
    port?: number;
  } = {},
): Promise<TestWeChatProvider> {
  const appId = options.appId ?? 'wx520c15f417810387';
  const appSecret = options.appSecret ?? randomBytes(16).toString('hex');
  const codes = new Map<string, IssuedCode>();
  const tokens = new Map<string, { account: TestWeChatAccount; expiresAt: number }>();
  let current = defaultWeChatAccount;

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(error instanceof Error ? error.message : 'failed');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function json(res: ServerResponse, body: object) {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(JSON.stringify(body));
  }

  function page(res: ServerResponse, status: number, body: string) {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>WeChat login</title>
<style>body{font-family:sans-serif;text-align:center;padding:32px}button{font-size:16px;padding:10px 20px;margin:6px}</style>
</head><body>${body}</body></html>`);
  }

  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

  /** The checks WeChat makes before it shows a QR code; a failure is its "参数错误" page. */
  function checkAuthorize(params: URLSearchParams): string | undefined {
    if (params.get('appid') !== appId) return 'appid 参数错误';
    if (params.get('response_type') !== 'code') return 'response_type 参数错误';
    if (params.get('scope') !== 'snsapi_login') return 'scope 参数错误';
    const redirect = params.get('redirect_uri') ?? '';
    let target: URL;
    try {
      target = new URL(redirect);
    } catch {
      return 'redirect_uri 参数错误';
    }
    if (options.callbackHost && target.host !== options.callbackHost) {
      return 'redirect_uri 参数错误';
    }
    return undefined;
  }

  function issueCode(account: TestWeChatAccount): string {
    const code = randomBytes(16).toString('hex');
    codes.set(code, { account, expiresAt: Date.now() + 10 * 60_000, used: false });
    return code;
  }

  function backTo(params: URLSearchParams, code: string | undefined): URL {
    const target = new URL(params.get('redirect_uri') ?? '');
    if (code) target.searchParams.set('code', code);
    target.searchParams.set('state', params.get('state') ?? '');
    return target;
  }

  async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', origin);
    const params = url.searchParams;

    if (req.method === 'GET' && url.pathname === '/connect/qrconnect') {
      const problem = checkAuthorize(params);
      if (problem) return page(res, 200, `<h1>${escape(problem)}</h1>`);
      const hidden = [...params]
        .map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`)
        .join('');
      return page(
        res,
        200,
        `<h1>WeChat login</h1><p>Scan the QR code with WeChat to sign in to this website.</p>
<div role="img" aria-label="QR code" style="width:160px;height:160px;margin:16px auto;background:repeating-linear-gradient(45deg,#000 0 8px,#fff 8px 16px)"></div>
<p>Signing in as <strong>${escape(current.nickname)}</strong></p>
<form method="post" action="/connect/confirm">${hidden}
<button type="submit" name="decision" value="allow">Scan and allow</button>
<button type="submit" name="decision" value="deny">Deny</button></form>`,
      );
    }

    if (req.method === 'POST' && url.pathname === '/connect/confirm') {
      const form = await readForm(req);
      const problem = checkAuthorize(form);
      if (problem) return page(res, 200, `<h1>${escape(problem)}</h1>`);
      // A refusal comes back with the state alone, as WeChat sends it.
      const code = form.get('decision') === 'allow' ? issueCode(current) : undefined;
      res.writeHead(302, { location: backTo(form, code).toString() });
      return res.end();
    }

    if (req.method === 'GET' && url.pathname === '/sns/oauth2/access_token') {
      if (params.get('appid') !== appId)
        return json(res, { errcode: 40013, errmsg: 'invalid appid' });
      if (params.get('secret') !== appSecret) {
        return json(res, { errcode: 40125, errmsg: 'invalid appsecret' });
      }
      if (params.get('grant_type') !== 'authorization_code') {
        return json(res, { errcode: 40002, errmsg: 'invalid grant_type' });
      }
      const issued = codes.get(params.get('code') ?? '');
      if (!issued || issued.expiresAt < Date.now()) {
        return json(res, { errcode: 40029, errmsg: 'invalid code' });
      }
      if (issued.used) return json(res, { errcode: 40163, errmsg: 'code been used' });
      issued.used = true;
      const accessToken = randomBytes(32).toString('base64url');
      tokens.set(accessToken, { account: issued.account, expiresAt: Date.now() + 7200_000 });
      return json(res, {
        access_token: accessToken,
        expires_in: 7200,
        refresh_token: randomBytes(32).toString('base64url'),
        openid: issued.account.openid,
        scope: 'snsapi_login',
        ...(issued.account.unionid ? { unionid: issued.account.unionid } : {}),
      });
    }

    if (req.method === 'GET' && url.pathname === '/sns/userinfo') {
      const token = tokens.get(params.get('access_token') ?? '');
      if (!token)
        return json(res, {
          errcode: 40001,
          errmsg: 'invalid credential, access_token is invalid or not latest',
        });
      if (token.expiresAt < Date.now())
        return json(res, { errcode: 42001, errmsg: 'access_token expired' });
      if (params.get('openid') !== token.account.openid) {
        return json(res, { errcode: 40003, errmsg: 'invalid openid' });
      }
      const account = token.account;
      return json(res, {
        openid: account.openid,
        nickname: account.nickname,
        sex: 0,
        province: '',
        city: '',
        country: '',
        headimgurl: account.headimgurl ?? '',
        privilege: [],
        ...(account.unionid ? { unionid: account.unionid } : {}),
      });
    }

    json(res, { errcode: 40066, errmsg: 'invalid url' });
  }

  return {
    origin,
    appId,
    appSecret,
    config: () => ({
      appId,
      appSecret,
      authorizeUrl: `${origin}/connect/qrconnect`,
      apiUrl: origin,
    }),
    useAccount(account) {
      current = account;
    },
    async scan(authorizeUrl, account) {
      const url = new URL(authorizeUrl);
      const problem = checkAuthorize(url.searchParams);
      if (problem) throw new Error(`the QR-code page refused: ${problem}`);
      return backTo(url.searchParams, issueCode(account ?? current));
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
