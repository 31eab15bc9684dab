/**
 * An upload whose answer was lost points to the one asset list of its own API (issue 44, item 8:
 * a node names only the nodes that concern it).
 */
import type { INode } from 'n8n-workflow';

import { notConfirmedError } from '../../../nodes/shared/errors';

const node = (type: string) => ({ type: `n8n-nodes-unified-generation.${type}` }) as INode;

test.each([
	['uploadAsset', 'Upload Asset → List'],
	['compatTask', 'Compat Task → Asset → List'],
])('an unconfirmed upload of %s points to its own asset list only', (type, list) => {
	const { description } = notConfirmedError(node(type), 'asset', 'lost', 0);
	expect(description).toContain(`first list your assets (${list})`);
	expect(description?.match(/Upload Asset|Compat Task/g)).toHaveLength(1);
});
