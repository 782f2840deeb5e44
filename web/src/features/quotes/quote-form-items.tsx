/**
 * The items part of the quote form: quick-add buttons from the catalogue, a custom item, and the
 * list with a quantity and a remove button per item.
 */
import { useState } from 'react';
import { Controller, type Control, type FieldArrayWithId } from 'react-hook-form';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  CATEGORY_LABELS,
  QUOTE_ITEM_CATEGORIES,
  formatCents,
  quickAddCatalogue,
  type PriceTable,
  type QuickAddEntry,
  type QuoteItemCategory,
} from '@pilbara/shared-schema';
import { numberValue } from './quote-form-inputs';
import {
  emptyCustomItem,
  parseCustomItem,
  type CustomItemDraft,
  type QuoteFormValues,
} from './quote-form-model';

type QuoteItem = QuoteFormValues['items'][number];

const CATEGORY_OPTIONS = QUOTE_ITEM_CATEGORIES.map((value) => ({
  value,
  label: CATEGORY_LABELS[value],
}));

/** The quick-add buttons: the price list's items in force for the quote's customer. */
export function QuickAddItems({
  prices,
  onAdd,
}: {
  prices: PriceTable;
  onAdd: (entry: QuickAddEntry, category: QuoteItemCategory) => void;
}) {
  const catalogue = quickAddCatalogue(prices);
  return (
    <Stack gap="sm">
      <Title order={4} size="h5">
        Quick add
      </Title>
      <Tabs defaultValue="service" keepMounted={false}>
        <Tabs.List>
          {QUOTE_ITEM_CATEGORIES.map((category) => (
            <Tabs.Tab key={category} value={category}>
              {CATEGORY_LABELS[category]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {QUOTE_ITEM_CATEGORIES.map((category) => (
          <Tabs.Panel key={category} value={category} pt="sm">
            <Group gap="xs">
              {catalogue[category].map((entry) => (
                <Button
                  key={entry.priceKey}
                  variant="light"
                  size="sm"
                  leftSection={<IconPlus size={14} />}
                  onClick={() => onAdd(entry, category)}
                  aria-label={`Add ${entry.description} ${formatCents(entry.unitPriceCents)}`}
                >
                  {entry.description} · {formatCents(entry.unitPriceCents)}
                </Button>
              ))}
            </Group>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

/** A free item: its parse error shows under the row and nothing is added until it parses. */
export function CustomItemEntry({ onAdd }: { onAdd: (item: QuoteItem) => void }) {
  const [custom, setCustom] = useState<CustomItemDraft>(emptyCustomItem);
  const [customError, setCustomError] = useState<string | null>(null);
  const addCustom = () => {
    const parsed = parseCustomItem(custom);
    if (!parsed.ok) {
      setCustomError(parsed.message);
      return;
    }
    onAdd(parsed.item);
    setCustom(emptyCustomItem());
    setCustomError(null);
  };
  return (
    <Stack gap="xs">
      <Title order={4} size="h5">
        Custom item
      </Title>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Description"
          style={{ flex: '2 1 200px' }}
          value={custom.description}
          onChange={(event) => setCustom({ ...custom, description: event.currentTarget.value })}
        />
        <TextInput
          label="Unit price"
          leftSection="$"
          inputMode="decimal"
          style={{ flex: '1 1 100px' }}
          value={custom.unitPrice}
          onChange={(event) => setCustom({ ...custom, unitPrice: event.currentTarget.value })}
        />
        <NumberInput
          label="Qty"
          min={1}
          allowDecimal={false}
          style={{ flex: '0 1 80px' }}
          value={custom.quantity}
          onChange={(value) => setCustom({ ...custom, quantity: numberValue(value) })}
        />
        <Select
          label="Category"
          data={CATEGORY_OPTIONS}
          allowDeselect={false}
          style={{ flex: '1 1 110px' }}
          value={custom.category}
          onChange={(value) =>
            setCustom({ ...custom, category: (value as QuoteItemCategory | null) ?? 'misc' })
          }
        />
        <Button variant="default" leftSection={<IconPlus size={16} />} onClick={addCustom}>
          Add Item
        </Button>
      </Group>
      {customError ? (
        <Text size="sm" c="red" role="alert">
          {customError}
        </Text>
      ) : null}
    </Stack>
  );
}

export function QuoteItemList({
  control,
  fields,
  items,
  onRemove,
  itemsError,
}: {
  control: Control<QuoteFormValues>;
  fields: FieldArrayWithId<QuoteFormValues, 'items'>[];
  items: QuoteItem[];
  onRemove: (index: number) => void;
  itemsError: string | undefined;
}) {
  return (
    <Stack gap="xs" aria-label="Quote items" role="group">
      <Title order={4} size="h5">
        Items ({fields.length})
      </Title>
      {fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          No items yet. Use the quick-add buttons or add a custom item.
        </Text>
      ) : null}
      {fields.map((field, index) => {
        const item = items[index] ?? field;
        return (
          <Paper key={field.id} withBorder p="xs" radius="sm" data-testid="quote-form-item">
            <Group gap="xs" wrap="wrap" align="center">
              <Box style={{ flex: '1 1 180px', minWidth: 0 }}>
                <Text fw={600} size="sm" lineClamp={2}>
                  {item.description}
                </Text>
                <Group gap={6}>
                  <Badge size="xs" variant="light" color="gray">
                    {CATEGORY_LABELS[item.category]}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {formatCents(item.unitPrice)} each
                  </Text>
                </Group>
              </Box>
              <Group gap="xs" wrap="nowrap" ml="auto">
                <Controller
                  control={control}
                  name={`items.${index}.quantity`}
                  render={({ field: quantity }) => (
                    <NumberInput
                      aria-label={`Quantity of ${item.description}`}
                      min={1}
                      allowDecimal={false}
                      allowNegative={false}
                      clampBehavior="strict"
                      w={76}
                      value={quantity.value}
                      onChange={(value) => {
                        const next = numberValue(value);
                        quantity.onChange(next === '' ? 1 : Math.max(1, Math.trunc(next)));
                      }}
                      onBlur={quantity.onBlur}
                    />
                  )}
                />
                <Text size="sm" fw={600} w={88} ta="right">
                  {formatCents(item.unitPrice * Math.max(1, item.quantity || 1))}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  onClick={() => onRemove(index)}
                  aria-label={`Remove ${item.description}`}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            </Group>
          </Paper>
        );
      })}
      {itemsError ? (
        <Text size="sm" c="red" role="alert">
          {itemsError}
        </Text>
      ) : null}
    </Stack>
  );
}
