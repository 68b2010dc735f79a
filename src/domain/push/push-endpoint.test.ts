import { describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES } from '../forms/messages.ts';
import { pushEndpointRefusal } from './push-endpoint.ts';

describe('pushEndpointRefusal', () => {
  it('takes public https endpoints', () => {
    for (const url of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGh',
      'https://8.8.8.8/x',
    ]) {
      expect(pushEndpointRefusal(url, [])).toBeNull();
    }
  });

  it('refuses http, credentials, localhost and private addresses however written', () => {
    for (const url of [
      'http://fcm.googleapis.com/x',
      'https://user@fcm.googleapis.com/x',
      'https://localhost/x',
      'https://LOCALHOST./x',
      'https://127.0.0.1/x',
      'https://0177.0.0.1/x',
      'https://[::1]/x',
      'https://169.254.169.254/x',
      'ftp://push.example.com/x',
      'not a url',
      `https://push.example.com/${'x'.repeat(3000)}`,
    ]) {
      expect(pushEndpointRefusal(url, [])).toBe(PRODUCT_MESSAGES.pushEndpointRefused);
    }
  });

  it('takes what MEDIA_FETCH_ALLOW names, http and private too, on that port only', () => {
    expect(pushEndpointRefusal('http://127.0.0.1:8099/notify/x', ['127.0.0.1:8099'])).toBeNull();
    expect(pushEndpointRefusal('http://127.0.0.1:8098/notify/x', ['127.0.0.1:8099'])).toBe(
      PRODUCT_MESSAGES.pushEndpointRefused,
    );
  });
});
