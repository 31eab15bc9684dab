/**
 * Media URLs the package hands a service to fetch (create/handed-urls.ts): one that only a private
 * network reaches is refused before anything is sent, by its field's label, in Create Video,
 * Create Image, Compat Task (task and asset) and Upload Asset; Allow Private File Hosts lets them
 * through. The emulator renders any URL, so its request log shows what was handed over.
 */
import type { IDataObject } from 'n8n-workflow';

import type { RunningEmulator } from '../emulator';
import { logged, reset, startFast } from '../emulator/test-helpers';
import { runSteps } from '../helpers/nodes';
import { packageNode } from '../helpers/workflow';
import { COMPAT_MODEL, COMPAT_TASKS, compatNode } from './compat-helpers';

let emu: RunningEmulator;
beforeAll(async () => (emu = await startFast()));
afterAll(() => emu.close());
beforeEach(() => reset(emu));

const CREATE_TASK = '/api/v1/jobs/createTask';
const NOTHING_SENT = 'Nothing was sent and no credits were spent.';
const KEEP_ON = { onError: 'continueRegularOutput' };

const posted = async (path: string) =>
	(await logged(emu, path)).filter((entry) => entry.method === 'POST');

/** Create Video with one reference image per item, taken from `$json.url`. */
const referenceVideo = (extra: Record<string, unknown> = {}) =>
	packageNode(
		'Create Video',
		'createVideo',
		{
			model: 'sd2',
			generationMode: 'reference',
			prompt: 'Image1 walks',
			urls: '={{ $json.url }}',
			referenceAspect: '1280x720',
			...extra,
		},
		KEEP_ON,
	);

const urlsSent = async () =>
	(await posted(CREATE_TASK)).map(
		(entry) => (entry.body as { inputs: IDataObject }).inputs.urls as string[],
	);

describe('Create Video: a reference URL on a private host', () => {
	test.each([
		['http://127.0.0.1/x.png', '127.0.0.1 is a loopback address'],
		['https://10.1.2.3/x.png', '10.1.2.3 is a private address'],
		['https://[fe80::1]/x.png', '[fe80::1] is a link-local address'],
		['https://169.254.169.254/latest', 'the cloud metadata address'],
		['https://files.local/x.png', 'files.local is a name only a local network knows'],
		['https://localhost:8080/x.png', 'localhost is a name only a local network knows'],
	])('%s is refused with its field and reason; the items around it are sent', async (url, why) => {
		const run = await runSteps(emu, [referenceVideo()], {
			items: [
				{ url: 'https://cdn.example.com/a.png' },
				{ url },
				{ url: 'https://cdn.example.com/b.png' },
			],
		});
		const items = run.output('Create Video');
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[1].json.error).toMatch(/^INVALID_URL: /);
		expect(items[1].json.error).toContain(`'${url}' cannot be fetched by the service: `);
		expect(items[1].json.error).toContain(why);
		expect(items[1].json.error).toContain('Allow Private File Hosts');
		expect(items[1].json.errorDescription).toBe(
			`Field: Reference Image URLs (inputs.urls[0]). ${NOTHING_SENT}`,
		);
		expect(await urlsSent()).toEqual([
			['https://cdn.example.com/a.png'],
			['https://cdn.example.com/b.png'],
		]);
	});

	test('a first frame on a private address names First Frame Image URL, and the node stops before any create', async () => {
		const run = await runSteps(emu, [
			packageNode('Create Video', 'createVideo', {
				model: 'sd2-mini',
				generationMode: 'firstFrame',
				prompt: 'it moves',
				firstFrameUrl: 'http://192.168.1.20/frame.png',
			}),
		]);
		expect(run.status).toBe('error');
		expect(run.error?.message).toMatch(/^INVALID_URL: 'http:\/\/192\.168\.1\.20\/frame\.png' /);
		expect(run.error?.description).toBe(
			`Field: First Frame Image URL (inputs.urls[0]). ${NOTHING_SENT}`,
		);
		expect(await posted(CREATE_TASK)).toEqual([]);
	});

	test("Allow Private File Hosts hands a private URL over (a service inside the user's network)", async () => {
		const run = await runSteps(emu, [referenceVideo({ allowPrivateHosts: true })], {
			items: [{ url: 'http://127.0.0.1/x.png' }],
		});
		expect(run.json('Create Video')[0].taskId).toEqual(expect.any(String));
		expect(await urlsSent()).toEqual([['http://127.0.0.1/x.png']]);
	});

	test("the credential's own origin passes: the service's own files", async () => {
		const own = `${emu.url}/files/own.png`;
		const run = await runSteps(emu, [referenceVideo()], { items: [{ url: own }] });
		expect(run.json('Create Video')[0].taskId).toEqual(expect.any(String));
		expect(await urlsSent()).toEqual([[own]]);
	});
});

test('Create Image: a private reference image is refused by its label', async () => {
	const run = await runSteps(emu, [
		packageNode('Create Image', 'createImage', {
			model: 'nano-fruit-pro',
			generationMode: 'imageToImage',
			prompt: 'in watercolour',
			urls: 'https://172.16.0.9/photo.png',
		}),
	]);
	expect(run.status).toBe('error');
	expect(run.error?.message).toMatch(/^INVALID_URL: .*172\.16\.0\.9 is a private address/);
	expect(run.error?.description).toBe(
		`Field: Reference Image URLs (inputs.urls[0]). ${NOTHING_SENT}`,
	);
	expect(await posted(CREATE_TASK)).toEqual([]);
});

test('Compat Task → Task → Create: a private media row is refused as Media (content[1])', async () => {
	const run = await runSteps(emu, [
		compatNode('Create', {
			resource: 'task',
			operation: 'create',
			model: COMPAT_MODEL,
			prompt: 'a walk',
			media: { rows: [{ type: 'image_url', source: 'url', url: 'http://127.0.0.1/x.png' }] },
		}),
	]);
	expect(run.status).toBe('error');
	expect(run.error?.message).toMatch(/^INVALID_URL: .*127\.0\.0\.1 is a loopback address/);
	expect(run.error?.description).toBe(`Field: Media (content[1]). ${NOTHING_SENT}`);
	expect(await posted(COMPAT_TASKS)).toEqual([]);
});

test('Compat Task → Asset → Create: a private URL is refused before the POST', async () => {
	const run = await runSteps(emu, [
		compatNode('Asset', {
			resource: 'asset',
			operation: 'create',
			groupId: { __rl: true, mode: 'id', value: 'group-1' },
			url: 'https://10.0.0.8/a.png',
		}),
	]);
	expect(run.status).toBe('error');
	expect(run.error?.message).toMatch(/^INVALID_URL: .*10\.0\.0\.8 is a private address/);
	expect(run.error?.description).toBe(`Field: URL (url). ${NOTHING_SENT}`);
	expect(await posted('/v1/assets')).toEqual([]);
});

test('Upload Asset by URL: a private https URL is refused before the upload; Allow Private File Hosts sends it', async () => {
	const upload = (extra: Record<string, unknown> = {}) =>
		packageNode('Upload Asset', 'uploadAsset', {
			operation: 'upload',
			source: 'url',
			url: 'https://192.168.0.4/cat.png',
			type: 'IMAGE',
			...extra,
		});
	const refused = await runSteps(emu, [upload()]);
	expect(refused.status).toBe('error');
	expect(refused.error?.message).toMatch(/^INVALID_URL: .*192\.168\.0\.4 is a private address/);
	expect(refused.error?.description).toBe(`Field: URL (url). ${NOTHING_SENT}`);
	expect(await posted('/api/v1/assets/upload')).toEqual([]);
	// the option hands it over; this service fetches only public URLs, and says so itself
	await runSteps(emu, [upload({ allowPrivateHosts: true })]);
	expect(await posted('/api/v1/assets/upload')).toHaveLength(1);
});
