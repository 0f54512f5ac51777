import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server on a free local port that keeps what it receives. `refuse` makes it answer
 * every recipient with a temporary failure (a mail server that is down for us), until set back.
 */
export async function startSmtpServer() {
  const received: ParsedMail[] = [];
  const raw: string[] = [];
  const state = { refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.refuse) return callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
      callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const source = Buffer.concat(chunks);
        raw.push(source.toString("utf8"));
        simpleParser(source)
          .then((mail) => {
            received.push(mail);
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    raw,
    state,
    /** Those received for one address. */
    to: (address: string) => received.filter((mail) => mail.to && JSON.stringify(mail.to).includes(address)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
