import net, { type AddressInfo } from "node:net";

/**
 * A TCP relay on the loopback to a real server, that a test can cut (every connection dropped, new ones
 * refused) and give back on the same port: a network outage between the application and its database.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const relay = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("error", drop);
          socket.on("close", drop);
        }
        client.pipe(upstream).pipe(client);
      });
      relay.once("error", reject);
      relay.listen(port, "127.0.0.1", () => {
        server = relay;
        resolve((relay.address() as AddressInfo).port);
      });
    });

  const port = await listen(0);
  return {
    port,
    /** Drops every open connection and refuses new ones. */
    async cut() {
      const closing = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      if (closing) await new Promise((resolve) => closing.close(resolve));
    },
    /** Accepts connections again, on the same port. */
    async restore() {
      if (!server) await listen(port);
    },
    close() {
      return this.cut();
    },
  };
}
