/**
 * How the Daily Credit Cap's refusal says when the day resets: hours and minutes, and only minutes
 * in the day's last hour (the cap's node test matches either, whatever the hour it runs at).
 */
import { untilReset } from '../../../nodes/shared/spend/day';
import type { CapDay } from '../../../nodes/shared/spend/day';

const day: CapDay = {
	day: '2026-12-06',
	previous: '2026-12-05',
	resetsAt: '2026-12-07T05:00:00.000Z',
	timezone: 'America/New_York',
};
const before = (minutes: number) => Date.parse(day.resetsAt) - minutes * 60_000;

test.each([
	[250, 'in 4 h 10 min'],
	[60, 'in 1 h 0 min'],
	[57, 'in 57 min'],
	[0.2, 'in 1 min'],
])('%s minutes before midnight: %s', (minutes, said) => {
	expect(untilReset(before(minutes), day)).toBe(said);
});
