/**
 * Preview dialog: the quote as the customer will read it, drawn from the same shared quote
 * document the PDF is laid out from — the business header (name, phones, email, ABN), number,
 * dates, customer, job details, items under the shared category headings, subtotal, location
 * multiplier, discount, final price, the GST it includes, and the terms for its own validity.
 */
import { Badge, Divider, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DOCUMENT_TEXT, quoteDocument, type Quote, documentRef } from '@pilbara/shared-schema';
import { useProfile } from '../../components/profile-provider';
import { PaymentDetails } from '../../components/payment-details';
import { DocumentSections, SellerHeader, AmountRow } from './document-parts';
import { STATUS_COLORS, statusLabel } from './quote-display';

export function QuotePreview({ quote, onClose }: { quote: Quote | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={quote !== null}
      onClose={onClose}
      title={quote ? `Quote ${documentRef(quote)}` : 'Quote'}
      size="lg"
      fullScreen={phone}
    >
      {quote ? <PreviewBody quote={quote} /> : null}
    </Modal>
  );
}

function PreviewBody({ quote }: { quote: Quote }) {
  const doc = quoteDocument(quote, useProfile());
  return (
    <Stack gap="md" data-testid="quote-preview">
      <SellerHeader seller={doc.seller} testId="quote-business" />
      <Divider />
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase">
            {DOCUMENT_TEXT.QUOTE_FOR}
          </Text>
          <Title order={3}>{doc.customer.name}</Title>
          <Text size="sm">{doc.customer.phone}</Text>
          {doc.customer.email ? <Text size="sm">{doc.customer.email}</Text> : null}
        </Stack>
        <Stack gap={2} align="flex-end">
          <Badge color={STATUS_COLORS[quote.status]}>{statusLabel(quote.status)}</Badge>
          <Text size="sm">Issue date: {doc.issueDate}</Text>
          <Text size="sm">Valid until: {doc.validUntil}</Text>
        </Stack>
      </Group>
      <Stack gap={2}>
        {doc.job.map((row) => (
          <Text key={row.label} size="sm">
            {row.label}: {row.value}
          </Text>
        ))}
      </Stack>
      <DocumentSections sections={doc.sections} />
      <Stack gap={4} data-testid="quote-totals">
        {doc.adjustments.map((line) => (
          <AmountRow key={line.label} line={line} />
        ))}
        <Divider />
        <Group justify="space-between" data-testid="quote-final">
          <Text fw={700}>{doc.total.label}</Text>
          <Text fw={800} size="xl">
            {doc.total.text}
          </Text>
        </Group>
        <AmountRow line={doc.gst} />
        <Text size="sm" fw={600} data-testid="quote-gst-note">
          {doc.gstNote}
        </Text>
      </Stack>
      {doc.notes ? (
        <Stack gap={2}>
          <Text size="sm" fw={700}>
            {DOCUMENT_TEXT.NOTES}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {doc.notes}
          </Text>
        </Stack>
      ) : null}
      <PaymentDetails instructions={doc.payment} headingOrder={3} />
      <Stack gap={2} data-testid="quote-terms">
        <Text size="sm" fw={700}>
          {DOCUMENT_TEXT.TERMS}
        </Text>
        <Stack component="ul" gap={2} m={0} pl="md">
          {doc.terms.map((term) => (
            <Text component="li" key={term} size="xs">
              {term}
            </Text>
          ))}
        </Stack>
      </Stack>
    </Stack>
  );
}
