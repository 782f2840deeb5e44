/**
 * The Pricing Structure panel (spec staff §2, §9): each service's base, per-km and minimum rate
 * and how each place is priced, from the price list in force.
 */
import { Card, Stack, Table, Text, Title } from '@mantine/core';
import {
  basisPointsText,
  formatCents,
  formatPrice,
  locationRules,
  serviceRates,
  type PriceTable,
} from '@pilbara/shared-schema';

export function PricingStructure({ prices }: { prices: PriceTable }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby="pricing-structure-title"
    >
      <Stack gap="sm">
        <Title order={3} size="h4" id="pricing-structure-title">
          Pricing Structure
        </Title>
        <Table.ScrollContainer minWidth={280}>
          <Table striped verticalSpacing={6} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Service</Table.Th>
                <Table.Th ta="right">Base</Table.Th>
                <Table.Th ta="right">Per km</Table.Th>
                <Table.Th ta="right">Minimum</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {serviceRates(prices).map((rate) => (
                <Table.Tr key={rate.key}>
                  <Table.Td>{rate.service}</Table.Td>
                  <Table.Td ta="right">{formatCents(rate.baseCents)}</Table.Td>
                  <Table.Td ta="right">{formatCents(rate.perKmCents)}</Table.Td>
                  <Table.Td ta="right">{formatCents(rate.minimumCents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="sm" fw={600}>
          Locations
        </Text>
        <Text size="sm" c="dimmed">
          {locationRules(prices)
            .map((rule) =>
              rule.multiplierBasisPoints !== null
                ? `${rule.name} ×${basisPointsText(rule.multiplierBasisPoints)}`
                : `${rule.name} ${rule.surchargeCents ? `+${formatPrice(rule.surchargeCents)}` : 'no surcharge'}`,
            )
            .join(' · ')}
        </Text>
        <Text size="xs" c="dimmed">
          The larger of the from and to multipliers applies to the items subtotal, a near town’s
          surcharge is its own line, then the discount. Prices include GST.
        </Text>
      </Stack>
    </Card>
  );
}
