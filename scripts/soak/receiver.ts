// A loopback webhook receiver for the soak: every member's notification channel posts here
// (/hook/<member index>); each request is kept with its real arrival time. It runs in the soak's
// own process, so it outlives every kill of the server.
import { createServer, type Server } from "node:http";

export interface Delivery {
  member: number;
  /** Real ms of arrival. */
  at: number;
  kind: string;
  tables: { table: string; seat: number; kind: string; deadline: string | null }[];
  /** Real ms the server signed the request (whole seconds: the Muli-Signature header's t). */
  signedAt: number | null;
}

export class Receiver {
  readonly deliveries: Delivery[] = [];
  private server: Server | null = null;
  url = "";

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const m = /^\/hook\/(\d+)$/.exec(req.url ?? "");
        try {
          const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { kind: string; tables?: Delivery["tables"] };
          const t = /(?:^|,)t=(\d+)/.exec(String(req.headers["muli-signature"] ?? ""))?.[1];
          if (m) this.deliveries.push({ member: Number(m[1]), at: Date.now(), kind: body.kind, tables: body.tables ?? [], signedAt: t ? Number(t) * 1000 : null });
        } catch {
          // not a message of ours
        }
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    const { port } = this.server.address() as { port: number };
    this.url = `http://127.0.0.1:${port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
