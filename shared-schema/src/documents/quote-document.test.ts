import { describe, expect, it } from 'vitest';
import { QUOTE_TERMS } from '../constants/quotes';
import { autoQuoteForCompletedJob } from '../rules/job-flow';
import { quoteDocument } from './quote-document';
import { quoteTerms } from './pricing-lines';
import { ISSUED, PROFILE, pricedQuote } from './test-fixtures';

describe('quoteDocument', () => {
  it('states a 30-day validity on the automatic quote of a completed job', () => {
    const quote = autoQuoteForCompletedJob(
      {
        id: 'JOB-2026-4',
        customerName: 'Kim Ng',
        phone: '0400 111 222',
        email: null,
        status: 'Completed',
        service: 'Roadside Assistance',
        location: 'Dampier',
        estimatedArrival: null,
        progress: 100,
        assignedTo: null,
        notes: null,
        trackingToken: null,
        createdAt: ISSUED,
        updatedAt: ISSUED,
      },
      ISSUED,
      'Q-2026-8',
    );
    const doc = quoteDocument(quote, PROFILE);
    expect(doc.validDays).toBe(30);
    expect(doc.terms[0]).toBe('This quote is valid for 30 days.');
    expect(doc.terms.slice(1)).toEqual(QUOTE_TERMS.slice(1));
    expect(doc.terms.join(' ')).not.toContain('14 days');
    expect(doc.issueDate).toBe('20 Nov 2026');
    expect(doc.validUntil).toBe('20 Dec 2026');
  });

  it("prints the spec's own terms on a 14-day quote", () => {
    const doc = quoteDocument(
      pricedQuote([
        { description: 'Call-out Fee', quantity: 1, unitPrice: 7500, category: 'misc' },
      ]),
      PROFILE,
    );
    expect(doc.terms).toEqual([...QUOTE_TERMS]);
    expect(quoteTerms(1)[0]).toBe('This quote is valid for 1 day.');
  });

  it('groups items under one set of headings and prints the multiplier and discount lines', () => {
    const quote = pricedQuote(
      [
        { description: 'Call-out Fee', quantity: 1, unitPrice: 7500, category: 'misc' },
        { description: 'Emergency Towing', quantity: 1, unitPrice: 18000, category: 'service' },
        { description: 'Tow Strap Heavy Duty', quantity: 2, unitPrice: 4500, category: 'parts' },
      ],
      { from: 'Karratha', to: 'Tom Price', discount: 10 },
    );
    const doc = quoteDocument(quote, PROFILE);
    expect(doc.sections.map((section) => section.heading)).toEqual([
      'Services',
      'Parts',
      'Other charges',
    ]);
    // 34500 × 1.4 = 48300, 10 % = 4830, final 43470.
    expect(doc.adjustments.map((line) => [line.label, line.text])).toEqual([
      ['Subtotal', '$345.00'],
      ['Location multiplier (Tom Price ×1.4)', '+$138.00'],
      ['Discount (10%)', '-$48.30'],
    ]);
    expect([doc.total.label, doc.total.text]).toEqual(['Final price', '$434.70']);
    expect(doc.gst.text).toBe('$39.52');
    expect(doc.gstNote).toBe('Prices include GST');
    expect(doc.job).toContainEqual({ label: 'Route', value: 'Karratha → Tom Price' });
    expect(doc.fileName).toBe(`Quote-${quote.id}.pdf`);
  });

  it('prints a ×1 multiplier when no location raises the price', () => {
    const doc = quoteDocument(
      pricedQuote([
        { description: 'Call-out Fee', quantity: 1, unitPrice: 7500, category: 'misc' },
      ]),
      PROFILE,
    );
    expect(doc.adjustments[1]).toMatchObject({ label: 'Location multiplier (×1)', text: '$0.00' });
    expect(doc.adjustments[2]).toMatchObject({ label: 'Discount (0%)', text: '$0.00' });
  });
});
