/**
 * Every endpoint path of the Unified Generation API, below the credential's base URL (which ends in
 * /api/v1, see base-url.ts). The one place they are written: requests, task kinds and the
 * credential test read them here. No imports, so the credential stays light to load.
 */
export const UNIFIED_PATHS = {
	/** GET: the account's credits; also the credential test. */
	credits: '/account/credits',
	/** POST: a video or image generation task. */
	createTask: '/jobs/createTask',
	/** GET `?taskId=`: a generation task. */
	queryTask: '/jobs/queryTask',
	/** GET `?orderId=`: the tasks an order made. */
	relations: '/jobs/relations',
	/** POST: a standalone upscale task. */
	createUpscale: '/upscale/create',
	/** GET `?taskId=`: an upscale task. */
	queryUpscale: '/upscale/query',
	/** POST: an asset from a file (multipart) or from a public URL (JSON). */
	uploadAsset: '/assets/upload',
	/** GET `?assetId=`: an asset and its review status. */
	assetStatus: '/assets/status',
	/** GET: the account's assets, a page at a time. */
	listAssets: '/assets/list',
} as const;
