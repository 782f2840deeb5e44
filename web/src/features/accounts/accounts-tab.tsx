/**
 * The Accounts tab: every account with what it owes, its credit standing and its blanket PO;
 * a new account or an edit in the account form (offline too); and an account's own page — its
 * sites and inductions, the sign-ins of its contacts, and its statement of any month (worked out
 * on this device, with the PDF from the server).
 */
import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import {
  ACCOUNT_TYPE_LABELS,
  AGEING_LABELS,
  accountStatement,
  blanketPoUse,
  creditHoldText,
  creditStanding,
  formatCents,
  formatDate,
  monthOf,
  perthDate,
  previousMonth,
  termsText,
  type Account,
  type Ageing,
  type PublicUser,
} from '@pilbara/shared-schema';
import { useAccounts } from '../../components/accounts/account-data';
import { useDriverAccounts } from '../../lib/accounts/drivers';
import { serverMessage } from '../../lib/http';
import { AccountForm } from './account-form';
import { accountToForm, emptyAccountForm } from './account-form-model';
import { saveAccount } from './account-actions';
import { addAccountUser, listAccountUsers, statementUrl } from './accounts-api';
import { useAccountMoney, useTrucks } from './use-account-data';

type Editing = { mode: 'new' } | { mode: 'edit'; account: Account } | null;

export function AccountsTab() {
  const accounts = useAccounts();
  const money = useAccountMoney();
  const drivers = useDriverAccounts();
  const trucks = useTrucks();
  const [editing, setEditing] = useState<Editing>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const today = perthDate(new Date());
  const open = accounts.find((account) => account.id === openId);

  if (editing)
    return (
      <AccountForm
        key={editing.mode === 'edit' ? editing.account.id : 'new'}
        title={editing.mode === 'edit' ? `Edit ${editing.account.name}` : 'New account'}
        initial={editing.mode === 'edit' ? accountToForm(editing.account) : emptyAccountForm()}
        drivers={drivers}
        vehicles={trucks}
        onCancel={() => setEditing(null)}
        onSave={async ({ input }) => {
          const id = await saveAccount(
            input,
            editing.mode === 'edit' ? editing.account : undefined,
          );
          if (id === null) return false;
          setEditing(null);
          setOpenId(id);
          return true;
        }}
      />
    );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          Accounts ({accounts.length})
        </Title>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ mode: 'new' })}>
          New account
        </Button>
      </Group>
      {accounts.length === 0 && (
        <Text c="dimmed">
          No accounts yet: mine sites, fleets, clubs and police that pay on account.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        {accounts.map((account) => {
          const standing = creditStanding(account, money.invoices, today);
          const hold = creditHoldText(standing);
          const blanket = blanketPoUse(account, money.invoices, today);
          return (
            <Card
              key={account.id}
              withBorder
              radius="md"
              padding="md"
              data-testid="account-card"
              data-account-id={account.id}
            >
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <div>
                    <Title order={3} size="h4">
                      {account.name}
                    </Title>
                    <Text size="sm" c="dimmed">
                      {ACCOUNT_TYPE_LABELS[account.type]} · {termsText(account.terms)}
                    </Text>
                  </div>
                  {!account.isActive && <Badge color="gray">Closed</Badge>}
                  {hold && (
                    <Badge color="orange" variant="light">
                      Credit hold
                    </Badge>
                  )}
                </Group>
                <Text size="sm">
                  Owes <b>{formatCents(standing.owedCents)}</b>
                  {account.creditLimitCents > 0
                    ? ` of a ${formatCents(account.creditLimitCents)} limit`
                    : ''}
                </Text>
                {hold && (
                  <Text size="sm" c="orange.8">
                    {hold}
                  </Text>
                )}
                <Text size="sm" c="dimmed">
                  {account.poRule.kind === 'per-job'
                    ? 'PO required on every job'
                    : account.poRule.kind === 'blanket'
                      ? `Blanket PO ${account.poRule.number}: ${formatCents(blanket?.remainingCents ?? 0)} left, until ${formatDate(account.poRule.expiresOn)}`
                      : 'No PO needed'}
                </Text>
                {blanket?.warnings.map((warning) => (
                  <Text key={warning} size="sm" c="orange.8">
                    {warning}
                  </Text>
                ))}
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => setOpenId(openId === account.id ? null : account.id)}
                  >
                    {openId === account.id ? 'Close' : 'Open'}
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => setEditing({ mode: 'edit', account })}
                  >
                    Edit
                  </Button>
                </Group>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
      {open && <AccountPage account={open} />}
    </Stack>
  );
}

/** An account's own page: sites and inductions, contacts' sign-ins, statements. */
function AccountPage({ account }: { account: Account }) {
  const drivers = useDriverAccounts();
  const trucks = useTrucks();
  const nameOf = (kind: 'driver' | 'vehicle', id: number | null) =>
    kind === 'driver'
      ? (drivers.find((driver) => driver.id === id)?.name ?? `Driver ${id}`)
      : (trucks.find((truck) => truck.id === id)?.name ?? `Truck ${id}`);
  return (
    <Card withBorder radius="md" padding="md" aria-label={account.name} component="section">
      <Stack gap="lg">
        <div>
          <Title order={3}>{account.legalName}</Title>
          <Text size="sm" c="dimmed">
            {[
              account.abn ? `ABN ${account.abn}` : 'No ABN',
              account.billingEmail ?? 'No billing email',
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </div>
        <Stack gap="xs">
          <Title order={4} size="h5">
            Sites
          </Title>
          {account.sites.length === 0 && <Text c="dimmed">No sites.</Text>}
          {account.sites.map((site) => (
            <Stack key={site.id} gap={2}>
              <Text fw={600}>
                {site.name} · {site.location}
              </Text>
              {site.gatePhone && <Text size="sm">Gate: {site.gatePhone}</Text>}
              {site.accessNotes && <Text size="sm">{site.accessNotes}</Text>}
              {site.inductionRequirements && (
                <Text size="sm" c="dimmed">
                  Inductions: {site.inductionRequirements}
                </Text>
              )}
              {site.inductions.map((entry) => (
                <Text key={entry.id} size="sm">
                  {nameOf(entry.kind, entry.kind === 'driver' ? entry.userId : entry.vehicleId)}{' '}
                  inducted until {entry.expiresOn}
                </Text>
              ))}
            </Stack>
          ))}
        </Stack>
        <AccountSignIns account={account} />
        <AccountStatement account={account} />
      </Stack>
    </Card>
  );
}

/** The sign-ins of the account's contacts, and a new one (needs a connection). */
function AccountSignIns({ account }: { account: Account }) {
  const [users, setUsers] = useState<PublicUser[] | null>(null);
  const [form, setForm] = useState({ username: '', password: '', firstName: '', email: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const load = async () => {
    setError(null);
    try {
      setUsers(await listAccountUsers(account.id));
    } catch (failure) {
      setError(serverMessage(failure) ?? 'The sign-ins need a connection.');
    }
  };
  const add = async () => {
    setBusy(true);
    setError(null);
    try {
      const user = await addAccountUser(account.id, form);
      setUsers((current) => [...(current ?? []), user]);
      setForm({ username: '', password: '', firstName: '', email: '' });
    } catch (failure) {
      setError(serverMessage(failure) ?? 'The sign-in needs a connection.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={4} size="h5">
          Portal sign-ins
        </Title>
        <Button size="xs" variant="default" onClick={() => void load()}>
          {users ? 'Refresh' : 'Show sign-ins'}
        </Button>
      </Group>
      {users?.map((user) => (
        <Text key={user.id} size="sm">
          {user.username} {user.firstName ? `(${user.firstName})` : ''}
        </Text>
      ))}
      {users?.length === 0 && (
        <Text size="sm" c="dimmed">
          No sign-ins yet.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="xs">
        <TextInput
          label="Username"
          value={form.username}
          onChange={(event) => setForm({ ...form, username: event.currentTarget.value })}
        />
        <PasswordInput
          label="Password"
          value={form.password}
          onChange={(event) => setForm({ ...form, password: event.currentTarget.value })}
        />
        <TextInput
          label="First name"
          value={form.firstName}
          onChange={(event) => setForm({ ...form, firstName: event.currentTarget.value })}
        />
        <TextInput
          label="Email"
          type="email"
          value={form.email}
          onChange={(event) => setForm({ ...form, email: event.currentTarget.value })}
        />
      </SimpleGrid>
      {error && (
        <Alert color="red" variant="light" p="xs" role="alert">
          {error}
        </Alert>
      )}
      <Button
        size="sm"
        variant="light"
        loading={busy}
        style={{ alignSelf: 'flex-start' }}
        onClick={() => void add()}
      >
        Give portal access
      </Button>
    </Stack>
  );
}

/** The last twelve months, newest first. */
function recentMonths(): string[] {
  const months: string[] = [];
  let month = monthOf(new Date().toISOString());
  for (let n = 0; n < 12; n += 1) {
    months.push(month);
    month = previousMonth(month);
  }
  return months;
}

/** The account's statement of a month, worked out from this device's records. */
function AccountStatement({ account }: { account: Account }) {
  const money = useAccountMoney();
  const months = recentMonths();
  const [month, setMonth] = useState(months[1] ?? months[0] ?? '');
  const stated = accountStatement({ accountId: account.id, month, ...money });
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end">
        <Title order={4} size="h5">
          Statement
        </Title>
        <Group gap="xs" align="flex-end">
          <Select
            size="xs"
            w={130}
            aria-label="Statement month"
            data={months}
            value={month}
            allowDeselect={false}
            onChange={(value) => value && setMonth(value)}
          />
          <Anchor
            href={statementUrl(account.id, month)}
            download
            data-testid="statement-pdf"
            size="sm"
          >
            <Group gap={4}>
              <IconDownload size={16} />
              PDF
            </Group>
          </Anchor>
        </Group>
      </Group>
      <Stack gap={6} data-testid="account-statement">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">Opening balance</Text>
          <Text size="sm">{formatCents(stated.openingCents)}</Text>
        </Group>
        {stated.lines.map((line) => (
          <Group
            key={`${line.date}-${line.kind}-${line.reference}-${line.amountCents}`}
            justify="space-between"
            wrap="nowrap"
            align="flex-start"
          >
            <div>
              <Text size="sm" fw={600}>
                {line.date} · {line.reference}
              </Text>
              <Text size="xs" c="dimmed">
                {line.description}
                {line.poNumber ? ` · PO ${line.poNumber}` : ''}
              </Text>
            </div>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatCents(line.amountCents)}
            </Text>
          </Group>
        ))}
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={700}>
            Closing balance
          </Text>
          <Text size="sm" fw={700}>
            {formatCents(stated.closingCents)}
          </Text>
        </Group>
      </Stack>
      <Group gap="lg">
        {(Object.keys(AGEING_LABELS) as (keyof Ageing)[]).map((bucket) => (
          <Text key={bucket} size="sm">
            {AGEING_LABELS[bucket]}: <b>{formatCents(stated.ageing[bucket])}</b>
          </Text>
        ))}
      </Group>
    </Stack>
  );
}
