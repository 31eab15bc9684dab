/** `npm test` warns before it starts when the disk cannot hold a first run (scripts/lib/disk.mjs). */
import { execFileSync } from 'child_process';
import { join } from 'path';

const root = join(__dirname, '..', '..');

function warnings(): { none: string | null; short: string | null; free: number } {
	const code = `
		import { diskWarning, freeBytes } from './scripts/lib/disk.mjs';
		process.stdout.write(JSON.stringify({
			none: diskWarning('.cache/not-made-yet/run', 0, 'a run') ?? null,
			short: diskWarning('.cache/not-made-yet/run', 2 ** 60, 'a first run') ?? null,
			free: freeBytes('.cache/not-made-yet/run'),
		}));`;
	const out = execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root });
	return JSON.parse(out.toString());
}

test('a disk that holds the run gives no warning; one that does not names both sizes', () => {
	const { none, short, free } = warnings();
	expect(free).toBeGreaterThan(0);
	expect(none).toBeNull();
	expect(short).toMatch(
		/^only [\d.]+ GB free on the disk of \.cache\/not-made-yet\/run; a first run needs about 1073741824\.0 GB: steps may fail with ENOSPC/,
	);
});
