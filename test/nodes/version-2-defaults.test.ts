/**
 * Version 2's defaults that take what the item brings, on the real n8n-core engine against the
 * emulator: Upscale Video's Automatic source (the item's video in the Input Binary Field when it
 * carries one, else the Video URL; neither is refused before anything is sent) and the Task
 * Finished Trigger, which downloads the result files.
 */
import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';

import type { RunningEmulator } from '../emulator';
import { makeVideo } from '../emulator/media';
import { activeAsset, logged, startFast, submit, waitTask } from '../emulator/test-helpers';
import { callWebhook } from '../harness/webhook';
import { itemWithFiles, runWithFiles } from '../helpers/binary-items';
import { emulatorCredentials } from '../helpers/nodes';
import { PACKAGE, UNIFIED_CREDENTIAL, packageNode } from '../helpers/workflow';

const clipBytes = makeVideo('mp4', { width: 640, height: 360, seconds: 2 });
let emu: RunningEmulator;
beforeAll(async () => (emu = await startFast()));
afterAll(() => emu.close());

const CREATE = '/api/v1/upscale/create';
const UPLOAD = '/api/v1/assets/upload';
const counts = async () => [(await logged(emu, CREATE)).length, (await logged(emu, UPLOAD)).length];

/** A new Upscale Video node: only the Video URL from the item, Return at Once to keep runs short. */
const upscale = () =>
	packageNode(
		'Upscale Video',
		'upscale',
		{ sourceUrl: '={{ $json.url }}', waitForCompletion: 'none' },
		{ typeVersion: 2, onError: 'continueRegularOutput' },
	);
const video = (property = 'data') =>
	itemWithFiles([{ property, bytes: clipBytes, fileName: 'mine.mp4', mimeType: 'video/mp4' }]);

describe("Upscale Video version 2 starts on Automatic: the item's video, else the Video URL", () => {
	test('an item with a video uploads it and upscales the asset; an item without one, its URL', async () => {
		const clip = await activeAsset(emu, clipBytes, 'clip');
		const [creates, uploads] = await counts();
		const run = await runWithFiles(emu, [upscale()], [video(), { url: clip.url }]);
		expect(run.error).toBeUndefined();
		expect(run.json('Upscale Video')).toEqual([
			expect.objectContaining({ taskId: expect.any(String) }),
			expect.objectContaining({ taskId: expect.any(String) }),
		]);
		expect((await logged(emu, UPLOAD)).slice(uploads)).toHaveLength(1);
		const sent = (await logged(emu, CREATE)).slice(creates);
		const urls = sent.map((entry) => (entry.body as { source: { url: string } }).source.url);
		expect(urls).toHaveLength(2);
		expect(urls).toContain(clip.url);
	});

	test('an item with neither is told which field to fill, and nothing is sent', async () => {
		const [creates, uploads] = await counts();
		const run = await runWithFiles(emu, [upscale()], [{}, video('file')]);
		expect(run.json('Upscale Video').map((item) => item.error)).toEqual([
			'INVALID_URL: this item has no file in binary field "data" and the Video URL is empty: give the item a file (for example from an HTTP Request or Read Files node), or enter a Video URL',
			'INVALID_URL: this item has no file in binary field "data" (its file is in "file") and the Video URL is empty: set Input Binary Field to "file", or enter a Video URL',
		]);
		expect(await counts()).toEqual([creates, uploads]);
	});
});

describe('Task Finished Trigger version 2', () => {
	test('downloads the result files on its defaults; version 1 does not', async () => {
		const task = await submit(emu, {
			model: 'sd2-mini',
			inputs: { prompt: 'a kite', duration: '4s' },
		});
		const body = await waitTask(emu, task.taskId);
		const deliver = async (typeVersion: number) => {
			const node = {
				id: `trigger-v${typeVersion}`,
				name: 'Task Trigger',
				type: `${PACKAGE}.taskTrigger`,
				typeVersion,
				position: [0, 0],
				parameters: { secret: 'a-long-secret' },
				credentials: UNIFIED_CREDENTIAL,
			};
			const workflow = { name: 'Trigger', nodes: [node], connections: {}, settings: {} };
			const query = { secret: 'a-long-secret' };
			const delivered = await callWebhook(
				workflow,
				'Task Trigger',
				{ body, query },
				{
					credentials: emulatorCredentials(emu),
				},
			);
			return delivered.workflowData![0][0];
		};
		const item = await deliver(2);
		expect(item.binary?.data).toMatchObject({ mimeType: 'video/mp4' });
		const file = await Container.get(BinaryDataService).getAsBuffer(item.binary!.data);
		expect(file.length).toBeGreaterThan(0);
		expect((await deliver(1)).binary).toBeUndefined();
	});
});
