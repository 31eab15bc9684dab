/**
 * docs/architecture.md, Layers: the operations (nodes/<Node>/, through the readers of
 * nodes/settings/) read the node's parameters and pass plain values down; nodes/shared reads
 * none, so its modules judge what they are given and never which node or field runs them. An
 * exception would be listed with its reason here and in the document.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const SHARED = join(ROOT, 'nodes', 'shared');

/** None today: each node's labels read its own settings in its own folder (field-labels.ts). */
const EXCEPTIONS: Record<string, string> = {};

function tsFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return tsFiles(path);
		return entry.name.endsWith('.ts') ? [path] : [];
	});
}

/** Each read of a parameter in a file: a getNodeParameter call, or the node's raw `parameters`. */
const READS = /getNodeParameter\s*\(|\b(?:node|getNode\(\))\.parameters\b/g;

const reads = tsFiles(SHARED).flatMap((file) => {
	const path = relative(ROOT, file).split(sep).join('/');
	const code = readFileSync(file, 'utf8');
	return [...code.matchAll(READS)].map(([read]) => `${path}: ${read.replace(/\s*\($/, '')}`);
});

it('nodes/shared reads no node parameter but its documented exceptions', () => {
	const allowed = Object.entries(EXCEPTIONS).map(([path, read]) => `${path}: ${read}`);
	expect(reads.filter((read) => !allowed.includes(read))).toEqual([]);
});

it('every exception is still one, and docs/architecture.md lists it', () => {
	const doc = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
	for (const path of Object.keys(EXCEPTIONS)) {
		expect(reads.some((read) => read.startsWith(`${path}:`))).toBe(true);
		expect(doc).toContain(`\`${path}\``);
	}
});
