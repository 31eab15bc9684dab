import type { IDataObject } from 'n8n-workflow';

import type { RunningEmulator } from '../emulator';
import { call, control, logged, reset, startFast, waitTerminal } from '../emulator/test-helpers';
import { FAST_WAIT, runSteps } from '../helpers/nodes';
import { COMPAT_MODEL as MODEL, COMPAT_TASKS as TASKS, compatNode } from './compat-helpers';

/**
 * Compat Task's reading of a succeeded task's result: the video URL in either shape of `content`,
 * a succeeded task without one, and the 24 h link judged from the completion time. The emulator
 * answers the task query with a scripted body (a fault of status 200), its file route serves the video.
 */

let emu: RunningEmulator;
beforeAll(async () => (emu = await startFast()));
afterAll(() => emu.close());
beforeEach(() => reset(emu));

const HOUR = 3600;
const now = () => Math.floor(Date.now() / 1000);

/** A task the emulator made and finished, so its video file exists. */
async function finishedTask(): Promise<{ id: string; url: string; created_at: number }> {
	const created = await call(`${emu.compatBaseUrl}${TASKS}`, {
		json: { model: MODEL, content: [{ type: 'text', text: 'a lighthouse' }] },
	});
	const done = (await waitTerminal(
		`${emu.compatBaseUrl}${TASKS}/${created.body.id}`,
	)) as IDataObject;
	const [entry] = done.content as Array<{ video_url: { url: string } }>;
	return { id: String(done.id), url: entry.video_url.url, created_at: Number(done.created_at) };
}

/** The next answers of the task query: `body` instead of the emulator's own. */
const answerTaskWith = (id: string, body: IDataObject) =>
	control(emu, '/faults', { path: `${TASKS}/${id}`, status: 200, body, count: 5 });

const succeeded = (id: string, extra: IDataObject): IDataObject => ({
	id,
	model: MODEL,
	status: 'succeeded',
	created_at: now() - 60,
	updated_at: now() - 10,
	...extra,
});

const documentShape = (url: string) => [{ type: 'video_url', video_url: { url } }];
const sdkShape = (url: string) => ({ video_url: { url } });

const get = (parameters: IDataObject = {}, extra = {}) =>
	compatNode('Get', { resource: 'task', operation: 'get', ...parameters }, extra);
const wait = (parameters: IDataObject = {}) =>
	compatNode('Wait', { resource: 'task', operation: 'wait', ...FAST_WAIT, ...parameters });

describe('Compat Task: the video URL of a succeeded task', () => {
	test.each([
		['an array of video_url items (the API document)', documentShape],
		['an object content.video_url.url (the upstream SDK)', sdkShape],
	])('content as %s: Get and Wait download the video, Simplify says videoUrl', async (_, shape) => {
		const task = await finishedTask();
		await answerTaskWith(task.id, succeeded(task.id, { content: shape(task.url) }));
		const got = await runSteps(emu, [get({ download: true })], { items: [{ id: task.id }] });
		expect(got.status).toBe('success');
		expect((await got.binary('Get')).mimeType).toBe('video/mp4');
		const waited = await runSteps(emu, [wait({ download: true })], { items: [{ id: task.id }] });
		const [item] = waited.output('Wait', 0);
		expect(item.json).toMatchObject({ id: task.id, outcome: 'succeeded' });
		expect(item.binary?.data?.mimeType).toBe('video/mp4');
		const simple = await runSteps(emu, [get({ simplify: true }, { typeVersion: 2 })], {
			items: [{ id: task.id }],
		});
		expect(simple.json('Get')[0]).toMatchObject({ taskId: task.id, videoUrl: task.url });
	});

	test.each([
		['an empty content list', { content: [] }],
		['no content at all', {}],
		['a video_url item without a url', { content: [{ type: 'video_url', video_url: {} }] }],
	])('a succeeded task with %s fails its item, never a success without a file', async (_, body) => {
		const task = await finishedTask();
		await answerTaskWith(task.id, succeeded(task.id, body));
		const got = await runSteps(emu, [get({}, { typeVersion: 2 })], { items: [{ id: task.id }] });
		expect(got.status).toBe('error');
		expect(got.error?.message).toBe(
			`Task ${task.id} succeeded, but the service's answer holds no video URL`,
		);
		expect(got.error?.description).toContain('Compat Task → Task → Get');
		const waited = await runSteps(emu, [wait({ download: true })], { items: [{ id: task.id }] });
		expect(waited.output('Wait', 0)).toEqual([]);
		expect(waited.output('Wait', 1)[0].json).toMatchObject({
			id: task.id,
			status: 'succeeded',
			outcome: 'failed',
			error: expect.stringContaining('holds no video URL'),
		});
	});
});

/** A task created 30 h ago whose answer has no completion time (no updated_at). */
async function createdLongAgoWithoutUpdatedAt() {
	const task = await finishedTask();
	const body = succeeded(task.id, {
		created_at: now() - 30 * HOUR,
		content: documentShape(task.url),
	});
	delete body.updated_at;
	await answerTaskWith(task.id, body);
	return task;
}

describe('Compat Task → Get with Download: the 24 h result link', () => {
	test('is judged from updated_at (completion): a task created 30 h ago and completed 1 h ago is downloaded', async () => {
		const task = await finishedTask();
		const body = succeeded(task.id, {
			created_at: now() - 30 * HOUR,
			updated_at: now() - HOUR,
			content: documentShape(task.url),
		});
		await answerTaskWith(task.id, body);
		const run = await runSteps(emu, [get({ download: true })], { items: [{ id: task.id }] });
		expect(run.status).toBe('success');
		expect(run.json('Get')[0]).toMatchObject({
			resultLinkExpired: false,
			resultLinkExpiresAt: new Date((Number(body.updated_at) + 24 * HOUR) * 1000).toISOString(),
		});
		expect((await run.binary('Get')).mimeType).toBe('video/mp4');
	});

	test('without updated_at the expiry is unknown: a task created 30 h ago is still tried, and downloaded', async () => {
		const task = await createdLongAgoWithoutUpdatedAt();
		const run = await runSteps(emu, [get({ download: true })], { items: [{ id: task.id }] });
		expect(run.status).toBe('success');
		expect(run.json('Get')[0]).toMatchObject({
			resultLinkExpiresAt: null,
			resultLinkExpired: null,
		});
		expect((await run.binary('Get')).mimeType).toBe('video/mp4');
	});

	test("without updated_at, a link the file host no longer serves fails with the host's answer", async () => {
		const task = await createdLongAgoWithoutUpdatedAt();
		await control(emu, '/faults', { path: '/files/*', status: 403, body: { message: 'expired' } });
		const run = await runSteps(emu, [get({ download: true })], { items: [{ id: task.id }] });
		expect(run.status).toBe('error');
		expect(`${run.error?.message} ${run.error?.description}`).toMatch(/403/);
		expect(run.error?.message).not.toMatch(/expired at/);
		expect(await logged(emu, new URL(task.url).pathname)).not.toHaveLength(0);
	});
});
