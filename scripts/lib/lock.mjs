// A lock between processes sharing a cache (two installs of one n8n release must not overlap): a
// file only one process can create, holding its pid; a dead owner's file is taken over. A file, not
// a folder: npm test lints beside the installs, and ESLint's walk of the checkout died on a lock
// folder that vanished between its listing and its reading (ENOENT). Plain Node ESM.
import fs from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';

/**
 * Waits until the lock file `file` is ours; returns its release (run on exit too).
 * @param {string} file
 * @param {(ownerPid: number, waitedSeconds: number) => void} onWait said at once, then every `everyMs`
 */
export async function acquireLock(file, onWait, everyMs = 15_000) {
	const started = Date.now();
	let said = 0;
	while (!tryCreate(file)) {
		const owner = ownerOf(file);
		if (!owner.alive) {
			// recursive: a lock folder left by an earlier version of this script goes too
			fs.rmSync(file, { recursive: true, force: true });
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
		fs.rmSync(file, { force: true });
	};
	process.on('exit', release);
	return release;
}

function tryCreate(file) {
	let fd;
	try {
		fd = fs.openSync(file, 'wx');
	} catch (error) {
		if (error.code === 'EEXIST') return false;
		throw error;
	}
	fs.writeSync(fd, String(process.pid));
	fs.closeSync(fd);
	return true;
}

/** The owner's pid and whether it lives; a file without a pid yet is young: its owner is still writing it. */
function ownerOf(file) {
	let pid = NaN;
	try {
		pid = Number(fs.readFileSync(file, 'utf8'));
	} catch {
		// the file just went, or an old lock folder stands there
	}
	if (!(Number.isInteger(pid) && pid > 0)) {
		const age = Date.now() - (fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0);
		return { pid, alive: age < 5_000 };
	}
	try {
		process.kill(pid, 0);
		return { pid, alive: true };
	} catch (error) {
		return { pid, alive: error.code === 'EPERM' };
	}
}
