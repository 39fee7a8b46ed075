import { HTTP_TIMEOUT_MS } from '@lumen/contracts/constants';
import { modals } from '@mantine/modals';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../session/session-store';
import { toast } from '../ui/toast';
import { ApiError, ClientErrorCode } from './api-error';
import { apiRequest, api } from './client';
import { setSessionRefresher } from './session-hooks';

vi.mock('../ui/toast', () => ({ toast: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

function envelope(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

async function catchError(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

const signedInUser = {
  userId: '1',
  username: 'ada',
  nickname: 'Ada',
  avatar: '',
  isAdmin: false,
  menuList: [],
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(toast).mockClear();
  useSession.setState({ user: null, hasRefreshCredential: false, loginOpen: false });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setSessionRefresher(() => Promise.resolve(false));
});

describe('apiRequest', () => {
  it('returns the result of a code 0 envelope and sends the agreed headers', async () => {
    fetchMock.mockResolvedValueOnce(envelope({ code: 0, msg: 'success', result: { id: 7 } }));

    await expect(
      api.post('/prod-api/things', { name: 'x' }, { query: { page: 2 } }),
    ).resolves.toEqual({ id: 7 });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/prod-api/things?page=2');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe(JSON.stringify({ name: 'x' }));
    const headers = init?.headers as Record<string, string>;
    expect(headers['X-accept-language']).toBe('en');
    expect(headers['X-Client-Platform']).toBe('web');
    expect(toast).not.toHaveBeenCalled();
  });

  it('throws an ApiError and shows the server message for 3 s on a failure code', async () => {
    fetchMock.mockResolvedValueOnce(
      envelope(
        {
          code: 1001,
          msg: 'Invalid parameters',
          result: { fields: [{ field: 'email', message: 'bad' }] },
        },
        400,
      ),
    );

    const error = await catchError(apiRequest('/prod-api/user/captcha'));

    expect(error).toMatchObject({ code: 1001, msg: 'Invalid parameters', httpStatus: 400 });
    expect(error.fields).toEqual([{ field: 'email', message: 'bad' }]);
    expect(toast).toHaveBeenCalledWith({
      type: 'error',
      message: 'Invalid parameters',
      duration: 3000,
    });
  });

  it("treats the gateway's HTTP 200 refusals by their code, with their fields", async () => {
    fetchMock.mockResolvedValueOnce(
      envelope({
        code: 1001,
        msg: 'Invalid parameters: params.batch_size: too big',
        message: 'Invalid parameters: params.batch_size: too big',
        result: { fields: [{ field: 'params.batch_size', message: 'too big' }] },
        request_id: 'r-1',
      }),
    );
    const error = await catchError(api.post('/api/gw/v3/image/txt2img/async', { prompt: 'x' }));
    expect(error).toMatchObject({ code: 1001, httpStatus: 200 });
    expect(error.fields).toEqual([{ field: 'params.batch_size', message: 'too big' }]);
    expect(toast).toHaveBeenCalledWith({
      type: 'error',
      message: 'Invalid parameters: params.batch_size: too big',
      duration: 3000,
    });

    fetchMock.mockResolvedValueOnce(
      envelope({ code: 1004, msg: 'Not found', message: 'Not found', result: null }),
    );
    const gone = await catchError(api.get('/api/gw/v3/image/image/async/results'));
    expect(gone).toMatchObject({ code: 1004, httpStatus: 200, msg: 'Not found' });
  });

  it('skips the toast when the caller asks for silence', async () => {
    fetchMock.mockResolvedValueOnce(
      envelope({ code: 1009, msg: 'Folder name exists', result: null }, 409),
    );
    const error = await catchError(apiRequest('/api/folders', { silent: true }));
    expect(error.code).toBe(1009);
    expect(toast).not.toHaveBeenCalled();
  });

  it('stays silent on code 8', async () => {
    fetchMock.mockResolvedValueOnce(envelope({ code: 8, msg: 'ignored', result: null }));
    const error = await catchError(apiRequest('/api/anything'));
    expect(error.code).toBe(8);
    expect(toast).not.toHaveBeenCalled();
  });

  it('warns that the comment review failed on code 10', async () => {
    fetchMock.mockResolvedValueOnce(envelope({ code: 10, msg: 'review', result: null }));
    await catchError(apiRequest('/api/comments'));
    expect(toast).toHaveBeenCalledWith({
      type: 'warning',
      message: 'The comment did not pass review. Please modify it.',
    });
  });

  it('shows "System error" for a 5xx answer whatever its message', async () => {
    fetchMock.mockResolvedValueOnce(
      envelope({ code: 1500, msg: 'stack trace here', result: null }, 500),
    );
    const error = await catchError(apiRequest('/api/anything'));
    expect(error).toMatchObject({ code: 1500, httpStatus: 500, msg: 'System error' });
    expect(error.isServerError).toBe(true);
    expect(toast).toHaveBeenCalledWith({ type: 'error', message: 'System error', duration: 3000 });
  });

  it('gives up after the 300000 ms timeout', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
    const pending = catchError(apiRequest('/api/slow'));

    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
    expect(toast).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);

    const error = await pending;
    expect(error.code).toBe(ClientErrorCode.timeout);
    expect(toast).toHaveBeenCalledWith({
      type: 'error',
      message: 'Time out, please try again',
      duration: 3000,
    });
  });

  it('logs out and opens the login dialog on code 3015', async () => {
    useSession.setState({ user: signedInUser, hasRefreshCredential: true });
    fetchMock.mockResolvedValueOnce(
      envelope({ code: 3015, msg: 'Please log in', result: null }, 401),
    );
    window.localStorage.setItem('refresh_token', 'r1');
    setSessionRefresher(() => Promise.resolve(false));

    const error = await catchError(apiRequest('/prod-api/user/info'));

    expect(error.code).toBe(3015);
    expect(useSession.getState()).toMatchObject({
      user: null,
      hasRefreshCredential: false,
      loginOpen: true,
    });
    expect(window.localStorage.getItem('refresh_token')).toBeNull();
    expect(toast).not.toHaveBeenCalled();
  });

  it('leaves the session alone on code 3015 for a noLogin request', async () => {
    useSession.setState({ user: signedInUser, hasRefreshCredential: true });
    fetchMock.mockResolvedValueOnce(envelope({ code: 3015, msg: 'Please log in', result: null }));
    await catchError(apiRequest('/prod-api/user/info', { noLogin: true }));
    expect(useSession.getState().user).toEqual(signedInUser);
    expect(useSession.getState().loginOpen).toBe(false);
  });

  it('refreshes once on HTTP 401 and retries the request', async () => {
    window.localStorage.setItem('refresh_token', 'r1');
    const refresher = vi.fn(() => Promise.resolve(true));
    setSessionRefresher(refresher);
    fetchMock
      .mockResolvedValueOnce(envelope({ code: 3015, msg: 'expired', result: null }, 401))
      .mockResolvedValueOnce(envelope({ code: 3015, msg: 'expired', result: null }, 401))
      .mockImplementation(() =>
        Promise.resolve(envelope({ code: 0, msg: 'success', result: 'ok' })),
      );

    const results = await Promise.all([apiRequest('/api/a'), apiRequest('/api/b')]);

    expect(results).toEqual(['ok', 'ok']);
    expect(refresher).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('asks to confirm the logout on codes 50008, 50012 and 50014, once', async () => {
    const openConfirm = vi.spyOn(modals, 'openConfirmModal').mockReturnValue('confirm');
    fetchMock.mockImplementation(() =>
      Promise.resolve(envelope({ code: 50012, msg: 'illegal token', result: null })),
    );

    await catchError(apiRequest('/api/a'));
    await catchError(apiRequest('/api/b'));

    expect(openConfirm).toHaveBeenCalledTimes(1);
    expect(openConfirm.mock.calls[0]?.[0]).toMatchObject({
      title: 'Confirm logout',
      children: 'You have been logged out.',
      labels: { confirm: 'Re-Login', cancel: 'Cancel' },
    });
    expect(toast).not.toHaveBeenCalled();
  });
});
