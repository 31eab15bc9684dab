import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

import { COMPAT_PATHS } from '../nodes/shared/transport/api/compat';
import { COMPAT_BASE_URL_EXPRESSION } from '../nodes/shared/transport/base-url';

import { BASE_URL_HINT } from './base-url-hint';
import { refusedKeyRule } from './test-rules';

export class CompatVideoApi implements ICredentialType {
	name = 'compatVideoApi';

	displayName = 'Task-Compatible Video API';

	icon: Icon = { light: 'file:../icons/compat.svg', dark: 'file:../icons/compat.dark.svg' };

	// A literal (the n8n lint demands one): the same address as readmeSection() in nodes/shared/fields/docs.ts.
	documentationUrl =
		'https://github.com/unified-generation/n8n-nodes-unified-generation#task-compatible-video-api-credential';

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description:
				"The key of the Unified Generation provider's Task-Compatible Video API, created in the admin console (customer detail page) or the customer portal (API Keys page); shown in full only once. It is sent as a Bearer token, only to the Base URL below.",
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'https://example.com',
			hint: BASE_URL_HINT,
			description:
				'Root address of the Task-Compatible Video API, with or without /v1: http://127.0.0.1:8787 and http://127.0.0.1:8787/v1 both work (its paths, /v1/…, are added once)',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: { headers: { Authorization: '=Bearer {{$credentials.apiKey}}' } },
	};

	test: ICredentialTestRequest = {
		request: { baseURL: COMPAT_BASE_URL_EXPRESSION, url: COMPAT_PATHS.balance },
		rules: [
			refusedKeyRule('Task-Compatible Video API'),
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message:
						"Not found (HTTP 404): the Base URL does not lead to the Task-Compatible Video API. Check the Base URL you set: the API's root address, with or without /v1 (its paths, /v1/…, are added once)",
				},
			},
		],
	};
}
