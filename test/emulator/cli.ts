import { startEmulator } from './index';
import { parseSpread } from './settings';
import type { Settings } from './settings';

/**
 * `npm run emulator -- --port <port> [--host <host>] [--task-duration-ms <ms>]
 * [--spread-p99 <factor> [--spread-max <factor>] [--seed <n>]]`: both services on one port until
 * SIGINT/SIGTERM.
 */

function option(name: string): string | undefined {
	const args = process.argv.slice(2);
	const at = args.indexOf(`--${name}`);
	if (at >= 0) return args[at + 1];
	return args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
}

const numberOption = (name: string) =>
	option(name) === undefined ? undefined : Number(option(name));

/** The clocks the flags set; the emulator validates them as it does the control API's. */
function settingsOf(): Partial<Settings> {
	const settings: Partial<Settings> = {};
	const duration = numberOption('task-duration-ms');
	if (duration !== undefined) settings.taskDurationMs = duration;
	const p99Factor = numberOption('spread-p99');
	if (p99Factor === undefined) {
		if (option('spread-max') !== undefined || option('seed') !== undefined)
			throw new Error('--spread-max and --seed shape a spread: give --spread-p99 too');
		return settings;
	}
	const spread = parseSpread({
		p99Factor,
		maxFactor: numberOption('spread-max'),
		seed: numberOption('seed'),
	});
	if (typeof spread === 'string') throw new Error(spread);
	return { ...settings, taskDurationSpread: spread };
}

async function main(): Promise<void> {
	const port = Number(option('port') ?? 8787);
	if (!Number.isInteger(port) || port < 0 || port > 65535)
		throw new Error(`Invalid --port ${option('port')}`);
	const emulator = await startEmulator({
		port,
		host: option('host') ?? '127.0.0.1',
		settings: settingsOf(),
	});
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
