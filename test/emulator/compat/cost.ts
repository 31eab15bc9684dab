/**
 * The compat spec shows `usage` tokens and a cost "settled on completion" but no formula. The
 * emulator uses the upstream provider's video token count and one price:
 *   tokens = round(width × height × 24 fps × seconds / 1024)
 *   cost   = tokens / 1,000,000 × PRICE_PER_MILLION_TOKENS × markupRate   (4 decimals)
 * e.g. 720p 16:9 for 5 s = 108,000 tokens = 1.0800 at markupRate 1.
 */
export const PRICE_PER_MILLION_TOKENS = 10;

const FPS = 24;

export function videoTokens(width: number, height: number, seconds: number): number {
	return Math.round((width * height * FPS * seconds) / 1024);
}

export function taskCost(tokens: number, markupRate: number): number {
	return Math.round((tokens / 1_000_000) * PRICE_PER_MILLION_TOKENS * markupRate * 10_000) / 10_000;
}

/** The balance as the spec shows it: a decimal string with four fractional digits. */
export const formatBalance = (balance: number): string => balance.toFixed(4);
