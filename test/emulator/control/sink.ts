import { randomUUID } from 'node:crypto';

import type { Emulator } from '../emulator';
import { parseJsonObject } from '../http/body';
import { ApiError, notFound, ok } from '../http/reply';
import type { Ctx, Route } from '../http/router';

/**
 * A webhook sink for tests: `POST /__control/sinks {target, failFirst}` returns its path
 * (`/__control/sinks/<id>`); a POST there is forwarded to `target` as is, and the first `failFirst` of them are
 * answered 500 whatever the target said. Given as a task's callBackUrl, it makes the emulator
 * retry a delivery the receiver already took: an answer lost on the way back.
 */
interface Sink {
	target: string;
	failFirst: number;
	calls: Array<{ forwardedStatus?: number; error?: string; answered: number }>;
}

const sinks = new WeakMap<Emulator, Map<string, Sink>>();
const sinksOf = (emu: Emulator) => sinks.get(emu) ?? sinks.set(emu, new Map()).get(emu)!;

function addSink(ctx: Ctx) {
	const { target, failFirst = 0 } = parseJsonObject(ctx.body);
	if (typeof target !== 'string' || !/^https?:\/\//.test(target))
		throw new ApiError(400, 'target must be an http(s) URL', 'INVALID_CONTROL_REQUEST');
	if (!Number.isInteger(failFirst) || (failFirst as number) < 0)
		throw new ApiError(400, 'failFirst must be an integer >= 0', 'INVALID_CONTROL_REQUEST');
	const id = randomUUID();
	sinksOf(ctx.emu).set(id, { target, failFirst: failFirst as number, calls: [] });
	return ok({ id, path: `/__control/sinks/${id}` });
}

async function deliver(ctx: Ctx) {
	const sink = sinksOf(ctx.emu).get(ctx.params.id);
	if (!sink) throw notFound(`Sink ${ctx.params.id}`);
	const call: Sink['calls'][number] = { answered: 0 };
	try {
		const response = await fetch(sink.target, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: ctx.body,
		});
		await response.arrayBuffer();
		call.forwardedStatus = response.status;
	} catch (error) {
		call.error = (error as Error).message;
	}
	call.answered = sink.calls.length < sink.failFirst ? 500 : (call.forwardedStatus ?? 502);
	sink.calls.push(call);
	return ok({ forwarded: call.forwardedStatus ?? null }, call.answered);
}

function listCalls(ctx: Ctx) {
	const sink = sinksOf(ctx.emu).get(ctx.params.id);
	if (!sink) throw notFound(`Sink ${ctx.params.id}`);
	return ok({ target: sink.target, calls: sink.calls });
}

export const sinkRoutes: Route[] = [
	{ method: 'POST', path: '/__control/sinks', public: true, handler: addSink },
	{ method: 'GET', path: '/__control/sinks/:id', public: true, handler: listCalls },
	{ method: 'POST', path: '/__control/sinks/:id', public: true, handler: deliver },
];
