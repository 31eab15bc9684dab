// Ports on 127.0.0.1 for the emulator and n8n, asked from the OS. Plain Node ESM.
import net from 'node:net';

/** Binds `port` (0: any) on 127.0.0.1 and lets it go; the port bound, or null when it is taken. */
function tryBind(port) {
	return new Promise((resolve) => {
		const server = net.createServer().unref();
		server.once('error', () => resolve(null));
		server.listen(port, '127.0.0.1', () => {
			const bound = server.address().port;
			server.close(() => resolve(bound));
		});
	});
}

/** A free TCP port on 127.0.0.1. */
export async function freePort() {
	const port = await tryBind(0);
	if (port === null) throw new Error('the OS gave no free port on 127.0.0.1');
	return port;
}

/** `preferred` when nothing listens on it, else a free port. */
export async function preferredPort(preferred) {
	return (await tryBind(preferred)) ?? (await freePort());
}
