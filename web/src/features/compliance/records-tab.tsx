/**
 * The records an authorised officer can ask for (regs 13, 17): for any dates, the CSV and PDF
 * exports of every step, and the officer's request pack for one job or for those dates in one
 * PDF. The server writes the files, so they download when there is signal.
 */
import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconFileTypeCsv, IconFileTypePdf, IconShieldCheck } from '@tabler/icons-react';
import { todayInPerth } from '@pilbara/shared-schema';
import { useCrashTowJobs } from './compliance-data';
import { useOnline } from '../../lib/use-online';
import { RECORDS_TEXT } from './compliance-text';

function Download({
  href,
  online,
  icon: Icon,
  children,
  testId,
}: {
  href: string;
  online: boolean;
  icon: typeof IconFileTypePdf;
  children: string;
  testId: string;
}) {
  return (
    <Button
      component="a"
      href={online ? href : undefined}
      download
      variant="default"
      leftSection={<Icon size={16} aria-hidden />}
      data-disabled={online ? undefined : true}
      data-testid={testId}
      onClick={(event) => {
        if (!online) event.preventDefault();
      }}
    >
      {children}
    </Button>
  );
}

export function RecordsTab() {
  const online = useOnline();
  const [from, setFrom] = useState(todayInPerth());
  const [to, setTo] = useState(todayInPerth());
  const [scope, setScope] = useState('period');
  const tows = useCrashTowJobs();
  const range = `from=${from}&to=${to}`;
  const pack =
    scope === 'period'
      ? `/api/compliance/officer-pack.pdf?${range}`
      : `/api/compliance/officer-pack.pdf?jobId=${encodeURIComponent(scope)}`;
  return (
    <Stack gap="md">
      <Text size="sm">{RECORDS_TEXT.intro}</Text>
      {!online && (
        <Alert color="yellow" variant="light">
          {RECORDS_TEXT.offline}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <TextInput
          type="date"
          label={RECORDS_TEXT.from}
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={RECORDS_TEXT.to}
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
        />
      </SimpleGrid>
      <Group gap="sm">
        <Download
          href={`/api/compliance/records.csv?${range}`}
          online={online}
          icon={IconFileTypeCsv}
          testId="records-csv"
        >
          {RECORDS_TEXT.csv}
        </Download>
        <Download
          href={`/api/compliance/records.pdf?${range}`}
          online={online}
          icon={IconFileTypePdf}
          testId="records-pdf"
        >
          {RECORDS_TEXT.pdf}
        </Download>
      </Group>
      <Paper withBorder radius="md" p="sm">
        <Stack gap="xs">
          <Group gap="xs">
            <IconShieldCheck size={18} aria-hidden />
            <Text fw={700}>{RECORDS_TEXT.officer}</Text>
          </Group>
          <Text size="sm" c="dimmed">
            {RECORDS_TEXT.officerHint}
          </Text>
          <NativeSelect
            label={RECORDS_TEXT.job}
            value={scope}
            data={[
              { value: 'period', label: RECORDS_TEXT.period },
              ...(tows ?? []).map((tow) => ({ value: tow.id, label: tow.label })),
            ]}
            onChange={(event) => setScope(event.currentTarget.value)}
          />
          <Group>
            <Download href={pack} online={online} icon={IconFileTypePdf} testId="officer-pack">
              {RECORDS_TEXT.pack}
            </Download>
          </Group>
        </Stack>
      </Paper>
      <Text size="xs" c="dimmed">
        {RECORDS_TEXT.kept}
      </Text>
    </Stack>
  );
}
