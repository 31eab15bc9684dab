#!/usr/bin/env node
// Makes sure a Chromium is there for the browser suite (test/browser) and the README pictures.
//
// The browser comes from Debian's `chromium` package: the machine runs as root and reaches Debian's
// package mirror, while playwright-core (a registry package) ships no browser and its download host
// is not reachable. On the CI machine (Debian 12) `apt-get update && apt-get install chromium` took 11 s;
// afterwards this script only checks the binary.
//
//   node scripts/browser/chromium.mjs      # prints the binary's path, installs it when missing
//
// Plain Node ESM. CHROMIUM_PATH chooses another binary.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

import { isMain } from '../lib/cli.mjs';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

function versionOf(bin) {
	const r = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 60_000 });
	return r.status === 0 ? r.stdout.trim() : null;
}

function apt(args, log) {
	log(`[chromium] apt-get ${args.join(' ')}`);
	const r = spawnSync('apt-get', args, {
		stdio: ['ignore', 'inherit', 'inherit'],
		env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
	});
	if (r.status !== 0)
		throw new Error(`apt-get ${args.join(' ')} failed (exit ${r.status ?? r.error?.message})`);
}

/**
 * The path of a working Chromium: $CHROMIUM_PATH, or Debian's, installed with apt-get when missing.
 * @param {{ log?: (line: string) => void }} [opts]
 * @returns {{ executablePath: string, version: string, installedSeconds: number | null }}
 */
export function ensureChromium({ log = (line) => console.log(line) } = {}) {
	const wanted = process.env.CHROMIUM_PATH || DEBIAN_CHROMIUM;
	const found = fs.existsSync(wanted) ? versionOf(wanted) : null;
	if (found) return { executablePath: wanted, version: found, installedSeconds: null };
	if (process.env.CHROMIUM_PATH)
		throw new Error(`CHROMIUM_PATH=${wanted} does not run (\`--version\` failed)`);
	if (process.getuid?.() !== 0) {
		throw new Error(
			`${DEBIAN_CHROMIUM} is missing: run \`sudo apt-get install -y chromium\` (or set CHROMIUM_PATH)`,
		);
	}
	const t0 = Date.now();
	log(
		`[chromium] ${DEBIAN_CHROMIUM} is missing: installing Debian's chromium (seconds to a minute, with the mirror)…`,
	);
	apt(['update', '-qq'], log);
	apt(['install', '-y', '-qq', '--no-install-recommends', 'chromium'], log);
	const version = versionOf(DEBIAN_CHROMIUM);
	if (!version)
		throw new Error(`apt-get installed chromium, but ${DEBIAN_CHROMIUM} --version fails`);
	const installedSeconds = Math.round((Date.now() - t0) / 1000);
	log(`[chromium] ${version} installed in ${installedSeconds} s`);
	return { executablePath: DEBIAN_CHROMIUM, version, installedSeconds };
}

if (isMain(import.meta.url)) {
	try {
		const { executablePath, version } = ensureChromium();
		console.log(`[chromium] ${version}: ${executablePath}`);
	} catch (err) {
		console.error(`[chromium] ${err.message}`);
		process.exitCode = 1;
	}
}
