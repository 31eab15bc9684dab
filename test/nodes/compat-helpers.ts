import type { RunningEmulator } from '../emulator';
import { call } from '../emulator/test-helpers';
import { COMPAT_CREDENTIAL, packageNode } from '../helpers/workflow';
import type { StepNode } from '../helpers/workflow';

/** The tasks path of the Task-Compatible Video API, and the model the tests create with. */
export const COMPAT_TASKS = '/v1/contents/generations/tasks';
export const COMPAT_MODEL = 'video-2-0-260128';

/** A Compat Task node step on the Task-Compatible Video API credential. */
export const compatNode = (
	name: string,
	parameters: Record<string, unknown>,
	extra: Partial<StepNode> = {},
) => packageNode(name, 'compatTask', parameters, { credentials: COMPAT_CREDENTIAL, ...extra });

/** A resource locator in ID mode, as the editor saves one. */
export const byId = (value: string) => ({ __rl: true, mode: 'id', value });

/** A compat asset group made straight through the emulator's API (not by the node under test). */
export const newGroup = async (emu: RunningEmulator, name: string) =>
	(await call(`${emu.compatBaseUrl}/v1/assets/groups`, { json: { name } })).body;

/** A compat asset of a group, made straight through the emulator's API. */
export const newAsset = async (
	emu: RunningEmulator,
	groupId: string,
	name = 'a',
	url = 'https://example.com/a.png',
) => (await call(`${emu.compatBaseUrl}/v1/assets`, { json: { groupId, url, name } })).body;
