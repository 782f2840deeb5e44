/**
 * The Staff tab: every admin and driver account, with adding one (role admin or
 * driver), resetting a password and deactivating or bringing back an account. The server ends
 * the account's sessions on each change, so a deactivated driver's open app signs out within
 * seconds. Staff accounts are not synced to devices, so this tab needs a connection.
 */
import { useCallback, useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKey, IconUserOff, IconUserPlus, IconUserCheck } from '@tabler/icons-react';
import {
  MESSAGES,
  STAFF_ROLES,
  TOAST_DURATIONS,
  assignmentName,
  staffAccountInputSchema,
  staffPasswordInputSchema,
  type PublicUser,
  type StaffAccountInput,
  type StaffPasswordInput,
} from '@pilbara/shared-schema';
import type { z } from 'zod';
import { registerField } from '../../components/register-field';
import { serverMessage } from '../../lib/http';
import {
  StaffOfflineError,
  addStaff,
  fieldErrors,
  listStaff,
  resetStaffPassword,
  updateStaff,
} from './staff-api';
import { STAFF_TEXT } from './admin-text';

type StaffAccountData = z.output<typeof staffAccountInputSchema>;

function failure(error: unknown): void {
  notifications.show({
    title: MESSAGES.ERROR_TITLE,
    message:
      error instanceof StaffOfflineError
        ? MESSAGES.STAFF_NEEDS_CONNECTION
        : (serverMessage(error) ?? MESSAGES.STAFF_SAVE_FAILED),
    color: 'red',
    autoClose: TOAST_DURATIONS.default,
  });
}

function success(title: string, message: string): void {
  notifications.show({ title, message, color: 'green', autoClose: TOAST_DURATIONS.default });
}

const EMPTY_ACCOUNT: StaffAccountInput = {
  username: '',
  password: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  role: 'driver',
};

function AddStaffForm({ onAdded }: { onAdded: (user: PublicUser) => void }) {
  const form = useForm<StaffAccountInput, unknown, StaffAccountData>({
    resolver: zodResolver(staffAccountInputSchema),
    defaultValues: EMPTY_ACCOUNT,
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const user = await addStaff(values);
      success(MESSAGES.STAFF_ADDED_TITLE, STAFF_TEXT.added(assignmentName(user), user.role));
      form.reset(EMPTY_ACCOUNT);
      onAdded(user);
    } catch (error) {
      const fields = fieldErrors(error);
      for (const [name, message] of Object.entries(fields)) {
        form.setError(name as keyof StaffAccountInput, { type: 'server', message });
      }
      if (Object.keys(fields).length === 0) failure(error);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={STAFF_TEXT.addTitle}>
      <Stack gap="sm">
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="staff-role-label">
                {STAFF_TEXT.role}
              </Text>
              <SegmentedControl
                aria-labelledby="staff-role-label"
                fullWidth
                value={field.value}
                onChange={field.onChange}
                data={STAFF_ROLES.map((role) => ({ value: role, label: STAFF_TEXT.roles[role] }))}
              />
            </Stack>
          )}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="First Name"
            withAsterisk
            autoComplete="off"
            {...registerField(form, 'firstName')}
          />
          <TextInput label="Last Name" autoComplete="off" {...registerField(form, 'lastName')} />
        </SimpleGrid>
        <TextInput
          label="Username"
          withAsterisk
          autoComplete="off"
          {...registerField(form, 'username')}
        />
        <TextInput label="Email (optional)" type="email" {...registerField(form, 'email')} />
        <TextInput label="Phone (optional)" type="tel" {...registerField(form, 'phone')} />
        <PasswordInput
          label="Password"
          description="At least 8 characters"
          withAsterisk
          autoComplete="new-password"
          {...registerField(form, 'password')}
        />
        <Button type="submit" mih={44} loading={form.formState.isSubmitting}>
          {STAFF_TEXT.addSubmit}
        </Button>
      </Stack>
    </form>
  );
}

function PasswordForm({ user, onDone }: { user: PublicUser; onDone: () => void }) {
  const form = useForm<StaffPasswordInput>({
    resolver: zodResolver(staffPasswordInputSchema),
    defaultValues: { password: '' },
  });
  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await resetStaffPassword(user.id, password);
      success(MESSAGES.STAFF_UPDATED_TITLE, STAFF_TEXT.passwordReset(assignmentName(user)));
      onDone();
    } catch (error) {
      const message = fieldErrors(error).password;
      if (message) form.setError('password', { type: 'server', message });
      else failure(error);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={STAFF_TEXT.passwordTitle}>
      <Stack gap="sm">
        <Text size="sm">{STAFF_TEXT.passwordHint(assignmentName(user))}</Text>
        <PasswordInput
          label="New password"
          description="At least 8 characters"
          withAsterisk
          autoComplete="new-password"
          data-autofocus
          {...registerField(form, 'password')}
        />
        <Button type="submit" mih={44} loading={form.formState.isSubmitting}>
          {STAFF_TEXT.passwordSubmit}
        </Button>
      </Stack>
    </form>
  );
}

function StaffCard({
  user,
  onPassword,
  onToggleActive,
  busy,
}: {
  user: PublicUser;
  onPassword: () => void;
  onToggleActive: () => void;
  busy: boolean;
}) {
  const name = assignmentName(user);
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      data-testid="staff-card"
      data-username={user.username}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600}>{name}</Text>
          <Group gap={6}>
            <Badge variant="light" color={user.role === 'admin' ? 'grape' : 'blue'}>
              {STAFF_TEXT.roles[user.role === 'admin' ? 'admin' : 'driver']}
            </Badge>
            {!user.isActive && (
              <Badge variant="outline" color="gray">
                {STAFF_TEXT.inactive}
              </Badge>
            )}
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {user.username}
          {user.phone ? ` · ${user.phone}` : ''}
          {user.email ? ` · ${user.email}` : ''}
        </Text>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconKey size={14} aria-hidden />}
            onClick={onPassword}
            aria-label={`${STAFF_TEXT.resetPassword} for ${name}`}
          >
            {STAFF_TEXT.resetPassword}
          </Button>
          <Button
            size="xs"
            variant="light"
            color={user.isActive ? 'red' : 'green'}
            loading={busy}
            leftSection={
              user.isActive ? (
                <IconUserOff size={14} aria-hidden />
              ) : (
                <IconUserCheck size={14} aria-hidden />
              )
            }
            onClick={onToggleActive}
            aria-label={`${user.isActive ? STAFF_TEXT.deactivate : STAFF_TEXT.reactivate} ${name}`}
          >
            {user.isActive ? STAFF_TEXT.deactivate : STAFF_TEXT.reactivate}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The Staff tab; `onDriversChanged` refreshes the driver picker after a change. */
export function StaffAccounts({ onDriversChanged }: { onDriversChanged?: () => void }) {
  const [staff, setStaff] = useState<PublicUser[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [passwordFor, setPasswordFor] = useState<PublicUser | null>(null);
  const [confirmFor, setConfirmFor] = useState<PublicUser | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  const load = useCallback(() => {
    listStaff()
      .then((list) => {
        setStaff(list);
        setLoadError(null);
      })
      .catch((error: unknown) =>
        setLoadError(
          error instanceof StaffOfflineError
            ? MESSAGES.STAFF_NEEDS_CONNECTION
            : (serverMessage(error) ?? MESSAGES.STAFF_SAVE_FAILED),
        ),
      );
  }, []);
  useEffect(() => {
    load();
    window.addEventListener('online', load);
    return () => window.removeEventListener('online', load);
  }, [load]);

  const changed = () => {
    load();
    onDriversChanged?.();
  };

  const setActive = async (user: PublicUser, isActive: boolean) => {
    setBusyId(user.id);
    try {
      await updateStaff(user.id, { isActive });
      success(
        MESSAGES.STAFF_UPDATED_TITLE,
        isActive
          ? STAFF_TEXT.reactivated(assignmentName(user))
          : STAFF_TEXT.deactivated(assignmentName(user)),
      );
      changed();
    } catch (error) {
      failure(error);
    } finally {
      setBusyId(null);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} size="h3">
          {STAFF_TEXT.title}
        </Title>
        <Button
          leftSection={<IconUserPlus size={18} aria-hidden />}
          onClick={() => setAdding(true)}
        >
          {STAFF_TEXT.addTitle}
        </Button>
      </Group>
      {loadError && (
        <Alert color="yellow" role="status">
          {loadError}
        </Alert>
      )}
      {staff && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" data-testid="staff-list">
          {staff.map((user) => (
            <StaffCard
              key={user.id}
              user={user}
              busy={busyId === user.id}
              onPassword={() => setPasswordFor(user)}
              onToggleActive={() =>
                user.isActive ? setConfirmFor(user) : void setActive(user, true)
              }
            />
          ))}
        </SimpleGrid>
      )}
      <Modal opened={adding} onClose={() => setAdding(false)} title={STAFF_TEXT.addTitle}>
        <AddStaffForm
          onAdded={() => {
            setAdding(false);
            changed();
          }}
        />
      </Modal>
      <Modal
        opened={passwordFor !== null}
        onClose={() => setPasswordFor(null)}
        title={STAFF_TEXT.passwordTitle}
      >
        {passwordFor && (
          <PasswordForm
            user={passwordFor}
            onDone={() => {
              setPasswordFor(null);
              load();
            }}
          />
        )}
      </Modal>
      <Modal
        opened={confirmFor !== null}
        onClose={() => setConfirmFor(null)}
        title={STAFF_TEXT.deactivateTitle}
      >
        {confirmFor && (
          <Stack gap="sm">
            <Text size="sm">{STAFF_TEXT.deactivateHint(assignmentName(confirmFor))}</Text>
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setConfirmFor(null)}>
                {STAFF_TEXT.cancel}
              </Button>
              <Button
                color="red"
                onClick={() => {
                  const user = confirmFor;
                  setConfirmFor(null);
                  void setActive(user, false);
                }}
              >
                {STAFF_TEXT.deactivate}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
