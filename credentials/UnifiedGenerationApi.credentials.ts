import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

import { UNIFIED_PATHS } from '../nodes/shared/transport/api/unified';
import { UNIFIED_BASE_URL_EXPRESSION } from '../nodes/shared/transport/base-url';

import { BASE_URL_HINT } from './base-url-hint';
import { refusedKeyRule } from './test-rules';

export class UnifiedGenerationApi implements ICredentialType {
	name = 'unifiedGenerationApi';

	displayName = 'Unified Generation API';

	icon: Icon = { light: 'file:../icons/unified.svg', dark: 'file:../icons/unified.dark.svg' };

	// A literal (the n8n lint demands one): the same address as readmeSection() in nodes/shared/fields/docs.ts.
	documentationUrl =
		'https://github.com/unified-generation/n8n-nodes-unified-generation#unified-generation-api-credential';

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description:
				"The key created in the account settings of the Unified Generation API (shown only once, when it is created). The same provider's Task-Compatible Video API has its own key and credential. It is sent as a Bearer token, only to the Base URL below.",
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'https://example.com/api/v1',
			hint: BASE_URL_HINT,
			description:
				'Address of the Unified Generation API, with or without its /api/v1 path: a bare address such as http://127.0.0.1:8787 gets /api/v1 added; any other path is used as given',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: { headers: { Authorization: '=Bearer {{$credentials.apiKey}}' } },
	};

	test: ICredentialTestRequest = {
		request: { baseURL: UNIFIED_BASE_URL_EXPRESSION, url: UNIFIED_PATHS.credits },
		rules: [
			refusedKeyRule('Unified Generation API'),
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message:
						"Not found (HTTP 404): the Base URL does not lead to the Unified Generation API. Check the Base URL you set: the API's address ending in /api/v1, or just its scheme, host and port (/api/v1 is added)",
				},
			},
		],
	};
}
