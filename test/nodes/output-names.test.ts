/**
 * Outputs in one voice on version 2 (issue 44, item 7): every node names the same thing the same way
 * (`creditsUsed`, `videoUrl`, `taskId`, upper-case `status`), the compat balance is a number, and a
 * waited item carries no stale `nextStep`. Version 1 keeps its released output. Real n8n-core
 * engine against the emulator.
 */
import type { RunningEmulator } from '../emulator';
import { startFast } from '../emulator/test-helpers';
import { FAST_WAIT, runSteps } from '../helpers/nodes';
import { COMPAT_CREDENTIAL, packageNode } from '../helpers/workflow';
import { COMPAT_MODEL } from './compat-helpers';

let emu: RunningEmulator;
beforeAll(async () => {
	emu = await startFast();
});
afterAll(() => emu.close());

const WAIT = { waitForCompletion: 'wait', download: false, ...FAST_WAIT };
const AT_ONCE = { waitForCompletion: 'none' };
const V2 = { typeVersion: 2 };
const video = { model: 'sd2-mini', prompt: 'a kite', duration: 4 };
const compat = (name: string, parameters: Record<string, unknown>, typeVersion = 2) =>
	packageNode(name, 'compatTask', parameters, { typeVersion, credentials: COMPAT_CREDENTIAL });

describe('version 2 names one thing one way', () => {
	// version 1's creditsCharged: simplify.test.ts
	test('Create Image says creditsUsed (what the item costs), as Create Video does; no creditsCharged', async () => {
		const run = await runSteps(emu, [
			packageNode('Create Image', 'createImage', { prompt: 'a fox', ...WAIT }, V2),
		]);
		const [item] = run.json('Create Image');
		expect(item.status).toBe('COMPLETED');
		expect(item.creditsUsed).toEqual(expect.any(Number));
		expect(item.creditsUsed).toBeGreaterThan(0);
		expect(item).not.toHaveProperty('creditsCharged');
	});

	test("Create Video gives the result video's URL as videoUrl; version 1 does not", async () => {
		const run = await runSteps(emu, [
			packageNode('Create Video', 'createVideo', { ...video, ...WAIT }, V2),
		]);
		const [item] = run.json('Create Video');
		const output = item.output as Array<{ url: string }>;
		expect(item.videoUrl).toBe(output[0].url);
		const v1 = await runSteps(emu, [
			packageNode('Create Video', 'createVideo', { ...video, ...WAIT }),
		]);
		expect(v1.json('Create Video')[0]).not.toHaveProperty('videoUrl');
	});

	test("Compat Task gives taskId only, status in the other nodes' words, and Wait reads it by default", async () => {
		const run = await runSteps(emu, [
			compat('Create', { model: COMPAT_MODEL, prompt: 'a kite', ...AT_ONCE }),
			compat('Wait', { resource: 'task', operation: 'wait', ...FAST_WAIT }),
		]);
		expect(run.error).toBeUndefined();
		const [created] = run.json('Create');
		expect(created).not.toHaveProperty('id');
		expect(created.status).toBe('PROCESSING');
		const [done] = run.json('Wait');
		expect(done).toMatchObject({ taskId: created.taskId, status: 'COMPLETED' });
		expect(done).not.toHaveProperty('id');
	});

	test("Compat Task version 1 keeps id and the service's status", async () => {
		const run = await runSteps(emu, [
			compat('Create', { model: COMPAT_MODEL, prompt: 'a kite', ...AT_ONCE }, 1),
			compat('Wait', { resource: 'task', operation: 'wait', ...FAST_WAIT }, 1),
		]);
		expect(run.json('Wait')[0]).toMatchObject({ id: expect.any(String), status: 'succeeded' });
	});

	test('Compat Task → Balance → Get gives the balance as a number; version 1 as the string', async () => {
		const balance = { resource: 'balance', operation: 'get' };
		const v2 = await runSteps(emu, [compat('Balance', balance)]);
		const v1 = await runSteps(emu, [compat('Balance', balance, 1)]);
		const written = v1.json('Balance')[0].balance;
		expect(written).toMatch(/^\d+\.\d{4}$/);
		expect(v2.json('Balance')[0]).toMatchObject({ balance: Number(written), canSubmitTasks: true });
	});
});

describe("a waited item drops Return at Once's nextStep", () => {
	const waitForTask = (typeVersion: number) =>
		packageNode('Wait For Task', 'waitForTask', { operation: 'wait', ...WAIT }, { typeVersion });
	const create = packageNode('Create Video', 'createVideo', { ...video, ...AT_ONCE }, V2);

	test('version 2: the completed item has no "still running" nextStep', async () => {
		const run = await runSteps(emu, [create, waitForTask(2)]);
		expect(run.json('Create Video')[0].nextStep).toContain('still running');
		const [done] = run.json('Wait For Task');
		expect(done.status).toBe('COMPLETED');
		expect(done).not.toHaveProperty('nextStep');
	});

	test('version 1 passes its input on as released', async () => {
		const run = await runSteps(emu, [create, waitForTask(1)]);
		expect(run.json('Wait For Task')[0].nextStep).toContain('still running');
	});
});
