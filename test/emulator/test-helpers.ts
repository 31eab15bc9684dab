import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ASSET_HOST } from './files';
import { startEmulator } from './index';
import type { RunningEmulator, Settings } from './index';

/** Short clocks so a suite runs in seconds; waits poll with generous deadlines instead of timing. */
export const FAST: Partial<Settings> = {
	taskDurationMs: 300,
	reviewDurationMs: 100,
	webhookRetryDelaysMs: [50, 100, 150],
};

export const KEY = 'demo-key';

export function startFast(settings: Partial<Settings> = {}): Promise<RunningEmulator> {
	return startEmulator({ port: 0, settings: { ...FAST, ...settings } });
}

export interface Answer<T = any> {
	status: number;
	body: T;
	headers: Headers;
}

export interface CallOptions {
	key?: string | null;
	json?: unknown;
	form?: FormData;
	method?: string;
}

/** One HTTP call; JSON answers are parsed, others are returned as text. */
export async function call<T = any>(url: string, options: CallOptions = {}): Promise<Answer<T>> {
	const headers: Record<string, string> = {};
	const key = options.key === undefined ? KEY : options.key;
	if (key !== null) headers.authorization = `Bearer ${key}`;
	let body: FormData | string | undefined = options.form;
	if (options.json !== undefined) {
		headers['content-type'] = 'application/json';
		body = JSON.stringify(options.json);
	}
	const method = options.method ?? (body === undefined ? 'GET' : 'POST');
	const response = await fetch(url, { method, headers, body });
	const text = await response.text();
	const isJson = (response.headers.get('content-type') ?? '').includes('json');
	return {
		status: response.status,
		body: isJson && text ? JSON.parse(text) : text,
		headers: response.headers,
	};
}

/** Control API calls (no key). */
export const control = <T = any>(emu: RunningEmulator, path: string, json?: unknown) =>
	call<T>(`${emu.url}/__control${path}`, { key: null, json });

/** Back to the start state (settings included) before each test. */
export const reset = (emu: RunningEmulator) => control(emu, '/reset', {});

export async function addAccount(
	emu: RunningEmulator,
	apiKey: string,
	extra: Record<string, unknown> = {},
) {
	const answer = await control(emu, '/accounts', { apiKey, ...extra });
	expect(answer.status).toBe(200);
	return apiKey;
}

/** Polls until `probe` returns a value (not undefined) or the deadline passes. */
export async function waitFor<T>(
	probe: () => Promise<T | undefined>,
	what: string,
	timeoutMs = 15_000,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe();
		if (value !== undefined) return value;
		if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
}

const TERMINAL = ['COMPLETED', 'FAILED', 'completed', 'failed', 'succeeded'];

/** Polls a status url until the `status` field is terminal; returns the last body. */
export function waitTerminal(url: string, key = KEY): Promise<any> {
	return waitFor(async () => {
		const { body } = await call(url, { key });
		return TERMINAL.includes(body?.status) ? body : undefined;
	}, `terminal status of ${url}`);
}

export const waitTask = (emu: RunningEmulator, taskId: string, key = KEY) =>
	waitTerminal(`${emu.unifiedBaseUrl}/jobs/queryTask?taskId=${taskId}`, key);

export async function createTask(emu: RunningEmulator, body: unknown, key = KEY) {
	return call(`${emu.unifiedBaseUrl}/jobs/createTask`, { key, json: body });
}

/** Creates a task that must be accepted; returns its ids. */
export async function submit(
	emu: RunningEmulator,
	body: unknown,
	key = KEY,
): Promise<{ taskId: string; orderId: string }> {
	const answer = await createTask(emu, body, key);
	if (answer.status !== 200)
		throw new Error(`createTask answered ${answer.status}: ${JSON.stringify(answer.body)}`);
	return answer.body;
}

export async function credits(
	emu: RunningEmulator,
	key = KEY,
): Promise<{ credits: number; availableCredits: number }> {
	return (await call(`${emu.unifiedBaseUrl}/account/credits`, { key })).body;
}

export function form(
	bytes: Buffer,
	filename: string,
	fields: Record<string, string> = {},
	field = 'file',
): FormData {
	const data = new FormData();
	data.append(field, new Blob([bytes]), filename);
	for (const [key, value] of Object.entries(fields)) data.append(key, value);
	return data;
}

export function upload(
	emu: RunningEmulator,
	bytes: Buffer,
	filename: string,
	fields: Record<string, string> = {},
	key = KEY,
	query = '',
) {
	return call(`${emu.unifiedBaseUrl}/assets/upload${query}`, {
		key,
		form: form(bytes, filename, fields),
	});
}

/** Uploads for review and waits until ACTIVE; returns the asset. */
export async function activeAsset(emu: RunningEmulator, bytes: Buffer, name: string, key = KEY) {
	const { body } = await upload(emu, bytes, name, { name }, key);
	return waitFor(async () => {
		const status = await call(`${emu.unifiedBaseUrl}/assets/status?assetId=${body.assetId}`, {
			key,
		});
		return status.body.status === 'ACTIVE' ? status.body : undefined;
	}, `asset ${body.assetId} ACTIVE`);
}

/** Fetches a file; a url on the emulator's virtual asset host is fetched from the emulator on the port it names. */
export async function download(
	url: string,
): Promise<{ status: number; bytes: Buffer; type: string | null }> {
	const target = new URL(url);
	if (target.hostname === ASSET_HOST)
		Object.assign(target, { protocol: 'http:', hostname: '127.0.0.1' });
	const response = await fetch(target);
	return {
		status: response.status,
		bytes: Buffer.from(await response.arrayBuffer()),
		type: response.headers.get('content-type'),
	};
}

export interface Hit {
	time: number;
	body: any;
}

/** A local webhook receiver answering `statuses` in turn (the last one repeats). */
export async function receiver(
	statuses: number[],
): Promise<{ url: string; hits: Hit[]; close(): Promise<void> }> {
	const hits: Hit[] = [];
	const server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			hits.push({
				time: Date.now(),
				body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null'),
			});
			res.writeHead(statuses[Math.min(hits.length - 1, statuses.length - 1)]).end();
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	const close = () =>
		new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
	return { url: `http://127.0.0.1:${port}/hook`, hits, close };
}

/** Requests the emulator logged for a path (control API). */
export async function logged(emu: RunningEmulator, path: string) {
	return (await control(emu, `/requests?path=${encodeURIComponent(path)}`)).body as any[];
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
