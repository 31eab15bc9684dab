/**
 * The suites run side by side (npm test): the ports they pick must not come from the range the OS
 * gives outgoing connections, or a port picked free is taken before n8n binds it.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const MODULE = JSON.stringify(join(__dirname, '..', '..', 'scripts', 'lib', 'ports.mjs'));

/** Runs scripts/lib/ports.mjs in plain Node (an ES module): its range and 20 ports it picks. */
function pick(): { range: { low: number; high: number }; ports: number[] } {
	const code = `
		const { freePort, PORT_RANGE } = await import(${MODULE});
		const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
		process.stdout.write(JSON.stringify({ range: PORT_RANGE, ports }));`;
	return JSON.parse(
		execFileSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' }),
	);
}

function ephemeralLow(): number {
	try {
		return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0]);
	} catch {
		return 32768; // not Linux: Linux's default
	}
}

test('free ports are picked below the ephemeral range', () => {
	const { range, ports } = pick();
	expect(range.high).toBeLessThan(ephemeralLow());
	for (const port of ports) {
		expect(port).toBeGreaterThanOrEqual(range.low);
		expect(port).toBeLessThan(range.high);
	}
});
