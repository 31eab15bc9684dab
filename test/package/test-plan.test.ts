import { execFileSync } from 'child_process';
import { mkdtempSync, readFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

/**
 * `npm test` (scripts/test-all.mjs over scripts/lib/steps.mjs): the plan names every suite of the
 * package once, and the runner keeps its order, its waits and its slots. Both modules are plain
 * ESM, so a child Node runs them.
 */
const root = join(__dirname, '..', '..');

function node(code: string, env: Record<string, string | undefined> = {}): string {
	return execFileSync(process.execPath, ['--input-type=module', '-e', code], {
		cwd: root,
		encoding: 'utf8',
		env: { ...process.env, ...env },
	});
}

interface Step {
	name: string;
	cmd: string[];
	pool: string;
	needs?: string[];
	after?: string[];
	env?: Record<string, string>;
}
interface Outcome {
	name: string;
	status: string;
	start: number;
	seconds: number;
	why?: string;
}

const plan: Step[] = JSON.parse(
	node(
		`import { PLAN } from './scripts/test-all.mjs'; process.stdout.write(JSON.stringify(PLAN));`,
	),
);
const scripts: Record<string, string> = JSON.parse(
	readFileSync(join(root, 'package.json'), 'utf8'),
).scripts;

describe('the plan of npm test', () => {
	it('runs every test script of package.json but the ones it is made of', () => {
		const run = [...new Set(plan.filter((s) => s.cmd[0] === 'npm').map((s) => s.cmd[2]))];
		// test:examples is the examples step of each release; test itself is this plan
		const wanted = Object.keys(scripts).filter(
			(name) =>
				/^(test:|lint|format:check|typecheck|scan:)/.test(name) &&
				!['test:examples', 'lint:fix'].includes(name),
		);
		expect(run.sort()).toEqual(wanted.sort());
		expect(scripts.test).toBe('node scripts/test-all.mjs');
	});

	it('runs the examples and the e2e suite on every tested n8n release', () => {
		const releases: string[] = JSON.parse(
			node(
				`import { N8N_RELEASES } from './scripts/n8n/paths.mjs'; process.stdout.write(JSON.stringify(Object.keys(N8N_RELEASES)));`,
			),
		);
		for (const release of releases) {
			expect(plan.map((s) => s.name)).toContain(`install n8n ${release}`);
			expect(plan.map((s) => s.name)).toContain(`examples on n8n ${release}`);
		}
		const e2e = plan.filter((s) => s.cmd.join(' ') === 'npm run test:e2e');
		expect(e2e.map((s) => s.env?.N8N_RELEASE ?? releases[0]).sort()).toEqual(
			releases.filter((r) => r.startsWith('2.')).sort(),
		);
	});

	it('never runs two suites on one user folder at once: durable has its own, beside e2e', () => {
		const folder = (env: Record<string, string | undefined>) =>
			node(
				`import { E2E_USER_FOLDER } from './scripts/n8n/paths.mjs'; process.stdout.write(E2E_USER_FOLDER);`,
				env,
			);
		const durableEnv = /^E2E_FOLDER=(\S+) /.exec(scripts['test:durable'])?.[1];
		expect(durableEnv).toBeDefined();
		expect(folder({ E2E_FOLDER: durableEnv })).not.toBe(folder({ E2E_FOLDER: '' }));
		expect(folder({ E2E_FOLDER: '', N8N_RELEASE: '2.41.1' })).not.toBe(folder({ E2E_FOLDER: '' }));
	});

	it('starts every n8n install at once (the installs wait on the network, not on each other)', () => {
		const { slots } = JSON.parse(
			node(
				`import { SLOTS } from './scripts/test-all.mjs'; process.stdout.write(JSON.stringify({ slots: SLOTS }));`,
			),
		);
		const installs = plan.filter((s) => s.name.startsWith('install n8n '));
		expect(installs.every((s) => s.pool === 'net' && !s.needs && !s.after)).toBe(true);
		expect(slots.net).toBeGreaterThanOrEqual(installs.length);
	});
});

describe('the step runner', () => {
	const logDir = mkdtempSync(join(tmpdir(), 'steps-'));
	const sleep = (ms: number) => ['node', '-e', `setTimeout(() => {}, ${ms})`];
	const runner: Step[] = [
		{ name: 'a', pool: 'cpu', cmd: sleep(300) },
		{ name: 'b', pool: 'cpu', cmd: sleep(300) },
		{
			name: 'fails',
			pool: 'net',
			cmd: ['node', '-e', 'console.log("why it broke"); process.exit(3)'],
		},
		{ name: 'needs fails', pool: 'net', cmd: sleep(1), needs: ['fails'] },
		{
			name: 'after fails',
			pool: 'net',
			cmd: ['node', '-e', 'console.log(process.env.STEP_ENV)'],
			after: ['fails'],
			env: { STEP_ENV: 'given' },
		},
	];
	let outcomes: Record<string, Outcome>;
	let printed: string;
	beforeAll(() => {
		printed = node(`
			import { runSteps } from './scripts/lib/steps.mjs';
			const lines = [];
			const outcomes = await runSteps(${JSON.stringify(runner)}, {
				slots: { cpu: 1, net: 2 }, logDir: ${JSON.stringify(logDir)}, cwd: process.cwd(),
				env: process.env, log: (line) => lines.push(line),
			});
			process.stdout.write(JSON.stringify({ outcomes, lines }));`);
		const parsed = JSON.parse(printed);
		outcomes = Object.fromEntries(parsed.outcomes.map((o: Outcome) => [o.name, o]));
		printed = parsed.lines.join('\n');
	});

	it('runs one step at a time when its pool has one slot', () => {
		expect(outcomes.a.status).toBe('passed');
		expect(outcomes.b.start).toBeGreaterThanOrEqual(outcomes.a.start + outcomes.a.seconds - 0.05);
	});

	it('skips a step whose need failed, and says why; a failure prints the end of its log', () => {
		expect(outcomes.fails).toMatchObject({ status: 'failed', why: 'exited with 3' });
		expect(outcomes['needs fails']).toMatchObject({ status: 'skipped', why: 'fails did not pass' });
		expect(printed).toContain('│ why it broke');
	});

	it('runs a step that only comes after a failed one, with its own environment', () => {
		expect(outcomes['after fails'].status).toBe('passed');
		expect(readFileSync(join(logDir, 'after fails.log'), 'utf8').trim()).toBe('given');
	});
});
