/**
 * Help where a new user looks (issue 22 §1, §7, §9; issue 21 §5): fields resolved by n8n's own
 * displayOptions logic for version 1 (saved workflows) and version 2 (a new node).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { NodeHelpers } from 'n8n-workflow';
import type { INodeProperties, INodeType } from 'n8n-workflow';

import { CompatTask } from '../../nodes/CompatTask/CompatTask.node';
import { CreateImage } from '../../nodes/CreateImage/CreateImage.node';
import { CreateVideo } from '../../nodes/CreateVideo/CreateVideo.node';
import { GetCredits } from '../../nodes/GetCredits/GetCredits.node';
import { TaskTrigger } from '../../nodes/TaskTrigger/TaskTrigger.node';
import { UploadAsset } from '../../nodes/UploadAsset/UploadAsset.node';
import { Upscale } from '../../nodes/Upscale/Upscale.node';
import { WaitForTask } from '../../nodes/WaitForTask/WaitForTask.node';
import { ASSETS } from '../../nodes/shared/catalog/assets';
import { SUBTITLE_ROOM, lineWidth } from '../../nodes/shared/fields/subtitle';
import { visibleFields } from '../helpers/visible-fields';

const NODES: Array<[string, INodeType]> = [
	['CompatTask', new CompatTask()],
	['CreateImage', new CreateImage()],
	['CreateVideo', new CreateVideo()],
	['GetCredits', new GetCredits()],
	['TaskTrigger', new TaskTrigger()],
	['UploadAsset', new UploadAsset()],
	['Upscale', new Upscale()],
	['WaitForTask', new WaitForTask()],
];

/** Every field, down into collections and fixed collections, by its path. */
function allFields(properties: INodeProperties[], path = ''): Array<[string, INodeProperties]> {
	return properties.flatMap((property) => {
		const here = `${path}${property.name}`;
		const nested = (property.options ?? []).flatMap((option) => {
			if ('values' in option)
				return allFields(option.values as INodeProperties[], `${here}.${option.name}.`);
			return 'type' in option ? allFields([option as INodeProperties], `${here}.`) : [];
		});
		return [[here, property] as [string, INodeProperties], ...nested];
	});
}

describe('every field says what it is for', () => {
	test.each(NODES)('%s: each field has a description or a hint', (_name, node) => {
		const bare = allFields(node.description.properties)
			.filter(([, property]) => property.type !== 'notice' && property.type !== 'fixedCollection')
			.filter(([, property]) => !property.description && !property.hint)
			.map(([path]) => path);
		expect([...new Set(bare)]).toEqual([]);
	});

	test.each([
		['Create Video', new CreateVideo(), { model: 'sd2.5', generationMode: 'textToVideo' }],
		['Create Image', new CreateImage(), {}],
		['Compat Task', new CompatTask(), {}],
	])('%s: Prompt shows an example prompt', (_name, node, values) => {
		expect(visibleFields(node, values as never, 2).field('prompt')?.placeholder).toMatch(
			/^e\.g\. \w+/,
		);
	});

	test('Create Video marks Prompt required in the modes where the model requires it, not elsewhere', () => {
		const prompt = (generationMode: string) =>
			visibleFields(new CreateVideo(), { model: 'sd2', generationMode } as never, 2).field(
				'prompt',
			);
		expect(prompt('textToVideo')?.required).toBe(true);
		expect(prompt('firstFrame')).toBeDefined();
		expect(prompt('firstFrame')?.required).toBeFalsy();
	});

	test('URL lists take several lines, with an example of one URL per line', () => {
		const video = visibleFields(
			new CreateVideo(),
			{ model: 'sd2.5', generationMode: 'edit' } as never,
			2,
		);
		const image = visibleFields(new CreateImage(), { generationMode: 'imageToImage' } as never, 2);
		for (const field of [video.field('urls'), video.field('videoUrls'), image.field('urls')]) {
			expect(field?.typeOptions?.rows).toBeGreaterThanOrEqual(4);
			expect(field?.placeholder).toContain('\n');
		}
		const audio = visibleFields(
			new CreateVideo(),
			{ model: 'sd2.5', generationMode: 'reference' } as never,
			2,
		).field('audioUrls');
		expect(audio?.typeOptions?.rows).toBeGreaterThanOrEqual(4);
	});

	test('Automatic Length says what On and Off do, the price first, then its caveat', () => {
		const description = sdField('automaticDuration')?.description ?? '';
		expect(description).toMatch(/^Whether the model chooses the video's length\. On: /);
		expect(description).toMatch(/On: [^.]*price[^.]*unknown before sending/);
		expect(description).toMatch(/Off: the video is Duration long, at a price known before sending/);
		// The caveat last: the parameter table does not list -1s.
		const caveat = sentences(description).at(-1) ?? '';
		expect(caveat).toContain('-1s');
		expect(caveat).toContain('parameter table');
	});

	test("Upscale Video's Source says what each choice does before the upscale is sent", () => {
		const source = new Upscale().description.properties.find(
			(field) => field.name === 'sourceType' && field.options?.length === 4,
		);
		const says = Object.fromEntries(
			(source?.options ?? []).map((option) => [
				(option as { value: string }).value,
				(option as { description?: string }).description ?? '',
			]),
		);
		expect(says.auto).toMatch(/file when it has one, else the URL/);
		expect(says.binary).toMatch(/uploaded as an asset first.*pass the service's review/);
		expect(says.asset).toMatch(/passed review \(ACTIVE\).*nothing is uploaded/);
		expect(says.url).toMatch(/the service downloads itself/);
	});

	test('Aspect Preset says what it does and when to pick which preset', () => {
		const description = sdField('aspect')?.description ?? '';
		expect(sentences(description).length).toBeLessThanOrEqual(2);
		for (const choice of ['Auto', 'landscape', 'portrait', 'square'])
			expect(description).toContain(choice);
		expect(sdField('referenceAspect', 'reference')?.description).toContain('fixed value');
	});

	test("Upload Asset's Type says when to pick which type, with the formats and sizes of the spec", () => {
		const node = new UploadAsset();
		const description =
			visibleFields(
				node,
				{ operation: 'upload', source: 'url' } as never,
				node.description.defaultVersion ?? 1,
			).field('type')?.description ?? '';
		expect(sentences(description).length).toBeLessThanOrEqual(2);
		for (const [type, spec] of Object.entries(ASSETS.types)) {
			expect(description).toContain(`${type[0]}${type.slice(1).toLowerCase()}: `);
			for (const format of spec.formats)
				if (format !== 'jpg') expect(description).toContain(format.toUpperCase());
			expect(description).toContain(`${spec.maxBytes / 1024 / 1024} MB`);
		}
	});
});

/** A Create Video field as a new node shows it for sd2 in a mode. */
function sdField(name: string, generationMode = 'textToVideo') {
	const node = new CreateVideo();
	return visibleFields(
		node,
		{ model: 'sd2', generationMode } as never,
		node.description.defaultVersion ?? 1,
	).field(name);
}

/** Sentences end with a full stop, a question or exclamation mark before a space or the end. */
const sentences = (text: string) => text.split(/(?<=[.!?])\s+/).filter(Boolean);

describe('labels and notices a new user meets in the editor', () => {
	test.each([
		['Create Video', new CreateVideo()],
		['Create Image', new CreateImage()],
		['Upscale Video', new Upscale()],
		['Compat Task', new CompatTask()],
	])(
		"%s: the Skip option's label fits the editor (30 characters), its name is the saved one",
		(_name, node) => {
			const skip = allFields(node.description.properties).find(([path]) =>
				path.endsWith('.skipCreated'),
			)?.[1];
			expect(skip?.displayName.length).toBeLessThanOrEqual(30);
			expect(skip?.description).toContain('an earlier run already created');
		},
	);

	test('the Task Finished Trigger shows no queue-mode notice to every user', () => {
		const node = new TaskTrigger();
		for (const typeVersion of [1, node.description.defaultVersion ?? 1]) {
			const shown = visibleFields(node, {}, typeVersion).names.map((name) =>
				node.description.properties.find((field) => field.name === name)!,
			);
			expect(shown.filter((field) => /queue mode/i.test(field.displayName))).toEqual([]);
		}
	});
});

describe("Create Video's Additional Options", () => {
	const node = new CreateVideo();
	/** Whether n8n shows an Additional Options entry, with the node's values as the root of '/' paths. */
	const optionShown = (values: Record<string, unknown>, name: string, typeVersion: number) => {
		const fields = visibleFields(node, values as never, typeVersion);
		const option = (fields.field('additionalOptions')?.options as INodeProperties[]).find(
			(entry) => entry.name === name,
		);
		if (!option) return false;
		const own = (fields.values.additionalOptions ?? {}) as never;
		return NodeHelpers.displayParameter(
			own,
			option,
			{ typeVersion } as never,
			node.description,
			fields.values,
		);
	};

	test('Legacy Upscale Resolution is not offered on a new node, and still shown on a saved version-1 node', () => {
		const values = { model: 'sd2.5', generationMode: 'textToVideo' };
		expect(optionShown(values, 'upscaleResolution', 2)).toBe(false);
		expect(optionShown(values, 'upscaleResolution', 1)).toBe(true);
		expect(optionShown(values, 'seed', 2)).toBe(true);
	});

	test.each([1, 2])(
		'Final Render From Draft hides what a final ignores: seed, bitrate, audio, legacy upscale (version %s)',
		(version) => {
			const final = { model: 'sd2.5', generationMode: 'final' };
			const t2v = { model: 'sd2.5', generationMode: 'textToVideo' };
			for (const name of ['seed', 'bitrateMode', 'generateAudio', 'upscaleResolution'])
				expect([name, optionShown(final, name, version)]).toEqual([name, false]);
			for (const name of ['seed', 'bitrateMode', 'generateAudio'])
				expect([name, optionShown(t2v, name, version)]).toEqual([name, true]);
			expect(optionShown(final, 'callBackUrl', version)).toBe(true);
		},
	);
});

describe('the canvas and the picker', () => {
	/** n8n evaluates the subtitle as an expression of the node's parameters: here with a plain function. */
	const subtitle = (node: INodeType, parameters: Record<string, unknown>) => {
		const expression = String(node.description.subtitle).replace(/^=\{\{|\}\}$/g, '');
		const evaluate = new Function('$parameter', `return ${expression};`) as (
			p: Record<string, unknown>,
		) => string;
		return evaluate(parameters);
	};

	test.each([
		[
			new CreateImage(),
			{ model: 'gen-image-2', generationMode: 'textToImage', waitForCompletion: 'wait' },
			/^gen-image-2 · Text to Image$/,
		],
		[
			new CreateVideo(),
			{ model: 'sd2', generationMode: 'textToVideo', waitForCompletion: 'none' },
			/^sd2 · Text to Video · IDs only$/,
		],
		[new Upscale(), { targetResolution: '4k', waitForCompletion: 'none' }, /^to 4K · IDs only$/],
		[new UploadAsset(), { operation: 'upload' }, /^Upload$/],
		[new CompatTask(), { resource: 'task', operation: 'create' }, /^Task · Create$/],
		[new Upscale(), { targetResolution: '2k', waitForCompletion: 'wait' }, /^to 2K$/],
		[new WaitForTask(), { operation: 'relations' }, /^Get Draft\/Final Relations$/],
		// the events by the names the Events field shows (Completed, Failed), not the stored `succeeded`
		[new TaskTrigger(), { events: ['succeeded', 'failed'] }, /^on completed or failed$/],
		[new TaskTrigger(), { events: ['succeeded'] }, /^on completed$/],
	])('%#: the subtitle shows display names, not raw values', (node, parameters, expected) => {
		expect(subtitle(node, parameters)).toMatch(expected);
	});

	test.each([
		[
			new CreateVideo(),
			{ model: 'alt3.0-video-prime', generationMode: 'reference', waitForCompletion: 'wait' },
			'alt3.0-video-prime · Reference',
		],
		[
			new CreateVideo(),
			{ model: 'alt3.0-video-prime', generationMode: 'firstFrame', waitForCompletion: 'none' },
			'alt3.0-video-prime · IDs only',
		],
		[
			new CreateImage(),
			{ model: 'gen-image-2.5-sunburst', generationMode: 'textToImage', waitForCompletion: 'wait' },
			'gen-image-2.5-sunburst · Text',
		],
		[
			new CreateImage(),
			{ model: 'gen-image-2.5-sunburst', generationMode: 'textToImage', waitForCompletion: 'none' },
			'gen-image-2.5-sunburst',
		],
	])(
		'%#: a long model id with a long mode is shortened to one canvas line (the browser suite measures them all)',
		(node, parameters, expected) => {
			expect(subtitle(node, parameters)).toBe(expected);
		},
	);

	test('every model, mode and Wait for Completion of the Create nodes gives a subtitle of one canvas line, with the model', () => {
		for (const node of [new CreateVideo(), new CreateImage()]) {
			const selectors = node.description.properties;
			const valuesOf = (name: string) => [
				...new Set(
					selectors
						.filter((p) => p.name === name)
						.flatMap((p) => (p.options ?? []).map((o) => String((o as { value: string }).value))),
				),
			];
			for (const model of valuesOf('model'))
				for (const generationMode of valuesOf('generationMode'))
					for (const waitForCompletion of valuesOf('waitForCompletion')) {
						const text = subtitle(node, { model, generationMode, waitForCompletion });
						expect(lineWidth(text)).toBeLessThanOrEqual(SUBTITLE_ROOM);
						expect(text.startsWith(model)).toBe(true);
						if (waitForCompletion !== 'none') expect(text).not.toMatch(/IDs only/);
					}
		}
	});

	test('Wait for Completion lists Wait first, and no choice of it takes more than 25 words', () => {
		for (const node of [new CreateVideo(), new CreateImage(), new Upscale(), new CompatTask()]) {
			const selectors = node.description.properties.filter((p) => p.name === 'waitForCompletion');
			expect(selectors.length).toBeGreaterThan(0);
			for (const selector of selectors) {
				const options = selector.options as Array<{ value: string; description: string }>;
				expect(options[0].value).toBe('wait');
				const words = options.map((o) => o.description.split(/\s+/).length);
				expect(Math.max(...words)).toBeLessThanOrEqual(25);
			}
		}
	});

	// n8n's Cloud rules keep five or more operations alphabetical: there the main action is the default.
	test('the main action is listed first, or is the default where five or more operations stay alphabetical', () => {
		const property = (node: INodeType, name: string) =>
			node.description.properties.find((each) => each.name === name);
		const first = (node: INodeType, name: string) =>
			(property(node, name)?.options?.[0] as { value: string }).value;
		expect(first(new UploadAsset(), 'operation')).toBe('upload');
		expect(first(new WaitForTask(), 'operation')).toBe('wait');
		expect(property(new CompatTask(), 'resource')?.default).toBe('task');
		const assetOperation = new CompatTask().description.properties.find(
			(each) => each.name === 'operation' && each.displayOptions?.show?.resource?.includes('asset'),
		);
		expect(assetOperation?.default).toBe('create');
	});
});

describe("Docs links open the node's README section on the package's homepage", () => {
	const ROOT = join(__dirname, '..', '..');
	const homepage = (
		JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { homepage: string }
	).homepage.replace(/#.*$/, '');
	const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
	/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
	const anchors = new Set(
		[...readme.matchAll(/^#+ (.+)$/gm)].map(([, title]) =>
			title
				.toLowerCase()
				.replace(/[^\w\- ]/g, '')
				.replace(/ /g, '-'),
		),
	);

	test.each(NODES.filter(([name]) => name !== 'GetCredits' && name !== 'TaskTrigger'))(
		'%s',
		(name, node) => {
			const url = node.description.documentationUrl ?? '';
			expect(url.startsWith(`${homepage}#`)).toBe(true);
			expect(anchors.has(url.slice(homepage.length + 1))).toBe(true);
			const codex = JSON.parse(
				readFileSync(join(ROOT, 'nodes', name, `${name}.node.json`), 'utf8'),
			) as { resources: { primaryDocumentation: Array<{ url: string }> } };
			expect(codex.resources.primaryDocumentation[0].url).toBe(url);
		},
	);
});
