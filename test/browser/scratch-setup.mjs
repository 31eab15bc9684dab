// What the from-scratch cases need around the editor, done over HTTP: no credential saved before a
// case (a new user has none), and files for the nodes that take a URL (the emulator reads only
// files it serves itself: it has no internet).
import { DEMO_KEY } from '../../scripts/lib/emulator-process.mjs';

/** Deletes every saved credential of the instance, through n8n's REST API. */
export async function forgetCredentials(session) {
	const list = await session.request('GET', '/rest/credentials');
	for (const credential of list.json?.data ?? []) {
		const deleted = await session.request('DELETE', `/rest/credentials/${credential.id}`);
		if (deleted.status !== 200)
			throw new Error(`DELETE credential ${credential.name} answered ${deleted.status}`);
	}
}

/** A task of the demo account that makes one file of this kind. */
const TASKS = {
	image: { model: 'gen-image-2.5-flare', inputs: { prompt: 'a lighthouse' } },
	video: { model: 'sd2', inputs: { prompt: 'waves on rocks' } },
};

/**
 * A file of this kind as any web server gives it: a task's output, on the emulator's own address
 * (which n8n's HTTP Request node can download; the asset host below is the emulator's alone).
 * @param {'image' | 'video'} kind
 */
export async function emulatorOutput(emulator, kind) {
	const { taskId } = await emulator.call('/api/v1/jobs/createTask', { json: TASKS[kind] });
	return (await completed(emulator, taskId)).output[0].url;
}

/**
 * The https URL of a file the emulator serves: a task's output, uploaded as an asset of the demo
 * account (the URL an Upload Asset answers, on the service's asset host, which the emulator serves).
 * @param {'image' | 'video'} kind
 */
export async function emulatorFile(emulator, kind) {
	const output = await emulatorOutput(emulator, kind);
	const bytes = await (await fetch(output)).arrayBuffer();
	const form = new FormData();
	form.append('file', new Blob([bytes]), output.split('/').pop());
	const res = await fetch(`${emulator.url}/api/v1/assets/upload`, {
		method: 'POST',
		headers: { authorization: `Bearer ${DEMO_KEY}` },
		body: form,
	});
	if (!res.ok)
		throw new Error(`the emulator refused the ${kind} upload: ${res.status} ${await res.text()}`);
	return (await res.json()).url;
}

async function completed(emulator, taskId, timeoutMs = 30_000) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const task = await emulator.call(`/api/v1/jobs/queryTask?taskId=${taskId}`);
		if (task.status === 'COMPLETED') return task;
		if (task.status === 'FAILED' || Date.now() > deadline)
			throw new Error(`emulator task ${taskId}: ${JSON.stringify(task)}`);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}
