import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

export class UnifiedGenerationApi implements ICredentialType {
	name = 'unifiedGenerationApi';

	displayName = 'Unified Generation API';

	icon: Icon = { light: 'file:../icons/unified.svg', dark: 'file:../icons/unified.dark.svg' };

	documentationUrl = 'https://github.com/unified-generation/n8n-nodes-unified-generation#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description: 'Bearer key created in the account settings (shown only once at creation)',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'https://example.com/api/v1',
			description: 'Address of the service, ending in /api/v1',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: { headers: { Authorization: '=Bearer {{$credentials.apiKey}}' } },
	};

	test: ICredentialTestRequest = {
		request: { baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}', url: '/account/credits' },
	};
}
