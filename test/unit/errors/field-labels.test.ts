/**
 * A field named in an error is named by the label the node shows (issue 44, item 8): the labels of
 * each node's field-labels.ts are held to the nodes' descriptions, and the errors built
 * from a refusal or a service's answer use them.
 */
import type { INode } from 'n8n-workflow';

import { fieldLabel, fieldLine, httpError } from '../../../nodes/shared/errors';
import { registeredFieldLabels } from '../../../nodes/shared/errors/field-labels';
// each node registers its labels as its module loads, as n8n loads it
import '../../../nodes/CompatTask/CompatTask.node';
import '../../../nodes/CreateImage/CreateImage.node';
import '../../../nodes/CreateVideo/CreateVideo.node';
import '../../../nodes/UploadAsset/UploadAsset.node';
import '../../../nodes/Upscale/Upscale.node';
import { dumpDescriptions } from '../descriptions/dump';

const node = (type: string, parameters: Record<string, unknown> = {}): INode => ({
	id: '1',
	name: 'Node',
	type: `n8n-nodes-unified-generation.${type}`,
	typeVersion: 1,
	position: [0, 0],
	parameters: parameters as INode['parameters'],
});

/** Every displayName a node's description holds, options and collections included. */
function labelsOf(className: string): Set<string> {
	const found = new Set<string>();
	const walk = (value: unknown): void => {
		if (Array.isArray(value)) return value.forEach(walk);
		if (!value || typeof value !== 'object') return;
		const record = value as Record<string, unknown>;
		if (typeof record.displayName === 'string') found.add(record.displayName);
		Object.values(record).forEach(walk);
	};
	walk((dumpDescriptions()[className] as { description: unknown }).description);
	return found;
}

const CLASS_OF: Record<string, string> = {
	createVideo: 'CreateVideo',
	createImage: 'CreateImage',
	upscale: 'Upscale',
	uploadAsset: 'UploadAsset',
	compatTask: 'CompatTask',
};

test('every node that names fields in its errors registered its labels as it loaded', () => {
	expect([...registeredFieldLabels().keys()].sort()).toEqual(Object.keys(CLASS_OF).sort());
});

test.each([...registeredFieldLabels().entries()])(
	'every label of %s is a field the node shows',
	(name, { api, parameters }) => {
		const labels = labelsOf(CLASS_OF[name]);
		const missing = [...Object.values(api), ...Object.values(parameters)].filter(
			(label) => !labels.has(label),
		);
		expect(missing).toEqual([]);
	},
);

test('the frames and the upscale sources are fields the node shows', () => {
	const frames = ['inputs.urls[0]', 'inputs.urls[1]'].map((path) =>
		fieldLabel(node('createVideo', { generationMode: 'keyframes' }), path),
	);
	expect(frames.filter((label) => !labelsOf('CreateVideo').has(String(label)))).toEqual([]);
	const sources = ['url', 'asset', 'binary'].map((sourceType) =>
		fieldLabel(node('upscale', { sourceType }), 'source.url'),
	);
	expect(sources.filter((label) => !labelsOf('Upscale').has(String(label)))).toEqual([]);
});

test.each([
	[
		'createVideo',
		{ generationMode: 'firstFrame' },
		'inputs.urls[0]',
		'Field: First Frame Image URL (inputs.urls[0])',
	],
	[
		'createVideo',
		{ generationMode: 'reference' },
		'inputs.urls[1]',
		'Field: Reference Image URLs (inputs.urls[1])',
	],
	['createVideo', {}, 'inputs.duration', 'Field: Duration (Seconds) (inputs.duration)'],
	['createVideoTool', {}, 'inputs.duration', 'Field: Duration (Seconds) (inputs.duration)'],
	['createVideo', {}, 'lastFrameUrl', 'Field: Last Frame Image URL'],
	['upscale', { sourceType: 'asset' }, 'source.url', 'Field: Video Asset (source.url)'],
	['createVideo', {}, 'inputs.somethingNew', 'Field: inputs.somethingNew'],
])('%s %j: %s is "%s"', (type, parameters, path, expected) => {
	expect(fieldLine(node(type, parameters), path)).toBe(expected);
});

describe("the service's refusal", () => {
	const refusal = (type: string, service: 'unified' | 'compat', body: unknown) =>
		httpError(node(type, { generationMode: 'firstFrame' }), service, 400, body);

	const FIRST_FRAME = 'Field: First Frame Image URL (inputs.urls[0]). ';
	test.each([
		['names its path by the label', 'no', 'Fix the request and run the node again.'],
		[
			'of an asset still in review says to wait for the review',
			'asset://a1 is PROCESSING: only ACTIVE (reviewed) assets can be used',
			"The asset is still in review: it can be used once it is ACTIVE. Turn on Upload Asset's Wait for Review, or put Upload Asset → Wait for Review before this node, then run it again.",
		],
	])('%s', (_case, message, advice) => {
		const body = { code: 'ASSET_NOT_FOUND', message, path: 'inputs.urls[0]' };
		expect(refusal('createVideo', 'unified', body).description).toBe(FIRST_FRAME + advice);
	});

	test('of an asset still in review in the Task-Compatible Video API names its own wait', () => {
		const compat = refusal('compatTask', 'compat', {
			error: { code: 'ASSET_NOT_ACTIVE', message: 'Asset 7 is Processing; only Active assets' },
		});
		expect(compat.description).toContain(
			'Put Compat Task → Asset → Wait for Review before this node',
		);
	});

	test('that says "processing" of anything but an asset keeps the usual advice', () => {
		const error = refusal('createVideo', 'unified', {
			code: 'READ_FAILED',
			message: 'an error occurred while processing the url',
		});
		expect(error.description).toBe('Fix the request and run the node again.');
	});
});
