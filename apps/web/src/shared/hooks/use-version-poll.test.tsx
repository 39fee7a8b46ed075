import { VERSION_POLL_MS } from '@lumen/contracts/constants';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { useVersionPoll } from './use-version-poll';

function Poller() {
  useVersionPoll();
  return null;
}

const versions: string[] = [];
const fetchMock = vi.fn((url: string, _init?: RequestInit) => {
  if (!url.startsWith('/version.json')) return Promise.reject(new Error(`unexpected ${url}`));
  const version = versions.shift() ?? 'unchanged';
  return Promise.resolve(new Response(JSON.stringify({ version })));
});

async function advance(ms: number): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  versions.length = 0;
});

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

describe('useVersionPoll', () => {
  it('checks at start and every 60 s without the cache', async () => {
    versions.push('1.0.0', '1.0.0');
    renderWithProviders(<Poller />);
    await advance(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await advance(VERSION_POLL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[0]?.[1]).toEqual({ cache: 'no-store' });
    expect(screen.queryByText(/new version is available/i)).not.toBeInTheDocument();
  });

  it('shows a persistent warning once the deployed version changes', async () => {
    versions.push('1.0.0', '1.0.0', '1.1.0');
    renderWithProviders(<Poller />);
    await advance(VERSION_POLL_MS);
    expect(screen.queryByText(/new version is available/i)).not.toBeInTheDocument();

    await advance(VERSION_POLL_MS);
    expect(screen.getByText(/new version is available/i)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Click to reload.' })).toBeInTheDocument();

    fireEvent.keyDown(document, { key: 'Escape' });
    await advance(10 * VERSION_POLL_MS);
    expect(screen.getByText(/new version is available/i)).toBeInTheDocument();
  });

  it('ignores a failed check', async () => {
    fetchMock.mockImplementationOnce(() => Promise.resolve(new Response('', { status: 502 })));
    versions.push('1.0.0', '1.0.0');
    renderWithProviders(<Poller />);
    await advance(2 * VERSION_POLL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(screen.queryByText(/new version is available/i)).not.toBeInTheDocument();
  });
});
