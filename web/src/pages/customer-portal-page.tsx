import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  Button,
  Card,
  Center,
  Container,
  Loader,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSearchOff } from '@tabler/icons-react';
import { MESSAGES, TOAST_DURATIONS } from '@pilbara/shared-schema';
import { usePageTitle } from '../lib/use-page-title';
import { useJobSearch } from '../features/tracking/use-job-search';
import { JobDetails } from '../features/tracking/job-details';
import {
  PortalSearchForm,
  type PortalSearchFormHandle,
} from '../features/tracking/portal-search-form';

export function CustomerPortalPage() {
  usePageTitle('Track Your Job');
  const [params, setParams] = useSearchParams();
  const { state, search, reset } = useJobSearch();
  const formRef = useRef<PortalSearchFormHandle>(null);

  const runSearch = async (query: string) => {
    setParams({ search: query }, { replace: true });
    const result = await search(query);
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

  // Opening /customer-portal?search=JOB-… (the dashboard's Track Live) runs that search once.
  const initialQuery = useRef(params.get('search')?.trim() ?? '');
  useEffect(() => {
    const query = initialQuery.current;
    if (!query) return;
    formRef.current?.setQuery(query);
    void runSearch(query);
    // Runs once on open; later searches come from the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const tryAnother = () => {
    reset();
    setParams({}, { replace: true });
    formRef.current?.setQuery('');
    window.setTimeout(() => formRef.current?.focus(), 0);
  };

  return (
    <Container size="md" py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Track Your Job</Title>
          <Text c="dimmed">
            Enter your job ID or the name you booked under to see where your driver is and what
            happens next.
          </Text>
        </Stack>

        <Card withBorder radius="md" padding="lg">
          <PortalSearchForm
            ref={formRef}
            onSearch={(query) => void runSearch(query)}
            busy={state.status === 'loading'}
          />
        </Card>

        {state.status === 'loading' ? (
          <Center py="xl">
            <Loader aria-label="Searching for your job" />
          </Center>
        ) : null}

        {state.status === 'found' ? <JobDetails job={state.job} /> : null}

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
                We couldn&apos;t find a job for &ldquo;{state.query}&rdquo;. Check the job ID in
                your text message or email, or try the name you booked under.
              </Text>
              <Button onClick={tryAnother} mih={44}>
                Try Another Search
              </Button>
            </Stack>
          </Card>
        ) : null}

        {state.status === 'error' ? (
          <Text c="red" role="alert">
            {MESSAGES.SEARCH_FAILED_DESCRIPTION}
          </Text>
        ) : null}
      </Stack>
    </Container>
  );
}
