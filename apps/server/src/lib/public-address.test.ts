import { describe, expect, it } from 'vitest';
import { isInternetHost, publicAddressOf } from './public-address';

describe('addresses servers elsewhere can reach', () => {
  it('tells internet hosts from local ones', () => {
    for (const host of ['lumen.example.com', 'media.lumen.app', '203.0.113.7', '[2001:db8::1]'])
      expect(isInternetHost(host), host).toBe(true);
    for (const host of [
      'localhost',
      '127.0.0.1',
      '10.1.2.3',
      '192.168.1.20',
      '172.20.0.5',
      '[::1]',
      'fd00::5',
      'nas.local',
      'gpu',
    ])
      expect(isInternetHost(host), host).toBe(false);
  });

  it('moves a signed path under PUBLIC_URL when that is on the internet', () => {
    expect(publicAddressOf('http://127.0.0.1:8080/files/a.png?sig=1', 'https://lumen.app')).toBe(
      'https://lumen.app/files/a.png?sig=1',
    );
    expect(publicAddressOf('/files/a.png?sig=1', 'https://lumen.app/')).toBe(
      'https://lumen.app/files/a.png?sig=1',
    );
  });

  it('keeps a signed URL that is already public, and has none for a local-only server', () => {
    expect(publicAddressOf('https://bucket.s3.amazonaws.com/a.png?X-Amz=1', null)).toBe(
      'https://bucket.s3.amazonaws.com/a.png?X-Amz=1',
    );
    expect(publicAddressOf('/files/a.png', null)).toBeNull();
    expect(
      publicAddressOf('http://127.0.0.1:8080/files/a.png', 'http://localhost:8080'),
    ).toBeNull();
    expect(
      publicAddressOf('http://127.0.0.1:8080/files/a.png', 'http://192.168.1.4:8080'),
    ).toBeNull();
  });
});
