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

  private constructor(readonly ws: WebSocket) {
    ws.addEventListener("message", (e) => {
      this.messages.push(JSON.parse(e.data as string));
      this.waiters.splice(0).forEach((w) => w());
    });
  }

  static async open(id: string, token: string | null): Promise<TestSocket | Response> {
    const res = await SELF.fetch(`${BASE}/api/tables/${id}/ws?token=${token ?? ""}`, { headers: { Upgrade: "websocket" } });
    if (!res.webSocket) return res;
    res.webSocket.accept();
    return new TestSocket(res.webSocket);
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
