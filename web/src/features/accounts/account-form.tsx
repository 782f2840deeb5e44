/**
 * The account form: who the account is (kind, names, ABN, billing email), how it pays (terms,
 * credit limit, PO rule), its contacts, and its sites with the drivers and trucks inducted at
 * each. Saved as one `account.save` mutation, so an owner makes or edits an account with no
 * signal and it syncs later; messages from the shared schema show under their fields.
 */
import { useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Button,
  Checkbox,
  Divider,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import { ACCOUNT_TYPES, ACCOUNT_TYPE_LABELS } from '@pilbara/shared-schema';
import type { DriverAccount } from '../../lib/accounts/drivers';
import {
  checkAccountForm,
  type AccountFormValues,
  type ContactValues,
  type InductionValues,
  type SiteValues,
} from './account-form-model';

export interface AccountFormProps {
  initial: AccountFormValues;
  /** The drivers and trucks an induction can name. */
  drivers: readonly DriverAccount[];
  vehicles: readonly { id: number; name: string }[];
  title: string;
  onSave: (input: ReturnType<typeof checkAccountForm> & { ok: true }) => Promise<boolean>;
  onCancel: () => void;
}

const TYPE_OPTIONS = ACCOUNT_TYPES.map((type) => ({
  value: type,
  label: ACCOUNT_TYPE_LABELS[type],
}));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Title order={4} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function AccountForm({
  initial,
  drivers,
  vehicles,
  title,
  onSave,
  onCancel,
}: AccountFormProps) {
  const [values, setValues] = useState<AccountFormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof AccountFormValues>(key: K, value: AccountFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const text = (key: keyof AccountFormValues) => ({
    value: values[key] as string,
    error: errors[key],
    onChange: (event: { currentTarget: { value: string } }) =>
      set(key, event.currentTarget.value as never),
  });
  const setContact = (index: number, change: Partial<ContactValues>) =>
    set(
      'contacts',
      values.contacts.map((contact, at) => (at === index ? { ...contact, ...change } : contact)),
    );
  const setSite = (index: number, change: Partial<SiteValues>) =>
    set(
      'sites',
      values.sites.map((site, at) => (at === index ? { ...site, ...change } : site)),
    );
  const setInduction = (site: number, index: number, change: Partial<InductionValues>) =>
    setSite(site, {
      inductions: (values.sites[site]?.inductions ?? []).map((entry, at) =>
        at === index ? { ...entry, ...change } : entry,
      ),
    });

  const submit = async () => {
    const checked = checkAccountForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await onSave(checked);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="lg">
          <Title order={3} size="h4">
            {title}
          </Title>
          <Section title="The account">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label="Account name" withAsterisk {...text('name')} />
              <Select
                label="Kind"
                withAsterisk
                data={TYPE_OPTIONS}
                value={values.type || null}
                error={errors.type}
                onChange={(value) => set('type', (value ?? '') as AccountFormValues['type'])}
              />
              <TextInput label="Legal name" withAsterisk {...text('legalName')} />
              <TextInput label="ABN" inputMode="numeric" {...text('abn')} />
              <TextInput label="Billing email" type="email" {...text('billingEmail')} />
              <Checkbox
                mt="lg"
                label="Open (new work may be booked)"
                checked={values.isActive}
                onChange={(event) => set('isActive', event.currentTarget.checked)}
              />
            </SimpleGrid>
          </Section>

          <Section title="Paying">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  Terms
                </Text>
                <SegmentedControl
                  aria-label="Terms"
                  fullWidth
                  value={values.termsKind}
                  onChange={(value) => set('termsKind', value as 'days' | 'eom')}
                  data={[
                    { value: 'days', label: 'Days' },
                    { value: 'eom', label: 'End of month +' },
                  ]}
                />
              </Stack>
              <TextInput
                label={values.termsKind === 'eom' ? 'Days after end of month' : 'Days to pay'}
                inputMode="numeric"
                {...text('termsDays')}
              />
              <TextInput
                label="Credit limit ($, empty for none)"
                inputMode="decimal"
                leftSection="$"
                {...text('creditLimit')}
              />
            </SimpleGrid>
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Purchase orders
              </Text>
              <SegmentedControl
                aria-label="Purchase orders"
                fullWidth
                value={values.poKind}
                onChange={(value) => set('poKind', value as AccountFormValues['poKind'])}
                data={[
                  { value: 'none', label: 'No PO' },
                  { value: 'per-job', label: 'PO per job' },
                  { value: 'blanket', label: 'Blanket PO' },
                ]}
              />
            </Stack>
            {values.poKind === 'blanket' && (
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <TextInput label="Blanket PO number" withAsterisk {...text('poNumber')} />
                <TextInput label="Expires on" type="date" withAsterisk {...text('poExpiresOn')} />
                <TextInput
                  label="Value ($)"
                  inputMode="decimal"
                  leftSection="$"
                  withAsterisk
                  {...text('poCap')}
                />
              </SimpleGrid>
            )}
          </Section>

          <Section title="Contacts">
            {values.contacts.map((contact, index) => (
              <Group key={contact.id ?? `new-${index}`} align="flex-end" gap="xs" wrap="wrap">
                <TextInput
                  label="Name"
                  style={{ flex: '1 1 160px' }}
                  value={contact.name}
                  error={errors[`contacts.${index}.name`]}
                  onChange={(event) => setContact(index, { name: event.currentTarget.value })}
                />
                <TextInput
                  label="Role"
                  style={{ flex: '1 1 120px' }}
                  value={contact.role}
                  onChange={(event) => setContact(index, { role: event.currentTarget.value })}
                />
                <TextInput
                  label="Phone"
                  type="tel"
                  style={{ flex: '1 1 120px' }}
                  value={contact.phone}
                  onChange={(event) => setContact(index, { phone: event.currentTarget.value })}
                />
                <TextInput
                  label="Email"
                  type="email"
                  style={{ flex: '1 1 180px' }}
                  value={contact.email}
                  error={errors[`contacts.${index}.email`]}
                  onChange={(event) => setContact(index, { email: event.currentTarget.value })}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={`Remove contact ${contact.name || index + 1}`}
                  onClick={() =>
                    set(
                      'contacts',
                      values.contacts.filter((_, at) => at !== index),
                    )
                  }
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            ))}
            <Button
              variant="light"
              size="sm"
              leftSection={<IconPlus size={16} />}
              style={{ alignSelf: 'flex-start' }}
              onClick={() =>
                set('contacts', [...values.contacts, { name: '', role: '', phone: '', email: '' }])
              }
            >
              Add contact
            </Button>
          </Section>

          <Section title="Sites">
            {values.sites.map((site, index) => (
              <Paper key={site.id ?? `new-${index}`} withBorder p="sm" radius="md">
                <Stack gap="xs">
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                    <TextInput
                      label="Site name"
                      withAsterisk
                      value={site.name}
                      error={errors[`sites.${index}.name`]}
                      onChange={(event) => setSite(index, { name: event.currentTarget.value })}
                    />
                    <TextInput
                      label="Location"
                      withAsterisk
                      value={site.location}
                      error={errors[`sites.${index}.location`]}
                      onChange={(event) => setSite(index, { location: event.currentTarget.value })}
                    />
                    <TextInput
                      label="Gate phone"
                      type="tel"
                      value={site.gatePhone}
                      onChange={(event) => setSite(index, { gatePhone: event.currentTarget.value })}
                    />
                    <TextInput
                      label="Induction requirements"
                      value={site.inductionRequirements}
                      onChange={(event) =>
                        setSite(index, { inductionRequirements: event.currentTarget.value })
                      }
                    />
                  </SimpleGrid>
                  <Textarea
                    label="Access notes"
                    autosize
                    minRows={1}
                    value={site.accessNotes}
                    onChange={(event) => setSite(index, { accessNotes: event.currentTarget.value })}
                  />
                  <Divider label="Inducted here" labelPosition="left" />
                  {site.inductions.map((entry, at) => (
                    <Group key={entry.id ?? `new-${at}`} gap="xs" align="flex-end" wrap="wrap">
                      <Select
                        label="Driver or truck"
                        style={{ flex: '2 1 180px' }}
                        value={entry.who ? `${entry.kind}:${entry.who}` : null}
                        error={errors[`sites.${index}.inductions.${at}.who`]}
                        data={[
                          {
                            group: 'Drivers',
                            items: drivers.map((driver) => ({
                              value: `driver:${driver.id}`,
                              label: driver.name,
                            })),
                          },
                          {
                            group: 'Trucks',
                            items: vehicles.map((vehicle) => ({
                              value: `vehicle:${vehicle.id}`,
                              label: vehicle.name,
                            })),
                          },
                        ]}
                        onChange={(value) => {
                          const [kind, who] = (value ?? '').split(':');
                          setInduction(index, at, {
                            kind: kind === 'vehicle' ? 'vehicle' : 'driver',
                            who: who ?? '',
                          });
                        }}
                      />
                      <TextInput
                        label="Until"
                        type="date"
                        style={{ flex: '1 1 140px' }}
                        value={entry.expiresOn}
                        error={errors[`sites.${index}.inductions.${at}.expiresOn`]}
                        onChange={(event) =>
                          setInduction(index, at, { expiresOn: event.currentTarget.value })
                        }
                      />
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        aria-label="Remove induction"
                        onClick={() =>
                          setSite(index, {
                            inductions: site.inductions.filter((_, other) => other !== at),
                          })
                        }
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Group>
                  ))}
                  <Group justify="space-between">
                    <Button
                      variant="subtle"
                      size="xs"
                      leftSection={<IconPlus size={14} />}
                      onClick={() =>
                        setSite(index, {
                          inductions: [
                            ...site.inductions,
                            { kind: 'driver', who: '', expiresOn: '' },
                          ],
                        })
                      }
                    >
                      Add induction
                    </Button>
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      onClick={() =>
                        set(
                          'sites',
                          values.sites.filter((_, at) => at !== index),
                        )
                      }
                    >
                      Remove site
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            ))}
            <Button
              variant="light"
              size="sm"
              leftSection={<IconPlus size={16} />}
              style={{ alignSelf: 'flex-start' }}
              onClick={() =>
                set('sites', [
                  ...values.sites,
                  {
                    name: '',
                    location: '',
                    gatePhone: '',
                    accessNotes: '',
                    inductionRequirements: '',
                    inductions: [],
                  },
                ])
              }
            >
              Add site
            </Button>
          </Section>

          <Textarea label="Notes" autosize minRows={2} {...text('notes')} />

          {Object.keys(errors).length > 0 && (
            <Text c="red" size="sm" role="alert">
              Check the fields marked above.
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} leftSection={<IconDeviceFloppy size={18} />}>
              Save account
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
