import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COVERAGE_AREAS } from '@pilbara/shared-schema';
import { renderWithProviders } from '../app/test-providers';
import { areaPricing, CoverageMap } from './coverage-map';

function areaButton(name: string): HTMLElement {
  return screen.getByRole('button', { name: new RegExp(`^${name}:`) });
}

describe('CoverageMap', () => {
  it('places one button per coverage area and starts with none selected', () => {
    renderWithProviders(<CoverageMap />);
    for (const area of COVERAGE_AREAS) {
      const button = areaButton(area.name);
      expect(button.tagName).toBe('BUTTON');
      expect(button.getAttribute('aria-pressed')).toBe('false');
    }
    expect(screen.getByText('Choose an area on the map')).toBeTruthy();
  });

  it('chooses an area from a tap on its marker too', () => {
    renderWithProviders(<CoverageMap />);
    fireEvent.click(document.querySelector('[data-area="Roebourne"]') as Element);
    expect(areaButton('Roebourne').getAttribute('aria-pressed')).toBe('true');
  });

  it('shows distance, response time, pricing and a booking link for the clicked area', () => {
    renderWithProviders(<CoverageMap />);
    fireEvent.click(areaButton('Roebourne'));
    expect(areaButton('Roebourne').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('40 km')).toBeTruthy();
    // No response time was ever recorded here: none is shown, rather than a made-up one.
    expect(screen.queryByText(/Response time/)).toBeNull();
    expect(screen.getByText('Standard rates + $50 surcharge')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Book Service for Roebourne' });
    // The booking opens with the area as its location.
    expect(link.getAttribute('href')).toBe('/booking?location=Roebourne');
  });

  it("shows an area's response time measured from recorded jobs, with its basis", async () => {
    const figures = {
      sinceDays: 90,
      areas: COVERAGE_AREAS.map((area) =>
        area.name === 'Roebourne'
          ? { area: area.name, medianMinutes: 52, jobs: 7 }
          : { area: area.name, medianMinutes: null, jobs: 1 },
      ),
      overall: { area: 'All areas', medianMinutes: 38, jobs: 12 },
    };
    localStorage.setItem('responseTimes', JSON.stringify(figures));
    try {
      renderWithProviders(<CoverageMap />);
      expect(await screen.findByText('Median response, recorded jobs')).toBeTruthy();
      expect(screen.getByText('38 min')).toBeTruthy();
      fireEvent.click(areaButton('Roebourne'));
      expect(screen.getByText('52 min')).toBeTruthy();
      expect(screen.getByTestId('response-basis').textContent).toBe(
        'Median of 7 jobs in the last 90 days, from the call to the truck on site',
      );
      // Too few jobs in Dampier: no figure at all.
      fireEvent.click(areaButton('Dampier'));
      expect(screen.queryByTestId('response-basis')).toBeNull();
    } finally {
      localStorage.removeItem('responseTimes');
    }
  });

  it('keeps at most one area selected and deselects on a second press', () => {
    renderWithProviders(<CoverageMap />);
    fireEvent.click(areaButton('Dampier'));
    fireEvent.click(areaButton('Wickham'));
    const pressed = COVERAGE_AREAS.filter(
      (a) => areaButton(a.name).getAttribute('aria-pressed') === 'true',
    );
    expect(pressed.map((a) => a.name)).toEqual(['Wickham']);
    fireEvent.click(areaButton('Wickham'));
    expect(
      COVERAGE_AREAS.every((a) => areaButton(a.name).getAttribute('aria-pressed') === 'false'),
    ).toBe(true);
  });

  it('says a mining site needs a quote', () => {
    renderWithProviders(<CoverageMap />);
    fireEvent.click(areaButton('Mining Sites'));
    const details = screen
      .getByRole('heading', { name: 'Mining Sites' })
      .closest('div.mantine-Card-root') as HTMLElement;
    expect(within(details).getByText('Quote required')).toBeTruthy();
  });
});

describe('areaPricing', () => {
  it('reads no surcharge, a surcharge and quote-only areas', () => {
    const [karratha, , , roebourne, , mining] = COVERAGE_AREAS;
    expect(areaPricing(karratha!)).toBe('Standard rates, no surcharge');
    expect(areaPricing(roebourne!)).toBe('Standard rates + $50 surcharge');
    expect(areaPricing(mining!)).toBe('Quote required');
  });
});
