// A node's output schemas per version, as the editor asks for them (`__schema__/vX.Y.Z/<resource>/
// <op>.json`, exact version only). A later version's folder holds only the schemas that changed:
// every other one is its previous version's, filled in by the build (gulpfile.js) so the same
// JSON is not kept twice. The output-schema tests resolve a path through the same rule.
const fs = require('node:fs');
const path = require('node:path');

/** The version folders of a `__schema__` folder, oldest first (v1.0.0, v2.0.0, …). */
function versionFolders(schemaDir) {
	const parts = (name) => name.slice(1).split('.').map(Number);
	return fs
		.readdirSync(schemaDir, { withFileTypes: true })
		.filter((entry) => entry.isDirectory() && /^v\d+\.\d+\.\d+$/.test(entry.name))
		.map((entry) => entry.name)
		.sort((a, b) => {
			const [x, y] = [parts(a), parts(b)];
			return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
		});
}

/** Every `.json` under `dir`, as paths relative to it. */
function jsonFiles(dir) {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		if (entry.isDirectory())
			return jsonFiles(path.join(dir, entry.name)).map((file) => path.join(entry.name, file));
		return entry.name.endsWith('.json') ? [entry.name] : [];
	});
}

/**
 * Each schema a version serves → the file it comes from: its own, or else the one its previous
 * version serves (a flat `vX.Y.Z.json` is always its own). Paths are relative to `schemaDir`.
 */
function servedSchemas(schemaDir) {
	const flat = fs.readdirSync(schemaDir).filter((name) => /^v[\d.]+\.json$/.test(name));
	const served = new Map(flat.map((name) => [name, name]));
	let previous = [];
	for (const version of versionFolders(schemaDir)) {
		const own = jsonFiles(path.join(schemaDir, version));
		for (const file of own) served.set(path.join(version, file), path.join(version, file));
		for (const [file, source] of previous)
			if (!own.includes(file)) served.set(path.join(version, file), source);
		previous = [...served]
			.filter(([key]) => key.startsWith(`${version}${path.sep}`))
			.map(([key, source]) => [key.slice(version.length + 1), source]);
	}
	return served;
}

/** Copies into every `__schema__` under `root` the schemas its later versions inherit. */
function fillSchemas(root) {
	for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
		const dir = path.join(root, entry.name);
		if (!entry.isDirectory()) continue;
		if (entry.name !== '__schema__') {
			fillSchemas(dir);
			continue;
		}
		for (const [file, source] of servedSchemas(dir)) {
			if (file === source) continue;
			fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
			fs.copyFileSync(path.join(dir, source), path.join(dir, file));
		}
	}
}

module.exports = { fillSchemas, servedSchemas };
