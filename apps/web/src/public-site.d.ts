import type { PublicSite } from '@courier/shared/schemas/public-site';

declare global {
  interface Window {
    /** The public site of the request's tenant, embedded in the HTML by the server (issue 18), so pages are right at first paint. */
    __PUBLIC_SITE__?: PublicSite;
  }
}
