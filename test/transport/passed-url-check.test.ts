import {
	handedUrlRefusal,
	passedUrlRefusal,
	resolverOf,
} from '../../nodes/shared/transport/resolve-check';
import { OWN, resolvingContext } from './resolving-context';

/**
 * A URL the service fetches (Upscale's external source): refused before the create when its name
 * resolves to a private address here; a name that does not resolve here is the service's to judge.
 */
const { ctx } = resolvingContext({
	'127.0.0.1.nip.io': ['127.0.0.1'],
	'split.example.com': ['2606:4700::1', 'fd00::5'],
	'cdn.example.com': ['93.184.216.34'],
	'api.media.test': ['10.0.0.5'],
});
const resolve = resolverOf(ctx);

describe('passedUrlRefusal', () => {
	test.each([
		[
			'https://127.0.0.1.nip.io/v.mp4',
			'127.0.0.1.nip.io resolves to 127.0.0.1, a loopback address',
		],
		[
			'https://split.example.com/v.mp4',
			'split.example.com resolves to fd00::5, a private (unique local) address',
		],
		['https://cdn.example.com/v.mp4', undefined],
		['https://unknown.example.com/v.mp4', undefined],
		[`${OWN}/files/v.mp4`, undefined],
	])('%s', async (url, refusal) => {
		expect(await passedUrlRefusal(url, OWN, resolve)).toBe(refusal);
	});

	test('without a lookup from n8n (1.x), the literal rule alone judges', async () => {
		expect(resolverOf({ helpers: {} })).toBeUndefined();
		expect(await passedUrlRefusal('https://127.0.0.1.nip.io/v.mp4', OWN, undefined)).toBe(
			undefined,
		);
	});
});

/** A media URL handed to a service (create/handed-urls.ts): its text first, then its name's addresses. */
describe('handedUrlRefusal', () => {
	test.each([
		['http://127.0.0.1/x.png', '127.0.0.1 is a loopback address'],
		['https://media.internal/x.png', 'media.internal is a name only a local network knows'],
		['http://127.0.0.1.nip.io/x.png', '127.0.0.1.nip.io resolves to 127.0.0.1, a loopback address'],
		['https://cdn.example.com/x.png', undefined],
		['http://cdn.example.com/x.png', undefined],
		['https://unknown.example.com/x.png', undefined],
		['asset://asset-1', undefined],
		[`${OWN}/files/x.png`, undefined],
	])('%s', async (url, refusal) => {
		expect(await handedUrlRefusal(url, OWN, resolve)).toBe(refusal);
	});
});
