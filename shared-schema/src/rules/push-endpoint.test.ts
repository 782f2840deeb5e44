import { describe, expect, it } from 'vitest';
import { UNSAFE_PUSH_ENDPOINTS } from '../testing';
import { pushEndpointProblem } from './push-endpoint';

describe('pushEndpointProblem', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:APA91b',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB',
    'https://web.push.apple.com/QGx2',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    'https://fcm.googleapis.com:443/wp/abc',
  ])('accepts the browser push service %s', (endpoint) => {
    expect(pushEndpointProblem(endpoint)).toBeNull();
  });

  it.each([
    ...UNSAFE_PUSH_ENDPOINTS,
    'https://2130706433/push',
    'https://evil.example\\@fcm.googleapis.com/',
    'https://fcm.googleapis.com.evil.example/push',
    'https://evilfcm.googleapis.com.example/push',
    'https://notfcm.googleapis.com/push',
    'http://fcm.googleapis.com/push',
    'https://fcm.googleapis.com./push',
  ])('refuses %s', (endpoint) => {
    expect(pushEndpointProblem(endpoint)).not.toBeNull();
  });
});
