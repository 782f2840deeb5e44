/**
 * A react-hook-form resolver whose code (zod and the shared schemas) loads on first use instead
 * of with the page: the forms validate on submit, so a pre-rendered form becomes usable without
 * it (on one bar of signal every byte before hydration delays it). `preload` starts the download
 * early (when the form takes focus), so the first submit rarely waits for it. A failed load (no
 * signal) is tried again at the next use.
 */
import type { FieldValues, Resolver } from 'react-hook-form';

export type LazyResolver<TInput extends FieldValues, TData> = Resolver<TInput, unknown, TData> & {
  preload: () => Promise<Resolver<TInput, unknown, TData>>;
};

export function lazyResolver<TInput extends FieldValues, TData>(
  load: () => Promise<Resolver<TInput, unknown, TData>>,
): LazyResolver<TInput, TData> {
  let loaded: Promise<Resolver<TInput, unknown, TData>> | null = null;
  const preload = () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = null;
      throw error;
    }));
  const resolver: Resolver<TInput, unknown, TData> = async (values, context, options) =>
    (await preload())(values, context, options);
  return Object.assign(resolver, { preload });
}
