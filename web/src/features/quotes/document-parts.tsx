/**
 * Pieces the quote and tax invoice previews share: the seller header, the item tables under
 * their shared headings, and an amount row. They lay out the shared document models; they word
 * and compute nothing themselves.
 */
import { Group, Stack, Table, Text } from '@mantine/core';
import type { AmountLine, DocumentSection, SellerBlock } from '@pilbara/shared-schema';

/** The business's own details, as the PDF prints them at the top. */
export function SellerHeader({ seller, testId }: { seller: SellerBlock; testId?: string }) {
  return (
    <Stack gap={0} data-testid={testId}>
      <Text fw={800} size="lg">
        {seller.name}
      </Text>
      {seller.contact.map((line) => (
        <Text key={line} size="xs">
          {line}
        </Text>
      ))}
      {seller.abn ? <Text size="xs">ABN {seller.abn}</Text> : null}
    </Stack>
  );
}

/** The items under their category headings; `taxMark` adds a Tax column marking each line. */
export function DocumentSections({
  sections,
  taxMark,
}: {
  sections: readonly DocumentSection[];
  taxMark?: string;
}) {
  return (
    <>
      {sections.map((section) => (
        <Stack key={section.category} gap={4} data-testid="document-section">
          <Text fw={700} data-testid="document-section-heading">
            {section.heading}
          </Text>
          <Table.ScrollContainer minWidth={320}>
            <Table fz="sm" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Description</Table.Th>
                  <Table.Th ta="right">Qty</Table.Th>
                  <Table.Th ta="right">Unit price</Table.Th>
                  {taxMark ? <Table.Th ta="right">Tax</Table.Th> : null}
                  <Table.Th ta="right">Total</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {section.lines.map((line) => (
                  <Table.Tr key={line.id}>
                    <Table.Td>{line.description}</Table.Td>
                    <Table.Td ta="right">{line.quantity}</Table.Td>
                    <Table.Td ta="right">{line.unitPrice}</Table.Td>
                    {taxMark ? <Table.Td ta="right">{taxMark}</Table.Td> : null}
                    <Table.Td ta="right">{line.total}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      ))}
    </>
  );
}

/** 'Subtotal ……… $270.00'. */
export function AmountRow({ line, strong }: { line: AmountLine; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" data-testid="amount-row">
      <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : undefined}>
        {line.label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
        {line.text}
      </Text>
    </Group>
  );
}
