// The photo-to-video example in a real n8n (`n8n execute`): a photo in binary data becomes an
// alt-family image-to-video task with no extra node. Create Video uploads the photo with
// `?model=alt3.0-video`, sends the https url it got back, waits and downloads the MP4.
import { executeWorkflow } from '../../scripts/n8n/run.mjs';
import { USER_FOLDER, emulator, isMp4, itemsOf, storedBinary } from './context.mjs';

const emu = emulator();
const UPLOAD = '/api/v1/assets/upload';
const CREATE_TASK = '/api/v1/jobs/createTask';

test('photo in binary data → alt3.0-video image-to-video → the MP4 in binary data', async () => {
	const uploads = (await emu.requests(UPLOAD)).length;
	const creates = (await emu.requests(CREATE_TASK)).length;

	const result = await executeWorkflow('ugExPhotoVideo01', { userFolder: USER_FOLDER });

	expect(result.run?.status).toBe('success');
	const [item] = itemsOf(result.run, 'Create Video');
	expect(item.json).toMatchObject({
		model: 'alt3.0-video',
		status: 'COMPLETED',
		creditsUsed: 96,
		estimatedCredits: 96,
	});
	const stored = storedBinary(item.binary.data);
	expect(isMp4(stored)).toBe(true);

	const [upload] = (await emu.requests(UPLOAD)).slice(uploads);
	expect(upload.query).toEqual({ model: 'alt3.0-video' });
	expect(upload.body.files).toEqual([
		{ field: 'file', filename: 'photo.png', bytes: expect.any(Number) },
	]);
	const [create] = (await emu.requests(CREATE_TASK)).slice(creates);
	expect(create.body.inputs.urls).toEqual([expect.stringMatching(/^https:\/\//)]);
});
