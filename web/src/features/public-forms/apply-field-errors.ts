import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/** Puts the server's per-field messages of a 400 answer under the matching fields. */
export function applyFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: Record<string, string>,
): void {
  for (const [name, message] of Object.entries(fields)) {
    setError(name as Path<T>, { type: 'server', message });
  }
}
