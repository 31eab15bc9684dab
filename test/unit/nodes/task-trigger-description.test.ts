import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { CompatVideoApi } from '../../../credentials/CompatVideoApi.credentials';
import { UnifiedGenerationApi } from '../../../credentials/UnifiedGenerationApi.credentials';
import { GetCredits } from '../../../nodes/GetCredits/GetCredits.node';
import { TaskTrigger } from '../../../nodes/TaskTrigger/TaskTrigger.node';
import { visibleFields } from '../../helpers/visible-fields';

const ROOT = join(__dirname, '..', '..', '..');
const description = new TaskTrigger().description;

describe('Task Finished Trigger: how the editor lists and shows it', () => {
	test('the node picker, which drops " Trigger", lists it as "Task Finished"; its type name is unchanged for saved workflows', () => {
		expect(description.displayName).toBe('Task Finished Trigger');
		expect(description.displayName.replace(/ Trigger$/, '')).toBe('Task Finished');
		expect(description.name).toBe('taskTrigger');
	});

	test('its notice names every node that takes a Callback URL', () => {
		const notice = description.properties.find((field) => field.name === 'callbackNotice');
		for (const node of ['Create Video', 'Create Image', 'Upscale Video'])
			expect(notice?.displayName).toContain(node);
	});

	test('the Secret is required; every field but a notice has a description', () => {
		const fields = visibleFields(new TaskTrigger(), { verifyWithApi: true, download: true });
		expect(fields.field('secret')).toMatchObject({
			required: true,
			typeOptions: { password: true },
		});
		const undescribed = description.properties
			.filter((field) => field.type !== 'notice' && !field.description)
			.map((field) => field.name);
		expect(undescribed).toEqual([]);
		expect(fields.names).toContain('binaryProperty');
	});
});

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function readmeAnchors(): Set<string> {
	const seen = new Map<string, number>();
	const anchors = new Set<string>();
	for (const [, heading] of readFileSync(join(ROOT, 'README.md'), 'utf8').matchAll(
		/^#{1,6} (.+)$/gm,
	)) {
		const base = heading
			.trim()
			.toLowerCase()
			.replace(/[^\p{L}\p{N} _-]/gu, '')
			.replace(/ /g, '-');
		const count = seen.get(base) ?? 0;
		seen.set(base, count + 1);
		anchors.add(count ? `${base}-${count}` : base);
	}
	return anchors;
}

describe('Docs links open the README section of that credential or node', () => {
	const repository = 'https://github.com/unified-generation/n8n-nodes-unified-generation';
	const codex = (node: string) =>
		JSON.parse(readFileSync(join(ROOT, 'nodes', node, `${node}.node.json`), 'utf8')) as {
			resources: {
				primaryDocumentation: Array<{ url: string }>;
				credentialDocumentation: Array<{ url: string }>;
			};
		};

	test.each([
		[
			'the Unified Generation API credential',
			new UnifiedGenerationApi().documentationUrl,
			'unified-generation-api-credential',
		],
		[
			'the Task-Compatible Video API credential',
			new CompatVideoApi().documentationUrl,
			'task-compatible-video-api-credential',
		],
		['the Task Finished Trigger', description.documentationUrl, 'task-finished-trigger'],
		[
			'the Task Finished Trigger (codex)',
			codex('TaskTrigger').resources.primaryDocumentation[0].url,
			'task-finished-trigger',
		],
		['Get Credits', new GetCredits().description.documentationUrl, 'get-credits'],
		[
			'Get Credits (codex)',
			codex('GetCredits').resources.primaryDocumentation[0].url,
			'get-credits',
		],
	])('%s → %s', (_, url, anchor) => {
		expect(url).toBe(`${repository}#${anchor}`);
		expect(readmeAnchors()).toContain(anchor);
	});

	test("the credential links of Get Credits and the trigger lead to their credentials' sections", () => {
		const anchors = (node: string) =>
			codex(node).resources.credentialDocumentation.map(({ url }) => url.split('#')[1]);
		expect(anchors('GetCredits')).toEqual([
			'unified-generation-api-credential',
			'task-compatible-video-api-credential',
		]);
		expect(anchors('TaskTrigger')).toEqual(['unified-generation-api-credential']);
		for (const anchor of [...anchors('GetCredits'), ...anchors('TaskTrigger')])
			expect(readmeAnchors()).toContain(anchor);
	});
});
