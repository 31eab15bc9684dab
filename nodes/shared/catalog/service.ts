/** Service-wide facts of the unified API that are not tied to one model. */

export const TASK = {
	statuses: ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'] as const,
	terminalStatuses: ['COMPLETED', 'FAILED'] as const,
	/** Delays of the webhook retries after a non-2xx answer. */
	webhookRetryDelaysSeconds: [1, 5, 30] as const,
} as const;

export const RELATIONS = { minLimit: 1, maxLimit: 50, kinds: ['draft', 'final'] as const } as const;

/** A draft can source a final for this many days after its creation. */
export const DRAFT_LIFETIME_DAYS = 7;
