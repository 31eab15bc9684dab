// The Compat Task example runs in a real n8n (`n8n execute`) against the emulator: an asset group,
// two reference images uploaded and reviewed, one task that uses both as reference images, and its
// video downloaded into n8n's binary data.
import { DEMO_OWNER, login, ownerEnv } from '../../scripts/n8n/instance.mjs';
import { executeWorkflow, startN8n } from '../../scripts/n8n/run.mjs';
import {
	USER_FOLDER,
	emulator,
	isMp4,
	itemsOf,
	jsonOf,
	packageJson,
	storedBinary,
} from './context.mjs';

const emu = emulator();
const TASKS = '/v1/contents/generations/tasks';

test('asset group → two reference assets → review → task with both assets → the MP4 in binary data', async () => {
	const before = (await emu.requests(TASKS)).length;
	const result = await executeWorkflow('ugExCompatRef06', { userFolder: USER_FOLDER });
	expect(result.run?.status).toBe('success');
	const run = result.run;

	const [group] = jsonOf(run, 'Create Asset Group');
	expect(group).toMatchObject({ officialId: expect.any(String), name: 'Example: spring campaign' });
	const uploaded = jsonOf(run, 'Upload Reference Images');
	expect(uploaded.map((asset) => asset.status)).toEqual(['Processing', 'Processing']);
	const active = jsonOf(run, 'Wait for Review', 0);
	expect(active.map((asset) => [asset.officialId, asset.status])).toEqual(
		uploaded.map((asset) => [asset.officialId, 'Active']),
	);
	expect(itemsOf(run, 'Wait for Review', 1)).toEqual([]);

	const created = (await emu.requests(TASKS))
		.slice(before)
		.filter((entry) => entry.method === 'POST');
	expect(created).toHaveLength(1);
	expect(created[0].body.content.slice(1)).toEqual(
		active.map((asset) => ({
			type: 'image_url',
			image_url: { url: `asset://${asset.officialId}` },
			role: 'reference_image',
		})),
	);

	const [task] = itemsOf(run, 'Create Video Task');
	expect(task.json).toMatchObject({
		id: expect.any(String),
		status: 'succeeded',
		ratio: '16:9',
		duration: 5,
	});
	expect(task.json.error).toBeUndefined();
	const stored = storedBinary(task.binary.data);
	expect(task.binary.data.mimeType).toBe('video/mp4');
	expect(isMp4(stored)).toBe(true);
	const served = await emu.download(task.json.content[0].video_url.url);
	expect(stored.equals(served.bytes)).toBe(true);
});

test('the editor finds asset groups by name and assets by name (resource locator list search)', async () => {
	const server = await startN8n({
		userFolder: USER_FOLDER,
		env: ownerEnv(DEMO_OWNER),
		timeoutMs: 5 * 60_000,
	});
	try {
		const session = await login(server.baseUrl, DEMO_OWNER);
		const search = async (methodName, filter) => {
			const answer = await session.request(
				'POST',
				'/rest/dynamic-node-parameters/resource-locator-results',
				{
					nodeTypeAndVersion: { name: `${packageJson.name}.compatTask`, version: 1 },
					methodName,
					filter,
					path: 'parameters.groupId',
					currentNodeParameters: { resource: 'asset', operation: 'create' },
					credentials: {
						compatVideoApi: {
							id: 'ugEmuCompat00001',
							name: 'Task-Compatible Video API (emulator)',
						},
					},
				},
			);
			expect(answer.status).toBe(200);
			return answer.json.data.results;
		};
		const groups = await search('searchGroups', 'spring');
		expect(groups).toEqual(
			expect.arrayContaining([
				{
					name: expect.stringMatching(/^Example: spring campaign \(\d+ assets\)$/),
					value: expect.any(String),
				},
			]),
		);
		expect(groups.every((group) => /spring/i.test(group.name))).toBe(true);
		const assets = await search('searchAssets', 'jacket back');
		expect(assets.length).toBeGreaterThan(0);
		expect(assets.every((asset) => /^jacket back \(Active\)$/.test(asset.name))).toBe(true);
	} finally {
		await server.stop();
	}
});
