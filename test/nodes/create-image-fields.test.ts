import { CreateImage } from '../../nodes/CreateImage/CreateImage.node';
import { IMAGE_PARAMETER_NAMES } from '../../nodes/CreateImage/resources/image/names';
import { completionProperties } from '../../nodes/settings/completion';
import { simplifyField } from '../../nodes/settings/simplify';
import { batchOptions } from '../../nodes/settings/batch';
import { visibleFields } from '../helpers/visible-fields';

const node = new CreateImage();
const show = (values: Record<string, unknown>) => visibleFields(node, values as never);
const values = (model: string, name: string) =>
	show({ model })
		.options(name)
		.map((option) => option.value);

/** Each model's own values, written out from the spec's "Image generation inputs" table. */
const GEN = ['1:1', '16:9', '9:16', '4:3', '3:4'];
const NANO = [...GEN, '3:2', '2:3', '4:5', '5:4', '21:9'];
const DREAM = [
	'1:1',
	'1:2',
	'2:1',
	'1:3',
	'3:1',
	'2:3',
	'3:2',
	'3:4',
	'4:3',
	'4:5',
	'5:4',
	'9:16',
	'16:9',
	'9:21',
	'21:9',
];
const SPEC: Array<
	[
		string,
		{
			quality?: string[];
			resolution: string[];
			resolutionDefault: string;
			aspect: string[];
			format: boolean;
		},
	]
> = [
	[
		'gen-image-2.5-flare',
		{
			quality: ['medium', 'high', 'xhigh', 'max'],
			resolution: ['1k', '2k', '4k'],
			resolutionDefault: '2k',
			aspect: GEN,
			format: true,
		},
	],
	[
		'gen-image-2.5-sunburst',
		{
			quality: ['medium', 'high', 'xhigh', 'max'],
			resolution: ['1k', '2k', '4k'],
			resolutionDefault: '2k',
			aspect: GEN,
			format: true,
		},
	],
	[
		'gen-image-2',
		{
			quality: ['medium', 'high'],
			resolution: ['1k', '2k', '4k'],
			resolutionDefault: '2k',
			aspect: GEN,
			format: true,
		},
	],
	[
		'nano-fruit-2',
		{ resolution: ['1k', '2k', '4k'], resolutionDefault: '2k', aspect: NANO, format: false },
	],
	[
		'nano-fruit-pro',
		{ resolution: ['1k', '2k', '4k'], resolutionDefault: '2k', aspect: NANO, format: false },
	],
	[
		'dream-v5.0-lite',
		{ resolution: ['2k', '4k'], resolutionDefault: '2k', aspect: DREAM, format: false },
	],
	[
		'dream-v5.0-pro',
		{ resolution: ['1k', '2k'], resolutionDefault: '1k', aspect: DREAM, format: false },
	],
];

describe('Create Image shows each model exactly its own fields (n8n displayParameter)', () => {
	test('the model list is the seven image models of the spec; a new node works with only a prompt', () => {
		expect(values('gen-image-2', 'model').sort()).toEqual(SPEC.map(([model]) => model).sort());
		const fresh = show({});
		expect(fresh.values).toMatchObject({
			model: 'gen-image-2.5-flare',
			generationMode: 'textToImage',
			imagesPerItem: 1,
			waitForCompletion: 'none',
		});
		expect(fresh.names).toContain('prompt');
	});

	test.each(SPEC)(
		'%s: its quality, resolution, aspect ratio and output format, with their defaults',
		(model, spec) => {
			const fields = show({ model });
			const settings = ['aspectRatio', 'outputFormat', 'quality', 'resolution'].filter((name) =>
				fields.names.includes(name),
			);
			expect(settings).toEqual([
				'aspectRatio',
				...(spec.format ? ['outputFormat'] : []),
				...(spec.quality ? ['quality'] : []),
				'resolution',
			]);
			if (spec.quality) {
				expect(values(model, 'quality')).toEqual(spec.quality);
				expect(fields.values.quality).toBe('medium');
			}
			expect(values(model, 'resolution')).toEqual(spec.resolution);
			expect(fields.values.resolution).toBe(spec.resolutionDefault);
			expect(values(model, 'aspectRatio')).toEqual(spec.aspect);
			expect(fields.values.aspectRatio).toBe('1:1');
			if (spec.format) {
				expect(values(model, 'outputFormat')).toEqual(['png', 'jpeg', 'webp']);
				expect(fields.values.outputFormat).toBe('png');
			}
		},
	);

	test('reference image URLs appear only for Image to Image, with the limits the spec states for the model', () => {
		expect(show({ model: 'nano-fruit-2', generationMode: 'textToImage' }).names).not.toContain(
			'urls',
		);
		const edit = show({ model: 'nano-fruit-2', generationMode: 'imageToImage' }).field('urls');
		expect(edit?.description).toContain('1 to 10 public https image URLs, one per line');
		expect(edit?.description).toContain(
			'Each JPEG/PNG/WEBP, at most 50 MB, shortest side at least 256 px, aspect between 1:3 and 3:1.',
		);
		// The spec states no input image requirements for dream: only the count.
		const dream = show({ model: 'dream-v5.0-pro', generationMode: 'imageToImage' }).field('urls');
		expect(dream?.description).not.toContain('shortest side');
	});

	test('option hints give the catalog price of each choice', () => {
		const quality = show({ model: 'gen-image-2' }).field('quality')?.options as Array<{
			value: string;
			description: string;
		}>;
		expect(quality.find((option) => option.value === 'high')?.description).toBe(
			'1K 47, 2K 84, 4K 154 credits per image',
		);
		const resolution = show({ model: 'dream-v5.0-pro' }).field('resolution')?.options as Array<{
			value: string;
			description: string;
		}>;
		expect(resolution.map((option) => option.description)).toEqual([
			'10 credits per image',
			'20 credits per image',
		]);
	});

	test('a value saved for one model is dropped when the model no longer has the field', () => {
		const kept = show({ model: 'nano-fruit-2', quality: 'high', outputFormat: 'webp' }).values;
		expect(kept.quality).toBeUndefined();
		expect(kept.outputFormat).toBeUndefined();
	});

	test("the node has no other parameters than its own, the batch, the wait settings, Simplify and its tool's description", () => {
		const known = new Set<string>([
			...IMAGE_PARAMETER_NAMES,
			'toolDescription',
			...[batchOptions(), ...completionProperties({ callback: true }), simplifyField()].map(
				(p) => p.name,
			),
		]);
		const names = node.description.properties.map((property) => property.name);
		expect(names.filter((name) => !known.has(name))).toEqual([]);
		expect(new Set(names)).toEqual(known);
	});

	test('built for an AI Agent: usable as a tool, every field of its own described', () => {
		expect(node.description.usableAsTool).toBe(true);
		const own = node.description.properties.filter((p) =>
			(IMAGE_PARAMETER_NAMES as readonly string[]).includes(p.name),
		);
		const undescribed = own.filter((p) => !p.description && p.type !== 'collection');
		expect(undescribed.map((p) => p.name)).toEqual([]);
	});
});
