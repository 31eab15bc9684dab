import { childBoxes, findBox } from '../../nodes/shared/media/box-reader';
import type { RunningEmulator } from './index';
import { makeVideo, probeMedia } from './media/index';
import { call, download, reset, startFast, submit, waitTask, waitTerminal } from './test-helpers';

/**
 * Generated videos carry sound unless it was turned off: Task-Compatible Video Generation API,
 * § POST /v1/contents/generations/tasks (`generate_audio` default true, false gives silent video);
 * Unified Generation API, the video capability table (Audio: yes for every video model) and the
 * inputs tables (`generateAudio` default true, false silent).
 */

let emu: RunningEmulator;
beforeAll(async () => (emu = await startFast()));
afterAll(() => emu.close());
beforeEach(() => reset(emu));

/** The handler type ('vide', 'soun', ...) of each trak of the file's moov, in order. */
function trackHandlers(bytes: Buffer): string[] {
	const moov = findBox(bytes, undefined, 'moov');
	if (!moov) throw new Error('no moov box');
	return childBoxes(bytes, moov.start, moov.end)
		.filter((box) => box.type === 'trak')
		.map((trak) => {
			const hdlr = findBox(bytes, trak, 'mdia', 'hdlr');
			if (!hdlr) throw new Error('a trak without mdia/hdlr');
			// FullBox header (4 bytes), then pre_defined (4), then the handler type.
			return bytes.toString('latin1', hdlr.start + 8, hdlr.start + 12);
		});
}

/** The tracks of a default 720p 16:9 5 s result, which the package's probe still reads as before. */
function expectResult(bytes: Buffer, handlers: string[]): void {
	expect(trackHandlers(bytes)).toEqual(handlers);
	expect(probeMedia(bytes)).toMatchObject({ kind: 'video', width: 1280, height: 720, seconds: 5 });
}

async function compatVideo(extra: Record<string, unknown>): Promise<Buffer> {
	const tasks = `${emu.compatBaseUrl}/v1/contents/generations/tasks`;
	const json = { model: 'video-2-0-260128', content: [{ type: 'text', text: 'x' }], ...extra };
	const created = await call(tasks, { json });
	expect(created.status).toBe(200);
	const done = await waitTerminal(`${tasks}/${created.body.id}`);
	return (await download(done.content[0].video_url.url)).bytes;
}

async function unifiedVideo(model: string, inputs: Record<string, unknown>): Promise<Buffer> {
	const { taskId } = await submit(emu, { model, inputs: { prompt: 'x', ...inputs } });
	const done = await waitTask(emu, taskId);
	expect(done.status).toBe('COMPLETED');
	return (await download(done.output[0].url)).bytes;
}

describe('compat result videos', () => {
	it.each([
		['not given (default true)', {}, ['vide', 'soun']],
		['null (not given)', { generate_audio: null }, ['vide', 'soun']],
		['true', { generate_audio: true }, ['vide', 'soun']],
		['false (silent video)', { generate_audio: false }, ['vide']],
	])('generate_audio %s', async (_what, extra, handlers) => {
		expectResult(await compatVideo(extra), handlers);
	});
});

describe('unified result videos', () => {
	it.each([
		['sd2', {}, ['vide', 'soun']],
		['sd2', { generateAudio: false }, ['vide']],
		['alt3.0-video', {}, ['vide', 'soun']],
		['alt3.0-video', { generateAudio: true }, ['vide', 'soun']],
		['alt3.0-video-prime', { generateAudio: false }, ['vide']],
	])('%s with %j', async (model, inputs, handlers) => {
		expectResult(await unifiedVideo(model, inputs), handlers);
	});
});

describe('makeVideo with sound', () => {
	it.each(['mp4', 'mov'] as const)(
		'%s: a sound track after the video, read by the package probe as the same video',
		(format) => {
			const options = { width: 640, height: 360, seconds: 3 };
			const silent = makeVideo(format, options);
			const sound = makeVideo(format, { ...options, audio: true });
			expect(trackHandlers(sound)).toEqual(['vide', 'soun']);
			expect(probeMedia(sound)).toEqual({ ...probeMedia(silent), bytes: sound.length });
			// The sound track's one chunk lies inside mdat and starts with an MPEG audio frame header.
			const moov = findBox(sound, undefined, 'moov');
			const soun = childBoxes(sound, moov?.start, moov?.end).filter((b) => b.type === 'trak')[1];
			const stbl = findBox(sound, soun, 'mdia', 'minf', 'stbl');
			const [stco, stsz] = [findBox(sound, stbl, 'stco'), findBox(sound, stbl, 'stsz')];
			const offset = sound.readUInt32BE((stco?.start ?? 0) + 8);
			const [size, count] = [4, 8].map((at) => sound.readUInt32BE((stsz?.start ?? 0) + at));
			const mdat = childBoxes(sound).find((box) => box.type === 'mdat');
			expect(offset).toBeGreaterThanOrEqual(mdat?.start ?? Infinity);
			expect(offset + size * count).toBeLessThanOrEqual(mdat?.end ?? 0);
			expect([...sound.subarray(offset, offset + 2)]).toEqual([0xff, 0xfb]);
		},
	);
});
