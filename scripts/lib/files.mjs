// JSON files as the scripts write and read them. Plain Node ESM.
import fs from 'node:fs';

/** Writes `value` as indented JSON with a final newline. */
export function writeJson(file, value) {
	fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

/** The parsed file (throws when it is missing or not JSON). */
export function readJson(file) {
	return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** The parsed file, or `fallback` when it is missing or not JSON. */
export function readJsonOr(file, fallback) {
	try {
		return readJson(file);
	} catch {
		return fallback;
	}
}

/** Every `*.json` file of a folder, parsed, in file-name order (e.g. a suite's fixture workflows). */
export function readJsonFiles(dir) {
	return fs
		.readdirSync(dir)
		.filter((file) => file.endsWith('.json'))
		.sort()
		.map((file) => readJson(`${dir}/${file}`));
}
