/**
 * What a multipart upload puts on the wire, whatever n8n's request helper (run this file with
 * jest.n8n-v1.config.js too): n8n 1.x recognises a form only as an instance of its own form-data
 * package and sent the package's former duck-typed body without its multipart Content-Type.
 */
import { parseMultipart } from '../emulator/http/multipart';
import { makeImage } from '../emulator/media';
import { runWorkflow } from '../harness';
import { BINARY_ITEMS_TYPE, binaryItems, itemWithFiles } from '../helpers/binary-items';
import { chainWorkflow, packageNode } from '../helpers/workflow';
import { scriptedServer } from './scripted-server';

const PNG = makeImage('png', 64, 48);
const ASSET = { assetId: 7, providerAssetId: 'p7', status: 'PROCESSING', type: 'IMAGE' };

/** Upload Asset sends one file of an item to a server that records the request. */
async function upload(inMemory: boolean) {
	const server = await scriptedServer([{ status: 200, body: ASSET }]);
	try {
		const files = { name: 'Files', type: BINARY_ITEMS_TYPE, parameters: {} };
		const node = packageNode('Upload Asset', 'uploadAsset', {
			operation: 'upload',
			source: 'binary',
			type: 'IMAGE',
			name: 'photo',
		});
		const item = itemWithFiles([
			{ property: 'data', bytes: PNG, fileName: 'photo.png', mimeType: 'image/png' },
		]);
		const run = await runWorkflow(chainWorkflow([files, node]), {
			credentials: {
				unifiedGenerationApi: { apiKey: 'sk-upload-test', baseUrl: `${server.url}/api/v1` },
			},
			items: [{ files: (item.files as object[]).map((file) => ({ ...file, inMemory })) }],
			extraNodeTypes: { [BINARY_ITEMS_TYPE]: binaryItems },
		});
		return { run, seen: server.seen };
	} finally {
		await server.close();
	}
}

describe('a multipart upload on the wire', () => {
	test.each([
		['streamed from the binary data store', false],
		['from an in-memory binary', true],
	])(
		'%s: multipart/form-data with its boundary, an exact Content-Length, the file byte for byte',
		async (_, inMemory) => {
			const { run, seen } = await upload(inMemory);
			expect(run.json('Upload Asset')[0]).toMatchObject({ assetId: 7, assetCreated: 'yes' });
			expect(seen).toHaveLength(1);
			const [request] = seen;
			expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=\S+$/);
			expect(Number(request.headers['content-length'])).toBe(request.raw.length);
			const form = parseMultipart(String(request.headers['content-type']), request.raw);
			expect(form?.fields).toEqual({ name: 'photo' });
			expect(form?.files).toEqual([
				{ field: 'file', filename: 'photo.png', contentType: 'image/png', data: PNG },
			]);
		},
	);
});
