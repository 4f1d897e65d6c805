// GET /api/health: 200 when every check passes, 503 naming the one that failed (worker/operator/health.ts).
import { Hono } from "hono";
import type { Env } from "../base/env";
import { health } from "../operator/health";

export const healthRoute = new Hono<{ Bindings: Env }>();

healthRoute.get("/", async (c) => {
  const h = await health(c.env);
  return c.json(h, h.ok ? 200 : 503, { "Cache-Control": "no-store" });
});
