import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { PROVISIONAL_TEXT, mapsLink } from '@pilbara/shared-schema';
import { renderScreen } from '../app/test-providers';
import { CallButton, CallLineButtons, MapButton } from './call-map-buttons';
import { DocumentRef } from './document-ref';
import { LazySelectField } from './lazy-select-field';

describe('a document’s reference', () => {
  it('shows the number the server gave, and no provisional mark', () => {
    renderScreen(<DocumentRef row={{ id: 'JOB-2026-P7', number: 'JOB-2026-31' }} />);
    expect(screen.getByTestId('document-ref').textContent).toBe('JOB-2026-31');
    expect(screen.queryByTestId('provisional-ref')).toBeNull();
  });

  it('marks a reference made on this device as provisional, says why, and hides its key', () => {
    const { container } = renderScreen(<DocumentRef row={{ id: 'JOB-2026-P7' }} />);
    expect(screen.getByTestId('document-ref').textContent).toBe(PROVISIONAL_TEXT.REF);
    expect(container.textContent).not.toContain('JOB-2026-P7');
    const badge = screen.getByTestId('provisional-ref');
    expect(badge.textContent).toBe(PROVISIONAL_TEXT.BADGE);
    expect(badge.getAttribute('title')).toBe(PROVISIONAL_TEXT.EXPLAIN);
  });
});

describe('the call and map buttons', () => {
  it('ring the number shown, named for a screen reader', () => {
    renderScreen(<CallButton phone="0412 345 678" label="Call Dana Reid" />);
    const call = screen.getByRole('link', { name: 'Call Dana Reid' });
    expect(call.getAttribute('href')).toBe('tel:0412345678');
    expect(call.textContent).toBe('0412 345 678');
  });

  it('open the place in the phone’s maps app, in a new tab', () => {
    renderScreen(
      <MapButton location="Millstream Rd, Karratha" label="Map of Millstream Rd">
        Map
      </MapButton>,
    );
    const map = screen.getByRole('link', { name: 'Map of Millstream Rd' });
    expect(map.getAttribute('href')).toBe(mapsLink('Millstream Rd, Karratha'));
    expect(map.getAttribute('target')).toBe('_blank');
    expect(map.getAttribute('rel')).toContain('noopener');
  });

  it('give each operator a line reading name and number', () => {
    renderScreen(
      <CallLineButtons
        lines={[
          { name: 'Sam', phone: '0400 111 222' },
          { name: '+ Alex', phone: '+61 400 333 444' },
        ]}
      />,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Sam: 0400 111 222',
      '+ Alex: +61 400 333 444',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'tel:0400111222',
      'tel:+61400333444',
    ]);
  });
});

describe('the public forms’ select', () => {
  function Form() {
    const form = useForm<{ service: string }>({ defaultValues: { service: '' } });
    const service = form.watch('service');
    return (
      <form aria-label="Pick">
        <LazySelectField
          control={form.control}
          name="service"
          label="Service Needed"
          placeholder="Select a service"
          data={['Emergency Towing', '4x4 Recovery']}
        />
        <output data-testid="chosen">{service}</output>
      </form>
    );
  }

  it('looks like a closed select with its placeholder until reached for', () => {
    renderScreen(<Form />);
    const facade = screen.getByRole('button', { name: /Service Needed/ });
    expect(facade.getAttribute('aria-haspopup')).toBe('listbox');
    expect(facade.textContent).toContain('Select a service');
  });

  it('opens the real list at a tap and keeps the choice in the form', async () => {
    const { user } = renderScreen(<Form />);
    await user.click(screen.getByRole('button', { name: /Service Needed/ }));
    await user.click(await screen.findByRole('option', { name: '4x4 Recovery', hidden: true }));
    await waitFor(() => expect(screen.getByTestId('chosen').textContent).toBe('4x4 Recovery'));
  });
});
