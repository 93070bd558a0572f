import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { API_MESSAGES } from '@courier/shared/messages';
import { type IssueLike, isZodDefaultText, personMessage } from '@courier/shared/validation';
import { ZodError } from 'zod';
import { isDatabaseBusy } from '../lib/db-errors';
import { AppError } from '../lib/errors';

type ZodIssueLike = IssueLike & { path?: PropertyKey[]; keys?: string[]; message?: string };
interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: ZodIssueLike };
}

/**
 * Field errors keyed by the dotted path of each zod issue, in our words (shared/validation): a
 * schema's own message stays, zod's default text never passes. An unknown field is named itself.
 */
function fieldErrorsOf(issues: ValidationIssue[]): Record<string, string[]> {
  // A Map: a field may be named like an object's own methods ("constructor", "toString").
  const out = new Map<string, string[]>();
  const add = (key: string, message: string) => {
    const list = out.get(key) ?? [];
    if (!list.includes(message)) list.push(message);
    out.set(key, list);
  };
  for (const issue of issues) {
    const zodIssue = issue.params?.issue;
    const pathParts = zodIssue?.path;
    const key =
      pathParts && pathParts.length > 0
        ? pathParts.map(String).join('.')
        : (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || '_';
    const message = zodIssue ? personMessage(zodIssue) : personMessage({ message: issue.message });
    if (zodIssue?.code === 'unrecognized_keys' && zodIssue.keys?.length) {
      for (const name of zodIssue.keys) add(key === '_' ? name : `${key}.${name}`, message);
    } else add(key, message);
  }
  return Object.fromEntries(out);
}

/**
 * PostgreSQL data exceptions that only input causes: a number beyond the column (an id past
 * int4), text the type cannot parse, a date that does not exist, text longer than the column.
 * zod checks what a schema can state; the column's own limits are the database's, and a value it
 * refuses is the caller's error (400), not the server's (500).
 */
const INPUT_DATA_EXCEPTIONS = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05']);

function isInputDataException(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && INPUT_DATA_EXCEPTIONS.has(code)) return true;
  }
  return false;
}

/**
 * One error handler for the whole API: every failure answers `{ message, code?, fieldErrors? }`.
 * A 4xx carries a message a person can act on; a 5xx never leaks internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    try {
      return answer(error, request, reply);
    } catch (failure) {
      // The handler itself must never let Fastify's own text (an internal message) reach the caller.
      request.log.error({ err: failure, cause: error }, 'error handler failed');
      return reply.status(500).send({ message: API_MESSAGES.internal, code: 'internal' });
    }
  });
}

function answer(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    return reply.status(error.status).send({ message: error.message, code: error.reason ?? error.code, fieldErrors: error.fieldErrors });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fieldErrors = fieldErrorsOf(error.validation as unknown as ValidationIssue[]);
    const first = Object.values(fieldErrors)[0]?.[0] ?? API_MESSAGES.invalidInput;
    return reply.status(400).send({ message: first, code: 'validation', fieldErrors });
  }
  if (error instanceof ZodError) {
    // A schema a service parses itself: the same answer as the request's own validation.
    const fieldErrors = fieldErrorsOf(error.issues.map((issue) => ({ params: { issue: issue as ZodIssueLike } })));
    const first = Object.values(fieldErrors)[0]?.[0] ?? API_MESSAGES.invalidInput;
    return reply.status(400).send({ message: first, code: 'validation', fieldErrors });
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
    return reply.status(500).send({ message: API_MESSAGES.internal, code: 'internal' });
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return reply.status(400).send({ message: API_MESSAGES.malformedJson, code: 'malformed_json' });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return reply.status(415).send({ message: API_MESSAGES.unsupportedMediaType, code: 'unsupported_media_type' });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return reply.status(413).send({ message: API_MESSAGES.bodyTooLarge, code: 'payload_too_large' });
  }
  if (error instanceof SyntaxError && (error as FastifyError).statusCode === 400) {
    return reply.status(400).send({ message: API_MESSAGES.malformedJson, code: 'malformed_json' });
  }
  if (isDatabaseBusy(error)) {
    request.log.warn({ err: error }, 'database limit reached');
    return reply.status(503).header('retry-after', '5').send({ message: API_MESSAGES.busy, code: 'busy' });
  }
  if (isInputDataException(error)) {
    return reply.status(400).send({ message: API_MESSAGES.valueOutOfRange, code: 'validation' });
  }
  const status = error.statusCode ?? 500;
  if (status === 429) {
    return reply.status(429).send({ message: API_MESSAGES.tooManyRequests, code: 'too_many_requests' });
  }
  if (status >= 400 && status < 500) {
    const message = error.message && !isZodDefaultText(error.message) ? error.message : API_MESSAGES.invalidInput;
    return reply.status(status).send({ message });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send({ message: API_MESSAGES.internal, code: 'internal' });
}
