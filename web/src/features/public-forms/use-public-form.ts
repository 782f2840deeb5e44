import { useMemo, useRef } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { lazyResolver } from '../../lib/lazy-resolver';
import type { PublicFormKind } from '../../db/schema';
import { applyFieldErrors } from './apply-field-errors';
import { usePublicSubmit, type SubmitOptions, type SubmitResult } from './use-public-submit';

export interface PublicFormOptions<TInput, TData> extends SubmitOptions {
  /** The body to send; default the validated values. */
  body?: (data: TData, input: TInput) => Record<string, unknown>;
  /** Runs once the submission is safe (sent or saved on the device). */
  onDone?: (result: SubmitResult, data: TData, input: TInput) => void;
  /** Runs when the submission was not kept (refused by the server, or could not be stored). */
  onRejected?: (outboxId: string) => void;
}

/**
 * A public form checked by the resolver `loadResolver` gives and sent through the outbox. Once
 * the submission is safe (sent, or saved on the device) the form resets to `empty()`; when the
 * server refuses it, the server's messages show under the fields they name. `formKey` is the
 * ref of the frame's hidden key field (public-form-frame.tsx).
 */
export function usePublicForm<TInput extends FieldValues, TData extends Record<string, unknown>>(
  kind: PublicFormKind,
  loadResolver: () => Promise<Resolver<TInput, unknown, TData>>,
  empty: () => TInput,
  defaultValues: DefaultValues<TInput> = empty() as DefaultValues<TInput>,
  options: PublicFormOptions<TInput, TData> = {},
) {
  const { submit, sending } = usePublicSubmit(kind);
  // The resolver is built once per form; `loadResolver` is a module-level loader.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const resolver = useMemo(() => lazyResolver(loadResolver), []);
  const form = useForm<TInput, unknown, TData>({ resolver, defaultValues });
  // The key the server wrote into the page goes with the first submission that is kept; a
  // later one (another booking from the same page) gets a key of its own.
  const formKey = useRef<HTMLInputElement>(null);
  const spentKey = useRef<string | null>(null);
  const onSubmit = form.handleSubmit(async (data) => {
    const input = form.getValues();
    const body = options.body ? options.body(data, input) : { ...data };
    const pageKey = formKey.current?.value ?? '';
    const outboxId = pageKey && pageKey !== spentKey.current ? pageKey : undefined;
    const result = await submit(body, { ...options, ...(outboxId ? { outboxId } : {}) });
    if (result.done && outboxId) spentKey.current = outboxId;
    if (result.done) {
      options.onDone?.(result, data, input);
      form.reset(empty());
    } else {
      if (result.outboxId) options.onRejected?.(result.outboxId);
      applyFieldErrors(form.setError, result.fieldErrors);
    }
  });
  return { form, onSubmit, sending, formKey };
}
