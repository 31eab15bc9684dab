import { execFileSync, spawnSync } from 'child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

/**
 * `npm run release` (scripts/release.mjs) in a throw-away git repository holding copies of the
 * files it edits: no network, no publish, this repository untouched.
 */
const root = join(__dirname, '..', '..');
const script = join(root, 'scripts', 'release.mjs');
const identity = {
	GIT_AUTHOR_NAME: 'Release Test',
	GIT_AUTHOR_EMAIL: 'release-test@example.com',
	GIT_COMMITTER_NAME: 'Release Test',
	GIT_COMMITTER_EMAIL: 'release-test@example.com',
};
const env = { ...process.env, ...identity };
const today = new Date().toISOString().slice(0, 10);

let repo: string;
const git = (...args: string[]) =>
	execFileSync('git', args, { cwd: repo, env, encoding: 'utf8' }).trim();
const read = (name: string) => readFileSync(join(repo, name), 'utf8');
const version = (name: string) => JSON.parse(read(name)).version;
const release = (...args: string[]) =>
	spawnSync(process.execPath, [script, ...args], { cwd: repo, env, encoding: 'utf8' });

beforeEach(() => {
	repo = mkdtempSync(join(tmpdir(), 'release-'));
	for (const name of ['package.json', 'package-lock.json', 'CHANGELOG.md'])
		copyFileSync(join(root, name), join(repo, name));
	git('init', '--quiet', '--initial-branch=main');
	git('add', '.');
	git('commit', '--quiet', '-m', 'start');
});
afterEach(() => rmSync(repo, { recursive: true, force: true }));

describe('npm run release', () => {
	test('minor: bumps both files, moves the notes under the dated version, commits and tags', () => {
		const before = JSON.parse(read('package.json')).version as string;
		const [major, minor] = before.split('.').map(Number);
		const next = `${major}.${minor + 1}.0`;
		const notes = read('CHANGELOG.md').split('## [Unreleased]')[1].split('\n## ')[0].trim();

		const result = release('minor');

		expect(result.stderr).toBe('');
		expect(result.status).toBe(0);
		expect(result.stdout).toContain(`committed and tagged v${next}`);
		expect(version('package.json')).toBe(next);
		expect(version('package-lock.json')).toBe(next);
		expect(JSON.parse(read('package-lock.json')).packages[''].version).toBe(next);
		const changelog = read('CHANGELOG.md');
		expect(changelog).toContain(
			`## [Unreleased]\n\n## [${next}] - ${today}\n\n${notes}\n\n## [${before}]`,
		);
		expect(git('status', '--porcelain')).toBe('');
		expect(git('log', '-1', '--format=%s')).toBe(`Release v${next}`);
		expect(git('describe', '--tags', '--exact-match')).toBe(`v${next}`);
	});

	test('patch, major and an explicit version', () => {
		const [major, minor, patch] = version('package.json').split('.').map(Number);
		expect(release('patch').status).toBe(0);
		expect(version('package.json')).toBe(`${major}.${minor}.${patch + 1}`);
		writeFileSync(
			join(repo, 'CHANGELOG.md'),
			read('CHANGELOG.md').replace('## [Unreleased]\n', '## [Unreleased]\n\n- More.\n'),
		);
		git('commit', '--quiet', '-am', 'notes');
		expect(release('major').status).toBe(0);
		expect(version('package.json')).toBe(`${major + 1}.0.0`);
		writeFileSync(
			join(repo, 'CHANGELOG.md'),
			read('CHANGELOG.md').replace('## [Unreleased]\n', '## [Unreleased]\n\n- Again.\n'),
		);
		git('commit', '--quiet', '-am', 'notes');
		expect(release(`${major + 1}.3.0`).status).toBe(0);
		expect(git('tag', '--list').split('\n').sort()).toEqual(
			[`v${major}.${minor}.${patch + 1}`, `v${major + 1}.0.0`, `v${major + 1}.3.0`].sort(),
		);
	});

	test.each([
		[
			'a dirty work tree',
			() => writeFileSync(join(repo, 'x.txt'), 'x'),
			'minor',
			'uncommitted changes',
		],
		[
			'a version not above the current one',
			() => undefined,
			'0.0.1',
			'is not above the current version',
		],
		['a word it does not know', () => undefined, 'bigger', 'neither patch, minor, major nor X.Y.Z'],
		['an existing tag', () => git('tag', 'v99.0.0'), '99.0.0', 'the tag v99.0.0 exists already'],
		[
			'an empty Unreleased section',
			() => {
				const text = read('CHANGELOG.md');
				const start = text.indexOf('## [Unreleased]') + '## [Unreleased]'.length;
				writeFileSync(
					join(repo, 'CHANGELOG.md'),
					text.slice(0, start) + '\n\n' + text.slice(text.indexOf('\n## ', start) + 1),
				);
				git('commit', '--quiet', '-am', 'no notes');
			},
			'patch',
			'nothing under "## [Unreleased]"',
		],
	])('refuses %s and changes nothing', (_case, prepare, wanted, message) => {
		prepare();
		const head = git('rev-parse', 'HEAD');
		const result = release(wanted);
		expect(result.status).toBe(1);
		expect(result.stderr).toContain(message);
		expect(git('rev-parse', 'HEAD')).toBe(head);
		expect(git('status', '--porcelain', '--untracked-files=no')).toBe('');
	});
});
