import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { TRACKING_MESSAGES, isBookingIdLookup, isJobIdLookup } from '@pilbara/shared-schema';
import { SubmitButton } from '../../components/submit-button';
import { useHydrated } from '../../lib/hydration';

/**
 * Phone-or-job-ID input used by the dashboard (and the feedback page). Enter submits; an empty
 * input does nothing: there is nothing to look up, so no error is shown either. A job ID
 * asks for the last four digits of the phone it was booked with (docs/security.md).
 *
 * `native`: the page's server answers this form posted without script (docs/no-script-forms.md),
 * so it works from the first paint; until the script runs, the digits field is always shown,
 * since only the script can tell a job ID from a phone number as it is typed.
 */
export function CustomerLookupForm({
  onLookup,
  busy = false,
  buttonLabel = 'Access Dashboard',
  label = 'Phone number or Job ID',
  formLabel,
  native = false,
}: {
  onLookup: (lookup: string, proof?: string) => void;
  busy?: boolean;
  buttonLabel?: string;
  label?: string;
  /** The form's accessible name. */
  formLabel?: string;
  native?: boolean;
}) {
  const hydrated = useHydrated();
  const [value, setValue] = useState('');
  const [digits, setDigits] = useState('');
  const [digitsError, setDigitsError] = useState<string | null>(null);
  const asksDigits = isJobIdLookup(value) || isBookingIdLookup(value);
  const preScript = native && !hydrated;
  const lookupBox = useRef<HTMLInputElement>(null);
  const digitsBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // What was typed before the script hydrated the page is in the page's fields, not in this
    // state: hydration keeps a field's value as it finds it. Without this, Enter after
    // hydration would look up an empty box and do nothing.
    const typed = lookupBox.current?.value ?? '';
    const typedDigits = digitsBox.current?.value ?? '';
    if (typed) setValue(typed);
    if (typedDigits) setDigits(typedDigits);
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const lookup = value.trim();
    if (!lookup) return;
    if (!asksDigits) {
      onLookup(lookup);
      return;
    }
    if (!/^\d{4}$/.test(digits.trim())) {
      setDigitsError(TRACKING_MESSAGES.PHONE_PROOF_REQUIRED);
      return;
    }
    setDigitsError(null);
    onLookup(lookup, digits.trim());
  };
  return (
    <form method="post" onSubmit={submit} noValidate aria-label={formLabel}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={label}
          name="lookup"
          ref={lookupBox}
          placeholder="e.g. 0412 345 678 or JOB-2026-123"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
          size="md"
          autoComplete="tel"
        />
        {asksDigits || preScript ? (
          <TextInput
            label="Last 4 digits of your phone"
            name="phone"
            ref={digitsBox}
            description={preScript ? 'Only for a job ID' : undefined}
            placeholder="e.g. 5678"
            value={digits}
            onChange={(event) => setDigits(event.currentTarget.value)}
            error={digitsError}
            inputMode="numeric"
            autoComplete="off"
            style={{ flex: '1 1 140px' }}
            size="md"
          />
        ) : null}
        <SubmitButton
          native={native}
          size="md"
          mih={44}
          loading={busy}
          leftSection={<IconSearch size={18} />}
          style={{ flex: '0 0 auto' }}
        >
          {buttonLabel}
        </SubmitButton>
      </Group>
    </form>
  );
}
