/**
 * The literal rule (shared with the emulator): an IP in the URL itself is judged by its block,
 * IPv6 forms that carry an IPv4 address (mapped, compatible, NAT64) by the address they carry.
 */
import { fetchRefusal, isPrivateOrInsecureUrl } from '../../../nodes/shared/rules/urls';

describe('isPrivateOrInsecureUrl: IP literals', () => {
	test.each([
		// measured passing as public before (issue 43)
		['IPv4-compatible loopback', 'https://[::7f00:1]/v.mp4'],
		['IPv4-compatible, dotted', 'https://[::127.0.0.1]/v.mp4'],
		['NAT64 of the cloud metadata address', 'https://[64:ff9b::a9fe:a9fe]/v.mp4'],
		['NAT64, dotted', 'https://[64:ff9b::10.0.0.1]/v.mp4'],
		['local-use NAT64 (64:ff9b:1::/48)', 'https://[64:ff9b:1::808:808]/v.mp4'],
		['site-local', 'https://[fec0::1]/v.mp4'],
		['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/v.mp4'],
		['10/8', 'https://10.20.30.40/v.mp4'],
		['172.16/12', 'https://172.16.5.4/v.mp4'],
		['192.168/16', 'https://192.168.0.1/v.mp4'],
		['unique local', 'https://[fd00::1]/v.mp4'],
		['link-local', 'https://[fe80::1]/v.mp4'],
		['unspecified', 'https://[::]/v.mp4'],
	])('%s is private: %s', (_, url) => {
		expect(isPrivateOrInsecureUrl(url)).toBe(true);
	});

	test.each([
		['a public IPv4 address', 'https://93.184.216.34/v.mp4'],
		['a public IPv6 address', 'https://[2606:4700::1]/v.mp4'],
		['NAT64 of a public address (DNS64 networks)', 'https://[64:ff9b::5db8:d822]/v.mp4'],
		['IPv4-mapped public address', 'https://[::ffff:93.184.216.34]/v.mp4'],
	])('%s is public: %s', (_, url) => {
		expect(isPrivateOrInsecureUrl(url)).toBe(false);
	});

	test('fetchRefusal refuses the measured IPv6 literals', () => {
		expect(fetchRefusal('https://[::7f00:1]/out.mp4', undefined)).toBe(
			"https://[::7f00:1] is neither a public https address nor the credential's own origin",
		);
		expect(fetchRefusal('https://[64:ff9b::a9fe:a9fe]/latest', undefined)).toMatch(/is neither/);
	});
});
