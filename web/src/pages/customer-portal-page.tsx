import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Card, Center, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhoneCall, IconSearchOff, IconWifiOff } from '@tabler/icons-react';
import {
  TRACKING_MESSAGES,
  POLLING_INTERVALS,
  TOAST_DURATIONS,
  type PortalSearch,
} from '@pilbara/shared-schema';
import { usePageTitle } from '../lib/use-page-title';
import { useHydrated } from '../lib/hydration';
import { telHref } from '../lib/format';
import { isNetworkError } from '../lib/http';
import { useSavedBookings } from '../lib/use-saved-bookings';
import { useOperators } from '../components/profile-provider';
import { FormPage } from '../components/form-page';
import { DeviceBookings } from '../features/tracking/device-bookings';
import {
  tokenOf,
  trackedOf,
  useJobSearch,
  type JobSearchState,
  type TrackQuery,
} from '../features/tracking/use-job-search';
import { useInitialTracking, type InitialTracking } from '../features/tracking/initial-tracking';
import { JobDetails } from '../features/tracking/job-details';
import { BookingDetails } from '../features/tracking/booking-details';
import {
  PortalSearchForm,
  type PortalSearchFormHandle,
} from '../features/tracking/portal-search-form';

const PORTAL_OFFLINE_TEXT =
  "You're offline, so we can't look up your job right now. It will work again as soon as you have signal – or call us, a call often gets through where data does not.";

/** Both operators' call buttons: offered wherever the portal cannot help right now. */
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

/** A search that failed for want of a connection, not because the server refused it. */
function isOffline(error: unknown): boolean {
  return isNetworkError(error) || (typeof navigator !== 'undefined' && !navigator.onLine);
}

/** The portal's first state for a tracking link the server answered in the page itself. */
function renderedState(rendered: InitialTracking): JobSearchState {
  const found = trackedOf(rendered.answer);
  return found ? { status: 'found', query: '', found } : { status: 'not-found', query: '' };
}

export function CustomerPortalPage() {
  usePageTitle('Track Your Job');
  const [params, setParams] = useSearchParams();
  // A tracking link the server rendered with its answer: the page starts where that
  // answer is, on the server and while the browser hydrates it, and polls from there. A page the
  // browser draws itself (precached, or reached by a link inside the app) looks the token up.
  const hydrating = !useHydrated();
  const initialTracking = useInitialTracking();
  const rendered =
    hydrating && initialTracking?.token === (params.get('token')?.trim() ?? '')
      ? initialTracking
      : null;
  const { state, search, reset } = useJobSearch(
    POLLING_INTERVALS.portalJob,
    rendered ? renderedState(rendered) : undefined,
  );
  const formRef = useRef<PortalSearchFormHandle>(null);
  const deviceBookings = useSavedBookings();

  const runSearch = async (ask: TrackQuery) => {
    const result = await search(ask);
    if (result.status === 'found') {
      // The address bar keeps the token, so a reload (or a bookmark) opens the job again.
      const token = tokenOf(result.found);
      if (token) setParams({ token }, { replace: true });
    } else if (result.status === 'not-found') {
      notifications.show({
        title: TRACKING_MESSAGES.JOB_NOT_FOUND_TITLE,
        message: TRACKING_MESSAGES.JOB_NOT_FOUND_DESCRIPTION,
        color: 'red',
        autoClose: TOAST_DURATIONS.default,
      });
    } else if (result.status === 'error' && !isOffline(result.error)) {
      notifications.show({
        title: TRACKING_MESSAGES.SEARCH_FAILED_TITLE,
        message: TRACKING_MESSAGES.SEARCH_FAILED_DESCRIPTION,
        color: 'red',
        autoClose: TOAST_DURATIONS.default,
      });
    }
  };

  // A tracking link (/customer-portal?token=…) opens its job at once. A ?search=JOB-… link
  // fills in the job ID and asks for the phone digits before anything is shown.
  const initial = useRef({
    token: params.get('token')?.trim() ?? '',
    search: params.get('search')?.trim() ?? '',
    answered: rendered !== null,
  });
  useEffect(() => {
    const { token, search: query, answered } = initial.current;
    if (token && !answered) void runSearch({ token });
    else if (query) formRef.current?.setQuery(query);
    // Runs once on open; later searches come from the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const searchForm = (values: PortalSearch) =>
    void runSearch(
      values.phone ? { query: values.query, phone: values.phone } : { query: values.query },
    );

  const tryAnother = () => {
    reset();
    setParams({}, { replace: true });
    formRef.current?.setQuery('');
    window.setTimeout(() => formRef.current?.focus(), 0);
  };

  return (
    <FormPage
      title="Track Your Job"
      lead="Open the tracking link from your email, or enter your job ID and the last 4 digits of your phone to see where your driver is and what happens next."
    >
      {state.status === 'loading' ? (
        <Center py="xl">
          <Loader aria-label="Searching for your job" />
        </Center>
      ) : null}

      {state.status === 'found' && 'job' in state.found ? (
        <JobDetails
          job={state.found.job}
          token={tokenOf(state.found)}
          position={state.found.position ?? null}
          timeline={state.found.timeline ?? []}
          confirmedBy={state.found.confirmedBy ?? null}
        />
      ) : null}
      {state.status === 'found' && 'booking' in state.found ? (
        <BookingDetails booking={state.found.booking} />
      ) : null}

      {/* Below a found job or booking: a tracking link opens on the job, the search stays for
          a person who came without one. */}
      <Card withBorder radius="md" padding="lg">
        <PortalSearchForm ref={formRef} onSearch={searchForm} busy={state.status === 'loading'} />
      </Card>

      {state.status === 'not-found' ? (
        <Card withBorder radius="md" padding="xl" data-testid="job-not-found">
          <Stack align="center" gap="sm" ta="center">
            <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
              <IconSearchOff size={30} />
            </ThemeIcon>
            <Title order={2} size="h3">
              {TRACKING_MESSAGES.JOB_NOT_FOUND_PAGE}
            </Title>
            <Text c="dimmed" maw={440}>
              We couldn&apos;t find a job for &ldquo;{state.query || 'this link'}&rdquo;. Check the
              job ID in your text message or email, and the last 4 digits of the phone you booked
              with.
            </Text>
            <Button onClick={tryAnother} mih={44}>
              Try Another Search
            </Button>
          </Stack>
        </Card>
      ) : null}

      {state.status === 'error' && isOffline(state.error) ? (
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

      {state.status === 'error' && !isOffline(state.error) ? (
        <Stack gap="sm">
          <Text c="red.8" role="alert">
            {TRACKING_MESSAGES.SEARCH_FAILED_DESCRIPTION}
          </Text>
          <CallButtons />
        </Stack>
      ) : null}

      <DeviceBookings bookings={deviceBookings} />
    </FormPage>
  );
}
