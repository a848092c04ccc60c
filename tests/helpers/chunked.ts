import net from "node:net";

export type ChunkedResult = {
  /** the answer's status (0: none came) */
  status: number;
  /** the answer's head and body as received (latin1) */
  answer: string;
  /** body bytes written to the socket before the first byte of the answer arrived */
  sentBeforeAnswer: number;
  /** body bytes written in all */
  sent: number;
};

/**
 * A POST whose body goes out with `Transfer-Encoding: chunked` and no Content-Length, over a raw
 * socket: `prefix`, then `fill` repeated up to `totalBytes`, then `suffix`, in chunks of 64 KB, each
 * written only when the socket has room. Writing stops as soon as the server answers, so
 * `sentBeforeAnswer` says how much of the body the server took in before it answered.
 */
export function postChunked(
  serverUrl: string,
  path: string,
  options: {
    type: string;
    totalBytes: number;
    prefix?: string;
    suffix?: string;
    fill?: string;
    headers?: Record<string, string>;
  },
): Promise<ChunkedResult> {
  const url = new URL(serverUrl);
  const prefix = Buffer.from(options.prefix ?? "");
  const suffix = Buffer.from(options.suffix ?? "");
  const fillChar = options.fill ?? "a";
  const block = Buffer.from(fillChar.repeat(Math.ceil((64 * 1024) / fillChar.length)).slice(0, 64 * 1024));
  return new Promise((resolve) => {
    const socket = net.connect(Number(url.port), url.hostname);
    let answer = "";
    let sent = 0;
    let sentBeforeAnswer = -1;
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      resolve({ status, answer, sentBeforeAnswer: sentBeforeAnswer < 0 ? sent : sentBeforeAnswer, sent });
      socket.destroy();
    };
    socket.on("data", (d) => {
      if (sentBeforeAnswer < 0) sentBeforeAnswer = sent;
      answer += d.toString("latin1");
      // The whole answer is here once a body of the announced length (or a final chunk) has arrived.
      const head = answer.indexOf("\r\n\r\n");
      const length = /\r\ncontent-length: (\d+)/i.exec(answer.slice(0, head));
      if (head >= 0 && length && answer.length - head - 4 >= Number(length[1])) finish();
      if (head >= 0 && !length && answer.endsWith("0\r\n\r\n")) finish();
    });
    socket.on("error", finish);
    socket.on("close", finish);
    const chunk = (buf: Buffer) =>
      Buffer.concat([Buffer.from(`${buf.length.toString(16)}\r\n`), buf, Buffer.from("\r\n")]);
    socket.on("connect", async () => {
      const head = [
        `POST ${path} HTTP/1.1`,
        `Host: ${url.host}`,
        `Origin: ${url.origin}`,
        `Content-Type: ${options.type}`,
        "Transfer-Encoding: chunked",
        ...Object.entries(options.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
        "",
        "",
      ].join("\r\n");
      socket.write(head);
      const write = (buf: Buffer) =>
        new Promise<void>((done) => {
          if (socket.write(chunk(buf))) done();
          else socket.once("drain", () => done());
        });
      if (prefix.length) {
        await write(prefix);
        sent += prefix.length;
      }
      const fillBytes = options.totalBytes - prefix.length - suffix.length;
      while (sent - prefix.length < fillBytes && sentBeforeAnswer < 0 && !finished) {
        const n = Math.min(block.length, fillBytes - (sent - prefix.length));
        await write(n === block.length ? block : block.subarray(0, n));
        sent += n;
      }
      if (sentBeforeAnswer >= 0 || finished) return;
      if (suffix.length) {
        await write(suffix);
        sent += suffix.length;
      }
      socket.write("0\r\n\r\n");
    });
    setTimeout(finish, 120_000).unref();
  });
}
