import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import {
  ABN_TEXT,
  DEFAULT_BUSINESS_PROFILE,
  businessAbnProblem,
  type BusinessProfile,
} from '@pilbara/shared-schema';
import { renderScreen } from '../../app/test-providers';
import { fakeApi } from '../../lib/testing/fake-api';
import { ProfileProvider } from '../../components/profile-provider';
import { AbnBanner } from './abn-banner';

function renderBanner(profile?: BusinessProfile) {
  return renderScreen(
    <ProfileProvider initial={profile ? { profile, cardPaymentsEnabled: false } : undefined}>
      <AbnBanner />
    </ProfileProvider>,
    { route: '/admin' },
  );
}

describe('the ABN banner on the admin panel', () => {
  it('warns the owners, in the words the server prints, while the ABN fails the check', () => {
    const profile = { ...DEFAULT_BUSINESS_PROFILE, abn: '12 345 678 901' };
    renderBanner(profile);
    const banner = screen.getByTestId('abn-banner');
    expect(banner.getAttribute('role')).toBe('alert');
    expect(banner.textContent).toContain(ABN_TEXT.BANNER_TITLE);
    expect(banner.textContent).toContain(businessAbnProblem(profile.abn) ?? '');
  });

  it('warns when no ABN is set at all', () => {
    renderBanner({ ...DEFAULT_BUSINESS_PROFILE, abn: '' });
    expect(screen.getByTestId('abn-banner').textContent).toContain(
      businessAbnProblem('') ?? 'missing',
    );
  });

  it('says nothing once the ABN is valid', () => {
    renderBanner({ ...DEFAULT_BUSINESS_PROFILE, abn: '51 824 753 556' });
    expect(screen.queryByTestId('abn-banner')).toBeNull();
  });

  it('says nothing before the server’s profile is known, rather than warn on a default', () => {
    localStorage.removeItem('businessProfile');
    fakeApi();
    renderBanner();
    expect(screen.queryByTestId('abn-banner')).toBeNull();
  });
});
