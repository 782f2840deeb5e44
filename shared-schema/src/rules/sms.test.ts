import { describe, expect, it } from 'vitest';
import {
  MAX_SMS_SEGMENTS,
  SMS_BUDGET_DEFAULTS,
  SMS_EVENTS,
  SMS_NOT_SENT,
  SMS_STOP_FOOTER,
  smsBudgetProblem,
  smsBudgetWarning,
  smsCategoryOf,
  smsCountryAllowed,
  driverFirstName,
  inboundSmsKeyword,
  isGsm7,
  maskedSmsNumber,
  smsArrivalEstimate,
  smsNumber,
  smsSegments,
  smsText,
  toGsm7,
  type SmsFacts,
} from './sms';

describe('smsNumber', () => {
  it('writes an Australian mobile in E.164 however it was typed', () => {
    for (const phone of ['0412 345 678', '0412345678', '+61 412 345 678', '(04) 1234-5678'])
      expect(smsNumber(phone)).toBe('+61412345678');
  });
  it('keeps an international number', () => {
    expect(smsNumber('+64 21 123 4567')).toBe('+64211234567');
  });
  it('gives nothing for numbers that cannot take a text, or are not numbers', () => {
    for (const phone of [
      '08 9185 1234',
      '1300 123 456',
      '1800123456',
      '+61 8 9185 1234',
      'call me',
    ])
      expect(smsNumber(phone)).toBeNull();
    expect(smsNumber(null)).toBeNull();
    expect(smsNumber('')).toBeNull();
  });
  it('masks all but the last three digits', () => {
    expect(maskedSmsNumber('+61412345678')).toBe('•••678');
  });
});

describe('smsSegments', () => {
  it('fits 160 GSM-7 characters in one segment, 161 in two', () => {
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
  });
  it('splits long GSM-7 texts into parts of 153', () => {
    expect(smsSegments('a'.repeat(306)).segments).toBe(2);
    expect(smsSegments('a'.repeat(307)).segments).toBe(3);
  });
  it('counts extension characters as two and never splits one from its escape', () => {
    expect(smsSegments('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    // 152 plain, then a two-septet character: it does not fit in part one's last septet.
    const text = `${'a'.repeat(152)}€${'a'.repeat(152)}`;
    expect(smsSegments(text)).toEqual({ encoding: 'GSM-7', units: 306, segments: 3 });
  });
  it('sends anything outside GSM-7 as UCS-2: 70 in one, 67 per part', () => {
    expect(smsSegments(`${'a'.repeat(69)}ë`)).toEqual({
      encoding: 'UCS-2',
      units: 70,
      segments: 1,
    });
    expect(smsSegments(`${'a'.repeat(70)}ë`).segments).toBe(2);
    expect(smsSegments('ë'.repeat(134)).segments).toBe(2);
    expect(smsSegments('ë'.repeat(135)).segments).toBe(3);
  });
  it('counts an emoji as two UCS-2 units and keeps the pair together', () => {
    expect(smsSegments('🚚').units).toBe(2);
    expect(smsSegments(`${'a'.repeat(66)}🚚${'a'.repeat(10)}`).segments).toBe(2);
  });
  it('counts an empty text as one segment', () => {
    expect(smsSegments('').segments).toBe(1);
  });
});

describe('toGsm7', () => {
  it('replaces typographic punctuation and accents GSM-7 lacks', () => {
    expect(toGsm7('O’Brien – “ETA” 20 min… Zoë')).toBe('O\'Brien - "ETA" 20 min... Zoe');
    expect(isGsm7(toGsm7('O’Brien – “ETA” 20 min… Zoë'))).toBe(true);
  });
  it('keeps accents GSM-7 has and leaves other scripts alone', () => {
    expect(toGsm7('René')).toBe('René');
    expect(toGsm7('李')).toBe('李');
  });
});

const URL = 'https://www.pilbaratowingandrecovery.com.au';
const TRACK = `${URL}/customer-portal?token=AbCdEfGhIjKlMnOpQrStUv`;
const facts: SmsFacts = {
  business: 'Pilbara Towing & Recovery',
  reference: 'JOB-2026-123456',
  link: TRACK,
  reviewLink: `${URL}/feedback?job=JOB-2026-123456`,
  driverFirstName: 'Sam',
  arrival: '25 minutes',
  amount: '$1,234.50',
};

describe('smsText', () => {
  it('writes every event in GSM-7, under three segments, with its link and the STOP footer', () => {
    for (const event of SMS_EVENTS) {
      const text = smsText(event, facts);
      expect(text.encoding, event).toBe('GSM-7');
      expect(text.segments, event).toBeLessThanOrEqual(MAX_SMS_SEGMENTS);
      expect(text.text, event).toContain(TRACK);
      expect(text.text, event).toContain('JOB-2026-123456');
      expect(text.text.endsWith(SMS_STOP_FOOTER), event).toBe(true);
      expect(text).toMatchObject(smsSegments(text.text));
    }
  });
  it('says who is coming and when', () => {
    expect(smsText('job_en_route', facts).text).toBe(
      `Pilbara Towing & Recovery: Sam is on the way for job JOB-2026-123456, ETA 25 minutes. Track the truck: ${TRACK} ${SMS_STOP_FOOTER}`,
    );
    expect(
      smsText('job_en_route', { ...facts, driverFirstName: null, arrival: null }).text,
    ).toContain('your driver is on the way for job JOB-2026-123456. Track');
  });
  it('asks for a review when the job is complete', () => {
    expect(smsText('job_completed', facts).text).toContain(
      `How did we go? ${URL}/feedback?job=JOB-2026-123456 Job details: ${TRACK}`,
    );
  });
  it('names the amount of a quote and a payment', () => {
    expect(smsText('quote_sent', facts).text).toContain('for $1,234.50 incl. GST is ready');
    expect(smsText('payment_received', facts).text).toContain('your payment of $1,234.50');
  });
  it('turns typed words into GSM-7 rather than sending UCS-2', () => {
    const text = smsText('job_en_route', {
      ...facts,
      driverFirstName: 'Zoë',
      arrival: '20–30 min',
    });
    expect(text.encoding).toBe('GSM-7');
    expect(text.text).toContain('Zoe is on the way for job JOB-2026-123456, ETA 20-30 min.');
  });
  it('shortens staff-typed words, then drops them, before a link would go to three segments', () => {
    const long = smsText('job_en_route', {
      ...facts,
      driverFirstName: '李明',
      arrival: 'somewhere between forty and fifty minutes depending on the road',
    });
    expect(long.segments).toBeLessThanOrEqual(MAX_SMS_SEGMENTS);
    expect(long.text).toContain(TRACK);
    const rambling = smsText('job_en_route', {
      ...facts,
      arrival: 'somewhere between forty and fifty minutes depending on the road and the weather',
    });
    expect(rambling.text).toContain('ETA somewhere between forty and fifty min... Track');
    expect(rambling.segments).toBeLessThanOrEqual(MAX_SMS_SEGMENTS);
  });
});

describe('driverFirstName and smsArrivalEstimate', () => {
  it('takes the first name of a person, nothing for Both or Unassigned', () => {
    expect(driverFirstName('Sam Taylor')).toBe('Sam');
    expect(driverFirstName('Both')).toBeNull();
    expect(driverFirstName('Unassigned')).toBeNull();
    expect(driverFirstName(null)).toBeNull();
  });
  it('quotes the estimate on the job', () => {
    expect(smsArrivalEstimate({ estimatedArrival: ' 30 minutes ' })).toBe('30 minutes');
    expect(smsArrivalEstimate({ estimatedArrival: null })).toBeNull();
  });
});

describe('inboundSmsKeyword', () => {
  it('hears STOP and its synonyms in any case, START to come back', () => {
    for (const body of ['STOP', 'stop', ' Stop. ', 'UNSUBSCRIBE', 'stop all', 'Quit'])
      expect(inboundSmsKeyword(body), body).toBe('stop');
    for (const body of ['START', 'unstop', 'Yes'])
      expect(inboundSmsKeyword(body), body).toBe('start');
    for (const body of ['Thanks!', 'where is the truck', 'stop by later'])
      expect(inboundSmsKeyword(body), body).toBeNull();
  });
});

describe('text budgets by category', () => {
  const ack = SMS_BUDGET_DEFAULTS['booking-ack'];
  const jobs = { ...SMS_BUDGET_DEFAULTS['job-updates'], perNumberPerHour: 8 };
  const none = { toNumberLastHour: 0, inCategoryLastHour: 0 };

  it('counts the booking acknowledgement apart from the texts about jobs', () => {
    expect(smsCategoryOf('booking_received')).toBe('booking-ack');
    expect(smsCategoryOf('job_en_route')).toBe('job-updates');
    expect(smsCategoryOf('payment_received')).toBe('job-updates');
    // A stored category wins (a staff alert names its own); an unknown one falls back.
    expect(smsCategoryOf('shift_alert', 'staff-alerts')).toBe('staff-alerts');
    expect(smsCategoryOf('job_en_route', 'nonsense')).toBe('job-updates');
    // A staff alert is one whatever its row says (rows from before categories).
    expect(smsCategoryOf('staff_booking_alert', 'job-updates', 'staff')).toBe('staff-alerts');
  });

  it('caps staff alert texts in all only: an owner is texted every few minutes if need be', () => {
    const staff = SMS_BUDGET_DEFAULTS['staff-alerts'];
    expect(
      smsBudgetProblem('staff-alerts', staff, { ...none, toNumberLastHour: staff.perHour }),
    ).toBeNull();
    expect(
      smsBudgetProblem('staff-alerts', staff, { ...none, inCategoryLastHour: staff.perHour }),
    ).toEqual({ limit: 'total', reason: SMS_NOT_SENT.staffCap(staff.perHour) });
  });

  it('lets a text through while each limit has room, and names the one it would break', () => {
    expect(smsBudgetProblem('job-updates', jobs, none)).toBeNull();
    expect(
      smsBudgetProblem('job-updates', jobs, { ...none, toNumberLastHour: jobs.perNumberPerHour }),
    ).toEqual({ limit: 'number', reason: SMS_NOT_SENT.numberCap(jobs.perNumberPerHour) });
    expect(
      smsBudgetProblem('job-updates', jobs, { ...none, inCategoryLastHour: jobs.perHour }),
    ).toEqual({ limit: 'total', reason: SMS_NOT_SENT.globalCap(jobs.perHour) });
    expect(
      smsBudgetProblem('booking-ack', ack, { ...none, inCategoryLastHour: ack.perHour }),
    ).toEqual({ limit: 'total', reason: SMS_NOT_SENT.categoryCap('booking-ack', ack.perHour) });
    expect(SMS_NOT_SENT.categoryCap('booking-ack', 20)).toContain('SMS_BOOKING_ACK_PER_HOUR');
  });

  it('texts a number that never had a job once a day, and bookings from one address a few times', () => {
    const newNumber = { ...none, numberHadJob: false, toNumberLastDay: 1, fromAddressLastDay: 0 };
    expect(smsBudgetProblem('booking-ack', ack, newNumber)?.limit).toBe('new-number');
    // A customer with a job already is not a made-up number.
    expect(smsBudgetProblem('booking-ack', ack, { ...newNumber, numberHadJob: true })).toBeNull();
    expect(
      smsBudgetProblem('booking-ack', ack, {
        ...none,
        numberHadJob: false,
        toNumberLastDay: 0,
        fromAddressLastDay: 3,
      }),
    ).toEqual({ limit: 'address', reason: SMS_NOT_SENT.addressCap(3) });
  });

  it('says what was held back and what still goes', () => {
    const ackWarning = smsBudgetWarning('booking-ack', 7, 20);
    expect(ackWarning).toContain('7 not sent');
    expect(ackWarning).toContain('SMS_BOOKING_ACK_PER_HOUR');
    expect(ackWarning).toContain('Texts about jobs still go');
  });

  it('texts Australian mobiles only, unless more countries are listed', () => {
    expect(smsCountryAllowed('+61412345678', ['61'])).toBe(true);
    expect(smsCountryAllowed('+61891234567', ['61'])).toBe(false);
    expect(smsCountryAllowed('+14155550100', ['61'])).toBe(false);
    expect(smsCountryAllowed('+6421123456', ['61', '64'])).toBe(true);
    expect(smsCountryAllowed('+61412345678', ['64'])).toBe(false);
  });
});
