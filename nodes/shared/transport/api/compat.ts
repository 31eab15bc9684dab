/**
 * Every endpoint path of the Task-Compatible Video API, below the credential's base URL (the root:
 * its paths start with /v1/, see base-url.ts). The one place they are written: requests, the task
 * kind and the credential test read them here. No imports, so the credential stays light to load.
 */

const TASKS = '/v1/contents/generations/tasks';
const ASSETS = '/v1/assets';

export const COMPAT_PATHS = {
	/** GET: the account's balance; also the credential test. */
	balance: '/v1/me/balance',
	/** POST: a task; GET: the tasks, a page at a time. */
	tasks: TASKS,
	/** GET: one task. */
	task: (id: string) => `${TASKS}/${encodeURIComponent(id)}`,
	/** POST: an asset; GET: the assets, a page at a time. */
	assets: ASSETS,
	/** GET or DELETE: one asset. */
	asset: (officialId: string) => `${ASSETS}/${encodeURIComponent(officialId)}`,
	/** POST: many assets, as JSON entries or a spreadsheet. */
	assetBatch: `${ASSETS}/batch`,
	/** GET: the spreadsheet template of a batch. */
	assetBatchTemplate: `${ASSETS}/batch/template`,
	/** POST: a group; GET: every group. */
	assetGroups: `${ASSETS}/groups`,
} as const;
