// A test client for the table's WebSocket: collects messages and waits for the one it needs.
import { SELF } from "cloudflare:test";
import { BASE } from "./helpers";

export interface Message {
  type: string;
  view?: { version: number; toAct: number[]; phase: string; [k: string]: unknown };
  error?: { code: string; message: string };
}

export class TestSocket {
  readonly messages: Message[] = [];
  private waiters: (() => void)[] = [];

  private closeCode: number | undefined;

  private constructor(readonly ws: WebSocket) {
    ws.addEventListener("close", (e) => (this.closeCode = e.code));
    ws.addEventListener("message", (e) => {
      this.messages.push(JSON.parse(e.data as string));
      this.waiters.splice(0).forEach((w) => w());
    });
  }

  /**
   * Connect and name the seat in the first message, as the client does. A refused token comes
   * back as a Response with the status an HTTP request would get (401), after the server's error
   * message and close; a refused upgrade (404, 426) as the server's own Response.
   */
  static async open(id: string, token: string | null): Promise<TestSocket | Response> {
    const sock = await TestSocket.connect(id);
    if (sock instanceof Response) return sock;
    sock.send({ type: "auth", token: token ?? "" });
    const first = await sock.next((m) => m.type === "view" || m.type === "error");
    if (first.type === "error") {
      sock.close();
      return Response.json({ error: first.error }, { status: first.error?.code === "RATE_LIMITED" ? 429 : 401 });
    }
    return sock;
  }

  /** Only the upgrade: the socket has not said who it is. */
  static async connect(id: string, query = ""): Promise<TestSocket | Response> {
    const res = await SELF.fetch(`${BASE}/api/tables/${id}/ws${query}`, { headers: { Upgrade: "websocket" } });
    if (!res.webSocket) return res;
    res.webSocket.accept();
    return new TestSocket(res.webSocket);
  }

  /** Resolves with the close code once the server closes the socket. */
  closed(): Promise<number> {
    return new Promise((resolve) => {
      if (this.ws.readyState === WebSocket.CLOSED) return resolve(this.closeCode ?? 1006);
      this.ws.addEventListener("close", (e) => resolve(e.code));
    });
  }

  send(message: unknown): void {
    this.ws.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  /** The first message (from index `from` on) that matches, waiting up to `ms`. */
  async next(match: (m: Message) => boolean, from = 0, ms = 5000): Promise<Message> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.messages.slice(from).find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching socket message; got ${JSON.stringify(this.messages.slice(from))}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  close(): void {
    try {
      this.ws.close(1000, "done");
    } catch {
      // already closed
    }
  }
}
