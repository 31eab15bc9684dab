import { runWorkflow } from '../harness';
import { downloadRun } from './download-run';
import { scriptedServer } from './scripted-server';

/** The first bytes of an MP4 file (an ftyp box). */
const MP4 = Buffer.from('000000206674797069736f6d0000020069736f6d69736f32617663316d703431', 'hex');
const FILE = { status: 200, body: MP4, headers: { 'content-type': 'video/mp4' } };

/**
 * Result files come only from public https addresses or the credential's own origin (scheme, host
 * and port), every redirect hop included; anything else fails its item before any request.
 * `home` plays the service (the credential's Base URL); `other` a private file host: the same
 * loopback address on another port, which is another origin.
 */
async function withHosts(test: (home: string, other: string) => Promise<void>) {
	const other = await scriptedServer([FILE]);
	const home = await scriptedServer([FILE]);
	try {
		await test(home.url, other.url);
	} finally {
		await Promise.all([home.close(), other.close()]);
	}
	return { home: home.seen, other: other.seen };
}

async function download(url: string, home: string, extra: Record<string, unknown> = {}) {
	const run = await runWorkflow(...downloadRun({ url, ...extra }, home));
	return { item: run.json('Download')[0], run };
}

describe('downloads only from where results live', () => {
	test("a result URL on the credential's own origin is downloaded", async () => {
		let item: Record<string, unknown> = {};
		const seen = await withHosts(async (home) => {
			({ item } = await download(`${home}/files/out.mp4`, home));
		});
		expect(item).toMatchObject({ fileName: 'out.mp4', mimeType: 'video/mp4' });
		expect(seen.home).toHaveLength(1);
	});

	test('a result URL on 127.0.0.1 at another port is not contacted: the item fails with the reason', async () => {
		let item: Record<string, unknown> = {};
		const seen = await withHosts(async (home, other) => {
			({ item } = await download(`${other}/files/out.mp4`, home));
		});
		expect(seen.other).toHaveLength(0);
		expect(item.error).toMatch(
			/^The result URL was not fetched: http:\/\/127\.0\.0\.1:\d+ is neither a public https address nor the credential's own origin/,
		);
	});

	test('without a credential, a loopback result URL is not contacted', async () => {
		const other = await scriptedServer([FILE]);
		try {
			const run = await runWorkflow(...downloadRun({ url: `${other.url}/files/out.mp4` }));
			expect(run.json('Download')[0].error).toContain('The result URL was not fetched');
			expect(other.seen).toHaveLength(0);
		} finally {
			await other.close();
		}
	});

	test('a redirect from the own origin to a private host is refused: that host is never asked', async () => {
		let item: Record<string, unknown> = {};
		const other = await scriptedServer([FILE]);
		const home = await scriptedServer([
			{ status: 302, headers: { location: `${other.url}/files/out.mp4` } },
		]);
		try {
			({ item } = await download(`${home.url}/files/out.mp4`, home.url));
		} finally {
			await Promise.all([home.close(), other.close()]);
		}
		expect(home.seen).toHaveLength(1);
		expect(other.seen).toHaveLength(0);
		expect(item.error).toMatch(
			/^The result file was not fetched: a redirect was not followed: http:\/\/127\.0\.0\.1:\d+ is neither/,
		);
	});

	test('a redirect within the own origin is followed', async () => {
		const home = await scriptedServer([
			{ status: 307, headers: { location: '/files/moved.mp4' } },
			FILE,
		]);
		try {
			const { item } = await download(`${home.url}/files/out.mp4`, home.url);
			expect(item).toMatchObject({ fileName: 'out.mp4', mimeType: 'video/mp4' });
			expect(home.seen.map((request) => request.url)).toEqual([
				'/files/out.mp4',
				'/files/moved.mp4',
			]);
		} finally {
			await home.close();
		}
	});

	test('Allow Private File Hosts lets a self-hosted file host be asked, redirects included', async () => {
		const other = await scriptedServer([FILE]);
		const home = await scriptedServer([
			{ status: 302, headers: { location: `${other.url}/files/out.mp4` } },
		]);
		try {
			const direct = await download(`${other.url}/files/direct.mp4`, home.url, {
				allowPrivateHosts: '1',
			});
			expect(direct.item).toMatchObject({ fileName: 'direct.mp4', mimeType: 'video/mp4' });
			expect((await direct.run.binary('Download')).data).toEqual(MP4);
			const redirected = await download(`${home.url}/files/out.mp4`, home.url, {
				allowPrivateHosts: '1',
			});
			expect(redirected.item).toMatchObject({ fileName: 'out.mp4', mimeType: 'video/mp4' });
			expect(other.seen.map((request) => request.url)).toEqual([
				'/files/direct.mp4',
				'/files/out.mp4',
			]);
		} finally {
			await Promise.all([home.close(), other.close()]);
		}
	});
});
