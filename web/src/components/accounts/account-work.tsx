/**
 * Work on account as the admin screens show it: the account, site and PO of a job or booking;
 * the reminder while a job waits for the PO it cannot be invoiced without, with its entry; the
 * credit hold; and the warning when the job's driver or truck is not inducted at its site.
 * Nothing here blocks: it tells the owner, who decides.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconFileDollar } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import {
  ACCOUNT_MESSAGES,
  blanketPoUse,
  creditHoldText,
  creditStanding,
  effectivePoNumber,
  inductionWarnings,
  perthDate,
  poMissing,
  siteOf,
  type Account,
  type Invoice,
  type Job,
} from '@pilbara/shared-schema';
import { mintId, mutate } from '../../sync';
import { useAccountInvoices, useAccounts } from './account-data';
import { useDriverAccounts } from '../../lib/accounts/drivers';

/**
 * The account of a record, and what the owner should know about it today. `recordedHold` is the
 * hold the server noted on the record when it came in: until the account itself is on this device
 * (a new device still syncing), that note is all the device knows, and a hold must not read as
 * "no hold" just because the account has not arrived yet.
 */
export function useAccountState(
  accountId: number | null | undefined,
  recordedHold?: string | null,
): {
  account: Account | undefined;
  hold: string | null;
  blanket: string[];
} {
  const accounts = useAccounts();
  const invoices = useAccountInvoices();
  const account = accountId ? accounts.find((candidate) => candidate.id === accountId) : undefined;
  if (!account)
    return { account: undefined, hold: accountId ? (recordedHold ?? null) : null, blanket: [] };
  const today = perthDate(new Date());
  return {
    account,
    hold: creditHoldText(creditStanding(account, invoices as Invoice[], today)),
    blanket: blanketPoUse(account, invoices, today)?.warnings ?? [],
  };
}

/** 'Cape Lambert Iron · Cape Lambert gate 2 · PO 4500012345' under a job or booking. */
export function AccountWorkLine({
  accountId,
  siteId,
  poNumber,
  recordedHold,
}: {
  accountId?: number | null;
  siteId?: string | null;
  poNumber?: string | null;
  /** The hold the server noted on the record (see useAccountState). */
  recordedHold?: string | null;
}) {
  const { account, hold, blanket } = useAccountState(accountId, recordedHold);
  if (!accountId) return null;
  const site = siteOf(account, siteId);
  const po = effectivePoNumber(account?.poRule, poNumber);
  return (
    <Stack gap={4} data-testid="account-work">
      <Group gap="xs" wrap="wrap">
        <Badge color="ironstone" variant="light">
          {account?.name ?? `Account ${accountId}`}
        </Badge>
        {site && <Text size="sm">{site.name}</Text>}
        <Text size="sm" fw={600} data-testid="po-number">
          {po ? `PO ${po}` : 'No PO'}
        </Text>
      </Group>
      {site?.gatePhone || site?.accessNotes ? (
        <Text size="xs" c="dimmed">
          {[site.gatePhone ? `Gate ${site.gatePhone}` : '', site.accessNotes ?? '']
            .filter(Boolean)
            .join(' · ')}
        </Text>
      ) : null}
      {hold && (
        <Alert
          color="orange"
          variant="light"
          p="xs"
          icon={<IconAlertTriangle size={16} />}
          title={ACCOUNT_MESSAGES.CREDIT_HOLD_TITLE}
          data-testid="credit-hold"
        >
          {hold}
        </Alert>
      )}
      {blanket.map((warning) => (
        <Text key={warning} size="xs" c="orange.8">
          {warning}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The PO of a job on account: a reminder while one it needs is missing (the job cannot be
 * invoiced without it), and the button that enters it — offline too.
 */
export function JobPoEntry({ job }: { job: Job }) {
  const { account } = useAccountState(job.accountId);
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(job.poNumber ?? '');
  const [saving, setSaving] = useState(false);
  if (!job.accountId) return null;
  const missing = poMissing(account, job.poNumber);
  const save = async () => {
    setSaving(true);
    try {
      const updateId = await mintId('job_updates');
      const result = await mutate('job.setPo', { id: job.id, poNumber: value, updateId });
      if (!result.ok) notifications.show({ color: 'red', message: result.message });
      else setOpen(false);
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      {missing && (
        <Alert
          color="yellow"
          variant="light"
          p="xs"
          icon={<IconFileDollar size={16} />}
          title={ACCOUNT_MESSAGES.PO_MISSING_TITLE}
          data-testid="po-missing"
        >
          {ACCOUNT_MESSAGES.PO_REQUIRED}
        </Alert>
      )}
      <Button size="sm" variant={missing ? 'filled' : 'default'} onClick={() => setOpen(true)}>
        {job.poNumber ? 'Change PO' : 'Enter PO'}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Customer's PO number">
        <Stack gap="sm">
          <TextInput
            label="PO number"
            value={value}
            data-autofocus
            onChange={(event) => setValue(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button loading={saving} onClick={() => void save()}>
              Save PO
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/**
 * The warning when the driver or truck of a job at an account's site is not inducted there (or
 * their induction has lapsed). The driver is matched by the name the job is assigned under.
 */
export function InductionWarning({
  accountId,
  siteId,
  driverName,
  vehicleId,
  vehicleName,
}: {
  accountId?: number | null;
  siteId?: string | null;
  driverName?: string | null;
  vehicleId?: number | null;
  vehicleName?: string | null;
}) {
  const { account } = useAccountState(accountId);
  const drivers = useDriverAccounts();
  const site = siteOf(account, siteId);
  if (!site) return null;
  const driver = driverName
    ? drivers.find((candidate) => candidate.name === driverName)
    : undefined;
  const warnings = inductionWarnings(
    site,
    {
      driverId: driver?.id ?? null,
      driverName: driver?.name ?? driverName ?? null,
      vehicleId: vehicleId ?? null,
      vehicleName: vehicleName ?? null,
    },
    perthDate(new Date()),
  );
  if (warnings.length === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      p="xs"
      icon={<IconAlertTriangle size={16} />}
      title={ACCOUNT_MESSAGES.INDUCTION_TITLE}
      data-testid="induction-warning"
    >
      <Stack gap={2}>
        {warnings.map((warning) => (
          <Text key={warning} size="sm">
            {warning}
          </Text>
        ))}
        {site.inductionRequirements && (
          <Text size="xs" c="dimmed">
            {site.inductionRequirements}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
