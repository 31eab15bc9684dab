/**
 * The day a Daily Cap counts against: the calendar day in the workflow's timezone (n8n's
 * Settings → Timezone, else the instance's), so that the cap resets at the user's midnight.
 */
export interface CapDay {
	/** yyyy-MM-dd in `timezone`. */
	day: string;
	/** The day before, whose leftovers the first run of a day takes out of the store. */
	previous: string;
	/** When the next day begins (ISO, UTC). */
	resetsAt: string;
	timezone: string;
}

const HOUR = 3_600_000;

function wallClock(ms: number, timezone: string): { day: string; offsetMs: number } {
	const parts = Object.fromEntries(
		new Intl.DateTimeFormat('en-US', {
			timeZone: timezone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
		})
			.formatToParts(new Date(ms))
			.map(({ type, value }) => [type, value]),
	);
	const asUtc = Date.UTC(
		Number(parts.year),
		Number(parts.month) - 1,
		Number(parts.day),
		Number(parts.hour),
		Number(parts.minute),
		Number(parts.second),
	);
	return {
		day: `${parts.year}-${parts.month}-${parts.day}`,
		offsetMs: asUtc - Math.floor(ms / 1000) * 1000,
	};
}

/** The day of `now` in `timezone` (an unknown zone counts in UTC, as n8n falls back). */
export function capDayOf(now: number, timezone: string): CapDay {
	const zone = isZone(timezone) ? timezone : 'UTC';
	const { day, offsetMs } = wallClock(now, zone);
	const [year, month, date] = day.split('-').map(Number);
	// local midnight of the next day, moved by today's offset (a DST change at midnight is rare)
	const resetsAt = Date.UTC(year, month - 1, date + 1) - offsetMs;
	return {
		day,
		previous: wallClock(now - 24 * HOUR, zone).day,
		resetsAt: new Date(resetsAt).toISOString(),
		timezone: zone,
	};
}

function isZone(timezone: string): boolean {
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: timezone });
		return timezone !== '';
	} catch {
		return false;
	}
}

/** "in 4 h 10 min": how long until the day resets. */
export function untilReset(now: number, { resetsAt }: CapDay): string {
	const minutes = Math.max(1, Math.ceil((Date.parse(resetsAt) - now) / 60_000));
	const hours = Math.floor(minutes / 60);
	return hours > 0 ? `in ${hours} h ${minutes % 60} min` : `in ${minutes} min`;
}
