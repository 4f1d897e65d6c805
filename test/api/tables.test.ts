import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { tableStub } from "../../worker/table/stub";
import { tableCount, tableDb, act, asAction, createTable, FOUR_HUMANS, getView, post, stored, view } from "./helpers";

describe("creating a table", () => {
  it("gives each human seat a token and a link with the token in the fragment", async () => {
    const t = await createTable({
      rules: { preset: "standard", players: 4 },
      seats: [{ name: "Anna" }, { name: "Bernd" }, { name: "Muli", bot: "random" }, { name: "Dora" }],
    });
    expect(t.id).toMatch(/^t_/);
    expect(t.seats.map((s) => s.name)).toEqual(["Anna", "Bernd", "Muli", "Dora"]);
    expect(t.seats[2]).toMatchObject({ bot: "random", token: null, link: null });
    for (const s of [t.seats[0], t.seats[1], t.seats[3]]) {
      expect(s.token!.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits in base64url
      expect(s.link).toBe(`http://muli.test/t/${t.id}#${s.token}`);
    }
    expect(new Set(t.seats.map((s) => s.token)).size).toBe(4);
  });

  it("stores only the SHA-256 of each token", async () => {
    const t = await createTable();
    const { results } = await tableDb(t.id).prepare("SELECT seat, token_hash FROM seats WHERE table_id = ? ORDER BY seat").bind(t.id).all<{ token_hash: string }>();
    const dump = JSON.stringify(await tableDb(t.id).prepare("SELECT * FROM tables WHERE id = ?").bind(t.id).first()) + JSON.stringify(results);
    for (const s of t.seats) {
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(s.token!)));
      expect(results[s.seat].token_hash).toBe([...digest].map((b) => b.toString(16).padStart(2, "0")).join(""));
      expect(dump).not.toContain(s.token!);
    }
  });

  it.each([
    ["malformed JSON", "{rules:", 400, "INVALID_REQUEST"],
    ["no seats", { rules: { preset: "standard", players: 4 } }, 400, "INVALID_REQUEST"],
    ["an unknown preset", { ...FOUR_HUMANS, rules: { preset: "poker", players: 4 } }, 400, "INVALID_RULES"],
    ["an unknown option", { ...FOUR_HUMANS, rules: { preset: "standard", players: 4, jokers: true } }, 400, "INVALID_RULES"],
    ["an out-of-range value", { ...FOUR_HUMANS, rules: { preset: "standard", players: 4, minBid: 9 } }, 400, "INVALID_RULES"],
    ["a wrong number of seats", { ...FOUR_HUMANS, rules: { preset: "standard", players: 3 } }, 400, "INVALID_RULES"],
    ["an unknown bot level", { ...FOUR_HUMANS, seats: [...FOUR_HUMANS.seats.slice(0, 3), { name: "X", bot: "genius" }] }, 400, "INVALID_REQUEST"],
    ["only bots", { ...FOUR_HUMANS, seats: FOUR_HUMANS.seats.map((s) => ({ ...s, bot: "random" })) }, 400, "INVALID_REQUEST"],
    ["an empty name", { ...FOUR_HUMANS, seats: [{ name: " " }, ...FOUR_HUMANS.seats.slice(1)] }, 400, "INVALID_REQUEST"],
  ])("refuses %s", async (_, body, status, code) => {
    const before = await tableCount();
    const res = await post("/api/tables", body);
    expect(res.status).toBe(status);
    const json = await res.json<{ error: { code: string; message: string } }>();
    expect(json.error.code).toBe(code);
    expect(json.error.message.length).toBeGreaterThan(5);
    const after = await tableCount();
    expect(after).toBe(before);
  });

  it("names the option at fault", async () => {
    const res = await post("/api/tables", { ...FOUR_HUMANS, rules: { preset: "standard", players: 4, minBid: 9 } });
    const { error } = await res.json<{ error: { message: string; option: string } }>();
    expect(error.option).toBe("minBid");
    expect(error.message).toContain("minBid");
  });
});

describe("reading a view", () => {
  it("answers the seat's view with an ETag carrying the version, and 304 for the current one", async () => {
    const t = await createTable();
    const res = await getView(t.id, t.seats[1].token);
    expect(res.status).toBe(200);
    const v = await res.json<{ id: string; you: number; version: number; players: { name: string }[]; deadline: null }>();
    expect(v).toMatchObject({ id: t.id, you: 1, version: 0, deadline: null });
    expect(v.players.map((p) => p.name)).toEqual(["Anna", "Bernd", "Clara", "Dora"]);
    const etag = res.headers.get("ETag")!;
    expect(etag).toMatch(/^"0\.[0-9a-f]{16}"$/);
    // The tag digests the seat's own view: caches must key on the seat's token too.
    expect(res.headers.get("Vary")).toBe("Authorization");
    const again = await getView(t.id, t.seats[1].token, { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("ETag")).toBe(etag);
    expect(await again.text()).toBe("");
    expect((await getView(t.id, t.seats[1].token, { "If-None-Match": `W/${etag}, "x"` })).status).toBe(304);
    expect((await getView(t.id, t.seats[2].token, { "If-None-Match": etag })).status).toBe(200);
    const old = await getView(t.id, t.seats[1].token, { "If-None-Match": '"7"' });
    expect(old.status).toBe(200);
  });

  it("does not answer 304 when the view changed without a move (a seat given to a bot)", async () => {
    const t = await createTable();
    const before = await getView(t.id, t.seats[0].token);
    const etag = before.headers.get("ETag")!;
    // What a league does when it gives a seat away: the version stays, the name and bot change.
    const done = await tableStub(env, t.id).replaceSeat({ seat: 1, name: "Bot", tokenHash: null, bot: "random" });
    expect(done.ok).toBe(true);
    for (const known of [etag, '"0"']) {
      const res = await getView(t.id, t.seats[0].token, { "If-None-Match": known });
      expect(res.status).toBe(200);
      const v = await res.json<{ version: number; players: { name: string; bot: string | null }[] }>();
      expect(v.players[1]).toMatchObject({ name: "Bot", bot: "random" });
      expect(res.headers.get("ETag")).not.toBe(etag);
      expect(res.headers.get("ETag")!.startsWith(`"${v.version}.`)).toBe(true);
    }
    // The replaced seat's old token opens nothing any more.
    expect((await getView(t.id, t.seats[1].token)).status).toBe(401);
  });

  it("refuses a missing or wrong token with 401, an unknown table with 404", async () => {
    const t = await createTable();
    for (const res of [
      await getView(t.id, null, { Authorization: "" }),
      await getView(t.id, "not-a-token"),
      await getView(t.id, t.seats[0].token + "x"),
    ]) {
      expect(res.status).toBe(401);
      expect((await res.json<{ error: { code: string } }>()).error.code).toBe("UNAUTHORIZED");
    }
    const other = await createTable();
    expect((await getView(t.id, other.seats[0].token)).status).toBe(401);
    for (const id of ["t_AAAAAAAAAAAAAAAA", "nope", "t_%2e%2e"]) {
      const res = await getView(id, t.seats[0].token);
      expect(res.status).toBe(404);
      expect((await res.json<{ error: { code: string } }>()).error.code).toBe("NOT_FOUND");
    }
  });
});

describe("acting", () => {
  async function errorOf(res: Response) {
    return { status: res.status, code: (await res.json<{ error: { code: string } }>()).error.code };
  }

  it("refuses every bad submission with a clear 4xx and changes nothing", async () => {
    const t = await createTable();
    const v0 = await view(t.id, t.seats[0].token);
    const turn = v0.toAct[0];
    const mover = t.seats[turn].token;
    const idle = t.seats[(turn + 1) % 4].token;
    const legal = v0.legal.length ? v0.legal : (await view(t.id, mover)).legal;
    const good = asAction(legal[0]);
    const before = await stored(t.id);
    const path = `/api/tables/${t.id}/actions`;
    const cases: [string, Response, number, string][] = [
      ["malformed JSON", await post(path, "{version: 0", { Authorization: `Bearer ${mover}` }), 400, "INVALID_ACTION"],
      ["not an action", await act(t.id, mover, 0, { type: "teleport" }), 400, "INVALID_ACTION"],
      ["no version", await post(path, { action: good }, { Authorization: `Bearer ${mover}` }), 400, "INVALID_ACTION"],
      ["missing token", await post(path, { version: 0, action: good }), 401, "UNAUTHORIZED"],
      ["wrong token", await act(t.id, "x".repeat(32), 0, good), 401, "UNAUTHORIZED"],
      ["unknown table", await act("t_BBBBBBBBBBBBBBBB", mover, 0, good), 404, "NOT_FOUND"],
      ["stale version", await act(t.id, mover, 5, good), 409, "STALE_VERSION"],
      ["out of turn", await act(t.id, idle, 0, good), 422, "NOT_YOUR_TURN"],
      ["illegal now", await act(t.id, mover, 0, { type: "play", card: "EA" }), 422, "WRONG_PHASE"],
      ["oversized body", await post(path, { version: 0, action: good, pad: "x".repeat(20_000) }, { Authorization: `Bearer ${mover}` }), 413, "PAYLOAD_TOO_LARGE"],
    ];
    for (const [name, res, status, code] of cases) expect({ name, ...(await errorOf(res)) }).toEqual({ name, status, code });
    const after = await stored(t.id);
    expect(after.version).toBe(before.version);
    expect(after.logged).toBe(before.logged);
    expect(after.state).toEqual(before.state);
  });

  it("applies a legal action durably: version, log row, new view, at most 3 rows written", async () => {
    const t = await createTable();
    const v0 = await view(t.id, t.seats[0].token);
    const mover = t.seats[v0.toAct[0]].token;
    const legal = (await view(t.id, mover)).legal;
    const res = await act(t.id, mover, 0, asAction(legal[0]));
    expect(res.status).toBe(200);
    expect(res.headers.get("ETag")).toMatch(/^"1\./);
    expect(Number(res.headers.get("X-D1-Rows-Written"))).toBeGreaterThan(0);
    expect(Number(res.headers.get("X-D1-Rows-Written"))).toBeLessThanOrEqual(3);
    expect((await res.json<{ version: number }>()).version).toBe(1);
    const s = await stored(t.id);
    expect(s).toMatchObject({ version: 1, logged: 1 });
    const row = await tableDb(t.id).prepare("SELECT seat, action, version FROM actions WHERE table_id = ?").bind(t.id).first<{ seat: number; action: string }>();
    expect(row).toMatchObject({ seat: v0.toAct[0], version: 1 });
    expect(JSON.parse(row!.action)).toEqual(asAction(legal[0]));
  });

  it("lets exactly one of two identical concurrent submissions apply", async () => {
    const t = await createTable();
    const v0 = await view(t.id, t.seats[0].token);
    const mover = t.seats[v0.toAct[0]].token;
    const action = asAction((await view(t.id, mover)).legal[0]);
    const results = await Promise.all([act(t.id, mover, 0, action), act(t.id, mover, 0, action), act(t.id, mover, 0, action)]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    expect(await stored(t.id)).toMatchObject({ version: 1, logged: 1 });
  });
});

describe("feedback", () => {
  it("stores feedback and refuses an empty one", async () => {
    const res = await post("/api/feedback", { kind: "rule", text: "Bei uns zählt der Weli doppelt.", contact: "anna@example.org" });
    expect(res.status).toBe(201);
    const { id } = await res.json<{ id: number }>();
    const row = await env.DB.prepare("SELECT kind, text, contact FROM feedback WHERE id = ?").bind(id).first();
    expect(row).toEqual({ kind: "rule", text: "Bei uns zählt der Weli doppelt.", contact: "anna@example.org" });
    const bad = await post("/api/feedback", { kind: "rant", text: "" });
    expect(bad.status).toBe(400);
    expect((await bad.json<{ error: { code: string } }>()).error.code).toBe("INVALID_REQUEST");
  });
});

describe("unknown routes", () => {
  it("answers 404 JSON for an unknown API path", async () => {
    const res = await post("/api/nothing", {});
    expect(res.status).toBe(404);
    expect((await res.json<{ error: { code: string } }>()).error.code).toBe("NOT_FOUND");
  });
});
