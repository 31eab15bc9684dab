// What the benchmark reads of n8n's processes from /proc (Linux): a process and its descendants
// (n8n and its task runners), their CPU time, and the settings a process runs with. Plain Node ESM.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** Clock ticks per second, the unit of /proc/<pid>/stat's times. */
const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** A process's (or a thread's: `<pid>/task/<tid>`) /proc stat fields after "(comm)", which may hold spaces and parentheses. */
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

/**
 * CPU seconds (user + system) each kind of thread of process `pid` has used so far, by thread name
 * (as n8n's Node 24 names them: `MainThread` runs the JavaScript, `libuv-worker` libuv's pool where
 * n8n's SQLite queries run, `V8Worker` V8's helpers such as its garbage collector).
 */
export function threadSeconds(pid) {
	const seconds = new Map();
	for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
		const fields = statFields(`${pid}/task/${tid}`);
		const name = threadName(pid, tid);
		// a thread that ended between the two reads: its time is in the process's own
		if (!fields || !name) continue;
		seconds.set(name, (seconds.get(name) ?? 0) + secondsAt(fields, 11));
	}
	// a thread that ended leaves its time in the process's own
	const own = statFields(pid);
	const live = [...seconds.values()].reduce((sum, value) => sum + value, 0);
	if (own) seconds.set('threads that ended', secondsAt(own, 11) - live);
	return seconds;
}

function threadName(pid, tid) {
	try {
		return fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
	} catch {
		return undefined;
	}
}

/**
 * CPU seconds each process of `root`'s tree has used so far, by what it runs (its command line's
 * script, e.g. n8n's task runner), `root` itself as `main`, and the children `root` has reaped
 * (processes that ended) as `ended children`.
 */
export function processSeconds(root) {
	const seconds = new Map();
	const add = (name, value) => seconds.set(name, (seconds.get(name) ?? 0) + value);
	for (const pid of treePids(root)) {
		const fields = statFields(pid);
		if (!fields) continue;
		add(pid === root ? 'main' : commandOf(pid), secondsAt(fields, 11));
		if (pid === root) add('ended children', secondsAt(fields, 13));
	}
	return seconds;
}

/** A process's script: the last path of its command line, or its program's name. */
function commandOf(pid) {
	try {
		const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
		const script =
			args
				.slice(1)
				.reverse()
				.find((arg) => arg.includes('/')) ?? args[0];
		return script.split('/').slice(-2).join('/');
	} catch {
		return 'gone';
	}
}

/** Two adjacent tick counts of stat fields (utime + stime at 11, cutime + cstime at 13), in seconds. */
const secondsAt = (fields, at) => (Number(fields[at]) + Number(fields[at + 1])) / TICKS;
