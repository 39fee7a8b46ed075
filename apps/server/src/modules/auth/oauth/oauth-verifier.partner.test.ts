import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode } from '@lumen/contracts/error-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/env';
import { createOAuthVerifier } from './oauth-verifier';

const { oauth: noOAuth } = loadConfig({});
const refusedBy = (provider: string) => ({ code: ErrorCode.loginFailed, params: { provider } });

describe('partner device login', () => {
  let partnerServer: http.Server;
  let verifyUrl: string;
  const received: unknown[] = [];

  beforeAll(async () => {
    partnerServer = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const sent = JSON.parse(body) as { token?: string; app_id?: string };
        received.push(sent);
        const answer =
          sent.token === 'good-token'
            ? { code: 0, result: { uid: 4242, nickname: 'Len', email: 'len@example.test' } }
            : { code: 40101, msg: 'token invalid' };
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => partnerServer.listen(0, '127.0.0.1', resolve));
    verifyUrl = `http://127.0.0.1:${(partnerServer.address() as AddressInfo).port}/verify`;
  });
  afterAll(() => new Promise((resolve) => partnerServer.close(resolve)));

  const partnerVerifier = () =>
    createOAuthVerifier({ oauth: noOAuth, partner: { verifyUrl, appIds: ['app-1', 'app-2'] } });

  it('accepts a token the partner vouches for', async () => {
    const identity = await partnerVerifier().verifyPartnerToken({
      token: 'good-token',
      appId: 'app-2',
    });

    expect(identity).toEqual({
      provider: 'lenovo',
      subject: '4242',
      email: 'len@example.test',
      emailVerified: false,
      name: 'Len',
      avatar: undefined,
    });
    expect(received.at(-1)).toEqual({ token: 'good-token', app_id: 'app-2' });
  });

  it('refuses a token the partner rejects', async () => {
    await expect(
      partnerVerifier().verifyPartnerToken({ token: 'bad-token', appId: 'app-1' }),
    ).rejects.toMatchObject(refusedBy('Lenovo'));
  });

  it('refuses an unknown app id without asking the partner', async () => {
    const before = received.length;

    await expect(
      partnerVerifier().verifyPartnerToken({ token: 'good-token', appId: 'app-9' }),
    ).rejects.toMatchObject(refusedBy('Lenovo'));
    expect(received).toHaveLength(before);
  });
});
