import net from 'node:net';

/**
 * A TCP relay in front of PostgreSQL that can freeze (the server takes every byte and answers none, as a server
 * stuck on a full disk or a paused VM does) and go down (the port refuses connections), then come back.
 */
export async function startRelay(target: { host: string; port: number }) {
  let frozen = false;
  const pairs = new Set<{ client: net.Socket; server: net.Socket; held: [net.Socket, Buffer][] }>();
  const listener = net.createServer((client) => {
    const server = net.connect(target);
    const pair = { client, server, held: [] as [net.Socket, Buffer][] };
    pairs.add(pair);
    const forward = (to: net.Socket) => (chunk: Buffer) => {
      if (frozen) pair.held.push([to, chunk]);
      else to.write(chunk);
    };
    client.on('data', forward(server));
    server.on('data', forward(client));
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      server.destroy();
    };
    for (const socket of [client, server]) {
      socket.on('close', end);
      socket.on('error', end);
    }
  });
  const listen = (port: number) =>
    new Promise<number>((resolve) => listener.listen(port, '127.0.0.1', () => resolve((listener.address() as net.AddressInfo).port)));
  const port = await listen(0);
  return {
    port,
    freeze() {
      frozen = true;
    },
    resume() {
      frozen = false;
      for (const pair of pairs) for (const [to, chunk] of pair.held.splice(0)) to.write(chunk);
    },
    /** Closes the port and every connection: a server stopped. */
    async stop() {
      for (const pair of pairs) pair.client.destroy();
      await new Promise((resolve) => listener.close(resolve));
    },
    async restart() {
      await listen(port);
    },
  };
}
