import type { ICredentialDataDecryptedObject, INode } from 'n8n-workflow';

/**
 * In a webhook call n8n (2.40.7) resolves a credential outside any execution: it builds a
 * throwaway workflow and takes an expression sandbox for it on every read, even for a credential
 * without expressions (about 80 ms of CPU with QuickJS, where a burst of callbacks then makes n8n
 * answer past the service's 10 s). So a callback does not ask n8n for a credential that an earlier
 * callback to the same node got within KEEP_MS: the answer is kept in this process's memory, as
 * n8n gave it, and never written anywhere. It is kept per workflow, node and credential, so it
 * serves only the node n8n resolved it for. A request with it that the service refuses (a 4xx but
 * 429, or an answer that is not the API's: a key rotated or a Base URL changed since) forgets it, so
 * the next call asks n8n again; a timeout or a 5xx does not. A change to the credential reaches
 * callbacks within a minute, or at the first request the service refuses.
 */
const KEEP_MS = 60_000;

interface Kept {
	until: number;
	credentials: Promise<ICredentialDataDecryptedObject>;
}

const kept = new Map<string, Kept>();

/** What a webhook call's context must tell: its workflow and node. */
export interface WebhookOrigin {
	getWorkflow(): { id?: string };
	getNode(): INode;
}

const keyOf = (ctx: WebhookOrigin, type: string) => {
	const node = ctx.getNode();
	return JSON.stringify([ctx.getWorkflow().id, node.id, type, node.credentials?.[type]?.id]);
};

/** The node's credential of `type` for a webhook call: the one kept, else `read()` (and kept). */
export function keptCredential(
	ctx: WebhookOrigin,
	type: string,
	read: () => Promise<ICredentialDataDecryptedObject>,
): Promise<ICredentialDataDecryptedObject> {
	const key = keyOf(ctx, type);
	const now = Date.now();
	const hit = kept.get(key);
	if (hit && hit.until > now) return hit.credentials;
	for (const [old, entry] of kept) if (entry.until <= now) kept.delete(old);
	const credentials = read();
	kept.set(key, { until: now + KEEP_MS, credentials });
	credentials.catch(() => forget(key, credentials));
	return credentials;
}

/** A request with the kept credential failed: the next call asks n8n for it again. */
export function forgetKeptCredential(ctx: WebhookOrigin, type: string): void {
	kept.delete(keyOf(ctx, type));
}

/** Every credential kept: forgotten (a test that changes the credential behind a node's back). */
export function forgetKeptCredentials(): void {
	kept.clear();
}

function forget(key: string, credentials: Kept['credentials']): void {
	if (kept.get(key)?.credentials === credentials) kept.delete(key);
}
