#!/usr/bin/env node
// Refreshes the docs' pictures: runs the browser suite (npm run test:browser), which saves them
// as test/browser/artifacts/docs-*.png, and copies the ones the README shows into docs/.
//
//   node docs/refresh-pictures.mjs
//
// A picture is copied only when this run made it (a failed step leaves the old one in place).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const artifacts = path.join(here, '..', 'test', 'browser', 'artifacts');
const PICTURES = [
	'create-video-models',
	'batch-executed',
	'binary-output',
	'first-run',
	'production-queue',
	'production-queue-table',
];

const started = Date.now();
const suite = spawnSync('npm', ['run', 'test:browser'], {
	cwd: path.join(here, '..'),
	stdio: 'inherit',
});
let copied = 0;
for (const name of PICTURES) {
	const from = path.join(artifacts, `docs-${name}.png`);
	const fresh = fs.existsSync(from) && fs.statSync(from).mtimeMs >= started;
	if (!fresh) {
		console.error(`[pictures] ${name}.png was not made by this run: kept the old one`);
		continue;
	}
	fs.copyFileSync(from, path.join(here, `${name}.png`));
	console.log(`[pictures] docs/${name}.png (${Math.round(fs.statSync(from).size / 1024)} KB)`);
	copied++;
}
process.exitCode = suite.status === 0 && copied === PICTURES.length ? 0 : 1;
