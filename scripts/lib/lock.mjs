// A lock between processes sharing a cache (two installs of one n8n release must not overlap): a
// folder only one process can create, holding its pid; a dead owner's folder is taken over.
// Plain Node ESM.
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

/**
 * Waits until the lock folder `dir` is ours; returns its release (run on exit too).
 * @param {string} dir
 * @param {(ownerPid: number, waitedSeconds: number) => void} onWait said at once, then every `everyMs`
 */
export async function acquireLock(dir, onWait, everyMs = 15_000) {
	const started = Date.now();
	let said = 0;
	while (!tryCreate(dir)) {
		const owner = ownerOf(dir);
		if (!owner.alive) {
			fs.rmSync(dir, { recursive: true, force: true });
			continue;
		}
		if (Date.now() - said >= everyMs) {
			said = Date.now();
			onWait(owner.pid, Math.round((said - started) / 1000));
		}
		await delay(500);
	}
	let held = true;
	const release = () => {
		if (!held) return;
		held = false;
		process.off('exit', release);
		fs.rmSync(dir, { recursive: true, force: true });
	};
	process.on('exit', release);
	return release;
}

function tryCreate(dir) {
	try {
		fs.mkdirSync(dir);
	} catch (error) {
		if (error.code === 'EEXIST') return false;
		throw error;
	}
	fs.writeFileSync(path.join(dir, 'pid'), String(process.pid));
	return true;
}

/** The owner's pid and whether it lives; a folder without a pid yet is young: its owner is still writing it. */
function ownerOf(dir) {
	let pid = NaN;
	try {
		pid = Number(fs.readFileSync(path.join(dir, 'pid'), 'utf8'));
	} catch {
		// no pid file yet, or the folder just went
	}
	if (!(Number.isInteger(pid) && pid > 0)) {
		const age = Date.now() - (fs.statSync(dir, { throwIfNoEntry: false })?.mtimeMs ?? 0);
		return { pid, alive: age < 5_000 };
	}
	try {
		process.kill(pid, 0);
		return { pid, alive: true };
	} catch (error) {
		return { pid, alive: error.code === 'EPERM' };
	}
}
