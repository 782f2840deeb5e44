import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  contactInputSchema,
  createJobInputSchema,
  feedbackInputSchema,
  fuelRecordFormSchema,
  fuelRecordInputSchema,
  loginInputSchema,
  makeBookingInputSchema,
  portalSearchSchema,
  quoteInputSchema,
  registerInputSchema,
  serviceRecordInputSchema,
  vehicleInputSchema,
} from './api';
import { MESSAGES } from './messages';
import { LITTLE_BLUE, NEW_JOB, fuelAddArgs, serviceAddArgs } from './sync/mutators/test-args';

/** Messages a schema reports for `path` on `input`. */
function messagesAt(schema: z.ZodType, input: unknown, path: string): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues
    .filter((issue) => issue.path.map(String).join('.') === path)
    .map((issue) => issue.message);
}

const allMessageTexts = (Object.values(MESSAGES) as unknown[]).filter(
  (value): value is string => typeof value === 'string',
);

const bookingSchema = makeBookingInputSchema(() => '2026-11-22');
const validBooking = {
  customerName: 'Jo Bloggs',
  phone: '0400 123 456',
  email: 'jo@example.com',
  service: 'Emergency Towing',
  location: 'Dampier Road, Karratha',
  preferredDate: '2026-11-23',
  preferredTime: '08:00 AM',
  urgency: 'scheduled',
  description: 'Ute will not start after the weekend.',
};
const validContact = {
  firstName: 'Jo',
  lastName: 'Bloggs',
  phone: '0400 123 456',
  email: 'jo@example.com',
  serviceNeeded: 'Other',
  message: 'Hello there',
};
const validFeedback = {
  jobId: 'JOB-2026-1',
  rating: 5,
  serviceQuality: 5,
  responseTime: 4,
  communication: 5,
  value: 4,
  comments: 'Quick and friendly service.',
  recommend: 'yes',
  phone: '0400 123 456',
};
const validJob = NEW_JOB;
const validVehicle = LITTLE_BLUE;
const validServiceRecord = serviceAddArgs();
const validFuel = fuelAddArgs();
const validQuote = {
  customerName: 'Jo',
  customerPhone: '0400 123 456',
  items: [{ description: 'Winch Recovery', quantity: 1, unitPrice: 8000, category: 'service' }],
};

/**
 * Every validation message the forms must show word for word, each with the schema, a bad input
 * and the field that must report it. The literal strings are the agreed wording, so a change to
 * MESSAGES that drifts from it fails here.
 */
const SPEC_SECTION_5_CASES: readonly {
  text: string;
  schema: z.ZodType;
  input: unknown;
  path: string;
}[] = [
  // The public forms (contact, booking, feedback, portal).
  {
    text: 'Please enter a valid phone number',
    schema: contactInputSchema,
    input: { ...validContact, phone: '12345' },
    path: 'phone',
  },
  {
    text: 'Please enter a valid email address',
    schema: contactInputSchema,
    input: { ...validContact, email: 'not-an-email' },
    path: 'email',
  },
  {
    text: 'Name must be at least 2 characters',
    schema: bookingSchema,
    input: { ...validBooking, customerName: 'J' },
    path: 'customerName',
  },
  {
    text: 'Please enter a valid phone number',
    schema: bookingSchema,
    input: { ...validBooking, phone: '' },
    path: 'phone',
  },
  {
    text: 'Please enter a valid email address',
    schema: bookingSchema,
    input: { ...validBooking, email: 'jo@' },
    path: 'email',
  },
  {
    text: 'Please select a service',
    schema: bookingSchema,
    input: { ...validBooking, service: '' },
    path: 'service',
  },
  {
    text: 'Please provide a detailed location',
    schema: bookingSchema,
    input: { ...validBooking, location: 'Kar' },
    path: 'location',
  },
  {
    text: 'Please select a preferred date',
    schema: bookingSchema,
    input: { ...validBooking, preferredDate: '' },
    path: 'preferredDate',
  },
  {
    text: 'Please select a preferred time',
    schema: bookingSchema,
    input: { ...validBooking, preferredTime: '' },
    path: 'preferredTime',
  },
  {
    text: 'Please provide more details about your service needs',
    schema: bookingSchema,
    input: { ...validBooking, description: 'short' },
    path: 'description',
  },
  {
    text: 'Please select a job to review',
    schema: feedbackInputSchema,
    input: { ...validFeedback, jobId: '' },
    path: 'jobId',
  },
  {
    text: 'Please provide a rating',
    schema: feedbackInputSchema,
    input: { ...validFeedback, rating: 0 },
    path: 'rating',
  },
  {
    text: 'Rating must be between 1-5',
    schema: feedbackInputSchema,
    input: { ...validFeedback, rating: 6 },
    path: 'rating',
  },
  {
    text: 'Rating must be between 1-5',
    schema: feedbackInputSchema,
    input: { ...validFeedback, serviceQuality: 0 },
    path: 'serviceQuality',
  },
  {
    text: 'Please provide detailed feedback',
    schema: feedbackInputSchema,
    input: { ...validFeedback, comments: 'ok' },
    path: 'comments',
  },
  {
    text: 'Enter Job ID or Name',
    schema: portalSearchSchema,
    input: { query: '   ' },
    path: 'query',
  },
  // The staff forms (job, quote, vehicle, service record, fuel).
  {
    text: 'Customer name is required',
    schema: createJobInputSchema,
    input: { ...validJob, customerName: '' },
    path: 'customerName',
  },
  {
    text: 'Phone number is required',
    schema: createJobInputSchema,
    input: { ...validJob, phone: '' },
    path: 'phone',
  },
  {
    text: 'Please enter a valid email address',
    schema: createJobInputSchema,
    input: { ...validJob, email: 'bad' },
    path: 'email',
  },
  {
    text: 'Service is required',
    schema: createJobInputSchema,
    input: { ...validJob, service: '' },
    path: 'service',
  },
  {
    text: 'Location is required',
    schema: createJobInputSchema,
    input: { ...validJob, location: '' },
    path: 'location',
  },
  {
    text: 'Please add at least one item to the quote',
    schema: quoteInputSchema,
    input: { ...validQuote, items: [] },
    path: 'items',
  },
  {
    text: 'Please fill in customer details',
    schema: quoteInputSchema,
    input: { ...validQuote, customerName: '' },
    path: 'customerName',
  },
  {
    text: 'Please fill in customer details',
    schema: quoteInputSchema,
    input: { ...validQuote, customerPhone: '' },
    path: 'customerPhone',
  },
  {
    text: 'Please fill in item details',
    schema: quoteInputSchema,
    input: { ...validQuote, items: [{ description: 'Custom', quantity: 1, unitPrice: 0 }] },
    path: 'items.0.unitPrice',
  },
  {
    text: 'Please fill in item details',
    schema: quoteInputSchema,
    input: { ...validQuote, items: [{ description: '', quantity: 1, unitPrice: 100 }] },
    path: 'items.0.description',
  },
  {
    text: 'Registration is required',
    schema: vehicleInputSchema,
    input: { ...validVehicle, registration: '' },
    path: 'registration',
  },
  {
    text: 'Vehicle name is required',
    schema: vehicleInputSchema,
    input: { ...validVehicle, name: '' },
    path: 'name',
  },
  {
    text: 'Make is required',
    schema: vehicleInputSchema,
    input: { ...validVehicle, make: '' },
    path: 'make',
  },
  {
    text: 'Model is required',
    schema: vehicleInputSchema,
    input: { ...validVehicle, model: '' },
    path: 'model',
  },
  {
    text: 'Vehicle type is required',
    schema: vehicleInputSchema,
    input: { ...validVehicle, type: '' },
    path: 'type',
  },
  {
    text: 'Vehicle is required',
    schema: serviceRecordInputSchema,
    input: { ...validServiceRecord, vehicleId: 0 },
    path: 'vehicleId',
  },
  {
    text: 'Service type is required',
    schema: serviceRecordInputSchema,
    input: { ...validServiceRecord, serviceType: '' },
    path: 'serviceType',
  },
  {
    text: 'Description is required',
    schema: serviceRecordInputSchema,
    input: { ...validServiceRecord, description: '' },
    path: 'description',
  },
  {
    text: 'Serviced by is required',
    schema: serviceRecordInputSchema,
    input: { ...validServiceRecord, servicedBy: '' },
    path: 'servicedBy',
  },
  {
    text: 'Invoice date is required',
    schema: serviceRecordInputSchema,
    input: { ...validServiceRecord, invoiceDate: '' },
    path: 'invoiceDate',
  },
  {
    text: 'Vehicle is required',
    schema: fuelRecordInputSchema,
    input: { ...validFuel, vehicleId: undefined },
    path: 'vehicleId',
  },
  {
    text: 'Fuel type is required',
    schema: fuelRecordInputSchema,
    input: { ...validFuel, fuelType: '' },
    path: 'fuelType',
  },
  {
    text: 'Location is required',
    schema: fuelRecordInputSchema,
    input: { ...validFuel, location: '' },
    path: 'location',
  },
];

describe("the forms' validation messages", () => {
  it.each(SPEC_SECTION_5_CASES)('"$text" is kept word for word in MESSAGES', ({ text }) => {
    expect(allMessageTexts).toContain(text);
  });

  it.each(SPEC_SECTION_5_CASES)(
    '$path reports "$text" on bad input',
    ({ text, schema, input, path }) => {
      expect(messagesAt(schema, input, path)).toContain(text);
    },
  );

  it('accepts the valid inputs the cases start from', () => {
    expect(contactInputSchema.safeParse(validContact).success).toBe(true);
    expect(bookingSchema.safeParse(validBooking).success).toBe(true);
    expect(feedbackInputSchema.safeParse(validFeedback).success).toBe(true);
    expect(createJobInputSchema.safeParse(validJob).success).toBe(true);
    expect(quoteInputSchema.safeParse(validQuote).success).toBe(true);
    expect(vehicleInputSchema.safeParse(validVehicle).success).toBe(true);
    expect(serviceRecordInputSchema.safeParse(validServiceRecord).success).toBe(true);
    expect(fuelRecordInputSchema.safeParse(validFuel).success).toBe(true);
  });
});

describe('messages with no fixed wording', () => {
  it('a missing required value shows the same message as an empty one', () => {
    expect(
      messagesAt(createJobInputSchema, { ...validJob, customerName: undefined }, 'customerName'),
    ).toEqual([MESSAGES.CUSTOMER_NAME_REQUIRED]);
    expect(
      messagesAt(bookingSchema, { ...validBooking, preferredDate: null }, 'preferredDate'),
    ).toEqual([MESSAGES.PREFERRED_DATE_REQUIRED]);
    expect(
      messagesAt(feedbackInputSchema, { ...validFeedback, rating: undefined }, 'rating'),
    ).toEqual([MESSAGES.RATING_REQUIRED]);
  });

  it('rejects a preferred date before today', () => {
    expect(
      messagesAt(bookingSchema, { ...validBooking, preferredDate: '2026-11-21' }, 'preferredDate'),
    ).toEqual([MESSAGES.PREFERRED_DATE_PAST]);
    expect(bookingSchema.safeParse({ ...validBooking, preferredDate: '2026-11-22' }).success).toBe(
      true,
    );
  });

  it('contact form requires names, service and message', () => {
    expect(messagesAt(contactInputSchema, { ...validContact, firstName: '' }, 'firstName')).toEqual(
      [MESSAGES.FIRST_NAME_REQUIRED],
    );
    expect(messagesAt(contactInputSchema, { ...validContact, lastName: '' }, 'lastName')).toEqual([
      MESSAGES.LAST_NAME_REQUIRED,
    ]);
    expect(
      messagesAt(contactInputSchema, { ...validContact, serviceNeeded: '' }, 'serviceNeeded'),
    ).toEqual([MESSAGES.SERVICE_SELECT]);
    expect(messagesAt(contactInputSchema, { ...validContact, message: ' ' }, 'message')).toEqual([
      MESSAGES.MESSAGE_REQUIRED,
    ]);
  });

  it('vehicle year, mileage and interval limits', () => {
    expect(messagesAt(vehicleInputSchema, { ...validVehicle, year: 1899 }, 'year')).toEqual([
      MESSAGES.YEAR_RANGE,
    ]);
    expect(messagesAt(vehicleInputSchema, { ...validVehicle, year: 2031 }, 'year')).toEqual([
      MESSAGES.YEAR_RANGE,
    ]);
    expect(messagesAt(vehicleInputSchema, { ...validVehicle, mileage: -1 }, 'mileage')).toEqual([
      MESSAGES.MILEAGE_MIN,
    ]);
    expect(
      messagesAt(vehicleInputSchema, { ...validVehicle, serviceInterval: 0 }, 'serviceInterval'),
    ).toEqual([MESSAGES.SERVICE_INTERVAL_MIN]);
    expect(messagesAt(vehicleInputSchema, { ...validVehicle, status: 'broken' }, 'status')).toEqual(
      [MESSAGES.VEHICLE_STATUS_INVALID],
    );
  });

  it('fuel litres at least 0.1 both in thousandths and in the litre form', () => {
    expect(messagesAt(fuelRecordInputSchema, { ...validFuel, liters: 99 }, 'liters')).toEqual([
      MESSAGES.LITERS_MIN,
    ]);
    expect(fuelRecordInputSchema.safeParse({ ...validFuel, liters: 100 }).success).toBe(true);
    const form = {
      vehicleId: 1,
      liters: '0.05',
      cost: '12.50',
      kilometers: 1000,
      fuelType: 'Diesel',
      location: 'Karratha',
    };
    expect(messagesAt(fuelRecordFormSchema, form, 'liters')).toEqual([MESSAGES.LITERS_MIN]);
    expect(fuelRecordFormSchema.safeParse({ ...form, liters: '0.1' }).success).toBe(true);
    expect(messagesAt(fuelRecordFormSchema, { ...form, cost: '-1' }, 'cost')).toEqual([
      MESSAGES.COST_MIN,
    ]);
  });

  it('login requires username and password', () => {
    expect(messagesAt(loginInputSchema, { username: '', password: 'x' }, 'username')).toEqual([
      MESSAGES.USERNAME_REQUIRED,
    ]);
    expect(messagesAt(loginInputSchema, { username: 'sam' }, 'password')).toEqual([
      MESSAGES.PASSWORD_REQUIRED,
    ]);
  });

  it('register checks username, email, phone and password', () => {
    const valid = {
      firstName: 'Jo',
      username: 'jo.bloggs',
      email: 'jo@example.com',
      password: 'longenough',
    };
    expect(registerInputSchema.safeParse(valid).success).toBe(true);
    expect(messagesAt(registerInputSchema, { ...valid, firstName: '' }, 'firstName')).toEqual([
      MESSAGES.FIRST_NAME_REQUIRED,
    ]);
    expect(messagesAt(registerInputSchema, { ...valid, username: 'jo' }, 'username')).toEqual([
      MESSAGES.USERNAME_MIN,
    ]);
    expect(
      messagesAt(registerInputSchema, { ...valid, username: 'jo bloggs' }, 'username'),
    ).toEqual([MESSAGES.USERNAME_CHARACTERS]);
    expect(
      messagesAt(registerInputSchema, { ...valid, username: 'j'.repeat(51) }, 'username'),
    ).toEqual([MESSAGES.USERNAME_MAX]);
    expect(messagesAt(registerInputSchema, { ...valid, email: 'jo' }, 'email')).toEqual([
      MESSAGES.EMAIL_INVALID,
    ]);
    expect(messagesAt(registerInputSchema, { ...valid, phone: '0'.repeat(21) }, 'phone')).toEqual([
      MESSAGES.PHONE_MAX,
    ]);
    expect(messagesAt(registerInputSchema, { ...valid, password: 'short' }, 'password')).toEqual([
      MESSAGES.PASSWORD_MIN,
    ]);
    expect(messagesAt(registerInputSchema, { ...valid, password: '' }, 'password')).toContain(
      MESSAGES.PASSWORD_REQUIRED,
    );
  });

  it('register ignores a role field so nobody self-registers as admin', () => {
    const parsed = registerInputSchema.parse({
      firstName: 'Jo',
      username: 'jo.bloggs',
      email: 'jo@example.com',
      password: 'longenough',
      role: 'admin',
    });
    expect(parsed).not.toHaveProperty('role');
  });
});

describe("the toasts' texts", () => {
  it.each([
    'Login Failed',
    'Invalid username or password',
    'Registration Failed',
    'Registration failed. Please try again.',
    'Failed to send message',
    'Please try again later.',
    'Message sent successfully!',
    'Booking Failed',
    'Please try again or call us directly for immediate assistance.',
    'Booking Submitted',
    'Submission Failed',
    'Please try again or contact us directly.',
    'Feedback Submitted',
    'No Job Found',
    'Please check your job ID or name and try again.',
    'Job Not Found',
    'Search Failed',
    'Unable to search for your job. Please try again.',
    'Failed to copy',
    'Please copy manually',
    'Invalid Payment Link',
    'Missing quote information. Please try again.',
    'Payment Setup Failed',
    'Unable to setup payment. Please try again.',
    'Payment Failed',
    'Payment Error',
    'An unexpected error occurred. Please try again.',
    'Image unavailable',
    'useAuth must be used within an AuthProvider',
    'Error',
    'Failed to create job',
    'Failed to delete job',
    'Failed to approve booking',
    'Failed to update job',
    'Job Created',
    'Job Deleted',
    'Booking Approved',
    'Job Updated',
    'Quote Created',
    'Vehicle modifications updated',
    'Vehicle features updated',
    'Unknown error',
    'Failed to update quote',
    'Failed to delete quote',
    'Failed to send quote email',
    'Email sending failed',
    'Failed to download PDF',
    'Payment failed',
    'Unable to process payment. Please try again.',
    'Quote created successfully!',
    'Quote updated successfully!',
    'Quote deleted',
    'Quote emailed successfully!',
    'Quote PDF downloaded successfully',
    'Payment window opened',
    'Failed to add vehicle to fleet',
    'duplicate key',
    'Registration number already exists. Please use a different registration.',
    'Failed to add service record',
    'Failed to add fuel record',
    'Please check all fields are filled correctly',
    'Failed to remove vehicle',
    'Service record added successfully',
    'Fuel record added successfully',
    'Vehicle removed successfully',
  ])('"%s" is in MESSAGES', (text) => {
    expect(allMessageTexts).toContain(text);
  });

  it('fills the templated texts', () => {
    expect(MESSAGES.quoteCreateFailed()).toBe('Failed to create quote: Unknown error');
    expect(MESSAGES.quoteCreateFailed('Bad items')).toBe('Failed to create quote: Bad items');
    expect(MESSAGES.quoteStatusChanged('accepted')).toBe('Quote accepted');
    expect(MESSAGES.vehicleAdded('Big Red')).toBe(
      'Vehicle "Big Red" added successfully to the fleet',
    );
    expect(MESSAGES.bookServiceFor('Dampier')).toBe('Book Service for Dampier');
    expect(MESSAGES.pageTitle('About Us', 'Pilbara Towing & Recovery')).toBe(
      'About Us | Pilbara Towing & Recovery',
    );
  });

  it('has no two keys with the same text', () => {
    expect(new Set(allMessageTexts).size).toBe(allMessageTexts.length);
  });
});

describe('limits on dates, phones, feedback and quotes', () => {
  it('a booking date must be a real date within a year', () => {
    expect(
      messagesAt(bookingSchema, { ...validBooking, preferredDate: '2027-02-30' }, 'preferredDate'),
    ).toEqual([MESSAGES.PREFERRED_DATE_REQUIRED]);
    expect(
      messagesAt(bookingSchema, { ...validBooking, preferredDate: '2027-11-23' }, 'preferredDate'),
    ).toEqual([MESSAGES.PREFERRED_DATE_TOO_FAR]);
    expect(bookingSchema.safeParse({ ...validBooking, preferredDate: '2027-11-22' }).success).toBe(
      true,
    );
  });

  it('phones must be real numbers, with the phone message', () => {
    for (const phone of ['2026-11-23 12:00', '🚗🚗🚗🚗🚗🚗🚗🚗🚗🚗', '0400 123 4567 8']) {
      expect(messagesAt(contactInputSchema, { ...validContact, phone }, 'phone')).toEqual([
        MESSAGES.PHONE_INVALID,
      ]);
    }
    expect(
      messagesAt(createJobInputSchema, { ...validJob, phone: 'not a phone' }, 'phone'),
    ).toEqual([MESSAGES.PHONE_INVALID]);
  });

  it('feedback needs the tracking token or the phone', () => {
    const { phone: _phone, ...withoutProof } = validFeedback;
    expect(messagesAt(feedbackInputSchema, withoutProof, 'phone')).toEqual([
      MESSAGES.FEEDBACK_PROOF_REQUIRED,
    ]);
    expect(feedbackInputSchema.safeParse({ ...withoutProof, phone: '3456' }).success).toBe(true);
    expect(
      feedbackInputSchema.safeParse({ ...withoutProof, token: 'abcdefghijklmnopqrstuv' }).success,
    ).toBe(true);
  });

  it('quotes are capped in lines, quantity, price, total and distance', () => {
    const item = { description: 'Tow', quantity: 1, unitPrice: 100 };
    expect(
      messagesAt(quoteInputSchema, { ...validQuote, items: Array(201).fill(item) }, 'items'),
    ).toEqual([MESSAGES.QUOTE_ITEMS_MAX]);
    expect(
      messagesAt(
        quoteInputSchema,
        { ...validQuote, items: [{ ...item, quantity: 1001 }] },
        'items.0.quantity',
      ),
    ).toEqual([MESSAGES.QUANTITY_MAX]);
    expect(
      messagesAt(
        quoteInputSchema,
        { ...validQuote, items: [{ ...item, unitPrice: 100_000_001 }] },
        'items.0.unitPrice',
      ),
    ).toEqual([MESSAGES.UNIT_PRICE_MAX]);
    expect(
      messagesAt(
        quoteInputSchema,
        { ...validQuote, items: Array(11).fill({ ...item, quantity: 1000, unitPrice: 100_000 }) },
        'items',
      ),
    ).toEqual([MESSAGES.QUOTE_TOTAL_MAX]);
    expect(messagesAt(quoteInputSchema, { ...validQuote, distance: 1e308 }, 'distance')).toEqual([
      MESSAGES.DISTANCE_MAX,
    ]);
  });
});
