/**
 * One name for the trigger (issue 34 §4.8): wherever another node's field, hint or message points a
 * user at it, it is called what the canvas and its own errors call it, "Task Finished Trigger" (the
 * node picker drops " Trigger" and lists "Task Finished"); never the earlier "Task Trigger".
 */
import { readFileSync, readdirSync, statSync } from 'fs';
import { join, relative } from 'path';

import { TaskTrigger } from '../../../nodes/TaskTrigger/TaskTrigger.node';

const ROOT = join(__dirname, '..', '..', '..');

function sources(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return sources(path);
		return name.endsWith('.ts') ? [path] : [];
	});
}

/** The string literals of a file, comments left out (they may tell the node's history). */
function literals(file: string): string[] {
	const code = readFileSync(file, 'utf8')
		.replace(/\/\*[\s\S]*?\*\//g, '')
		.replace(/^\s*\/\/.*$/gm, '');
	return [...code.matchAll(/(['"`])((?:\\.|(?!\1)[^\\])*)\1/g)].map(([, , text]) => text);
}

describe('the Task Finished Trigger has one name', () => {
	it('its own display name and default name', () => {
		const { displayName, defaults } = new TaskTrigger().description;
		expect([displayName, defaults.name]).toEqual([
			'Task Finished Trigger',
			'Task Finished Trigger',
		]);
	});

	it('no text a user reads calls it by its earlier name', () => {
		const stale = sources(join(ROOT, 'nodes')).flatMap((file) =>
			literals(file)
				.filter((text) => /\bTask Trigger\b/.test(text))
				.map((text) => `${relative(ROOT, file)}: ${text.slice(0, 80)}`),
		);
		expect(stale).toEqual([]);
	});
});
