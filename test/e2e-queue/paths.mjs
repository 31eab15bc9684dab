// Where the queue-mode suite keeps its stack (under the git-ignored .cache, recreated every run)
// and the workflows only this suite imports. Plain Node ESM.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { REPO_CACHE_DIR } from '../../scripts/n8n/paths.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Postgres's and Redis's data, the n8n user folders and the processes' logs. */
export const QUEUE_DIR = path.join(REPO_CACHE_DIR, 'e2e-queue');
/** What the global set-up tells the tests: URLs, the logs folder. */
export const STATE_FILE = path.join(QUEUE_DIR, 'stack.json');

/** test/e2e-queue/fixtures/*.json */
export function fixtureWorkflows() {
	const dir = path.join(here, 'fixtures');
	return fs
		.readdirSync(dir)
		.filter((file) => file.endsWith('.json'))
		.sort()
		.map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')));
}
