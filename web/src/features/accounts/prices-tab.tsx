/**
 * The Prices tab: the owners edit the price list — the default list that every public page and
 * the quote tool read, or an account's own — and save it as a version in force from a day
 * (today or later), offline too. Each list keeps its history of versions; a price already on a
 * quote or invoice is never changed by a new version.
 */
import { memo, useCallback, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDeviceFloppy, IconPlus } from '@tabler/icons-react';
import {
  PRICE_KEY_PATTERN,
  accountPriceList,
  basisPointsText,
  defaultPriceList,
  dollarsToCents,
  formatCents,
  perthDate,
  priceTable,
  tableItems,
  type PriceItem,
  type PriceUnit,
} from '@pilbara/shared-schema';
import { useAccounts, usePriceLists } from '../../components/accounts/account-data';
import { savePriceList } from './account-actions';

const DEFAULT_LIST = 'default';

const UNIT_LABELS: Record<PriceUnit, string> = {
  each: 'each',
  km: 'per km',
  hour: 'per hour',
  day: 'per day',
  multiplier: 'multiplier',
};

/** A price as the editor shows it: dollars, or a factor for a multiplier. */
function shown(item: PriceItem): number {
  return item.unit === 'multiplier' ? item.amount / 10000 : item.amount / 100;
}

/** The stored amount of what was typed. */
function stored(unit: PriceUnit, value: number | string): number {
  if (unit === 'multiplier') return Math.round(Number(value) * 10000);
  return dollarsToCents(typeof value === 'number' ? value : value || '0');
}

/**
 * One price of the list. Kept apart and memoised: the list has some fifty prices, and a phone
 * that redrew every one of them on each key typed in another field would lag under the thumb.
 */
const PriceRow = memo(function PriceRow({
  item,
  value,
  onChange,
}: {
  item: PriceItem;
  value: number | string;
  onChange: (key: string, value: number | string) => void;
}) {
  return (
    <Group
      data-price-key={item.key}
      justify="space-between"
      wrap="nowrap"
      py={6}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <div style={{ minWidth: 0 }}>
        <Text size="sm">{item.label}</Text>
        <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {item.key} · {UNIT_LABELS[item.unit]}
          {item.note ? ` · ${item.note}` : ''}
        </Text>
      </div>
      {/* Full height (44 px, global.css): a price is tapped on a phone as often as typed. */}
      <NumberInput
        w={110}
        style={{ flexShrink: 0 }}
        aria-label={`Price of ${item.label}`}
        prefix={item.unit === 'multiplier' ? '×' : '$'}
        decimalScale={item.unit === 'multiplier' ? 4 : 2}
        min={item.unit === 'multiplier' ? 1 : 0}
        value={value}
        onChange={(next) => onChange(item.key, next)}
      />
    </Group>
  );
});

export function PricesTab() {
  const lists = usePriceLists();
  const accounts = useAccounts();
  const today = perthDate(new Date());
  const [which, setWhich] = useState(DEFAULT_LIST);
  const accountId = which === DEFAULT_LIST ? null : Number(which);
  const list = accountId === null ? defaultPriceList(lists) : accountPriceList(lists, accountId);
  // The prices the customer pays today: an account's own items over the default list's.
  const current = useMemo(
    () => tableItems(priceTable(lists, accountId, today)),
    [lists, accountId, today],
  );
  const [edits, setEdits] = useState<Record<string, number | string>>({});
  const setPrice = useCallback(
    (key: string, value: number | string) => setEdits((now) => ({ ...now, [key]: value })),
    [],
  );
  const [added, setAdded] = useState<PriceItem[]>([]);
  const [effectiveFrom, setEffectiveFrom] = useState(today);
  const [newItem, setNewItem] = useState({ key: '', label: '', unit: 'each' as PriceUnit });
  const [problem, setProblem] = useState<string | null>(null);

  const changed = (item: PriceItem) =>
    Object.hasOwn(edits, item.key) && stored(item.unit, edits[item.key] ?? 0) !== item.amount;

  const save = async () => {
    const rows = [...current, ...added];
    // An account's own list holds only what differs from the default list: whether a row was
    // changed is asked of the row as shown, before the edit is applied to it.
    const kept =
      accountId === null
        ? rows
        : rows.filter(
            (item) =>
              changed(item) ||
              added.some((extra) => extra.key === item.key) ||
              (list?.versions.at(-1)?.items ?? []).some((own) => own.key === item.key),
          );
    const version = kept.map((item) =>
      Object.hasOwn(edits, item.key)
        ? { ...item, amount: stored(item.unit, edits[item.key] ?? 0) }
        : item,
    );
    if (await savePriceList(list?.id ?? null, accountId, { effectiveFrom, items: version })) {
      setEdits({});
      setAdded([]);
    }
  };

  const addItem = () => {
    if (!PRICE_KEY_PATTERN.test(newItem.key) || !newItem.label.trim()) {
      setProblem('A new item needs a name like storage.daily and a label.');
      return;
    }
    if ([...current, ...added].some((item) => item.key === newItem.key)) {
      setProblem('That item is in the list already.');
      return;
    }
    setProblem(null);
    setAdded([
      ...added,
      {
        key: newItem.key,
        label: newItem.label.trim(),
        unit: newItem.unit,
        amount: 0,
        category: newItem.unit === 'multiplier' ? null : 'misc',
        note: null,
      },
    ]);
    setNewItem({ key: '', label: '', unit: 'each' });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} size="h3">
          Prices
        </Title>
        <Select
          aria-label="Price list"
          w={260}
          value={which}
          allowDeselect={false}
          onChange={(value) => {
            setWhich(value ?? DEFAULT_LIST);
            setEdits({});
            setAdded([]);
          }}
          data={[
            { value: DEFAULT_LIST, label: 'Default prices (public pages)' },
            ...accounts.map((account) => ({
              value: String(account.id),
              label: `${account.name}'s own prices`,
            })),
          ]}
        />
      </Group>
      <Text size="sm" c="dimmed">
        {accountId === null
          ? 'Every public page and the quote tool read these prices. A new version applies from its day; quotes and invoices already made keep their prices.'
          : 'This account pays these prices instead of the default ones; items left as the default follow the default list.'}
      </Text>
      <Stack gap={0} data-testid="price-table">
        {[...current, ...added].map((item) => (
          <PriceRow
            key={item.key}
            item={item}
            value={edits[item.key] ?? shown(item)}
            onChange={setPrice}
          />
        ))}
      </Stack>
      <Paper withBorder p="sm" radius="md">
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            label="New item name"
            placeholder="storage.daily"
            value={newItem.key}
            onChange={(event) => setNewItem({ ...newItem, key: event.currentTarget.value })}
          />
          <TextInput
            label="Label"
            placeholder="Storage per day"
            value={newItem.label}
            onChange={(event) => setNewItem({ ...newItem, label: event.currentTarget.value })}
          />
          <Select
            label="Unit"
            w={130}
            value={newItem.unit}
            allowDeselect={false}
            data={(Object.keys(UNIT_LABELS) as PriceUnit[]).map((unit) => ({
              value: unit,
              label: UNIT_LABELS[unit],
            }))}
            onChange={(value) => setNewItem({ ...newItem, unit: (value ?? 'each') as PriceUnit })}
          />
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={addItem}>
            Add item
          </Button>
        </Group>
        {problem && (
          <Text size="sm" c="red" mt="xs" role="alert">
            {problem}
          </Text>
        )}
      </Paper>
      <Group justify="flex-end" align="flex-end" gap="sm">
        <TextInput
          type="date"
          label="In force from"
          min={today}
          value={effectiveFrom}
          onChange={(event) => setEffectiveFrom(event.currentTarget.value)}
        />
        <Button leftSection={<IconDeviceFloppy size={18} />} onClick={() => void save()}>
          Save prices
        </Button>
      </Group>
      <Stack gap={4}>
        <Title order={3} size="h5">
          History
        </Title>
        {(list?.versions.length ?? 0) === 0 && (
          <Alert variant="light" p="xs">
            No version saved yet:{' '}
            {accountId === null ? 'the built-in prices apply' : 'the default prices apply'}.
          </Alert>
        )}
        {[...(list?.versions ?? [])].reverse().map((version) => (
          <Text key={`${version.effectiveFrom}-${version.savedAt}`} size="sm">
            From {version.effectiveFrom}
            {version.effectiveFrom > today ? ' (upcoming)' : ''}: {version.items.length} prices,
            saved by {version.savedBy ?? 'the server'} on {version.savedAt.slice(0, 10)}
            {' · '}
            {version.items
              .slice(0, 3)
              .map((item) =>
                item.unit === 'multiplier'
                  ? `${item.label} ×${basisPointsText(item.amount)}`
                  : `${item.label} ${formatCents(item.amount)}`,
              )
              .join(', ')}
            {version.items.length > 3 ? '…' : ''}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}
