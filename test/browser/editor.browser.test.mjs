// The editor as a new user finds it (issue 15): headless Chromium (playwright-core) drives the n8n
// that `npm start` installs, in a user folder and on ports of its own (test/browser/instance.mjs).
// Every step saves a screenshot under test/browser/artifacts/. Run: npm run test:browser.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { chromium } from 'playwright-core';

import { ensureChromium } from '../../scripts/browser/chromium.mjs';
import {
	ARTIFACTS_DIR,
	canvasNode,
	choose,
	closeNode,
	closePicker,
	cutOffLabels,
	executeWithButton,
	fieldsWithIssues,
	id,
	logIn,
	nodesPicture,
	openNode,
	openWorkflow,
	optionsOf,
	searchPicker,
	shot,
	shownValue,
	toolPlus,
	visibleLabels,
} from './editor.mjs';
import {
	IMAGE_FIELD_LABELS,
	IMAGE_MODELS,
	MODEL_FIELD_LABELS,
	VIDEO_MODELS,
	createSubtitles,
	credentialTypes,
	imageFields,
	packageJson,
	packageNodes,
	switchCases,
	textToVideoFields,
} from './expected.mjs';
import { AGENT_WORKFLOW, startInstance } from './instance.mjs';
import { findTable, tableRows } from '../durable/video-queue.mjs';
import { allowedProblem, composeSideBySide, watchProblems } from './problems.mjs';

const STEP = { timeout: 180_000 };
const TEXT_TO_VIDEO = 'ugExTextVideo01';
const BATCH = 'ugExBatchPrmt02';
const log = (line) => console.log(`[browser] ${line}`);
/** The README's pictures (docs/refresh-pictures.mjs copies them into docs/): one sd and one alt panel. */
const PANEL_PICTURES = ['sd2', 'alt3.0-video'];
const picture = (name) => path.join(ARTIFACTS_DIR, `docs-${name}.png`);

let instance;
let browser;
let page;
const problems = [];

before(
	async () => {
		fs.rmSync(ARTIFACTS_DIR, { recursive: true, force: true }); // this run's screenshots only
		fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
		const { executablePath, version } = ensureChromium({ log });
		log(`${version} (${executablePath})`);
		// BROWSER_NO_BUILD=1 takes dist/ as it is (while a half-edited tree does not build)
		instance = await startInstance({ log, build: process.env.BROWSER_NO_BUILD !== '1' });
		browser = await chromium.launch({ executablePath, headless: true });
		page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
		watchProblems(page, problems);
	},
	{ timeout: 15 * 60_000 },
);

after(async () => {
	await browser?.close();
	await instance?.stop();
});

/** A model's option in the selector: its catalog name, with its API id in brackets. */
const modelOption = (m) => `${m.name} (${m.id})`;
const modelByName = (m) => new RegExp(`^${escape(m.name)}( \\(${escape(m.id)}\\))?$`);
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('the owner logs in through the sign-in form', STEP, async () => {
	await logIn(page, instance.baseUrl);
	assert.doesNotMatch(page.url(), /signin/);
	await shot(page, '01-logged-in');
});

test('the node picker finds every node of package.json by its name, once', STEP, async () => {
	for (const node of packageNodes()) {
		// a trigger is looked for where a workflow starts (an empty canvas), an action next to a trigger
		const trigger = node.description.group.includes('trigger');
		if (trigger) await page.goto(`${instance.baseUrl}/workflow/new`);
		else await openWorkflow(page, instance.baseUrl, TEXT_TO_VIDEO);
		const found = await searchPicker(page, node.displayName);
		await shot(page, `02-picker-${node.description.name}`);
		await closePicker(page);
		// the trigger list names a trigger without its " Trigger" (n8n's own convention)
		const listedAs = trigger ? node.displayName.replace(/ Trigger$/, '') : node.displayName;
		assert.equal(
			found.filter((name) => name === listedAs).length,
			1,
			`searching "${node.displayName}" lists: ${JSON.stringify(found)}`,
		);
	}
});

test(
	'searching the service or the package name lists every node of the package, once',
	STEP,
	async () => {
		for (const trigger of [false, true]) {
			if (trigger) await page.goto(`${instance.baseUrl}/workflow/new`);
			else await openWorkflow(page, instance.baseUrl, TEXT_TO_VIDEO);
			const expected = packageNodes()
				.filter((node) => node.description.group.includes('trigger') === trigger)
				.map((node) => (trigger ? node.displayName.replace(/ Trigger$/, '') : node.displayName));
			for (const query of ['Unified Generation', packageJson.name]) {
				const found = await searchPicker(page, query);
				await shot(
					page,
					`02-picker-${trigger ? 'trigger' : 'action'}-${query.replaceAll(' ', '-')}`,
				);
				await closePicker(page);
				for (const name of expected) {
					assert.equal(
						found.filter((listed) => listed === name).length,
						1,
						`searching "${query}" lists: ${JSON.stringify(found)}`,
					);
				}
			}
		}
	},
);

test(
	"an AI Agent's Tool input finds every node but the trigger as a tool, by its name, once",
	STEP,
	async () => {
		await openWorkflow(page, instance.baseUrl, AGENT_WORKFLOW.id);
		const wrong = [];
		for (const node of packageNodes().filter((n) => !n.description.group.includes('trigger'))) {
			const found = await searchPicker(page, node.displayName, toolPlus(page));
			await shot(page, `02-tool-${node.description.name}`);
			await closePicker(page);
			const listed = found.filter((name) => name === `${node.displayName} Tool`).length;
			if (listed !== 1)
				wrong.push(`searching "${node.displayName}" lists ${JSON.stringify(found)}`);
		}
		assert.deepEqual(wrong, []);
	},
);

test('every node has an icon of its own, light and dark, shared with no other node or credential', () => {
	const files = packageNodes().flatMap((node) => [
		node.description.icon.light,
		node.description.icon.dark,
	]);
	const credentialIcons = credentialTypes().flatMap((c) => [c.icon.light, c.icon.dark]);
	assert.equal(new Set(files).size, files.length, `icons used twice: ${files}`);
	assert.deepEqual(
		files.filter((f) => credentialIcons.includes(f.replace('../../', '../'))),
		[],
	);
});

test(
	'each example opens and shows the package nodes with their own icons',
	// 117-143 s for 16 examples on CI's loaded machine; each new example adds about 9 s
	{ timeout: 6 * 60_000 },
	async () => {
		const ours = new Map(packageNodes().map((node) => [node.type, node]));
		for (const { workflow } of instance.examples) {
			await openWorkflow(page, instance.baseUrl, workflow.id);
			await shot(page, `03-example-${workflow.id}`);
			for (const node of workflow.nodes.filter((n) => ours.has(n.type))) {
				const icon = canvasNode(page, node.name).locator('img').first();
				const { src, width } = await icon.evaluate((img) => ({
					src: img.getAttribute('src') ?? '',
					width: img.naturalWidth,
				}));
				const file = path.basename(
					ours.get(node.type).description.icon.light.replace(/^file:/, ''),
				);
				assert.ok(width > 0, `${workflow.name} / ${node.name}: its icon did not load (${src})`);
				assert.ok(
					src.endsWith(file),
					`${workflow.name} / ${node.name}: icon ${src}, expected …/${file}`,
				);
				const cut = await cutOffLabels(canvasNode(page, node.name));
				assert.deepEqual(
					cut,
					[],
					`${workflow.name} / ${node.name}: output labels cut off on the canvas`,
				);
			}
		}
	},
);

test(
	'Create Video shows each model of the catalog exactly the fields and options the catalog gives it',
	STEP,
	async () => {
		await openWorkflow(page, instance.baseUrl, TEXT_TO_VIDEO);
		await openNode(page, 'Create Video');
		let commonLabels;
		for (const m of VIDEO_MODELS) {
			await choose(page, 'model', modelByName(m));
			const labels = await visibleLabels(page);
			await shot(page, `04-create-video-${m.id}`);
			if (PANEL_PICTURES.includes(m.id))
				await page.locator(id('node-parameters')).screenshot({ path: picture(`panel-${m.id}`) });
			assert.deepEqual(
				labels.filter((l) => MODEL_FIELD_LABELS.has(l)),
				textToVideoFields(m),
				`${m.id}: model fields`,
			);
			const others = labels.filter((l) => !MODEL_FIELD_LABELS.has(l));
			commonLabels ??= others;
			assert.deepEqual(others, commonLabels, `${m.id}: the fields every model shares`);
			const resolutions = await optionsOf(page, 'outputResolution');
			assert.deepEqual(
				resolutions.map((r) => r.replace(/ \((Native|Upscaled)\)$/, '')),
				m.outputResolutions.map((r) => r.name),
				`${m.id}: Output Resolution`,
			);
			assert.deepEqual(
				await optionsOf(page, 'aspect'),
				m.aspect.options.map((o) => o.name),
				`${m.id}: aspect`,
			);
			assert.equal(await fieldsWithIssues(page), 0, `${m.id}: a field is flagged invalid`);
		}
		await closeNode(page);
		await composeSideBySide(
			browser,
			PANEL_PICTURES.map((m) => picture(`panel-${m}`)),
			picture('create-video-models'),
		);
	},
);

test(
	'the model selector shows each model with its API id, and the subtitle what the user picked',
	STEP,
	async () => {
		await openWorkflow(page, instance.baseUrl, TEXT_TO_VIDEO);
		await openNode(page, 'Create Video');
		const names = await optionsOf(page, 'model');
		// The example returns at once (Wait For Task follows): the subtitle says so after the picks,
		// the model by its API id (the selector's "SD 2 Pro (sd2)" did not fit on the canvas). The
		// node's default model, as a new node has it (an earlier test may have left another one).
		await choose(page, 'model', modelByName(VIDEO_MODELS.find((m) => m.id === 'sd2.5')));
		const modelId = /\(([^)]+)\)$/.exec(await shownValue(page, 'model'))?.[1];
		const picked = `${modelId} · ${await shownValue(page, 'generationMode')} · IDs only`;
		await closeNode(page);
		assert.deepEqual(names, VIDEO_MODELS.map(modelOption));
		const element = canvasNode(page, 'Create Video').locator('[class*="_subtitle"]');
		const subtitle = await element.innerText();
		const cut = await element.evaluate(
			(el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight,
		);
		await shot(page, '04-create-video-subtitle');
		assert.equal(subtitle.trim(), picked);
		assert.equal(cut, false, 'the subtitle is cut on the canvas');
		// every other subtitle of the Create nodes, set in the same canvas line
		const overflowing = await element.evaluate((el, texts) => {
			const shown = el.textContent;
			const cutOff = texts.flatMap((text) => {
				el.textContent = text;
				return el.scrollWidth > el.clientWidth
					? [`${text} (${el.scrollWidth} px of ${el.clientWidth})`]
					: [];
			});
			el.textContent = shown;
			return cutOff;
		}, createSubtitles());
		assert.deepEqual(overflowing, [], 'these subtitles are cut on the canvas');
	},
);

test(
	'Create Image shows each model exactly the settings and options the catalog gives it',
	STEP,
	async () => {
		await openWorkflow(page, instance.baseUrl, NODES.image.workflow);
		await openNode(page, NODES.image.node);
		for (const m of IMAGE_MODELS) {
			await choose(page, 'model', modelByName(m));
			const expected = imageFields(m);
			const labels = await visibleLabels(page);
			await shot(page, `04-create-image-${m.id}`);
			assert.deepEqual(
				labels.filter((l) => IMAGE_FIELD_LABELS.has(l)),
				expected.labels,
				`${m.id}: model fields`,
			);
			assert.deepEqual(
				await optionsOf(page, 'resolution'),
				expected.resolution,
				`${m.id}: Resolution`,
			);
			assert.deepEqual(
				await optionsOf(page, 'aspectRatio'),
				expected.aspectRatio,
				`${m.id}: Aspect Ratio`,
			);
			for (const [parameter, count] of Object.entries(expected.counts)) {
				if (count > 0)
					assert.equal((await optionsOf(page, parameter)).length, count, `${m.id}: ${parameter}`);
			}
			assert.equal(await fieldsWithIssues(page), 0, `${m.id}: a field is flagged invalid`);
		}
		await closeNode(page);
	},
);

/** Where each Create node is opened: an example that has it. */
const NODES = {
	video: { workflow: TEXT_TO_VIDEO, node: 'Create Video' },
	image: { workflow: 'ugExImgVarnts05', node: 'Create Image' },
};
const optionNamed = (value) => new RegExp(`^${escape(value)}( \\((Native|Upscaled)\\))?$`);

test(
	'switching the model leaves only values the new model accepts',
	// a workflow opened and two options picked per case: 164 s of 180 on a loaded CI machine once
	{ timeout: 8 * 60_000 },
	async () => {
		const kept = [];
		for (const c of switchCases()) {
			await openWorkflow(page, instance.baseUrl, NODES[c.node].workflow);
			await openNode(page, NODES[c.node].node);
			await choose(page, 'model', modelByName(c.from));
			await choose(page, c.parameter, optionNamed(c.value));
			await choose(page, 'model', modelByName(c.to));
			const shown = await shownValue(page, c.parameter);
			const issues = await fieldsWithIssues(page);
			await shot(page, `05-switch-${c.from.id}-to-${c.to.id}-${c.parameter}`);
			await closeNode(page);
			const allowed = c.allowed.includes(shown.replace(/ \((Native|Upscaled)\)$/, ''));
			if (!allowed || issues > 0)
				kept.push(
					`${c.parameter} ${c.value} on ${c.from.id} → ${c.to.id} shows ${shown} (${issues} fields flagged invalid)`,
				);
		}
		assert.deepEqual(kept, []);
	},
);

test('a prompt survives a look at Final Render From Draft', STEP, async () => {
	await openWorkflow(page, instance.baseUrl, TEXT_TO_VIDEO);
	await openNode(page, 'Create Video');
	const prompt = page.locator(`${id('parameter-input-prompt')} textarea`).first();
	const typed = await prompt.inputValue();
	await choose(page, 'model', modelByName(VIDEO_MODELS.find((m) => m.id === 'sd2.5')));
	await choose(page, 'generationMode', 'Final Render From Draft');
	await choose(page, 'generationMode', 'Text to Video');
	const after = await prompt.inputValue();
	await shot(page, '05-prompt-after-final-render');
	await closeNode(page);
	assert.ok(typed.length > 0, 'the example has a prompt');
	assert.equal(after, typed);
});

test('both credentials test green', STEP, async () => {
	await page.goto(`${instance.baseUrl}/home/credentials`);
	const cards = page.locator(id('resources-list-item'));
	await cards.first().waitFor();
	assert.equal(await cards.count(), 2);
	for (let i = 0; i < 2; i++) {
		await cards.nth(i).click();
		await page
			.locator(id('credentials-config-container-test-success'))
			.waitFor({ timeout: 30_000 });
		await shot(page, `06-credential-${i + 1}`);
		// the Base URL's hint says what the Test's bare ECONNREFUSED means
		await page
			.getByText(/If the Test says ECONNREFUSED/)
			.first()
			.waitFor();
		await page.keyboard.press('Escape');
		await page.locator(id('editCredential-modal')).waitFor({ state: 'hidden' });
	}
});

test(
	'before any run, the next node can map the output fields of every node that ships its schemas',
	// a panel opened per connection after a package node, 10-15 s each: 13 took 170 s of 180
	{ timeout: 12 * 60_000 },
	async () => {
		const ours = new Map(
			packageNodes()
				.filter((node) => node.schemas)
				.map((node) => [node.type, node]),
		);
		log(
			`nodes without output schemas: ${
				packageNodes()
					.filter((node) => !node.schemas)
					.map((node) => node.displayName)
					.join(', ') || 'none'
			}`,
		);
		assert.ok(ours.size > 0, 'no node ships output schemas');
		const missing = [];
		for (const { workflow } of instance.examples) {
			for (const [from, { main }] of Object.entries(workflow.connections)) {
				const source = workflow.nodes.find((n) => n.name === from);
				if (!ours.has(source?.type)) continue;
				const next = main.flat()[0]?.node;
				if (!next) continue;
				await openWorkflow(page, instance.baseUrl, workflow.id);
				await openNode(page, next);
				const input = page.locator(id('ndv-input-panel'));
				const items = input.locator(
					'[data-test-id="run-data-schema-item"], [data-test-id="run-data-schema-node-name"]',
				);
				// the schema preview renders after the panel opens: wait for it (a miss is asserted below)
				await items
					.nth(1)
					.waitFor({ timeout: 15_000 })
					.catch(() => {});
				const fields = await items.allInnerTexts();
				await shot(page, `06-schema-${workflow.id}-${next}`);
				await closeNode(page);
				if (fields.length < 2)
					missing.push(`${workflow.name}: ${next} shows no fields of ${from} (${fields})`);
			}
		}
		assert.deepEqual(missing, []);
	},
);

test(
	'an example executed with the button completes and shows its binary output',
	STEP,
	async () => {
		await executeWithButton(page, instance.baseUrl, BATCH);
		await shot(page, '07-executed');
		await nodesPicture(page, picture('batch-executed'));
		await openNode(page, 'Wait For Task');
		const binary = page.locator(id('ndv')).getByText('video/mp4').first();
		await binary.waitFor({ timeout: 15_000 });
		await shot(page, '07-binary-output');
		await page.locator(id('ndv')).screenshot({ path: picture('binary-output') });
		await closeNode(page);
	},
);

test('Settings → Community nodes lists the package with its nodes', STEP, async () => {
	// as a person gets there: the sidebar's Settings, then Community nodes
	await page.goto(`${instance.baseUrl}/home/workflows`);
	await page.click(id('main-sidebar-settings'));
	await page.getByText('Community nodes', { exact: true }).first().click();
	const card = page.locator(id('community-package-card')).filter({ hasText: packageJson.name });
	await card.waitFor({ timeout: 30_000 });
	await shot(page, '08-community-nodes');
	const text = await card.innerText();
	assert.match(text, new RegExp(`v${escape(packageJson.version)}`), text);
	for (const node of packageNodes())
		assert.ok(text.includes(node.displayName), `${node.displayName} is not listed: ${text}`);
});

test(
	'the production queue template from the editor: its setup, then one run; every row of its Data Table completed',
	STEP,
	async () => {
		await executeWithButton(page, instance.baseUrl, 'ugExVideoQueue10');
		await executeWithButton(page, instance.baseUrl, 'ugExVideoQueue11');
		await shot(page, '08-production-queue');
		await nodesPicture(page, picture('production-queue'));
		const table = await findTable(instance.session);
		// the instance seeded 5 rows at start (as the demo does) and the setup added 5 more
		assert.deepEqual(
			(await tableRows(instance.session, table)).map((row) => row.status),
			Array(10).fill('completed'),
		);
		await page.goto(`${instance.baseUrl}/projects/${table.projectId}/datatables/${table.id}`);
		await page.getByText('completed').first().waitFor({ timeout: 30_000 });
		await shot(page, '08-production-queue-table');
		await page.screenshot({ path: picture('production-queue-table') });
	},
);

test('the editor logged no error other than the named ones', STEP, async () => {
	const unexpected = problems.filter((p) => !allowedProblem(p)).map((p) => `${p.kind}: ${p.text}`);
	assert.deepEqual([...new Set(unexpected)], []);
});
