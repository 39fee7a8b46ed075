// Runs the server tests' WeChat stand-in as a standalone process for the Playwright run, so a
// real browser walks WeChat's QR-code page and comes back with a code and a state.
import { startTestWeChatProvider } from '../../apps/server/src/modules/auth/wechat/test-wechat-provider';
import { wechatAccount, wechatSettings } from './wechat-settings';

const settings = wechatSettings(Number(process.env.E2E_PORT ?? 18765));
const provider = await startTestWeChatProvider({
  port: settings.port,
  appId: settings.appId,
  appSecret: settings.appSecret,
});
provider.useAccount(wechatAccount);
console.log(`WeChat stand-in listening at ${provider.origin}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void provider.close().finally(() => process.exit(0));
  });
}
