#!/usr/bin/env node
// Makes a release: the new version in package.json and package-lock.json, CHANGELOG.md's notes of
// "Unreleased" under the version's heading with today's date, a commit and the tag `vX.Y.Z`. Pushing
// the tag publishes it (.github/workflows/publish.yml). Nothing leaves the machine here.
//
//   npm run release -- patch|minor|major     # 0.1.0 → 0.1.1 | 0.2.0 | 1.0.0
//   npm run release -- 1.2.3                 # an explicit version, above the current one
//   git push --follow-tags                   # then: the publish workflow runs on the tag
//
// Plain Node ESM, in the current folder (npm run: the package's root). Refuses a dirty work tree,
// an existing tag and an empty "Unreleased" section.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { isMain } from './lib/cli.mjs';

const USAGE = 'Usage: npm run release -- <patch|minor|major|X.Y.Z>';
const SEMVER = /^(\d+)\.(\d+)\.(\d+)$/;
const UNRELEASED = '## [Unreleased]';

class ReleaseError extends Error {}

/**
 * The version after `current`: a bump, or an explicit version that must be greater.
 * @param {string} current X.Y.Z
 * @param {string} wanted patch, minor, major or X.Y.Z
 */
export function nextVersion(current, wanted) {
	const parts = (version) => SEMVER.exec(version)?.slice(1).map(Number);
	const [major, minor, patch] = parts(current) ?? [];
	if (major === undefined) throw new ReleaseError(`package.json's version ${current} is not X.Y.Z`);
	const bumped = {
		major: `${major + 1}.0.0`,
		minor: `${major}.${minor + 1}.0`,
		patch: `${major}.${minor}.${patch + 1}`,
	}[wanted];
	if (bumped) return bumped;
	const explicit = parts(String(wanted).replace(/^v/, ''));
	if (!explicit) throw new ReleaseError(`"${wanted}" is neither patch, minor, major nor X.Y.Z`);
	const order = explicit.findIndex((n, i) => n !== [major, minor, patch][i]);
	if (order === -1 || explicit[order] < [major, minor, patch][order])
		throw new ReleaseError(`${explicit.join('.')} is not above the current version ${current}`);
	return explicit.join('.');
}

/**
 * CHANGELOG.md with the notes of "Unreleased" moved under `## [version] - date`; "Unreleased" stays,
 * empty, for the next version.
 * @param {string} text
 * @param {string} version
 * @param {string} date YYYY-MM-DD
 */
export function changelogWithRelease(text, version, date) {
	const start = text.indexOf(UNRELEASED);
	if (start === -1) throw new ReleaseError(`CHANGELOG.md has no "${UNRELEASED}" section`);
	const bodyStart = start + UNRELEASED.length;
	const next = text.indexOf('\n## ', bodyStart);
	const bodyEnd = next === -1 ? text.length : next + 1;
	const notes = text.slice(bodyStart, bodyEnd).trim();
	if (!notes)
		throw new ReleaseError(
			`CHANGELOG.md: nothing under "${UNRELEASED}": write what ${version} changes first`,
		);
	const release = `${UNRELEASED}\n\n## [${version}] - ${date}\n\n${notes}\n\n`;
	return text.slice(0, start) + release + text.slice(bodyEnd);
}

function git(args, cwd) {
	return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** package.json and package-lock.json with the new version, in their tab-indented layout. */
function writeVersion(root, version) {
	for (const name of ['package.json', 'package-lock.json']) {
		const file = path.join(root, name);
		if (!fs.existsSync(file)) continue;
		const json = JSON.parse(fs.readFileSync(file, 'utf8'));
		json.version = version;
		if (json.packages?.['']) json.packages[''].version = version;
		fs.writeFileSync(file, `${JSON.stringify(json, null, '\t')}\n`);
	}
}

/**
 * The release in the git work tree `root`: files, commit and tag.
 * @param {{ root: string, wanted: string, date?: string }} options date defaults to today (UTC)
 * @returns {{ version: string, tag: string }}
 */
export function release({ root, wanted, date = new Date().toISOString().slice(0, 10) }) {
	if (git(['status', '--porcelain'], root).trim())
		throw new ReleaseError('the work tree has uncommitted changes: commit or stash them first');
	const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
	const version = nextVersion(pkg.version, wanted);
	const tag = `v${version}`;
	if (git(['tag', '--list', tag], root).trim())
		throw new ReleaseError(`the tag ${tag} exists already`);
	const changelog = path.join(root, 'CHANGELOG.md');
	const text = changelogWithRelease(fs.readFileSync(changelog, 'utf8'), version, date);
	fs.writeFileSync(changelog, text);
	writeVersion(root, version);
	git(['add', 'package.json', 'CHANGELOG.md', ...lockIfAny(root)], root);
	git(['commit', '--quiet', '-m', `Release ${tag}`], root);
	git(['tag', '--annotate', tag, '-m', tag], root);
	return { version, tag };
}

const lockIfAny = (root) =>
	fs.existsSync(path.join(root, 'package-lock.json')) ? ['package-lock.json'] : [];

if (isMain(import.meta.url)) {
	try {
		const { positionals } = parseArgs({ allowPositionals: true, options: {} });
		if (positionals.length !== 1) throw new ReleaseError(USAGE);
		const { version, tag } = release({ root: process.cwd(), wanted: positionals[0] });
		console.log(`[release] ${version}: committed and tagged ${tag}`);
		console.log(
			'[release] publish it: git push --follow-tags (the publish workflow runs on the tag)',
		);
	} catch (error) {
		console.error(`[release] ${error.message}`);
		process.exitCode = 1;
	}
}
