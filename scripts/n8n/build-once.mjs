#!/usr/bin/env node
// The one build of a test run: `npm run build`, `npm pack`, and the tarball copied to a folder of
// its own with a record of it (what packPackage() returns). `npm test` hands the record to every
// suite (PREBUILT_ENV), so suites that run side by side never rewrite dist/ or the tarball under
// each other.
//
//   node scripts/n8n/build-once.mjs <record.json>
//
// Plain Node ESM.
import fs from 'node:fs';
import path from 'node:path';

import { run } from '../lib/child.mjs';
import { isMain } from '../lib/cli.mjs';
import { writeJson } from '../lib/files.mjs';
import { packPackage } from './community-package.mjs';
import { REPO_ROOT } from './paths.mjs';

/**
 * @param {string} recordFile where the record goes; the tarball goes beside it
 * @returns {ReturnType<typeof packPackage>}
 */
export async function buildOnce(recordFile) {
	await run('npm', ['run', 'build'], { cwd: REPO_ROOT });
	const pack = await packPackage();
	const dir = path.dirname(path.resolve(recordFile));
	fs.mkdirSync(dir, { recursive: true });
	const tarball = path.join(dir, path.basename(pack.tarball));
	fs.copyFileSync(pack.tarball, tarball);
	const record = { ...pack, tarball };
	writeJson(recordFile, record);
	return record;
}

if (isMain(import.meta.url)) {
	const [recordFile] = process.argv.slice(2);
	if (!recordFile) {
		console.error('usage: node scripts/n8n/build-once.mjs <record.json>');
		process.exit(2);
	}
	const record = await buildOnce(recordFile);
	console.log(`built and packed ${record.name}@${record.version}: ${record.tarball}`);
}
