import { isIP } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ipBytes, isPublicAddress } from './public-address.ts';

describe('isPublicAddress: IPv4', () => {
  it.each([
    ['0.0.0.0', 'this network'],
    ['0.1.2.3', 'this network'],
    ['10.0.0.1', 'private 10/8'],
    ['10.255.255.255', 'private 10/8'],
    ['100.64.0.1', 'CGNAT'],
    ['100.127.255.254', 'CGNAT'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.0.1', 'link-local'],
    ['169.254.169.254', 'cloud metadata'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.255', 'private 172.16/12'],
    ['192.168.0.1', 'private 192.168/16'],
    ['192.168.255.255', 'private 192.168/16'],
    ['192.0.0.170', 'IETF assignments'],
    ['192.0.2.1', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '31.13.71.36',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '169.253.255.255',
    '223.255.255.255',
    '192.169.0.1',
  ])('allows the public %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('isPublicAddress: IPv6', () => {
  it.each([
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['febf::1', 'link-local (end of fe80::/10)'],
    ['fc00::1', 'unique local'],
    ['fd00:ec2::254', 'AWS metadata'],
    ['fdff:ffff::1', 'unique local'],
    ['ff02::1', 'multicast'],
    ['64:ff9b::808:808', 'NAT64 (even of a public IPv4)'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback'],
    ['2002:7f00:1::', '6to4'],
    ['2002:808:808::1', '6to4 (even of a public IPv4)'],
    ['2001:0:4136:e378::1', 'Teredo'],
    ['2001:db8::1', 'documentation'],
    ['::127.0.0.1', 'IPv4-compatible'],
    ['100::1', 'discard'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['2a03:2880:f10c:83:face:b00c:0:25de', '2606:4700:4700::1111', '2001:4860:4860::8888'])(
    'allows the public %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it('judges an IPv4-mapped address by its IPv4', () => {
    expect(isPublicAddress('::ffff:127.0.0.1')).toBe(false);
    expect(isPublicAddress('::ffff:7f00:1')).toBe(false);
    expect(isPublicAddress('::ffff:10.1.2.3')).toBe(false);
    expect(isPublicAddress('::ffff:169.254.169.254')).toBe(false);
    expect(isPublicAddress('0:0:0:0:0:ffff:192.168.1.1')).toBe(false);
    expect(isPublicAddress('[::ffff:a9fe:a9fe]')).toBe(false);
    expect(isPublicAddress('::ffff:8.8.8.8')).toBe(true);
    expect(isPublicAddress('::ffff:808:808')).toBe(true);
  });
});

describe('isPublicAddress: not an address', () => {
  it.each(['', 'localhost', 'example.com', '127.1', '2130706433', '0x7f.0.0.1', '1.2.3.256', ':::1'])(
    'refuses %j',
    (text) => {
      expect(isPublicAddress(text)).toBe(false);
    },
  );
});

describe('ipBytes', () => {
  it('reads IPv4, IPv6, compressed forms and an embedded IPv4', () => {
    expect([...ipBytes('1.2.3.4')!]).toEqual([1, 2, 3, 4]);
    expect([...ipBytes('::1')!]).toEqual([...Array<number>(15).fill(0), 1]);
    expect([...ipBytes('1:2:3:4:5:6:7.8.9.10')!].slice(12)).toEqual([7, 8, 9, 10]);
    expect([...ipBytes('::ffff:1.2.3.4')!]).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 1, 2, 3, 4]);
    expect([...ipBytes('fe80::')!].slice(0, 3)).toEqual([0xfe, 0x80, 0]);
    expect(ipBytes('nope')).toBeNull();
  });
});

describe('ipBytes without node:net', () => {
  // the policy moved into src/domain, where node:net's isIP is not available: it must still read
  // exactly the texts isIP calls addresses
  const piece = fc.constantFrom(
    '0',
    '1',
    '01',
    '00',
    '255',
    '256',
    '127',
    'ffff',
    'FFFF',
    'fe80',
    '12345',
    'g',
    '',
  );
  const v4ish = fc.array(piece, { minLength: 1, maxLength: 5 }).map((parts) => parts.join('.'));
  const v6ish = fc
    .array(fc.oneof(piece, fc.constant(':'), v4ish), { minLength: 1, maxLength: 10 })
    .map((parts) => parts.join(':'));

  it('calls a text an address exactly when node:net does', () => {
    fc.assert(
      fc.property(fc.oneof(v4ish, v6ish), (text) => {
        expect(ipBytes(text) !== null, text).toBe(isIP(text) !== 0);
      }),
      { numRuns: 3000 },
    );
  });

  it.each(['01.2.3.4', '1.2.3.04', '::ffff:01.2.3.4', '1.2.3', '1.2.3.4.5', '::1::', '1:2:3:4:5:6:7:8:9'])(
    'refuses %s as node:net does',
    (text) => {
      expect(isIP(text)).toBe(0);
      expect(ipBytes(text)).toBeNull();
    },
  );
});
