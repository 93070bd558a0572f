/** The product's fixed figures (rates, limits, sizes), in one place. */
export const REQUEST_TIMEOUT_MS = 30_000;
export const AUTH_CHECK_MIN_GAP_MS = 5_000;
export const PROFILE_REFRESH_MS = 5 * 60_000;
export const MIN_PASSWORD_LENGTH = 8;
export const REGISTRATION_STEPS = 4;
export const DEFAULT_COUNTRY = 'Jamaica';
export const REGISTER_REDIRECT_DELAY_MS = 2_000;
export const COURIER_RELOAD_DELAY_MS = 2_000;
export const COURIER_LOAD_RETRIES = 2;
export const LOGIN_TOKEN_CHECK_DELAY_MS = 500;

export const TICKET_POLL_MS = 30_000;
export const BELL_BADGE_CAP = 99;
export const SIDEBAR_BADGE_CAP = 9;
export const CUSTOMER_TICKET_PAGE_LIMIT = 100;

export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const RATE_SHEET_MAX_BYTES = 10 * 1024 * 1024;
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

export const TOAST_DURATION_MS = 5_000;
export const TOAST_LONG_DURATION_MS = 7_000;
export const TOAST_GAP_PX = 12;

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const SEARCH_DEBOUNCE_MS = 300;

/** Storage keys */
export const STORAGE_KEYS = {
  token: 'token',
  redirectAfterLogin: 'redirectAfterLogin',
  apiKey: 'api_key',
} as const;

/** The built-in default courier api key used when neither the URL nor session storage has one. */
export const DEFAULT_API_KEY = 'ck_demo_jamaica_express_2026';
