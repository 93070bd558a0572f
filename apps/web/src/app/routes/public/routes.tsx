import type { RouteObject } from 'react-router';

/** The public marketing site, under its shared layout; each page is its own chunk. */
export const publicRoutes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import('./public-layout')).PublicLayout }),
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./home-page')).HomePage }) },
      { path: 'how-it-works', lazy: async () => ({ Component: (await import('./how-it-works-page')).HowItWorksPage }) },
      { path: 'assisted-purchase', lazy: async () => ({ Component: (await import('./assisted-purchase-page')).AssistedPurchasePage }) },
      { path: 'contact', lazy: async () => ({ Component: (await import('./contact-page')).ContactPage }) },
      { path: 'pricing', lazy: async () => ({ Component: (await import('./pricing-page')).PricingPage }) },
      { path: 'faq', lazy: async () => ({ Component: (await import('./faq-page')).FaqPage }) },
      { path: 'privacy', lazy: async () => ({ Component: (await import('./privacy-page')).PrivacyPage }) },
      { path: 'terms', lazy: async () => ({ Component: (await import('./terms-page')).TermsPage }) },
      { path: 'track', lazy: async () => ({ Component: (await import('./track-page')).TrackPage }) },
    ],
  },
];
