/**
 * What n8n 3.0 changes that this package or its suites could rely on (n8n's "v3.0 breaking
 * changes"; docs/n8n-versions.md). 3.0 ships as a Docker image only, so it cannot run here:
 * these checks hold the package and the suites to 3.0's rules on the n8n that does run.
 */
import { execFileSync } from 'child_process';
import { readFileSync, readdirSync } from 'fs';
import { join } from 'path';

import { packageNodes } from '../helpers/package-nodes';

const root = join(__dirname, '..', '..');
const NODES = packageNodes();

/** Nodes 3.0 removes (AI Transform is migrated to Code, the others break). */
const REMOVED_NODE_TYPES = [
	'n8n-nodes-base.function',
	'n8n-nodes-base.functionItem',
	'n8n-nodes-base.itemLists',
	'n8n-nodes-base.aiTransform',
	'@n8n/n8n-nodes-langchain.code',
];

interface Workflow {
	name: string;
	nodes: Array<{ name: string; type: string; parameters?: Record<string, unknown> }>;
}
const examples: Workflow[] = readdirSync(join(root, 'examples'))
	.filter((file) => file.endsWith('.json'))
	.map((file) => JSON.parse(readFileSync(join(root, 'examples', file), 'utf8')));

/** The environment the suites give n8n (scripts/n8n/run.mjs n8nEnv, queue mode's on top). */
function suiteEnv(): { regular: Record<string, string>; queueSource: string } {
	const code = `
		import { n8nEnv } from './scripts/n8n/run.mjs';
		process.stdout.write(JSON.stringify(n8nEnv('/tmp/n8n-3-readiness')));`;
	const out = execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root });
	return {
		regular: JSON.parse(out.toString()),
		queueSource: readFileSync(join(root, 'scripts', 'n8n', 'queue.mjs'), 'utf8'),
	};
}

describe('n8n 3.0 readiness', () => {
	it('no node sets defaults.color (3.0 removes it; the icon carries the colour)', () => {
		for (const node of NODES) {
			expect({
				node: node.description.name,
				defaults: Object.keys(node.description.defaults),
			}).toEqual({
				node: node.description.name,
				defaults: ['name'],
			});
		}
	});

	it('package.json asks for node API level 1, which n8n 2.x and 3.x both load', () => {
		const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
		expect(pkg.n8n.n8nNodesApiVersion).toBe(1);
	});

	it.each(examples.map((w) => [w.name, w] as const))(
		'example "%s" uses no node, helper or mode 3.0 removes',
		(_name, workflow) => {
			const text = JSON.stringify(workflow);
			expect(workflow.nodes.filter((n) => REMOVED_NODE_TYPES.includes(n.type))).toEqual([]);
			expect(text).not.toContain('$getPairedItem');
			expect(text).not.toContain('$evaluateExpression');
			const eachItemSubWorkflows = workflow.nodes.filter(
				(n) => n.type === 'n8n-nodes-base.executeWorkflow' && n.parameters?.mode === 'each',
			);
			expect(eachItemSubWorkflows).toEqual([]);
		},
	);

	it("the suites run n8n on 3.0's defaults: files on disk, a 60 s task-runner timeout, manual runs on workers", () => {
		const { regular, queueSource } = suiteEnv();
		// 3.0 removes the in-memory mode; 2.x stores on the filesystem unless told otherwise
		expect(regular.N8N_DEFAULT_BINARY_DATA_MODE ?? 'filesystem').toBe('filesystem');
		expect(regular.N8N_RUNNERS_TASK_TIMEOUT).toBe('60');
		expect(queueSource).toMatch(/OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true'/);
		expect(queueSource).toMatch(/N8N_DEFAULT_BINARY_DATA_MODE: 'database'/);
	});
});
