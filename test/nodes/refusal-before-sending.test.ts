/**
 * One refusal before sending, whichever node refuses (issue 44, item 4): the code first in the
 * message; in the description the field by the label the node shows, and that nothing was sent
 * and no credits were spent. The emulator is sent nothing.
 */
import type { RunningEmulator } from '../emulator';
import { control, reset, startFast } from '../emulator/test-helpers';
import { runSteps } from '../helpers/nodes';
import { packageNode } from '../helpers/workflow';
import { compatNode } from './compat-helpers';

let emu: RunningEmulator;
beforeAll(async () => (emu = await startFast()));
afterAll(() => emu.close());
beforeEach(() => reset(emu));

const NOTHING = 'Nothing was sent and no credits were spent.';

const posted = async () =>
	((await control(emu, '/requests')).body as Array<{ method: string }>).filter(
		(entry) => entry.method === 'POST',
	);

test.each([
	[
		'Create Video, a mode the model does not offer',
		packageNode('Create Video', 'createVideo', {
			model: 'sd2',
			prompt: 'a cat',
			generationMode: '={{ "bogus" }}',
		}),
		'INVALID_PARAMETER',
		'Field: Generation Mode',
	],
	[
		'Create Video, a duration out of range',
		packageNode('Create Video', 'createVideo', {
			model: 'sd2',
			prompt: 'a cat',
			generationMode: 'textToVideo',
			duration: 99,
		}),
		'DURATION_OUT_OF_RANGE',
		'Field: Duration (Seconds) (inputs.duration)',
	],
	[
		'Create Image, no images per item',
		packageNode('Create Image', 'createImage', {
			model: 'gen-image-2',
			generationMode: 'textToImage',
			prompt: 'a fox',
			imagesPerItem: '={{ 0 }}',
		}),
		'INVALID_PARAMETER',
		'Field: Images per Item',
	],
	[
		'Upscale Video, an http source',
		packageNode('Upscale Video', 'upscale', {
			sourceType: 'url',
			sourceUrl: 'http://cdn.example.com/clip.mp4',
			targetResolution: '1080p',
		}),
		'INVALID_URL',
		'Field: Video URL (source.url)',
	],
	[
		'Compat Task, a duration out of range',
		compatNode('Create', {
			resource: 'task',
			operation: 'create',
			model: 'video-2-0-260128',
			prompt: 'a boat',
			options: { duration: '={{ 40 }}' },
		}),
		'DURATION_OUT_OF_RANGE',
		'Field: Duration (Seconds) (duration)',
	],
	[
		'Upload Asset, an http URL',
		packageNode('Upload Asset', 'uploadAsset', {
			operation: 'upload',
			source: 'url',
			url: 'http://example.com/a.png',
			type: 'IMAGE',
		}),
		'INVALID_URL',
		'Field: URL (url)',
	],
])('%s: the code, the field by its label, nothing sent', async (_case, node, code, field) => {
	const run = await runSteps(emu, [node]);
	expect(run.status).toBe('error');
	expect(run.error?.message).toMatch(new RegExp(`^${code}: `));
	expect(run.error?.description).toBe(`${field}. ${NOTHING}`);
	expect(await posted()).toEqual([]);
});
