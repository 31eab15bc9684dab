// The n8n the browser suite drives: the same n8n `npm start` installs (.cache/n8n), in a user folder
// and on ports of its own (.cache/browser, free ports), so it runs beside the demo and the e2e suite.
// Built, packed and installed the way the demo does it; a fresh user folder on every run.
import fs from 'node:fs';
import path from 'node:path';

import { startEmulatorProcess } from '../../scripts/lib/emulator-process.mjs';
import { builtPackage, installCommunityPackage } from '../../scripts/n8n/community-package.mjs';
import { ensureN8n } from '../../scripts/n8n/install.mjs';
import { seedQueueTable } from '../../scripts/n8n/seed-queue-table.mjs';
import {
	DEMO_OWNER,
	loadExamples,
	login,
	ownerEnv,
	prepareInstance,
} from '../../scripts/n8n/instance.mjs';
import { REPO_CACHE_DIR } from '../../scripts/n8n/paths.mjs';
import { freePort, startN8n } from '../../scripts/n8n/run.mjs';

export const BROWSER_USER_FOLDER = path.join(REPO_CACHE_DIR, 'browser');
/** A new user's n8n: the package installed, nothing else (no credential, no workflow). */
export const SCRATCH_USER_FOLDER = path.join(REPO_CACHE_DIR, 'browser-scratch');

/** A workflow of the suite's own, beside the examples: an AI Agent, to pick the package's nodes as its tools. */
export const AGENT_WORKFLOW = JSON.parse(
	fs.readFileSync(
		path.join(path.dirname(new URL(import.meta.url).pathname), 'fixtures', 'agent-tools.json'),
		'utf8',
	),
);

/** Short task clock: the executed example finishes in seconds. */
const EMULATOR_SETTINGS = { taskDurationMs: 1000, reviewDurationMs: 300 };

/**
 * Builds the package, installs it into a fresh n8n user folder and starts n8n with the demo's owner.
 * By default the folder holds the examples and their credentials; `fresh: true` gives what a new
 * user has after installing the package: no credential and no workflow.
 * @param {{ log: (line: string) => void, build?: boolean, fresh?: boolean }} opts (build: false uses dist/ as it is)
 */
export async function startInstance({ log, build = true, fresh = false }) {
	if (build) log('building the package (npm run build)…');
	const pack = await builtPackage({ build });
	await ensureN8n({ log });
	const emulator = await startEmulatorProcess({ port: await freePort() });
	const userFolder = fresh ? SCRATCH_USER_FOLDER : BROWSER_USER_FOLDER;
	try {
		await emulator.control('/settings', EMULATOR_SETTINGS);
		fs.rmSync(userFolder, { recursive: true, force: true });
		const examples = fresh ? [] : loadExamples();
		if (fresh) await installCommunityPackage(userFolder, pack.tarball);
		else {
			await prepareInstance({
				userFolder,
				tarball: pack.tarball,
				emulatorUrl: emulator.url,
				workflows: [...examples.map((e) => e.workflow), AGENT_WORKFLOW],
				log,
			});
		}
		log('starting n8n…');
		const server = await startN8n({
			userFolder,
			port: await freePort(),
			env: ownerEnv(DEMO_OWNER),
			timeoutMs: 5 * 60_000,
		});
		const session = await login(server.baseUrl, DEMO_OWNER);
		// as the demo does: the queue template's Data Table exists before its nodes are opened
		if (!fresh) await seedQueueTable(session, log);
		log(`n8n is ready: ${server.baseUrl}`);
		const stop = async () => {
			await server.stop();
			await emulator.stop();
		};
		return { baseUrl: server.baseUrl, emulator, examples, session, server, stop };
	} catch (error) {
		await emulator.stop();
		throw error;
	}
}
