import type { DisplayCondition, INodeProperties } from 'n8n-workflow';

import { withShow } from './grouping';

/**
 * Every node has versions 1 and 2: 1 as released in 0.1.0, 2 what a new node gets (defaults, options
 * and Simplify's output; see each node file). n8n saves a workflow without the parameters that equal
 * their default, so a saved version 1 node must keep reading version 1's defaults. A later change of
 * defaults only would be a minor version (2.1), as n8n's own nodes do.
 */
export const NODE_VERSIONS = [1, 2];
export const NEWEST_VERSION = 2;

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
