// Stops the emulator the global set-up started (n8n processes are stopped by the tests themselves).
export default async function globalTeardown() {
	const emulator = globalThis.__E2E_EMULATOR__;
	if (emulator) await emulator.stop();
}
