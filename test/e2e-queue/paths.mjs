// Where the queue-mode suite keeps its stack (under the git-ignored .cache, recreated every run)
// and the workflows only this suite imports. Plain Node ESM.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { REPO_CACHE_DIR } from '../../scripts/n8n/paths.mjs';
import { readJsonFiles } from '../../scripts/lib/files.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Postgres's and Redis's data, the n8n user folders and the processes' logs. */
export const QUEUE_DIR = path.join(REPO_CACHE_DIR, 'e2e-queue');
/** What the global set-up tells the tests: URLs, the logs folder. */
export const STATE_FILE = path.join(QUEUE_DIR, 'stack.json');

/** test/e2e-queue/fixtures/*.json */
export function fixtureWorkflows() {
	return readJsonFiles(path.join(here, 'fixtures'));
}
