/**
 * The documents link to each other (README.md is a page; the rest lives in docs/ and test/README.md):
 * every relative link of a Markdown file leads to a file that exists, and every `#anchor` to a
 * heading of the file it names (GitHub's anchor of a heading: lower case, punctuation dropped,
 * spaces as hyphens). Code comments cite documents by path: those paths exist too.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'fs';
import { dirname, join, relative, resolve } from 'path';

import { packageNodes } from '../helpers/package-nodes';

const ROOT = join(__dirname, '..', '..');
const SKIP = new Set(['node_modules', '.cache', 'dist', '.git', 'artifacts']);

function files(dir: string, wanted: (name: string) => boolean): string[] {
	return readdirSync(dir).flatMap((name) => {
		if (SKIP.has(name)) return [];
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return files(path, wanted);
		return wanted(name) ? [path] : [];
	});
}

const slug = (heading: string) =>
	heading
		.trim()
		.toLowerCase()
		.replace(/[^\w\- ]/g, '')
		.replace(/ /g, '-');

function anchorsOf(file: string): Set<string> {
	const text = readFileSync(file, 'utf8');
	return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) => slug(heading)));
}

const markdown = files(ROOT, (name) => name.endsWith('.md')).filter(
	(file) => !relative(ROOT, file).startsWith('test/emulator/fixtures'),
);

describe('links between the documents', () => {
	it.each(markdown.map((file) => [relative(ROOT, file), file]))('%s', (_name, file) => {
		const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
		const broken: string[] = [];
		for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
			if (/^[a-z]+:/i.test(target)) continue;
			const [path, anchor] = target.split('#');
			const linked = path ? resolve(dirname(file), path) : file;
			if (!existsSync(linked)) broken.push(`${target}: no such file`);
			else if (anchor && linked.endsWith('.md') && !anchorsOf(linked).has(anchor))
				broken.push(`${target}: no such heading`);
		}
		expect(broken).toEqual([]);
	});
});

/** A repository path with a file extension (docs/<page>.md, nodes/shared/<folder>/<file>.ts, …). */
const CITED_PATH =
	/(?<![\w./-])(?:docs|nodes|credentials|scripts|test|examples)\/[\w./-]*\.(?:md|ts|mjs|js|json|png)\b/g;

describe('documents cited by code comments', () => {
	const code = ['nodes', 'credentials', 'scripts', 'test'].flatMap((dir) =>
		files(join(ROOT, dir), (name) => /\.(ts|mjs|js)$/.test(name)),
	);
	it('every cited path of this repository exists', () => {
		const missing: string[] = [];
		for (const file of code) {
			const text = readFileSync(file, 'utf8');
			for (const [cited] of text.matchAll(CITED_PATH))
				if (!existsSync(join(ROOT, cited))) missing.push(`${relative(ROOT, file)}: ${cited}`);
		}
		expect(missing).toEqual([]);
	});

	it('no comment cites a design text that is not in the repository', () => {
		const citing = code
			.filter((file) => !file.endsWith('doc-links.test.ts'))
			.filter((file) => /\bDESIGN\b/.test(readFileSync(file, 'utf8')))
			.map((file) => relative(ROOT, file));
		expect(citing).toEqual([]);
	});
});

describe("every node's Docs link opens a README heading", () => {
	const readme = anchorsOf(join(ROOT, 'README.md'));
	// the repository's page (package.json's homepage without its #readme)
	const homepage = (
		JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).homepage as string
	).replace(/#.*$/, '');
	it.each(packageNodes().map((node) => [node.description.displayName, node]))(
		'%s',
		(_name, node) => {
			const url = node.description.documentationUrl ?? '';
			expect(url.startsWith(`${homepage}#`)).toBe(true);
			expect(readme.has(url.slice(homepage.length + 1))).toBe(true);
			const name = node.description.name;
			const codexFile = files(join(ROOT, 'nodes'), (file) => file.endsWith('.node.json')).find(
				(file) => JSON.parse(readFileSync(file, 'utf8')).node.endsWith(`.${name}`),
			);
			const codex = JSON.parse(readFileSync(codexFile!, 'utf8'));
			expect(codex.resources.primaryDocumentation[0].url).toBe(url);
		},
	);
});
