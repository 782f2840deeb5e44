/**
 * The `/account` route: the portal of an account's own sign-in (role `account`); anyone else is
 * sent to /auth. The portal's code is its own chunk: no public page loads it.
 */
import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Center, Loader } from '@mantine/core';
import { useAuth } from '../lib/auth';

const AccountPortalPage = lazy(() =>
  import('../features/account-portal/account-portal-page').then((m) => ({
    default: m.AccountPortalPage,
  })),
);

export function AccountRoute() {
  const { user, checking } = useAuth();
  const location = useLocation();
  // A session the browser has but this page has not stored yet (signed in before the script).
  if (checking)
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  if (!user || user.role !== 'account')
    return <Navigate to="/auth" replace state={{ from: location.pathname + location.search }} />;
  const accountId = typeof user.accountId === 'number' ? user.accountId : null;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return (
    <Suspense
      fallback={
        <Center py="xl">
          <Loader />
        </Center>
      }
    >
      <AccountPortalPage
        user={{
          accountId,
          firstName: user.firstName ?? null,
          lastName: user.lastName ?? null,
          email: user.email ?? null,
          phone: text(user.phone),
        }}
      />
    </Suspense>
  );
}
