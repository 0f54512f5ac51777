import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { describeError } from "./db-errors.server";

// While the server holds an embedded database, no other process may open it. Command-line tools
// (npm run admin:create, ...) then ask the running server to do the work over a Unix socket in
// the data folder, which only the folder's owner can reach.

export type ControlHandler = (args: Record<string, unknown>) => Promise<string>;

interface ControlRequest {
  command: string;
  args: Record<string, unknown>;
}

type ControlReply = { ok: true; message: string } | { ok: false; error: string };

export function controlSocketPath(dataDir: string) {
  return path.join(dataDir, "control.sock");
}

export async function startControlServer(
  dataDir: string,
  handlers: Record<string, ControlHandler>,
): Promise<{ close(): Promise<void> }> {
  const socketPath = controlSocketPath(dataDir);
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    let buffer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      if (buffer.length > 64 * 1024) socket.destroy();
      const newline = buffer.indexOf("\n");
      if (newline === -1) return;
      void answer(buffer.slice(0, newline)).then((reply) => socket.end(JSON.stringify(reply) + "\n"));
    });
    socket.on("error", () => socket.destroy());
  });
  async function answer(line: string): Promise<ControlReply> {
    try {
      const request = JSON.parse(line) as ControlRequest;
      const handler = handlers[request.command];
      if (!handler) return { ok: false, error: `Unknown command: ${request.command}` };
      return { ok: true, message: await handler(request.args ?? {}) };
    } catch (error) {
      return { ok: false, error: describeError(error) };
    }
  }
  const previousMask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(socketPath, () => resolve());
    });
  } finally {
    process.umask(previousMask);
  }
  fs.chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(socketPath, { force: true });
      }),
  };
}

export function sendControlCommand(
  dataDir: string,
  command: string,
  args: Record<string, unknown>,
  /** How long to wait for the answer (long work such as rebuilding pictures needs more). */
  timeoutMs = 30_000,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(controlSocketPath(dataDir));
    let buffer = "";
    socket.setEncoding("utf8");
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error("The running server did not answer.")));
    socket.on("connect", () => socket.write(JSON.stringify({ command, args }) + "\n"));
    socket.on("data", (chunk: string) => (buffer += chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      try {
        const reply = JSON.parse(buffer) as ControlReply;
        if (reply.ok) resolve(reply.message);
        else reject(new Error(reply.error));
      } catch {
        reject(new Error("The running server gave an unreadable answer."));
      }
    });
  });
}
