import { NodeHelpers } from 'n8n-workflow';

import { GetCredits } from '../../../nodes/GetCredits/GetCredits.node';
import { visibleFields } from '../../helpers/visible-fields';

/**
 * The n8n editor fills in a credential by itself only while a node has none (the most recent one of
 * the credential fields shown then). So Get Credits' Unified credential is shown from the start,
 * and the Task-Compatible one, which appears later, comes with a notice that says to choose it.
 */
const description = new GetCredits().description;
const credential = (name: string) => description.credentials!.find((entry) => entry.name === name)!;
const shownCredentials = (values: Record<string, unknown>) =>
	description
		.credentials!.filter((entry) =>
			NodeHelpers.displayParameter(values as never, entry, { typeVersion: 1 }, description),
		)
		.map((entry) => entry.name);

describe('Get Credits: which credential fields the editor shows, and when', () => {
	test('a new node shows only the Unified Generation API credential, so n8n pre-selects it', () => {
		expect(credential('unifiedGenerationApi').displayOptions).toBeUndefined();
		expect(shownCredentials({ includeCompatBalance: false })).toEqual(['unifiedGenerationApi']);
	});

	test('the compat balance adds the Task-Compatible credential field and a notice, by display names, that says to choose it', () => {
		expect(shownCredentials({ includeCompatBalance: true })).toEqual([
			'unifiedGenerationApi',
			'compatVideoApi',
		]);
		const off = visibleFields(new GetCredits(), { includeCompatBalance: false });
		expect(off.names).not.toContain('compatCredentialNotice');
		const on = visibleFields(new GetCredits(), { includeCompatBalance: true });
		const notice = on.field('compatCredentialNotice');
		expect(notice?.type).toBe('notice');
		expect(notice?.displayName).toContain(
			'Choose your Task-Compatible Video API credential in the field above',
		);
		expect(notice?.displayName).toContain('Compat Task → Balance → Get');
	});
});
