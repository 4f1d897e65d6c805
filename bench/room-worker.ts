// bench/room.ts's Worker: the same driver (bench/room-drive.ts) inside workerd, one request per
// measurement; bench/room.ts reads workerd's CPU time from outside (inside a request its clocks
// stand still). GET /play?way=views|changes|http&games=N[&record=1], GET /stage?i=N&passes=K.
import { TableRoom } from "../worker/table/room";
import { WAYS, onMemoryEdges, play, runStage, stages, steps, type Way } from "./room-drive";

onMemoryEdges(TableRoom);

export default {
  async fetch(req: Request): Promise<Response> {
    const u = new URL(req.url);
    if (u.pathname === "/play") {
      const way = u.searchParams.get("way") as Way;
      if (!WAYS.includes(way)) return new Response("no such way", { status: 400 });
      return Response.json(await play(way, Number(u.searchParams.get("games") ?? 1), { record: u.searchParams.get("record") === "1" }));
    }
    if (u.pathname === "/stage") {
      const stage = stages()[Number(u.searchParams.get("i"))];
      if (!stage) return new Response("no such stage", { status: 400 });
      await runStage(stage, Number(u.searchParams.get("passes") ?? 1));
      return Response.json({ steps: steps.length });
    }
    return new Response("ok");
  },
};
