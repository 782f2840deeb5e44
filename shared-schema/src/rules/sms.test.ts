import { describe, expect, it } from 'vitest';
import {
  MAX_SMS_SEGMENTS,
  SMS_EVENTS,
  SMS_STOP_FOOTER,
  driverFirstName,
  inboundSmsKeyword,
  isGsm7,
  maskedSmsNumber,
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

describe('driverFirstName', () => {
  it('takes the first name of a person, nothing for Both or Unassigned', () => {
    expect(driverFirstName('Sam Taylor')).toBe('Sam');
    expect(driverFirstName('Both')).toBeNull();
    expect(driverFirstName('Unassigned')).toBeNull();
    expect(driverFirstName(null)).toBeNull();
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
