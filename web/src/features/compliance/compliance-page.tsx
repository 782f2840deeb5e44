/**
 * The towing law screen (`/admin/compliance`): the storage yard, the records an authorised
 * officer can ask for, the complaints register and notifiable occurrences, in four tabs. Reads
 * and writes this device's database like the admin panel, so it works with no signal (only the
 * downloads need one).
 */
import type { ReactNode } from 'react';
import { Button, Container, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { IconArrowLeft } from '@tabler/icons-react';
import { assignmentName } from '@pilbara/shared-schema';
import { useAuth } from '../../lib/auth';
import { useTabParam } from '../../lib/use-tab-param';
import { usePageTitle } from '../../lib/use-page-title';
import { COMPLIANCE_TEXT } from './compliance-text';
import { ComplaintsTab } from './complaints-tab';
import { OccurrencesTab } from './occurrences-tab';
import { RecordsTab } from './records-tab';
import { YardTab } from './yard-tab';

type TabKey = keyof typeof COMPLIANCE_TEXT.tabs;

const TAB_KEYS = Object.keys(COMPLIANCE_TEXT.tabs) as TabKey[];

export function CompliancePage({ syncStatus }: { syncStatus?: ReactNode }) {
  usePageTitle(COMPLIANCE_TEXT.title);
  const { user } = useAuth();
  // The open tab is in the address, so `/admin/compliance?tab=complaints` opens the register.
  const [tab, setTab] = useTabParam(TAB_KEYS, 'yard');
  const byName = user
    ? assignmentName({
        username: user.username,
        firstName: user.firstName ?? null,
        lastName: user.lastName ?? null,
      })
    : 'Owner';
  return (
    <Container size="lg" py="lg" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <div>
            <Title order={1} size="h2">
              {COMPLIANCE_TEXT.title}
            </Title>
            <Text size="sm" c="dimmed">
              {COMPLIANCE_TEXT.subtitle}
            </Text>
          </div>
          <Group gap="sm">
            <Button
              component={Link}
              to="/admin"
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
            >
              {COMPLIANCE_TEXT.back}
            </Button>
            {syncStatus}
          </Group>
        </Group>
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List grow>
            {TAB_KEYS.map((key) => (
              <Tabs.Tab key={key} value={key}>
                {COMPLIANCE_TEXT.tabs[key]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="yard" pt="md">
            <YardTab byName={byName} />
          </Tabs.Panel>
          <Tabs.Panel value="records" pt="md">
            <RecordsTab />
          </Tabs.Panel>
          <Tabs.Panel value="complaints" pt="md">
            <ComplaintsTab byName={byName} />
          </Tabs.Panel>
          <Tabs.Panel value="occurrences" pt="md">
            <OccurrencesTab byName={byName} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
