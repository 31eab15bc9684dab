import { resetEmulator } from '../emulator';
import { parseJson, parseJsonObject } from '../http/body';
import { ApiError, notFound, ok } from '../http/reply';
import type { Ctx, Route } from '../http/router';
import { runTimes } from '../run-times';
import { mergeSettings } from '../settings';
import { parseFault } from './faults';
import type { Fault } from './faults';
import { sinkRoutes } from './sink';

/** Unauthenticated endpoints for tests and the demo (test/emulator/README.md, Control API). */

const DAY_MS = 24 * 60 * 60 * 1000;

const bad = (message: string) => new ApiError(400, message, 'INVALID_CONTROL_REQUEST');

const isAmount = (v: unknown) =>
	v === undefined || (typeof v === 'number' && Number.isFinite(v) && v >= 0);

function putAccount(ctx: Ctx) {
	const body = parseJsonObject(ctx.body);
	if (typeof body.apiKey !== 'string' || !body.apiKey)
		throw bad('apiKey must be a non-empty string');
	for (const key of ['credits', 'compatBalance', 'markupRate']) {
		if (!isAmount(body[key])) throw bad(`${key} must be a number >= 0`);
	}
	const account = {
		apiKey: body.apiKey,
		credits: (body.credits as number | undefined) ?? 1_000_000,
		held: 0,
		compatBalance: (body.compatBalance as number | undefined) ?? 1000,
		markupRate: (body.markupRate as number | undefined) ?? 1,
		frozen: body.frozen === true,
	};
	ctx.emu.store.accounts.set(account.apiKey, account);
	return ok(account);
}

function putSettings(ctx: Ctx) {
	const merged = mergeSettings(ctx.emu.settings, parseJsonObject(ctx.body));
	if (typeof merged === 'string') throw bad(merged);
	ctx.emu.settings = merged;
	ctx.emu.nextRunTime = runTimes(merged);
	return ok(merged);
}

function addFaults(ctx: Ctx) {
	const body = parseJson(ctx.body);
	const parsed = (Array.isArray(body) ? body : [body]).map(parseFault);
	const error = parsed.find((f): f is string => typeof f === 'string');
	if (error) throw bad(error);
	for (const fault of parsed as Fault[]) ctx.emu.faults.add(fault);
	return ok({ faults: ctx.emu.faults.list() });
}

/** Makes a task look `days` older, so tests can reach the 7-day draft limit without waiting. */
function ageTask(ctx: Ctx) {
	const { store } = ctx.emu;
	const task = store.tasks.get(ctx.params.taskId) ?? store.taskByOrder.get(ctx.params.taskId);
	if (!task) throw notFound(`Task ${ctx.params.taskId}`);
	const days = parseJsonObject(ctx.body).days;
	if (typeof days !== 'number' || !Number.isFinite(days)) throw bad('days must be a number');
	task.createTime -= days * DAY_MS;
	if (task.completeTime !== null) task.completeTime -= days * DAY_MS;
	return ok({ taskId: task.taskId, orderId: task.orderId, createTime: task.createTime });
}

/** Every generation task's own clock, oldest first: a benchmark's limit is the latest `endTime`. */
function taskClocks(ctx: Ctx) {
	return ok(
		[...ctx.emu.store.tasks.values()].map((task) => ({
			taskId: task.taskId,
			createTime: task.createTime,
			runMs: task.durationMs,
			endTime: task.createTime + task.durationMs,
		})),
	);
}

export const controlRoutes: Route[] = [
	{ method: 'POST', path: '/__control/accounts', public: true, handler: putAccount },
	{
		method: 'GET',
		path: '/__control/settings',
		public: true,
		handler: (ctx) => ok(ctx.emu.settings),
	},
	{ method: 'POST', path: '/__control/settings', public: true, handler: putSettings },
	{
		method: 'GET',
		path: '/__control/faults',
		public: true,
		handler: (ctx) => ok({ faults: ctx.emu.faults.list() }),
	},
	{ method: 'POST', path: '/__control/faults', public: true, handler: addFaults },
	{
		method: 'DELETE',
		path: '/__control/faults',
		public: true,
		handler: (ctx) => (ctx.emu.faults.clear(), ok({ faults: [] })),
	},
	{
		method: 'POST',
		path: '/__control/reset',
		public: true,
		handler: (ctx) => (resetEmulator(ctx.emu), ok({ reset: true })),
	},
	{
		method: 'GET',
		path: '/__control/requests',
		public: true,
		handler: (ctx) =>
			ok(ctx.emu.log.list({ path: ctx.query.get('path'), method: ctx.query.get('method') })),
	},
	{
		method: 'GET',
		path: '/__control/webhooks',
		public: true,
		handler: (ctx) => {
			const taskId = ctx.query.get('taskId');
			return ok(ctx.emu.webhooks.filter((w) => !taskId || w.taskId === taskId));
		},
	},
	{ method: 'GET', path: '/__control/tasks', public: true, handler: taskClocks },
	{ method: 'POST', path: '/__control/tasks/:taskId/age', public: true, handler: ageTask },
	...sinkRoutes,
];
