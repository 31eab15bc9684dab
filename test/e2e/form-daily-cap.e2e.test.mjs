// The public form example (examples/form-daily-cap.json) in a real n8n server (`n8n start`): its
// Form Trigger active, seven people post the form at once, as a browser does (multipart form, then
// the Form Ending page at the form-waiting URL n8n answers with, then the page's own POST that ends
// the execution). Create Video's Daily Credit Cap is 500 credits, sd2-mini 5 s is 100: five videos
// are made, two people read that today's quota is used up and when to come back, and the emulator
// saw five creates. A server only example: the CLI runners skip it (its `meta.serverOnly`).
import { DEMO_OWNER, loadExamples, login, ownerEnv } from '../../scripts/n8n/instance.mjs';
import { activateWorkflow, readExecution } from '../../scripts/n8n/rest.mjs';
import { startN8n } from '../../scripts/n8n/run.mjs';
import { USER_FOLDER, emulator, itemsOf, until } from './context.mjs';

const EXAMPLE = loadExamples().find((e) => e.workflow.id === 'ugExFormDayCap13').workflow;
const FORM = EXAMPLE.nodes.find((n) => n.type === 'n8n-nodes-base.formTrigger');
const CREATE = EXAMPLE.nodes.find((n) => n.type.endsWith('.createVideo'));
const CREATE_TASK = '/api/v1/jobs/createTask';
const SUBMISSIONS = 7;
const PRICE = 100; // sd2-mini, 5 s

const emu = emulator();
let server;
let session;
let formUrl;

/** The page's text: tags dropped, the entities Handlebars writes decoded, spaces collapsed. */
function textOf(html) {
	return html
		.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, ' ')
		.replace(/<[^>]+>/g, ' ')
		.replace(/&#x27;|&#39;/g, "'")
		.replace(/&quot;/g, '"')
		.replace(/&amp;/g, '&')
		.replace(/\s+/g, ' ')
		.trim();
}

/**
 * One person's submission, as the form page's script makes it: the answer names the form-waiting
 * URL; once the execution waits on its Form Ending, that URL serves the page, whose POST ends it.
 */
async function submit(prompt) {
	const body = new FormData();
	body.set('field-0', prompt);
	const posted = await fetch(formUrl, { method: 'POST', body });
	expect(posted.status).toBe(200);
	const { formWaitingUrl } = await posted.json();
	expect(formWaitingUrl).toEqual(expect.any(String));
	// n8n writes its public address; this server listens on its own port
	const waiting = new URL(formWaitingUrl);
	const page = new URL(`${waiting.pathname}${waiting.search}`, server.baseUrl);
	const status = new URL(page);
	status.pathname += '/n8n-execution-status';
	const state = await until(async () => {
		const text = (await (await fetch(status)).text()).trim();
		return ['form-waiting', 'success', 'error', 'crashed', 'canceled'].includes(text)
			? text
			: undefined;
	}, `the execution behind ${page.pathname}`);
	expect(state).toBe('form-waiting');
	const shown = await fetch(page);
	expect(shown.status).toBe(200);
	const text = textOf(await shown.text());
	const ended = await fetch(page, { method: 'POST' });
	expect(ended.status).toBe(200);
	return { prompt, text, executionId: page.pathname.split('/').pop() };
}

beforeAll(async () => {
	server = await startN8n({
		userFolder: USER_FOLDER,
		env: ownerEnv(DEMO_OWNER),
		timeoutMs: 5 * 60_000,
	});
	session = await login(server.baseUrl, DEMO_OWNER);
	await activateWorkflow(session, EXAMPLE.id);
	formUrl = `${server.baseUrl}/form/${FORM.parameters.options.path}`;
	// activation answers before n8n serves the form
	await until(async () => ((await fetch(formUrl)).status === 200 ? true : undefined), 'the form');
}, 6 * 60_000);

afterAll(async () => {
	if (session) await session.request('POST', `/rest/workflows/${EXAMPLE.id}/deactivate`, {});
	await server?.stop();
});

test(
	'seven people post the public form at once: five videos are made, two are told the quota is used up',
	async () => {
		expect(CREATE.parameters.batchOptions.dailyCreditCap).toBe(5 * PRICE);
		const tag = `form daily cap ${Date.now()}`;
		const prompts = Array.from({ length: SUBMISSIONS }, (_, i) => `${tag}: clip ${i + 1}`);
		const answers = await Promise.all(prompts.map((prompt) => submit(prompt)));

		const made = answers.filter((a) => a.text.includes('Your video is ready'));
		const refused = answers.filter((a) => a.text.includes("Today's video quota is used up"));
		expect({ made: made.length, refused: refused.length }).toEqual({ made: 5, refused: 2 });
		for (const { text } of made) expect(text).toMatch(/Watch it here: http\S+\.mp4/);
		for (const { text } of refused) {
			expect(text).toMatch(
				/Try again after \d{1,2} \w+ \d{4}, 00:00 \([\w/+-]+\)\. This form spends at most 500 credits a day on videos; your request was not sent and nothing was charged\./,
			);
		}

		// the emulator saw one create per video made, none for the two refused
		const sent = (await emu.requests(CREATE_TASK))
			.filter((r) => r.body?.inputs?.prompt?.startsWith(tag))
			.map((r) => r.body.inputs.prompt)
			.sort();
		expect(sent).toEqual(made.map((a) => a.prompt).sort());

		// each execution ended with success, its Create Video item saying where today's spend stands
		for (const { executionId, prompt } of answers) {
			const run = await until(async () => {
				const r = await readExecution(session, executionId);
				return ['new', 'running', 'waiting'].includes(r.status) ? undefined : r;
			}, `execution ${executionId}`);
			expect(run).toMatchObject({ status: 'success', mode: 'webhook' });
			const [item] = itemsOf(run, CREATE.name);
			expect(item.json.dailySpend).toMatchObject({
				cap: 5 * PRICE,
				resetsAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z$/),
				timezone: expect.any(String),
			});
			if (made.some((a) => a.prompt === prompt)) {
				expect(item.json).toMatchObject({ status: 'COMPLETED', creditsUsed: PRICE });
				expect(itemsOf(run, 'Video Ready')).toHaveLength(1);
			} else {
				expect(item.json).toMatchObject({ taskCreated: 'no' });
				expect(item.json.error).toMatch(/^DAILY_CAP_REACHED: item not sent/);
				expect(item.json.dailySpend.creditsToday).toBe(5 * PRICE);
				expect(itemsOf(run, 'Quota Used Up')).toHaveLength(1);
			}
		}
	},
	5 * 60_000,
);
