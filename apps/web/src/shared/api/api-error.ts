/** Codes the client gives failures that never reached an envelope (no spec code applies). */
export const ClientErrorCode = {
  timeout: -1,
  network: -2,
  badResponse: -3,
} as const;

export interface ApiErrorField {
  field: string;
  message: string;
}

/** A failed call: the envelope's code and message, or a ClientErrorCode when there was none. */
export class ApiError extends Error {
  readonly code: number;
  readonly msg: string;
  readonly httpStatus: number;
  readonly fields?: ApiErrorField[];

  constructor(init: { code: number; msg: string; httpStatus: number; fields?: ApiErrorField[] }) {
    super(init.msg);
    this.name = 'ApiError';
    this.code = init.code;
    this.msg = init.msg;
    this.httpStatus = init.httpStatus;
    if (init.fields) this.fields = init.fields;
  }

  get isServerError(): boolean {
    return this.httpStatus >= 500 && this.httpStatus < 600;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
