import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('starts with no configuration at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      appUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      dataDir: './data',
      smtpUrl: undefined,
      requireEmailVerification: true,
      trustProxy: false,
    });
    expect(config.google).toEqual({ missing: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'] });
    expect(config.company.phones).toHaveLength(2);
  });

  it('derives APP_URL from PORT and drops a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).appUrl).toBe('http://localhost:8080');
    expect(loadConfig({ APP_URL: 'https://portal.example.com/' }).appUrl).toBe('https://portal.example.com');
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', REQUIRE_EMAIL_VERIFICATION: 'maybe' })).toThrowError(
      /PORT[\s\S]*DATABASE_URL: must start with postgres:\/\/[\s\S]*REQUIRE_EMAIL_VERIFICATION/,
    );
  });

  it('requires AUTH_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrowError(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrowError(/AUTH_SECRET/);
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'a'.repeat(32) }).authSecret).toHaveLength(32);
  });

  it('reads Google credentials and the issuer', () => {
    const config = loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', GOOGLE_ISSUER: 'http://127.0.0.1:9000' });
    expect(config.google).toEqual({ clientId: 'id', clientSecret: 'secret', issuer: 'http://127.0.0.1:9000' });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('splits COMPANY_PHONES into two numbers', () => {
    expect(loadConfig({ COMPANY_PHONES: '111, 222' }).company.phones).toEqual(['111', '222']);
    expect(loadConfig({ COMPANY_PHONES: '111' }).company.phones).toEqual(['111', '111']);
  });
});
