/**
 * The package's user-facing errors about requests and their outcomes: what an HTTP answer means
 * (http.ts, in the API documents' words and actions), and what may exist after a create whose
 * answer was lost, stopped or never sent (outcome.ts). Field refusals are the rules' (rules/codes.ts);
 * every refusal before sending is built by refusal.ts.
 */
export {
	CREDENTIAL_NAME,
	connectionError,
	httpError,
	redact,
	redirectError,
	spentRedirectError,
} from './http';
export type { Service, Subject } from './http';
export { serviceSaid } from './error-body';
export { fieldLabel, fieldLine } from './field-labels';
export { refusedBeforeSending } from './refusal';
export type { Fault } from './refusal';
export {
	isCancellation,
	isOutcomeUnknown,
	notConfirmedError,
	notSentError,
	outOfTimeError,
	stoppedError,
	unconfirmedError,
	unconfirmedParts,
} from './outcome';
