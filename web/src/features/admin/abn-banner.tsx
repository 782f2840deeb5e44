/**
 * No valid ABN, no tax invoice (docs/decisions/2026-11-27-no-abn-no-tax-invoice.md):
 * while the deployment's BUSINESS_ABN is missing or fails the ATO's check, the owners see why on
 * the admin panel — invoices go out as plain invoices until it is set. The same words the server
 * prints at start.
 */
import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ABN_TEXT, businessAbnProblem } from '@pilbara/shared-schema';
import { useProfile, useProfileKnown } from '../../components/profile-provider';

export function AbnBanner() {
  const profile = useProfile();
  const known = useProfileKnown();
  const problem = businessAbnProblem(profile.abn);
  if (!known || !problem) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      title={ABN_TEXT.BANNER_TITLE}
      icon={<IconAlertTriangle size={20} aria-hidden />}
      data-testid="abn-banner"
      role="alert"
    >
      {problem}
    </Alert>
  );
}
