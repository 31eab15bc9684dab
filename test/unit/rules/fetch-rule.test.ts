import { fetchRefusal } from '../../../nodes/shared/rules/urls';

/** The one rule of every fetch the package makes itself: downloads, media reads, Upscale sources. */
describe("fetchRefusal: public https addresses or the credential's own origin", () => {
	const OWN = 'http://127.0.0.1:5680';

	test.each([
		['a public https file', 'https://cdn.example.com/out.mp4', undefined],
		[
			"the credential's own origin, even on loopback and http",
			'http://127.0.0.1:5680/files/out.mp4',
			undefined,
		],
		[
			'another port of the same host',
			'http://127.0.0.1:5681/files/out.mp4',
			"http://127.0.0.1:5681 is neither a public https address nor the credential's own origin",
		],
		[
			'another scheme on the same host and port',
			'https://127.0.0.1:5680/files/out.mp4',
			"https://127.0.0.1:5680 is neither a public https address nor the credential's own origin",
		],
		[
			'localhost for 127.0.0.1 (another origin)',
			'http://localhost:5680/files/out.mp4',
			"http://localhost:5680 is neither a public https address nor the credential's own origin",
		],
		[
			'a private address',
			'https://10.0.0.8/out.mp4',
			"https://10.0.0.8 is neither a public https address nor the credential's own origin",
		],
		[
			'cloud metadata',
			'http://169.254.169.254/latest',
			"http://169.254.169.254 is neither a public https address nor the credential's own origin",
		],
		[
			'plain http on a public host',
			'http://cdn.example.com/out.mp4',
			"http://cdn.example.com is neither a public https address nor the credential's own origin",
		],
		['not a URL', 'out.mp4', 'only http and https URLs are fetched'],
		['another scheme', 'file:///etc/hostname', 'only http and https URLs are fetched'],
	])('%s', (_, url, refusal) => {
		expect(fetchRefusal(url, OWN)).toBe(refusal);
	});

	test('without a credential, only public https addresses', () => {
		expect(fetchRefusal('http://127.0.0.1:5680/a.mp4', undefined)).toMatch(/is neither/);
		expect(fetchRefusal('https://cdn.example.com/a.mp4', undefined)).toBeUndefined();
	});

	test('Allow Private File Hosts: any http(s) host, never another scheme', () => {
		expect(fetchRefusal('http://192.168.1.20:8080/a.mp4', OWN, true)).toBeUndefined();
		expect(fetchRefusal('http://localhost/a.mp4', undefined, true)).toBeUndefined();
		expect(fetchRefusal('file:///etc/hostname', OWN, true)).toBe(
			'only http and https URLs are fetched',
		);
	});
});
