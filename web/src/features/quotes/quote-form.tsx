/**
 * New Quote / Edit Quote form (spec staff §2, §5): quick-add catalogue, custom items, quantities,
 * route with location multipliers, discount, validity and live totals by the shared pricing rule.
 * Saving is the parent's job (a `quote.save` mutation), so the form works the same offline.
 */
import { useState } from 'react';
import {
  Controller,
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type FieldPathByValue,
  type Resolver,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Alert,
  Autocomplete,
  Badge,
  Box,
  Button,
  Card,
  Divider,
  Group,
  NumberInput,
  type NumberInputProps,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconDeviceFloppy, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import {
  CATEGORY_LABELS,
  DOCUMENT_TEXT,
  QUICK_ADD_CATALOGUE,
  QUOTE_DEFAULTS,
  QUOTE_ITEM_CATEGORIES,
  QUOTE_LOCATIONS,
  SERVICE_RATES,
  VEHICLE_TYPES,
  amountLine,
  basisPointsText,
  discountLine,
  formatCents,
  gstOfInclusive,
  locationMultiplierBasisPoints,
  multiplierLine,
  routeMultiplier,
  type QuoteItemCategory,
} from '@pilbara/shared-schema';
import { registerField, SelectField } from '../../components/form-fields';
import {
  addCatalogueItem,
  discountOf,
  emptyCustomItem,
  formTotals,
  parseCustomItem,
  quoteFormSchema,
  saveBlocker,
  type CustomItemDraft,
  type QuoteFormValues,
} from './quote-form-model';

const LOCATION_OPTIONS = QUOTE_LOCATIONS.map((name) => ({
  value: name,
  label: `${name} (×${basisPointsText(locationMultiplierBasisPoints(name))})`,
}));
const SERVICE_OPTIONS = Object.keys(SERVICE_RATES);
const CATEGORY_OPTIONS = QUOTE_ITEM_CATEGORIES.map((value) => ({
  value,
  label: CATEGORY_LABELS[value],
}));

/** A NumberInput value as the form keeps it: a number, or '' while empty. */
function numberValue(value: number | string): number | '' {
  if (typeof value === 'number') return value;
  const parsed = Number.parseFloat(value);
  return Number.isFinite(parsed) ? parsed : '';
}

/** A NumberInput bound to a number field of the quote, which holds '' while the input is empty. */
function NumberField({
  control,
  name,
  ...input
}: Omit<NumberInputProps, 'value' | 'onChange' | 'onBlur' | 'error'> & {
  control: Control<QuoteFormValues>;
  name: FieldPathByValue<QuoteFormValues, number | ''>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          {...input}
          value={field.value}
          onChange={(value) => field.onChange(numberValue(value))}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

export interface QuoteFormProps {
  /** Present when editing a draft. */
  quoteId?: string;
  initialValues: QuoteFormValues;
  /** Saves; resolves true when the quote was saved (the parent closes the form then). */
  onSave: (values: QuoteFormValues) => Promise<boolean>;
  onCancel: () => void;
}

export function QuoteForm({ quoteId, initialValues, onSave, onCancel }: QuoteFormProps) {
  const form = useForm<QuoteFormValues>({
    defaultValues: initialValues,
    resolver: zodResolver(quoteFormSchema, undefined, {
      raw: true,
    }) as unknown as Resolver<QuoteFormValues>,
    mode: 'onTouched',
  });
  const { control, register, handleSubmit, formState, getValues } = form;
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'items' });
  const [custom, setCustom] = useState<CustomItemDraft>(emptyCustomItem);
  const [customError, setCustomError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const [items, fromLocation, toLocation, discountPercent, customerName, customerPhone] = useWatch({
    control,
    name: [
      'items',
      'fromLocation',
      'toLocation',
      'discountPercent',
      'customerName',
      'customerPhone',
    ],
  });
  const totals = formTotals({ items, fromLocation, toLocation, discountPercent });
  // The same lines the preview and the PDF print, from the same shared rules.
  const adjustments = [
    amountLine(DOCUMENT_TEXT.SUBTOTAL, totals.itemsSubtotalCents),
    multiplierLine(
      totals.itemsSubtotalCents,
      totals.basePriceCents,
      routeMultiplier({ fromLocation: fromLocation || null, toLocation: toLocation || null }),
    ),
    discountLine(discountOf(discountPercent), totals.discountAmountCents),
  ];
  const gst = amountLine(DOCUMENT_TEXT.GST_INCLUDED, gstOfInclusive(totals.finalPriceCents));
  const blocker = saveBlocker({ items, customerName, customerPhone });

  const addCustom = () => {
    const parsed = parseCustomItem(custom);
    if (!parsed.ok) {
      setCustomError(parsed.message);
      return;
    }
    append(parsed.item);
    setCustom(emptyCustomItem());
    setCustomError(null);
  };

  const submit = handleSubmit(async (values) => {
    setSaving(true);
    try {
      await onSave(values);
    } finally {
      setSaving(false);
    }
  });

  const title = quoteId ? 'Edit Quote' : 'New Quote';
  const itemsError = formState.errors.items?.root?.message ?? formState.errors.items?.message;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="lg">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Title order={3}>{title}</Title>
              {quoteId ? (
                <Text size="sm" c="dimmed" ff="monospace">
                  {quoteId}
                </Text>
              ) : null}
            </div>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={onCancel}
              aria-label="Close the quote form"
            >
              <IconX size={20} />
            </ActionIcon>
          </Group>

          <Stack gap="sm">
            <Title order={4} size="h5">
              Customer
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput
                label="Customer name"
                withAsterisk
                autoComplete="off"
                {...registerField(form, 'customerName')}
              />
              <TextInput
                label="Phone"
                withAsterisk
                type="tel"
                inputMode="tel"
                autoComplete="off"
                {...registerField(form, 'customerPhone')}
              />
              <TextInput
                label="Email"
                type="email"
                autoComplete="off"
                {...registerField(form, 'customerEmail')}
              />
            </SimpleGrid>
          </Stack>

          <Stack gap="sm">
            <Title order={4} size="h5">
              Job
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <SelectField
                control={control}
                name="service"
                label="Service"
                placeholder="Choose a service"
                data={SERVICE_OPTIONS}
                clearable
              />
              <Controller
                control={control}
                name="vehicleType"
                render={({ field }) => (
                  <Autocomplete
                    label="Vehicle type"
                    placeholder="e.g. Toyota LandCruiser, Tow Truck"
                    data={[...VEHICLE_TYPES]}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                  />
                )}
              />
              <SelectField
                control={control}
                name="fromLocation"
                label="From location"
                placeholder="Not set (×1)"
                data={LOCATION_OPTIONS}
                clearable
              />
              <SelectField
                control={control}
                name="toLocation"
                label="To location"
                placeholder="Not set (×1)"
                data={LOCATION_OPTIONS}
                clearable
              />
              <NumberField
                control={control}
                name="distance"
                label="Distance"
                suffix=" km"
                min={0}
                decimalScale={1}
              />
            </SimpleGrid>
          </Stack>

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
                    {QUICK_ADD_CATALOGUE[category].map((entry) => (
                      <Button
                        key={entry.description}
                        variant="light"
                        size="sm"
                        leftSection={<IconPlus size={14} />}
                        onClick={() =>
                          replace(addCatalogueItem(getValues('items'), entry, category))
                        }
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

          <Stack gap="xs">
            <Title order={4} size="h5">
              Custom item
            </Title>
            <Group align="flex-end" gap="sm" wrap="wrap">
              <TextInput
                label="Description"
                style={{ flex: '2 1 200px' }}
                value={custom.description}
                onChange={(event) =>
                  setCustom({ ...custom, description: event.currentTarget.value })
                }
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
                        onClick={() => remove(index)}
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

          <SimpleGrid cols={{ base: 2, sm: 2 }} spacing="sm">
            <NumberField
              control={control}
              name="discountPercent"
              label="Discount"
              suffix="%"
              min={0}
              max={QUOTE_DEFAULTS.discountFieldMax}
              allowDecimal={false}
              allowNegative={false}
            />
            <NumberField
              control={control}
              name="validDays"
              label="Valid for (days)"
              min={1}
              max={365}
              allowDecimal={false}
              allowNegative={false}
            />
          </SimpleGrid>
          <Textarea label="Notes" autosize minRows={2} maxRows={6} {...register('notes')} />

          <Paper
            withBorder
            radius="md"
            p="md"
            bg="var(--mantine-color-gray-0)"
            aria-label="Quote totals"
            role="group"
          >
            <Stack gap={6}>
              {adjustments.map((line) => (
                <TotalRow key={line.label} label={line.label} value={line.text} />
              ))}
              <Divider />
              <Group justify="space-between">
                <Text fw={700}>{DOCUMENT_TEXT.FINAL_PRICE}</Text>
                <Text fw={800} size="xl" data-testid="quote-final-price">
                  {formatCents(totals.finalPriceCents)}
                </Text>
              </Group>
              <TotalRow label={gst.label} value={gst.text} />
              <Text size="xs" c="dimmed">
                {DOCUMENT_TEXT.QUOTE_GST_NOTE}
              </Text>
            </Stack>
          </Paper>

          {blocker ? (
            <Alert color="yellow" variant="light" role="status" p="xs">
              {blocker}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button
              type="submit"
              leftSection={<IconDeviceFloppy size={18} />}
              disabled={blocker !== null}
              loading={saving}
            >
              {quoteId ? 'Update Quote' : 'Save Quote'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function TotalRow({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Group>
  );
}
