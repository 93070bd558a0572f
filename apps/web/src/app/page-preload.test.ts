import { describe, expect, it } from 'vitest';
import { PRELOADED_PATHS, preloadPage } from './page-preload';
import { authRoutes } from './routes/auth/routes';
import { publicRoutes } from './routes/public/routes';

describe('page-preload', () => {
  it('knows the chunks of every public and sign-in page, and of no other', () => {
    const publicPaths = publicRoutes.flatMap((layout) => layout.children ?? []).map((r) => (r.index ? '/' : `/${r.path}`));
    const signInPaths = authRoutes.map((r) => r.path);
    expect([...PRELOADED_PATHS].sort()).toEqual([...publicPaths, ...signInPaths].sort());
  });

  it('says whether it started the page, so the app starts with the page instead of its spinner', () => {
    expect(preloadPage('/no-such-page')).toBe(false);
    expect(preloadPage('/customer/packages')).toBe(false);
  });
});
