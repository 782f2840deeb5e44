import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  Button,
  Card,
  Center,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhoneCall, IconSearchOff, IconWifiOff } from '@tabler/icons-react';
import { MESSAGES, TOAST_DURATIONS } from '@pilbara/shared-schema';
import { STORAGE_KEYS } from '../lib/storage';
import { usePageTitle } from '../lib/use-page-title';
import { telHref } from '../lib/format';
import { useSavedBookings } from '../lib/use-saved-bookings';
import { useOperators } from '../app/profile-provider';
import { isRecordId, useTracking, type TrackTarget } from '../features/tracking/use-tracking';
import { JobDetails } from '../features/tracking/job-details';
import { BookingDetails } from '../features/tracking/booking-details';
import { DeviceBookings } from '../features/tracking/device-bookings';
import {
  PhoneProofForm,
  PortalSearchForm,
  type PortalSearchFormHandle,
} from '../features/tracking/portal-search-form';

/**
 * The phone saved by the dashboard on this device (spec 'customerInfo'), which proves a job id the
 * dashboard's Track Live opens: the customer typed it there already.
 */
function savedCustomerPhone(): string {
  try {
    const saved: unknown = JSON.parse(
      window.localStorage.getItem(STORAGE_KEYS.customerInfo) ?? 'null',
    );
    const phone = (saved as { phone?: unknown } | null)?.phone;
    return typeof phone === 'string' ? phone : '';
  } catch {
    return '';
  }
}

export const PORTAL_OFFLINE_TEXT =
  "You're offline, so we can't look up your job right now. It will work again as soon as you have signal – or call us, a call often gets through where data does not.";

function CallButtons() {
  const { main, second } = useOperators();
  return (
    <Group gap="xs" justify="center">
      {[main, ...(second ? [second] : [])].map((owner) => (
        <Button
          key={owner.phone}
          component="a"
          href={telHref(owner.phone)}
          mih={48}
          leftSection={<IconPhoneCall size={18} aria-hidden />}
        >
          {owner.name}: {owner.phone}
        </Button>
      ))}
    </Group>
  );
}

export function CustomerPortalPage() {
  usePageTitle('Track Your Job');
  const [params, setParams] = useSearchParams();
  const { state, run, askPhone, reset } = useTracking();
  const formRef = useRef<PortalSearchFormHandle>(null);
  const deviceBookings = useSavedBookings();

  const runTarget = async (target: TrackTarget) => {
    const result = await run(target);
    if (result.status === 'not-found') {
      notifications.show({
        title: MESSAGES.JOB_NOT_FOUND_TITLE,
        message: MESSAGES.JOB_NOT_FOUND_DESCRIPTION,
        color: 'red',
        autoClose: TOAST_DURATIONS.default,
      });
    } else if (result.status === 'error') {
      notifications.show({
        title: MESSAGES.SEARCH_FAILED_TITLE,
        message: MESSAGES.SEARCH_FAILED_DESCRIPTION,
        color: 'red',
        autoClose: TOAST_DURATIONS.default,
      });
    }
  };

  const search = (query: string) => {
    setParams({ search: query }, { replace: true });
    if (isRecordId(query)) askPhone(query);
    else void runTarget({ kind: 'id', id: query, phone: '' });
  };

  // A tracking link (?token=…) opens its job at once; ?search=JOB-… (the dashboard's Track Live)
  // fills the search and asks for the phone digits.
  const initial = useRef({
    token: params.get('token')?.trim() ?? '',
    search: params.get('search')?.trim() ?? '',
  });
  useEffect(() => {
    const { token, search: query } = initial.current;
    const phone = savedCustomerPhone();
    if (token) void runTarget({ kind: 'token', token });
    else if (query && isRecordId(query) && phone) {
      formRef.current?.setQuery(query);
      void runTarget({ kind: 'id', id: query, phone });
    } else if (query) {
      formRef.current?.setQuery(query);
      search(query);
    }
    // Runs once on open; later searches come from the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const tryAnother = () => {
    reset();
    setParams({}, { replace: true });
    formRef.current?.setQuery('');
    window.setTimeout(() => formRef.current?.focus(), 0);
  };

  const target = 'target' in state ? state.target : null;
  const failedQuery =
    target?.kind === 'id' ? target.id : target?.kind === 'token' ? 'this tracking link' : '';

  return (
    <Container size="md" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Track Your Job</Title>
          <Text c="dimmed">
            Open the tracking link from your confirmation, or enter your job ID or booking number to
            see where your driver is and what happens next.
          </Text>
        </Stack>

        <Card withBorder radius="md" padding="lg">
          <Stack gap="md">
            <PortalSearchForm ref={formRef} onSearch={search} busy={state.status === 'loading'} />
            {state.status === 'needs-phone' ? (
              <PhoneProofForm
                id={state.id}
                busy={false}
                onSubmit={(digits) => void runTarget({ kind: 'id', id: state.id, phone: digits })}
              />
            ) : null}
          </Stack>
        </Card>

        {state.status === 'loading' ? (
          <Center py="xl">
            <Loader aria-label="Searching for your job" />
          </Center>
        ) : null}

        {state.status === 'found' && 'job' in state.found ? (
          <JobDetails job={state.found.job} />
        ) : null}
        {state.status === 'found' && 'booking' in state.found ? (
          <BookingDetails booking={state.found.booking} />
        ) : null}

        {state.status === 'not-found' ? (
          <Card withBorder radius="md" padding="xl" data-testid="job-not-found">
            <Stack align="center" gap="sm" ta="center">
              <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
                <IconSearchOff size={30} />
              </ThemeIcon>
              <Title order={2} size="h3">
                {MESSAGES.JOB_NOT_FOUND_PAGE}
              </Title>
              <Text c="dimmed" maw={440}>
                We couldn&apos;t find a job for {failedQuery}. Check the number in your text message
                or email, and the last 4 digits of the phone you booked with.
              </Text>
              <Button onClick={tryAnother} mih={44}>
                Try Another Search
              </Button>
            </Stack>
          </Card>
        ) : null}

        {state.status === 'offline' ? (
          <Card withBorder radius="md" padding="lg" data-testid="portal-offline">
            <Stack align="center" gap="sm" ta="center">
              <ThemeIcon size={48} radius="xl" variant="light" color="ochre" aria-hidden>
                <IconWifiOff size={26} />
              </ThemeIcon>
              <Text role="status" maw={480}>
                {PORTAL_OFFLINE_TEXT}
              </Text>
              <CallButtons />
            </Stack>
          </Card>
        ) : null}

        {state.status === 'error' ? (
          <Stack gap="sm">
            <Text c="red.8" role="alert">
              {MESSAGES.SEARCH_FAILED_DESCRIPTION}
            </Text>
            <CallButtons />
          </Stack>
        ) : null}

        <DeviceBookings bookings={deviceBookings} />
      </Stack>
    </Container>
  );
}
