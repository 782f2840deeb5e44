/** The Pricing Structure panel (spec staff §2, §9): each service's base, per-km and minimum rate. */
import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { LOCATION_MULTIPLIERS, SERVICE_RATES, formatCents } from '@pilbara/shared-schema';

export function PricingStructure() {
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
              {Object.entries(SERVICE_RATES).map(([service, rate]) => (
                <Table.Tr key={service}>
                  <Table.Td>{service}</Table.Td>
                  <Table.Td ta="right">{formatCents(rate.baseCents)}</Table.Td>
                  <Table.Td ta="right">{formatCents(rate.perKmCents)}</Table.Td>
                  <Table.Td ta="right">{formatCents(rate.minimumCents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="sm" fw={600}>
          Location multipliers
        </Text>
        <Text size="sm" c="dimmed">
          {Object.entries(LOCATION_MULTIPLIERS)
            .map(([name, multiplier]) => `${name} ×${multiplier}`)
            .join(' · ')}
        </Text>
        <Text size="xs" c="dimmed">
          The larger of the from and to multipliers applies to the items subtotal, then the
          discount. Prices include GST.
        </Text>
      </Stack>
    </Card>
  );
}
