import { Card, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { dashboardNotFoundText } from '@pilbara/shared-schema';
import { usePageTitle } from '../lib/use-page-title';
import { useSavedBookings } from '../lib/use-saved-bookings';
import { useCustomerInfo } from '../features/tracking/customer-info';
import { useCustomerJobs } from '../features/tracking/use-customer-jobs';
import { useDashboardLookup } from '../features/tracking/use-dashboard-lookup';
import { CustomerLookupForm } from '../features/tracking/customer-lookup-form';
import { DashboardView } from '../features/tracking/dashboard-view';

export function DashboardPage() {
  usePageTitle('My Dashboard');
  const { info, save, clear } = useCustomerInfo();
  const { jobs, bookings, bookingsListed, loading, reviewedJobIds } = useCustomerJobs(
    info ? (info.lookup ?? info.phone) : null,
    undefined,
    info?.proof,
  );
  const deviceBookings = useSavedBookings();
  const { state, lookUp } = useDashboardLookup(save);

  return (
    <Container size="lg" py="xl" px={{ base: 'sm', sm: 'md' }}>
      {info ? (
        <DashboardView
          info={info}
          jobs={jobs}
          reviewedJobIds={reviewedJobIds}
          bookings={bookings}
          deviceBookings={deviceBookings}
          bookingsListed={bookingsListed}
          loading={loading}
          onSignOut={clear}
        />
      ) : (
        <Card withBorder radius="md" padding="xl" maw={560} mx="auto" mt={{ base: 0, sm: 'xl' }}>
          <Stack gap="md">
            <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
              <IconLayoutDashboard size={30} />
            </ThemeIcon>
            <Title order={1} size="h2">
              Access Your Dashboard
            </Title>
            <Text c="dimmed">
              Enter the phone number you booked with, or a job ID from your text message, to see
              your jobs and service history. No login needed.
            </Text>
            <CustomerLookupForm
              native
              formLabel="Access Your Dashboard"
              onLookup={(lookup, proof) => void lookUp(lookup, proof)}
              busy={state.status === 'busy'}
            />
            {state.status === 'none' ? (
              <Text c="dimmed" role="status">
                {dashboardNotFoundText(state.lookup)}
              </Text>
            ) : null}
          </Stack>
        </Card>
      )}
    </Container>
  );
}
