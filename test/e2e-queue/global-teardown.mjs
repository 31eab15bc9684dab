// Stops what the global set-up started: the n8n processes, Postgres and Redis, the emulator.
export default async function globalTeardown() {
	await globalThis.__QUEUE_STACK_STOP__?.();
}
