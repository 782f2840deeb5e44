import { Alert, Card, Container, Stack, Text, Title } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { usePageTitle } from '../lib/use-page-title';
import { useOperators } from '../components/profile-provider';
import { BookingForm, type BookingVariant } from '../features/public-forms/booking-form';

export function BookingPage({ variant }: { variant: BookingVariant }) {
  usePageTitle('Book a Service');
  const { main } = useOperators();
  return (
    <Container size="md" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Book a Service</Title>
          <Text c="dimmed">
            Tell us what you need and when. We confirm every booking by phone, usually within 30
            minutes.
          </Text>
        </Stack>
        {variant === 'integrated' ? (
          <Alert
            color="blue"
            variant="light"
            icon={<IconPlugConnected />}
            title="Direct admin integration"
          >
            Your booking goes straight into our dispatch system, so the driver on duty sees it the
            moment you submit – no emails to wait on.
          </Alert>
        ) : null}
        <Card withBorder radius="md" padding="lg">
          <BookingForm variant={variant} hotline={main.phone} />
        </Card>
      </Stack>
    </Container>
  );
}
