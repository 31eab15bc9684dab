/** Shapes of the catalog entries. Pure data types: no behaviour lives here. */

/** One selectable value, ready to become an n8n option ({ name, value, description }). */
export interface Choice<V extends string = string> {
	value: V;
	name: string;
	description?: string;
}

/** A choice list with its default value. */
export interface EnumSpec<V extends string = string> {
	options: readonly Choice<V>[];
	default: V;
}

/**
 * Inclusive bounds. A `min` of 0 means "no lower bound stated by the service's API documentation".
 */
export interface Range {
	min: number;
	max: number;
}

/** How a media reference may be written: https/http URL or `asset://<providerAssetId>`. */
export type UrlKind = 'https' | 'http' | 'asset';

/**
 * Limits of one kind of referenced media. Absent fields are limits the API documentation does not
 * state.
 */
export interface MediaLimits {
	/** Entries per request. */
	max: number;
	/** Reference forms the service accepts. */
	accepts: readonly UrlKind[];
	/** Lower-case container/codec names ('jpeg', 'png', 'mp4', ...), as normalizeFormat writes them. */
	formats?: readonly string[];
	maxBytes?: number;
	/** Seconds of each clip. */
	seconds?: Range;
	/** Seconds of all clips of this kind together. */
	maxTotalSeconds?: number;
	/** Pixels of each side. */
	side?: Range;
	/** Pixels of the shorter side. */
	shortSide?: Range;
	/** Longer side divided by shorter side. */
	maxAspectRatio?: number;
	noTransparency?: boolean;
}
