/** Failures injected by tests: the next `count` requests matching path (and method) misbehave. */
export interface Fault {
	/** Exact request path (e.g. /api/v1/jobs/createTask), or a prefix ending in '*'. */
	path: string;
	method?: string;
	/** Only requests whose body contains this text (e.g. one item's name). */
	bodyIncludes?: string;
	count: number;
	status?: number;
	delayMs?: number;
	drop?: boolean;
	malformed?: boolean;
	body?: unknown;
}

const isCount = (v: unknown) => Number.isInteger(v) && (v as number) > 0;

/** Checks a fault definition; returns an error message for a bad one. */
export function parseFault(input: unknown): Fault | string {
	if (!input || typeof input !== 'object') return 'a fault must be an object';
	const f = input as Record<string, unknown>;
	if (typeof f.path !== 'string' || !f.path.startsWith('/'))
		return 'path must be a string starting with /';
	const count = f.count ?? 1;
	if (!isCount(count)) return 'count must be a positive integer';
	if (
		f.status !== undefined &&
		!(Number.isInteger(f.status) && (f.status as number) >= 100 && (f.status as number) < 600)
	) {
		return 'status must be an HTTP status code';
	}
	if (f.delayMs !== undefined && !(typeof f.delayMs === 'number' && f.delayMs >= 0))
		return 'delayMs must be >= 0';
	if (f.bodyIncludes !== undefined && typeof f.bodyIncludes !== 'string')
		return 'bodyIncludes must be a string';
	if (f.status === undefined && f.delayMs === undefined && !f.drop && !f.malformed) {
		return 'a fault needs status, delayMs, drop or malformed';
	}
	return {
		path: f.path,
		method: typeof f.method === 'string' ? f.method.toUpperCase() : undefined,
		bodyIncludes: f.bodyIncludes,
		count: count as number,
		status: f.status as number | undefined,
		delayMs: f.delayMs as number | undefined,
		drop: f.drop === true,
		malformed: f.malformed === true,
		body: f.body,
	};
}

export class Faults {
	private faults: Fault[] = [];

	add(fault: Fault): void {
		this.faults.push(fault);
	}

	/** The first armed fault for this request, counted down (and forgotten once used up). */
	take(method: string, path: string, body: Buffer): Fault | undefined {
		const fault = this.faults.find(
			(f) =>
				(!f.method || f.method === method) &&
				matches(f.path, path) &&
				(f.bodyIncludes === undefined || body.includes(f.bodyIncludes)),
		);
		if (!fault) return undefined;
		fault.count -= 1;
		if (fault.count <= 0) this.faults = this.faults.filter((f) => f !== fault);
		return fault;
	}

	list(): Fault[] {
		return this.faults.map((f) => ({ ...f }));
	}

	clear(): void {
		this.faults = [];
	}
}

function matches(pattern: string, path: string): boolean {
	return pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : pattern === path;
}
