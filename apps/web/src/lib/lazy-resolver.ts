import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose schema (and zod with it, ~25 KB gzip) is loaded at the first
 * validation instead of with the page: the public and sign-in pages' first paint, which Lighthouse
 * measures on a phone's connection, then carries no zod. `preload` starts the download early (the
 * forms call it when focus first enters them), so the first submit rarely waits for it. Validation
 * is the same resolver, so the messages and their timing are those of `zodResolver(schema)`.
 *
 * Create it once per form, at module level: the loaded resolver is kept in the closure.
 */
export function lazyResolver<TInput extends FieldValues, TContext, TOutput>(
  load: () => Promise<Resolver<TInput, TContext, TOutput>>,
): { resolver: Resolver<TInput, TContext, TOutput>; preload: () => void } {
  let loading: Promise<Resolver<TInput, TContext, TOutput>> | undefined;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      // A failed download (offline) is retried at the next validation.
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => void get().catch(() => undefined),
  };
}
