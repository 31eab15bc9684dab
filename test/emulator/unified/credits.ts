import type { Emulator } from '../emulator';
import { CODES } from '../../../nodes/shared/rules/index';
import { ApiError } from '../http/reply';
import type { Account } from '../store';

/**
 * Credits model (the spec leaves the difference "not shown"):
 * - `credits` is the balance; a video task's charge leaves it at submission (never refunded);
 * - a refundable charge (image task, upscale) is held at submission and leaves `credits` only when
 *   the work completes; on failure the hold is released (the refund);
 * - `availableCredits` = credits − held: what the next submission may spend (the 402 check).
 */
export const availableCredits = (account: Account): number => account.credits - account.held;

export function assertCanSpend(account: Account, cost: number): void {
	if (account.frozen)
		throw new ApiError(
			403,
			'This account is frozen and may not spend credits',
			CODES.ACCOUNT_FROZEN,
		);
	if (cost > availableCredits(account)) {
		throw new ApiError(
			402,
			`Insufficient credits: this request costs ${cost} credits, ${availableCredits(account)} are available`,
			CODES.INSUFFICIENT_CREDITS,
		);
	}
}

export function charge(account: Account, cost: number, refundable: boolean): void {
	if (refundable) account.held += cost;
	else account.credits -= cost;
}

/** Ends a refundable hold: spent on success, given back on failure. */
export function settleHold(emu: Emulator, owner: string, cost: number, succeeded: boolean): void {
	const account = emu.store.accounts.get(owner);
	if (!account) return;
	account.held = Math.max(0, account.held - cost);
	if (succeeded) account.credits -= cost;
}
