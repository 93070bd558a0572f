import { z } from 'zod';

/**
 * Our words for a field zod refuses. A schema that states its own message keeps it; every other
 * issue is said here, per issue code, never in zod's default English ("Invalid input: expected
 * number, received NaN"), which would otherwise reach a person through a form or the API.
 */
export const VALIDATION_MESSAGES = {
  summary: 'Please check the highlighted fields',
  required: 'This field is required',
  number: 'Please enter a number',
  wholeNumber: 'Please enter a whole number',
  text: 'Please enter text',
  yesNo: 'Please choose yes or no',
  list: 'Please choose one or more values',
  date: 'Please enter a valid date',
  email: 'Please enter a valid email address',
  url: 'Please enter a valid web address',
  format: 'This is not in the right format',
  option: 'Please choose one of the options',
  invalid: 'This value is not valid',
  unknownField: 'This field is not accepted here',
  tooLong: (max: number) => `At most ${max} characters`,
  tooShort: (min: number) => `At least ${min} characters`,
  tooManyItems: (max: number) => `At most ${max} items`,
  tooFewItems: (min: number) => `Choose at least ${min}`,
  atMost: (max: number | bigint) => `Must be at most ${max}`,
  atLeast: (min: number | bigint) => `Must be at least ${min}`,
  greaterThan: (min: number | bigint) => `Must be greater than ${min}`,
  lessThan: (max: number | bigint) => `Must be less than ${max}`,
  multipleOf: (divisor: number | bigint) => `Must be a multiple of ${divisor}`,
} as const;

const M = VALIDATION_MESSAGES;

/** The parts of a zod issue (raw or finalized) the message depends on. */
export interface IssueLike {
  code?: string;
  expected?: string;
  input?: unknown;
  origin?: string;
  format?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
  inclusive?: boolean;
  divisor?: number | bigint;
}

function expectedMessage(issue: IssueLike): string {
  if (issue.input === undefined || issue.input === null || issue.input === '') return M.required;
  switch (issue.expected) {
    case 'int':
      return typeof issue.input === 'number' && Number.isFinite(issue.input) ? M.wholeNumber : M.number;
    case 'number':
    case 'bigint':
      return M.number;
    case 'string':
      return M.text;
    case 'boolean':
      return M.yesNo;
    case 'array':
    case 'set':
    case 'tuple':
      return M.list;
    case 'date':
      return M.date;
    default:
      return M.invalid;
  }
}

function sizeMessage(issue: IssueLike, big: boolean): string {
  const limit = (big ? issue.maximum : issue.minimum) ?? 0;
  const n = Number(limit);
  switch (issue.origin) {
    case 'string':
      if (!big && n <= 1) return M.required;
      return big ? M.tooLong(n) : M.tooShort(n);
    case 'array':
    case 'set':
      return big ? M.tooManyItems(n) : M.tooFewItems(n);
    case 'date':
      return M.date;
    default:
      if (big) return issue.inclusive === false ? M.lessThan(limit) : M.atMost(limit);
      return issue.inclusive === false ? M.greaterThan(limit) : M.atLeast(limit);
  }
}

function formatMessage(issue: IssueLike): string {
  switch (issue.format) {
    case 'email':
      return M.email;
    case 'url':
      return M.url;
    case 'date':
    case 'datetime':
    case 'time':
      return M.date;
    default:
      return M.format;
  }
}

/** Our message for one zod issue, by its code. */
export function issueMessage(issue: IssueLike): string {
  switch (issue.code) {
    case 'invalid_type':
      return expectedMessage(issue);
    case 'too_big':
      return sizeMessage(issue, true);
    case 'too_small':
      return sizeMessage(issue, false);
    case 'invalid_format':
      return formatMessage(issue);
    case 'not_multiple_of':
      return issue.divisor === 1 ? M.wholeNumber : M.multipleOf(issue.divisor ?? 1);
    case 'invalid_value':
      return M.option;
    case 'unrecognized_keys': {
      // Decision 003: an unknown field is refused by its name, so the caller knows which to drop.
      const keys = (issue as { keys?: string[] }).keys ?? [];
      if (keys.length === 0) return M.unknownField;
      return keys.length === 1 ? `${M.unknownField}: ${keys[0]}` : `These fields are not accepted here: ${keys.join(', ')}`;
    }
    default:
      return M.invalid;
  }
}

/**
 * zod's own phrases. The API's error handler replaces any message that still carries one (a
 * schema built outside this package, a library's), so none can reach a person.
 */
const ZOD_PHRASES =
  /Invalid input|Invalid (?:string|number|option|element|key|union|type)|expected .+, received|Too (?:big|small)|Unrecognized key|received (?:NaN|undefined|null)/;

/** The message a person sees for an issue: the schema's own, unless it is zod's default text. */
export function personMessage(issue: IssueLike & { message?: string }): string {
  if (issue.message && !ZOD_PHRASES.test(issue.message)) return issue.message;
  return issueMessage(issue);
}

/** True when a text carries one of zod's default phrases. */
export function isZodDefaultText(text: string): boolean {
  return ZOD_PHRASES.test(text);
}

// Every schema in this process, the API's and the web's, falls back to our words: zod asks the
// global error map only when the schema states no message of its own.
z.config({ customError: (issue) => issueMessage(issue as IssueLike) });
