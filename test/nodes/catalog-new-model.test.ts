/**
 * A model added to the catalog, and nowhere else, is offered by the node, checked by the rules,
 * priced, and served by the emulator. The fixture registers a copy of SD 2 Mini under a new id with
 * its own duration range and 720p rate (so what follows is the entry's data, not the copied id's)
 * in this module's scope; the shipped catalog is not changed.
 */
import { CreateVideo } from '../../nodes/CreateVideo/CreateVideo.node';
import {
	getVideoModel,
	registerVideoModel,
	VIDEO_MODEL_IDS,
	VIDEO_MODELS,
	type VideoModel,
} from '../../nodes/shared/catalog';
import { modelCount } from '../../nodes/shared/fields/model-count';
import { estimateCredits } from '../../nodes/shared/pricing';
import { validateRequest } from '../../nodes/shared/rules';
import type { RunningEmulator } from '../emulator';
import { createTask, startFast, submit, waitTask } from '../emulator/test-helpers';
import { visibleFields } from '../helpers/visible-fields';
import { FAST_WAIT, runSteps } from '../helpers/nodes';
import { packageNode } from '../helpers/workflow';

const source = getVideoModel('sd2-mini') as VideoModel;
const NANO: VideoModel = {
	...source,
	id: 'sd2-nano',
	name: 'SD 2 Nano',
	description: 'A test entry: 4-8 s',
	duration: { ...source.duration, range: { min: 4, max: 8 } },
	pricing: {
		...source.pricing,
		tiers: {
			...source.pricing.tiers,
			'720p': { perSecond: 11, perSecondWithVideo: 9, upscalePerSecond: 0 },
		},
	},
};
registerVideoModel(NANO);

let emu: RunningEmulator;
beforeAll(async () => {
	emu = await startFast();
});
afterAll(() => emu.close());

describe('a model added to the catalog only', () => {
	test('is in the catalog once; a second entry with its id is refused', () => {
		expect(VIDEO_MODEL_IDS.filter((id) => id === 'sd2-nano')).toHaveLength(1);
		expect(() => registerVideoModel({ ...NANO })).toThrow('already has a model sd2-nano');
	});

	test('fields: Create Video offers it with its own durations and counts it', () => {
		const node = new CreateVideo();
		const fields = visibleFields(node, { model: 'sd2-nano', generationMode: 'textToVideo' });
		expect(visibleFields(node, {}).options('model')).toContainEqual({
			value: 'sd2-nano',
			name: 'SD 2 Nano (sd2-nano)',
		});
		expect(fields.options('duration').map((option) => option.value)).toEqual([4, 5, 6, 7, 8]);
		expect(fields.options('outputResolution')).toEqual(
			visibleFields(node, { model: 'sd2-mini', generationMode: 'textToVideo' }).options(
				'outputResolution',
			),
		);
		expect(VIDEO_MODELS).toContain(NANO);
		expect(node.description.description).toContain(`(${modelCount(VIDEO_MODELS)}, every mode)`);
	});

	test('rules: its duration range is checked', () => {
		expect(validateRequest({ model: 'sd2-nano', inputs: { prompt: 'x', duration: '8s' } })).toEqual(
			{ ok: true },
		);
		expect(
			validateRequest({ model: 'sd2-nano', inputs: { prompt: 'x', duration: '9s' } }),
		).toMatchObject({ ok: false, code: 'DURATION_OUT_OF_RANGE' });
	});

	test('price: its own rate', () => {
		expect(estimateCredits({ model: 'sd2-nano', inputs: { prompt: 'x', duration: '5s' } })).toBe(
			55,
		);
	});

	test('emulator: it accepts, refuses and bills the model by its entry', async () => {
		expect(
			(await createTask(emu, { model: 'sd2-nano', inputs: { prompt: 'x', duration: '9s' } })).body
				.code,
		).toBe('DURATION_OUT_OF_RANGE');
		const { taskId } = await submit(emu, {
			model: 'sd2-nano',
			inputs: { prompt: 'a heron', duration: '5s' },
		});
		expect(await waitTask(emu, taskId)).toMatchObject({ status: 'COMPLETED', creditsUsed: 55 });
	});

	test('the node creates it through the engine and the emulator', async () => {
		const run = await runSteps(emu, [
			packageNode('Create Video', 'createVideo', {
				model: 'sd2-nano',
				generationMode: 'textToVideo',
				prompt: 'a heron',
				duration: 6,
				waitForCompletion: 'wait',
				...FAST_WAIT,
			}),
		]);
		expect(run.status).toBe('success');
		expect(run.json('Create Video')[0]).toMatchObject({
			model: 'sd2-nano',
			status: 'COMPLETED',
			estimatedCredits: 66,
			creditsUsed: 66,
		});
	});
});
