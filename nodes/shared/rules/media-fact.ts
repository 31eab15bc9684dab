/**
 * Fact-level checks of one referenced media entry against its catalog limits, as the service makes
 * them once it has read the file. A fact that is absent is not judged.
 */
import { MB, type MediaLimits, type Range } from '../catalog';
import { normalizeFormat } from './assets';
import { CODES } from './codes';
import { fail, oneOf, type Failure } from './result';
import type { MediaFact, MediaKind } from './types';

export interface FactContext {
	/** Path of the entry ('inputs.videoUrls[1]'). */
	path: string;
	kind: MediaKind;
	limits: MediaLimits;
	/** Code when the entry does not resolve or belongs to another account. */
	notFoundCode: string;
	/** Code for a wrong kind, format, size, dimension or transparency. */
	invalidCode: string;
	/** Code for clip seconds out of range (videos and audio). */
	durationCode?: string;
	/** Seconds range replacing limits.seconds (an edit source). */
	seconds?: Range;
	/** Model id or description for messages. */
	owner: string;
}

function checkMediaFact(fact: MediaFact, ctx: FactContext): Failure | undefined {
	return (
		checkPresence(fact, ctx) ??
		checkContent(fact, ctx) ??
		checkPixels(fact, ctx) ??
		checkSeconds(fact, ctx)
	);
}

function checkPresence(fact: MediaFact, ctx: FactContext): Failure | undefined {
	if (fact.found === false) {
		const message = `${ctx.path} does not resolve to an uploaded file: upload it and use the reference the upload returns`;
		return fail(ctx.notFoundCode, message, ctx.path);
	}
	if (fact.owned === false) {
		return fail(
			ctx.notFoundCode,
			`${ctx.path} belongs to another account: upload the file with this account`,
			ctx.path,
		);
	}
	if (fact.readable === false && ctx.kind !== 'image') {
		return fail(
			CODES.READ_FAILED,
			`the duration of ${ctx.path} could not be read: re-encode the file and upload it again`,
			ctx.path,
		);
	}
	return undefined;
}

function checkContent(fact: MediaFact, ctx: FactContext): Failure | undefined {
	const { limits, path } = ctx;
	const bad = (message: string) => fail(ctx.invalidCode, message, path);
	if (fact.kind !== undefined && fact.kind !== ctx.kind)
		return bad(`${path} is ${fact.kind}, not ${ctx.kind}: reference ${ctx.kind} here`);
	if (
		fact.format !== undefined &&
		limits.formats &&
		!limits.formats.includes(normalizeFormat(fact.format))
	) {
		const allowed = oneOf(limits.formats.map((f) => f.toUpperCase()));
		return bad(
			`${path} is ${fact.format.toUpperCase()}, which ${ctx.owner} does not take: use ${allowed}`,
		);
	}
	if (fact.bytes !== undefined && limits.maxBytes !== undefined && fact.bytes > limits.maxBytes) {
		return bad(
			`${path} is ${(fact.bytes / MB).toFixed(1)} MB: use a file of at most ${limits.maxBytes / MB} MB`,
		);
	}
	if (fact.hasAlpha === true && limits.noTransparency) {
		return bad(
			`${path} has transparency, which ${ctx.owner} does not take: flatten it onto a background`,
		);
	}
	return undefined;
}

function checkPixels(fact: MediaFact, ctx: FactContext): Failure | undefined {
	const { width, height } = fact;
	if (width === undefined || height === undefined) return undefined;
	const { limits, path } = ctx;
	const size = `${width}x${height}`;
	const bad = (message: string) => fail(ctx.invalidCode, `${path} is ${size}: ${message}`, path);
	const short = Math.min(width, height);
	const long = Math.max(width, height);
	if (limits.side && (short < limits.side.min || long > limits.side.max)) {
		return bad(`each side must be ${limits.side.min}-${limits.side.max} px`);
	}
	if (limits.shortSide && (short < limits.shortSide.min || short > limits.shortSide.max)) {
		const upper = Number.isFinite(limits.shortSide.max)
			? ` and at most ${limits.shortSide.max}`
			: '';
		return bad(`the shorter side must be at least ${limits.shortSide.min} px${upper}`);
	}
	if (limits.maxAspectRatio !== undefined && long > short * limits.maxAspectRatio) {
		return bad(`the aspect ratio must be at most ${limits.maxAspectRatio}:1`);
	}
	return undefined;
}

function checkSeconds(fact: MediaFact, ctx: FactContext): Failure | undefined {
	const range = ctx.seconds ?? ctx.limits.seconds;
	if (fact.seconds === undefined || !range || !ctx.durationCode) return undefined;
	if (fact.seconds >= range.min && fact.seconds <= range.max) return undefined;
	const bounds = range.min > 0 ? `${range.min}-${range.max} s` : `at most ${range.max} s`;
	return fail(
		ctx.durationCode,
		`${ctx.path} is ${fact.seconds} s long: use a clip of ${bounds} for ${ctx.owner}`,
		ctx.path,
	);
}

/** Seconds of the entries whose duration is known (a lower bound of the real total). */
export function knownSeconds(
	facts: readonly (MediaFact | undefined)[] | undefined,
	count: number,
): number {
	let total = 0;
	for (let i = 0; i < count; i++) total += facts?.[i]?.seconds ?? 0;
	return total;
}

/**
 * The first failing entry of a list (`at` is its path, 'inputs.urls'), among the entries whose facts
 * are known; `adjust` changes the context of one entry (an edit's source video).
 */
export function checkListFacts(
	count: number,
	facts: readonly (MediaFact | undefined)[] | undefined,
	base: Omit<FactContext, 'path'>,
	at: string,
	adjust: (index: number) => Partial<FactContext> = () => ({}),
): Failure | undefined {
	for (let i = 0; i < count; i++) {
		const fact = facts?.[i];
		if (!fact) continue;
		const failure = checkMediaFact(fact, { ...base, path: `${at}[${i}]`, ...adjust(i) });
		if (failure) return failure;
	}
	return undefined;
}
