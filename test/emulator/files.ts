import { extensionOf, makeImage, makeVideo, mimeTypeOf } from './media/index';
import { newId } from './ids';
import type { OutputPlan } from './store';

/**
 * Files the emulator serves at GET /files/<id>.<ext> without authentication (like a CDN link):
 * uploaded asset bytes, and task outputs, whose bytes are made on first download and then cached.
 */
interface StoredFile {
	format: string;
	bytes?: Buffer;
	plan?: OutputPlan;
	seed: number;
}

/** Alternative-family uploads get urls on this host; the emulator serves the same path itself. */
export const ALT_ASSET_HOST = 'alt-assets.emulator.invalid';

/**
 * Reviewed uploads get https urls on this host (the spec's "service's own asset host"; image inputs
 * take https only), with the emulator's port so a test can fetch the same path from the emulator.
 */
export const ASSET_HOST = 'assets.emulator.invalid';

export class FileStore {
	private readonly files = new Map<string, StoredFile>();

	private nextSeed = 1;

	add(bytes: Buffer, format: string): string {
		const id = newId('file');
		this.files.set(id, { format, bytes, seed: 0 });
		return id;
	}

	/** Registers an output; nothing is generated until someone downloads it. */
	plan(plan: OutputPlan): string {
		const id = newId('file');
		this.files.set(id, { format: plan.format, plan, seed: this.nextSeed++ });
		return id;
	}

	has(id: string): boolean {
		return this.files.has(id);
	}

	bytes(id: string): Buffer | undefined {
		const file = this.files.get(id);
		if (!file) return undefined;
		file.bytes ??= generate(file);
		return file.bytes;
	}

	format(id: string): string | undefined {
		return this.files.get(id)?.format;
	}

	/** `<origin>/files/<id>.<ext>` */
	url(origin: string, id: string): string {
		return `${origin}/files/${id}.${extensionOf(this.format(id) ?? 'bin')}`;
	}

	altUrl(id: string): string {
		return this.url(`https://${ALT_ASSET_HOST}`, id);
	}

	/** `https://<ASSET_HOST>:<port of origin>/files/<id>.<ext>` */
	assetUrl(origin: string, id: string): string {
		const { port } = new URL(origin);
		return this.url(`https://${ASSET_HOST}${port ? `:${port}` : ''}`, id);
	}

	mimeType(id: string): string {
		return mimeTypeOf(this.format(id) ?? '') ?? 'application/octet-stream';
	}

	clear(): void {
		this.files.clear();
	}
}

function generate(file: StoredFile): Buffer {
	const plan = file.plan;
	if (!plan) return Buffer.alloc(0);
	if (plan.kind === 'video') {
		const format = plan.format === 'mov' ? 'mov' : 'mp4';
		return makeVideo(format, {
			width: plan.width,
			height: plan.height,
			seconds: plan.seconds ?? 5,
			audio: plan.audio,
		});
	}
	const format = plan.format as 'png' | 'jpeg' | 'webp' | 'gif' | 'bmp';
	return makeImage(format, plan.width, plan.height, { seed: file.seed });
}

/** The file id in a url whose path is /files/<id>.<ext>, whatever the host. */
export function fileIdOfPath(pathname: string): string | undefined {
	const match = /^\/files\/([A-Za-z0-9_]+)(\.[A-Za-z0-9]+)?$/.exec(pathname);
	return match?.[1];
}
