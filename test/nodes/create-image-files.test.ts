/**
 * Create Image's result files and its refusals: images land in binary data with the MIME type and
 * extension of their format; a bad item fails with the spec's code before any request.
 */
import type { RunningEmulator } from '../emulator';
import { probeMedia } from '../emulator/media';
import { logged, startFast } from '../emulator/test-helpers';
import { FAST_WAIT, runSteps } from '../helpers/nodes';
import { packageNode } from '../helpers/workflow';

let emu: RunningEmulator;
beforeAll(async () => {
	emu = await startFast();
});
afterAll(() => emu.close());

const CREATE_TASK = '/api/v1/jobs/createTask';
const DOWNLOAD = { waitForCompletion: 'wait', download: true, ...FAST_WAIT };

const createImage = (parameters: Record<string, unknown>, extra = {}) =>
	packageNode('Create Image', 'createImage', parameters, extra);

describe('Create Image: Download Result Files', () => {
	test.each([
		['gen-image-2', 'png', 'image/png', 'png'],
		['gen-image-2.5-sunburst', 'jpeg', 'image/jpeg', 'jpg'],
		['gen-image-2.5-flare', 'webp', 'image/webp', 'webp'],
	])(
		'%s with Output Format %s: the image in binary data as %s',
		async (model, outputFormat, mimeType, extension) => {
			const run = await runSteps(emu, [
				createImage({
					model,
					prompt: 'a lighthouse',
					outputFormat,
					resolution: '1k',
					aspectRatio: '16:9',
					...DOWNLOAD,
				}),
			]);
			expect(run.status).toBe('success');
			const [item] = run.output('Create Image');
			expect(item.binary?.data).toMatchObject({
				mimeType,
				fileName: expect.stringMatching(new RegExp(`\\.${extension}$`)),
			});
			expect(item.binary?.data.fileExtension).toBe(extension);
			const file = await run.binary('Create Image');
			expect(probeMedia(file.data)).toMatchObject({
				kind: 'image',
				format: outputFormat,
				width: 1024,
				height: 576,
			});
		},
	);

	test('a model without Output Format: the binary is typed as what the file is (PNG)', async () => {
		const run = await runSteps(emu, [
			createImage({ model: 'dream-v5.0-lite', prompt: 'a lighthouse', ...DOWNLOAD }),
		]);
		const file = await run.binary('Create Image');
		expect(file.mimeType).toBe('image/png');
		expect(probeMedia(file.data)).toMatchObject({ kind: 'image', format: 'png' });
	});

	test('every variant gets its own file', async () => {
		const run = await runSteps(emu, [
			createImage({
				model: 'nano-fruit-2',
				prompt: 'a cat',
				imagesPerItem: 2,
				resolution: '1k',
				...DOWNLOAD,
			}),
		]);
		const [first, second] = await Promise.all([
			run.binary('Create Image', 0),
			run.binary('Create Image', 1),
		]);
		expect(first.data.equals(second.data)).toBe(false);
		const urls = run.json('Create Image').map((item) => item.imageUrl);
		expect(new Set(urls).size).toBe(2);
	});
});

describe('Create Image: a bad item fails with the spec code and sends nothing', () => {
	const refusals: Array<[string, Record<string, unknown>, string, string]> = [
		[
			'a quality the model does not have',
			{ model: 'gen-image-2', quality: 'max' },
			'UNSUPPORTED_QUALITY',
			'Quality (inputs.quality)',
		],
		[
			'a resolution the model does not have (expression)',
			{ model: 'dream-v5.0-pro', resolution: '={{ "4k" }}' },
			'UNSUPPORTED_RESOLUTION',
			'Resolution (inputs.resolution)',
		],
		[
			'an aspect ratio the model does not have',
			{ model: 'gen-image-2', aspectRatio: '21:9' },
			'UNSUPPORTED_ASPECT_RATIO',
			'Aspect Ratio (inputs.aspectRatio)',
		],
		[
			'a blank prompt from an expression',
			{ model: 'nano-fruit-2', prompt: '={{ " " }}' },
			'PROMPT_REQUIRED',
			'Prompt (inputs.prompt)',
		],
		[
			'Image to Image without reference images',
			{ generationMode: 'imageToImage', urls: ' \n ' },
			'INVALID_MEDIA_COMBINATION',
			'Reference Image URLs',
		],
		[
			'an http reference image',
			{ generationMode: 'imageToImage', urls: 'http://images.example.com/a.png' },
			'INVALID_URL',
			'Reference Image URLs (inputs.urls[0])',
		],
		[
			'eleven reference images',
			{
				generationMode: 'imageToImage',
				urls: Array.from({ length: 11 }, (_, i) => `https://images.example.com/${i}.png`).join(
					'\n',
				),
			},
			'TOO_MANY_REFERENCES',
			'Reference Image URLs (inputs.urls)',
		],
		['images per item 0', { imagesPerItem: 0 }, 'INVALID_PARAMETER', 'Images per Item'],
		['images per item 1.5', { imagesPerItem: 1.5 }, 'INVALID_PARAMETER', 'Images per Item'],
	];

	test.each(refusals)('%s', async (_name, parameters, code, field) => {
		const before = (await logged(emu, CREATE_TASK)).length;
		const run = await runSteps(emu, [
			createImage({ prompt: 'a cat', imagesPerItem: 3, ...parameters }),
		]);
		expect(run.status).toBe('error');
		expect(run.error?.message).toMatch(new RegExp(`^${code}: `));
		expect(run.error?.description).toContain(`Field: ${field}.`);
		expect(run.error?.description).toContain('Nothing was sent and no credits were spent.');
		expect((await logged(emu, CREATE_TASK)).length).toBe(before);
	});

	test('continueOnFail: the bad item becomes one error item, the good item its variants', async () => {
		const run = await runSteps(
			emu,
			[
				createImage(
					{
						model: 'gen-image-2',
						prompt: 'a cat',
						quality: '={{ $json.quality }}',
						imagesPerItem: 2,
					},
					{ onError: 'continueRegularOutput' },
				),
			],
			{ items: [{ quality: 'ultra' }, { quality: 'high' }] },
		);
		const items = run.output('Create Image');
		expect(items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 0 },
			{ item: 1 },
			{ item: 1 },
		]);
		expect(items[0].json.error).toMatch(/^UNSUPPORTED_QUALITY: /);
		expect(items.slice(2).map((item) => item.json)).toEqual(
			[1, 2].map((variant) => expect.objectContaining({ variant, estimatedCredits: 84 })),
		);
	});
});
