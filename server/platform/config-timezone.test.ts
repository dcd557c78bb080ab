import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('COMPANY_TIMEZONE', () => {
  it('defaults to America/Chicago and takes any IANA zone', () => {
    expect(loadConfig({}).company.timeZone).toBe('America/Chicago');
    expect(loadConfig({ COMPANY_TIMEZONE: 'Europe/Madrid' }).company.timeZone).toBe('Europe/Madrid');
  });

  it('stops the start with a message naming the variable for a zone that does not exist', () => {
    expect(() => loadConfig({ COMPANY_TIMEZONE: 'America/Springfield' })).toThrow(ConfigError);
    expect(() => loadConfig({ COMPANY_TIMEZONE: 'CST6' })).toThrow(/COMPANY_TIMEZONE: is not a time zone this server knows/);
  });
});
