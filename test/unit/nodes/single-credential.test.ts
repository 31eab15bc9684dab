/**
 * n8n's community-nodes lint rule `single-credential-per-node` (newer than the registry's plugin,
 * issue 34 §1): a node uses one credential at a time; several only when they exclude each other
 * through `displayOptions.show` on one single-value property. Read from every node's description
 * (each declares its credentials once, for all its versions).
 */
import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';

import { GetCredits } from '../../../nodes/GetCredits/GetCredits.node';
import { packageNodes } from '../../helpers/package-nodes';
import { visibleFields } from '../../helpers/visible-fields';

const NODES = packageNodes();

/** Why this description breaks the rule, or undefined. */
function breaksRule(description: INodeTypeDescription): string | undefined {
	const credentials = description.credentials ?? [];
	if (credentials.length <= 1) return undefined;
	const shows = credentials.map((credential) => credential.displayOptions?.show ?? {});
	const keys = new Set(shows.flatMap((show) => Object.keys(show)));
	if (keys.size !== 1 || shows.some((show) => Object.keys(show).length !== 1))
		return 'its credentials are not told apart by one property';
	const [key] = [...keys];
	const property = description.properties.find((candidate) => candidate.name === key);
	if (!property || !isSingleValue(property)) return `${key} is not a single-value property`;
	const values = shows.flatMap((show) => show[key] ?? []);
	if (new Set(values.map(String)).size !== values.length) return `two credentials share a ${key}`;
	return undefined;
}

const isSingleValue = (property: INodeProperties) =>
	property.type === 'options' || property.type === 'boolean';

test.each(NODES.map((node) => [node.description.displayName, node]))(
	'%s: one credential at a time (declared once for all its versions)',
	(_name, node) => {
		expect(breaksRule(node.description)).toBeUndefined();
	},
);

test('the rule is read as n8n words it: two credentials shown together break it', () => {
	const both = {
		...new GetCredits().description,
		credentials: [
			{ name: 'unifiedGenerationApi', required: true },
			{
				name: 'compatVideoApi',
				required: true,
				displayOptions: { show: { includeCompatBalance: [true] } },
			},
		],
	};
	expect(breaksRule(both)).toBe('its credentials are not told apart by one property');
});

describe('Get Credits reads one API: how to read both balances is said on the node', () => {
	test('version 2 (a new node) shows a notice that names Compat Task → Balance → Get, and no switch', () => {
		const fields = visibleFields(new GetCredits(), {}, 2);
		expect(fields.names).not.toContain('includeCompatBalance');
		expect(fields.field('compatBalanceNotice')?.displayName).toContain(
			'Compat Task → Balance → Get',
		);
	});

	test('version 1 (saved workflows) keeps its switch; on, a notice says to turn it off', () => {
		expect(visibleFields(new GetCredits(), {}, 1).names).toContain('includeCompatBalance');
		const on = visibleFields(new GetCredits(), { includeCompatBalance: true }, 1);
		expect(on.field('compatCredentialNotice')?.displayName).toMatch(/turn this off/);
	});
});
