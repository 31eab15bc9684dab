import type { AddressInfo } from 'node:net';
import { compatRoutes } from './compat/routes';
import { controlRoutes } from './control/routes';
import { createEmulator } from './emulator';
import { fileRoutes } from './files-route';
import { startHttpServer } from './http/server';
import type { Settings } from './settings';
import { UNIFIED_PREFIX, unifiedRoutes } from './unified/routes';

export type { Settings } from './settings';

export interface EmulatorOptions {
	/** 0 picks a free port. Default 8787. */
	port?: number;
	host?: string;
	settings?: Partial<Settings>;
}

export interface RunningEmulator {
	/** http://<host>:<port> */
	url: string;
	/** {base_url} of the unified service: <url>/api/v1 */
	unifiedBaseUrl: string;
	/** {compat_base_url} of the compat service: <url> (its paths start with /v1/) */
	compatBaseUrl: string;
	close(): Promise<void>;
}

/** Starts both services on one port; tests start one per file with port 0 and short clocks. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
	const emu = createEmulator(options.settings);
	const server = startHttpServer(
		emu,
		[...unifiedRoutes, ...compatRoutes, ...fileRoutes],
		controlRoutes,
	);
	const host = options.host ?? '127.0.0.1';
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port ?? 8787, host, () => resolve());
	});
	const { port } = server.address() as AddressInfo;
	const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
	return {
		url,
		unifiedBaseUrl: `${url}${UNIFIED_PREFIX}`,
		compatBaseUrl: url,
		close: () =>
			new Promise<void>((resolve) => {
				emu.timers.clear();
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}
