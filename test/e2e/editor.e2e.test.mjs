// n8n itself (`n8n start`, one server for the whole file) loads the package: the editor's node and
// credential lists show every node and credential of package.json's `n8n` section with their
// properties, each credential type's test succeeds with a good key and fails with a bad one, the
// examples are listed, and one runs from the editor.
import { createRequire } from 'node:module';
import path from 'node:path';

import {
	DEMO_OWNER,
	emulatorCredentials,
	loadExamples,
	login,
	ownerEnv,
} from '../../scripts/n8n/instance.mjs';
import { readExecution } from '../../scripts/n8n/rest.mjs';
import { REPO_ROOT } from '../../scripts/n8n/paths.mjs';
import { startN8n } from '../../scripts/n8n/run.mjs';
import { USER_FOLDER, emulator, isMp4, itemsOf, packageJson, storedBinary } from './context.mjs';

const require = createRequire(import.meta.url);
const PACKAGE = packageJson.name;
const NODE_FILES = packageJson.n8n.nodes;
const CREDENTIAL_FILES = packageJson.n8n.credentials;

/** Facts the README promises for the nodes that exist today; a new node gets the generic checks. */
const KNOWN_NODES = {
	createVideo: { displayName: 'Create Video', outputs: 1, credentials: ['unifiedGenerationApi'] },
	getCredits: {
		displayName: 'Get Credits',
		outputs: 1,
		credentials: ['unifiedGenerationApi'],
	},
	waitForTask: {
		displayName: 'Wait For Task',
		// The outputs follow the operation: an expression n8n evaluates per node.
		outputLabels: ['Completed', 'Incomplete', 'Running', 'Failed', 'Relations'],
		credentials: ['unifiedGenerationApi'],
	},
};
const KNOWN_CREDENTIALS = {
	unifiedGenerationApi: {
		displayName: 'Unified Generation API',
		testPath: '/api/v1/account/credits',
	},
	compatVideoApi: { displayName: 'Task-Compatible Video API', testPath: '/v1/me/balance' },
};

/** Fields n8n 2.x adds to every credential type. */
const N8N_CREDENTIAL_FIELDS = ['allowedDomains', 'allowedHttpRequestDomains'];

/** Lines n8n prints when a package, a node or a module of it does not load. */
const LOAD_ERROR =
	/failed to load|error loading|cannot find module|is not a constructor|class .* not found|skipping package/i;

/** The class a dist file of the built package exports (named after the file, as n8n's loader expects). */
function declared(distPath) {
	const file = path.join(REPO_ROOT, distPath);
	const className = path.basename(file).split('.')[0];
	return new (require(file)[className])();
}

const credentialNames = (list) => (list ?? []).map((c) => c.name);
const propertyNames = (list) => [...new Set((list ?? []).map((p) => p.name))].sort();

let server;
let session;
let startOutput = '';
let nodeTypes = [];
let credentialTypes = [];
const emu = emulator();

beforeAll(async () => {
	server = await startN8n({
		userFolder: USER_FOLDER,
		env: ownerEnv(DEMO_OWNER),
		timeoutMs: 5 * 60_000,
	});
	startOutput = server.output();
	session = await login(server.baseUrl, DEMO_OWNER);
	nodeTypes = (await session.request('GET', '/types/nodes.json')).json;
	credentialTypes = (await session.request('GET', '/types/credentials.json')).json;
});

afterAll(async () => {
	await server?.stop();
});

describe('n8n loads the package', () => {
	test('n8n starts, the owner logs in, and nothing failed to load', () => {
		expect(session.cookie).toMatch(/^n8n-auth=/);
		const problems = startOutput
			.split('\n')
			.filter((line) => LOAD_ERROR.test(line) || (line.includes(PACKAGE) && /error/i.test(line)));
		expect(problems).toEqual([]);
	});

	test('the editor lists exactly the nodes of package.json (plus their AI-tool variants)', () => {
		const listed = nodeTypes.map((n) => n.name).filter((name) => name.startsWith(`${PACKAGE}.`));
		const expected = NODE_FILES.map((file) => `${PACKAGE}.${declared(file).description.name}`);
		const tools = expected
			.filter((_, i) => declared(NODE_FILES[i]).description.usableAsTool)
			.map((name) => `${name}Tool`);
		expect(listed.sort()).toEqual([...expected, ...tools].sort());
	});

	test.each(NODE_FILES)(
		'node %s: as the package declares it, with icon, codex and credentials',
		async (file) => {
			const { description } = declared(file);
			const type = `${PACKAGE}.${description.name}`;
			const listed = nodeTypes.find((n) => n.name === type);
			expect(listed).toBeDefined();

			// what n8n shows is what the package declares
			expect(listed).toMatchObject({
				displayName: description.displayName,
				version: description.version,
				group: description.group,
				defaults: description.defaults,
			});
			expect(listed.outputs).toHaveLength(description.outputs.length);
			expect(listed.outputNames).toEqual(description.outputNames);
			expect(credentialNames(listed.credentials)).toEqual(credentialNames(description.credentials));
			expect(propertyNames(listed.properties)).toEqual(propertyNames(description.properties));
			expect(Boolean(listed.usableAsTool)).toBe(Boolean(description.usableAsTool));

			// and what every node of this package must have
			expect(listed.displayName).toMatch(/^[A-Z]/);
			expect(listed.description).toEqual(expect.any(String));
			expect(listed.codex?.categories?.length).toBeGreaterThan(0);
			const isTrigger = listed.group.includes('trigger');
			if (!isTrigger) expect(listed.usableAsTool).toBe(true); // every action node is usable as a tool
			const ownCredentials = CREDENTIAL_FILES.map((f) => declared(f).name);
			expect(credentialNames(listed.credentials).length).toBeGreaterThan(0);
			for (const name of credentialNames(listed.credentials))
				expect(ownCredentials).toContain(name);
			for (const url of [listed.iconUrl?.light, listed.iconUrl?.dark]) {
				expect(url).toEqual(expect.any(String));
				const icon = await fetch(`${server.baseUrl}/${url}`);
				expect(icon.status).toBe(200);
				expect(await icon.text()).toContain('<svg');
			}
			if (listed.usableAsTool) {
				const tool = nodeTypes.find((n) => n.name === `${type}Tool`);
				expect(tool?.outputs).toEqual(['ai_tool']);
			}

			const known = KNOWN_NODES[description.name];
			if (known) {
				expect(listed.displayName).toBe(known.displayName);
				if (known.outputLabels) {
					expect(listed.outputs).toEqual(expect.stringMatching(/^=\{\{/));
					for (const label of known.outputLabels) expect(listed.outputs).toContain(label);
				} else {
					expect(listed.outputs).toHaveLength(known.outputs);
				}
				expect(credentialNames(listed.credentials)).toEqual(known.credentials);
			}
		},
	);

	test.each(CREDENTIAL_FILES)(
		'credential %s: as the package declares it, with a test request',
		(file) => {
			const credential = declared(file);
			const listed = credentialTypes.find((c) => c.name === credential.name);
			expect(listed).toBeDefined();
			expect(listed.displayName).toBe(credential.displayName);
			// n8n 2.x adds its own fields to every credential (which domains it may be sent to)
			const added = propertyNames(listed.properties).filter(
				(name) => !propertyNames(credential.properties).includes(name),
			);
			expect(propertyNames(listed.properties)).toEqual(
				expect.arrayContaining(propertyNames(credential.properties)),
			);
			expect(added.filter((name) => !N8N_CREDENTIAL_FIELDS.includes(name))).toEqual([]);
			expect(listed.properties.find((p) => p.name === 'apiKey')?.typeOptions?.password).toBe(true);
			expect(listed.authenticate?.type).toBe('generic');
			expect(listed.test?.request?.url).toEqual(expect.any(String));
			expect(listed.iconUrl).toBeDefined();
			// n8n knows which of the package's nodes use it
			const users = NODE_FILES.map((f) => declared(f).description)
				.filter((d) => credentialNames(d.credentials).includes(credential.name))
				.map((d) => `${PACKAGE}.${d.name}`);
			expect([...(listed.supportedNodes ?? [])].sort()).toEqual(
				expect.arrayContaining(users.sort()),
			);
			const known = KNOWN_CREDENTIALS[credential.name];
			if (known) expect(listed.displayName).toBe(known.displayName);
		},
	);
});

describe('credential test (the editor\'s "Test" / save)', () => {
	const template = () => emulatorCredentials(emu.url);

	test.each(CREDENTIAL_FILES)(
		'%s: succeeds with a good key, fails with a bad one',
		async (file) => {
			const type = declared(file).name;
			const credential = template().find((c) => c.type === type);
			// the demo and this suite import one credential of every type: the template must have it
			expect(credential).toBeDefined();
			const testPath = KNOWN_CREDENTIALS[type]?.testPath;
			const before = testPath ? (await emu.requests(testPath)).length : 0;

			const test = (data) =>
				session.request('POST', '/rest/credentials/test', {
					credentials: { id: credential.id, name: credential.name, type, data },
				});
			const good = await test(credential.data);
			expect(good.status).toBe(200);
			expect(good.json.data).toMatchObject({ status: 'OK' });

			const bad = await test({ ...credential.data, apiKey: 'not-a-valid-key' });
			expect(bad.status).toBe(200);
			expect(bad.json.data.status).toBe('Error');
			expect(bad.json.data.message).toMatch(/unauthori[sz]ed|401|api key/i);
			expect(bad.json.data.message).not.toContain('not-a-valid-key');

			if (testPath) {
				// the test request is the credential's own (n8n may send the failing one more than once)
				const [first, ...rest] = (await emu.requests(testPath)).slice(before).map((r) => r.status);
				expect(first).toBe(200);
				expect(rest.length).toBeGreaterThan(0);
				expect(rest.filter((status) => status !== 401)).toEqual([]);
			}
		},
	);
});

describe('credential test: the Base URL as the start banner prints it, a refused key in words', () => {
	test('the Unified credential passes with the bare root or with /api/v1; a refused key and a wrong path say what to change', async () => {
		const unified = emulatorCredentials(emu.url).find((c) => c.type === 'unifiedGenerationApi');
		const test = async (data) =>
			(
				await session.request('POST', '/rest/credentials/test', {
					credentials: { id: unified.id, name: unified.name, type: unified.type, data },
				})
			).json.data;
		const root = emu.url.replace(/\/+$/, '');
		expect(await test({ ...unified.data, baseUrl: root })).toMatchObject({ status: 'OK' });
		expect(await test({ ...unified.data, baseUrl: `${root}/api/v1/` })).toMatchObject({
			status: 'OK',
		});
		const refused = await test({ ...unified.data, baseUrl: root, apiKey: 'not-a-valid-key' });
		expect(refused.message).toMatch(
			/^The Unified Generation API refused the API key \(HTTP 401\): paste the key again/,
		);
		const elsewhere = await test({ ...unified.data, baseUrl: `${root}/api` });
		expect(elsewhere.message).toMatch(
			/^Not found \(HTTP 404\): the Base URL does not lead to the Unified Generation API/,
		);
	});
});

describe('the examples in the editor', () => {
	const examples = loadExamples();

	test('every example is listed, and every node it uses is a node type n8n knows', async () => {
		const listed = (await session.request('GET', '/rest/workflows')).json.data.map((w) => w.id);
		// n8n lists some types once per version range (Set: [3..3.5] and [1, 2]): merge them.
		const versions = new Map();
		for (const n of nodeTypes)
			versions.set(n.name, [...(versions.get(n.name) ?? []), ...[].concat(n.version)]);
		const unknown = [];
		for (const { workflow } of examples) {
			expect(listed).toContain(workflow.id);
			for (const node of workflow.nodes) {
				if (!versions.get(node.type)?.includes(node.typeVersion))
					unknown.push(`${workflow.name}: ${node.type} v${node.typeVersion}`);
			}
		}
		expect(unknown).toEqual([]);
	});

	test('a user runs the text-to-video example from the editor: it succeeds with the video in binary data', async () => {
		const { workflow } = examples.find((e) => e.workflow.id === 'ugExTextVideo01');
		const trigger = workflow.nodes.find((n) => n.type === 'n8n-nodes-base.manualTrigger');
		const started = await session.request('POST', `/rest/workflows/${workflow.id}/run`, {
			triggerToStartFrom: { name: trigger.name },
		});
		expect(started.status).toBe(200);
		const executionId = started.json.data.executionId;
		expect(executionId).toBeDefined();

		let execution;
		for (const deadline = Date.now() + 5 * 60_000; Date.now() < deadline;) {
			execution = (await session.request('GET', `/rest/executions/${executionId}`)).json?.data;
			if (execution && !['new', 'running', 'waiting'].includes(execution.status)) break;
			await new Promise((r) => setTimeout(r, 500));
		}
		expect(execution.status).toBe('success');
		expect(execution.mode).toBe('manual');
		const run = await readExecution(session, executionId);
		const [done] = itemsOf(run, 'Wait For Task', 0);
		expect(done.json).toMatchObject({
			status: 'COMPLETED',
			creditsUsed: 200,
			outcome: 'succeeded',
		});
		expect(done.binary.data).toMatchObject({ mimeType: 'video/mp4', fileExtension: 'mp4' });
		const bytes = storedBinary(done.binary.data);
		expect(bytes.length).toBe(done.binary.data.bytes);
		expect(isMp4(bytes)).toBe(true);
	});
});
