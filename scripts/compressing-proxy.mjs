// A local stand-in for Cloudflare's edge compression: `wrangler dev` serves the client's files
// uncompressed, Cloudflare sends them gzip- or brotli-encoded. This proxy sits in front of the
// local server and compresses text answers the browser accepts (brotli first, then gzip), so that
// local page-load figures (Lighthouse, bytes on the wire) are like the deployed ones. Socket
// upgrades (the table's live link) pass through untouched.
import { createServer, request } from "node:http";
import { connect } from "node:net";
import { brotliCompressSync, gzipSync, constants } from "node:zlib";

const TEXT = /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/;

/** Starts the proxy on `port` (0: any free one) in front of `target` ("http://127.0.0.1:8787"). */
export function startCompressingProxy(target, port = 0) {
  const to = new URL(target);
  const server = createServer((req, res) => {
    const up = request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: { ...req.headers, "accept-encoding": "identity" } }, (answer) => {
      const type = String(answer.headers["content-type"] ?? "");
      const accepts = String(req.headers["accept-encoding"] ?? "");
      const encoding = accepts.includes("br") ? "br" : accepts.includes("gzip") ? "gzip" : null;
      if (!encoding || !TEXT.test(type) || answer.headers["content-encoding"] || req.method === "HEAD") {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const parts = [];
      answer.on("data", (d) => parts.push(d));
      answer.on("end", () => {
        const body = Buffer.concat(parts);
        const out = encoding === "br" ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(body, { level: 6 });
        const headers = { ...answer.headers, "content-encoding": encoding, "content-length": String(out.length), vary: "Accept-Encoding" };
        res.writeHead(answer.statusCode ?? 200, headers);
        res.end(out);
      });
    });
    up.on("error", () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(up);
  });
  // WebSocket upgrades: the raw bytes both ways.
  server.on("upgrade", (req, socket, head) => {
    const up = connect(Number(to.port), to.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`, ...Object.entries(req.headers).map(([k, v]) => `${k}: ${v}`), "", ""];
      up.write(lines.join("\r\n"));
      if (head.length) up.write(head);
      up.pipe(socket);
      socket.pipe(up);
    });
    up.on("error", () => socket.destroy());
    socket.on("error", () => up.destroy());
  });
  return new Promise((resolve) =>
    server.listen(port, "127.0.0.1", () => {
      const { port: p } = server.address();
      resolve({ url: `http://127.0.0.1:${p}`, close: () => new Promise((r) => server.close(() => r())) });
    }),
  );
}
