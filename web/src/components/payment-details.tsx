/**
 * "How to pay" as the documents print it (shared-schema `paymentInstructions`): the business's
 * account name, BSB, account number and PayID with the document's number as the reference, or
 * whom to call when no account is configured. The pay page and the document previews show it.
 */
import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { PaymentInstructions } from '@pilbara/shared-schema';

export function PaymentDetails({
  instructions,
  headingOrder = 2,
}: {
  instructions: PaymentInstructions;
  headingOrder?: 2 | 3 | 4;
}) {
  return (
    <Paper withBorder radius="md" p="md" bg="ochre.0" data-testid="payment-details">
      <Stack gap="xs">
        <Title order={headingOrder} size="h4">
          {instructions.heading}
        </Title>
        <Table variant="vertical" withRowBorders={false} layout="fixed">
          <Table.Tbody>
            {instructions.rows.map((row) => (
              <Table.Tr key={row.label}>
                <Table.Th w={130} bg="transparent" fw={500} c="dimmed" px={0} py={4}>
                  {row.label}
                </Table.Th>
                <Table.Td fw={700} px={0} py={4} style={{ overflowWrap: 'anywhere' }}>
                  {row.value}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="sm">{instructions.note}</Text>
      </Stack>
    </Paper>
  );
}
