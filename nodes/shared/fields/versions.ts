import type { INodeProperties } from 'n8n-workflow';

import { withShow } from './grouping';

/**
 * The nodes have versions 1 and 2 (Get Credits declares its own pair). Version 2 changed defaults
 * and Simplify's output only (what a new node starts with); n8n saves a workflow without the parameters that
 * equal their default, so a saved version-1 node must keep reading version 1's defaults.
 */
export const NODE_VERSIONS = [1, 2];
export const NEWEST_VERSION = 2;

/** Shows a field on the given versions only. */
export function onVersions(property: INodeProperties, versions: number[]): INodeProperties {
	return {
		...property,
		displayOptions: withShow(property.displayOptions, { '@version': versions }),
	};
}

/** The same field twice: as version 1 has it, and with version 2's default. */
export function newDefault(
	property: INodeProperties,
	defaultInVersion2: INodeProperties['default'],
): INodeProperties[] {
	return [onVersions(property, [1]), onVersions({ ...property, default: defaultInVersion2 }, [2])];
}
