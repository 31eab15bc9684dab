import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

export class CompatVideoApi implements ICredentialType {
	name = 'compatVideoApi';

	displayName = 'Task-Compatible Video API';

	icon: Icon = { light: 'file:../icons/compat.svg', dark: 'file:../icons/compat.dark.svg' };

	documentationUrl = 'https://github.com/unified-generation/n8n-nodes-unified-generation#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description: 'Bearer key created in the admin console or the customer portal',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'https://example.com',
			description: 'Root address of the service; its paths start with /v1/',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: { headers: { Authorization: '=Bearer {{$credentials.apiKey}}' } },
	};

	test: ICredentialTestRequest = {
		request: { baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}', url: '/v1/me/balance' },
	};
}
