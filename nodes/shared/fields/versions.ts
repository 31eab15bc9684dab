import type { DisplayCondition, INodeProperties } from 'n8n-workflow';

import { withShow } from './grouping';

/**
 * The nodes have versions 1 and 2; Create Video, Compat Task and Upload Asset also 3 (Get Credits
 * declares its own pair). A new version changes defaults, options or Simplify's output only (what a new node
 * starts with); n8n saves a workflow without the parameters that equal their default, so a saved
 * older node must keep reading its own version's defaults.
 */
export const NODE_VERSIONS = [1, 2];
export const NEWEST_VERSION = 2;
/** Create Video, Compat Task and Upload Asset: version 3 (see their node files for what it changed). */
export const VERSIONS_TO_3 = [1, 2, 3];

/** The versions a field is shown on: a list, or every version from one on. */
type Versions = number[] | { since: number } | { before: number };

const condition = (versions: Versions): Array<number | DisplayCondition> => {
	if (Array.isArray(versions)) return versions;
	return 'since' in versions
		? [{ _cnd: { gte: versions.since } }]
		: [{ _cnd: { lt: versions.before } }];
};

/** Shows a field on the given versions only. */
export function onVersions(property: INodeProperties, versions: Versions): INodeProperties {
	return {
		...property,
		displayOptions: withShow(property.displayOptions, { '@version': condition(versions) }),
	};
}

/** The same field twice: as the versions before `since` have it, and with the newer default. */
export function newDefault(
	property: INodeProperties,
	newerDefault: INodeProperties['default'],
	since = 2,
): INodeProperties[] {
	return [
		onVersions(property, { before: since }),
		onVersions({ ...property, default: newerDefault }, { since }),
	];
}
