// A socket that takes changes (`"changes": true` in its auth message) is sent only what changed in
// its seat's view. Through a whole random game, every seat's socket view with the changes applied
// (by the client's own code) is exactly the view a fresh read gives, and no message names a card
// the seat's own view does not show.
import { describe, expect, it } from "vitest";
import { applyChanges, type ViewChanges } from "../../web/src/api/view-changes";
import type { ApiView } from "../../worker/table/view";
import { chooseAction, createTable, expectNoLeak, stored, view } from "./helpers";
import { TestSocket } from "./socket";

const CARD = /"(W|[ELHS](?:A|K|O|U|10|9|8|7|6))"/g;
/** `seen` marks a visit (it moves with every read), not the table: compared without it. */
const game = ({ seen: _, ...v }: ApiView) => v;

async function openTakingChanges(id: string, token: string | null): Promise<{ sock: TestSocket; raw: string[] }> {
  const sock = await TestSocket.connect(id);
  if (!(sock instanceof TestSocket)) throw new Error(`upgrade refused: ${sock.status}`);
  const raw: string[] = [];
  sock.ws.addEventListener("message", (e) => {
    raw.push(e.data as string);
  });
  sock.send({ type: "auth", token, changes: true });
  await sock.next((m) => m.type === "view");
  return { sock, raw };
}

describe("a socket that takes changes", () => {
  it("ends every step of a whole game with exactly the view a read gives, for every seat", async () => {
    const t = await createTable();
    const seats = await Promise.all(t.seats.map((s) => openTakingChanges(t.id, s.token)));
    const held: ApiView[] = seats.map(({ sock }) => sock.messages[0].view as unknown as ApiView);
    const applied = seats.map(() => 1);
    let version = 0, changeBytes = 0, viewBytes = 0, changeMessages = 0;
    for (;;) {
      // Every seat's view changes with every move (its version does): one message each.
      for (const [seat, { sock, raw }] of seats.entries()) {
        if (held[seat].version < version) await sock.next((m) => m.type === "changes" && (m as unknown as ViewChanges).version === version, applied[seat]);
        for (; applied[seat] < sock.messages.length; applied[seat]++) {
          const m = sock.messages[applied[seat]] as unknown as ViewChanges;
          expect(m.type).toBe("changes");
          const next = applyChanges(held[seat], m);
          expect(next, `seat ${seat}: changes from ${m.from} onto version ${held[seat].version}`).not.toBeNull();
          held[seat] = next!;
          changeBytes += raw[applied[seat]].length;
          changeMessages++;
        }
      }
      const s = await stored(t.id);
      expect(s.version).toBe(version);
      const read = await Promise.all(t.seats.map((x) => view(t.id, x.token)));
      for (let seat = 0; seat < 4; seat++) {
        expect(game(held[seat])).toEqual(game(read[seat]));
        expectNoLeak(held[seat], seat, s.state);
        viewBytes += JSON.stringify(read[seat]).length;
        // The message itself names no card that the seat's own view does not show.
        const own = JSON.stringify(read[seat]);
        const last = seats[seat].raw[applied[seat] - 1];
        for (const [, card] of last.matchAll(CARD)) expect(own, `seat ${seat} was sent ${card}`).toContain(`"${card}"`);
      }
      if (s.state.phase === "over") break;
      const seat = s.state.toAct[0];
      const action = await chooseAction(held[seat], s.state, "changes");
      seats[seat].sock.send({ type: "action", version, action });
      version++;
    }
    expect(version).toBeGreaterThan(20);
    // What the sockets were spared: the changes are a fraction of the whole views.
    expect(changeMessages).toBe(4 * version);
    expect(changeBytes).toBeLessThan(viewBytes / 2);
    for (const { sock } of seats) sock.close();
  }, 180_000);

  it("gets whole views when it did not ask for changes, as API.md says", async () => {
    const t = await createTable();
    const plain = await TestSocket.open(t.id, t.seats[0].token);
    if (!(plain instanceof TestSocket)) throw new Error("socket refused");
    const { sock } = await openTakingChanges(t.id, t.seats[0].token);
    let before = (await plain.next((x) => x.type === "view")).view as unknown as ApiView;
    // Which move changes a single seat's entry depends on the deal (the cut and the deal change
    // every entry; a stay-home or a trump call one or two): play until one does, then check it.
    let m: TestSocket | null = null;
    let checked = false;
    for (let version = 0; version < 12 && !checked; version++) {
      const s = await stored(t.id);
      if (s.state.phase === "over") break;
      const mover = s.state.toAct[0];
      const moverView = await view(t.id, t.seats[mover].token);
      m?.close();
      const opened = await TestSocket.open(t.id, t.seats[mover].token);
      if (!(opened instanceof TestSocket)) throw new Error("socket refused");
      m = opened;
      m.send({ type: "action", version, action: await chooseAction(moverView, s.state, "plain") });
      // The socket that did not ask for changes gets the whole view.
      const after = (await plain.next((x) => x.type === "view" && x.view!.version === version + 1)).view as unknown as ApiView;
      expect(after.version).toBe(version + 1);
      const change = (await sock.next((x) => x.type === "changes" && (x as unknown as ViewChanges).version === version + 1)) as unknown as ViewChanges;
      expect(change).toMatchObject({ from: version, version: version + 1 });
      expect(change.set.version).toBe(version + 1);
      const changedSeats = after.players.filter((p, i) => JSON.stringify(p) !== JSON.stringify(before.players[i])).length;
      before = after;
      if (changedSeats !== 1) continue;
      expect(change.set).not.toHaveProperty("rules"); // unchanged fields are not sent again
      // The players' list keeps its length: only the element that changed is sent.
      expect(change.set).not.toHaveProperty("players");
      expect(Object.keys(change.items?.players ?? {})).toHaveLength(1);
      checked = true;
    }
    expect(checked).toBe(true);
    for (const s of [plain, sock, m!]) s.close();
  }, 60_000);
});
