#!/usr/bin/env node
// n8n's community-package scanner, run on this repository and its packed tarball, offline.
//
// `npx @n8n/scan-community-package <name>` (0.32.0) only scans *published* packages: it reads the
// npm registry's metadata, demands npm provenance, downloads the attested source from GitHub and the
// tarball from the registry. None of that exists for a local build, so this script runs the same
// ESLint configuration (its `buildScanConfig`, copied rule for rule) on the same two legs:
//   1. the source, files `package.json` and `{nodes,credentials}/**/*.{js,ts,json}`;
//   2. the packed tarball, files `**/*.js` and `package.json`.
// with this repository's (newer) copies of @n8n/eslint-plugin-community-nodes and
// eslint-plugin-n8n-nodes-base. The provenance check needs a publish and is left to the registry.
//
//   node scripts/n8n/scan-package.mjs     # npm run build first; exits 1 on any violation
//
// Plain Node ESM; uses the repository's dev dependencies.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import tsParser from '@typescript-eslint/parser';
import { ESLint } from 'eslint';
import n8nNodesPlugin from 'eslint-plugin-n8n-nodes-base';

import { run } from '../lib/child.mjs';
import { isMain } from '../lib/cli.mjs';
import { packPackage } from './community-package.mjs';
import { REPO_ROOT } from './paths.mjs';

/** The scanner's configuration (scan-community-package 0.32.0, scanner.mjs: buildScanConfig). */
export function scanConfig() {
	return [
		n8nCommunityNodesPlugin.configs.recommended,
		{ rules: { 'no-console': 'error' } },
		{ plugins: { 'n8n-nodes-base': n8nNodesPlugin } },
		{ files: ['package.json'], rules: { ...n8nNodesPlugin.configs.community.rules } },
		{
			files: ['**/credentials/**/*.ts'],
			rules: {
				...n8nNodesPlugin.configs.credentials.rules,
				'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
				'n8n-nodes-base/cred-class-field-type-options-password-missing': 'off',
			},
		},
		{
			files: ['**/nodes/**/*.ts'],
			rules: {
				...n8nNodesPlugin.configs.nodes.rules,
				'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
				'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
				'n8n-nodes-base/node-param-type-options-max-value-present': 'off',
			},
		},
		{ files: ['**/*.json'], languageOptions: { parser: tsParser } },
		{ files: ['**/*.ts'], languageOptions: { parser: tsParser } },
	];
}

/** The files of each leg, as patterns (ESLint leaves node_modules out, as the scanner does). */
export const SOURCE = ['package.json', '{nodes,credentials}/**/*.{js,ts,json}'];
export const TARBALL = ['package.json', '**/*.js'];

/** Lints one leg; returns the number of errors and the stylish report. */
export async function scan(dir, patterns) {
	const eslint = new ESLint({
		cwd: dir,
		allowInlineConfig: false,
		overrideConfigFile: true,
		overrideConfig: scanConfig(),
		errorOnUnmatchedPattern: false,
	});
	const results = await eslint.lintFiles(patterns);
	const errors = results.reduce((n, r) => n + r.errorCount, 0);
	return {
		files: results.length,
		errors,
		report: errors > 0 ? await (await eslint.loadFormatter('stylish')).format(results) : '',
	};
}

/** Packs the (built) package, unpacks the tarball and scans both legs. */
export async function scanPackage({ log = (line) => console.log(line) } = {}) {
	const pack = await packPackage();
	const unpacked = fs.mkdtempSync(path.join(os.tmpdir(), 'scan-package-'));
	try {
		await run('tar', ['-xzf', pack.tarball, '-C', unpacked, '--strip-components=1']);
		const legs = [
			['source', await scan(REPO_ROOT, SOURCE)],
			[path.basename(pack.tarball), await scan(unpacked, TARBALL)],
		];
		for (const [name, leg] of legs)
			log(`[scan] ${name}: ${leg.files} files, ${leg.errors} errors${leg.report}`);
		return { passed: legs.every(([, leg]) => leg.errors === 0), tarball: pack.tarball };
	} finally {
		fs.rmSync(unpacked, { recursive: true, force: true });
	}
}

if (isMain(import.meta.url)) {
	scanPackage().then(
		({ passed, tarball }) => {
			console.log(
				passed
					? `[scan] ✅ ${path.basename(tarball)} passes the community-package scanner's rules`
					: '[scan] ❌ violations found (above)',
			);
			process.exitCode = passed ? 0 : 1;
		},
		(error) => {
			console.error(`[scan] failed: ${error.message}`);
			process.exitCode = 1;
		},
	);
}
