// Global set-up of the e2e suite (runs once, in jest's own process, so its progress lines reach the
// terminal and CI logs at once): build, n8n in the cache (installed the first time: minutes),
// npm pack, emulator, and a fresh n8n user folder with the package, credentials and workflows.
import fs from 'node:fs';
import path from 'node:path';

import { startEmulatorProcess } from '../../scripts/lib/emulator-process.mjs';
import { createProgress } from '../../scripts/lib/progress.mjs';
import { builtPackage } from '../../scripts/n8n/community-package.mjs';
import { ensureN8n } from '../../scripts/n8n/install.mjs';
import { loadExamples, prepareInstance } from '../../scripts/n8n/instance.mjs';
import { E2E_USER_FOLDER, REPO_ROOT } from '../../scripts/n8n/paths.mjs';
import { freePort } from '../../scripts/n8n/run.mjs';
import { E2E_EMULATOR_SETTINGS, fixtureWorkflows } from './context.mjs';

export default async function globalSetup() {
	const { log, during } = createProgress({
		write: (line) => process.stdout.write(`[e2e] ${line}\n`),
	});
	process.stdout.write('\n');
	log('Set-up: build, n8n, package, emulator, user folder');

	log('Checking the local n8n (the first install takes a few minutes; progress follows)…');
	const n8n = await ensureN8n({ log });
	log(`n8n ${n8n.n8nVersion} on Node ${n8n.nodeVersion}`);

	log('Building and packing the package (npm run build, npm pack)…');
	const pack = await during('building', () => builtPackage());
	log(`Packed ${path.relative(REPO_ROOT, pack.tarball)} (${pack.files.length} files)`);

	const emulator = await startEmulatorProcess({ port: await freePort() });
	globalThis.__E2E_EMULATOR__ = emulator;
	try {
		await emulator.control('/settings', E2E_EMULATOR_SETTINGS);
		log(`Emulator ready: ${emulator.url} (task clock ${E2E_EMULATOR_SETTINGS.taskDurationMs} ms)`);
		process.env.E2E_EMULATOR_URL = emulator.url;

		fs.rmSync(E2E_USER_FOLDER, { recursive: true, force: true });
		const workflows = [...loadExamples().map((e) => e.workflow), ...fixtureWorkflows()];
		await prepareInstance({
			userFolder: E2E_USER_FOLDER,
			tarball: pack.tarball,
			emulatorUrl: emulator.url,
			workflows,
			log,
			during,
		});
		log(`Set-up done: n8n user folder ${path.relative(REPO_ROOT, E2E_USER_FOLDER)}`);
	} catch (error) {
		await emulator.stop(); // jest skips the global teardown when the set-up fails
		throw error;
	}
}
