import { startEmulator } from './index';

/** `npm run emulator -- --port <port> [--host <host>]`: both services on one port until SIGINT/SIGTERM. */

function option(name: string): string | undefined {
	const args = process.argv.slice(2);
	const at = args.indexOf(`--${name}`);
	if (at >= 0) return args[at + 1];
	return args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
}

async function main(): Promise<void> {
	const port = Number(option('port') ?? 8787);
	if (!Number.isInteger(port) || port < 0 || port > 65535)
		throw new Error(`Invalid --port ${option('port')}`);
	const emulator = await startEmulator({ port, host: option('host') ?? '127.0.0.1' });
	console.log(
		`Emulator listening on ${emulator.url} (unified: ${emulator.unifiedBaseUrl}, compat: ${emulator.compatBaseUrl}, key: demo-key)`,
	);
	const stop = (signal: string) => {
		console.log(`Emulator stopping (${signal})`);
		void emulator.close().then(() => process.exit(0));
	};
	process.once('SIGINT', () => stop('SIGINT'));
	process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: Error) => {
	console.error(`Emulator failed to start: ${error.message}`);
	process.exit(1);
});
