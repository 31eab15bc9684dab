import { FileStore } from './files';
import { Faults } from './control/faults';
import { RequestLog } from './control/request-log';
import { runTimes } from './run-times';
import { DEFAULT_SETTINGS, mergeSettings } from './settings';
import type { Settings } from './settings';
import { DEMO_ACCOUNT, Store } from './store';
import { Timers } from './timers';
import type { WebhookAttempt } from './webhooks';

/** The state of one running emulator: what every handler works on. */
export interface Emulator {
	settings: Settings;
	/** The run time of the next task (run-times.ts); restarted from its seed when settings change. */
	nextRunTime: () => number;
	/** Settings given at start; reset returns to them. */
	readonly startSettings: Settings;
	store: Store;
	readonly timers: Timers;
	readonly files: FileStore;
	readonly log: RequestLog;
	readonly faults: Faults;
	webhooks: WebhookAttempt[];
}

export function createEmulator(settings: Partial<Settings> = {}): Emulator {
	const startSettings = mergeSettings(DEFAULT_SETTINGS, settings);
	if (typeof startSettings === 'string')
		throw new Error(`Invalid emulator settings: ${startSettings}`);
	const emu: Emulator = {
		settings: { ...startSettings },
		nextRunTime: runTimes(startSettings),
		startSettings,
		store: new Store(),
		timers: new Timers(),
		files: new FileStore(),
		log: new RequestLog(),
		faults: new Faults(),
		webhooks: [],
	};
	resetEmulator(emu);
	return emu;
}

/** Back to the state at start: only the demo account, no tasks, logs, faults or pending timers. */
export function resetEmulator(emu: Emulator): void {
	emu.timers.clear();
	emu.files.clear();
	emu.log.clear();
	emu.faults.clear();
	emu.webhooks = [];
	emu.settings = {
		...emu.startSettings,
		webhookRetryDelaysMs: [...emu.startSettings.webhookRetryDelaysMs],
	};
	emu.nextRunTime = runTimes(emu.settings);
	emu.store = new Store();
	emu.store.accounts.set(DEMO_ACCOUNT.apiKey, { ...DEMO_ACCOUNT });
}

/** One clock for the whole emulator, so lazily evaluated states and timers agree. */
export const now = (): number => Date.now();
