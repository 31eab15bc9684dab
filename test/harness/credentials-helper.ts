import { Credentials } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeProperties,
	IRequestOptionsSimplified,
	IWorkflowExecuteAdditionalData,
	Workflow,
} from 'n8n-workflow';
import { ICredentialsHelper, NodeHelpers } from 'n8n-workflow';

import { applyGenericAuth } from './generic-auth';
import type { CredentialTypeRegistry } from './registry';
import type { HarnessCredentials } from './types';

/**
 * The credentials helper n8n-core calls for `getCredentials` and `httpRequestWithAuthentication`.
 * Instead of a database it holds the test's credential data, by credential type; authentication is
 * the credential type's own: its `authenticate` function or declarative (generic) block, and its
 * `preAuthentication` token refresh. Credential values are used as given: n8n would also resolve
 * expressions inside them and apply credential overwrites, which no test here needs.
 */
export class HarnessCredentialsHelper extends ICredentialsHelper {
	private readonly stored: Map<string, ICredentialDataDecryptedObject>;

	/** How often each type's data was read (decrypted, in n8n: a database read and a decryption each). */
	readonly reads = new Map<string, number>();

	constructor(
		private readonly types: CredentialTypeRegistry,
		given: HarnessCredentials,
	) {
		super();
		this.stored = new Map(
			Object.entries(given).map(([type, data]) => [type, structuredClone(data)] as const),
		) as Map<string, ICredentialDataDecryptedObject>;
	}

	getParentTypes(name: string): string[] {
		return this.types.getParentTypes(name);
	}

	isCredentialUsableByNode(credentialType: string, nodeType: string): boolean {
		const type = this.types.getByName(credentialType);
		if (!type.restrictToSupportedNodes) return true;
		return (type.supportedNodes ?? []).some((name) => nodeType.endsWith(`.${name}`));
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		request: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const { authenticate } = this.types.getByName(typeName);
		const options = request as IHttpRequestOptions;
		if (typeof authenticate === 'function') return await authenticate(credentials, options);
		if (authenticate?.type !== 'generic') return options;
		if (!workflow || !node)
			throw new Error('Declarative authentication needs the workflow and node');
		return applyGenericAuth(authenticate, credentials, options, workflow, node);
	}

	/**
	 * Fetches a fresh token for types with an expirable hidden field, when the field is empty or the
	 * server answered 401; n8n-core retries the request once after calling this with `expired` true.
	 */
	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		_node: INode,
		expired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = this.types.getByName(typeName);
		const expirable = type.properties.find(
			(property) => property.type === 'hidden' && property.typeOptions?.expirable === true,
		);
		if (!expirable || typeof type.preAuthentication !== 'function') return undefined;
		if (credentials[expirable.name] !== '' && !expired) return undefined;
		const fresh = (await type.preAuthentication.call(
			helpers,
			credentials,
		)) as ICredentialDataDecryptedObject;
		if (fresh[expirable.name] === undefined) return undefined;
		this.stored.set(typeName, { ...this.stored.get(typeName), ...fresh });
		return fresh;
	}

	async runPreAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const { preAuthentication } = this.types.getByName(typeName);
		if (typeof preAuthentication !== 'function') return undefined;
		return (await preAuthentication.call(helpers, credentials)) as ICredentialDataDecryptedObject;
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		return this.decrypted(type);
	}

	async getCredentials(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<Credentials> {
		const credentials = new Credentials(nodeCredentials, type);
		await credentials.setData(this.decrypted(type));
		return credentials;
	}

	async updateCredentials(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.stored.set(type, structuredClone(data));
	}

	async updateCredentialsOauthTokenData(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		await this.updateCredentials(nodeCredentials, type, data);
	}

	/** The type's properties, after those of the types it extends (its own win), as n8n merges them. */
	getCredentialsProperties(typeName: string): INodeProperties[] {
		const type = this.types.getByName(typeName);
		const merged = (type.extends ?? []).flatMap((parent) => this.getCredentialsProperties(parent));
		NodeHelpers.mergeNodeProperties(merged, type.properties);
		return merged;
	}

	/** A copy per call (n8n-core assigns refreshed tokens onto it), with the type's defaults filled in. */
	private decrypted(type: string): ICredentialDataDecryptedObject {
		this.reads.set(type, (this.reads.get(type) ?? 0) + 1);
		const data = this.stored.get(type);
		if (!data) {
			throw new Error(`No "${type}" credentials: give them in runWorkflow's options.credentials`);
		}
		const defaults = Object.fromEntries(
			this.getCredentialsProperties(type).map((property) => [property.name, property.default]),
		);
		return { ...defaults, ...structuredClone(data) } as ICredentialDataDecryptedObject;
	}
}
