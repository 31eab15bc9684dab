import { reached } from './deadline';

/**
 * Since when the service has answered no check, on a clock (docs/waiting.md, "A service that
 * stops answering"): the clock starts at the service's last answer when a check was still in
 * flight then, else when the first check after that answer starts, and stops at the next answer.
 * Time between checks with none in flight and none failed is not silence: a long Max Poll
 * Interval does not end a wait.
 */
export class Silence {
	private since?: number;
	private inFlight = 0;

	constructor(readonly limitMs: number) {}

	/** A check starts; it must end by the returned moment, when the silence would pass the limit. */
	start(now = Date.now()): number {
		this.inFlight++;
		this.since ??= now;
		return this.since + this.limitMs;
	}

	/** A check ended. An answer restarts the clock for the checks still in flight. */
	end(answered: boolean, now = Date.now()): void {
		this.inFlight--;
		if (answered) this.since = this.inFlight > 0 ? now : undefined;
	}

	/** When the wait gives up unless the service answers (Infinity while nothing goes unanswered). */
	get limit(): number {
		return this.since === undefined ? Infinity : this.since + this.limitMs;
	}

	over(now = Date.now()): boolean {
		return reached(this.limit, now);
	}
}
