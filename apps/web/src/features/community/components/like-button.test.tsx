import type { Work, WorkPage } from '@lumen/contracts/community';
import { useQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers';
import { useSession } from '../../../shared/session/session-store';
import { createApiMock } from '../../../test/api-mock';
import { createTestQueryClient } from '../../../test/render';
import { signInTestUser } from '../../../test/session';
import { communityKeys } from '../api/query-keys';
import { workFixture } from '../test/work-fixture';
import { LikeButton } from './like-button';

const likePath = '/prod-api/content/works/7/like';
const feedKey = communityKeys.feed('42', { sort: 'new' });
let api: ReturnType<typeof createApiMock>;
let client: QueryClient;

function Probe() {
  const { data } = useQuery<Work>({
    queryKey: communityKeys.work('7'),
    queryFn: () => new Promise<Work>(() => undefined),
    staleTime: Infinity,
  });
  return data ? <LikeButton work={data} /> : null;
}

function renderProbe() {
  client.setQueryData(communityKeys.work('7'), workFixture());
  client.setQueryData<InfiniteData<WorkPage>>(feedKey, {
    pages: [{ data: [workFixture(), workFixture({ work_id: '8' })], next_cursor: null }],
    pageParams: [undefined],
  });
  render(
    <Providers env="test" queryClient={client}>
      <Probe />
    </Providers>,
  );
}

function feedWork(id: string): Work | undefined {
  return client
    .getQueryData<InfiniteData<WorkPage>>(feedKey)
    ?.pages[0]?.data.find((w) => w.work_id === id);
}

beforeEach(() => {
  api = createApiMock();
  vi.stubGlobal('fetch', api.fetchMock);
  client = createTestQueryClient();
});

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null, hasRefreshCredential: false, loginOpen: false });
});

describe('LikeButton (optimistic toggle)', () => {
  it('counts the like at once everywhere the work shows, then takes the server’s count', async () => {
    signInTestUser();
    let answer: (value: { result: unknown }) => void = () => undefined;
    api.on('POST', likePath, () => new Promise((resolve) => (answer = resolve)));
    renderProbe();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Like' }));
    const button = await screen.findByRole('button', { name: 'Unlike' });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(button).toHaveTextContent('4');
    expect(feedWork('7')).toMatchObject({ liked: true, like_count: 4 });
    expect(feedWork('8')).toMatchObject({ liked: false, like_count: 3 });

    answer({ result: { liked: true, like_count: 10 } });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Unlike' })).toHaveTextContent('10'),
    );
    expect(feedWork('7')?.like_count).toBe(10);
    expect(api.requests('POST', likePath)).toHaveLength(1);
  });

  it('puts the old state back when the server refuses', async () => {
    signInTestUser();
    api.on('POST', likePath, { code: 1004, msg: 'Not found', status: 404 });
    renderProbe();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Like' }));
    await waitFor(() => expect(api.requests('POST', likePath)).toHaveLength(1));
    const button = await screen.findByRole('button', { name: 'Like' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(button).toHaveTextContent('3');
    expect(feedWork('7')).toMatchObject({ liked: false, like_count: 3 });
  });

  it('unlikes with DELETE', async () => {
    signInTestUser();
    api.on('DELETE', likePath, { result: { liked: false, like_count: 2 } });
    client.setQueryData(communityKeys.work('7'), workFixture({ liked: true }));
    render(
      <Providers env="test" queryClient={client}>
        <Probe />
      </Providers>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unlike' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Like' })).toHaveTextContent('2'),
    );
    expect(api.requests('DELETE', likePath)).toHaveLength(1);
  });

  it('asks a visitor to sign in and sends nothing', async () => {
    renderProbe();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Like' }));
    expect(useSession.getState().loginOpen).toBe(true);
    expect(api.requests('POST', likePath)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Like' })).toHaveTextContent('3');
  });
});
