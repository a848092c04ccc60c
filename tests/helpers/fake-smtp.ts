import { createServer, type Server } from "node:net";

/** A tiny SMTP server for tests: accepts every message (no TLS, no auth) and keeps the raw data. */
export type FakeSmtp = {
  url: string;
  messages: { from: string; to: string[]; data: string }[];
  close(): Promise<void>;
};

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const messages: FakeSmtp["messages"] = [];
  const server: Server = createServer((socket) => {
    socket.setEncoding("utf8");
    let buffer = "";
    let inData = false;
    let current = { from: "", to: [] as string[], data: "" };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 fake-smtp ready");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      let i = buffer.indexOf("\r\n");
      while (i >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            messages.push(current);
            current = { from: "", to: [], data: "" };
            reply("250 OK queued");
          } else current.data += `${line.replace(/^\.\./, ".")}\n`;
        } else {
          const cmd = line.slice(0, 4).toUpperCase();
          if (cmd === "EHLO" || cmd === "HELO") reply("250 fake-smtp");
          else if (cmd === "MAIL") {
            current.from = line.slice(10).trim();
            reply("250 OK");
          } else if (cmd === "RCPT") {
            current.to.push(line.slice(8).trim());
            reply("250 OK");
          } else if (cmd === "DATA") {
            inData = true;
            reply("354 go ahead");
          } else if (cmd === "QUIT") {
            reply("221 bye");
            socket.end();
          } else reply("250 OK");
        }
        i = buffer.indexOf("\r\n");
      }
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
