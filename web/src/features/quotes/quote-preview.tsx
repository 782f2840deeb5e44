/**
 * Preview dialog: the quote as the customer will read it (the same parts as the PDF): the
 * business header (name, phones, email, ABN), number, dates, customer, vehicle, route, items by
 * category, subtotal, multiplier, discount, final price, GST note and terms.
 */
import { Badge, Divider, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  DATE_FORMATS,
  QUOTE_ITEM_CATEGORIES,
  QUOTE_TERMS,
  formatCents,
  formatPerth,
  locationMultiplierBasisPoints,
  type Quote,
} from '@pilbara/shared-schema';
import { useProfile } from '../../components/profile-provider';
import { STATUS_COLORS, routeText, statusLabel } from './quote-display';

const CATEGORY_TITLES = { service: 'Services', parts: 'Parts', misc: 'Other charges' } as const;

export function QuotePreview({ quote, onClose }: { quote: Quote | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={quote !== null}
      onClose={onClose}
      title={quote ? `Quote ${quote.id}` : 'Quote'}
      size="lg"
      fullScreen={phone}
    >
      {quote ? <PreviewBody quote={quote} /> : null}
    </Modal>
  );
}

function PreviewBody({ quote }: { quote: Quote }) {
  const multiplier =
    Math.max(
      locationMultiplierBasisPoints(quote.fromLocation),
      locationMultiplierBasisPoints(quote.toLocation),
    ) / 10000;
  const route = routeText(quote);
  return (
    <Stack gap="md" data-testid="quote-preview">
      <BusinessHeader />
      <Divider />
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={3}>{quote.customerName}</Title>
          <Text size="sm">{quote.customerPhone}</Text>
          {quote.customerEmail ? <Text size="sm">{quote.customerEmail}</Text> : null}
        </Stack>
        <Stack gap={2} align="flex-end">
          <Badge color={STATUS_COLORS[quote.status]}>{statusLabel(quote.status)}</Badge>
          <Text size="sm">Issued {formatPerth(quote.createdAt, DATE_FORMATS.date)}</Text>
          <Text size="sm">Valid until {formatPerth(quote.validUntil, DATE_FORMATS.date)}</Text>
        </Stack>
      </Group>
      <Stack gap={2}>
        <Text size="sm">Service: {quote.service ?? 'Not specified'}</Text>
        <Text size="sm">Vehicle: {quote.vehicleType ?? 'Not specified'}</Text>
        {route ? <Text size="sm">Route: {route}</Text> : null}
      </Stack>
      {QUOTE_ITEM_CATEGORIES.map((category) => {
        const lines = quote.items.filter((item) => item.category === category);
        if (lines.length === 0) return null;
        return (
          <Stack key={category} gap={4}>
            <Text fw={700}>{CATEGORY_TITLES[category]}</Text>
            <Table.ScrollContainer minWidth={320}>
              <Table fz="sm" verticalSpacing={4}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Item</Table.Th>
                    <Table.Th ta="right">Qty</Table.Th>
                    <Table.Th ta="right">Unit</Table.Th>
                    <Table.Th ta="right">Total</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {lines.map((item) => (
                    <Table.Tr key={item.id}>
                      <Table.Td>{item.description}</Table.Td>
                      <Table.Td ta="right">{item.quantity}</Table.Td>
                      <Table.Td ta="right">{formatCents(item.unitPrice)}</Table.Td>
                      <Table.Td ta="right">{formatCents(item.total)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        );
      })}
      <Stack gap={4}>
        <Row label="Subtotal" value={formatCents(quote.itemsSubtotal)} />
        <Row label={`Location multiplier ×${multiplier}`} value={formatCents(quote.basePrice)} />
        <Row
          label={`Discount (${quote.discountPercent}%)`}
          value={quote.discountAmount > 0 ? `-${formatCents(quote.discountAmount)}` : '—'}
        />
        <Divider />
        <Group justify="space-between">
          <Text fw={700}>Final price</Text>
          <Text fw={800} size="xl">
            {formatCents(quote.finalPrice)}
          </Text>
        </Group>
        <Text size="sm" fw={600}>
          Prices include GST
        </Text>
      </Stack>
      {quote.notes ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {quote.notes}
        </Text>
      ) : null}
      <Stack gap={2}>
        <Text size="sm" fw={700}>
          Terms
        </Text>
        {QUOTE_TERMS.map((term) => (
          <Text key={term} size="xs" c="dimmed">
            {term}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}

/** The business's own details, as the PDF prints them above the quote. */
function BusinessHeader() {
  const profile = useProfile();
  return (
    <Stack gap={0} data-testid="quote-business">
      <Text fw={800} size="lg">
        {profile.tradingName}
      </Text>
      {profile.owners.map((owner) => (
        <Text key={owner.phone} size="xs">
          {owner.name}: {owner.phone}
        </Text>
      ))}
      {profile.staffPhone ? <Text size="xs">Office: {profile.staffPhone}</Text> : null}
      {profile.email ? <Text size="xs">{profile.email}</Text> : null}
      {profile.abn ? <Text size="xs">ABN {profile.abn}</Text> : null}
    </Stack>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Group>
  );
}
