import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { PublicFormKind } from '../../db/schema';
import { applyFieldErrors } from './apply-field-errors';
import { usePublicSubmit } from './use-public-submit';

/**
 * A public form checked by `schema` and sent through the outbox. Once the submission is safe
 * (sent, or saved on the device) the form resets to `empty()`; when the server refuses it, the
 * server's messages show under the fields they name.
 */
export function usePublicForm<TInput extends FieldValues, TData extends Record<string, unknown>>(
  kind: PublicFormKind,
  schema: z.ZodType<TData, TInput>,
  empty: () => TInput,
  defaultValues: DefaultValues<TInput> = empty() as DefaultValues<TInput>,
) {
  const { submit, sending } = usePublicSubmit(kind);
  const form = useForm<TInput, unknown, TData>({ resolver: zodResolver(schema), defaultValues });
  const onSubmit = form.handleSubmit(async (values) => {
    const result = await submit({ ...values });
    if (result.done) form.reset(empty());
    else applyFieldErrors(form.setError, result.fieldErrors);
  });
  return { form, onSubmit, sending };
}
