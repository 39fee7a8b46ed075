import { z } from 'zod';
import type { WeChatConfig } from '../../../config/env';

/** Who WeChat says scanned the code: the stable id this server keys the binding on, and more. */
export type WeChatUser = {
  /** The unionid where WeChat gives one (stable across a company's apps), else the openid. */
  subject: string;
  openid: string;
  unionid: string | undefined;
  nickname: string | undefined;
  avatar: string | undefined;
};

/** WeChat answered with an `errcode`: the code was wrong, used, expired, or the app refused. */
export class WeChatRefusal extends Error {
  constructor(
    readonly errcode: number,
    errmsg: string,
  ) {
    super(`WeChat answered errcode ${errcode}: ${errmsg}`);
    this.name = 'WeChatRefusal';
  }
}

const timeoutMs = 10_000;

const errorAnswerSchema = z.looseObject({
  errcode: z.coerce.number().int(),
  errmsg: z.string().optional(),
});

const tokenAnswerSchema = z.looseObject({
  access_token: z.string().min(1),
  openid: z.string().min(1),
  unionid: z.string().min(1).optional(),
});

const userAnswerSchema = z.looseObject({
  openid: z.string().min(1),
  unionid: z.string().min(1).optional(),
  nickname: z.string().optional(),
  headimgurl: z.string().optional(),
});

/**
 * WeChat's website login (网站应用微信登录): the QR-code page the browser is sent to, then the
 * code redeemed at `/sns/oauth2/access_token` and the user read at `/sns/userinfo`. Both answer
 * HTTP 200 whether they succeed or not (a failure carries `errcode`), and label their JSON
 * `text/plain`, so the body is read as text and parsed here.
 */
export function createWeChatClient(config: WeChatConfig, fetchFn = globalThis.fetch) {
  async function get(path: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL(path, `${config.apiUrl}/`);
    url.search = new URLSearchParams(params).toString();
    const response = await fetchFn(url, { signal: AbortSignal.timeout(timeoutMs) });
    // The query carries the secret and the code, so only the path is named.
    if (!response.ok) throw new Error(`${url.pathname} answered HTTP ${response.status}`);
    const answer: unknown = JSON.parse(await response.text());
    const error = errorAnswerSchema.safeParse(answer);
    if (error.success && error.data.errcode !== 0) {
      throw new WeChatRefusal(error.data.errcode, error.data.errmsg ?? '');
    }
    return answer;
  }

  return {
    /** The QR-code page for this app; WeChat comes back to `redirectUri?code=…&state=…`. */
    authorizeUrl(state: string, redirectUri: string): string {
      const url = new URL(config.authorizeUrl);
      url.search = new URLSearchParams({
        appid: config.appId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'snsapi_login',
        state,
      }).toString();
      // WeChat's documentation requires this fragment on the QR-code page's address.
      url.hash = 'wechat_redirect';
      return url.toString();
    },

    /** Redeems the code WeChat handed the browser and reads who it belongs to. */
    async identify(code: string): Promise<WeChatUser> {
      const token = tokenAnswerSchema.parse(
        await get('sns/oauth2/access_token', {
          appid: config.appId,
          secret: config.appSecret,
          code,
          grant_type: 'authorization_code',
        }),
      );
      const user = userAnswerSchema.parse(
        await get('sns/userinfo', { access_token: token.access_token, openid: token.openid }),
      );
      if (user.openid !== token.openid) throw new Error('userinfo names another openid');
      const unionid = user.unionid ?? token.unionid;
      const nickname = user.nickname?.trim();
      const avatar = user.headimgurl?.trim();
      return {
        subject: unionid ?? token.openid,
        openid: token.openid,
        unionid,
        nickname: nickname ? nickname.slice(0, 64) : undefined,
        // Only web addresses: the picture is shown in pages, so no `javascript:` or `data:`.
        avatar: avatar && /^https?:\/\//i.test(avatar) ? avatar : undefined,
      };
    },
  };
}

export type WeChatClient = ReturnType<typeof createWeChatClient>;
