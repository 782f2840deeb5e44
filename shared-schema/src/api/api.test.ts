import { describe, expect, it } from 'vitest';
import { issuesToFields } from './common';
import { createJobInputSchema, updateJobInputSchema } from './jobs';
import { customerLookupSchema } from './public';
import { quoteInputSchema, recordPaymentInputSchema } from './quotes';
import { mileageRecordInputSchema, vehicleInputSchema, vehicleUpdateInputSchema } from './fleet';
import { MESSAGES } from '../messages';
import { LITTLE_BLUE, NEW_JOB } from '../sync/mutators/test-args';

describe('createJobInputSchema', () => {
  it('turns empty optional fields into null', () => {
    const parsed = createJobInputSchema.parse({
      ...NEW_JOB,
      customerName: ' Jo ',
      email: '',
      notes: '  ',
    });
    expect(parsed).toMatchObject({
      customerName: 'Jo',
      email: null,
      notes: null,
      estimatedArrival: null,
      assignedTo: null,
    });
  });

  it('accepts an id minted offline and rejects a malformed one', () => {
    expect(createJobInputSchema.parse({ ...NEW_JOB, id: 'JOB-2026-51' }).id).toBe('JOB-2026-51');
    expect(createJobInputSchema.safeParse({ ...NEW_JOB, id: 'Q-2026-51' }).success).toBe(false);
  });

  it('opens a job as Assigned, Emergency or Scheduled only', () => {
    expect(createJobInputSchema.safeParse({ ...NEW_JOB, status: 'Emergency' }).success).toBe(true);
    expect(
      createJobInputSchema.safeParse({ ...NEW_JOB, status: 'Completed' }).error?.issues[0]?.message,
    ).toBe(MESSAGES.JOB_STATUS_INVALID);
  });
});

describe('updateJobInputSchema', () => {
  it('accepts a status with progress, or a driver', () => {
    expect(updateJobInputSchema.safeParse({ status: 'En Route', progress: 25 }).success).toBe(true);
    expect(updateJobInputSchema.safeParse({ assignedTo: 'Sam' }).success).toBe(true);
    expect(updateJobInputSchema.safeParse({ assignedTo: null }).success).toBe(true);
  });

  it('rejects an empty body or a status without progress', () => {
    const empty = updateJobInputSchema.safeParse({});
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe(MESSAGES.JOB_UPDATE_EMPTY);
    expect(updateJobInputSchema.safeParse({ status: 'Completed' }).success).toBe(false);
    expect(updateJobInputSchema.safeParse({ status: 'Done', progress: 100 }).success).toBe(false);
  });
});

describe('quoteInputSchema', () => {
  const body = {
    customerName: 'Jo',
    customerPhone: '0400 123 456',
    items: [{ description: 'Winch Recovery', quantity: 2, unitPrice: 8000 }],
  };

  it('strips totals and status a client sends', () => {
    const parsed = quoteInputSchema.parse({
      ...body,
      itemsSubtotal: 1,
      basePrice: 1,
      discountAmount: 1,
      finalPrice: 1,
      status: 'accepted',
    });
    expect(parsed).not.toHaveProperty('finalPrice');
    expect(parsed).not.toHaveProperty('status');
  });

  it('fills defaults: 14 valid days, no discount, no distance, misc category', () => {
    expect(quoteInputSchema.parse(body)).toMatchObject({
      validDays: 14,
      discountPercent: 0,
      distance: 0,
      items: [{ category: 'misc' }],
    });
  });

  it('accepts discounts 0-100 and rejects others', () => {
    expect(quoteInputSchema.safeParse({ ...body, discountPercent: 100 }).success).toBe(true);
    expect(
      quoteInputSchema.safeParse({ ...body, discountPercent: 101 }).error?.issues[0]?.message,
    ).toBe(MESSAGES.DISCOUNT_RANGE);
  });

  it('requires quantity at least 1', () => {
    expect(
      quoteInputSchema.safeParse({
        ...body,
        items: [{ description: 'x', quantity: 0, unitPrice: 1 }],
      }).error?.issues[0]?.message,
    ).toBe(MESSAGES.QUANTITY_MIN);
  });
});

describe('fleet bodies', () => {
  it('gives a new vehicle the spec defaults', () => {
    const parsed = vehicleInputSchema.parse(LITTLE_BLUE);
    expect(parsed).toMatchObject({
      status: 'Excellent',
      serviceInterval: 10000,
      fuelType: 'Diesel',
      mileage: 0,
      isActive: true,
      modifications: [],
      specialFeatures: [],
    });
  });

  it('updates only what is sent', () => {
    expect(vehicleUpdateInputSchema.parse({ modifications: ['Snorkel'] })).toEqual({
      modifications: ['Snorkel'],
    });
    expect(vehicleUpdateInputSchema.parse({ vin: '' })).toEqual({ vin: null });
  });

  it('rejects an end odometer below the start', () => {
    const result = mileageRecordInputSchema.safeParse({
      vehicleId: 1,
      startOdometer: 500,
      endOdometer: 400,
    });
    expect(result.error?.issues[0]).toMatchObject({
      message: MESSAGES.ODOMETER_ORDER,
      path: ['endOdometer'],
    });
  });
});

describe('other bodies', () => {
  it('records only cash, card on site or bank transfer by hand', () => {
    expect(recordPaymentInputSchema.safeParse({ method: 'bank-transfer' }).success).toBe(true);
    expect(recordPaymentInputSchema.safeParse({ method: 'card' }).error?.issues[0]?.message).toBe(
      MESSAGES.PAYMENT_METHOD_INVALID,
    );
  });

  it('requires a dashboard lookup', () => {
    expect(customerLookupSchema.safeParse({ lookup: ' ' }).error?.issues[0]?.message).toBe(
      MESSAGES.DASHBOARD_LOOKUP_REQUIRED,
    );
  });

  it('maps issues to the first message per field', () => {
    const result = quoteInputSchema.safeParse({
      customerName: '',
      customerPhone: '',
      items: [{ description: '', quantity: 1, unitPrice: 0 }],
    });
    expect(issuesToFields(result.error?.issues ?? [])).toEqual({
      customerName: MESSAGES.QUOTE_CUSTOMER_REQUIRED,
      customerPhone: MESSAGES.QUOTE_CUSTOMER_REQUIRED,
      'items.0.description': MESSAGES.QUOTE_ITEM_DETAILS,
      'items.0.unitPrice': MESSAGES.QUOTE_ITEM_DETAILS,
    });
  });
});
