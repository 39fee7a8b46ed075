import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('loadConfig', () => {
  it('fills defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', databaseUrl: undefined });
    expect(config.dataDir).toBe(path.resolve('./var'));
    expect(config.publicUrl).toBe('http://localhost:8080');
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
    });
  });

  it('takes the database as embedded only with the URL its supervisor passes', () => {
    const url = 'postgresql://postgres@/lumen?host=%2Fsrv%2Flumen%2Fdb';
    expect(loadConfig({}).embeddedDatabase).toBe(false);
    expect(loadConfig({ EMBEDDED_DATABASE: 'on' }).embeddedDatabase).toBe(false);
    expect(loadConfig({ DATABASE_URL: url }).embeddedDatabase).toBe(false);
    expect(loadConfig({ DATABASE_URL: url, EMBEDDED_DATABASE: 'on' }).embeddedDatabase).toBe(true);
  });

  it('lists every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'not a url' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('PORT');
    expect(problems).toContain('DATABASE_URL');
    expect(problems).toContain('PUBLIC_URL');
  });

  it('trusts no proxy by default, and the named addresses and ranges when TRUST_PROXY is set', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(
      loadConfig({ TRUST_PROXY: ' 10.0.0.1, 172.16.0.0/12,fd00::/8 , ::1,loopback' }).trustProxy,
    ).toEqual(['10.0.0.1', '172.16.0.0/12', 'fd00::/8', '::1', 'loopback']);
  });

  it('stops on a TRUST_PROXY entry that is not an address or range, naming it', () => {
    for (const bad of [
      'true',
      '*',
      '10.0.0.0/33',
      'fd00::/129',
      '10.0.0/8',
      'proxy.local',
      '1/2/3',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: `127.0.0.1,${bad}` }), bad).toThrow(
        new RegExp(`TRUST_PROXY: .*${bad.replace(/[*.]/g, '\\$&')}`),
      );
    }
  });
});
