import { zodResolver } from '@hookform/resolvers/zod';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazyResolver } from './lazy-resolver';

const schema = z.object({ email: z.string().min(1, 'Email is required') });
type Values = z.input<typeof schema>;
const options: ResolverOptions<Values> = { fields: {}, shouldUseNativeValidation: false };

describe('lazyResolver', () => {
  it('loads the resolver once, at the first validation, and answers as that resolver does', async () => {
    const load = vi.fn(async () => zodResolver(schema));
    const { resolver } = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();

    const invalid = await resolver({ email: '' }, undefined, options);
    expect(invalid.errors.email?.message).toBe('Email is required');
    expect(invalid).toEqual(await zodResolver(schema)({ email: '' }, undefined, options));
    const valid = await resolver({ email: 'a@b.co' }, undefined, options);
    expect(valid).toEqual({ values: { email: 'a@b.co' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('preload starts the download, which the next validation reuses', async () => {
    const load = vi.fn(async () => zodResolver(schema));
    const { resolver, preload } = lazyResolver(load);
    preload();
    preload();
    expect(load).toHaveBeenCalledTimes(1);
    await resolver({ email: '' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the download again after it failed (offline), and a failed preload is silent', async () => {
    const load = vi.fn(async () => zodResolver(schema));
    load.mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'));
    const { resolver, preload } = lazyResolver(load);
    preload();
    await expect(resolver({ email: '' }, undefined, options)).rejects.toThrow('Failed to fetch');
    const result = await resolver({ email: '' }, undefined, options);
    expect(result.errors.email?.message).toBe('Email is required');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
