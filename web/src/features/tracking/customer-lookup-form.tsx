import { useState, type FormEvent } from 'react';
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
 * A `native` form (the dashboard's) works before its script, or with none: it posts its fields
 * (`lookup`, `phone`) and the server answers with the dashboard (docs/no-script-forms.md). Until
 * the script runs it cannot tell a job ID from a phone number, so the digits field is always
 * there, saying when it is needed.
 */
export function CustomerLookupForm({
  onLookup,
  busy = false,
  buttonLabel = 'Access Dashboard',
  label = 'Phone number or Job ID',
  native = false,
  formLabel,
}: {
  onLookup: (lookup: string, proof?: string) => void;
  busy?: boolean;
  buttonLabel?: string;
  label?: string;
  /** The form posts natively before its script has run. */
  native?: boolean;
  /** The form's accessible name. */
  formLabel?: string;
}) {
  const hydrated = useHydrated();
  const [value, setValue] = useState('');
  const [digits, setDigits] = useState('');
  const [digitsError, setDigitsError] = useState<string | null>(null);
  const asksDigits = isJobIdLookup(value) || isBookingIdLookup(value);
  const showsDigits = asksDigits || (native && !hydrated);
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
          placeholder="e.g. 0412 345 678 or JOB-2026-123"
          name="lookup"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
          size="md"
          autoComplete="tel"
        />
        {showsDigits ? (
          <TextInput
            label="Last 4 digits of your phone"
            placeholder="e.g. 5678"
            description={asksDigits ? undefined : 'Only for a job ID'}
            name="phone"
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
