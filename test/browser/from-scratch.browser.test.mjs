// The first hour of a new user (issue 22): an n8n with the package installed and nothing else (no
// credential, no workflow), a workflow built from the empty canvas through the node picker, the
// credential created from the node's own panel with what `npm start` prints to paste, one field
// typed where the node needs it, "Execute step", the result read in the output panel; and README's
// photo → Upload Asset → Create Video chain, built the same way. Each case starts from a new
// workflow with no credential saved. Screenshots: test/browser/artifacts/scratch-*.
// Run: npm run test:browser.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, afterEach, before, beforeEach, test } from 'node:test';

import { chromium } from 'playwright-core';

import { ensureChromium } from '../../scripts/browser/chromium.mjs';
import { emulatorCredentials } from '../../scripts/n8n/instance.mjs';
import { ARTIFACTS_DIR, choose, id, logIn, shot, shownValue } from './editor.mjs';
import { packageNodes } from './expected.mjs';
import { startInstance } from './instance.mjs';
import { emulatorFile, emulatorOutput, forgetCredentials } from './scratch-setup.mjs';
import {
	addNode,
	addTrigger,
	closePanel,
	closeToasts,
	createCredential,
	executeStep,
	newWorkflow,
	outputBinary,
	outputJson,
	typeExpression,
	typeInto,
} from './scratch.mjs';

const STEP = { timeout: 240_000 };
const log = (line) => console.log(`[scratch] ${line}`);
const PROMPT = 'A red fox running through fresh snow at dawn';

let instance;
let browser;
let page;

before(
	async () => {
		const { executablePath, version } = ensureChromium({ log });
		log(`${version} (${executablePath})`);
		instance = await startInstance({
			log,
			build: process.env.BROWSER_NO_BUILD !== '1',
			fresh: true,
		});
		browser = await chromium.launch({ executablePath, headless: true });
		page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
		await logIn(page, instance.baseUrl);
	},
	{ timeout: 15 * 60_000 },
);

after(async () => {
	await browser?.close();
	await instance?.stop();
});

// every case is a new user's first workflow: no credential saved before it
beforeEach(() => forgetCredentials(instance.session));
// where each case ended, passed or not
afterEach((t) =>
	shot(page, `scratch-end-${t.name.split(':')[0].replaceAll(' ', '-').toLowerCase()}`),
);

/**
 * What the start banner says to paste into a credential of this type: the banner prints these
 * same values (scripts/demo.mjs takes them from emulatorCredentials too).
 */
const bannerValues = (type) =>
	emulatorCredentials(instance.emulator.url).find((c) => c.type === type).data;

/** A node's name in the picker, from the package itself (description.name → displayName). */
const named = (name) => packageNodes().find((n) => n.description.name === name).displayName;

/** A node's option of `parameter` (under `resource`, if given), from the node's description. */
function optionOf(name, parameter, value, resource) {
	const { properties } = packageNodes().find((n) => n.description.name === name).description;
	const fits = (p) =>
		p.name === parameter && (!resource || p.displayOptions?.show?.resource?.includes(resource));
	return properties
		.filter(fits)
		.flatMap((p) => p.options)
		.find((o) => o.value === value);
}

/** The picker's name of an operation (its `action`). */
const actionOf = (name, operation, resource) =>
	optionOf(name, 'operation', operation, resource).action;

/** Manual Trigger → `node` (its `action`) → its credential from the banner's values, tested green. */
async function startWorkflow(node, options) {
	await newWorkflow(page, instance.baseUrl);
	await addTrigger(page, 'Manual Trigger');
	await addConnected(node, options);
}

/** `node` (its `action`) after the last node, with its credential created from the banner's values. */
async function addConnected(
	node,
	{ action, credential = 'unifiedGenerationApi', values = bannerValues(credential) } = {},
) {
	await addNode(page, node, { action });
	const tested = await createCredential(page, values);
	assert.deepEqual(
		tested,
		{ ok: true },
		`${node}: the credential made of ${JSON.stringify(values)} does not test green`,
	);
}

/** The createTask requests the emulator received so far, oldest first. */
const createTasks = () => instance.emulator.control('/requests?path=/api/v1/jobs/createTask');

/** Execute step; the output's first item (after a screenshot of the panel). */
async function execute(name) {
	const run = await executeStep(page);
	await shot(page, `scratch-${name}`);
	assert.equal(run.ok, true, `${name}: the step failed: ${run.error}`);
	return await outputJson(page);
}

/** The output panel offers the downloaded file as binary `data`, with View and Download. */
async function assertViewable(name) {
	const binary = await outputBinary(page);
	await shot(page, `scratch-${name}-binary`);
	assert.deepEqual(
		binary,
		{ fields: ['data'], view: true, download: true },
		`${name}: no viewable binary data in the output`,
	);
}

test(
	'Create Video from scratch: on its defaults with a prompt, it waits for the task and shows the video',
	STEP,
	async () => {
		await startWorkflow(named('createVideo'));
		await typeInto(page, 'prompt', PROMPT);
		const item = await execute('create-video');
		assert.match(item.taskId, /^task_/);
		assert.equal(item.status, 'COMPLETED');
		await assertViewable('create-video');
		// the README's picture of a first run (docs/refresh-pictures.mjs copies it into docs/)
		await closeToasts(page);
		await page
			.locator(id('ndv'))
			.screenshot({ path: path.join(ARTIFACTS_DIR, 'docs-first-run.png') });
	},
);

test(
	'Create Image from scratch: on its defaults with a prompt, it waits for the task and shows the image',
	STEP,
	async () => {
		await startWorkflow(named('createImage'));
		await typeInto(page, 'prompt', PROMPT);
		const item = await execute('create-image');
		assert.match(item.taskId, /^task_/);
		assert.equal(item.status, 'COMPLETED');
		await assertViewable('create-image');
	},
);

test(
	"Upload Asset from scratch: its default source is Automatic (the item's file, else the URL); with no file, a typed URL is uploaded and its review waited for",
	STEP,
	async () => {
		const url = await emulatorFile(instance.emulator, 'image');
		await startWorkflow(named('uploadAsset'), { action: actionOf('uploadAsset', 'upload') });
		assert.equal(
			await shownValue(page, 'source'),
			'Automatic',
			'Upload Asset starts on the Automatic source',
		);
		await typeInto(page, 'url', url);
		const item = await execute('upload-asset');
		assert.equal(typeof item.assetId, 'number');
		assert.equal(item.url, url);
		// version 2 waits for the review by default: the asset comes out usable
		assert.equal(item.status, 'ACTIVE', JSON.stringify(item));
	},
);

test(
	"README's chain from scratch: a photo → Upload Asset → Create Video with {{ $json.assetUri }} as First Frame, on the nodes' defaults, makes the video",
	STEP,
	async () => {
		// the photo in binary data, as a new user gets one: HTTP Request on its defaults with a URL
		const photo = await emulatorOutput(instance.emulator, 'image');
		await newWorkflow(page, instance.baseUrl);
		await addTrigger(page, 'Manual Trigger');
		await addNode(page, 'HTTP Request');
		await typeInto(page, 'url', photo);
		await closePanel(page);
		await addConnected(named('uploadAsset'), { action: actionOf('uploadAsset', 'upload') });
		await closePanel(page);
		// the credential just saved is the node's own at once: nothing to pick
		await addNode(page, named('createVideo'));
		await choose(
			page,
			'generationMode',
			optionOf('createVideo', 'generationMode', 'firstFrame').name,
		);
		await typeInto(page, 'prompt', PROMPT);
		await typeExpression(page, 'firstFrameUrl', '{{ $json.assetUri }}');
		const sent = (await createTasks()).length;
		const item = await execute('readme-chain');
		assert.equal(item.status, 'COMPLETED', JSON.stringify(item));
		await assertViewable('readme-chain');
		const [request] = (await createTasks()).slice(sent);
		assert.match(String(request?.body?.inputs?.urls?.[0]), /^asset:\/\//, JSON.stringify(request));
	},
);

test(
	'Upscale from scratch: on its defaults with a video URL, the upscale task is created',
	STEP,
	async () => {
		const url = await emulatorFile(instance.emulator, 'video');
		await startWorkflow(named('upscale'));
		await typeInto(page, 'sourceUrl', url);
		const item = await execute('upscale');
		assert.equal(typeof item.taskId, 'string', JSON.stringify(item));
		assert.equal(typeof item.status, 'string', JSON.stringify(item));
	},
);

/**
 * The nodes with a case of their own above, whose defaults need a typed field, and Wait For Task,
 * which needs a task id from a node before it. Every other node of package.json (but a trigger)
 * is tried on its defaults by the case below, so a new node is tried with no edit here.
 */
const OWN_CASE = new Set([
	'createVideo',
	'createImage',
	'uploadAsset',
	'upscale',
	'compatTask',
	'waitForTask',
]);

/** What a node run on its defaults must show beyond a step that succeeds. */
const SHOWS = {
	getCredits: async (item) => {
		const { credits } = await instance.emulator.credits();
		assert.ok(
			Object.values(item).includes(credits),
			`the output ${JSON.stringify(item)} does not show the ${credits} credits`,
		);
	},
};

/** The nodes tried on their defaults (read when the case runs: the package is built by then). */
const onDefaults = () =>
	packageNodes().filter(
		({ description }) => !OWN_CASE.has(description.name) && !description.group.includes('trigger'),
	);

test(
	'every other node from scratch: on its defaults the step succeeds and shows its output',
	STEP,
	async (t) => {
		const tried = onDefaults().map((node) => node.description.name);
		assert.ok(tried.includes('getCredits'), `Get Credits is not among the nodes tried: ${tried}`);
		assert.deepEqual(
			Object.keys(SHOWS).filter((name) => !tried.includes(name)),
			[],
			'a node in SHOWS is not tried on its defaults',
		);
		for (const { description, displayName } of onDefaults()) {
			await t.test(displayName, async () => {
				await forgetCredentials(instance.session);
				await startWorkflow(displayName, { credential: description.credentials[0].name });
				const item = await execute(description.name);
				assert.ok(item && !('error' in item), `${displayName}: ${JSON.stringify(item)}`);
				await SHOWS[description.name]?.(item);
			});
		}
	},
);

test(
	'Compat Task from scratch: Create on its defaults (a real model) with a prompt creates the task',
	STEP,
	async () => {
		await startWorkflow(named('compatTask'), {
			action: actionOf('compatTask', 'create', 'task'),
			credential: 'compatVideoApi',
		});
		await typeInto(page, 'prompt', PROMPT);
		const item = await execute('compat-task');
		assert.match(JSON.stringify(item), /"(id|taskId)":"cgt_/, JSON.stringify(item));
	},
);

test(
	'the Unified credential also works with the bare service address (no /api/v1), as the old banner printed it',
	STEP,
	async () => {
		const values = { ...bannerValues('unifiedGenerationApi'), baseUrl: instance.emulator.url };
		await startWorkflow(named('getCredits'), { values });
		const item = await execute('base-url-root');
		const { credits } = await instance.emulator.credits();
		assert.ok(Object.values(item).includes(credits), JSON.stringify(item));
	},
);

test(
	'three URLs pasted one per line into Create Video reference images are sent as three references',
	STEP,
	async () => {
		const urls = await Promise.all([1, 2, 3].map(() => emulatorFile(instance.emulator, 'image')));
		await startWorkflow(named('createVideo'));
		await choose(page, 'generationMode', 'Multi-Reference');
		await typeInto(page, 'prompt', PROMPT);
		const field = page.locator(`${id('parameter-input-urls')}`).first();
		await field.waitFor({ timeout: 15_000 });
		assert.equal(
			await field.locator('textarea').count(),
			1,
			'Reference Image URLs is a one-line field: pasted lines run together',
		);
		await typeInto(page, 'urls', urls.join('\n'));
		const sent = (await createTasks()).length;
		await execute('url-list');
		const [request] = (await createTasks()).slice(sent);
		assert.deepEqual(request?.body?.inputs?.urls, urls);
	},
);

test(
	'three URLs run together on one line are refused before any task is created',
	STEP,
	async () => {
		const urls = await Promise.all([1, 2, 3].map(() => emulatorFile(instance.emulator, 'image')));
		await startWorkflow(named('createVideo'));
		await choose(page, 'generationMode', 'Multi-Reference');
		await typeInto(page, 'prompt', PROMPT);
		await typeInto(page, 'urls', urls.join(''));
		const sent = (await createTasks()).length;
		const run = await executeStep(page);
		await shot(page, 'scratch-url-list-run-together');
		assert.equal(run.ok, false, 'the run-together URLs were accepted');
		assert.match(run.error, /Reference Image URLs|urls/, run.error);
		assert.equal((await createTasks()).length, sent, 'a task was created');
	},
);
