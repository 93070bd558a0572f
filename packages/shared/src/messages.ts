/**
 * Messages the API client and the server share. Area-specific messages live next to
 * the schema that enforces them in `schemas/<area>.ts`.
 */
export const CLIENT_MESSAGES = {
  network: 'Network error. Please check your connection and try again.',
  timeout: 'Request timeout. Please try again.',
} as const;

export const API_MESSAGES = {
  unauthenticated: 'Authentication required',
  invalidToken: 'Invalid or expired token',
  forbidden: 'You do not have permission to perform this action',
  notFound: 'Not found',
  routeNotFound: 'Route not found',
  malformedJson: 'The request body is not valid JSON',
  unsupportedMediaType: 'Unsupported content type; send application/json',
  malformedMultipart: 'The upload could not be read: send the file as multipart/form-data with its boundary',
  bodyTooLarge: 'The request body is too large',
  invalidInput: 'Some fields are invalid',
  unstorableText: 'Text cannot contain NUL characters or broken unicode',
  valueOutOfRange: 'A value is out of range or not in the right form',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  metricsToken: 'Give the metrics token as a Bearer token.',
  notReady: (failed: string[]) => `Not ready: ${failed.join(' and ')} unreachable`,
  internal: 'Something went wrong on our side. Please try again.',
  busy: 'The server is busy right now. Please try again in a moment.',
} as const;
