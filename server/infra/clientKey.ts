import { isIPv4, isIPv6 } from 'node:net';

/** The 8 groups of an IPv6 address, '::' expanded; an embedded IPv4 tail counts as two groups. */
function ipv6Groups(ip: string): string[] {
  let text = ip.toLowerCase().split('%', 1)[0]!;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail[1]!.split('.').map(Number) as [number, number, number, number];
    text = text.slice(0, tail.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const fill = rest === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((group) => group.replace(/^0+(?=.)/, ''));
}

/**
 * Who a caller counts as for per-client bounds: its IPv4 address, or its IPv6 /64. One subscriber is usually given a
 * whole /64, so counting single IPv6 addresses would hand one caller 2^64 shares. IPv4-mapped IPv6 counts as IPv4.
 */
export function clientKeyOf(ip: string): string {
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (groups.slice(0, 5).every((group) => group === '0') && groups[5] === 'ffff') {
    const [high, low] = [parseInt(groups[6]!, 16), parseInt(groups[7]!, 16)];
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
}
