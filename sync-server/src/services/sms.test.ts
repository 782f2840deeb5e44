import { describe, expect, it } from 'vitest';
import { classifyTwilioError, redactPhones } from './sms';

describe('classifyTwilioError', () => {
  it('retries what Twilio certainly did not take: 429, 5xx, no connection', () => {
    expect(classifyTwilioError({ status: 429, code: 20429, message: 'Too Many Requests' })).toEqual(
      { ok: false, retry: true, error: 'Twilio error 20429 (HTTP 429): Too Many Requests' },
    );
    expect(classifyTwilioError({ status: 502, message: 'Bad Gateway' })).toMatchObject({
      retry: true,
    });
    expect(classifyTwilioError({ code: 'ENOTFOUND', message: 'getaddrinfo' })).toEqual({
      ok: false,
      retry: true,
      error: 'Could not reach Twilio (ENOTFOUND)',
    });
  });

  it('does not retry a refusal, nor a request that may have reached Twilio', () => {
    expect(classifyTwilioError({ status: 400, code: 21211, message: 'Invalid To' })).toMatchObject({
      retry: false,
    });
    const timeout = classifyTwilioError({ code: 'ECONNABORTED', message: 'timeout of 15000ms' });
    expect(timeout).toMatchObject({ ok: false, retry: false });
    expect(timeout.ok ? '' : timeout.error).toContain('may have been sent');
    expect(classifyTwilioError({ code: 'ECONNRESET', message: 'socket hang up' })).toMatchObject({
      retry: false,
    });
  });
});

describe('redactPhones', () => {
  it('keeps only the last three digits of numbers in a log line', () => {
    expect(redactPhones("The 'To' number +61412345678 is not valid")).toBe(
      "The 'To' number •••678 is not valid",
    );
    expect(redactPhones('call 0412 345 678 now')).toBe('call •••678 now');
    expect(redactPhones('Twilio error 21211 (HTTP 400)')).toBe('Twilio error 21211 (HTTP 400)');
  });
});
