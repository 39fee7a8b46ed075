import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiMock } from '../../../test/api-mock';
import { renderRoutes } from '../../../test/render';
import { signInTestUser } from '../../../test/session';
import { WeChatBindingCard } from './wechat-binding-card';

let api: ReturnType<typeof createApiMock>;

const unbound = { available: true, bound: false, nickname: null, avatar: null, bound_at: null };

beforeEach(() => {
  api = createApiMock();
  vi.stubGlobal('fetch', api.fetchMock);
  signInTestUser();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const at = (entry: string) =>
  renderRoutes(
    [{ path: '/account/profile', element: <WeChatBindingCard /> }],
    `/account/profile${entry}`,
  );

describe('WeChatBindingCard', () => {
  it('is not shown where the server offers no WeChat binding', async () => {
    api.on('GET', '/prod-api/user/wechat', { result: { ...unbound, available: false } });
    at('');
    await waitFor(() => expect(api.requests('GET', '/prod-api/user/wechat')).toHaveLength(1));
    // Let the answer land before looking: the card would show as soon as it has one.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('heading', { name: 'WeChat' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Bind WeChat' })).toBeNull();
  });

  it('offers binding where the server offers it', async () => {
    api.on('GET', '/prod-api/user/wechat', { result: unbound });
    at('');
    expect(await screen.findByRole('button', { name: 'Bind WeChat' })).toBeInTheDocument();
  });

  it('redeems the code and state WeChat sent back once, and takes them off the address', async () => {
    api.on('GET', '/prod-api/user/wechat', { result: unbound });
    api.on('POST', '/prod-api/user/wechat/bind', {
      result: { ...unbound, bound: true, nickname: 'Lin', bound_at: '2026-01-01T00:00:00Z' },
    });
    const { router } = at('?code=c0de&state=st4te');
    expect(await screen.findByText('Bound to Lin')).toBeInTheDocument();
    expect(api.requests('POST', '/prod-api/user/wechat/bind')).toHaveLength(1);
    expect(api.requests('POST', '/prod-api/user/wechat/bind')[0]?.body).toEqual({
      code: 'c0de',
      state: 'st4te',
    });
    expect(router.state.location.search).toBe('');
  });
});
