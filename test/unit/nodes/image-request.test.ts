import type { IDataObject, INode } from 'n8n-workflow';

import { withImageFields } from '../../../nodes/CreateImage/resources/image/output';
import { checkImageParameters } from '../../../nodes/CreateImage/resources/image/parameters';
import type { ImageParameters } from '../../../nodes/CreateImage/resources/image/parameters';
import { buildImageRequests } from '../../../nodes/CreateImage/resources/image/request';
import { checkedParameters } from '../../../nodes/shared/create/checked';
import { validateRequest } from '../../../nodes/shared/rules';

const node = { type: 'n8n-nodes-unified-generation.createImage', parameters: {} } as INode;

/** Checked as the node checks them (a refusal throws the node's error), then built. */
const checkedBuild = (parameters: ImageParameters) =>
	buildImageRequests(
		checkedParameters({ getNode: () => node }, 0, parameters, checkImageParameters),
	);

const build = (parameters: ImageParameters) =>
	checkedBuild({
		model: 'gen-image-2',
		generationMode: 'textToImage',
		prompt: 'a fox',
		...parameters,
	});

describe('Create Image fields become createTask bodies', () => {
	test('text to image: every setting of the model, the callback trimmed, no urls', () => {
		const [request] = build({
			quality: 'high',
			resolution: '4k',
			aspectRatio: '4:3',
			outputFormat: 'jpeg',
			urls: 'https://left.over/from-edit-mode.png',
			additionalOptions: { callBackUrl: ' https://example.com/hook ' },
		});
		expect(request).toEqual({
			model: 'gen-image-2',
			inputs: {
				prompt: 'a fox',
				quality: 'high',
				resolution: '4k',
				aspectRatio: '4:3',
				outputFormat: 'jpeg',
			},
			callBackUrl: 'https://example.com/hook',
		});
		expect(validateRequest(request)).toEqual({ ok: true });
	});

	test('image to image: one URL per line, commas kept inside a URL; an array from an expression works too', () => {
		const [fromText] = build({
			generationMode: 'imageToImage',
			urls: ' https://cdn.test/w_400,h_400/a.png \n\nhttps://cdn.test/b.webp',
		});
		expect(fromText.inputs.urls).toEqual([
			'https://cdn.test/w_400,h_400/a.png',
			'https://cdn.test/b.webp',
		]);
		const [fromArray] = build({ generationMode: 'imageToImage', urls: ['https://cdn.test/a.png'] });
		expect(fromArray.inputs.urls).toEqual(['https://cdn.test/a.png']);
	});

	test('fields the model does not show (absent) and blank values are not sent: the service default applies', () => {
		const [request] = build({
			model: 'nano-fruit-2',
			resolution: '',
			aspectRatio: undefined,
			additionalOptions: { callBackUrl: '  ' },
		});
		expect(request).toEqual({ model: 'nano-fruit-2', inputs: { prompt: 'a fox' } });
	});

	test('values of the wrong kind are sent on for the rules to refuse with the spec code', () => {
		const [request] = build({ quality: 'ultra', prompt: 42 });
		expect(request.inputs).toMatchObject({ quality: 'ultra', prompt: 42 });
		expect(validateRequest(request)).toMatchObject({
			ok: false,
			code: 'INVALID_PARAMETER',
			path: 'inputs.prompt',
		});
	});

	test('Images per Item N gives N equal requests; absent means one', () => {
		expect(build({ imagesPerItem: 3 })).toHaveLength(3);
		expect(
			new Set(build({ imagesPerItem: 3 }).map((request) => JSON.stringify(request))).size,
		).toBe(1);
		expect(build({})).toHaveLength(1);
	});
});

describe('what the request cannot say is refused by the node', () => {
	test.each<[string, ImageParameters, string, string]>([
		['an unknown mode', { generationMode: 'outpaint' }, 'INVALID_PARAMETER', 'generationMode'],
		[
			'Image to Image with no URL',
			{ generationMode: 'imageToImage', urls: '' },
			'INVALID_MEDIA_COMBINATION',
			'urls',
		],
		[
			'Images per Item 0',
			{ generationMode: 'textToImage', imagesPerItem: 0 },
			'INVALID_PARAMETER',
			'imagesPerItem',
		],
		[
			'Images per Item "two"',
			{ generationMode: 'textToImage', imagesPerItem: 'two' },
			'INVALID_PARAMETER',
			'imagesPerItem',
		],
	])('%s', (_name, parameters, code, path) => {
		expect(checkImageParameters(parameters)).toMatchObject({ code, path });
		const refused = () => checkedBuild({ model: 'gen-image-2', prompt: 'x', ...parameters });
		expect(refused).toThrow(new RegExp(`^${code}: `));
		expect(refused).toThrow(
			expect.objectContaining({ description: expect.stringMatching(/^Field: .*Nothing was sent/) }),
		);
	});
});

describe('creditsCharged and imageUrl (our reading: a submission deducts, a failed image task is refunded)', () => {
	const charged = (json: IDataObject) => withImageFields({ json, pairedItem: { item: 0 } }).json;
	const output = [{ url: 'https://files.test/a.png', width: 1024, height: 1024 }];

	test.each<[string, IDataObject, number | null]>([
		[
			'completed: what the service charged',
			{ status: 'COMPLETED', creditsUsed: 23, estimatedCredits: 23, output },
			23,
		],
		[
			'failed: refunded',
			{ status: 'FAILED', creditsUsed: 23, estimatedCredits: 23, taskCreated: 'yes' },
			0,
		],
		['never created', { taskCreated: 'no', error: 'BUDGET_EXCEEDED: ...' }, 0],
		[
			'created, not finished: the estimate, held until it ends',
			{ taskId: 't', estimatedCredits: 7 },
			7,
		],
		[
			'timed out while running: the estimate',
			{ taskId: 't', status: 'PROCESSING', estimatedCredits: 7, taskCreated: 'yes' },
			7,
		],
		[
			'a create without a clear answer: unknown',
			{ taskCreated: 'unknown', error: 'Not confirmed' },
			null,
		],
	])('%s', (_name, json, expected) => {
		expect(charged(json).creditsCharged).toBe(expected);
	});

	test('imageUrl is the first output url of a completed task only', () => {
		expect(charged({ status: 'COMPLETED', output }).imageUrl).toBe('https://files.test/a.png');
		expect(charged({ status: 'FAILED', output: null })).not.toHaveProperty('imageUrl');
	});
});
