import { describe, expect, it } from 'vitest';
import { ApiError, ClientErrorCode } from '../shared/api/api-error';
import { shouldRetry } from './query-client';

const apiError = (code: number, httpStatus: number) => new ApiError({ code, msg: 'x', httpStatus });

describe('shouldRetry', () => {
  it('does not retry answers that carry a spec code', () => {
    expect(shouldRetry(0, apiError(1001, 400))).toBe(false);
    expect(shouldRetry(0, apiError(2007, 200))).toBe(false);
    expect(shouldRetry(0, apiError(3015, 401))).toBe(false);
  });

  it('retries server errors and an unreachable server, twice at most', () => {
    expect(shouldRetry(0, apiError(1500, 500))).toBe(true);
    expect(shouldRetry(1, apiError(ClientErrorCode.network, 0))).toBe(true);
    expect(shouldRetry(2, apiError(1503, 503))).toBe(false);
  });

  it('does not repeat a request that already timed out', () => {
    expect(shouldRetry(0, apiError(ClientErrorCode.timeout, 0))).toBe(false);
  });
});
