// A real HTTP receiver on loopback for webhook and push tests (started once, in Node). It records
// every request; the path decides the answer: /status/<code>, /slow/<ms>, /flaky/<n> (fails the
// first n requests to that path with 503), anything else 200. GET /__log/<prefix> returns the
// recorded requests whose path starts with <prefix> (bodies base64).
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";

interface Recorded {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
  at: number;
}

declare module "vitest" {
  export interface ProvidedContext {
    receiverUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const log: Recorded[] = [];
  const flaky = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "/";
      if (req.method === "GET" && path.startsWith("/__log/")) {
        const prefix = "/" + decodeURIComponent(path.slice("/__log/".length));
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(JSON.stringify(log.filter((r) => r.path.startsWith(prefix))));
        return;
      }
      log.push({ method: req.method ?? "", path, headers: req.headers, body: Buffer.concat(chunks).toString("base64"), at: Date.now() });
      const [, kind, arg] = path.split("/");
      if (kind === "status") {
        res.writeHead(Number(arg) || 500);
        res.end();
      } else if (kind === "slow") {
        setTimeout(() => res.writeHead(200).end(), Number(arg) || 15_000).unref();
      } else if (kind === "flaky" && (flaky.get(path) ?? 0) < Number(arg)) {
        flaky.set(path, (flaky.get(path) ?? 0) + 1);
        res.writeHead(503).end();
      } else {
        res.writeHead(kind === "discord" ? 204 : 200).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  project.provide("receiverUrl", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
