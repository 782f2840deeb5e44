import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import {
  Anchor,
  Card,
  Container,
  Grid,
  Group,
  List,
  Paper,
  Stack,
  Tabs,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { homeScreenFor } from '@pilbara/shared-schema';
import { IconArrowLeft, IconCheck, IconTruck } from '@tabler/icons-react';
import { usePageTitle } from '../lib/use-page-title';
import { HydrateLater } from '../components/hydrate-later';
import { LoginForm } from '../features/auth/login-form';
import { RegisterForm } from '../features/auth/register-form';

type AuthTab = 'login' | 'register';

/** `onSignInBegun` runs when someone starts on the login form (the app loads staff code then). */
export function AuthPage({
  initialTab = 'login',
  onSignInBegun,
}: {
  initialTab?: AuthTab;
  onSignInBegun?: () => void;
}) {
  usePageTitle(initialTab === 'register' ? 'Register' : 'Login');
  const navigate = useNavigate();
  const [tab, setTab] = useState<AuthTab>(initialTab);
  const [prefill, setPrefill] = useState('');
  // "Sign in again" for changes kept on this device names whose they are. Read after
  // hydration: the page was pre-rendered without it.
  const { state } = useLocation() as { state: { username?: unknown } | null };
  const keptFor = typeof state?.username === 'string' ? state.username : '';
  useEffect(() => {
    if (keptFor) setPrefill(keptFor);
  }, [keptFor]);

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Anchor component={Link} to="/" size="sm" mb="md" className="tap-link" style={{ gap: 4 }}>
        <IconArrowLeft size={16} aria-hidden /> Back to Home
      </Anchor>
      <Grid gap="xl" align="stretch">
        <Grid.Col span={{ base: 12, md: 6 }} order={{ base: 2, md: 1 }}>
          {/* Hydrated after the form beside it. */}
          <HydrateLater>
            <Paper radius="md" p="xl" h="100%" bg="var(--mantine-color-dark-7)" c="white">
              <Stack gap="md">
                <ThemeIcon size={48} radius="md" color="ochre" aria-hidden>
                  <IconTruck size={28} />
                </ThemeIcon>
                <Title order={2}>Your towing and repairs, in one place</Title>
                <Text>
                  Sign in to keep your details handy when you book, and follow your jobs from the
                  moment a truck is on its way.
                </Text>
                <List spacing="xs" icon={<IconCheck size={16} aria-hidden />}>
                  <List.Item>Book a tow, recovery or mobile mechanic in a minute</List.Item>
                  <List.Item>Track your driver live with your job ID</List.Item>
                  <List.Item>Locals helping locals, 24/7 across the Pilbara</List.Item>
                </List>
              </Stack>
            </Paper>
          </HydrateLater>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }} order={{ base: 1, md: 2 }}>
          <Card withBorder radius="md" padding="lg">
            <Title order={1} size="h2" mb="md">
              {tab === 'login' ? 'Login' : 'Create an Account'}
            </Title>
            <Tabs
              value={tab}
              onChange={(value) => setTab(value === 'register' ? 'register' : 'login')}
              keepMounted={false}
            >
              <Tabs.List grow mb="md">
                <Tabs.Tab value="login">Login</Tabs.Tab>
                <Tabs.Tab value="register">Register</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="login">
                <LoginForm
                  key={prefill}
                  username={prefill}
                  // Staff and account contacts start on their own screen; customers at home.
                  onSuccess={(user) => navigate(homeScreenFor(user.role))}
                  onBegin={onSignInBegun}
                />
              </Tabs.Panel>
              <Tabs.Panel value="register">
                <RegisterForm
                  onRegistered={(username) => {
                    setPrefill(username);
                    setTab('login');
                  }}
                />
              </Tabs.Panel>
            </Tabs>
            <Group justify="center" mt="md">
              <Text size="sm" c="dimmed">
                Need help now? You don&apos;t need an account to book or track a job.
              </Text>
            </Group>
          </Card>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
