import { spawn } from 'node:child_process';
import { join } from 'node:path';

/**
 * `npm run emulator` (`node --import tsx test/emulator/cli.ts`): prints its url when ready, stops on
 * SIGTERM/SIGINT. One process: tsx's own command relays a signal to a child and kills it when the
 * child has not answered within 30 ms, which a busy machine misses (exit 143).
 */

const ROOT = join(__dirname, '..', '..');

function startCli(flags: string[] = []): Promise<{
	url: string;
	stop(signal: NodeJS.Signals): Promise<number | null>;
}> {
	const child = spawn(
		process.execPath,
		['--import', 'tsx', 'test/emulator/cli.ts', '--port', '0', ...flags],
		{
			cwd: ROOT,
			stdio: ['ignore', 'pipe', 'pipe'],
		},
	);
	const exited = new Promise<number | null>((resolve) =>
		child.once('exit', (code) => resolve(code)),
	);
	return new Promise((resolve, reject) => {
		let output = '';
		child.stdout.on('data', (chunk: Buffer) => {
			output += chunk.toString();
			const match = /http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
			if (match) resolve({ url: match[0], stop: (signal) => (child.kill(signal), exited) });
		});
		child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
		void exited.then((code) =>
			reject(new Error(`emulator exited (${code}) before printing its url: ${output}`)),
		);
	});
}

describe('command line', () => {
	it.each(['SIGTERM', 'SIGINT'] as const)(
		'serves both services and stops cleanly on %s',
		async (signal) => {
			const cli = await startCli();
			const headers = { authorization: 'Bearer demo-key' };
			const credits = await fetch(`${cli.url}/api/v1/account/credits`, { headers });
			expect(await credits.json()).toEqual({ credits: 1_000_000, availableCredits: 1_000_000 });
			const balance = await fetch(`${cli.url}/v1/me/balance`, { headers });
			expect(await balance.json()).toEqual({ balance: '1000.0000', markupRate: 1 });
			expect(await cli.stop(signal)).toBe(0);
		},
	);

	it('sets the task clock and its spread from flags', async () => {
		const cli = await startCli([
			'--task-duration-ms',
			'2000',
			'--spread-p99',
			'3',
			'--spread-max=5',
			'--seed',
			'9',
		]);
		const settings = await (await fetch(`${cli.url}/__control/settings`)).json();
		expect(settings).toMatchObject({
			taskDurationMs: 2000,
			taskDurationSpread: { p99Factor: 3, maxFactor: 5, seed: 9 },
		});
		expect(await cli.stop('SIGTERM')).toBe(0);
	});

	it('refuses a spread flag without --spread-p99', async () => {
		await expect(startCli(['--seed', '9'])).rejects.toThrow(/--spread-p99/);
	});
});
