import { Container } from '@n8n/di';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { MemoryDeduplicator } from './deduplicator';

/**
 * The process-wide n8n-core state the harness needs: a throw-away n8n user folder (n8n-core reads
 * its instance settings and encryption key from there) and the BinaryDataService in filesystem
 * mode, so binary data is written to and streamed from disk exactly as in an n8n instance, and the
 * deduplication store (DataDeduplicationService) over an in-memory backend (deduplicator.ts).
 *
 * n8n-core configures itself from environment variables when its services are first created, so
 * they are set when this module loads, before any service exists. Under jest every test file has
 * its own module registry, hence its own folder and services.
 * n8n-core creates the folder on the first run, so a test file that never runs one leaves nothing.
 */
const root = join(tmpdir(), `n8n-harness-${randomUUID()}`);

process.env.N8N_USER_FOLDER = root;
process.env.N8N_DEFAULT_BINARY_DATA_MODE = 'filesystem';
process.env.N8N_BINARY_DATA_STORAGE_PATH = join(root, 'binary-data');
// The settings file lives in a private temp folder; checking its permissions only logs warnings.
process.env.N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS = 'false';
// n8n's log at its default level, to a file as n8n writes it (N8N_LOG_OUTPUT=file), so a test can
// read what the nodes log (harnessLog); N8N_LOG_OUTPUT=console shows it while debugging.
const LOG_FILE = join(root, 'n8n.log');
process.env.N8N_LOG_LEVEL ??= 'info';
process.env.N8N_LOG_OUTPUT ??= 'file';
process.env.N8N_LOG_FILE_LOCATION = LOG_FILE;

let ready: Promise<void> | undefined;

/** The deduplication store's backend, for tests that seed it or inject its faults. */
export const deduplicator = new MemoryDeduplicator();

/** Initialises n8n-core's services once; every run awaits it. */
export async function harnessReady(): Promise<void> {
	ready ??= initialise();
	await ready;
}

async function initialise(): Promise<void> {
	// Imported here, not at the top, so the variables above are set before n8n-core reads them.
	const { BinaryDataService, DataDeduplicationService } = await import('n8n-core');
	await Container.get(BinaryDataService).init();
	// n8n's CLI backs the deduplication store with its database; the harness with memory.
	await DataDeduplicationService.init(deduplicator);
}

/** What n8n has logged so far in this test file (written asynchronously: read it in a waitFor). */
export function harnessLog(): string {
	return existsSync(LOG_FILE) ? readFileSync(LOG_FILE, 'utf8') : '';
}

/** Deletes the temp folder (settings and binary data). Jest calls it after the test file. */
export function disposeHarness(): void {
	rmSync(root, { recursive: true, force: true });
}

if (typeof afterAll === 'function') afterAll(disposeHarness);
else process.once('exit', disposeHarness);
