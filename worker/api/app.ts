// The Hono app: /api/* routes, body cap, rate limits, and one error handler that turns every
// failure into API.md's { error: { code, message } }.
import { Hono } from "hono";
import { limitBody } from "./body-limit";
import { HTTPException } from "hono/http-exception";
import type { Env } from "../base/env";
import { FailureError, errorResponse, fail, raise } from "../base/failure";
import { feedback } from "./feedback";
import { limitByAddress } from "./guard";
import { securityHeaders } from "./headers";
import { originGuard } from "./origin-guard";
import { MAX_BODY_BYTES } from "../base/input";
import { tables } from "./tables";
import { host } from "./host";
import { leagues } from "./leagues";
import { players } from "./players";
import { signIn } from "./sign-in";
import { receipts } from "./receipts";
import { tableChatRoutes } from "./chat";
import { boardRoutes } from "./league-chat";
import { reserveRoutes } from "./league-reserves";
import { healthRoute } from "./health";
import { operator } from "./operator";
import { logEvent, requestId, withInvocation } from "../base/log";

export const app = new Hono<{ Bindings: Env }>();

app.use("*", securityHeaders);
// Every log line of a request carries its id (cf-ray): worker/base/log.ts.
app.use("*", (c, next) => withInvocation(requestId(c.req.raw.headers), next));
app.route("/api/health", healthRoute);

app.use("/api/*", limitByAddress);
app.use("/api/*", originGuard);
app.use(
  "/api/*",
  limitBody(MAX_BODY_BYTES, () => raise(413, "PAYLOAD_TOO_LARGE", `Request bodies are at most ${MAX_BODY_BYTES} bytes.`)),
);
app.route("/api/tables", tables);
app.route("/api/tables", tableChatRoutes);
app.route("/api/tables", host);
app.route("/api/leagues", leagues);
app.route("/api/leagues", boardRoutes);
app.route("/api/leagues", reserveRoutes);
app.route("/api/feedback", feedback);
app.route("/api/players", signIn); // before players: its /me routes answer without players' middleware
app.route("/api/players", players);
app.route("/api/receipts", receipts);
app.route("/api/operator", operator);

app.all("/api/*", () => raise(404, "NOT_FOUND", "There is no such API route."));

// Everything else is the client (in production the assets layer answers before the Worker runs).
app.all("*", (c) => (c.env.ASSETS ? c.env.ASSETS.fetch(c.req.raw) : raise(404, "NOT_FOUND", "Not found.")));

app.onError((err) => {
  if (err instanceof FailureError) {
    const retry = err.failure.status === 429 ? { "Retry-After": String(err.failure.retryAfter ?? 60) } : undefined;
    return errorResponse(err.failure, retry);
  }
  if (err instanceof HTTPException && err.status < 500) {
    return errorResponse(fail(err.status as 400, "INVALID_REQUEST", err.message || "Bad request."));
  }
  logEvent("error", "request.failed", {}, err);
  return errorResponse(fail(500, "INTERNAL", "Something went wrong on our side."));
});
