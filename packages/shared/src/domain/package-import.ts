import { parseCents } from '../format/money';
import { normaliseTrackingNumber } from './carrier';

/**
 * Reading a warehouse agent's file of received parcels (CSV or Excel): which column holds what,
 * and each row's values checked and converted, with messages in our words. The same rules serve
 * the admin's preview, the import itself, the inbound API and the scheduled pick-up.
 */

export const IMPORT_FIELDS = [
  'trackingNumber',
  'mailbox',
  'consignee',
  'weightLb',
  'lengthIn',
  'widthIn',
  'heightIn',
  'dimensions',
  'pieces',
  'merchant',
  'description',
  'valueUsd',
  'receivedDate',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  trackingNumber: 'Tracking number',
  mailbox: 'Mailbox',
  consignee: 'Consignee',
  weightLb: 'Weight (lb)',
  lengthIn: 'Length (in)',
  widthIn: 'Width (in)',
  heightIn: 'Height (in)',
  dimensions: 'Dimensions (L x W x H)',
  pieces: 'Pieces',
  merchant: 'Merchant',
  description: 'Description',
  valueUsd: 'Value (US$)',
  receivedDate: 'Date received',
};

/** Which header of the file holds each field; a field left out is not in the file. */
export type ImportMapping = Partial<Record<ImportField, string>>;

/** Header words agents' systems use (Magaya, spreadsheets), lower case without punctuation. */
const SYNONYMS: Record<ImportField, string[]> = {
  trackingNumber: [
    'tracking number',
    'tracking',
    'tracking no',
    'tracking nr',
    'tracking num',
    'tracking id',
    'awb',
    'pro number',
    'carrier tracking',
  ],
  mailbox: [
    'mailbox',
    'mailbox number',
    'mailbox no',
    'suite',
    'suite number',
    'box',
    'box number',
    'account',
    'account number',
    'customer id',
    'pobox',
  ],
  consignee: ['consignee', 'consignee name', 'customer', 'customer name', 'name', 'recipient', 'ship to'],
  weightLb: ['weight', 'weight lb', 'weight lbs', 'lbs', 'lb', 'wt', 'gross weight'],
  lengthIn: ['length', 'length in', 'l'],
  widthIn: ['width', 'width in', 'w'],
  heightIn: ['height', 'height in', 'h'],
  dimensions: ['dimensions', 'dims', 'dimension', 'size', 'l x w x h', 'lxwxh'],
  pieces: ['pieces', 'pcs', 'piece count', 'qty', 'quantity'],
  merchant: ['merchant', 'shipper', 'vendor', 'store', 'supplier', 'sender'],
  description: ['description', 'contents', 'content', 'item', 'items', 'goods'],
  valueUsd: ['value', 'value usd', 'declared value', 'value us', 'invoice value', 'amount', 'cost'],
  receivedDate: ['date', 'received', 'received date', 'date received', 'receipt date', 'arrival date', 'warehouse date'],
};

const headerKey = (h: string) =>
  h
    .toLowerCase()
    .replace(/[#$()/.:_-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The mapping for a file's headers: the remembered one where its headers are still there, else
 * a guess from the header words. A header is used for one field at most.
 */
export function guessMapping(headers: readonly string[], remembered?: ImportMapping | null): ImportMapping {
  const mapping: ImportMapping = {};
  const used = new Set<string>();
  const present = new Set(headers);
  for (const field of IMPORT_FIELDS) {
    const header = remembered?.[field];
    if (header && present.has(header) && !used.has(header)) {
      mapping[field] = header;
      used.add(header);
    }
  }
  for (const field of IMPORT_FIELDS) {
    if (mapping[field]) continue;
    const header = headers.find((h) => !used.has(h) && SYNONYMS[field].includes(headerKey(h)));
    if (header) {
      mapping[field] = header;
      used.add(header);
    }
  }
  return mapping;
}

/** Whether a header names the field, read as the import's guess reads it ("Tracking #" is the tracking number). */
export const headerNames = (field: ImportField, header: string) => SYNONYMS[field].includes(headerKey(header));

/** Headers a manifest file uses for our own package number. */
const PACKAGE_NUMBER_HEADERS = ['package number', 'package', 'package no', 'package nr', 'package id', 'pkg', 'pkg number', 'pkg no'];
export const headerNamesPackageNumber = (header: string) => PACKAGE_NUMBER_HEADERS.includes(headerKey(header));

export const IMPORT_MESSAGES = {
  trackingColumnMissing: 'Choose the column that holds the tracking number',
  weightColumnMissing: 'Choose the column that holds the weight',
  columnTwice: (header: string) => `The column "${header}" is chosen for two fields`,
  columnNotInFile: (header: string) => `The file has no column "${header}"`,
  trackingMissing: 'The tracking number is empty',
  trackingShape: 'The tracking number may only have letters, digits, spaces and hyphens (at most 40)',
  weightMissing: 'The weight is empty',
  weightBad: (raw: string) => `The weight "${raw}" is not a number of pounds`,
  weightRange: 'The weight must be more than 0 and at most 2,000 lb',
  dimensionBad: (what: string, raw: string) => `The ${what} "${raw}" is not a number of inches`,
  dimensionsBad: (raw: string) => `The dimensions "${raw}" are not length x width x height in inches`,
  piecesBad: (raw: string) => `The pieces "${raw}" is not a whole number from 1 to 99`,
  valueBad: (raw: string) => `The value "${raw}" is not an amount in US dollars`,
  dateBad: (raw: string) => `The date "${raw}" is not a date (use 2026-11-26 or 11/26/2026)`,
  dateFuture: (raw: string) => `The date "${raw}" is in the future`,
  tooLong: (what: string, max: number) => `The ${what} is longer than ${max} characters`,
  keptWithout: (problem: string) => `${problem}: imported without it`,
  keptToday: (problem: string) => `${problem}: imported as received today`,
  placeholder: (what: string, raw: string) => `The ${what} is "${raw}"`,
  duplicateInFile: (row: number) => `The same tracking number is on row ${row} of this file`,
  alreadyReceived: (packageNumber: string) => `Already received as ${packageNumber}`,
  piecesReceived: (packageNumbers: string[]) => `${packageNumbers.length} pieces: ${packageNumbers.join(', ')}`,
  mailboxUnknown: (mailbox: string) => `No customer has the mailbox ${mailbox}: the package goes to Unknown Packages`,
  consigneeUnknown: (name: string) => `No customer is named ${name}: the package goes to Unknown Packages`,
  consigneeAmbiguous: (name: string) => `More than one customer is named ${name}: the package goes to Unknown Packages`,
  noCustomer: 'No mailbox or consignee: the package goes to Unknown Packages',
  noRows: 'The file has no rows under its header',
  tooManyRows: (max: number) => `The file has more than ${max.toLocaleString('en-US')} rows; split it into smaller files`,
  notReadable: 'The file must be a CSV text file or an Excel workbook (.xlsx)',
  fileMissing: 'Choose the CSV or Excel file to import',
  fileTooLarge: 'The file is larger than 10 MB',
  importNotFound: 'Import not found',
  rowNotRefused: 'Only a refused row can be fixed and sent again',
  rowCellsCount: (n: number) => `Send the row's ${n} cells, one per column of the file`,
  alreadyImported: 'This file has already been imported',
  importRunning: 'This file is being imported',
} as const;

/** Boxes one row may stand for: each becomes its own package, piece n of count. */
export const MAX_PIECES = 99;

/** Rows one file may have: a day of a busy agent's receipts with a wide margin. */
export const IMPORT_MAX_ROWS = 20_000;

/** One row's values, converted: weights and dimensions in lb and inches (2 decimals), value in cents. */
export interface ImportValues {
  trackingNumber: string;
  mailbox: string | null;
  consignee: string | null;
  weightLb: number;
  lengthIn: number | null;
  widthIn: number | null;
  heightIn: number | null;
  pieces: number | null;
  merchant: string | null;
  description: string | null;
  declaredValueUsdCents: number | null;
  /** yyyy-mm-dd as written by the agent, or null. */
  receivedDate: string | null;
}

/**
 * A refused row names its tracking number as written (to find it in the file); a kept row may
 * carry warnings: an optional field the agent left as N/A, or could not give, is left empty.
 */
export type RowCheck =
  | { ok: true; values: ImportValues; warnings: string[] }
  | { ok: false; errors: string[]; trackingNumber: string | null };

/** What agents write in a field they cannot fill: the parcel is there, the field is empty. */
const PLACEHOLDER = /^(?:n\/?a|none|null|nil|unknown|tbd|tba|-+|—|\?+)$/i;

/** Problems with a mapping before any row is read: the two fields every parcel needs, no column twice. */
export function mappingProblems(mapping: ImportMapping, headers: readonly string[]): string[] {
  const problems: string[] = [];
  if (!mapping.trackingNumber) problems.push(IMPORT_MESSAGES.trackingColumnMissing);
  if (!mapping.weightLb) problems.push(IMPORT_MESSAGES.weightColumnMissing);
  const seen = new Set<string>();
  for (const header of Object.values(mapping)) {
    if (!header) continue;
    if (!headers.includes(header)) problems.push(IMPORT_MESSAGES.columnNotInFile(header));
    else if (seen.has(header)) problems.push(IMPORT_MESSAGES.columnTwice(header));
    seen.add(header);
  }
  return [...new Set(problems)];
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const NUMBER = /^\d{1,7}(?:[.,]\d+)?$/;

/** "12.5", "12.5 lb", "12,5 lbs", "3 kg" → pounds to 2 decimals; null when not a weight. */
export function parseWeightLb(raw: string): number | null {
  const m = raw
    .trim()
    .toLowerCase()
    .match(/^(\d{1,7}(?:[.,]\d+)?)\s*(lbs?|pounds?|kgs?|kilos?)?\.?$/);
  if (!m?.[1]) return null;
  const n = Number(m[1].replace(',', '.'));
  return round2(m[2]?.startsWith('k') ? n * 2.20462 : n);
}

function parseInches(raw: string): number | null {
  const s = raw
    .trim()
    .toLowerCase()
    .replace(/\s*(in|inches|")$/, '');
  return NUMBER.test(s) ? round2(Number(s.replace(',', '.'))) : null;
}

/** "$1,234.50", "45", "45.5 USD" → cents; null when not an amount. */
export function parseUsdCents(raw: string): number | null {
  const s = raw
    .trim()
    .replace(/^us\$|^\$|\s*usd$/i, '')
    .replace(/,(?=\d{3}(?:\D|$))/g, '')
    .trim();
  if (!/^\d{1,9}(?:\.\d{1,2})?$/.test(s)) return null;
  return parseCents(s);
}

/** 2026-11-26, 11/26/2026, 11/26/26 (US order, as the agents write) → yyyy-mm-dd; null when not a date. */
export function parseImportDate(raw: string): string | null {
  const s = raw.trim();
  let y: number;
  let m: number;
  let d: number;
  const iso = s.match(/^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T].*)?$/);
  const us = s.match(/^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})(?: .*)?$/);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (us) [m, d, y] = [Number(us[1]), Number(us[2]), Number(us[3]?.length === 2 ? `20${us[3]}` : us[3])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

const text = (raw: string | undefined, max: number, what: string, errors: string[]) => {
  const v = (raw ?? '').trim();
  if (v.length > max) errors.push(IMPORT_MESSAGES.tooLong(what, max));
  return v === '' ? null : v.slice(0, max);
};

/**
 * Checks one row (its cells by header) against the mapping: every bad value gets its own message,
 * so the agent can fix the row in one go. `today` (yyyy-mm-dd) bounds the received date.
 */
export function checkImportRow(cells: Record<string, string>, mapping: ImportMapping, today: string): RowCheck {
  const get = (field: ImportField) => {
    const header = mapping[field];
    return header ? (cells[header] ?? '').trim() : '';
  };
  const errors: string[] = [];
  const rawTracking = get('trackingNumber');
  let trackingNumber = '';
  if (!rawTracking) errors.push(IMPORT_MESSAGES.trackingMissing);
  else if (!/^[A-Za-z0-9 -]{1,40}$/.test(rawTracking)) errors.push(IMPORT_MESSAGES.trackingShape);
  else trackingNumber = normaliseTrackingNumber(rawTracking);

  const rawWeight = get('weightLb');
  let weightLb = 0;
  if (!rawWeight) errors.push(IMPORT_MESSAGES.weightMissing);
  else {
    const w = parseWeightLb(rawWeight);
    if (w === null) errors.push(IMPORT_MESSAGES.weightBad(rawWeight));
    else if (w <= 0 || w > 2000) errors.push(IMPORT_MESSAGES.weightRange);
    else weightLb = w;
  }

  // The parcel is at the agent whatever its optional fields say: a bad one is left empty and noted.
  const warnings: string[] = [];
  const optional = (field: ImportField, what: string) => {
    const raw = get(field);
    if (PLACEHOLDER.test(raw)) {
      warnings.push(IMPORT_MESSAGES.keptWithout(IMPORT_MESSAGES.placeholder(what, raw)));
      return '';
    }
    return raw;
  };

  const dims: [number | null, number | null, number | null] = [null, null, null];
  const rawDims = optional('dimensions', 'dimensions');
  if (rawDims) {
    const parts = rawDims.toLowerCase().split(/\s*[x×*]\s*/);
    const values = parts.map(parseInches);
    if (parts.length !== 3 || values.some((v) => v === null || v <= 0 || v > 1000))
      warnings.push(IMPORT_MESSAGES.keptWithout(IMPORT_MESSAGES.dimensionsBad(rawDims)));
    else [dims[0], dims[1], dims[2]] = values as [number, number, number];
  }
  (['lengthIn', 'widthIn', 'heightIn'] as const).forEach((field, i) => {
    const what = IMPORT_FIELD_LABELS[field].replace(' (in)', '').toLowerCase();
    const raw = optional(field, what);
    if (!raw) return;
    const v = parseInches(raw);
    if (v === null || v <= 0 || v > 1000) warnings.push(IMPORT_MESSAGES.keptWithout(IMPORT_MESSAGES.dimensionBad(what, raw)));
    else dims[i] = v;
  });

  const rawPieces = optional('pieces', 'pieces');
  let pieces: number | null = null;
  if (rawPieces) {
    if (/^\d{1,4}$/.test(rawPieces) && Number(rawPieces) >= 1 && Number(rawPieces) <= MAX_PIECES) pieces = Number(rawPieces);
    else warnings.push(IMPORT_MESSAGES.keptWithout(IMPORT_MESSAGES.piecesBad(rawPieces)));
  }

  const rawValue = optional('valueUsd', 'value');
  let declaredValueUsdCents: number | null = null;
  if (rawValue) {
    declaredValueUsdCents = parseUsdCents(rawValue);
    if (declaredValueUsdCents === null || declaredValueUsdCents > 10_000_000) {
      warnings.push(IMPORT_MESSAGES.keptWithout(IMPORT_MESSAGES.valueBad(rawValue)));
      declaredValueUsdCents = null;
    }
  }

  const rawDate = optional('receivedDate', 'date');
  let receivedDate: string | null = null;
  if (rawDate) {
    receivedDate = parseImportDate(rawDate);
    if (receivedDate === null) warnings.push(IMPORT_MESSAGES.keptToday(IMPORT_MESSAGES.dateBad(rawDate)));
    else if (receivedDate > today) {
      warnings.push(IMPORT_MESSAGES.keptToday(IMPORT_MESSAGES.dateFuture(rawDate)));
      receivedDate = null;
    }
  }

  const mailbox = text(get('mailbox'), 32, 'mailbox', errors);
  const consignee = text(get('consignee'), 120, 'consignee', errors);
  const merchant = text(get('merchant'), 100, 'merchant', errors);
  const description = text(get('description'), 200, 'description', errors);
  if (errors.length > 0) return { ok: false, errors, trackingNumber: trackingNumber || rawTracking || null };
  return {
    ok: true,
    warnings,
    values: {
      trackingNumber,
      mailbox: mailbox?.toUpperCase() ?? null,
      consignee,
      weightLb,
      lengthIn: dims[0],
      widthIn: dims[1],
      heightIn: dims[2],
      pieces,
      merchant,
      description,
      declaredValueUsdCents,
      receivedDate,
    },
  };
}

/** A consignee name as compared with customers' names: lower case, single spaces. */
export const nameKey = (name: string) => name.toLowerCase().replace(/\s+/g, ' ').trim();
