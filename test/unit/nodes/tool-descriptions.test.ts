import type { INodeType } from 'n8n-workflow';

import { CompatTask } from '../../../nodes/CompatTask/CompatTask.node';
import { CreateImage } from '../../../nodes/CreateImage/CreateImage.node';
import { CreateVideo } from '../../../nodes/CreateVideo/CreateVideo.node';
import { GetCredits } from '../../../nodes/GetCredits/GetCredits.node';
import { UploadAsset } from '../../../nodes/UploadAsset/UploadAsset.node';
import { Upscale } from '../../../nodes/Upscale/Upscale.node';
import { WaitForTask } from '../../../nodes/WaitForTask/WaitForTask.node';
import { visibleFields } from '../../helpers/visible-fields';

/** The node as n8n makes it a tool: the same description under a type name ending in "Tool". */
const asTool = (node: INodeType): INodeType => ({
	...node,
	description: { ...node.description, name: `${node.description.name}Tool` },
});

/** Every resource and operation the tool can be set to (one empty setting for a node without). */
function settings(node: INodeType): Array<Record<string, string>> {
	const choices = (name: string, values: Record<string, string>) =>
		visibleFields(node, values, 2)
			.options(name)
			.map(({ value }) => String(value));
	const resources = choices('resource', {});
	return (resources.length ? resources : [undefined]).flatMap((resource) => {
		const base: Record<string, string> = resource ? { resource } : {};
		const operations = choices('operation', base);
		return operations.length ? operations.map((operation) => ({ ...base, operation })) : [base];
	});
}

const NODES = [
	new CreateVideo(),
	new CreateImage(),
	new Upscale(),
	new WaitForTask(),
	new UploadAsset(),
	new GetCredits(),
	new CompatTask(),
];

test.each(NODES.map((node) => [node.description.displayName, node] as const))(
	'%s as a tool: one plain-text Description for every operation, no expression, no internal values',
	(_name, node) => {
		const tool = asTool(node);
		const seen = settings(node);
		expect(seen.length).toBeGreaterThan(0);
		for (const values of seen) {
			const shown = visibleFields(tool, values, 2).fields('toolDescription');
			expect([values, shown.length]).toEqual([values, 1]);
			const text = String(shown[0].default);
			expect(text).not.toMatch(/^=|\{\{|\$parameter/);
			expect(text).not.toMatch(/\b[a-z]+[A-Z]\w*To[A-Z]\w*\b/); // textToVideo, imageToVideo, ...
			expect(text.length).toBeGreaterThan(40);
		}
	},
);
