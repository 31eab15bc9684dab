// Create Image in a real n8n (`n8n execute`): the example "prompts, two image variants each,
// downloaded" makes two tasks per prompt, each its own item paired with its prompt, and stores
// every JPEG in n8n's binary data; the emulator billed exactly what the items report.
import { executeWorkflow } from '../../scripts/n8n/run.mjs';
import { USER_FOLDER, emulator, itemsOf, jsonOf, storedBinary } from './context.mjs';

const emu = emulator();
const CREATE_TASK = '/api/v1/jobs/createTask';
const WORKFLOW_ID = 'ugExImgVarnts05';

let result;
let creditsBefore;
let creditsAfter;
let sent;

beforeAll(async () => {
	creditsBefore = await emu.credits();
	const logged = (await emu.requests(CREATE_TASK)).length;
	result = await executeWorkflow(WORKFLOW_ID, { userFolder: USER_FOLDER });
	creditsAfter = await emu.credits();
	sent = (await emu.requests(CREATE_TASK)).slice(logged);
});

/** A JPEG file starts with its SOI marker and a segment marker. */
const isJpeg = (bytes) =>
	bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

test('the workflow succeeds in n8n', () => {
	expect(result.code).toBe(0);
	expect(result.run?.status).toBe('success');
});

test('three prompts, two variants each: six tasks, each item paired with its prompt and numbered', () => {
	const prompts = jsonOf(result.run, 'Prompts').map((item) => item.prompt);
	const items = itemsOf(result.run, 'Create Image');
	expect(items.map((item) => item.pairedItem.item)).toEqual([0, 0, 1, 1, 2, 2]);
	expect(items.map((item) => item.json.variant)).toEqual([1, 2, 1, 2, 1, 2]);
	expect(new Set(items.map((item) => item.json.taskId)).size).toBe(6);
	for (const { json } of items) {
		// gen-image-2.5-flare, medium, 1k: 3 credits per image (the spec's price table).
		expect(json).toMatchObject({
			model: 'gen-image-2.5-flare',
			status: 'COMPLETED',
			estimatedCredits: 3,
			creditsUsed: 3,
			creditsCharged: 3,
		});
		expect(json.imageUrl).toBe(json.output[0].url);
	}
	// Up to four creates are in flight at once, so they may arrive in any order: compare as sets.
	expect(sent.map((request) => request.body.inputs.prompt).sort()).toEqual(
		prompts.flatMap((prompt) => [prompt, prompt]).sort(),
	);
	expect(sent.find((request) => request.body.inputs.prompt === prompts[0]).body).toEqual({
		model: 'gen-image-2.5-flare',
		inputs: {
			prompt: prompts[0],
			quality: 'medium',
			resolution: '1k',
			aspectRatio: '16:9',
			outputFormat: 'jpeg',
		},
	});
});

test('every image is a JPEG in n8n binary data, the very file the service serves', async () => {
	for (const item of itemsOf(result.run, 'Create Image')) {
		const binary = item.binary?.data;
		expect(binary).toMatchObject({
			mimeType: 'image/jpeg',
			fileExtension: 'jpg',
			fileName: expect.stringMatching(/\.jpg$/),
		});
		const stored = storedBinary(binary);
		expect(isJpeg(stored)).toBe(true);
		const served = await emu.download(item.json.imageUrl);
		expect(served.type).toMatch(/^image\/jpeg/);
		expect(stored.equals(served.bytes)).toBe(true);
	}
});

test('the emulator billed exactly the six images: 18 credits', () => {
	expect(creditsBefore.credits - creditsAfter.credits).toBe(18);
	expect(creditsAfter.availableCredits).toBe(creditsAfter.credits);
});
