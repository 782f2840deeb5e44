/**
 * New Quote / Edit Quote form (spec staff §2, §5): quick-add catalogue, custom items, quantities,
 * route with location multipliers, discount, validity and live totals by the shared pricing rule.
 * Saving is the parent's job (a `quote.save` mutation), so the form works the same offline.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Alert,
  Autocomplete,
  Button,
  Card,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconDeviceFloppy, IconX } from '@tabler/icons-react';
import {
  DOCUMENT_TEXT,
  QUOTE_DEFAULTS,
  VEHICLE_TYPES,
  amountLine,
  basisPointsText,
  discountLine,
  formatCents,
  formatPrice,
  gstOfInclusive,
  locationMultipliers,
  locationRules,
  multiplierLine,
  routeMultiplier,
  routeSurcharge,
  serviceRates,
  type NumberedRow,
  type PriceTable,
} from '@pilbara/shared-schema';
import { DocumentRef } from '../../components/document-ref';
import { useAccounts, usePriceTable } from '../../components/accounts/account-data';
import { registerField, SelectField } from '../../components/form-fields';
import { NumberField } from './quote-form-inputs';
import { CustomItemEntry, QuickAddItems, QuoteItemList } from './quote-form-items';
import {
  addCatalogueItem,
  discountOf,
  formTotals,
  quoteFormSchema,
  saveBlocker,
  withRouteSurcharge,
  type QuoteFormValues,
} from './quote-form-model';

/** The route pickers' places, each with how the price list prices it. */
function locationOptions(prices: PriceTable) {
  return locationRules(prices).map((rule) => ({
    value: rule.name,
    label:
      rule.multiplierBasisPoints !== null
        ? `${rule.name} (×${basisPointsText(rule.multiplierBasisPoints)})`
        : `${rule.name} (${rule.surchargeCents ? `+${formatPrice(rule.surchargeCents)}` : 'no surcharge'})`,
  }));
}
export interface QuoteFormProps {
  /** The quote being edited (named by its number, never its key); absent for a new one. */
  quote?: NumberedRow | undefined;
  initialValues: QuoteFormValues;
  /** Saves; resolves true when the quote was saved (the parent closes the form then). */
  onSave: (values: QuoteFormValues) => Promise<boolean>;
  onCancel: () => void;
}

/** A titled group of the form's inputs, one column on a phone. */
function FieldGroup({
  title,
  cols,
  children,
}: {
  title: string;
  cols: number;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm">
      <Title order={4} size="h5">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: cols }} spacing="sm">
        {children}
      </SimpleGrid>
    </Stack>
  );
}

export function QuoteForm({ quote, initialValues, onSave, onCancel }: QuoteFormProps) {
  const form = useForm<QuoteFormValues>({
    defaultValues: initialValues,
    resolver: zodResolver(quoteFormSchema, undefined, {
      raw: true,
    }) as unknown as Resolver<QuoteFormValues>,
    mode: 'onTouched',
  });
  const { control, register, handleSubmit, formState, getValues } = form;
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'items' });
  const [saving, setSaving] = useState(false);

  const [items, fromLocation, toLocation, discountPercent, customerName, customerPhone, accountId] =
    useWatch({
      control,
      name: [
        'items',
        'fromLocation',
        'toLocation',
        'discountPercent',
        'customerName',
        'customerPhone',
        'accountId',
      ],
    });
  const accounts = useAccounts();
  const account = accounts.find((candidate) => String(candidate.id) === accountId);
  // The price list in force for this customer: the account's own items, then the default list.
  const prices = usePriceTable(account?.id ?? null);
  const totals = formTotals({ items, fromLocation, toLocation, discountPercent }, prices);

  // Choosing a place puts the route's surcharge line in (a near town's flat surcharge) and takes
  // the last one out; the owner may still remove it. An edit opened as it was saved is left be.
  const route = useRef(`${initialValues.fromLocation}|${initialValues.toLocation}`);
  useEffect(() => {
    const now = `${fromLocation}|${toLocation}`;
    if (now === route.current) return;
    route.current = now;
    replace(
      withRouteSurcharge(getValues('items'), routeSurcharge(prices, fromLocation, toLocation)),
    );
  }, [fromLocation, toLocation, prices, replace, getValues]);
  // The same lines the preview and the PDF print, from the same shared rules.
  const adjustments = [
    amountLine(DOCUMENT_TEXT.SUBTOTAL, totals.itemsSubtotalCents),
    multiplierLine(
      totals.itemsSubtotalCents,
      totals.basePriceCents,
      routeMultiplier(
        { fromLocation: fromLocation || null, toLocation: toLocation || null },
        locationMultipliers(prices),
      ),
    ),
    discountLine(discountOf(discountPercent), totals.discountAmountCents),
  ];
  const gst = amountLine(DOCUMENT_TEXT.GST_INCLUDED, gstOfInclusive(totals.finalPriceCents));
  const blocker = saveBlocker({ items, customerName, customerPhone });

  const submit = handleSubmit(async (values) => {
    setSaving(true);
    try {
      await onSave(values);
    } finally {
      setSaving(false);
    }
  });

  const title = quote ? 'Edit Quote' : 'New Quote';
  const itemsError = formState.errors.items?.root?.message ?? formState.errors.items?.message;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="lg">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Title order={3}>{title}</Title>
              {quote ? <DocumentRef row={quote} size="sm" c="dimmed" /> : null}
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

          <FieldGroup title="Customer" cols={3}>
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
          </FieldGroup>

          <FieldGroup title="Account" cols={3}>
            <SelectField
              control={control}
              name="accountId"
              label="Account"
              placeholder="None (one-off customer)"
              data={accounts
                .filter((candidate) => candidate.isActive || String(candidate.id) === accountId)
                .map((candidate) => ({ value: String(candidate.id), label: candidate.name }))}
              clearable
            />
            <SelectField
              control={control}
              name="siteId"
              label="Site"
              placeholder={account ? 'Choose a site' : 'No account chosen'}
              data={(account?.sites ?? []).map((site) => ({ value: site.id, label: site.name }))}
              disabled={!account}
              clearable
            />
            <TextInput
              label="PO number"
              disabled={!account}
              autoComplete="off"
              {...registerField(form, 'poNumber')}
            />
          </FieldGroup>

          <FieldGroup title="Job" cols={2}>
            <SelectField
              control={control}
              name="service"
              label="Service"
              placeholder="Choose a service"
              data={serviceRates(prices).map((rate) => rate.service)}
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
              data={locationOptions(prices)}
              clearable
            />
            <SelectField
              control={control}
              name="toLocation"
              label="To location"
              placeholder="Not set (×1)"
              data={locationOptions(prices)}
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
          </FieldGroup>

          <QuickAddItems
            prices={prices}
            onAdd={(entry, category) =>
              replace(addCatalogueItem(getValues('items'), entry, category))
            }
          />

          <CustomItemEntry onAdd={append} />

          <QuoteItemList
            control={control}
            fields={fields}
            items={items}
            onRemove={remove}
            itemsError={itemsError}
          />

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
              {quote ? 'Update Quote' : 'Save Quote'}
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
