/**
 * The submit button of a form that is pre-rendered. Until the page's script has hydrated the
 * form, the button is disabled and says so: a tap, or Enter in a field (a disabled default
 * button blocks implicit submission), then sends nothing. Without this, a form filled in on a
 * slow link would submit natively — a GET with every field in the URL, the password included.
 * The forms also say `method="post"`, and the server answers such a post with the page, reading
 * nothing (sync-server plugins/static.ts), should a browser ever send one.
 *
 * A form the browser draws itself (client-side navigation) is ready at once.
 *
 * A form the server answers without script (`native`: the public forms and sign-in, see
 * docs/no-script-forms.md) posts natively before its script has run, its fields in the body;
 * its button works from the first paint.
 */
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { useHydrated } from '../lib/hydration';

/** What the button says while the form is not working yet. */
export const FORM_GETTING_READY = 'Getting ready…';

export function SubmitButton({
  children,
  disabled,
  native = false,
  ...props
}: ButtonProps & { children: ReactNode; native?: boolean }) {
  const ready = useHydrated() || native;
  return (
    <Button type="submit" {...props} disabled={!ready || disabled}>
      {ready ? children : FORM_GETTING_READY}
    </Button>
  );
}
