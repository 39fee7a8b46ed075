import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestWeChatProvider, type TestWeChatProvider } from './test-wechat-provider';
import { createWeChatClient, WeChatRefusal } from './wechat-client';

let wechat: TestWeChatProvider;
beforeAll(async () => {
  wechat = await startTestWeChatProvider();
});
afterAll(() => wechat.close());

const redirect = 'http://127.0.0.1:9/account/profile';

describe('WeChat client', () => {
  it('redeems a code and reads the user, keyed on the unionid', async () => {
    const client = createWeChatClient(wechat.config());
    const back = await wechat.scan(client.authorizeUrl('s-1', redirect), {
      openid: 'o-1',
      unionid: 'u-1',
      nickname: '  小明  ',
      headimgurl: 'https://thirdwx.qlogo.cn/mmopen/x/132',
    });
    expect(back.origin + back.pathname).toBe('http://127.0.0.1:9/account/profile');
    expect(back.searchParams.get('state')).toBe('s-1');
    const user = await client.identify(back.searchParams.get('code') ?? '');
    expect(user).toEqual({
      subject: 'u-1',
      openid: 'o-1',
      unionid: 'u-1',
      nickname: '小明',
      avatar: 'https://thirdwx.qlogo.cn/mmopen/x/132',
    });
  });

  it('keys on the openid where WeChat gives no unionid, and drops a non-web picture', async () => {
    const client = createWeChatClient(wechat.config());
    const back = await wechat.scan(client.authorizeUrl('s-2', redirect), {
      openid: 'o-2',
      nickname: 'Two',
      headimgurl: 'javascript:alert(1)',
    });
    const user = await client.identify(back.searchParams.get('code') ?? '');
    expect(user).toMatchObject({ subject: 'o-2', unionid: undefined, avatar: undefined });
  });

  it('reads errcode answers as refusals: an unknown code, a used one, a wrong secret', async () => {
    const client = createWeChatClient(wechat.config());
    await expect(client.identify('nope')).rejects.toMatchObject({ errcode: 40029 });
    const back = await wechat.scan(client.authorizeUrl('s-3', redirect));
    const code = back.searchParams.get('code') ?? '';
    await client.identify(code);
    await expect(client.identify(code)).rejects.toBeInstanceOf(WeChatRefusal);
    await expect(client.identify(code)).rejects.toMatchObject({ errcode: 40163 });
    const wrongSecret = createWeChatClient({ ...wechat.config(), appSecret: 'not-the-secret' });
    const fresh = await wechat.scan(client.authorizeUrl('s-4', redirect));
    await expect(wrongSecret.identify(fresh.searchParams.get('code') ?? '')).rejects.toMatchObject({
      errcode: 40125,
    });
  });

  it('is refused by the QR-code page for another app id or a foreign callback domain', async () => {
    const strict = await startTestWeChatProvider({ callbackHost: 'lumen.test' });
    try {
      const client = createWeChatClient(strict.config());
      await expect(strict.scan(client.authorizeUrl('s', redirect))).rejects.toThrow(/redirect_uri/);
      const other = createWeChatClient({ ...strict.config(), appId: 'wx-other' });
      await expect(
        strict.scan(other.authorizeUrl('s', 'http://lumen.test/account/profile')),
      ).rejects.toThrow(/appid/);
    } finally {
      await strict.close();
    }
  });
});
