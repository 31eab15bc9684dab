import { NodeHelpers } from 'n8n-workflow';
import type { INodeProperties } from 'n8n-workflow';

import { CreateVideo } from '../../nodes/CreateVideo/CreateVideo.node';
import { VIDEO_MODELS } from '../../nodes/shared/catalog';
import { visibleFields } from '../helpers/visible-fields';

const node = new CreateVideo();
const show = (values: Record<string, unknown>) => visibleFields(node, values as never);
const tiers = (model: string) =>
	show({ model, generationMode: 'textToVideo' }).options('outputResolution');

describe('Create Video shows each model exactly its own fields', () => {
	test("the model list is the catalog's video models, in its order", () => {
		expect(
			show({})
				.options('model')
				.map((option) => option.value),
		).toEqual(VIDEO_MODELS.map((model) => model.id));
	});

	test.each(['alt3.0-video', 'alt3.0-video-prime'])(
		'%s never offers 2k or 4k, and uses ratio not presets',
		(model) => {
			expect(tiers(model).map((tier) => tier.value)).toEqual(['480p', '720p', '1080p']);
			const fields = show({ model, generationMode: 'textToVideo' });
			expect(fields.field('aspect')?.displayName).toBe('Aspect Ratio');
			expect(fields.options('aspect').map((option) => option.value)).toEqual([
				'adaptive',
				'auto',
				'16:9',
				'9:16',
				'1:1',
				'4:3',
				'3:4',
			]);
			expect(fields.names).toContain('additionalOptions');
		},
	);

	test('sd2-fast and sd2-mini offer 1080p, 2k and 4k as upscaled', () => {
		for (const model of ['sd2-fast', 'sd2-mini']) {
			expect(tiers(model)).toEqual([
				{ value: '480p', name: '480p (Native)' },
				{ value: '720p', name: '720p (Native)' },
				{ value: '1080p', name: '1080p (Upscaled)' },
				{ value: '2k', name: '2K (Upscaled)' },
				{ value: '4k', name: '4K (Upscaled)' },
			]);
		}
	});

	test('sd2 has native 1080p and 4k, upscaled 2k; sd2.5 native up to 1080p', () => {
		expect(tiers('sd2').map((tier) => tier.name)).toEqual([
			'480p (Native)',
			'720p (Native)',
			'1080p (Native)',
			'2K (Upscaled)',
			'4K (Native)',
		]);
		expect(tiers('sd2.5').map((tier) => tier.name)).toEqual([
			'480p (Native)',
			'720p (Native)',
			'1080p (Native)',
			'2K (Upscaled)',
			'4K (Upscaled)',
		]);
	});

	test('duration offers the whole seconds of the model, so a model switch resets what the new one lacks', () => {
		const seconds = (model: string) =>
			show({ model, generationMode: 'textToVideo' })
				.options('duration')
				.map((option) => option.value);
		const range = (min: number, max: number) =>
			Array.from({ length: max - min + 1 }, (_, i) => min + i);
		expect(seconds('sd2.5')).toEqual(range(4, 30));
		expect(seconds('sd2')).toEqual(range(4, 15));
		expect(seconds('alt3.0-video')).toEqual(range(2, 30));
		for (const model of VIDEO_MODELS) {
			expect(seconds(model.id)).toContain(
				show({ model: model.id, generationMode: 'textToVideo' }).field('duration')?.default,
			);
		}
	});

	test('only sd2.5 offers drafts and the final-from-draft mode', () => {
		const modes = (model: string) =>
			show({ model })
				.options('generationMode')
				.map((option) => option.value);
		expect(modes('sd2.5')).toContain('final');
		expect(show({ model: 'sd2.5', generationMode: 'textToVideo' }).names).toContain('draft');
		for (const model of ['sd2', 'sd2-fast', 'sd2-mini', 'alt3.0-video']) {
			expect(modes(model)).not.toContain('final');
			expect(show({ model, generationMode: 'textToVideo' }).names).not.toContain('draft');
		}
		const finalFields = show({ model: 'sd2.5', generationMode: 'final' });
		const final = finalFields.names;
		expect(final).toContain('draftSourceOrderId');
		// no Prompt input: a note under its name says the final reuses the draft's
		expect(finalFields.field('prompt')?.type).toBe('notice');
		expect(final).not.toContain('outputResolution');
	});

	test('a prompt survives a look at Final Render From Draft (the editor keeps what some field holds)', () => {
		const prompt = 'A red kite over a stormy sea';
		// the editor's own step after a change: parameters of the new mode, defaults left out
		const stored = (values: Record<string, unknown>) =>
			NodeHelpers.getNodeParameters(
				node.description.properties,
				values as never,
				false,
				false,
				{ typeVersion: 2 } as never,
				node.description,
			) ?? {};
		const atFinal = stored({ model: 'sd2.5', generationMode: 'final', prompt });
		expect(atFinal).toMatchObject({ generationMode: 'final', prompt });
		const back = stored({ ...atFinal, generationMode: 'textToVideo' });
		expect(back).toMatchObject({ prompt });
		expect(show({ ...back, generationMode: 'textToVideo' }).field('prompt')?.type).toBe('string');
	});

	test('a draft hides the output resolution (it is fixed at 480P)', () => {
		expect(
			show({ model: 'sd2.5', generationMode: 'textToVideo', draft: true }).names,
		).not.toContain('outputResolution');
	});

	test('media fields follow the mode', () => {
		expect(show({ model: 'sd2', generationMode: 'textToVideo' }).names).not.toEqual(
			expect.arrayContaining(['urls', 'videoUrls', 'firstFrameUrl']),
		);
		expect(show({ model: 'sd2', generationMode: 'keyframes' }).names).toEqual(
			expect.arrayContaining(['firstFrameUrl', 'lastFrameUrl']),
		);
		expect(show({ model: 'sd2', generationMode: 'reference' }).names).toEqual(
			expect.arrayContaining(['urls', 'videoUrls', 'audioUrls', 'referenceAspect']),
		);
	});

	test('reference mode on the sd family forbids the automatic preset', () => {
		const values = show({ model: 'sd2', generationMode: 'reference' })
			.options('referenceAspect')
			.map((option) => option.value);
		expect(values).not.toContain('auto');
		expect(values).toContain('1280x720');
	});

	test('sd2.5 edit has source frame timestamps and no duration (it follows the source)', () => {
		const names = show({ model: 'sd2.5', generationMode: 'edit' }).names;
		expect(names).toContain('sourceFrameTimestamps');
		expect(names).not.toContain('duration');
		expect(show({ model: 'sd2', generationMode: 'edit' }).names).toEqual(
			expect.arrayContaining(['duration']),
		);
		expect(show({ model: 'sd2', generationMode: 'edit' }).names).not.toContain(
			'sourceFrameTimestamps',
		);
	});

	test('alt edit and extend send the automatic ratio, so no aspect field is shown', () => {
		expect(show({ model: 'alt3.0-video', generationMode: 'edit' }).names).not.toContain('aspect');
		expect(show({ model: 'alt3.0-video', generationMode: 'firstFrame' }).names).not.toContain(
			'aspect',
		);
	});
});

describe('Create Video: Automatic Length, draft options, list hints', () => {
	const SD = ['sd2.5', 'sd2', 'sd2-fast', 'sd2-mini'];
	const ALT = ['alt3.0-video', 'alt3.0-video-prime'];

	test('Automatic Length is offered where the catalog allows the automatic duration (sd family), never on alt', () => {
		for (const model of SD)
			expect(show({ model, generationMode: 'textToVideo' }).names).toContain('automaticDuration');
		for (const model of ALT)
			expect(show({ model, generationMode: 'textToVideo' }).names).not.toContain(
				'automaticDuration',
			);
		// sd2.5 edit follows its source: neither duration field.
		expect(show({ model: 'sd2.5', generationMode: 'edit' }).names).not.toContain(
			'automaticDuration',
		);
		expect(show({ model: 'sd2', generationMode: 'extend' }).names).toContain('automaticDuration');
		expect(show({ model: 'sd2.5', generationMode: 'final' }).names).not.toContain(
			'automaticDuration',
		);
	});

	test('Automatic Length on hides Duration (off by default, so Duration shows)', () => {
		expect(
			show({ model: 'sd2', generationMode: 'textToVideo' }).field('automaticDuration'),
		).toMatchObject({ type: 'boolean', default: false });
		expect(show({ model: 'sd2', generationMode: 'textToVideo' }).names).toContain('duration');
		expect(
			show({ model: 'sd2', generationMode: 'textToVideo', automaticDuration: true }).names,
		).not.toContain('duration');
	});

	/** Whether n8n shows an Additional Options entry, with the node's values as the root of '/' paths. */
	const optionShown = (values: Record<string, unknown>, name: string) => {
		const fields = show(values);
		const collection = fields.field('additionalOptions');
		const option = (collection?.options as INodeProperties[]).find((entry) => entry.name === name)!;
		const own = (fields.values.additionalOptions ?? {}) as never;
		return NodeHelpers.displayParameter(
			own,
			option,
			{ typeVersion: 1 } as never,
			node.description,
			fields.values,
		);
	};

	test('a draft hides the legacy upscale resolution option too (like Output Resolution)', () => {
		expect(
			optionShown({ model: 'sd2.5', generationMode: 'textToVideo' }, 'upscaleResolution'),
		).toBe(true);
		expect(
			optionShown(
				{ model: 'sd2.5', generationMode: 'textToVideo', draft: true },
				'upscaleResolution',
			),
		).toBe(false);
		expect(
			optionShown({ model: 'sd2.5', generationMode: 'textToVideo', draft: true }, 'seed'),
		).toBe(true);
	});

	test('a legacy upscale resolution saved before Draft was switched on is dropped by n8n', () => {
		const additionalOptions = { upscaleResolution: '1080p', seed: 3 };
		const values = (draft: boolean) =>
			show({ model: 'sd2.5', generationMode: 'textToVideo', draft, additionalOptions }).values
				.additionalOptions;
		expect(values(false)).toEqual(additionalOptions);
		expect(values(true)).toEqual({ seed: 3 });
	});

	test('URL lists say one per line (a comma is part of a URL); the timestamps list keeps commas', () => {
		const fields = show({ model: 'sd2.5', generationMode: 'edit' });
		for (const name of ['urls', 'videoUrls']) {
			expect(fields.field(name)?.description).toContain('one per line');
			expect(fields.field(name)?.description).not.toContain('comma-separated');
		}
		expect(fields.field('sourceFrameTimestamps')?.description).toContain('comma-separated');
	});
});
