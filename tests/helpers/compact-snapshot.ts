/**
 * A PGlite data-dir snapshot that is cheap to open, for the one every test file (and the browser
 * journeys' server) starts from. Taken as dumped after a seed, the snapshot is ~124 MB, of which
 * 64 MB are write-ahead-log segments, and every open replays the log since the last checkpoint.
 * A CHECKPOINT first leaves nothing to replay; the segments after the current one are recycled
 * empty files PostgreSQL makes again when it needs them, so the tar leaves them out (~74 MB; an
 * open measured ~35 % faster, and each open database holds 50 MB less in memory).
 */
type DumpingClient = {
  query<T>(sql: string): Promise<{ rows: T[] }>;
  dumpDataDir(compression: "none"): Promise<Blob>;
};

export async function compactSnapshot(client: DumpingClient): Promise<Buffer> {
  await client.query("CHECKPOINT");
  const { rows } = await client.query<{ wal: string }>("SELECT pg_walfile_name(pg_current_wal_lsn()) AS wal");
  const current = rows[0]?.wal;
  if (!current) throw new Error("compactSnapshot: no current WAL file");
  const tar = Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer());
  return withoutEntries(tar, (name) => /(^|\/)pg_wal\/[0-9A-F]{24}$/.test(name) && !name.endsWith(`/${current}`));
}

/** A ustar archive without the entries `drop` names; every other header and data block is copied as it is. */
export function withoutEntries(tar: Buffer, drop: (name: string) => boolean): Buffer {
  const BLOCK = 512;
  const field = (header: Buffer, at: number, length: number) =>
    header
      .subarray(at, at + length)
      .toString("latin1")
      .replace(/\0[\s\S]*$/, "");
  const kept: Buffer[] = [];
  let at = 0;
  while (at + BLOCK <= tar.length) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((b) => b === 0)) {
      kept.push(tar.subarray(at)); // the end-of-archive blocks
      break;
    }
    const prefix = field(header, 345, 155);
    const name = prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100);
    const size = Number.parseInt(field(header, 124, 12).trim() || "0", 8);
    if (!Number.isFinite(size)) throw new Error(`withoutEntries: bad size in the header of ${name}`);
    const end = at + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (!drop(name)) kept.push(tar.subarray(at, end));
    at = end;
  }
  return Buffer.concat(kept);
}
