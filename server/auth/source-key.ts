/**
 * The key a sign-in source is counted under: an IPv4 address as it is, an IPv6 address by its /64
 * prefix (one household or server gets a whole /64, so counting single addresses would let one
 * attacker appear as billions of sources). IPv4-mapped IPv6 (::ffff:1.2.3.4) counts as IPv4.
 */
export function sourceKey(address: string): string {
  const ip = address
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  if (!ip.includes(':')) return ip;
  // Node reports an IPv4 peer on a dual-stack socket this way.
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(ip);
  if (mapped?.[1]) return mapped[1];
  const groups = expandIpv6(ip);
  if (!groups) return ip;
  return `${groups.slice(0, 4).join(':')}::/64`;
}

function expandIpv6(ip: string): string[] | null {
  const [head = '', tail, ...rest] = ip.split('::');
  if (rest.length) return null;
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (e.g. 64:ff9b::1.2.3.4) counts as two groups.
  const last = right.length ? right : left;
  const v4 = last.at(-1)?.includes('.') ? last.pop() : undefined;
  if (v4) {
    const parts = v4.split('.').map(Number);
    if (parts.length !== 4 || parts.some((n) => !Number.isInteger(n) || n < 0 || n > 255)) return null;
    last.push(((parts[0]! << 8) | parts[1]!).toString(16), ((parts[2]! << 8) | parts[3]!).toString(16));
  }
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => g.replace(/^0+(?=.)/, ''));
}
