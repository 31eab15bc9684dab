// What the scripts that run as commands share. Plain Node ESM.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/**
 * True when the module at `moduleUrl` is the script Node was started with (not an import).
 * @param {string} moduleUrl import.meta.url
 */
export function isMain(moduleUrl) {
	return Boolean(process.argv[1]) && path.resolve(process.argv[1]) === fileURLToPath(moduleUrl);
}

/**
 * Node's parseArgs over this process's arguments; an unknown option or a stray argument is an
 * error that ends with the usage text.
 * @param {import('node:util').ParseArgsConfig['options']} options
 * @param {string} usage
 */
export function parseOptions(options, usage, args = process.argv.slice(2)) {
	try {
		return parseArgs({ args, options, strict: true }).values;
	} catch (error) {
		throw new Error(`${error.message}\n\n${usage}`);
	}
}
