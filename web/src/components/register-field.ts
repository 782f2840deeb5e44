/** `registerField`: react-hook-form's register plus the field's message, for Mantine inputs. */
import {
  get,
  type FieldError,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type UseFormReturn,
} from 'react-hook-form';

/**
 * `form.register(name, options)` plus the field's message as `error`, for spreading onto a
 * Mantine TextInput, Textarea or PasswordInput: `<TextInput label="Email" {...registerField(form,
 * 'email')} />`. Reads `formState.errors` only, so the form re-renders as often as before.
 */
export function registerField<T extends FieldValues, C, D>(
  form: Pick<UseFormReturn<T, C, D>, 'register' | 'formState'>,
  name: Path<T>,
  options?: RegisterOptions<T, Path<T>>,
) {
  const error = get(form.formState.errors, name) as FieldError | undefined;
  return { ...form.register(name, options), error: error?.message };
}
