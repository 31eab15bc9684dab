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

/**
 * Where free ports are picked: below Linux's ephemeral range (32768-60999), which the OS also hands
 * out as the local port of every outgoing connection. A port asked of the OS (bind to 0) comes
 * from that range, and between its release and n8n's bind an outgoing connection of a suite beside
 * took one (CI: "Task Broker's port 34921 is already in use"). Here only our own picks compete,
 * at random among 12,000 ports.
 */
export const PORT_RANGE = { low: 20000, high: 32000 };

/** A free TCP port on 127.0.0.1, picked at random in PORT_RANGE. */
export async function freePort() {
	for (let attempt = 0; attempt < 50; attempt++) {
		const candidate =
			PORT_RANGE.low + Math.floor(Math.random() * (PORT_RANGE.high - PORT_RANGE.low));
		if ((await tryBind(candidate)) !== null) return candidate;
	}
	throw new Error(`no free port on 127.0.0.1 between ${PORT_RANGE.low} and ${PORT_RANGE.high}`);
}

/** `preferred` when nothing listens on it, else a free port. */
export async function preferredPort(preferred) {
	return (await tryBind(preferred)) ?? (await freePort());
}
