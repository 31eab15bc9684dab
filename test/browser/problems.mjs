// Console errors and failed requests the editor shows a user (DevTools' console), and the few the
// suite expects, each named with its reason. Plus the README's side-by-side picture.
import fs from 'node:fs';

/**
 * Errors n8n 2.40.7 itself logs in a clean session, not caused by this package:
 * - the editor asks GET /rest/login for the current session before anyone logged in: 401;
 * - Settings → Community nodes counts the packages on api.npms.io, which an offline machine
 *   cannot resolve (the failed request, and the page's uncaught "Can't connect to n8n" for it);
 * - a request the editor itself cancels when the route changes (net::ERR_ABORTED): nothing fails;
 * - the input panel asks for the output schema of n8n's own nodes (the Code node before Create
 *   Image), which n8n does not ship: 404. This package's nodes are not in that pattern;
 * - the code editor of n8n's Code node (in an example) fetches TypeScript's lib files from
 *   TypeScript's CDN when its worker starts, which an offline machine cannot resolve (seen in one
 *   run of six on 2026-12-07: it depends on whether the worker starts before the page moves on).
 */
const EXPECTED = [
	{
		kind: 'http',
		status: 401,
		method: 'GET',
		path: /\/rest\/login$/,
		why: 'session check before sign-in',
	},
	{
		kind: 'network',
		url: /^https:\/\/api\.npms\.io\//,
		why: 'the community package count needs the internet',
	},
	{
		kind: 'console',
		text: /^ResponseError: Can't connect to n8n\.[\s\S]*communityNodes\.store/,
		why: 'the same count, uncaught by n8n',
	},
	{ kind: 'network', failure: /^net::ERR_ABORTED$/, why: 'cancelled by a route change' },
	{
		kind: 'network',
		url: /^https:\/\/playgroundcdn\.typescriptlang\.org\/cdn\/[^/]+\/typescript\/lib\/lib\.[\w.]+\.d\.ts$/,
		why: "the Code node's editor loads TypeScript's libs from the internet",
	},
	{
		kind: 'http',
		status: 404,
		method: 'GET',
		path: /^\/schemas\/n8n-nodes-base\./,
		why: "n8n's own nodes ship no schema",
	},
];

function matches(e, problem) {
	if (e.kind !== problem.kind) return false;
	if (e.kind === 'http')
		return e.status === problem.status && e.method === problem.method && e.path.test(problem.path);
	if (e.kind === 'console') return e.text.test(problem.text);
	return e.url ? e.url.test(problem.url) : e.failure.test(problem.failure);
}

/** Records every console error and every request answered with a status >= 400. */
export function watchProblems(page, problems) {
	page.on('console', (message) => {
		// a failed request is logged twice (console + response); keep the response, it has the URL
		if (message.type() === 'error' && !/^Failed to load resource/.test(message.text())) {
			problems.push({ kind: 'console', text: message.text() });
		}
	});
	page.on('requestfailed', (request) =>
		problems.push({
			kind: 'network',
			url: request.url(),
			failure: request.failure()?.errorText ?? '',
			text: `${request.failure()?.errorText} ${request.method()} ${request.url()}`,
		}),
	);
	page.on('pageerror', (error) => problems.push({ kind: 'exception', text: error.message }));
	page.on('response', (response) => {
		if (response.status() < 400) return;
		const url = new URL(response.url());
		problems.push({
			kind: 'http',
			status: response.status(),
			method: response.request().method(),
			path: url.pathname,
			text: `${response.status()} ${response.request().method()} ${url.pathname}`,
		});
	});
}

export const allowedProblem = (problem) => EXPECTED.some((e) => matches(e, problem));

/** Two screenshots side by side in one PNG, drawn by the browser itself (no image tool needed). */
export async function composeSideBySide(browser, [left, right], file) {
	const img = (f) =>
		`<img src="data:image/png;base64,${fs.readFileSync(f).toString('base64')}" style="width:50%;display:block">`;
	const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
	try {
		await page.setContent(
			`<body style="margin:0;display:flex;background:#fff">${img(left)}${img(right)}</body>`,
		);
		await page.waitForFunction(() =>
			[...globalThis.document.images].every((i) => i.complete && i.naturalWidth > 0),
		);
		const body = page.locator('body');
		await body.screenshot({ path: file });
	} finally {
		await page.close();
	}
	return fs.statSync(file).size;
}
