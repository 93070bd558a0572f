// What the rest of the server may use of the public site: the plugins that serve its pages.
export { type PrerenderedPage, allowInlineScript, assemblePage, pageHead, siteScript, stripHoisted } from './page-html';
export { pageUrls } from './page-url';
export { robotsTxt, sitemapXml } from './seo';
export { loadPublicSite } from './site-loader';
export { resolvePublicCourier } from './tenant';
