/**
 * The marketing figures and favourite stores of part 1 §2: the same on every courier's site. A
 * courier's own details (name, branches, phone, e-mail, hours) come from its public site
 * (features/public/api/get-public-site.ts), never from constants here.
 */
import { SITE } from '@courier/shared/constants/public-site';

export { RETAILERS } from '@courier/shared/constants/public-site';
export const SITE_STATS = SITE.stats;
