/** Errors a service throws on purpose; the error handler maps the code to an HTTP status. */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  too_many_requests: 429,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
    /** A finer code than the HTTP class, for a screen that acts on it (e.g. `heavy_weight` asks to confirm). */
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what = 'Not found') => new AppError('not_found', what);
export const forbidden = (message = 'You do not have permission to perform this action') => new AppError('forbidden', message);
