/**
 * The output schemas the package ships for the editor's schema preview hold what the nodes really
 * output. Each case runs a node in the real engine against the emulator, on every output and in
 * its error and timed-out shapes; the schema is the file n8n itself resolves for that node,
 * version, resource and operation (n8n-core's resolveOutputSchemaPath, as n8n's /schemas/ route
 * does). Every key of every item must be declared with its JSON type, as deep as the schema goes,
 * and every schema file under nodes/ must be the one of some case.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';

import type { RunningEmulator } from '../emulator';
import { makeImage, makeVideo } from '../emulator/media';
import { writeXlsx, XLSX_MIME } from '../emulator/spreadsheet/xlsx';
import {
	activeAsset,
	addAccount,
	call,
	control,
	KEY,
	startFast,
	submit,
	upload as uploadFile,
	waitFor,
	waitTask,
	waitTerminal,
} from '../emulator/test-helpers';
import { nodeTypes } from '../harness';
import type { RunResult } from '../harness';
import { resumeByTimeout, runUntilWaiting, serveResume } from '../harness/waiting';

// shared with the build (gulpfile.js), which fills in the schemas later versions inherit
import { servedSchemas } from '../../scripts/lib/schema-versions';
import { callWebhook } from '../harness/webhook';
import { itemWithFiles, runWithFiles } from '../helpers/binary-items';
import { emulatorCredentials, FAST_WAIT, runSteps } from '../helpers/nodes';
import { byId, newAsset, newGroup } from './compat-helpers';
import {
	chainWorkflow,
	COMPAT_CREDENTIAL,
	PACKAGE,
	packageNode,
	UNIFIED_CREDENTIAL,
} from '../helpers/workflow';
import type { StepNode } from '../helpers/workflow';
import { resolveOutputSchemaPath } from 'n8n-core';
import type { IDataObject, INodeTypeDescription } from 'n8n-workflow';

const ROOT = join(__dirname, '..', '..');
const NAME = 'Under Test';

// ---- The check: every key declared, with its JSON type, as deep as the schema goes.

/**
 * `nullable` (as OpenAPI writes it) rather than `type: ['array', 'null']` for containers: the editor
 * opens a field's sub-fields for mapping only when its type is one word.
 */
interface Schema {
	type?: string | string[];
	nullable?: boolean;
	properties?: Record<string, Schema>;
	items?: Schema;
}

function jsonType(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'array';
	return typeof value === 'number' && Number.isInteger(value) ? 'integer' : typeof value;
}

/** Where `value` leaves `schema`: undeclared keys and wrong types, by path. */
function mismatches(value: unknown, schema: Schema, path: string): string[] {
	const types = schema.type === undefined ? [] : [schema.type].flat();
	const type = jsonType(value);
	if (type === 'null' && schema.nullable) return [];
	if (types.length && !types.includes(type) && !(type === 'integer' && types.includes('number'))) {
		return [`${path}: ${type} ${JSON.stringify(value)?.slice(0, 80)} is not ${types.join(' or ')}`];
	}
	if (type === 'array' && schema.items)
		return (value as unknown[]).flatMap((entry, index) =>
			mismatches(entry, schema.items!, `${path}[${index}]`),
		);
	if (type !== 'object' || !schema.properties) return [];
	return Object.entries(value as IDataObject).flatMap(([key, entry]) =>
		schema.properties![key]
			? mismatches(entry, schema.properties![key], `${path}.${key}`)
			: [`${path}.${key}: not declared`],
	);
}

// ---- Where n8n finds a node's schema.

const packageNodes = (
	JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { n8n: { nodes: string[] } }
).n8n.nodes;

function descriptionOf(node: string): INodeTypeDescription {
	return nodeTypes().getByNameAndVersion(`${PACKAGE}.${node}`).description;
}

/** Every version a workflow may hold the node in: a saved version 1 and a new node's version both get their schema. */
const versionsOf = ({ version }: INodeTypeDescription) => [version].flat();

/** The schema file the editor asks for: resource and operation as the node's parameters hold them. */
function schemaPathOf(step: StepNode): string {
	const node = step.type.slice(PACKAGE.length + 1);
	const distPath = packageNodes.find(
		(path) => basename(path).toLowerCase() === `${node.toLowerCase()}.node.js`,
	);
	if (!distPath) throw new Error(`${node} is not in package.json's n8n.nodes`);
	const selectors = ['resource', 'operation'].map((key) => {
		const has = descriptionOf(node).properties.some((property) => property.name === key);
		if (has && typeof step.parameters[key] !== 'string')
			throw new Error(`The ${node} case must name its ${key}`);
		return has ? (step.parameters[key] as string) : undefined;
	});
	const nodeDir = join(ROOT, dirname(distPath).replace(/^dist\//, ''));
	const path = resolveOutputSchemaPath({
		nodeDir,
		version: step.typeVersion!,
		resource: selectors[0],
		operation: selectors[1],
		// no versionFallback: n8n's /schemas/ route asks for the exact version (2.40.7, 2.41.1)
	});
	// the source file the build serves there: the version's own, or the one it inherits
	const schemaDir = join(nodeDir, '__schema__');
	const source = servedSchemas(schemaDir).get(relative(schemaDir, path!));
	return relative(ROOT, source ? join(schemaDir, source) : path!);
}

function schemaFiles(dir = join(ROOT, 'nodes')): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return schemaFiles(path);
		return entry.name.endsWith('.json') && path.split(sep).includes('__schema__')
			? [relative(ROOT, path)]
			: [];
	});
}

// ---- Runs.

let emu: RunningEmulator;
let clip: { url: string };
beforeAll(async () => {
	emu = await startFast();
	clip = await activeAsset(emu, makeVideo('mp4', { width: 640, height: 360, seconds: 2 }), 'clip');
});
afterAll(() => emu.close());
// A fault a case armed and its run did not use must not reach the next case.
afterEach(() => call(`${emu.url}/__control/faults`, { key: null, method: 'DELETE' }));

/** Every output's items of the node's last run, as JSON (what the editor shows). */
function itemsOf(result: RunResult): IDataObject[] {
	const runs = result.runData[NAME];
	if (!runs?.length) throw new Error(`${NAME} did not run: ${result.error?.message ?? 'no error'}`);
	const { data, error } = runs[runs.length - 1];
	if (error && !data) throw new Error(`${NAME} failed: ${error.message}`);
	const items = (data?.main ?? []).flatMap((output) => output ?? []).map((item) => item.json);
	return JSON.parse(JSON.stringify(items)) as IDataObject[];
}

const run = async (step: StepNode, items?: IDataObject[], apiKey?: string) =>
	itemsOf(await runSteps(emu, [step], { items, apiKey }));

/** The item that waits for the callback, the one the callback resumes with, and the one of a timed-out wait. */
async function callbackRun(step: StepNode, items?: IDataObject[]): Promise<IDataObject[]> {
	const json = chainWorkflow([step]);
	const server = await serveResume(json, { credentials: emulatorCredentials(emu) });
	try {
		const options = {
			credentials: emulatorCredentials(emu),
			waitingBaseUrl: server.waitingBaseUrl,
			items,
		};
		const waiting = await runUntilWaiting(json, options);
		server.register(waiting);
		const resumed = await waitFor(
			async () => server.calls.find((entry) => entry.resumed)?.resumed,
			'the resuming callback',
		);
		const timedOut = await resumeByTimeout(json, await runUntilWaiting(json, options), options);
		return [waiting, resumed, timedOut].flatMap((execution) => itemsOf(execution.result));
	} finally {
		await server.close();
	}
}

let triggers = 0;
/** The Task Trigger's item for each posted body (a fresh node each, so no delivery is taken for a repeat). */
async function triggerRun(
	step: StepNode,
	bodies: IDataObject[],
	parameters: IDataObject = {},
): Promise<IDataObject[]> {
	const items: IDataObject[] = [];
	for (const body of bodies) {
		const node = {
			...step,
			typeVersion: step.typeVersion ?? 1,
			id: `trigger-${++triggers}`,
			position: [0, 0],
			parameters: { ...step.parameters, ...parameters },
		};
		const workflow = {
			name: 'Trigger',
			nodes: [node],
			connections: {},
			settings: { executionOrder: 'v1' },
		};
		const result = await callWebhook(
			workflow,
			NAME,
			{ body, query: { secret: String(step.parameters.secret) } },
			{ credentials: emulatorCredentials(emu) },
		);
		items.push(...(result.workflowData?.[0] ?? []).map((item) => item.json));
	}
	if (items.length !== bodies.length)
		throw new Error(`${bodies.length} bodies started ${items.length} executions`);
	return JSON.parse(JSON.stringify(items)) as IDataObject[];
}

// ---- Inputs the cases read.

const t2v = (prompt: string) => ({ model: 'sd2-mini', inputs: { prompt, duration: '4s' } });
const generation = (prompt: string) => submit(emu, t2v(prompt));
const upscaleTask = async (url: string) =>
	(
		await call(`${emu.unifiedBaseUrl}/upscale/create`, {
			json: { source: { type: 'url', url }, targetResolution: '1080p' },
		})
	).body as IDataObject;
const upscaleDone = async (task: IDataObject) =>
	(await waitTerminal(
		`${emu.unifiedBaseUrl}/upscale/query?taskId=${String(task.taskId)}`,
	)) as IDataObject;
const COMPAT_MODEL = 'video-2-0-260128';
const compatTask = async (prompt: string) =>
	(
		await call(`${emu.compatBaseUrl}/v1/contents/generations/tasks`, {
			json: { model: COMPAT_MODEL, content: [{ type: 'text', text: prompt }] },
		})
	).body as IDataObject;
const compatDone = (task: IDataObject) =>
	waitTerminal(`${emu.compatBaseUrl}/v1/contents/generations/tasks/${String(task.id)}`);
const group = () => newGroup(emu, 'schemas');
/** A compat asset in a group of its own. */
const groupAsset = async (name: string) =>
	(await newAsset(emu, (await group()).officialId, name)) as IDataObject;
const reviewed = async (asset: IDataObject) =>
	waitFor(async () => {
		const { body } = await call(`${emu.compatBaseUrl}/v1/assets/${String(asset.officialId)}`);
		return body.status === 'Processing' ? undefined : body;
	}, 'the review');
/** Compat asset entries of one new group, one per url. */
const entries = async (...urls: string[]) => {
	const groupId = (await group()).officialId;
	return urls.map((url) => ({ groupId, url }));
};
const unifiedUpload = async (name: string) =>
	(
		await call(`${emu.unifiedBaseUrl}/assets/upload`, {
			json: { url: `https://example.com/${name}.png`, type: 'IMAGE', name },
		})
	).body as IDataObject;
const png = () => makeImage('png', 800, 600);
const altUpload = async () =>
	(await uploadFile(emu, png(), 'alt.png', {}, KEY, '?model=alt3.0-video')).body as IDataObject;

// ---- The cases: a node, its parameters, the keys its items must show, and how it runs.

interface Case {
	title: string;
	node: string;
	parameters: Record<string, unknown>;
	/** Keys some item must carry, so the shapes the case is for (errors, outcomes, nulls) were produced. */
	shows: string[];
	run: (step: StepNode) => Promise<IDataObject[]>;
}

const c = (
	title: string,
	node: string,
	parameters: Record<string, unknown>,
	shows: string[],
	runs: Case['run'],
): Case => ({ title, node, parameters, shows, run: runs });

const WAIT = { waitForCompletion: 'wait', ...FAST_WAIT };
// Return at Once named: it is version 1's default only (version 2 waits).
const video = {
	model: 'sd2-mini',
	generationMode: 'textToVideo',
	prompt: '={{ $json.prompt }}',
	duration: 4,
	waitForCompletion: 'none',
};
const image = {
	model: 'gen-image-2.5-flare',
	prompt: '={{ $json.prompt }}',
	waitForCompletion: 'none',
};
const upscale = { sourceType: 'url', sourceUrl: '={{ $json.url }}', targetResolution: '1080p' };
/** A skipped item keeps its input's fields: the node's own keys are the others. */
const ownKeys = (output: IDataObject[], inputs: IDataObject[]) =>
	output.map((item, index) =>
		Object.fromEntries(Object.entries(item).filter(([key]) => !(key in inputs[index]))),
	);
const prompts = (...texts: string[]) => texts.map((prompt) => ({ prompt }));
const sources = (...suffixes: string[]) =>
	suffixes.map((suffix) => ({ url: `${clip.url}${suffix}` }));
const compatCreate = {
	resource: 'task',
	operation: 'create',
	model: COMPAT_MODEL,
	prompt: '={{ $json.prompt }}',
	waitForCompletion: 'none',
};
const compatEntry = { groupId: byId('={{ $json.groupId }}'), url: '={{ $json.url }}', name: 'a' };
const upload = {
	operation: 'upload',
	source: 'url',
	url: '={{ $json.url }}',
	type: 'IMAGE',
	name: '={{ $json.name }}',
};
const review = { waitOptions: FAST_WAIT.waitOptions };

/** A finished generation task of each end and a finished upscale task of each end, as the service posts them. */
async function finishedTasks(): Promise<IDataObject[]> {
	const generations = await Promise.all([generation('dawn'), generation('please [fail]')]);
	const upscales = await Promise.all([clip.url, `${clip.url}?[fail]`].map(upscaleTask));
	return [
		...(await Promise.all(generations.map((task) => waitTask(emu, task.taskId)))),
		...(await Promise.all(upscales.map(upscaleDone))),
	];
}

const CASES: Case[] = [
	c(
		'Create Video returns at once, with a refused item',
		'createVideo',
		video,
		['taskId', 'taskCreated', 'errorDescription'],
		(step) => run(step, prompts('a kite', '')),
	),
	c(
		'Create Video waits: completed and failed',
		'createVideo',
		{ ...video, ...WAIT },
		['output', 'completeTime', 'error'],
		(step) => run(step, prompts('a kite', 'please [fail]')),
	),
	c(
		'Create Video until the callback: waiting, resumed, timed out',
		'createVideo',
		{ ...video, waitForCompletion: 'callback' },
		['outcome', 'status'],
		(step) => callbackRun(step, prompts('a kite')),
	),

	c(
		'Create Image returns at once, with a refused item',
		'createImage',
		image,
		['variant', 'creditsCharged', 'taskCreated'],
		(step) => run(step, prompts('a fox', '')),
	),
	c(
		'Create Image waits: completed and failed',
		'createImage',
		{ ...image, ...WAIT },
		['imageUrl', 'output', 'error'],
		(step) => run(step, prompts('a fox', 'please [fail]')),
	),
	c(
		'Create Image whose create got no answer (the task may exist)',
		'createImage',
		image,
		['taskCreated', 'creditsCharged'],
		async (step) => {
			await control(emu, '/faults', { path: '/api/v1/jobs/createTask', drop: true });
			return await run(step, prompts('a fox'));
		},
	),
	c(
		'Create Image until the callback: waiting, resumed, timed out',
		'createImage',
		{ ...image, waitForCompletion: 'callback' },
		['outcome', 'imageUrl'],
		(step) => callbackRun(step, prompts('a fox')),
	),

	c(
		'Upscale returns at once, with a refused source',
		'upscale',
		upscale,
		['taskId', 'estimatedCredits', 'taskCreated'],
		(step) => run(step, [...sources(''), { url: 'http://example.com/a.mp4' }]),
	),
	c(
		'Upscale waits: completed and failed',
		'upscale',
		{ ...upscale, ...WAIT },
		['result', 'creditsConsumed', 'finishedAt', 'error'],
		(step) => run(step, sources('', '?[fail]')),
	),
	c(
		'Upscale until the callback: waiting, resumed, timed out',
		'upscale',
		{ ...upscale, waitForCompletion: 'callback' },
		['outcome', 'result'],
		(step) => callbackRun(step, sources('')),
	),

	c(
		'Task Trigger: either kind of task, completed and failed, verified, not verified, verification failed',
		'taskTrigger',
		{ secret: 'schema-secret' },
		['taskType', 'verified', 'verificationError', 'output', 'result', 'error'],
		async (step) => {
			const bodies = await finishedTasks();
			const items = [
				...(await triggerRun(step, bodies)),
				...(await triggerRun(step, [bodies[0]], { verifyWithApi: false })),
			];
			await control(emu, '/faults', { path: '/api/v1/jobs/queryTask', count: 4, status: 503 });
			return [...items, ...(await triggerRun(step, [bodies[0]]))];
		},
	),

	c(
		'Upload Asset uploads from URLs, with a refused URL',
		'uploadAsset',
		upload,
		['assetId', 'assetUri', 'assetCreated', 'error'],
		(step) =>
			run(step, [
				{ url: 'https://example.com/cat.png', name: 'cat' },
				{ url: 'http://example.com/cat.png' },
			]),
	),
	c(
		'Upload Asset uploads and waits for the reviews: active and rejected',
		'uploadAsset',
		{ ...upload, waitForReview: true, ...review },
		['outcome', 'failReason', 'assetCreated', 'error'],
		(step) =>
			run(step, [
				{ url: 'https://example.com/a.png', name: 'good' },
				{ url: 'https://example.com/b.png', name: 'bad [reject]' },
			]),
	),
	c(
		'Upload Asset uploads binary data for an alternative-family model',
		'uploadAsset',
		{ operation: 'upload', source: 'binary', forModel: 'alt3.0-video' },
		['assetUri'],
		async (step) =>
			itemsOf(
				await runWithFiles(
					emu,
					[step],
					[
						itemWithFiles([
							{ property: 'data', bytes: png(), fileName: 'a.png', mimeType: 'image/png' },
						]),
					],
				),
			),
	),
	c(
		'Upload Asset reads statuses: reviewed, alternative-family (no providerAssetId), unknown',
		'uploadAsset',
		{ operation: 'getStatus' },
		['providerAssetId', 'error'],
		async (step) => run(step, [await unifiedUpload('a'), await altUpload(), { assetId: 99999999 }]),
	),
	c(
		'Upload Asset lists assets, one page of one',
		'uploadAsset',
		{ operation: 'list', returnAll: false, limit: 1 },
		['items', 'nextCursor'],
		async (step) => (await unifiedUpload('b'), await unifiedUpload('c'), await run(step)),
	),
	c(
		'Upload Asset waits for reviews: active, rejected, unknown and empty ids',
		'uploadAsset',
		{ operation: 'waitForReview', ...review },
		['outcome', 'failReason', 'errorDescription'],
		async (step) =>
			run(step, [
				await unifiedUpload('ok'),
				await unifiedUpload('no [reject]'),
				{ assetId: '99999999' },
				{ assetId: '' },
			]),
	),

	c(
		'Compat Task creates tasks at once, with a refused item',
		'compatTask',
		compatCreate,
		['id', 'estimatedCredits', 'taskCreated'],
		(step) => run(step, prompts('a kite', '')),
	),
	c(
		'Compat Task creates tasks and waits: succeeded and failed',
		'compatTask',
		{ ...compatCreate, ...WAIT },
		['content', 'usage', 'error'],
		(step) => run(step, prompts('a kite', 'please [fail]')),
	),
	c(
		'Compat Task gets tasks: succeeded, failed, unknown',
		'compatTask',
		{ resource: 'task', operation: 'get' },
		['resultLinkExpiresAt', 'error', 'errorDescription'],
		async (step) => {
			const tasks = [await compatTask('a'), await compatTask('please [fail]')];
			await Promise.all(tasks.map(compatDone));
			return await run(step, [...tasks, { id: 'cgt_unknown' }]);
		},
	),
	c(
		'Compat Task lists tasks',
		'compatTask',
		{ resource: 'task', operation: 'list', returnAll: true },
		['id', 'usage'],
		async (step) => (await compatDone(await compatTask('listed')), await run(step)),
	),
	c(
		'Compat Task waits: succeeded, failed, unknown and empty ids',
		'compatTask',
		{ resource: 'task', operation: 'wait', ...FAST_WAIT },
		['outcome', 'usage', 'error'],
		async (step) =>
			run(step, [
				await compatTask('a'),
				await compatTask('please [fail]'),
				{ id: 'cgt_unknown' },
				{ id: '' },
			]),
	),
	c(
		'Compat Task creates assets, with a refused URL',
		'compatTask',
		{ resource: 'asset', operation: 'create', ...compatEntry },
		['officialId', 'assetCreated', 'error'],
		async (step) => run(step, await entries('https://example.com/a.png', '')),
	),
	c(
		'Compat Task gets assets, one unknown',
		'compatTask',
		{ resource: 'asset', operation: 'get' },
		['officialId', 'error'],
		async (step) => run(step, [await groupAsset('a'), { officialId: 'nope' }]),
	),
	c(
		'Compat Task deletes assets, one unknown',
		'compatTask',
		{ resource: 'asset', operation: 'delete' },
		['deleted', 'error'],
		async (step) => run(step, [await groupAsset('a'), { officialId: 'nope' }]),
	),
	c(
		'Compat Task lists assets',
		'compatTask',
		{ resource: 'asset', operation: 'list', returnAll: true },
		['officialId', 'imageUrl'],
		async (step) => (await reviewed(await groupAsset('listed')), await run(step)),
	),
	c(
		'Compat Task waits for reviews: active, rejected, unknown',
		'compatTask',
		{ resource: 'asset', operation: 'waitForReview', ...FAST_WAIT },
		['outcome', 'failReason', 'error'],
		async (step) =>
			run(step, [await groupAsset('ok'), await groupAsset('no [reject]'), { officialId: 'nope' }]),
	),
	c(
		'Compat Task batch-creates from items, with a refused URL',
		'compatTask',
		{ resource: 'asset', operation: 'batchCreate', source: 'items', ...compatEntry },
		['batchId', 'index', 'assetCreated', 'error'],
		async (step) => run(step, await entries('https://example.com/1.png', '')),
	),
	c(
		'Compat Task batch-creates from a spreadsheet, one row refused',
		'compatTask',
		{
			resource: 'asset',
			operation: 'batchCreate',
			source: 'spreadsheet',
			spreadsheetProperty: 'sheet',
		},
		['total', 'results', 'assetCreated'],
		async (step) => {
			const rows = [
				['groupId', 'url', 'name'],
				[String((await group()).officialId), 'https://example.com/1.png', 'one'],
				['nope', 'https://example.com/2.png', 'two'],
			];
			const sheet = {
				property: 'sheet',
				bytes: writeXlsx(rows, 'assets'),
				fileName: 'assets.xlsx',
				mimeType: XLSX_MIME,
			};
			return itemsOf(await runWithFiles(emu, [step], [itemWithFiles([sheet])]));
		},
	),
	c(
		'Compat Task creates an asset group',
		'compatTask',
		{ resource: 'assetGroup', operation: 'create', groupName: 'g', groupDescription: 'd' },
		['officialId'],
		(step) => run(step),
	),
	c(
		'Compat Task lists asset groups',
		'compatTask',
		{ resource: 'assetGroup', operation: 'list' },
		['_count', 'assetCount'],
		async (step) => (await groupAsset('counted'), await run(step)),
	),
	c(
		'Compat Task downloads the batch template',
		'compatTask',
		{ resource: 'assetTemplate', operation: 'download' },
		['fileName', 'columns'],
		(step) => run(step),
	),
	c(
		'Compat Task reads the balance: enough, too low, and a bad key',
		'compatTask',
		{ resource: 'balance', operation: 'get' },
		['canSubmitTasks', 'advice', 'error'],
		async (step) => [
			...(await run(step)),
			...(await run(step, undefined, await addAccount(emu, 'schema-poor', { compatBalance: 50 }))),
			...(await run(step, undefined, 'bad-key')),
		],
	),

	c('Get Credits, and with a bad key', 'getCredits', {}, ['credits', 'error'], async (step) => [
		...(await run(step)),
		...(await run(step, undefined, 'bad-key')),
	]),

	c(
		'Wait For Task gets generation tasks: completed, failed, running, unknown',
		'waitForTask',
		{ operation: 'get' },
		['output', 'error', 'completeTime'],
		async (step) => {
			const ended = await Promise.all([generation('a'), generation('please [fail]')]);
			await Promise.all(ended.map((task) => waitTask(emu, task.taskId)));
			return await run(step, [...ended, await generation('running'), { taskId: 'no-such-task' }]);
		},
	),
	c(
		'Wait For Task gets upscale tasks: completed and failed',
		'waitForTask',
		{ operation: 'get', taskType: 'upscale' },
		['result', 'targetResolution', 'error'],
		async (step) =>
			run(
				step,
				await Promise.all(
					[clip.url, `${clip.url}?[fail]`].map(
						async (url) => await upscaleDone(await upscaleTask(url)),
					),
				),
			),
	),
	c(
		'Wait For Task reads the relations of a draft and of its final',
		'waitForTask',
		{ operation: 'relations' },
		['finals', 'sourceDraft', 'nextCursor'],
		async (step) => {
			const draft = await submit(emu, {
				model: 'sd2.5',
				inputs: { prompt: 'draft', draft: true, duration: '4s' },
			});
			await waitTask(emu, draft.taskId);
			const final = await submit(emu, {
				model: 'sd2.5',
				inputs: { draftSourceOrderId: draft.orderId },
			});
			return await run(step, [draft, final]);
		},
	),
	c(
		'Wait For Task waits on generation tasks: completed, failed, unknown and empty ids',
		'waitForTask',
		{ operation: 'wait', ...FAST_WAIT },
		['outcome', 'error', 'errorDescription'],
		async (step) =>
			run(step, [
				await generation('a'),
				await generation('please [fail]'),
				{ taskId: 'no-such-task' },
				{ taskId: '' },
			]),
	),
	c(
		'Wait For Task waits on upscale tasks: completed and failed',
		'waitForTask',
		{ operation: 'wait', taskType: 'upscale', ...FAST_WAIT },
		['outcome', 'result', 'error'],
		async (step) => run(step, await Promise.all([clip.url, `${clip.url}?[fail]`].map(upscaleTask))),
	),
	...(
		[
			['Create Video', 'createVideo', video, () => prompts('a skipped kite')],
			['Create Image', 'createImage', image, () => prompts('a skipped lamp')],
			['Upscale', 'upscale', upscale, () => sources('?skipped')],
			['Compat Task → Task → Create', 'compatTask', compatCreate, () => prompts('a skipped bell')],
		] as const
	).map(([title, node, parameters, items]) =>
		c(
			`${title} skips an item an earlier run created`,
			node,
			{ ...parameters, batchOptions: { skipCreated: true } },
			['skipped', 'skipReason', 'skipKey', 'taskCreated'],
			async (step) => (await run(step, items()), ownKeys(await run(step, items()), items())),
		),
	),
];

function stepOf({ node, parameters }: Case, typeVersion: number): StepNode {
	const credentials =
		{ compatTask: COMPAT_CREDENTIAL, getCredits: { ...UNIFIED_CREDENTIAL, ...COMPAT_CREDENTIAL } }[
			node
		] ?? UNIFIED_CREDENTIAL;
	return packageNode(NAME, node, parameters, {
		typeVersion,
		onError: 'continueRegularOutput',
		credentials,
	});
}

/** Each case once per version of its node. */
const VERSIONED_CASES = CASES.flatMap((testCase) =>
	versionsOf(descriptionOf(testCase.node)).map((version) => ({
		...testCase,
		version,
		title: `${testCase.title} (version ${version})`,
	})),
);

/** Keys that version 2's Simplify (on by default) gives in place of the raw ones. */
const SIMPLIFIED_NAMES: Record<string, string> = {
	completeTime: 'completedAt',
	content: 'videoUrl',
	creditsConsumed: 'creditsUsed',
	finishedAt: 'completedAt',
};
/** Keys one node's Simplify renames (another node's `id` or credits field keeps its name). */
const SIMPLIFIED_BY_NODE: Record<string, Record<string, string>> = {
	createImage: { creditsCharged: 'creditsUsed' },
	compatTask: { id: 'taskId' },
};
const shownKeys = ({ shows, version, node }: (typeof VERSIONED_CASES)[number]) => {
	const names = { ...SIMPLIFIED_NAMES, ...SIMPLIFIED_BY_NODE[node] };
	return version === 1 ? shows : shows.map((key) => names[key] ?? key);
};

// ---- The tests.

describe('output schemas', () => {
	test.each(VERSIONED_CASES)('$title', async (testCase) => {
		const step = stepOf(testCase, testCase.version);
		const path = schemaPathOf(step);
		expect(existsSync(join(ROOT, path)) ? path : `${path} is missing: the editor gets a 404`).toBe(
			path,
		);
		const schema = JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as Schema;
		const items = await testCase.run(step);
		expect(items.length).toBeGreaterThan(0);
		expect(shownKeys(testCase).filter((key) => !items.some((item) => key in item))).toEqual([]);
		expect(
			items.flatMap((item, index) => mismatches(item, schema, `${path} item ${index}`)),
		).toEqual([]);
	});

	test('every schema file under nodes/ is the one of a case above, in the form the editor reads', () => {
		const files = schemaFiles();
		const reached = new Set(
			VERSIONED_CASES.map((testCase) => schemaPathOf(stepOf(testCase, testCase.version))),
		);
		expect(files.filter((file) => !reached.has(file))).toEqual([]);
		for (const file of files) {
			// The editor drops a schema without `type` and `properties` ("Invalid JSON schema").
			const schema = JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as Schema;
			expect([file, schema.type, typeof schema.properties]).toEqual([file, 'object', 'object']);
		}
	});

	test('the check fails on an undeclared key, a wrong type, and deep inside arrays', () => {
		const schema: Schema = {
			type: 'object',
			properties: {
				a: { type: 'integer' },
				list: {
					type: 'array',
					nullable: true,
					items: { type: 'object', properties: { url: { type: 'string' } } },
				},
			},
		};
		expect(mismatches({ a: 1, list: null }, schema, '$')).toEqual([]);
		expect(mismatches({ a: null }, schema, '$')).toEqual(['$.a: null null is not integer']);
		expect(
			mismatches({ a: 1.5, b: true, list: [{ url: 1 }, { other: 'x' }] }, schema, '$'),
		).toEqual([
			'$.a: number 1.5 is not integer',
			'$.b: not declared',
			'$.list[0].url: integer 1 is not string',
			'$.list[1].other: not declared',
		]);
	});
});
