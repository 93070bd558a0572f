/**
 * The courier admin Settings tabs and the staff profile, one file per tab in `settings/`; every
 * name stays importable from here.
 */
export {
  GCT_REG_NO_MAX,
  PAPER_SIZES,
  PAPER_SIZE_LABELS,
  SETTINGS_MESSAGES,
  LOGO_TYPES,
  LOGO_ACCEPT,
  RATE_SHEET_TYPES,
  RATE_SHEET_EXTENSIONS,
  RATE_SHEET_ACCEPT,
  logoFileProblem,
  rateSheetFileProblem,
  hasAtMostDecimals,
  fromCents,
  LOGO_MAX_BYTES,
  RATE_SHEET_MAX_BYTES,
  type PaperSize,
} from './settings/fields';
export * from './settings/courier';
export * from './settings/rates-and-fees';
export * from './settings/email-config';
export * from './settings/profile';
