import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../app/test-providers';
import { FAQ_ENTRIES, FaqSection } from './faq-section';

describe('FaqSection', () => {
  it('has the ten questions with answers and keeps several open at once', () => {
    renderWithProviders(<FaqSection />);
    expect(FAQ_ENTRIES).toHaveLength(10);
    const controls = FAQ_ENTRIES.map((entry) =>
      screen.getByRole('button', { name: entry.question }),
    );
    fireEvent.click(controls[0]!);
    fireEvent.click(controls[3]!);
    fireEvent.click(controls[8]!);
    const expanded = controls.filter((control) => control.getAttribute('aria-expanded') === 'true');
    expect(expanded).toHaveLength(3);
    fireEvent.click(controls[3]!);
    expect(
      controls.filter((control) => control.getAttribute('aria-expanded') === 'true'),
    ).toHaveLength(2);
    for (const entry of FAQ_ENTRIES) expect(entry.answer.length).toBeGreaterThan(80);
  });
});
