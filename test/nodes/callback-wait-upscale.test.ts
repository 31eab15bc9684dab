/**
 * Upscale Video with Wait for Completion = Until the Service Calls Back: an upscale task posts its
 * own shape (lower-case statuses) once, and resumes the waiting execution with the verified task.
 */
import type { RunningEmulator } from '../emulator';
import { makeVideo, probeMedia } from '../emulator/media';
import { activeAsset, logged, startFast, waitFor } from '../emulator/test-helpers';
import { runUntilWaiting, serveResume } from '../harness/waiting';
import { emulatorCredentials } from '../helpers/nodes';
import { chainWorkflow, packageNode } from '../helpers/workflow';

let emu: RunningEmulator;
let clip: { assetId: number; url: string };
beforeAll(async () => {
	emu = await startFast();
	clip = await activeAsset(emu, makeVideo('mp4', { width: 640, height: 360, seconds: 2 }), 'clip');
});
afterAll(() => emu.close());

test("the upscale's callback resumes the execution with the completed task and the upscaled file", async () => {
	const json = chainWorkflow([
		packageNode('Upscale Video', 'upscale', {
			sourceType: 'url',
			sourceUrl: clip.url,
			targetResolution: '1080p',
			waitForCompletion: 'callback',
			download: true,
		}),
	]);
	const options = { credentials: emulatorCredentials(emu) };
	const server = await serveResume(json, options);
	try {
		const waiting = await runUntilWaiting(json, {
			...options,
			waitingBaseUrl: server.waitingBaseUrl,
		});
		expect(waiting.result.status).toBe('waiting');
		const [created] = waiting.result.json('Upscale Video');
		const [sent] = (await logged(emu, '/api/v1/upscale/create')).slice(-1);
		expect((sent.body as { callBackUrl: string }).callBackUrl).toMatch(
			new RegExp(`^${server.waitingBaseUrl}/${waiting.executionId}\\?signature=`),
		);
		server.register(waiting);
		const resumed = await waitFor(
			async () => server.calls.find((entry) => entry.resumed)?.resumed,
			'the resuming callback',
		);
		const [item] = resumed.result.json('Upscale Video');
		expect(item).toMatchObject({
			taskId: created.taskId,
			status: 'completed',
			creditsConsumed: 125,
			estimatedCredits: 125,
			outcome: 'succeeded',
		});
		expect(probeMedia((await resumed.result.binary('Upscale Video')).data)).toMatchObject({
			kind: 'video',
			height: 1080,
		});
		const reads = (await logged(emu, '/api/v1/upscale/query')).filter((entry) =>
			JSON.stringify(entry).includes(String(created.taskId)),
		);
		expect(reads).toHaveLength(1);
	} finally {
		await server.close();
	}
});
