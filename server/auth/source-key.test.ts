import { describe, expect, it } from 'vitest';
import { sourceKey } from './source-key';

describe('sourceKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(sourceKey('203.0.113.9')).toBe('203.0.113.9');
  });
  it('groups IPv6 addresses by their /64, however they are written', () => {
    const key = sourceKey('2001:db8:aa:bb:1:2:3:4');
    expect(key).toBe('2001:db8:aa:bb::/64');
    expect(sourceKey('2001:0db8:00aa:00bb:ffff:ffff:ffff:ffff')).toBe(key);
    expect(sourceKey('2001:db8:aa:bb::1')).toBe(key);
    expect(sourceKey('[2001:DB8:AA:BB::9]')).toBe(key);
    expect(sourceKey('2001:db8:aa:bc::1')).not.toBe(key);
    expect(sourceKey('::1')).toBe('0:0:0:0::/64');
  });
  it('counts IPv4-mapped IPv6 as the IPv4 address', () => {
    expect(sourceKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
  });
  it('leaves something unparseable as it is rather than merging it with others', () => {
    expect(sourceKey('unknown')).toBe('unknown');
    expect(sourceKey('1:2:3')).toBe('1:2:3');
  });
});
