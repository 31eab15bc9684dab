// A workflow with a bad input fails in n8n (`n8n execute`) with the spec's error code, before any
// request: the emulator sees no createTask and bills nothing.
import { executeWorkflow } from '../../scripts/n8n/run.mjs';
import { USER_FOLDER, emulator, fixture } from './context.mjs';

const emu = emulator();
const CREATE_TASK = '/api/v1/jobs/createTask';

test('a duration out of range fails with DURATION_OUT_OF_RANGE, names the field, and sends nothing', async () => {
	const workflow = fixture('validation-error');
	const creditsBefore = (await emu.credits()).credits;
	const logged = (await emu.requests(CREATE_TASK)).length;

	const result = await executeWorkflow(workflow.id, { userFolder: USER_FOLDER });

	expect(result.code).toBe(1);
	expect(result.run).toBeDefined();
	expect(result.run.status).toBe('error');
	const { error, lastNodeExecuted } = result.run.data.resultData;
	expect(lastNodeExecuted).toBe('Create Video');
	expect(error.message).toMatch(/^DURATION_OUT_OF_RANGE: /);
	expect(error.description).toContain('inputs.duration');
	expect(error.description).toMatch(/no credits were spent/i);

	expect((await emu.requests(CREATE_TASK)).slice(logged)).toEqual([]);
	expect((await emu.credits()).credits).toBe(creditsBefore);
});
