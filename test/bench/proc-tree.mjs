// What the benchmark reads of n8n's processes from /proc (Linux): a process and its descendants
// (n8n and its task runners), their CPU time, and the settings a process runs with. Plain Node ESM.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** Clock ticks per second, the unit of /proc/<pid>/stat's times. */
const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** A process's /proc/<pid>/stat fields after "(comm)", which may hold spaces and parentheses. */
function statFields(pid) {
	try {
		const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
		// fields[0] is field 3 (state): field n is fields[n - 3]
		return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
	} catch {
		return undefined; // gone meanwhile
	}
}

/** `root` and every live descendant of it. */
export function treePids(root) {
	const parents = fs
		.readdirSync('/proc')
		.filter((name) => /^\d+$/.test(name))
		.map((entry) => [Number(entry), Number(statFields(entry)?.[1])]);
	const tree = [root];
	for (let i = 0; i < tree.length; i++)
		for (const [pid, ppid] of parents) if (ppid === tree[i]) tree.push(pid);
	return tree;
}

/**
 * CPU seconds (user + system) the process trees of `roots` have used so far: each live process's
 * own time and that of the children it has reaped (a live child is not yet in its parent's).
 */
export function cpuSeconds(roots) {
	let ticks = 0;
	for (const pid of roots.flatMap(treePids)) {
		const fields = statFields(pid);
		// utime, stime, cutime, cstime: fields 14 to 17
		if (fields) ticks += fields.slice(11, 15).reduce((sum, value) => sum + Number(value), 0);
	}
	return ticks / TICKS;
}

/** The value of `name` in a running process's environment, or undefined. */
export function processEnv(pid, name) {
	const entries = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
	const entry = entries.find((line) => line.startsWith(`${name}=`));
	return entry?.slice(name.length + 1);
}
