import type {
	IAuthenticateGeneric,
	ICredentialDataDecryptedObject,
	IDataObject,
	IHttpRequestOptions,
	INode,
	Workflow,
} from 'n8n-workflow';
import { isExpression } from 'n8n-workflow';

/**
 * Applies a credential type's declarative `authenticate` block (headers, qs, body, auth) to a
 * request, as n8n's own credentials helper does: keys and values may be expressions such as
 * `=Bearer {{$credentials.apiKey}}`, resolved by the workflow's expression engine with
 * `$credentials` bound to the decrypted credential data.
 */
export function applyGenericAuth(
	authenticate: IAuthenticateGeneric,
	credentials: ICredentialDataDecryptedObject,
	request: IHttpRequestOptions,
	workflow: Workflow,
	node: INode,
): IHttpRequestOptions {
	const resolve = (value: unknown): unknown => {
		if (!isExpression(value)) return value;
		const resolved = workflow.expression.getSimpleParameterValue(
			node,
			value,
			'internal',
			{ $credentials: credentials },
			undefined,
			'',
		);
		// n8n sends an unset credential field as an empty string, never as "undefined".
		return resolved ? String(resolved) : '';
	};

	const target = request as unknown as Record<string, IDataObject | undefined>;
	for (const [part, entries] of Object.entries(authenticate.properties)) {
		const section = (target[part] ??= {});
		for (const [key, value] of Object.entries(entries as IDataObject)) {
			section[String(resolve(key))] = resolve(value) as IDataObject[string];
		}
	}
	return request;
}
