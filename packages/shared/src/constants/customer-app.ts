/** The customer portal as an installed app: where it opens and what it may control (no zod: the app shell reads these). */
export const CUSTOMER_APP_START_PATH = '/customer/dashboard';
export const CUSTOMER_APP_SCOPE = '/customer/';
/** The customer portal's service worker (apps/web/public): its own file and scope, apart from the scan station's. */
export const CUSTOMER_WORKER_URL = '/customer-sw.js';
