import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../app/test-providers';
import { FaqSection, faqEntries } from './faq-section';

const FAQ_ENTRIES = faqEntries();

describe('FaqSection', () => {
  it('has the ten questions with answers and keeps several open at once', () => {
    renderWithProviders(<FaqSection />);
    expect(FAQ_ENTRIES).toHaveLength(10);
    const items = FAQ_ENTRIES.map((entry) => {
      const heading = screen.getByRole('heading', { level: 3, name: entry.question });
      const item = heading.closest('details');
      expect(item, entry.question).not.toBeNull();
      return { item: item!, summary: heading.closest('summary')! };
    });
    const open = () => items.filter(({ item }) => item.open).length;
    expect(open()).toBe(0);
    fireEvent.click(items[0]!.summary);
    fireEvent.click(items[3]!.summary);
    fireEvent.click(items[8]!.summary);
    expect(open()).toBe(3);
    fireEvent.click(items[3]!.summary);
    expect(open()).toBe(2);
    expect(items[0]!.item.open && items[8]!.item.open).toBe(true);
    for (const entry of FAQ_ENTRIES) expect(entry.answer.length).toBeGreaterThan(80);
  });
});
