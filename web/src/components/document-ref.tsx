/**
 * How a job, quote, invoice or credit note is named on screen
 * (docs/decisions/2026-11-27-document-numbers.md): its document number, or — until the server has
 * given one — "(number pending)" marked "Provisional", with why in the badge's title. The key is
 * never shown, so nobody takes it for a number an accountant will see.
 */
import { Badge, Group, Text, type TextProps } from '@mantine/core';
import {
  PROVISIONAL_TEXT,
  documentRef,
  isProvisional,
  type NumberedRow,
} from '@pilbara/shared-schema';

export function DocumentRef({ row, ...text }: { row: NumberedRow } & Omit<TextProps, 'children'>) {
  const provisional = isProvisional(row);
  return (
    <Group component="span" gap={6} wrap="nowrap" style={{ display: 'inline-flex' }}>
      <Text span ff="monospace" data-testid="document-ref" {...text}>
        {documentRef(row)}
      </Text>
      {provisional ? (
        <Badge
          size="xs"
          variant="outline"
          color="yellow"
          title={PROVISIONAL_TEXT.EXPLAIN}
          aria-label={PROVISIONAL_TEXT.EXPLAIN}
          data-testid="provisional-ref"
        >
          {PROVISIONAL_TEXT.BADGE}
        </Badge>
      ) : null}
    </Group>
  );
}
