import { NodeOperationError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

// Create Image's words for its fields, registered as n8n loads the node
import '../../../nodes/CreateImage/field-labels';
import { refusedBeforeSending } from '../../../nodes/shared/errors';

test('the refusal builder: a NodeOperationError, the code first, the label, nothing sent', () => {
	const node = { type: 'n8n-nodes-unified-generation.createImage', parameters: {} } as INode;
	const error = refusedBeforeSending({ getNode: () => node }, 0, {
		code: 'INVALID_PARAMETER',
		message: 'images per item 0 is invalid',
		path: 'imagesPerItem',
	});
	expect(error).toBeInstanceOf(NodeOperationError);
	expect(error.message).toBe('INVALID_PARAMETER: images per item 0 is invalid');
	expect(error.description).toBe(
		'Field: Images per Item. Nothing was sent and no credits were spent.',
	);
});
