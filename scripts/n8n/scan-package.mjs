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
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import tsParser from '@typescript-eslint/parser';
import { ESLint } from 'eslint';
import n8nNodesPlugin from 'eslint-plugin-n8n-nodes-base';

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

/** Files of a folder (node_modules and package-lock.json left out, as the scanner does). */
function filesOf(dir, keep) {
	const out = [];
	const walk = (rel) => {
		for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
			const child = path.join(rel, entry.name);
			if (entry.isDirectory() && entry.name !== 'node_modules') walk(child);
			else if (entry.isFile() && entry.name !== 'package-lock.json' && keep(child)) out.push(path.join(dir, child));
		}
	};
	walk('');
	return out;
}

export const SOURCE = (file) => file === 'package.json' || /^(nodes|credentials)\/.*\.(js|ts|json)$/.test(file);
export const TARBALL = (file) => file === 'package.json' || file.endsWith('.js');

/** Lints one leg; returns the number of errors and the stylish report. */
export async function scan(dir, keep) {
	const eslint = new ESLint({ cwd: dir, allowInlineConfig: false, overrideConfigFile: true, overrideConfig: scanConfig() });
	const files = filesOf(dir, keep);
	const results = await eslint.lintFiles(files);
	const errors = results.reduce((n, r) => n + r.errorCount, 0);
	return { files: files.length, errors, report: errors > 0 ? await (await eslint.loadFormatter('stylish')).format(results) : '' };
}

/** Packs the (built) package, unpacks the tarball and scans both legs. */
export async function scanPackage({ log = (line) => console.log(line) } = {}) {
	const pack = await packPackage();
	const unpacked = fs.mkdtempSync(path.join(os.tmpdir(), 'scan-package-'));
	try {
		const tar = spawnSync('tar', ['-xzf', pack.tarball, '-C', unpacked, '--strip-components=1']);
		if (tar.status !== 0) throw new Error(`tar -xzf ${pack.tarball} failed: ${tar.stderr}`);
		const legs = [
			['source', await scan(REPO_ROOT, SOURCE)],
			[path.basename(pack.tarball), await scan(unpacked, TARBALL)],
		];
		for (const [name, leg] of legs) log(`[scan] ${name}: ${leg.files} files, ${leg.errors} errors${leg.report}`);
		return { passed: legs.every(([, leg]) => leg.errors === 0), tarball: pack.tarball };
	} finally {
		fs.rmSync(unpacked, { recursive: true, force: true });
	}
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
	scanPackage().then(
		({ passed, tarball }) => {
			console.log(passed ? `[scan] ✅ ${path.basename(tarball)} passes the community-package scanner's rules` : '[scan] ❌ violations found (above)');
			process.exitCode = passed ? 0 : 1;
		},
		(error) => {
			console.error(`[scan] failed: ${error.message}`);
			process.exitCode = 1;
		},
	);
}
