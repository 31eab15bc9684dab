import type { Emulator } from './emulator';
import { now } from './emulator';

/** One delivery attempt, kept for GET /__control/webhooks. */
export interface WebhookAttempt {
	taskId: string;
	url: string;
	attempt: number;
	status?: number;
	error?: string;
	/** The start of the receiver's answer (its first 200 characters). */
	answer?: string;
	/** When the attempt was sent. */
	sentAt: number;
	/** When its answer (or error) came. */
	time: number;
}

/** A receiver that hangs must not hold a delivery (or a test) forever. */
const ATTEMPT_TIMEOUT_MS = 10_000;

/**
 * POSTs the payload; on a non-2xx answer or a connection error retries on the configured delays
 * (spec: up to 3 retries after 1 s, 5 s, 30 s). Upscale callbacks pass `retry: false` (sent once).
 */
export function deliverWebhook(
	emu: Emulator,
	taskId: string,
	url: string,
	payload: unknown,
	retry: boolean,
): void {
	const body = JSON.stringify(payload);
	const delays = retry ? [...emu.settings.webhookRetryDelaysMs] : [];
	const attempt = async (n: number) => {
		const succeeded = await post(emu, taskId, url, body, n);
		if (!succeeded && n <= delays.length)
			emu.timers.after(delays[n - 1], () => void attempt(n + 1));
	};
	void attempt(1);
}

async function post(
	emu: Emulator,
	taskId: string,
	url: string,
	body: string,
	attempt: number,
): Promise<boolean> {
	const log = emu.webhooks;
	const { signal, done } = emu.timers.signal(ATTEMPT_TIMEOUT_MS);
	const sentAt = now();
	try {
		const response = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'user-agent': 'unified-generation-emulator' },
			body,
			signal,
		});
		const answer = (await response.text().catch(() => '')).slice(0, 200);
		log.push({ taskId, url, attempt, status: response.status, answer, sentAt, time: now() });
		return response.ok;
	} catch (error) {
		const cause = (error as { cause?: { code?: string } }).cause?.code;
		log.push({
			taskId,
			url,
			attempt,
			error: cause ?? (error as Error).message,
			sentAt,
			time: now(),
		});
		return false;
	} finally {
		done();
	}
}
