import { maskKey } from '../ids';

/** One API request as the emulator saw it; tests prove what a client did (or did not) send. */
export interface LogEntry {
	time: number;
	method: string;
	path: string;
	query: Record<string, string>;
	/** 0 when the connection was dropped by a fault before any answer. */
	status: number;
	/** Masked, e.g. 'dem…ey'. */
	apiKey?: string;
	body?: unknown;
	/** Which injected fault answered, if any. */
	fault?: 'status' | 'drop' | 'malformed' | 'delay';
}

/** Bounded, so a long benchmark cannot grow memory without limit; 10,000 tasks of the bench make about 35,000. */
const MAX_ENTRIES = 100_000;

export class RequestLog {
	private entries: LogEntry[] = [];

	start(entry: Omit<LogEntry, 'apiKey'> & { apiKey?: string }): LogEntry {
		const logged: LogEntry = { ...entry, apiKey: maskKey(entry.apiKey) };
		this.entries.push(logged);
		if (this.entries.length > MAX_ENTRIES)
			this.entries.splice(0, this.entries.length - MAX_ENTRIES);
		return logged;
	}

	/** Oldest first; `path` and `method` narrow it down. */
	list(filter: { path?: string | null; method?: string | null } = {}): LogEntry[] {
		return this.entries.filter(
			(e) =>
				(!filter.path || e.path === filter.path) &&
				(!filter.method || e.method === filter.method.toUpperCase()),
		);
	}

	clear(): void {
		this.entries = [];
	}
}
