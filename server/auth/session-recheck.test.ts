import { describe, expect, it } from 'vitest';
import { cookieCarries } from './session-recheck';

describe('cookieCarries', () => {
  const token = 'Ab12Cd34';
  it("accepts a cookie value whose signed part is the session's token, plain, URL-encoded or quoted", () => {
    expect(cookieCarries(`${token}.c2ln+/=`, token)).toBe(true);
    expect(cookieCarries(encodeURIComponent(`${token}.c2ln+/=`), token)).toBe(true);
    expect(cookieCarries(`"${token}.c2ln%3D"`, token)).toBe(true);
  });

  it('refuses another token, no signature, or a value that does not decode', () => {
    expect(cookieCarries('Other123.c2ln', token)).toBe(false);
    expect(cookieCarries(token, token)).toBe(false);
    expect(cookieCarries(`.${token}`, token)).toBe(false);
    expect(cookieCarries(`${token}.%E0%A4%A`, token)).toBe(false);
  });
});
