/**
 * The reference for `bench:rooms`: a bare `ws` server that broadcasts every text message it
 * receives to every other socket, nothing else. Run by rooms.ts in its own process; prints its
 * port on stdout.
 */
import { WebSocketServer } from "ws";

const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
server.on("connection", (socket) => {
  socket.on("message", (data, isBinary) => {
    const text = isBinary ? data : String(data);
    for (const client of server.clients) {
      if (client !== socket && client.readyState === 1) client.send(text);
    }
  });
});
server.on("listening", () => {
  const address = server.address();
  process.stdout.write(`${address !== null && typeof address === "object" ? address.port : address}\n`);
});
