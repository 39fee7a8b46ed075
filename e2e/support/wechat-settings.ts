/**
 * Where the end-to-end run's WeChat stand-in listens and how the app is pointed at it. The port
 * is fixed because the app reads it from its environment before the stand-in starts; it is far
 * from the app's own (the app's port + 1100) so that runs on neighbouring ports, each with its
 * OpenID provider on the next port, do not collide.
 */
export function wechatSettings(appPort: number) {
  const port = appPort + 1100;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    appId: 'wxe2e0000000000001',
    // A throwaway secret shared by the two processes of this test run only.
    appSecret: 'e2e-wechat-secret-not-for-production',
  };
}

/** The app's settings that bind WeChat through the stand-in. */
export function wechatEnv(appPort: number): Record<string, string> {
  const settings = wechatSettings(appPort);
  return {
    OAUTH_WECHAT_CLIENT_ID: settings.appId,
    OAUTH_WECHAT_CLIENT_SECRET: settings.appSecret,
    OAUTH_WECHAT_AUTHORIZE_URL: `${settings.origin}/connect/qrconnect`,
    OAUTH_WECHAT_API_URL: settings.origin,
  };
}

/** Who "scans" the QR code in the browser run. */
export const wechatAccount = {
  openid: 'o-e2e-wechat-openid',
  unionid: 'u-e2e-wechat-unionid',
  nickname: '小龙 Dragon',
};
