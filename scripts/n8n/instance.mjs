// Sets up an n8n user folder for the demo and the e2e suite: this package installed as a community
// package, credentials pointing at an emulator, the example workflows imported, an owner account.
// Plain Node ESM.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { readJson, writeJson } from '../lib/files.mjs';
import { installCommunityPackage } from './community-package.mjs';
import { CREDENTIALS_TEMPLATE, DEFAULT_N8N, EXAMPLES_DIR } from './paths.mjs';
import { runN8n } from './run.mjs';

/** The emulator address the credentials template uses. */
export const TEMPLATE_EMULATOR_URL = 'http://127.0.0.1:8787';

/** Examples run in this order (others follow by file name). */
const EXAMPLE_ORDER = ['text-to-video', 'batch-of-prompts', 'draft-then-final', 'credits'];

/** The owner account the demo creates (printed by `npm start`). */
export const DEMO_OWNER = Object.freeze({
	email: 'demo@example.com',
	password: 'Demo-Password-1',
	firstName: 'Demo',
	lastName: 'User',
});

/**
 * Every example workflow (`examples/*.json`), as the editor exports them.
 * @returns {Array<{ file: string, workflow: any }>}
 */
export function loadExamples() {
	const rank = (file) => {
		const at = EXAMPLE_ORDER.indexOf(path.basename(file, '.json'));
		return at < 0 ? EXAMPLE_ORDER.length : at;
	};
	return fs
		.readdirSync(EXAMPLES_DIR)
		.filter((file) => file.endsWith('.json'))
		.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
		.map((file) => ({
			file: path.join(EXAMPLES_DIR, file),
			workflow: readJson(path.join(EXAMPLES_DIR, file)),
		}));
}

/**
 * Why an example cannot run in n8n's CLI (`n8n execute`), or undefined when it can: a workflow
 * started by a webhook, or one whose task calls a trigger back, needs a running server with the
 * trigger's workflow active. Such examples say so in `meta.serverOnly`; their own e2e runs them.
 * @param {any} workflow
 * @returns {string | undefined}
 */
export function serverOnlyReason(workflow) {
	const reason = workflow?.meta?.serverOnly;
	return typeof reason === 'string' && reason ? reason : undefined;
}

/**
 * The credentials template with its base URLs moved to the given emulator (and key).
 * @param {string} emulatorUrl e.g. http://127.0.0.1:40123
 * @param {{ apiKey?: string }} [opts]
 */
export function emulatorCredentials(emulatorUrl, { apiKey } = {}) {
	const template = readJson(CREDENTIALS_TEMPLATE);
	return template.map((credential) => ({
		...credential,
		data: {
			...credential.data,
			...(apiKey ? { apiKey } : {}),
			baseUrl: String(credential.data.baseUrl).replace(
				TEMPLATE_EMULATOR_URL,
				emulatorUrl.replace(/\/+$/, ''),
			),
		},
	}));
}

/**
 * `n8n import:credentials` (plain `data` is encrypted with the instance key on import; an
 * existing id is overwritten).
 * @param {string} userFolder
 * @param {any[]} credentials
 * @param {typeof DEFAULT_N8N} [n8n]
 */
export async function importCredentials(userFolder, credentials, n8n = DEFAULT_N8N) {
	const file = writeImportFile(userFolder, 'credentials.json', credentials);
	try {
		await n8nOk(['import:credentials', `--input=${file}`], userFolder, /imported/i, n8n);
	} finally {
		fs.rmSync(file, { force: true }); // holds the keys in clear text
	}
}

/**
 * `n8n import:workflow` of several workflows at once (their ids are kept, an existing id is
 * overwritten), so `n8n execute --id=<id>` runs them and the editor lists them.
 * @param {string} userFolder
 * @param {any[]} workflows
 * @param {typeof DEFAULT_N8N} [n8n]
 */
export async function importWorkflows(userFolder, workflows, n8n = DEFAULT_N8N) {
	const file = writeImportFile(userFolder, 'workflows.json', workflows);
	await n8nOk(['import:workflow', `--input=${file}`], userFolder, /imported/i, n8n);
}

/**
 * Installs the package and imports credentials and workflows into `userFolder`, for an n8n release
 * (the default one when `n8n` is absent).
 * @param {{ userFolder: string, tarball: string, emulatorUrl: string, workflows: any[], n8n?: typeof DEFAULT_N8N, log?: (m: string) => void, during?: (label: string, fn: () => Promise<any>) => Promise<any> }} opts
 */
export async function prepareInstance({
	userFolder,
	tarball,
	emulatorUrl,
	workflows,
	n8n = DEFAULT_N8N,
	log = () => {},
	during = (_l, fn) => fn(),
}) {
	fs.mkdirSync(userFolder, { recursive: true });
	const installed = await installCommunityPackage(userFolder, tarball, n8n);
	log(
		`Installed ${installed.name}@${installed.version} as a community package in ${path.relative(process.cwd(), installed.nodesDir)}`,
	);
	const credentials = emulatorCredentials(emulatorUrl);
	const firstRun = !fs.existsSync(path.join(userFolder, '.n8n', 'database.sqlite'));
	log(
		`Importing ${credentials.length} credentials (${credentials.map((c) => c.name).join(', ')}) → ${emulatorUrl}` +
			(firstRun ? ' (new database: n8n sets it up first)' : ''),
	);
	await during('importing credentials', () => importCredentials(userFolder, credentials, n8n));
	log(`Importing ${workflows.length} workflows (${workflows.map((w) => w.name).join('; ')})`);
	await during('importing workflows', () => importWorkflows(userFolder, workflows, n8n));
	return { ...installed, credentials };
}

/**
 * Environment for `n8n start` that creates (or updates) the owner account at start, without the
 * set-up screen: N8N_INSTANCE_OWNER_MANAGED_BY_ENV with a bcrypt hash made by n8n's own bcryptjs.
 * Empty for a release without that setting: call claimOwner() once it runs.
 * @param {{ email: string, password: string, firstName: string, lastName: string }} owner
 * @param {typeof DEFAULT_N8N} [n8n]
 */
export function ownerEnv(owner, n8n = DEFAULT_N8N) {
	if (!n8n.ownerByEnv) return {};
	const bcrypt = createRequire(path.join(n8n.pkgDir, 'package.json'))('bcryptjs');
	return {
		N8N_INSTANCE_OWNER_MANAGED_BY_ENV: 'true',
		N8N_INSTANCE_OWNER_EMAIL: owner.email,
		N8N_INSTANCE_OWNER_PASSWORD_HASH: bcrypt.hashSync(owner.password, 10),
		N8N_INSTANCE_OWNER_FIRST_NAME: owner.firstName,
		N8N_INSTANCE_OWNER_LAST_NAME: owner.lastName,
	};
}

/**
 * Makes `owner` the owner of a running n8n whose release cannot take it from the environment (the
 * set-up screen's own request); nothing to do when the release can, or when it is already set up.
 * @param {string} baseUrl
 * @param {{ email: string, password: string, firstName: string, lastName: string }} owner
 * @param {typeof DEFAULT_N8N} [n8n]
 */
export async function claimOwner(baseUrl, owner, n8n = DEFAULT_N8N) {
	if (n8n.ownerByEnv) return;
	const res = await fetch(`${baseUrl}/rest/owner/setup`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(owner),
	});
	const text = await res.text();
	if (res.status !== 200 && !/already setup/i.test(text)) {
		throw new Error(`POST /rest/owner/setup answered ${res.status}: ${text}`);
	}
}

/**
 * Logs in as a user of a running n8n; returns a small client of its REST API with the session
 * cookie (`n8n-auth`).
 * @param {string} baseUrl
 * @param {{ email: string, password: string }} user
 */
export async function login(baseUrl, { email, password }) {
	const res = await fetch(`${baseUrl}/rest/login`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ emailOrLdapLoginId: email, password }),
	});
	if (res.status !== 200)
		throw new Error(`POST /rest/login answered ${res.status}: ${await res.text()}`);
	const cookie = (res.headers.getSetCookie?.() ?? [res.headers.get('set-cookie') ?? ''])
		.map((c) => c.split(';')[0])
		.find((c) => c.startsWith('n8n-auth='));
	if (!cookie) throw new Error('POST /rest/login set no n8n-auth cookie');
	/** @param {string} method @param {string} urlPath @param {unknown} [body] */
	const request = async (method, urlPath, body) => {
		const r = await fetch(`${baseUrl}${urlPath}`, {
			method,
			headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await r.text();
		let json;
		try {
			json = JSON.parse(text);
		} catch {
			// not JSON (an HTML error page): the caller reads `text`
		}
		return { status: r.status, json, text };
	};
	return { cookie, request };
}

function writeImportFile(userFolder, name, value) {
	const dir = path.join(userFolder, 'import');
	fs.mkdirSync(dir, { recursive: true });
	const file = path.join(dir, name);
	writeJson(file, value);
	return file;
}

async function n8nOk(args, userFolder, expected, n8n) {
	const r = await runN8n(args, { userFolder, n8n, timeoutMs: 300_000 });
	if (r.code !== 0 || !expected.test(r.stdout + r.stderr)) {
		throw new Error(
			`n8n ${args.join(' ')} failed (exit ${r.signal ?? r.code}):\n${(r.stdout + r.stderr).trim().slice(-3000)}`,
		);
	}
	return r;
}
