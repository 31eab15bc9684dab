import type { IBinaryData } from 'n8n-workflow';

import { readUrlMedia } from '../../nodes/shared/facts/url-facts';
import { downloadToBinary } from '../../nodes/shared/transport/binary';
import { OWN, redirectAnswer, resolvingContext } from './resolving-context';

/**
 * A name is judged by where it resolves, before any byte is sent (issue 43): names such as
 * 127.0.0.1.nip.io read as public but lead to this machine or the cloud metadata address. The
 * resolver is the context's (the test machine has no DNS for public names).
 */
const NAMES = {
	'127.0.0.1.nip.io': ['127.0.0.1'],
	'169.254.169.254.nip.io': ['169.254.169.254'],
	'cdn.example.com': ['93.184.216.34', '2606:4700::1'],
	'split.example.com': ['93.184.216.34', '10.0.0.7'],
	'mapped.example.com': ['::ffff:127.0.0.1'],
	'api.media.test': ['10.0.0.5'],
};

interface Outcome {
	file?: IBinaryData;
	error?: Error & { description?: string };
	asked: string[];
}

async function download(
	url: string,
	options: { allowPrivateHosts?: boolean } = {},
): Promise<Outcome> {
	const { ctx, asked } = resolvingContext(NAMES);
	const outcome = await downloadToBinary(ctx, url, 'fallback.mp4', {
		service: 'unified',
		...options,
	}).then(
		(file) => ({ file }),
		(error: Error & { description?: string }) => ({ error }),
	);
	return { ...outcome, asked };
}

describe('downloads: names judged by where they resolve', () => {
	test.each([
		['127.0.0.1.nip.io', '127.0.0.1, a loopback address'],
		['169.254.169.254.nip.io', '169.254.169.254, the cloud metadata address'],
		['split.example.com', '10.0.0.7, a private address'],
		['mapped.example.com', '::ffff:127.0.0.1, a loopback address (127.0.0.1 inside IPv6)'],
	])('%s is refused before any request', async (host, where) => {
		const { error, asked } = await download(`https://${host}/out.mp4`);
		expect(asked).toEqual([]);
		expect(error?.message).toBe(`The result URL was not fetched: ${host} resolves to ${where}`);
		expect(error?.description).toContain('Allow Private File Hosts');
	});

	test('a name that does not resolve is refused, not sent', async () => {
		const { error, asked } = await download('https://nowhere.example.com/out.mp4');
		expect(asked).toEqual([]);
		expect(error?.message).toBe(
			'The result URL was not fetched: nowhere.example.com does not resolve',
		);
	});

	test('a name with public addresses only is downloaded', async () => {
		const { file, asked } = await download('https://cdn.example.com/out.mp4');
		expect(asked).toEqual(['https://cdn.example.com/out.mp4']);
		expect(file).toMatchObject({ fileName: 'out.mp4', mimeType: 'video/mp4' });
	});

	test("the credential's own origin is downloaded whatever its name resolves to", async () => {
		const { file, asked } = await download(`${OWN}/files/out.mp4`);
		expect(asked).toEqual([`${OWN}/files/out.mp4`]);
		expect(file).toMatchObject({ fileName: 'out.mp4' });
	});

	test('Allow Private File Hosts: a name resolving to loopback is downloaded', async () => {
		const { file, asked } = await download('https://127.0.0.1.nip.io/out.mp4', {
			allowPrivateHosts: true,
		});
		expect(asked).toHaveLength(1);
		expect(file).toMatchObject({ fileName: 'out.mp4' });
	});

	test('a redirect hop to a name resolving to a private address is not asked', async () => {
		const { ctx, asked } = resolvingContext(NAMES, [
			redirectAnswer('https://169.254.169.254.nip.io/latest/meta-data'),
		]);
		const failure = await downloadToBinary(ctx, 'https://cdn.example.com/out.mp4', 'f.mp4', {
			service: 'unified',
		}).catch((error: Error) => error);
		expect(asked).toEqual(['https://cdn.example.com/out.mp4']);
		expect((failure as Error).message).toBe(
			'The result file was not fetched: a redirect was not followed: 169.254.169.254.nip.io resolves to 169.254.169.254, the cloud metadata address',
		);
	});
});

describe('media header reads: names judged by where they resolve', () => {
	test('a name resolving to loopback is not asked', async () => {
		const { ctx, asked } = resolvingContext(NAMES);
		const read = await readUrlMedia(ctx, 'https://127.0.0.1.nip.io/v.mp4');
		expect(asked).toEqual([]);
		expect(read.reason).toBe(
			'127.0.0.1.nip.io resolves to 127.0.0.1, a loopback address, so it was not asked',
		);
	});

	test('a redirect hop to such a name is not asked', async () => {
		const { ctx, asked } = resolvingContext(NAMES, [
			redirectAnswer('https://split.example.com/v.mp4'),
		]);
		const read = await readUrlMedia(ctx, 'https://cdn.example.com/v.mp4');
		expect(asked).toEqual(['https://cdn.example.com/v.mp4']);
		expect(read.reason).toContain(
			'a redirect was not followed: split.example.com resolves to 10.0.0.7, a private address',
		);
	});
});
