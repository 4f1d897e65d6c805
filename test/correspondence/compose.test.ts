import { describe, expect, it } from "vitest";
import { compose, type TableNotice } from "../../worker/notify/compose";
import { webhookRequest } from "../../worker/notify/channels/webhook-request";
import { outboundUrlProblem } from "../../worker/notify/channels/outbound";

const notice = (over: Partial<TableNotice> = {}): TableNotice => ({
  kind: "turn",
  table: "t_aaaaaaaaaaaaaaaa",
  seat: 1,
  name: "Bernd",
  others: ["Anna", "Clara", "Dora"],
  deadline: Date.UTC(2026, 11, 2, 13, 0),
  link: "https://muli.example/t/t_aaaaaaaaaaaaaaaa#tok",
  ...over,
});

describe("messages", () => {
  it("name the player, the table, the deadline in their zone and carry the link", () => {
    const m = compose([notice()], "Europe/Vienna", "de");
    expect(m.title).toBe("Muli: du bist dran");
    expect(m.text).toContain("Bernd");
    expect(m.text).toContain("Anna, Clara und Dora");
    expect(m.text).toContain("14:00"); // 13:00 UTC in Vienna
    expect(m.url).toBe(notice().link);
  });

  it("fold several tables into one digest with every link, latest notice per table", () => {
    const b = notice({ table: "t_bbbbbbbbbbbbbbbb", link: "https://muli.example/t/b#x", kind: "reminder" });
    const m = compose([notice(), b, notice({ kind: "reminder" })], "UTC", "en");
    expect(m.kind).toBe("digest");
    expect(m.tables.map((t) => [t.table, t.kind])).toEqual([["t_aaaaaaaaaaaaaaaa", "reminder"], ["t_bbbbbbbbbbbbbbbb", "reminder"]]);
    expect(m.text).toContain(b.link);
    expect(m.text).toContain(notice().link);
  });

  it("mention unread chat, cut short, and never let a chat notice outrank a turn", () => {
    const chat = { count: 1, name: "Anna", kind: "text" as const, text: "Bin bis Sonntag weg" };
    const turn = compose([notice({ deadline: null, chat })], "UTC", "en");
    expect(turn.text).toBe("Bernd, it is your turn at the table with Anna, Clara and Dora. Unread chat: Anna: Bin bis Sonntag weg");
    const both = compose([notice({ deadline: null }), notice({ kind: "chat", chat })], "UTC", "de");
    expect(both.kind).toBe("turn");
    expect(both.text).toBe("Bernd, du bist am Tisch mit Anna, Clara und Dora am Zug. Ungelesen im Tischgespräch: Anna: Bin bis Sonntag weg");
    const long = compose([notice({ kind: "chat", chat: { ...chat, count: 3, text: "x".repeat(300) } })], "UTC", "en");
    expect(long.kind).toBe("chat");
    expect(long.text).toBe(`Bernd, a new message at the table with Anna, Clara and Dora: Anna: ${"x".repeat(119)}…`);
  });

  it("say 'no deadline' by leaving the time out", () => {
    expect(compose([notice({ deadline: null })], "UTC", "en").text).toBe("Bernd, it is your turn at the table with Anna, Clara and Dora.");
  });
});

describe("webhook formats", () => {
  const m = compose([notice()], "UTC", "en");
  it("ntfy: JSON publish to the server root with the topic in the body", () => {
    expect(webhookRequest({ url: "https://ntfy.sh/muli-anna", format: "ntfy" }, m)).toEqual({
      url: "https://ntfy.sh/",
      body: { topic: "muli-anna", title: m.title, message: m.text, click: m.url, tags: ["black_joker"] },
    });
  });
  it("discord: content without mentions", () => {
    const r = webhookRequest({ url: "https://discord.com/api/webhooks/1/x", format: "discord" }, m);
    expect(r.body).toEqual({ content: `**${m.title}**\n${m.text}\n${m.url}`, allowed_mentions: { parse: [] } });
  });
});

describe("outbound URLs", () => {
  it.each([
    ["http://example.com/x", "must be an https:// URL"],
    ["https://localhost/x", "must point to a public host"],
    ["https://10.1.2.3/x", "must point to a public host"],
    ["https://user:pw@example.com/x", "must not contain a user name or password"],
    ["https://hooks.example.org/x", null],
    ["https://ntfy.sh/topic", null],
    ["https://xn--mller-kva.de/x", null],
    // Found by the adversarial probe: each of these passed before.
    ["https://localhost./x", "must point to a public host"],
    ["https://foo.localhost./x", "must point to a public host"],
    ["https://metadata/x", "must point to a public host"],
    ["https://intranet/x", "must point to a public host"],
    ["https://instance-data/x", "must point to a public host"],
    ["https://0.0.0.1/x", "must point to a public host"],
    ["https://0.1.2.3/x", "must point to a public host"],
    ["https://100.64.0.1/x", "must point to a public host"],
    ["https://100.100.100.200/x", "must point to a public host"],
    ["https://198.18.0.1/x", "must point to a public host"],
    ["https://192.0.0.1/x", "must point to a public host"],
    ["https://224.0.0.1/x", "must point to a public host"],
    ["https://240.0.0.1/x", "must point to a public host"],
    ["https://255.255.255.255/x", "must point to a public host"],
    ["https://2130706433/x", "must point to a public host"],
    ["https://[::1]/x", "must point to a public host"],
    ["https://printer.home.arpa/x", "must point to a public host"],
    ["https://example.com:22/x", "must use the standard https port (443)"],
    ["https://example.com:6379/x", "must use the standard https port (443)"],
    ["https://example.com:443/x", null],
  ])("%s", (url, problem) => expect(outboundUrlProblem(url, {})).toBe(problem));
  it("allow loopback http only when configured", () => expect(outboundUrlProblem("http://127.0.0.1:9/x", { WEBHOOK_ALLOW_LOCAL: "1" })).toBeNull());
});

describe("e-mail", () => {
  it("is plain-text MIME with an encoded subject and the link in the body", async () => {
    const { mime } = await import("../../worker/notify/channels/mime");
    const m = compose([notice()], "Europe/Vienna", "de");
    const raw = mime("muli@muli.example", "anna@example.com", m, Date.UTC(2026, 11, 1));
    const [head, body] = raw.split("\r\n\r\n");
    expect(head).toContain("From: Muli <muli@muli.example>");
    expect(head).toContain("To: <anna@example.com>");
    const subject = /Subject: =\?UTF-8\?B\?([^?]+)\?=/.exec(head)![1];
    expect(Buffer.from(subject, "base64").toString("utf8")).toBe(m.title);
    const text = Buffer.from(body.replace(/\r\n/g, ""), "base64").toString("utf8");
    expect(text).toContain(m.text);
    expect(text).toContain(m.url);
    expect(raw.split("\r\n").every((l) => l.length <= 998)).toBe(true);
  });
});
