/** POST /v1/assets body and POST /v1/assets/batch entries of the task-compatible API. */
import { z } from 'zod';
import { COMPAT } from '../catalog';
import { CODES } from './codes';
import { checkFields, isRecord, typedRule, type FieldRules } from './fields';
import { OK, fail, toResult, type Failure } from './result';
import type { ValidationResult } from './types';
import { checkHttpUrl } from './urls';

/**
 * Other fields pass: Task-Compatible Video Generation API, § POST /v1/assets shows no rule for
 * them. The url is not judged for privacy here (that section says only "publicly reachable";
 * whether it is, the service finds out).
 */
const ENTRY: FieldRules = {
	groupId: {
		...typedRule('groupId', z.string().min(1), 'send the officialId of an asset group'),
		required: true,
	},
	url: {
		schema: z.string(),
		code: CODES.INVALID_URL,
		explain: () => 'url is required: send a publicly reachable image or video URL',
		required: true,
	},
	name: typedRule('name', z.string(), 'send the name as text'),
};

function checkEntry(entry: unknown, at: string): Failure | undefined {
	if (!isRecord(entry)) {
		const where = at.replace(/\.$/, '');
		return fail(
			CODES.INVALID_PARAMETER,
			`${where || 'the body'} must be an object {groupId, url, name?}`,
			where || undefined,
		);
	}
	return checkFields(entry, ENTRY, at) ?? checkHttpUrl(entry.url, `${at}url`);
}

export function validateCompatAsset(body: unknown): ValidationResult {
	return toResult(checkEntry(body, ''));
}

/** A JSON batch: 1 to 50 entries, each a valid asset body (paths like `[3].url`). */
export function validateCompatAssetBatch(body: unknown): ValidationResult {
	if (!Array.isArray(body) || body.length === 0) {
		return fail(
			CODES.INVALID_PARAMETER,
			'the batch must be a non-empty list of {groupId, url, name?} entries',
		);
	}
	if (body.length > COMPAT.batchMaxEntries) {
		const message = `the batch has ${body.length} entries: send at most ${COMPAT.batchMaxEntries} per request`;
		return fail(CODES.BATCH_TOO_LARGE, message);
	}
	for (const [index, entry] of body.entries()) {
		const failure = checkEntry(entry, `[${index}].`);
		if (failure) return failure;
	}
	return OK;
}
