import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@pilbara/shared-schema';
import { renderWithProviders } from '../../app/test-providers';

// The search's check loads at first use; these tests load the form afresh each time so
// the lazily loaded check is loaded (or refused) anew.
afterEach(() => {
  vi.doUnmock('./portal-search-resolver');
  vi.resetModules();
});

async function renderSearch() {
  const { PortalSearchForm } = await import('./portal-search-form');
  const onSearch = vi.fn();
  renderWithProviders(<PortalSearchForm onSearch={onSearch} busy={false} />);
  return onSearch;
}

describe('PortalSearchForm', () => {
  it('checks with the shared schema once it has loaded: an empty search sends nothing', async () => {
    const onSearch = await renderSearch();
    fireEvent.click(screen.getByRole('button', { name: 'Track Job' }));
    expect(await screen.findByText(MESSAGES.PORTAL_SEARCH_EMPTY)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Job ID or Name'), { target: { value: 'JOB-2026-7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Track Job' }));
    expect(await screen.findByText(MESSAGES.PHONE_PROOF_REQUIRED)).toBeTruthy();
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('searches as typed when the check cannot load, so the page can say why instead of nothing', async () => {
    vi.doMock('./portal-search-resolver', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const onSearch = await renderSearch();
    fireEvent.change(screen.getByLabelText('Job ID or Name'), { target: { value: 'Smith' } });
    fireEvent.click(screen.getByRole('button', { name: 'Track Job' }));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ query: 'Smith' }));
  });
});
