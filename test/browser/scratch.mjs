// A workflow built from nothing, as a new user builds it in the n8n editor: the empty canvas's
// "Add first step", the node picker, a credential created from the node's panel, a field typed,
// "Execute step", the output panel read. playwright-core steps on n8n 2.40.7's own data-test-ids.
import { id } from './editor.mjs';

/** The editor is slow on a busy machine: every wait is generous, and bounded. */
const WAIT = { timeout: 60_000 };
const PICKER_SEARCH = `${id('node-creator-search-bar')} input, ${id('search-bar')} input`;
const PICKER_ITEM = `${id('node-creator')} ${id('node-creator-item-name')}:visible`;
const exactly = (text) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** A new, empty workflow. */
export async function newWorkflow(page, baseUrl) {
	await page.goto(`${baseUrl}/workflow/new`);
	await page.locator(id('canvas-add-button')).first().waitFor(WAIT);
}

/** Types a name into the open picker and clicks the entry of that exact name. */
async function pick(page, name) {
	await page.locator(PICKER_SEARCH).first().fill(name);
	const item = page
		.locator(PICKER_ITEM)
		.filter({ hasText: exactly(name) })
		.first();
	await item.waitFor(WAIT);
	await item.click();
}

/** "Add first step" → the trigger picked by its name; the trigger is on the canvas afterwards. */
export async function addTrigger(page, name) {
	await page.locator(id('canvas-add-button')).first().click();
	await pick(page, name);
	await page.locator(id('canvas-node')).first().waitFor(WAIT);
	await closePanel(page);
}

/** Closes the open node panel (back to the canvas, where the last node's "+" is). */
export async function closePanel(page) {
	if (await page.locator(id('ndv')).isVisible()) await page.click(id('ndv-close-button'));
}

/**
 * The "+" on the last node's first output → the picker → the node searched by its name. An
 * installed community node first shows its details ("Add to workflow"); a node with actions lists
 * them, and `action` picks one. The new node's panel opens by itself.
 */
export async function addNode(page, name, { action } = {}) {
	await clickFirstOutputPlus(page);
	await pick(page, name);
	const addButton = page.locator(id('node-creator')).getByText('Add to workflow', { exact: true });
	// a node's actions are listed under it, as picker entries of their own
	const actionItem = page
		.locator(PICKER_ITEM)
		.filter({ hasText: exactly(action ?? name) })
		.last();
	const ndv = page.locator(id('ndv'));
	await (action ? actionItem : addButton).or(ndv).first().waitFor(WAIT);
	if (action && (await actionItem.isVisible())) await actionItem.click();
	else if (await addButton.isVisible()) await addButton.click();
	await ndv.waitFor(WAIT);
}

/**
 * Clicks the "+" of the last node's first output: of a node with several outputs (Upload Asset
 * waiting for the review: Active, Not Active) the first is the one its good items leave by.
 */
async function clickFirstOutputPlus(page) {
	const handles = page.locator(id('canvas-node-output-handle'));
	const node = await handles.last().getAttribute('data-node-name');
	await handles
		.and(page.locator(`[data-node-name="${node}"][data-index="0"]`))
		.locator(id('canvas-handle-plus'))
		.click();
}

/**
 * Creates the node's credential from its panel, as a person does with nothing saved yet: the
 * "Connect to …" button (or the credential selector's "Create new credential"), the fields typed
 * by name, Save. Resolves with n8n's connection test: { ok: true } or { ok: false, message }.
 * The credential window is closed afterwards.
 * @param {Record<string, string>} values the credential's field names and what to type
 */
export async function createCredential(page, values) {
	const empty = page.locator(`${id('node-credentials-empty-state')} button`).first();
	const select = page.locator(id('node-credentials-select')).first();
	await empty.or(select).first().waitFor(WAIT);
	if (await empty.isVisible()) await empty.click();
	else {
		await select.click();
		await page.locator(id('node-credentials-select-item-new')).first().click();
	}
	const modal = page.locator(id('editCredential-modal'));
	await modal.waitFor(WAIT);
	await fillCredential(modal, values);
	// a connection that tests green closes the window by itself (n8n 2.x, opened from a node's panel)
	const success = modal.locator(`${id('credentials-config-container-test-success')}:visible`);
	// n8n's danger banner ("Couldn’t connect with these settings"), a CSS-module class
	const failure = modal.locator('[class*="_banner_"]:visible', { hasText: /Couldn.t connect/ });
	// a save n8n refused in a toast: on a loaded machine the click can reach it before a typed value
	// does (CI: "Problem creating credential: String must contain at least 1 character(s)")
	const refused = page.locator('.el-notification:visible', {
		hasText: 'Problem creating credential',
	});
	const closed = page.locator(`${id('editCredential-modal')}:visible`);
	const settled = () =>
		Promise.race([
			closed.waitFor({ state: 'detached', ...WAIT }),
			success.or(failure).or(refused).first().waitFor(WAIT),
		]).then(
			() => true,
			() => false,
		);
	// A refused save, or one unanswered for 60 s (CI: the window stayed open, neither green nor
	// red), is saved once more, up to three saves: n8n takes a repeat as an update of the same
	// credential. The refusal's toast is closed, so that no later step reads it as its own.
	let refusal;
	for (let saves = 1; ; saves++) {
		await modal.locator(id('credential-save-button')).click();
		const answered = await settled();
		refusal = (await refused.count()) > 0 ? (await refused.first().innerText()).trim() : undefined;
		if (refusal) await closeToasts(page);
		if ((answered && !refusal) || saves === 3 || !(await modal.isVisible())) break;
		await fillCredential(modal, values);
	}
	const result =
		(await failure.count()) > 0
			? { ok: false, message: await failureText(failure) }
			: refusal
				? { ok: false, message: refusal }
				: { ok: true };
	if (await modal.isVisible()) {
		await modal
			.locator('button[aria-label="Close this dialog"], .el-dialog__headerbtn')
			.first()
			.click();
		await modal.waitFor({ state: 'hidden', ...WAIT });
	}
	return result;
}

/** Types each value into the credential window's field of that name, until the field holds it. */
async function fillCredential(modal, values) {
	for (const [name, value] of Object.entries(values)) {
		const field = modal
			.locator(`${id(`parameter-input-${name}`)} input, ${id(`parameter-input-${name}`)} textarea`)
			.first();
		for (let tries = 0; tries < 3 && (await field.inputValue()) !== value; tries++)
			await field.fill(value);
		// leaving the field hands its value to the form, as a user's next click does
		await field.evaluate((element) => element.blur());
	}
}

/** The failed connection test as n8n shows it, its "More details" opened. */
async function failureText(banner) {
	const heading = (await banner.innerText()).trim();
	const more = banner.getByText('More details');
	if (await more.isVisible()) {
		await more.click();
		await banner
			.page()
			.waitForFunction(
				([e, before]) => e.innerText.trim() !== before,
				[await banner.elementHandle(), heading],
				WAIT,
			)
			.catch(() => {});
	}
	return (await banner.innerText()).replace(/\s+/g, ' ').trim();
}

/** A text field of the open panel (a one-line input or a multi-line box), clicked and filled. */
async function fill(page, parameter, text) {
	const field = page
		.locator(
			`${id(`parameter-input-${parameter}`)} textarea, ${id(`parameter-input-${parameter}`)} input`,
		)
		.first();
	await field.click();
	await field.fill(text);
	return field;
}

/** Types into a text field of the open panel, and leaves it. */
export async function typeInto(page, parameter, text) {
	const field = await fill(page, parameter, text);
	await field.evaluate((element) => element.blur()); // leave the field, as a click elsewhere does
}

/**
 * Types an expression (`{{ … }}`) into a text field of the open panel, as a person does: typed
 * into the fixed field, which n8n turns into an expression field on its own when the text holds
 * `{{` and `}}`. Resolves once the expression editor shows it, and leaves the field.
 */
export async function typeExpression(page, parameter, expression) {
	await fill(page, parameter, expression);
	const editor = page.locator(
		`${id(`parameter-input-${parameter}`)} ${id('inline-expression-editor-input')}`,
	);
	await editor.filter({ hasText: expression }).first().waitFor(WAIT);
	// the typed field is gone: leave the expression editor n8n put in its place (and focused)
	await page
		.locator(':focus')
		.first()
		.evaluate((element) => element.blur());
}

/**
 * "Execute step" in the open panel; resolves when the output panel shows items or an error.
 * @returns {Promise<{ ok: boolean, error?: string }>}
 */
export async function executeStep(page, { timeout = 120_000 } = {}) {
	await page.click(id('node-execute-button'));
	const output = page.locator(id('output-panel'));
	// a node of one output shows its item count; one of several (Upload Asset waiting for the
	// review: Active, Not Active) shows a tab per output, each with its count, instead
	const items = output.locator(`${id('ndv-items-count')}, ${id('branches')}`);
	const error = output.locator(`${id('node-error-message')}, ${id('node-error-description')}`);
	// a node with a missing required field does not run: n8n says so in a toast
	const refused = page.locator('.el-notification:visible', { hasText: /issue|problem/i });
	await items.or(error).or(refused).first().waitFor({ timeout });
	if (await refused.first().isVisible())
		return { ok: false, error: (await refused.first().innerText()).trim() };
	if (await error.first().isVisible())
		return { ok: false, error: (await output.innerText()).trim().slice(0, 600) };
	return { ok: true };
}

/**
 * The output panel's first item as JSON (the JSON view's text, parsed). The view renders after the
 * tab is clicked, and a read in between can catch half of it: read again until it parses (10 s).
 */
export async function outputJson(page) {
	const output = page.locator(id('output-panel'));
	await output.locator(id('radio-button-json')).click();
	const view = output.locator('.json-data, [class*="jsonDisplay"], pre').first();
	const deadline = Date.now() + 10_000;
	for (;;) {
		// the view indents with no-break spaces
		const text = ((await view.textContent()) ?? '').replaceAll('\u00a0', ' ');
		try {
			const parsed = JSON.parse(text);
			return Array.isArray(parsed) ? parsed[0] : parsed;
		} catch (error) {
			if (Date.now() > deadline) throw error;
			await page.waitForTimeout(250);
		}
	}
}

/**
 * The output's binary view: the property names listed with their View and Download buttons.
 * @returns {Promise<{ fields: string[], view: boolean, download: boolean }>}
 */
export async function outputBinary(page) {
	const output = page.locator(id('output-panel'));
	const tab = output.locator(id('radio-button-binary'));
	if (!(await tab.isVisible())) return { fields: [], view: false, download: false };
	await tab.click();
	const entry = output.locator(`[data-test-id^="ndv-binary-data_"]`).first();
	await entry.waitFor(WAIT);
	const fields = await output
		.locator(`[data-test-id^="ndv-binary-data_"] [class*="binaryHeader"]`)
		.allInnerTexts();
	return {
		fields: fields.map((f) => f.trim()),
		view: await output.locator(id('ndv-view-binary-data')).first().isVisible(),
		download: await output.locator(id('ndv-download-binary-data')).first().isVisible(),
	};
}

/** Closes n8n's toasts ("Node executed successfully", …), which cover the panel's corner. */
export async function closeToasts(page) {
	const close = page.locator('.el-notification:visible .el-notification__closeBtn');
	for (let tries = 0; tries < 10 && (await close.count()) > 0; tries++) {
		// a toast may close itself, or be covered by the next, while it is clicked (CI: a click
		// retried for 30 s on a detached toast): ask again rather than wait on that one
		await close
			.first()
			.click({ timeout: 3_000 })
			.catch(() => undefined);
		await page.waitForTimeout(300); // the toast slides out
	}
}
