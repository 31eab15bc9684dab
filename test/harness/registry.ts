import type {
	ICredentialType,
	ICredentialTypes,
	IDataObject,
	INodeType,
	INodeTypes,
	IVersionedNodeType,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

export type AnyNodeType = INodeType | IVersionedNodeType;

/** Node types by the full type name a workflow uses, e.g. `n8n-nodes-unified-generation.getCredits`. */
export class NodeTypeRegistry implements INodeTypes {
	private readonly types = new Map<string, AnyNodeType>();

	/** Files that could not be loaded; named in the error when a workflow asks for a missing type. */
	readonly loadFailures: string[] = [];

	add(typeName: string, nodeType: AnyNodeType): this {
		this.types.set(typeName, nodeType);
		return this;
	}

	/** A copy with more (or replaced) types, so one run's additions never leak into the next. */
	with(extra: Record<string, AnyNodeType>): NodeTypeRegistry {
		const copy = new NodeTypeRegistry();
		for (const [name, type] of this.types) copy.add(name, type);
		for (const [name, type] of Object.entries(extra)) copy.add(name, type);
		copy.loadFailures.push(...this.loadFailures);
		return copy;
	}

	has(typeName: string): boolean {
		return this.types.has(typeName);
	}

	getByName(typeName: string): AnyNodeType {
		const type = this.types.get(typeName);
		if (type) return type;
		throw unknownType('node', typeName, this.types.keys(), this.loadFailures);
	}

	getByNameAndVersion(typeName: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.getByName(typeName), version);
	}

	getKnownTypes(): IDataObject {
		return Object.fromEntries([...this.types.keys()].map((name) => [name, {}]));
	}
}

/** Credential types by name, e.g. `unifiedGenerationApi`; what the credentials helper authenticates with. */
export class CredentialTypeRegistry implements ICredentialTypes {
	private readonly types = new Map<string, ICredentialType>();

	readonly loadFailures: string[] = [];

	add(type: ICredentialType): this {
		this.types.set(type.name, type);
		return this;
	}

	recognizes(name: string): boolean {
		return this.types.has(name);
	}

	getByName(name: string): ICredentialType {
		const type = this.types.get(name);
		if (type) return type;
		throw unknownType('credential', name, this.types.keys(), this.loadFailures);
	}

	getSupportedNodes(name: string): string[] {
		return this.getByName(name).supportedNodes ?? [];
	}

	/** Every type this one extends, nearest first (e.g. oAuth2Api for an OAuth2 credential). */
	getParentTypes(name: string): string[] {
		const parents = this.types.get(name)?.extends ?? [];
		return parents.flatMap((parent) => [parent, ...this.getParentTypes(parent)]);
	}
}

function unknownType(
	kind: string,
	name: string,
	known: Iterable<string>,
	failures: string[],
): Error {
	const failed = failures.length ? `\nFiles that failed to load:\n${failures.join('\n')}` : '';
	return new Error(`Unknown ${kind} type "${name}". Known: ${[...known].join(', ')}${failed}`);
}
