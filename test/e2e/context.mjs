// What the e2e test files share: the instance the global set-up prepared, the emulator it started,
// and small readers of n8n's run JSON.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { readJsonFiles } from '../../scripts/lib/files.mjs';
import { DEMO_KEY, emulatorClient } from '../../scripts/lib/emulator-process.mjs';
import { binaryFilePath } from '../../scripts/n8n/results.mjs';
import { E2E_USER_FOLDER, REPO_ROOT } from '../../scripts/n8n/paths.mjs';

export { E2E_USER_FOLDER as USER_FOLDER };

const here = path.dirname(fileURLToPath(import.meta.url));

/** Short clocks (the demo keeps the emulator's 3 s default). */
export const E2E_EMULATOR_SETTINGS = {
	taskDurationMs: 1000,
	reviewDurationMs: 300,
	webhookRetryDelaysMs: [100, 200, 300],
};

export { DEMO_KEY };

/** The workflows only the e2e suite imports (test/e2e/fixtures/*.json). */
export function fixtureWorkflows() {
	return readJsonFiles(path.join(here, 'fixtures'));
}

export function fixture(name) {
	return JSON.parse(fs.readFileSync(path.join(here, 'fixtures', `${name}.json`), 'utf8'));
}

/** This repository's package.json (its `n8n` section lists every node and credential). */
export const packageJson = JSON.parse(
	fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'),
);

/** The emulator the global set-up started (its URL comes through the environment). */
export function emulator() {
	const url = process.env.E2E_EMULATOR_URL;
	if (!url)
		throw new Error(
			'E2E_EMULATOR_URL is not set: run the suite with npm run test:e2e (its global set-up starts the emulator)',
		);
	const { credits, control } = emulatorClient(url);
	return {
		url,
		/** The demo account's { credits, availableCredits }. */
		credits: () => credits(),
		/** The emulator's request log, oldest first (optionally only one path). */
		requests: (onlyPath) =>
			control(`/requests${onlyPath ? `?path=${encodeURIComponent(onlyPath)}` : ''}`),
		/** Bytes of a file the emulator serves (a task's output url). */
		async download(fileUrl) {
			const res = await fetch(fileUrl);
			if (!res.ok) throw new Error(`GET ${fileUrl} answered ${res.status}`);
			return { type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
		},
	};
}

/** Items of a node's last run on one output (default 0), as n8n recorded them. */
export function itemsOf(run, nodeName, outputIndex = 0) {
	const runs = run?.data?.resultData?.runData?.[nodeName];
	if (!runs?.length)
		throw new Error(
			`node "${nodeName}" did not run; nodes that ran: ${Object.keys(run?.data?.resultData?.runData ?? {}).join(', ')}`,
		);
	return runs[runs.length - 1].data?.main?.[outputIndex] ?? [];
}

export const jsonOf = (run, nodeName, outputIndex = 0) =>
	itemsOf(run, nodeName, outputIndex).map((item) => item.json);

/** The bytes n8n stored for a binary entry of an item (filesystem binary-data store). */
export function storedBinary(binary) {
	const file = binaryFilePath(E2E_USER_FOLDER, binary);
	if (!file)
		throw new Error(`the binary data ${binary?.id} is not in the user folder's binary-data store`);
	return fs.readFileSync(file);
}

/** An MP4 file starts with its `ftyp` box. */
export const isMp4 = (bytes) =>
	bytes.length > 12 && bytes.subarray(4, 8).toString('latin1') === 'ftyp';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** `probe()` until it returns something other than undefined. */
export async function until(probe, what, timeoutMs = 120_000) {
	for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(300)) {
		const value = await probe();
		if (value !== undefined) return value;
	}
	throw new Error(`timed out waiting for ${what}`);
}
