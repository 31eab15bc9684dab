/**
 * Create Image in workflows run by the real n8n-core engine against the emulator over HTTP:
 * every model in both modes, N variants per item, and the money: budget, 402, refunds.
 */
import type { IDataObject } from 'n8n-workflow';

import { IMAGE_MODEL_IDS } from '../../nodes/shared/catalog';
import type { RunningEmulator } from '../emulator';
import { makeImage } from '../emulator/media';
import { addAccount, credits, logged, startFast, upload } from '../emulator/test-helpers';
import { FAST_WAIT, runSteps } from '../helpers/nodes';
import { packageNode } from '../helpers/workflow';

let emu: RunningEmulator;
beforeAll(async () => {
	emu = await startFast();
});
afterAll(() => emu.close());

const CREATE_TASK = '/api/v1/jobs/createTask';
const WAIT = { waitForCompletion: 'wait', ...FAST_WAIT };
const CONTINUE = { onError: 'continueRegularOutput' };

const createImage = (parameters: Record<string, unknown>, extra = {}) =>
	packageNode('Create Image', 'createImage', parameters, extra);

/** Runs one Create Image; returns the run, its output items' json and the createTask bodies sent. */
async function run(
	parameters: Record<string, unknown>,
	options: { items?: IDataObject[]; apiKey?: string; extra?: object } = {},
) {
	const before = (await logged(emu, CREATE_TASK)).length;
	const result = await runSteps(emu, [createImage(parameters, options.extra)], options);
	const sent = (await logged(emu, CREATE_TASK))
		.slice(before)
		.map((entry) => entry.body as { model: string; inputs: IDataObject });
	return { result, items: result.status === 'success' ? result.json('Create Image') : [], sent };
}

/** An https image the emulator can read (an alternative-family upload url), so it checks the file. */
async function httpsImage(width: number, height: number): Promise<string> {
	return (
		await upload(
			emu,
			makeImage('png', width, height),
			'ref.png',
			{},
			undefined,
			'?model=alt3.0-video',
		)
	).body.url as string;
}

describe('Create Image: every model', () => {
	test.each([...IMAGE_MODEL_IDS])(
		'%s: text to image with only a prompt completes at the estimated price',
		async (model) => {
			const { items, sent } = await run({ model, prompt: 'a red fox in snow', ...WAIT });
			expect(sent).toHaveLength(1);
			expect(sent[0].inputs.urls).toBeUndefined();
			const [item] = items;
			expect(item).toMatchObject({
				model,
				variant: 1,
				status: 'COMPLETED',
				imageUrl: expect.stringMatching(/^http/),
			});
			expect(item.creditsUsed).toBe(item.estimatedCredits);
			expect(item.creditsCharged).toBe(item.creditsUsed);
			expect(item.imageUrl).toBe((item.output as IDataObject[])[0].url);
		},
	);

	test.each([...IMAGE_MODEL_IDS])(
		'%s: image to image sends the reference URLs and completes',
		async (model) => {
			const reference = await httpsImage(800, 600);
			const urls = `${reference}\nhttps://images.example.com/w_400,h_400/b.png`;
			const { items, sent } = await run({
				model,
				generationMode: 'imageToImage',
				prompt: 'make it night',
				urls,
				...WAIT,
			});
			expect(sent[0].inputs).toMatchObject({
				prompt: 'make it night',
				urls: [reference, 'https://images.example.com/w_400,h_400/b.png'],
			});
			expect(items[0]).toMatchObject({
				model,
				status: 'COMPLETED',
				creditsCharged: items[0].estimatedCredits,
			});
		},
	);

	test('every setting of the model is sent as chosen, and priced from the catalog', async () => {
		const settings = {
			quality: 'high',
			resolution: '4k',
			aspectRatio: '16:9',
			outputFormat: 'webp',
		};
		const { items, sent } = await run({
			model: 'gen-image-2',
			prompt: 'a harbour',
			...settings,
			...WAIT,
		});
		expect(sent[0]).toEqual({ model: 'gen-image-2', inputs: { prompt: 'a harbour', ...settings } });
		expect(items[0]).toMatchObject({
			estimatedCredits: 154,
			creditsUsed: 154,
			creditsCharged: 154,
		});
		expect(items[0].output).toEqual([expect.objectContaining({ width: 4096, height: 2304 })]);
	});

	test('the service checks the reference image itself: one too small fails with REFERENCE_IMAGE_INVALID', async () => {
		const tiny = await httpsImage(200, 200);
		const { result, items } = await run(
			{ model: 'nano-fruit-pro', generationMode: 'imageToImage', prompt: 'edit', urls: tiny },
			{ extra: CONTINUE },
		);
		expect(result.status).toBe('success');
		expect(items[0]).toMatchObject({ taskCreated: 'no', creditsCharged: 0 });
		expect(items[0].error).toContain('REFERENCE_IMAGE_INVALID');
	});
});

describe('Create Image: reference URLs', () => {
	test('URLs pasted on one line are INVALID_URL on Reference Image URLs, and nothing is sent', async () => {
		const { result, sent } = await run({
			model: 'gen-image-2.5-flare',
			generationMode: 'imageToImage',
			prompt: 'combine them',
			urls: 'https://a.example/1.png https://b.example/2.png',
		});
		expect(result.status).toBe('error');
		expect(result.error?.message).toMatch(
			/^INVALID_URL: Reference Image URLs holds several URLs run together/,
		);
		expect(result.error?.description).toContain('Field: Reference Image URLs.');
		expect(sent).toEqual([]);
	});
});

describe('Create Image: Images per Item', () => {
	test('2 items x 3 variants: 6 tasks, 6 items paired with their input and numbered 1..3', async () => {
		const apiKey = await addAccount(emu, 'image-variants-key', { credits: 1000 });
		const { result, items, sent } = await run(
			{ model: 'gen-image-2.5-flare', prompt: '={{ $json.prompt }}', imagesPerItem: 3, ...WAIT },
			{ items: [{ prompt: 'a cat' }, { prompt: 'a dog' }], apiKey },
		);
		// Up to four creates are in flight at once, so they may arrive in any order: compare as sets.
		expect(sent.map((body) => body.inputs.prompt).sort()).toEqual([
			'a cat',
			'a cat',
			'a cat',
			'a dog',
			'a dog',
			'a dog',
		]);
		const output = result.output('Create Image');
		expect(output.map((item) => item.pairedItem)).toEqual(
			[0, 0, 0, 1, 1, 1].map((item) => ({ item })),
		);
		expect(items.map((item) => item.variant)).toEqual([1, 2, 3, 1, 2, 3]);
		expect(new Set(items.map((item) => item.taskId)).size).toBe(6);
		expect(items.every((item) => item.status === 'COMPLETED' && item.creditsCharged === 7)).toBe(
			true,
		);
		expect(await credits(emu, apiKey)).toEqual({
			credits: 1000 - 6 * 7,
			availableCredits: 1000 - 6 * 7,
		});
	});

	test('the budget counts every variant: the one that would pass it is refused before sending', async () => {
		const { items, sent } = await run(
			{
				model: 'gen-image-2.5-flare',
				prompt: 'a cat',
				imagesPerItem: 3,
				batchOptions: { budget: 15 },
			},
			{ extra: CONTINUE },
		);
		expect(sent).toHaveLength(2);
		expect(items.map((item) => item.variant)).toEqual([1, 2, 3]);
		expect(items[0]).toMatchObject({
			taskId: expect.any(String),
			estimatedCredits: 7,
			creditsCharged: 7,
		});
		expect(items[2]).toMatchObject({ taskCreated: 'no', creditsCharged: 0 });
		expect(items[2].error).toMatch(/^BUDGET_EXCEEDED: /);
	});

	test('the budget without continueOnFail stops the run before any request', async () => {
		const { result, sent } = await run({
			model: 'gen-image-2',
			prompt: 'x',
			imagesPerItem: 2,
			batchOptions: { budget: 40 },
		});
		expect(result.error?.message).toMatch(/^BUDGET_EXCEEDED: /);
		expect(sent).toEqual([]);
	});

	test('a 402 stops the batch: each variant says whether it was created, refused or not sent', async () => {
		const apiKey = await addAccount(emu, 'image-poor-key', { credits: 20 });
		const { items, sent } = await run(
			{
				model: 'gen-image-2.5-flare',
				prompt: 'a cat',
				imagesPerItem: 4,
				batchOptions: { concurrency: 1 },
			},
			{ apiKey, extra: CONTINUE },
		);
		expect(sent).toHaveLength(3);
		expect(items.map((item) => item.variant)).toEqual([1, 2, 3, 4]);
		expect(items.map((item) => item.creditsCharged)).toEqual([7, 7, 0, 0]);
		expect(items[2].error).toContain('Insufficient credits');
		expect(items[3].error).toContain('Not sent: an earlier item of this batch got HTTP 402');
		expect((await credits(emu, apiKey)).availableCredits).toBe(6);
	});

	test('a failed image task is refunded: creditsCharged 0, the estimate kept, the balance unchanged', async () => {
		const apiKey = await addAccount(emu, 'image-refund-key', { credits: 1000 });
		const { items } = await run(
			{ model: 'nano-fruit-2', prompt: 'this will [fail]', imagesPerItem: 2, ...WAIT },
			{ apiKey, extra: CONTINUE },
		);
		expect(items).toHaveLength(2);
		for (const item of items) {
			expect(item).toMatchObject({
				status: 'FAILED',
				estimatedCredits: 30,
				creditsCharged: 0,
				taskCreated: 'yes',
			});
			expect(item.error).toContain(`Task ${item.taskId}`);
		}
		expect(await credits(emu, apiKey)).toEqual({ credits: 1000, availableCredits: 1000 });
	});

	test('Return at Once: each variant reports its task and the credits its submission took', async () => {
		const { items } = await run({
			model: 'dream-v5.0-pro',
			prompt: 'a cat',
			imagesPerItem: 2,
			resolution: '2k',
		});
		expect(items).toEqual(
			[1, 2].map((variant) => ({
				taskId: expect.any(String),
				orderId: expect.any(String),
				model: 'dream-v5.0-pro',
				variant,
				estimatedCredits: 20,
				creditsCharged: 20,
			})),
		);
	});
});
