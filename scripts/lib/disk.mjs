// Free disk space, so a run that will not fit says so before it starts instead of failing later
// with ENOSPC in whichever step writes next.
import fs from 'node:fs';
import path from 'node:path';

/** Bytes free for this user on the file system holding `dir` (its nearest existing parent). */
export function freeBytes(dir) {
	let probe = path.resolve(dir);
	while (!fs.existsSync(probe)) probe = path.dirname(probe);
	const { bavail, bsize } = fs.statfsSync(probe);
	return bavail * bsize;
}

/** A warning when fewer than `neededBytes` are free on the file system holding `dir`, else undefined. */
export function diskWarning(dir, neededBytes, what) {
	const free = freeBytes(dir);
	if (free >= neededBytes) return undefined;
	const gb = (bytes) => `${(bytes / 2 ** 30).toFixed(1)} GB`;
	return `only ${gb(free)} free on the disk of ${dir}; ${what} needs about ${gb(neededBytes)}: steps may fail with ENOSPC (no space left on device)`;
}
