import type { INodeProperties } from 'n8n-workflow';

/** Version 2 says where the compat balance went; version 1 keeps its switch, with the fix. */
export const description: INodeProperties[] = [
	{
		displayName:
			"The Task-Compatible Video API's balance is read by Compat Task → Balance → Get, with that API's credential: n8n allows one credential per node.",
		name: 'compatBalanceNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { '@version': [2] } },
	},
	{
		displayName: 'Include Task-Compatible Balance',
		name: 'includeCompatBalance',
		type: 'boolean',
		default: false,
		description:
			"Whether to also read the Task-Compatible Video API's balance. No longer possible here (n8n allows one credential per node): turn this off and add Compat Task → Balance → Get.",
		displayOptions: { show: { '@version': [1] } },
	},
	{
		displayName:
			'n8n allows one credential per node, so this node reads only the credits: turn this off and read the Task-Compatible balance with Compat Task → Balance → Get.',
		name: 'compatCredentialNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { '@version': [1], includeCompatBalance: [true] } },
	},
];
