import { describe, expect, it } from 'vitest';
import { businessProfileSchema } from './business-profile-schema';
import { DEFAULT_BUSINESS_PROFILE, PRODUCT_NAME } from './business-profile';
import { COVERAGE_AREAS, COVERAGE_STATS } from './coverage';
import { DATE_FORMATS, PERTH_TZ } from './dates';
import {
  MODIFICATION_OPTIONS,
  MODIFICATIONS_CATALOGUE,
  SPECIAL_FEATURES,
  VEHICLE_DEFAULTS,
} from './fleet';
import { QUOTE_DEFAULTS, QUOTE_TERMS } from './quotes';
import {
  BOOKING_SERVICES,
  CONTACT_SERVICE_OPTIONS,
  DRIVER_OPTIONS,
  driverOptions,
  TIME_SLOTS,
} from './services';
import { ACTIVE_JOB_STATUSES, FINISHED_JOB_STATUSES, JOB_STATUSES } from './statuses';
import { LIVE_STATUS, POLLING_INTERVALS, TOAST_DURATIONS } from './timing';

describe('business profile', () => {
  it('defaults to valid placeholders with card payment not set up', () => {
    expect(businessProfileSchema.parse(DEFAULT_BUSINESS_PROFILE)).toEqual(DEFAULT_BUSINESS_PROFILE);
    expect(DEFAULT_BUSINESS_PROFILE.tradingName).toBe(PRODUCT_NAME);
    expect(DEFAULT_BUSINESS_PROFILE.owners).toHaveLength(2);
    expect(DEFAULT_BUSINESS_PROFILE.stripePublishableKey).toBe('');
    expect(DEFAULT_BUSINESS_PROFILE.email).toBe('jobs@example.com');
  });

  it('builds driver options from the owners first names', () => {
    expect(DRIVER_OPTIONS).toEqual(['Sam', 'Alex', 'Both', 'Unassigned']);
    const profile = {
      ...DEFAULT_BUSINESS_PROFILE,
      owners: [{ name: 'Kim Lee', role: 'Owner', phone: '1', blurb: '' }],
    };
    expect(driverOptions(profile)).toEqual(['Kim', 'Both', 'Unassigned']);
  });
});

describe('lists', () => {
  it('has 20 time slots every 30 minutes from 08:00 AM to 05:30 PM', () => {
    expect(TIME_SLOTS).toHaveLength(20);
    expect(TIME_SLOTS[0]).toBe('08:00 AM');
    expect(TIME_SLOTS.slice(7, 10)).toEqual(['11:30 AM', '12:00 PM', '12:30 PM']);
    expect(TIME_SLOTS[19]).toBe('05:30 PM');
  });

  it('has 12 booking services and 5 contact options', () => {
    expect(new Set(BOOKING_SERVICES).size).toBe(12);
    expect(CONTACT_SERVICE_OPTIONS).toEqual([
      'Emergency Towing',
      '4x4 Recovery',
      'Automotive Repair',
      'General Inquiry',
      'Other',
    ]);
  });

  it('has 15 distinct special features, the spec’s first six first', () => {
    expect(new Set(SPECIAL_FEATURES).size).toBe(15);
    // Spot values: the first and the last of the six the spec names, in their places.
    expect(SPECIAL_FEATURES[0]).toBe('Emergency Response Ready');
    expect(SPECIAL_FEATURES.indexOf('GPS Tracking Installed')).toBe(5);
  });

  it('has 59 distinct modifications in categories', () => {
    expect(MODIFICATION_OPTIONS).toHaveLength(59);
    expect(new Set(MODIFICATION_OPTIONS).size).toBe(59);
    expect(MODIFICATIONS_CATALOGUE.every((group) => group.items.length > 0)).toBe(true);
  });

  it('splits job statuses into active and finished without overlap', () => {
    expect([...ACTIVE_JOB_STATUSES, ...FINISHED_JOB_STATUSES].sort()).toEqual(
      [...JOB_STATUSES].sort(),
    );
  });
});

describe('coverage', () => {
  it('has six areas, one main, positioned inside the map', () => {
    expect(COVERAGE_AREAS).toHaveLength(6);
    expect(COVERAGE_STATS.availability).toBe('24/7');
    expect(COVERAGE_AREAS.filter((area) => area.isMain).map((area) => area.name)).toEqual([
      'Karratha',
    ]);
    for (const area of COVERAGE_AREAS) {
      expect(area.position.x).toBeGreaterThanOrEqual(0);
      expect(area.position.x).toBeLessThanOrEqual(100);
      expect(area.position.y).toBeGreaterThanOrEqual(0);
      expect(area.position.y).toBeLessThanOrEqual(100);
    }
    expect(COVERAGE_AREAS.find((area) => area.name === 'Point Samson')).toMatchObject({
      distanceKm: 45,
    });
    expect(COVERAGE_AREAS.find((area) => area.name === 'Mining Sites')).toMatchObject({
      distanceKm: null,
    });
  });
});

describe('timing and defaults', () => {
  it('keeps the spec numbers', () => {
    expect(TOAST_DURATIONS).toMatchObject({
      default: 5000,
      maxVisible: 1,
      logout: 3000,
      adminNoticeDelay: 1500,
    });
    expect(POLLING_INTERVALS).toMatchObject({
      adminJobs: 3000,
      dashboardJobs: 5000,
      portalJob: 5000,
    });
    expect(LIVE_STATUS).toMatchObject({
      blinkMs: 2000,
      defaultDrivers: 2,
      minDrivers: 0,
      maxDrivers: 10,
    });
    expect(QUOTE_DEFAULTS.validDays).toBe(14);
    expect(QUOTE_DEFAULTS.autoQuote).toEqual({
      quantity: 1,
      validDays: 30,
      discountPercent: 0,
      status: 'draft',
    });
    expect(QUOTE_TERMS).toHaveLength(5);
    expect(VEHICLE_DEFAULTS).toMatchObject({
      serviceInterval: 10000,
      fuelType: 'Diesel',
      driveType: '4WD',
    });
    expect(DATE_FORMATS.isoDate).toBe('YYYY-MM-DD');
    expect(PERTH_TZ).toBe('Australia/Perth');
  });
});
