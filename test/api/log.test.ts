// The Worker's log lines are one JSON object each, with level, event, the invocation's id and the
// ids they are about, and never a token, key or address, even when an error's message holds one.
import { afterEach, describe, expect, it, vi } from "vitest";
import { logEvent, logLine, withInvocation } from "../../worker/base/log";
import { openLinkOrNull, sealLink } from "../../worker/base/link-crypto";
import { newToken } from "../../worker/base/secrets";

/** What console.* wrote while `fn` ran, one entry per call. */
async function written(fn: () => unknown): Promise<string[]> {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => void lines.push(args.map(String).join(" "));
  const spies = [vi.spyOn(console, "log").mockImplementation(keep), vi.spyOn(console, "warn").mockImplementation(keep), vi.spyOn(console, "error").mockImplementation(keep)];
  try {
    await fn();
  } finally {
    for (const s of spies) s.mockRestore();
  }
  return lines;
}

afterEach(() => vi.restoreAllMocks());

describe("log lines", () => {
  it("are one JSON object with level, event, invocation and ids", async () => {
    const lines = await written(() => withInvocation("ray-1", () => logEvent("warn", "bot.failed", { tableId: "t_abc", seat: 2 }, new Error("no move"))));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toEqual({ level: "warn", event: "bot.failed", invocation: "ray-1", tableId: "t_abc", seat: 2, error: { code: "Error", message: "no move" } });
  });

  it("carry no token, key, link fragment or address, whatever the error says", () => {
    const token = newToken();
    const key = "WZ" + newToken();
    const error = new Error(`fetch https://muli.example/t/t_x#${token} for anna@example.org failed with key ${key}`);
    const line = logLine("error", "notify.message_failed", { playerId: "p_123" }, error);
    const parsed = JSON.parse(line) as { error: { message: string }; playerId: string };
    expect(parsed.playerId).toBe("p_123");
    for (const secret of [token, key, "anna@example.org"]) expect(line).not.toContain(secret);
    expect(parsed.error.message).toContain("[address]");
    expect(parsed.error.message).toContain("#…");
  });

  it("of a real failure: a sealed link that does not open is logged as JSON, without the value", async () => {
    const otherKey = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
    const sealed = await sealLink(`https://muli.example/t/t_y#${newToken()}`, otherKey);
    let opened: string | null = "";
    const lines = await written(async () => (opened = await openLinkOrNull(sealed, "t_y:1")));
    expect(opened).toBeNull();
    expect(lines).toHaveLength(1);
    const parsed = JSON.parse(lines[0]) as Record<string, unknown>;
    expect(parsed).toMatchObject({ level: "error", event: "link.unopenable", kind: "t_y:1", error: { code: "Error" } });
    expect(lines[0]).not.toContain(sealed);
    expect(lines[0]).not.toContain(otherKey);
  });
});
