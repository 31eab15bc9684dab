import type { RunningEmulator } from './index';
import { makeAudio, makeImage, makeVideo } from './media/index';
import {
	activeAsset,
	call,
	control,
	createTask,
	reset,
	startFast,
	submit,
	upload,
	waitFor,
	waitTask,
} from './test-helpers';

/** createTask media facts come from stored assets: review state, owner, and the facts read from the bytes. */

let emu: RunningEmulator;
beforeAll(async () => (emu = await startFast()));
afterAll(() => emu.close());
beforeEach(() => reset(emu));

const video = (seconds: number, width = 1280, height = 720) =>
	makeVideo('mp4', { width, height, seconds });
const reference = (model: string, videoUrls: string[], extra: Record<string, unknown> = {}) => ({
	model,
	inputs: {
		prompt: 'use Video 1',
		videoInputMode: 'reference',
		resolution: '1280x720',
		videoUrls,
		...extra,
	},
});

/** Uploads for the alternative family; returns the https url to use in inputs. */
async function altUpload(bytes: Buffer, filename: string): Promise<string> {
	const answer = await upload(emu, bytes, filename, {}, undefined, '?model=alt3.0-video');
	expect(answer.body).toMatchObject({
		status: 'ACTIVE',
		url: expect.stringMatching(/^https:\/\//),
	});
	return answer.body.url;
}

describe('sd family asset:// references', () => {
	it('refuses an asset still under review, then accepts it once ACTIVE', async () => {
		await control(emu, '/settings', { reviewDurationMs: 1500 });
		const { body } = await upload(emu, video(5), 'clip.mp4');
		const early = await createTask(emu, reference('sd2.5', [`asset://${body.providerAssetId}`]));
		expect(early).toMatchObject({
			status: 400,
			body: { code: 'ASSET_NOT_FOUND', path: 'inputs.videoUrls[0]' },
		});
		expect(early.body.message).toContain('PROCESSING');
		await control(emu, '/settings', { reviewDurationMs: 100 });
		const asset = await activeAsset(emu, video(5), 'clip2.mp4');
		const { taskId } = await submit(emu, reference('sd2.5', [`asset://${asset.providerAssetId}`]));
		expect((await waitTask(emu, taskId)).status).toBe('COMPLETED');
	});

	it('bills input video seconds read from the file (sd2.5 720p 5 s with a 3 s input = 405)', async () => {
		const asset = await activeAsset(emu, video(3), 'three.mp4');
		const { taskId } = await submit(emu, reference('sd2.5', [`asset://${asset.providerAssetId}`]));
		expect((await waitTask(emu, taskId)).creditsUsed).toBe(405);
	});

	it('checks the edit source duration and keeps its aspect and length', async () => {
		const short = await activeAsset(emu, video(3), 'short.mp4');
		const edit = (id: string) => ({
			model: 'sd2.5',
			inputs: {
				prompt: 'recolour Video 1',
				mode: 'edit',
				videoInputMode: 'reference',
				videoUrls: [`asset://${id}`],
			},
		});
		expect((await createTask(emu, edit(short.providerAssetId))).body.code).toBe(
			'EDIT_SOURCE_DURATION_INVALID',
		);
		const tall = await activeAsset(emu, video(6, 720, 1280), 'tall.mp4');
		const { taskId } = await submit(emu, edit(tall.providerAssetId));
		const [item] = (await waitTask(emu, taskId)).output;
		expect(item).toMatchObject({ width: 720, height: 1280 });
	});

	it('reports READ_FAILED when the duration of a video cannot be read', async () => {
		const asset = await activeAsset(emu, video(5), '[unreadable] clip.mp4');
		const answer = await createTask(emu, reference('sd2.5', [`asset://${asset.providerAssetId}`]));
		expect(answer).toMatchObject({ status: 400, body: { code: 'READ_FAILED' } });
	});

	it('refuses a rejected asset', async () => {
		const { body } = await upload(emu, video(5), 'x.mp4', { name: 'bad [reject]' });
		await waitFor(async () => {
			const status = await call(`${emu.unifiedBaseUrl}/assets/status?assetId=${body.assetId}`);
			return status.body.status === 'FAILED' ? true : undefined;
		}, 'review FAILED');
		const answer = await createTask(emu, reference('sd2', [`asset://${body.providerAssetId}`]));
		expect(answer).toMatchObject({
			status: 400,
			body: { code: 'ASSET_NOT_FOUND', message: expect.stringContaining('FAILED') },
		});
	});
});

describe('alternative family', () => {
	it('accepts its own https upload urls and generates', async () => {
		const url = await altUpload(makeImage('jpeg', 800, 600), 'frame.jpg');
		expect(url).toMatch(/^https:\/\/alt-assets\.emulator\.invalid\/files\/\w+\.jpg$/);
		const { taskId } = await submit(emu, {
			model: 'alt3.0-video',
			inputs: { prompt: 'go', videoInputMode: 'keyframe', urls: [url] },
		});
		expect((await waitTask(emu, taskId)).output[0]).toMatchObject({ width: 960, height: 720 });
	});

	it('refuses asset:// references and external urls', async () => {
		const asset = await activeAsset(emu, makeImage('png', 800, 600), 'ref.png');
		const viaAsset = await createTask(emu, {
			model: 'alt3.0-video',
			inputs: {
				prompt: 'x',
				videoInputMode: 'keyframe',
				urls: [`asset://${asset.providerAssetId}`],
			},
		});
		expect(viaAsset.status).toBe(400);
		const external = await createTask(emu, {
			model: 'alt3.0-video',
			inputs: { prompt: 'x', videoInputMode: 'keyframe', urls: ['https://example.com/a.png'] },
		});
		expect(external).toMatchObject({ status: 400, body: { code: 'REFERENCE_IMAGE_INVALID' } });
	});

	it.each([
		[
			'an image with transparency',
			() => makeImage('png', 800, 600, { alpha: true }),
			'a.png',
			'urls',
			'REFERENCE_IMAGE_INVALID',
		],
		[
			'a video clip over 15 s',
			() => video(16),
			'v.mp4',
			'videoUrls',
			'REFERENCE_VIDEO_DURATION_INVALID',
		],
		[
			'a video below 240 px',
			() => makeVideo('mp4', { width: 200, height: 200, seconds: 3 }),
			'v.mp4',
			'videoUrls',
			'REFERENCE_VIDEO_INVALID',
		],
		[
			'an audio clip over 15 s',
			() => makeAudio('wav', { seconds: 16 }),
			'a.wav',
			'audioUrls',
			'REFERENCE_AUDIO_DURATION_INVALID',
		],
	])('checks the uploaded facts: %s', async (_, make, filename, field, code) => {
		const url = await altUpload(make(), filename);
		const answer = await createTask(emu, {
			model: 'alt3.0-video',
			inputs: { prompt: 'x', videoInputMode: 'reference', [field]: [url] },
		});
		expect(answer).toMatchObject({ status: 400, body: { code } });
	});

	it('refuses an alt upload of another account', async () => {
		const url = await altUpload(makeImage('jpeg', 800, 600), 'mine.jpg');
		await control(emu, '/accounts', { apiKey: 'other-key' });
		const answer = await call(`${emu.unifiedBaseUrl}/jobs/createTask`, {
			key: 'other-key',
			json: {
				model: 'alt3.0-video',
				inputs: { prompt: 'x', videoInputMode: 'keyframe', urls: [url] },
			},
		});
		expect(answer).toMatchObject({ status: 400, body: { code: 'REFERENCE_IMAGE_INVALID' } });
	});
});
