/**
 * The company details the public site prints, now kept in @courier/shared so the server serves the
 * same defaults (issue 18). Re-exported here until every page reads the courier's own data.
 */
export { RETAILERS, SITE } from '@courier/shared/constants/public-site';
