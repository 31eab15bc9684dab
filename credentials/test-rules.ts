import type { IAuthenticateRuleResponseCode } from 'n8n-workflow';

/**
 * What the credential test says when the service refuses the key (HTTP 401: "API key invalid or
 * missing", Unified Generation API, Authentication); n8n alone would say only "Unauthorized".
 */
export function refusedKeyRule(service: string): IAuthenticateRuleResponseCode {
	return {
		type: 'responseCode',
		properties: {
			value: 401,
			message: `The ${service} refused the API key (HTTP 401): paste the key again, whole and without spaces, or create a new one. The Base URL was reached.`,
		},
	};
}
