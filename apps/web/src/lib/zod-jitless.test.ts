import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it('makes zod skip its eval probe, through the global config zod adopts', async () => {
    await import('./zod-jitless');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
