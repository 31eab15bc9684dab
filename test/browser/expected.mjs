// What the editor must show, taken from the package itself at run time: the nodes of package.json's
// `n8n.nodes` (so a node added tomorrow is checked too) and the model facts of the catalog
// (nodes/shared/catalog, loaded through tsx), never a hand-written list.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';

import { REPO_ROOT } from '../../scripts/n8n/paths.mjs';
import catalog from '../../nodes/shared/catalog/index.ts';

const require = createRequire(import.meta.url);
// the catalog is TypeScript (CommonJS once tsx compiles it): its re-exports reach ESM as the default
const { IMAGE_MODELS, VIDEO_MODELS } = catalog;
export const packageJson = JSON.parse(
	fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'),
);

/**
 * Every node of package.json as n8n loads it: { type, displayName, description, schemas }, where
 * schemas says whether the build ships its output schemas (dist/nodes/<Node>/__schema__).
 */
export function packageNodes() {
	return packageJson.n8n.nodes.map((file) => {
		const className = path.basename(file).split('.')[0];
		const { description } = new (require(path.join(REPO_ROOT, file))[className])();
		const schemas = fs.existsSync(path.join(REPO_ROOT, path.dirname(file), '__schema__'));
		return {
			type: `${packageJson.name}.${description.name}`,
			displayName: description.displayName,
			description,
			schemas,
		};
	});
}

/**
 * Every subtitle Create Video and Create Image can show on the canvas: each model, mode and Wait for
 * Completion, the expression evaluated as a plain function of $parameter.
 */
export function createSubtitles() {
	const texts = new Set();
	for (const { description } of packageNodes()) {
		if (!['createVideo', 'createImage'].includes(description.name)) continue;
		const expression = description.subtitle.replace(/^=\{\{|\}\}$/g, '');
		const evaluate = new Function('$parameter', `return ${expression};`);
		const values = (name) => [
			...new Set(
				description.properties
					.filter((p) => p.name === name)
					.flatMap((p) => (p.options ?? []).map((o) => o.value)),
			),
		];
		for (const model of values('model'))
			for (const generationMode of values('generationMode'))
				for (const waitForCompletion of values('waitForCompletion'))
					texts.add(evaluate({ model, generationMode, waitForCompletion }));
	}
	return [...texts];
}

/** Every credential type of package.json, as n8n loads it. */
export function credentialTypes() {
	return packageJson.n8n.credentials.map((file) => {
		const className = path.basename(file).split('.')[0];
		return new (require(path.join(REPO_ROOT, file))[className])();
	});
}

export { VIDEO_MODELS };

/**
 * The Create Video fields a model shows in Text to Video (the default mode), from the catalog:
 * Draft only where the model drafts text-to-video, Automatic Length only where it accepts the
 * automatic duration, the aspect field named after its kind (sd presets, alt ratios).
 */
export function textToVideoFields(model) {
	return [
		'Model',
		'Generation Mode',
		'Prompt',
		...(model.params.draft?.modes.includes('textToVideo') ? ['Draft'] : []),
		...(model.duration.smart ? ['Automatic Length'] : []),
		'Duration (Seconds)',
		model.aspect.input === 'ratio' ? 'Aspect Ratio' : 'Aspect Preset',
		'Output Resolution',
	];
}

/** Labels a model-dependent field may have: the panel shows exactly textToVideoFields() of them. */
export const MODEL_FIELD_LABELS = new Set(VIDEO_MODELS.flatMap(textToVideoFields));

/**
 * Create Image's model-dependent fields, from the catalog: Quality and Output Format only where the
 * model has them; Resolution (shown upper-case) and Aspect Ratio with the model's own values.
 */
export function imageFields(model) {
	return {
		labels: [
			...(model.quality ? ['Quality'] : []),
			'Resolution',
			'Aspect Ratio',
			...(model.outputFormat ? ['Output Format'] : []),
		],
		resolution: model.resolution.options.map((o) => o.value.toUpperCase()),
		aspectRatio: model.aspectRatio.options.map((o) => o.value),
		counts: {
			quality: model.quality?.options.length ?? 0,
			outputFormat: model.outputFormat?.options.length ?? 0,
		},
	};
}

export const IMAGE_FIELD_LABELS = new Set([
	'Quality',
	'Resolution',
	'Aspect Ratio',
	'Output Format',
]);

const names = (list) => list.map((o) => o.name);
/** A video model's whole seconds, as the Duration list names them. */
const seconds = (m) =>
	Array.from({ length: m.duration.range.max - m.duration.range.min + 1 }, (_, i) =>
		String(m.duration.range.min + i),
	);

/**
 * Model switches that must not keep a value: for each pair, a value of each option field that the
 * first model offers and the second does not (all taken from the catalog). Each case says what the
 * panel may show afterwards. Duration is a list of the model's seconds for this reason: n8n's
 * editor drops only option values that a switch leaves invalid (a number would keep sd2.5's 25 s on sd2).
 */
export function switchCases() {
	const video = (id) => VIDEO_MODELS.find((m) => m.id === id);
	const image = (id) => IMAGE_MODELS.find((m) => m.id === id);
	const cases = [];
	const add = (node, from, to, parameter, list) => {
		const value = list(from).find((name) => !list(to).includes(name));
		if (value) cases.push({ node, from, to, parameter, value, allowed: list(to) });
	};
	for (const [a, b] of [
		['sd2.5', 'alt3.0-video'],
		['alt3.0-video-prime', 'sd2'],
		['sd2', 'alt3.0-video-prime'],
	]) {
		add('video', video(a), video(b), 'aspect', (m) => names(m.aspect.options));
		add('video', video(a), video(b), 'outputResolution', (m) => names(m.outputResolutions));
		add('video', video(a), video(b), 'duration', seconds);
	}
	add('video', video('sd2.5'), video('sd2'), 'duration', seconds);
	for (const [a, b] of [
		['nano-fruit-2', 'gen-image-2'],
		['dream-v5.0-lite', 'dream-v5.0-pro'],
	]) {
		add('image', image(a), image(b), 'aspectRatio', (m) => imageFields(m).aspectRatio);
		add('image', image(a), image(b), 'resolution', (m) => imageFields(m).resolution);
	}
	return cases;
}

export { IMAGE_MODELS };
