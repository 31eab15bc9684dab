/**
 * Field-by-field checking with zod: each field has a schema (derived from the catalog), the code its
 * failure returns and a message saying what to change. Fields a table does not list pass untouched:
 * the API documentation forbids no other field, and the service may add some ("refuse only what
 * the documentation forbids"). A field it refuses on one model gets a `refused` rule with its code.
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
}

export type FieldRules = Readonly<Record<string, FieldRule>>;

const schemaCache = new WeakMap<FieldRules, z.ZodTypeAny>();

/** The object schema of a table, built once per table (tables are built once per model). */
function objectSchema(rules: FieldRules): z.ZodTypeAny {
	let schema = schemaCache.get(rules);
	if (!schema) {
		const shape: Record<string, z.ZodTypeAny> = {};
		for (const [key, rule] of Object.entries(rules))
			shape[key] = rule.required ? rule.schema : rule.schema.optional();
		schema = z.object(shape).passthrough();
		schemaCache.set(rules, schema);
	}
	return schema;
}

/** First failing field of `values`, checked in the table's order; `at` prefixes the path ('inputs.'). */
export function checkFields(
	values: Record<string, unknown>,
	rules: FieldRules,
	at = '',
): Failure | undefined {
	const parsed = objectSchema(rules).safeParse(values);
	if (parsed.success) return undefined;
	const issue = parsed.error.issues[0];
	const key = String(issue.path[0]);
	return fail(rules[key].code, rules[key].explain(values[key]), joinPath(at, issue.path));
}

/** A field that takes one of `values`; the message lists them. */
export function enumRule(
	name: string,
	values: readonly string[],
	code: string,
	owner: string,
	what: string,
): FieldRule {
	return {
		schema: z.enum(values as [string, ...string[]]),
		code,
		explain: (v) => `${name} ${shown(v)} is not ${what} of ${owner}: choose ${oneOf(values)}`,
	};
}

/** A field of a given type (INVALID_PARAMETER otherwise). */
export function typedRule(name: string, schema: z.ZodTypeAny, expected: string): FieldRule {
	return {
		schema,
		code: CODES.INVALID_PARAMETER,
		explain: (v) => `${name} ${shown(v)} is invalid: ${expected}`,
	};
}

/**
 * A field the API documentation refuses on this model (another model has it): refused with `code`.
 */
export function refused(code: string, explain: string): FieldRule {
	return { schema: z.undefined(), code, explain: () => explain };
}

/** A table builder memoised per model id (tables are static data once built). */
export function oncePerModel<M extends { id: string }>(
	build: (model: M) => FieldRules,
): (model: M) => FieldRules {
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
