/**
 * The emulator never closes an idle connection itself. Node's default closes one after 5 s of
 * silence, which races a client that reuses it at the same moment (undici keeps it about 4 s by a
 * coarse clock, later on a busy loop): the client's next request then fails with ECONNRESET, as a
 * suite on a loaded CI machine met it between two tests.
 */
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import type { RunningEmulator } from './index';
import { startFast } from './test-helpers';

let emu: RunningEmulator;
beforeAll(async () => (emu = await startFast()));
afterAll(() => emu.close());

/** Sends one keep-alive GET on the socket and resolves with the status line of its answer. */
function ask(socket: Socket): Promise<string> {
	return new Promise((resolve, reject) => {
		socket.once('data', (chunk: Buffer) => resolve(chunk.toString('latin1').split('\r\n')[0]));
		const closed = () => reject(new Error('the emulator closed the connection'));
		if (socket.readableEnded) closed();
		socket.once('end', closed);
		socket.write(
			'GET /__control/settings HTTP/1.1\r\nHost: emulator\r\nConnection: keep-alive\r\n\r\n',
		);
	});
}

test('an idle keep-alive connection is still open after 6 s of silence', async () => {
	const { port } = new URL(emu.url);
	const socket = connect(Number(port), '127.0.0.1');
	await new Promise((resolve) => socket.once('connect', resolve));
	try {
		expect(await ask(socket)).toBe('HTTP/1.1 200 OK');
		await new Promise((resolve) => setTimeout(resolve, 6_000));
		expect(await ask(socket)).toBe('HTTP/1.1 200 OK');
	} finally {
		socket.destroy();
	}
}, 20_000);
