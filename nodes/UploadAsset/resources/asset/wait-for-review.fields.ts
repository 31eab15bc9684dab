import { updateDisplayOptions } from 'n8n-workflow';
import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

import { progressNotice } from '../../../settings/wait';
import { assetIdField } from './asset-id';

/**
 * The review wait's options (read by the same reader as task waits). Defaults are literals, as
 * n8n's lint requires, and equal REVIEW_POLL.
 */
export function reviewWaitOptions(show: NonNullable<IDisplayOptions['show']>): INodeProperties {
	return {
		displayName: 'Review Wait Options',
		name: 'waitOptions',
		description: 'How often and how long to check the review of the assets',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show },
		options: [
			{
				displayName: 'Max Poll Interval (Seconds)',
				name: 'maxPollIntervalSeconds',
				type: 'number',
				typeOptions: { minValue: 0.2, numberPrecision: 2 },
				default: 10,
				description:
					'The longest wait between two checks; the interval grows by half each round up to this',
			},
			{
				displayName: 'Poll Interval (Seconds)',
				name: 'pollIntervalSeconds',
				type: 'number',
				typeOptions: { minValue: 0.2, numberPrecision: 2 },
				default: 2,
				description: 'The first wait between two checks of all assets still in review',
			},
			{
				displayName: 'Timeout (Minutes)',
				name: 'timeoutMinutes',
				type: 'number',
				typeOptions: { minValue: 0.01, numberPrecision: 2 },
				default: 10,
				description:
					'How long to wait for all reviews together; an asset still in review then goes to the second output with its last status',
			},
		],
	};
}

const displayOptions = { show: { operation: ['waitForReview'] } };

// The review options take the rule too: their displayOptions sit before their options, as released.
export const description = updateDisplayOptions(displayOptions, [
	assetIdField,
	reviewWaitOptions(displayOptions.show),
	progressNotice('asset'),
]);
