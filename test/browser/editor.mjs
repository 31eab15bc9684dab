// What a person does in the n8n editor, as playwright-core steps: log in, open a workflow or a
// node's panel, search the node picker, read the visible labels and a selector's options, take a
// screenshot. The data-test-id selectors are n8n 2.40.7's own (its e2e suite uses them).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { DEMO_OWNER } from '../../scripts/n8n/instance.mjs';

/** Screenshots of every step (git-ignored: test/browser/.gitignore). */
export const ARTIFACTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'artifacts');

const id = (testId) => `[data-test-id="${testId}"]`;
const PANEL_LABELS = `${id('node-parameters')} ${id('input-label')}:visible`;
const OPTION = '[role="option"]:visible';

export async function shot(page, name) {
	fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
	const file = path.join(ARTIFACTS_DIR, `${name}.png`);
	await page.screenshot({ path: file });
	return file;
}

/** The sign-in form, as a person fills it; resolves once the editor left the sign-in page. */
export async function logIn(page, baseUrl) {
	await page.goto(`${baseUrl}/signin`);
	await page.fill('#emailOrLdapLoginId', DEMO_OWNER.email);
	await page.fill('#password', DEMO_OWNER.password);
	await page.click(id('form-submit-button'));
	await page.waitForURL((url) => !url.pathname.includes('signin'), {
		timeout: 60_000,
		waitUntil: 'commit',
	});
}

export async function openWorkflow(page, baseUrl, workflowId) {
	await page.goto(`${baseUrl}/workflow/${workflowId}`);
	// CI's starved machine once took over 30 s to draw a canvas (and 91 s to sign in)
	await page.locator(id('canvas-node')).first().waitFor({ timeout: 90_000 });
}

/** Opens a workflow, clicks Execute workflow and waits for n8n's "executed successfully". */
export async function executeWithButton(page, baseUrl, workflowId, timeout = 120_000) {
	await openWorkflow(page, baseUrl, workflowId);
	await page.click(id('execute-workflow-button'));
	await page
		.getByText(/Workflow executed successfully/i)
		.first()
		.waitFor({ timeout });
}

export const canvasNode = (page, name) =>
	page.locator(id('canvas-node'), { hasText: name }).first();

/** Double-click on a canvas node: its panel (NDV) opens. */
export async function openNode(page, name) {
	await canvasNode(page, name).dblclick();
	await page.locator(id('ndv')).waitFor({ timeout: 15_000 });
}

export async function closeNode(page) {
	await page.click(id('ndv-close-button'));
	await page.locator(id('ndv')).waitFor({ state: 'hidden' });
}

/** The labels of the fields the open panel shows, in order ("Fixed/Expression" toggles dropped). */
export async function visibleLabels(page) {
	const texts = await page.locator(PANEL_LABELS).allInnerTexts();
	return texts.map((text) => text.split('\n')[0].trim());
}

/** The option names a selector offers (first line of each option: its name, not its description). */
export async function optionsOf(page, parameter) {
	await page.click(`${id(`parameter-input-${parameter}`)}`);
	await page.locator(OPTION).first().waitFor();
	const names = (await page.locator(OPTION).allInnerTexts()).map((text) =>
		text.split('\n')[0].trim(),
	);
	await page.keyboard.press('Escape');
	await page.locator(OPTION).first().waitFor({ state: 'hidden' });
	return names;
}

/** Picks an option by its exact name. */
export async function choose(page, parameter, name) {
	await page.click(`${id(`parameter-input-${parameter}`)}`);
	const option = page.locator(OPTION).filter({ has: page.getByText(name, { exact: true }) });
	await option.first().click();
	await closed(page);
}

/**
 * Waits for the open list to close. On a machine busy with other suites a list has stayed open
 * after its option was taken (the choice made): Escape closes it, as a person would.
 */
async function closed(page) {
	const list = page.locator(OPTION).first();
	try {
		await list.waitFor({ state: 'hidden', timeout: 10_000 });
	} catch {
		await page.keyboard.press('Escape');
		await list.waitFor({ state: 'hidden' });
	}
}

/** What a selector shows as chosen. */
export const shownValue = (page, parameter) =>
	page
		.locator(`${id(`parameter-input-${parameter}`)} input`)
		.first()
		.inputValue();

/** Fields the panel marks as invalid (n8n's red issue icon next to a field; a CSS-module class). */
export const fieldsWithIssues = (page) =>
	page.locator(`${id('node-parameters')} [class*="parameter-issues"]:visible`).count();

/** Opens the node picker (the canvas's + button), types a query, returns the names it lists. */
export async function searchPicker(
	page,
	query,
	opener = page.locator(id('node-creator-plus-button')),
) {
	await opener.click();
	const search = page
		.locator(`${id('node-creator-search-bar')} input, ${id('search-bar')} input`)
		.first();
	await search.fill(query);
	await page.waitForTimeout(500); // the picker filters on a short debounce
	const names = await page
		.locator(`${id('node-creator')} ${id('node-creator-item-name')}:visible`)
		.allInnerTexts();
	return names.map((name) => name.trim());
}

/** The "+" under the Tool input of the (only) AI Agent on the canvas: it opens the picker on the tools n8n lists. */
export const toolPlus = (page) =>
	page
		.locator(
			`${id('canvas-node-input-handle')}[data-handleid="inputs/ai_tool/0"] ${id('canvas-handle-plus')}`,
		)
		.first();

export async function closePicker(page) {
	await page.keyboard.press('Escape');
	await page.locator(id('node-creator')).waitFor({ state: 'hidden' });
}

/** Output labels of a canvas node whose text does not fit (the canvas ends them with "…"). */
export async function cutOffLabels(node) {
	const labels = node
		.page()
		.locator(
			`${id('canvas-node-output-handle')}[data-node-name="${await node.getAttribute('data-node-name')}"] [class*="outputLabel"]`,
		);
	return labels.evaluateAll((elements) =>
		elements.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent),
	);
}

/** A picture of the workflow's nodes only (their bounding box with a margin), not the empty canvas. */
export async function nodesPicture(page, file, margin = 48) {
	const boxes = await page
		.locator(`${id('canvas-node')}, ${id('canvas-node-output-handle')}`)
		.evaluateAll((elements) =>
			elements
				.map((e) => e.getBoundingClientRect())
				.map(({ left, top, right, bottom }) => ({ left, top, right, bottom })),
		);
	const left = Math.max(0, Math.min(...boxes.map((b) => b.left)) - margin);
	const top = Math.max(0, Math.min(...boxes.map((b) => b.top)) - margin);
	const right = Math.max(...boxes.map((b) => b.right)) + margin * 3; // room for the output labels
	const bottom = Math.max(...boxes.map((b) => b.bottom)) + margin * 1.5; // and for names and subtitles
	await page.screenshot({
		path: file,
		clip: { x: left, y: top, width: right - left, height: bottom - top },
	});
}

export { id };
