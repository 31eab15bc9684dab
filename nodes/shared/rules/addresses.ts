/**
 * Which IP addresses are not public, and what they are, in the user's words ("a loopback
 * address"). Pure and synchronous: the emulator judges URL literals with it too, the nodes also
 * the addresses a name resolves to (transport/resolve-check.ts).
 */

/** [first octet, second octet from, second octet to, what it is] of non-public IPv4 blocks. */
const V4_BLOCKS: readonly [number, number, number, string][] = [
	[0, 0, 255, 'a "this network" address'],
	[10, 0, 255, 'a private address'],
	[100, 64, 127, 'a carrier-grade NAT address'],
	[127, 0, 255, 'a loopback address'],
	[169, 254, 254, 'a link-local address'],
	[172, 16, 31, 'a private address'],
	[192, 168, 168, 'a private address'],
	[198, 18, 19, 'a benchmarking address'],
];

/**
 * What `ip` is when it is not a public address (`a loopback address`), undefined when it is public
 * or not an IP at all. IPv4 dotted or IPv6 text, in brackets or not; an IPv6 address that carries an
 * IPv4 one (mapped ::ffff:0:0/96, compatible ::/96, NAT64 64:ff9b::/96) is what it carries.
 */
export function privateAddressKind(ip: string): string | undefined {
	const text = ip.replace(/^\[(.*)\]$/, '$1').toLowerCase();
	const v4 = ipv4Octets(text);
	if (v4) return ipv4Kind(v4);
	const groups = ipv6Groups(text);
	return groups && ipv6Kind(groups);
}

/** An IPv4 or IPv6 address (in brackets or not) rather than a name. */
export function isIpLiteral(host: string): boolean {
	const text = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
	return ipv4Octets(text) !== undefined || ipv6Groups(text) !== undefined;
}

function ipv4Octets(text: string): number[] | undefined {
	if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(text)) return undefined;
	const octets = text.split('.').map(Number);
	return octets.every((octet) => octet <= 255) ? octets : undefined;
}

function ipv4Kind([a, b, c, d]: number[]): string | undefined {
	if (a === 169 && b === 254 && c === 169 && d === 254) return 'the cloud metadata address';
	if (a >= 240) return 'a reserved address';
	if (a >= 224) return 'a multicast address';
	if (a === 192 && b === 0 && (c === 0 || c === 2)) return 'a reserved address';
	return V4_BLOCKS.find(([first, from, to]) => a === first && b >= from && b <= to)?.[3];
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4 tail read, a zone dropped). */
function ipv6Groups(text: string): number[] | undefined {
	if (!text.includes(':')) return undefined;
	const body = withHexTail(text.split('%')[0]);
	const halves = body?.split('::') ?? [];
	if (halves.length === 0 || halves.length > 2) return undefined;
	const [head, rest] = [halves[0], halves[1] ?? ''].map((half) => (half ? half.split(':') : []));
	const fill = halves.length === 2 ? 8 - head.length - rest.length : 0;
	if (halves.length === 2 && fill < 1) return undefined;
	const groups = [...head, ...Array<string>(fill).fill('0'), ...rest];
	if (groups.length !== 8 || !groups.every((group) => /^[0-9a-f]{1,4}$/.test(group)))
		return undefined;
	return groups.map((group) => parseInt(group, 16));
}

/** `::ffff:127.0.0.1` as `::ffff:7f00:1`; undefined for a dotted tail that is no IPv4 address. */
function withHexTail(address: string): string | undefined {
	const tail = /:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
	if (!tail) return address;
	const octets = ipv4Octets(tail[1]);
	if (!octets) return undefined;
	const pair = (high: number, low: number) => ((high << 8) | low).toString(16);
	return `${address.slice(0, tail.index + 1)}${pair(octets[0], octets[1])}:${pair(octets[2], octets[3])}`;
}

function ipv6Kind(groups: number[]): string | undefined {
	const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
	if (zeros(0, 8)) return 'an unspecified address';
	if (zeros(0, 7) && groups[7] === 1) return 'a loopback address';
	const carried = carriedIpv4(groups, zeros);
	if (carried) {
		const kind = ipv4Kind(carried);
		return kind && `${kind} (${carried.join('.')} inside IPv6)`;
	}
	// RFC 8215: a NAT64 prefix of one network, translating to whatever that network reaches
	if (groups[0] === 0x64 && groups[1] === 0xff9b && groups[2] === 1)
		return 'a local-use NAT64 address';
	const first = groups[0];
	if ((first & 0xfe00) === 0xfc00) return 'a private (unique local) address';
	if ((first & 0xffc0) === 0xfe80) return 'a link-local address';
	if ((first & 0xffc0) === 0xfec0) return 'a site-local address';
	return (first & 0xff00) === 0xff00 ? 'a multicast address' : undefined;
}

/** The IPv4 address in the last 32 bits of a mapped, compatible or NAT64 (64:ff9b::/96) address. */
function carriedIpv4(
	groups: number[],
	zeros: (from: number, to: number) => boolean,
): number[] | undefined {
	const mapped = zeros(0, 5) && groups[5] === 0xffff;
	const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6);
	if (!mapped && !nat64 && !zeros(0, 6)) return undefined;
	return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255];
}
