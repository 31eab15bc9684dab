/**
 * Create Image, Image to Image with reference images from the input item's binary data: each file is
 * uploaded once per item (reviewed asset), and its https url is sent in inputs.urls of every variant.
 */
import type { IDataObject } from 'n8n-workflow';

import { CreateImage } from '../../nodes/CreateImage/CreateImage.node';
import type { RunningEmulator } from '../emulator';
import { makeImage } from '../emulator/media';
import { control, download, startFast } from '../emulator/test-helpers';
import { itemWithFiles, runWithFilesLogged } from '../helpers/binary-items';
import type { TestFile } from '../helpers/binary-items';
import { FAST_WAIT } from '../helpers/nodes';
import { visibleFields } from '../helpers/visible-fields';
import { packageNode } from '../helpers/workflow';

let emu: RunningEmulator;
beforeAll(async () => {
	emu = await startFast();
});
afterAll(() => emu.close());

const CONTINUE = { onError: 'continueRegularOutput' };
/** The emulator's reviewed-asset host (the service's own asset host: https). */
const ASSET_URL = /^https:\/\/assets\.emulator\.invalid:\d+\/files\/\w+\.png$/;

const image = (property: string, fileName = `${property}.png`, size = 1024): TestFile => ({
	property,
	bytes: makeImage('png', size, size),
	fileName,
	mimeType: 'image/png',
});

const createImage = (parameters: Record<string, unknown>, extra = {}) =>
	packageNode(
		'Create Image',
		'createImage',
		{
			model: 'nano-fruit-2',
			generationMode: 'imageToImage',
			prompt: 'make it night',
			...parameters,
		},
		extra,
	);

/** Runs Files → Create Image; returns the run, the createTask bodies and the uploads the emulator received. */
const run = (parameters: Record<string, unknown>, items: IDataObject[], extra = {}) =>
	runWithFilesLogged(emu, [createImage(parameters, extra)], items);

const uploadedBytes = (uploads: Array<{ body: unknown }>) =>
	uploads
		.map((entry) => (entry.body as { files: Array<{ bytes: number }> }).files[0].bytes)
		.sort((a, b) => a - b);

describe('Create Image: reference images from binary fields', () => {
	test('the field shows only for Image to Image, beside the URLs (which are then not required)', () => {
		const show = (values: Record<string, unknown>) =>
			visibleFields(new CreateImage(), values as never);
		expect(show({ generationMode: 'textToImage' }).names).not.toContain('imageBinaries');
		const edit = show({ generationMode: 'imageToImage' });
		expect(edit.names).toEqual(expect.arrayContaining(['urls', 'imageBinaries']));
		expect(edit.field('imageBinaries')).toMatchObject({
			displayName: 'Reference Image Binary Fields',
			type: 'string',
			default: '',
		});
		expect(edit.field('urls')?.required).toBeFalsy();
	});

	test('one binary field: uploaded as a reviewed asset, its https url sent, the image generated', async () => {
		const photo = image('photo');
		const { result, sent, uploads } = await run(
			{ imageBinaries: 'photo', waitForCompletion: 'wait', ...FAST_WAIT },
			[itemWithFiles([photo])],
		);
		expect(result.error).toBeUndefined();
		expect(uploads).toHaveLength(1);
		// A reviewed upload (no ?model=): the image spec takes https urls, not asset://.
		expect(uploads[0].query).toEqual({});
		expect(sent).toHaveLength(1);
		const [url] = sent[0].inputs.urls as string[];
		expect(sent[0].inputs.urls).toEqual([expect.stringMatching(ASSET_URL)]);
		expect((await download(url)).bytes.equals(photo.bytes)).toBe(true);
		const [item] = result.json('Create Image');
		expect(item).toMatchObject({
			status: 'COMPLETED',
			model: 'nano-fruit-2',
			imageUrl: expect.any(String),
			creditsCharged: item.creditsUsed,
		});
		expect(item.creditsUsed).toBeGreaterThan(0);
	});

	test('several binary fields and 2 images per item: each file is uploaded once per item, both variants send the same urls', async () => {
		const files = [
			[image('a'), image('b', 'b.png', 800)],
			[image('a', 'a.png', 640), image('b', 'b.png', 512)],
		];
		const { result, sent, uploads } = await run(
			{ imageBinaries: 'a, b', imagesPerItem: 2 },
			files.map((item) => itemWithFiles(item)),
		);
		expect(result.error).toBeUndefined();
		expect(uploads).toHaveLength(4);
		// Up to three uploads run at once, so they may arrive in any order.
		expect(uploadedBytes(uploads)).toEqual(
			files
				.flat()
				.map((file) => file.bytes.length)
				.sort((a, b) => a - b),
		);
		expect(sent).toHaveLength(4);
		const output = result.output('Create Image');
		expect(output.map((item) => item.pairedItem)).toEqual([0, 0, 1, 1].map((item) => ({ item })));
		expect(output.map((item) => [item.json.variant, typeof item.json.taskId])).toEqual([
			[1, 'string'],
			[2, 'string'],
			[1, 'string'],
			[2, 'string'],
		]);
		const urlsOf = (index: number) => (sent[index].inputs.urls ?? []) as string[];
		for (const index of [0, 1, 2, 3])
			expect(urlsOf(index)).toEqual([
				expect.stringMatching(ASSET_URL),
				expect.stringMatching(ASSET_URL),
			]);
		expect(urlsOf(1)).toEqual(urlsOf(0));
		expect(urlsOf(3)).toEqual(urlsOf(2));
		expect(new Set([...urlsOf(0), ...urlsOf(2)]).size).toBe(4);
	});

	test('binary fields and URLs together: the uploaded images come first, then the URLs as typed', async () => {
		const reference = 'https://images.example.com/b.png';
		const { result, sent, uploads } = await run({ imageBinaries: 'photo', urls: reference }, [
			itemWithFiles([image('photo')]),
		]);
		expect(result.error).toBeUndefined();
		expect(uploads).toHaveLength(1);
		expect(sent[0].inputs.urls).toEqual([expect.stringMatching(ASSET_URL), reference]);
	});
});

describe('Create Image: binary reference images, failures', () => {
	test('a rejected review fails the item with failReason and creates no task', async () => {
		const { result, sent, uploads } = await run(
			{ imageBinaries: 'photo' },
			[itemWithFiles([image('photo', 'holiday [reject].png')])],
			CONTINUE,
		);
		expect(uploads).toHaveLength(1);
		expect(sent).toEqual([]);
		const [item] = result.json('Create Image');
		expect(item.error).toMatch(
			/^Binary property "photo" \(asset \d+\): The review of asset \d+ failed: Rejected by review/,
		);
		expect(item).toMatchObject({ taskCreated: 'no', creditsCharged: 0 });
		expect(item.taskId).toBeUndefined();
	});

	test('an upload whose answer never came says an asset may have been stored (not billed) and no task was created', async () => {
		await control(emu, '/faults', { path: '/api/v1/assets/upload', drop: true });
		const { result, sent, uploads } = await run(
			{ imageBinaries: 'photo' },
			[itemWithFiles([image('photo')])],
			CONTINUE,
		);
		expect(uploads).toHaveLength(1);
		expect(sent).toEqual([]);
		const [item] = result.json('Create Image');
		expect(item.taskCreated).toBe('no');
		const said = `${String(item.error)} ${String(item.errorDescription)}`;
		expect(said).not.toMatch(/billed\) it|may have created/);
		expect(item.error).toMatch(
			/^Upload of binary property "photo" failed: .*an asset may have been stored$/,
		);
		expect(item.errorDescription).toContain(
			'Uploads are not billed, and no task was created for this item',
		);
		expect(item.errorDescription).toContain('Upload Asset → List');
	});

	test('a file over the image cap (30 MB) is FILE_TOO_LARGE before any upload', async () => {
		const big: TestFile = {
			property: 'photo',
			bytes: Buffer.alloc(31 * 1024 * 1024, 1),
			fileName: 'big.png',
			mimeType: 'image/png',
		};
		const { result, sent, uploads } = await run({ imageBinaries: 'photo' }, [itemWithFiles([big])]);
		expect(result.status).toBe('error');
		expect(result.error?.message).toMatch(/^FILE_TOO_LARGE: binary property "photo"/);
		expect(uploads).toEqual([]);
		expect(sent).toEqual([]);
	});

	test.each([
		[
			'ten URLs and one binary field are eleven references',
			{
				imageBinaries: 'photo',
				urls: Array.from({ length: 10 }, (_, i) => `https://images.example.com/${i}.png`).join(
					'\n',
				),
			},
			'TOO_MANY_REFERENCES',
			'Reference Image URLs (inputs.urls)',
		],
		[
			'a plain http URL beside a binary field',
			{ imageBinaries: 'photo', urls: 'http://images.example.com/a.png' },
			'INVALID_URL',
			'Reference Image URLs (inputs.urls[1])',
		],
		[
			'a quality the model does not have',
			{ model: 'gen-image-2', imageBinaries: 'photo', quality: 'max' },
			'UNSUPPORTED_QUALITY',
			'Quality (inputs.quality)',
		],
		[
			'neither URLs nor binary fields',
			{ imageBinaries: ' , ' },
			'INVALID_MEDIA_COMBINATION',
			'Reference Image URLs',
		],
	])(
		'a validation error sends nothing, no upload either: %s',
		async (_name, parameters, code, field) => {
			const { result, sent, uploads } = await run(parameters, [itemWithFiles([image('photo')])]);
			expect(result.status).toBe('error');
			expect(result.error?.message).toMatch(new RegExp(`^${code}: `));
			expect(result.error?.description).toContain(`Field: ${field}.`);
			expect(uploads).toEqual([]);
			expect(sent).toEqual([]);
		},
	);
});
