// Preloaded into `n8n start` by the bench's --cpu-split (NODE_OPTIONS: Node refuses --cpu-prof
// there). SIGUSR2 starts V8's sampling profiler; the next SIGUSR2 stops it and writes the profile to
// $BENCH_PROFILE_DIR/<pid>-<n>.cpuprofile, so the bench profiles exactly one row. CommonJS: --require.
const fs = require('node:fs');
const inspector = require('node:inspector');
const path = require('node:path');

const dir = process.env.BENCH_PROFILE_DIR;
if (dir && process.argv.includes('start')) {
	const session = new inspector.Session();
	session.connect();
	session.post('Profiler.enable');
	let running = false;
	let written = 0;
	process.on('SIGUSR2', () => {
		if (!running) {
			session.post('Profiler.start');
			running = true;
			return;
		}
		running = false;
		session.post('Profiler.stop', (error, result) => {
			const file = path.join(dir, `${process.pid}-${++written}.cpuprofile`);
			// written under a temporary name first: the bench waits for the final one
			if (!error) fs.writeFileSync(`${file}.part`, JSON.stringify(result.profile));
			if (!error) fs.renameSync(`${file}.part`, file);
		});
	});
}
