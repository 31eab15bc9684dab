// The 200 MB result of the memory benchmark: a local file host that streams it, and a sampler of
// the n8n process's resident memory while it downloads. Plain Node ESM (Linux: reads /proc).
import fs from 'node:fs';
import http from 'node:http';

const CHUNK = 1024 * 1024;
/** An MP4 `ftyp` box, so the bytes look like the video the task promised (the rest is zeros). */
const FTYP = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');

/**
 * Serves GET /large.mp4 of `bytes` bytes, generated while sent (the host holds 1 MB, not the file).
 * `onRequest` and `onDone` mark the download's start and end.
 * @param {{ bytes: number, onRequest: () => void, onDone: () => void }} opts
 */
export async function startFileHost({ bytes, onRequest, onDone }) {
	const server = http.createServer((req, res) => {
		if (req.url !== '/large.mp4') return res.writeHead(404).end();
		onRequest();
		res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(bytes) });
		// Two buffers: a written buffer is queued, not copied, so it must not change afterwards.
		const first = Buffer.alloc(CHUNK);
		FTYP.copy(first);
		const zeros = Buffer.alloc(CHUNK);
		let sent = 0;
		const pump = () => {
			while (sent < bytes) {
				const size = Math.min(CHUNK, bytes - sent);
				const part = (sent === 0 ? first : zeros).subarray(0, size);
				sent += size;
				if (!res.write(part)) return void res.once('drain', pump);
			}
			res.end();
		};
		res.on('close', onDone);
		pump();
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${server.address().port}/large.mp4`,
		close: () => new Promise((r) => server.close(r)),
	};
}

/** The resident set of a process in bytes (VmRSS), or undefined once it is gone. */
export function residentBytes(pid) {
	try {
		const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
		return kb === undefined ? undefined : Number(kb) * 1024;
	} catch {
		return undefined;
	}
}

/**
 * Samples a process's resident memory every `everyMs` between `start()` and `stop()`:
 * `growth()` is the peak over the value at `start()`.
 */
export function memorySampler(everyMs = 10) {
	let pid;
	let base;
	let peak = 0;
	let timer;
	return {
		watch: (processId) => (pid = processId),
		start() {
			base = residentBytes(pid);
			peak = base ?? 0;
			timer = setInterval(() => (peak = Math.max(peak, residentBytes(pid) ?? 0)), everyMs);
		},
		stop: () => clearInterval(timer),
		growth: () => (base === undefined ? undefined : peak - base),
	};
}
