/**
 * Field-by-field checking with zod: each field has a schema (derived from the catalog), the code its
 * failure returns and a message saying what to change. Fields a table does not list are refused
 * in strict mode, so a typo (`callbackUrl`) fails here instead of being silently ignored.
 */
import { z } from 'zod';
import { CODES } from './codes';
import { fail, joinPath, oneOf, shown, type Failure } from './result';

export interface FieldRule {
	schema: z.ZodTypeAny;
	code: string;
	/** Message for a failing value, in the user's terms. */
	explain: (value: unknown) => string;
	/** Missing counts as a failure. */
	required?: boolean;
	/** A field of other models, listed only to refuse it with a precise code. */
	refused?: boolean;
}

export type FieldRules = Readonly<Record<string, FieldRule>>;

export interface FieldScope {
	/** Path prefix of the fields ('inputs.', '', '[3].'). */
	at: string;
	/** Who the fields belong to, for messages ("sd2", "the request"). */
	owner: string;
	/** Refuse fields the table does not list. */
	strict: boolean;
}

const looseCache = new WeakMap<FieldRules, z.ZodTypeAny>();
const strictCache = new WeakMap<FieldRules, z.ZodTypeAny>();

/** The object schema of a table, built once per table (tables are built once per model). */
function objectSchema(rules: FieldRules, strict: boolean): z.ZodTypeAny {
	const cache = strict ? strictCache : looseCache;
	let schema = cache.get(rules);
	if (!schema) {
		const shape: Record<string, z.ZodTypeAny> = {};
		for (const [key, rule] of Object.entries(rules)) shape[key] = rule.required ? rule.schema : rule.schema.optional();
		schema = strict ? z.object(shape).strict() : z.object(shape).passthrough();
		cache.set(rules, schema);
	}
	return schema;
}

/** First failing field of `values`, checked in the table's order. */
export function checkFields(values: Record<string, unknown>, rules: FieldRules, scope: FieldScope): Failure | undefined {
	const schema = objectSchema(rules, scope.strict);
	const parsed = schema.safeParse(values);
	if (parsed.success) return undefined;
	const issue = parsed.error.issues[0];
	const extra = issue.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
	if (extra !== undefined && issue.path.length === 0) {
		const accepted = oneOf(Object.keys(rules).filter((k) => !rules[k].refused));
		const message = `${extra} is not accepted by ${scope.owner}: remove it (accepted: ${accepted})`;
		return fail(CODES.INVALID_PARAMETER, message, joinPath(scope.at, [extra]));
	}
	// A nested issue (an unknown key inside an object field too) belongs to the top-level field.
	const key = String(issue.path[0]);
	const segments = extra === undefined ? issue.path : [...issue.path, extra];
	return fail(rules[key].code, rules[key].explain(values[key]), joinPath(scope.at, segments));
}

/** A field that takes one of `values`; the message lists them. */
export function enumRule(name: string, values: readonly string[], code: string, owner: string, what: string): FieldRule {
	return {
		schema: z.enum(values as [string, ...string[]]),
		code,
		explain: (v) => `${name} ${shown(v)} is not ${what} of ${owner}: choose ${oneOf(values)}`,
	};
}

/** A field of a given type (INVALID_PARAMETER otherwise). */
export function typedRule(name: string, schema: z.ZodTypeAny, expected: string): FieldRule {
	return { schema, code: CODES.INVALID_PARAMETER, explain: (v) => `${name} ${shown(v)} is invalid: ${expected}` };
}

/** A rule for a field the model does not have but another model does: refused with `code`. */
export function refused(code: string, explain: string): FieldRule {
	return { schema: z.undefined(), code, explain: () => explain, refused: true };
}

/** A table builder memoised per model id (tables are static data once built). */
export function perModel<M extends { id: string }>(build: (model: M) => FieldRules): (model: M) => FieldRules {
	const cache = new Map<string, FieldRules>();
	return (model) => {
		let rules = cache.get(model.id);
		if (!rules) {
			rules = build(model);
			cache.set(model.id, rules);
		}
		return rules;
	};
}

export function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
