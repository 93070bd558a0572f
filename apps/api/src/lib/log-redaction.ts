import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose values are credentials: the password-reset and the
 * impersonation links carry a `token`, and a signed-in page opened from one is logged with it.
 * `api_key` is not among them: it names a courier, sits in every public page of its website and
 * grants nothing, while seeing it in a log tells which courier a request was for.
 */
const SECRET_QUERY_PARAMS = new Set(['token', 'access_token', 'refresh_token', 'reset_token', 'password', 'secret']);
export const REDACTED = '[redacted]';

/** The URL with the values of secret query parameters replaced; everything else byte for byte. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const parts = url
    .slice(query + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const rawName = eq === -1 ? part : part.slice(0, eq);
      let name: string;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        name = rawName;
      }
      return SECRET_QUERY_PARAMS.has(name.trim().toLowerCase()) ? `${rawName}=${REDACTED}` : part;
    });
  return `${url.slice(0, query)}?${parts.join('&')}`;
}

/** Fastify's own request serializer for the log, with the URL redacted. */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: [request.headers?.['accept-version']].flat()[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
