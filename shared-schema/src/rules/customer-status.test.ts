import { describe, expect, it } from 'vitest';
import { JOB_STATUSES } from '../constants/statuses';
import { customerStatus } from './customer-status';

describe('customerStatus', () => {
  it('words every status for a customer, with a next step, never the alarm word', () => {
    for (const status of JOB_STATUSES) {
      const shown = customerStatus(status, 'Sam Taylor');
      expect(shown.label).not.toMatch(/emergency|en route/i);
      expect(shown.next.length).toBeGreaterThan(10);
    }
  });

  it('names the driver in the next step once one is assigned', () => {
    expect(customerStatus('En Route', 'Sam Taylor')).toEqual({
      label: 'On the way',
      next: 'Sam Taylor is driving to you. Stay with your vehicle if it is safe to.',
    });
    expect(customerStatus('Assigned', 'Both').next).toMatch(/^Your driver sets off soon/);
    expect(customerStatus('In Progress', null).next).toBe(
      'Your driver is working on your vehicle.',
    );
  });

  it('says a job with no driver named yet is booked, not assigned', () => {
    expect(customerStatus('Assigned', '')).toEqual({
      label: 'Booked',
      next: 'We are arranging your driver. This page says when they are on the way.',
    });
  });

  it('tells a customer just booked in an emergency that a truck is coming', () => {
    expect(customerStatus('Emergency')).toEqual({
      label: 'Booked: sending a truck',
      next: 'We are sending the nearest truck. Keep your phone on: we call you if we need to.',
    });
  });
});
