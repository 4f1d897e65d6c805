// A local stand-in for Cloudflare's edge compression: `wrangler dev` serves the client's files
// uncompressed, Cloudflare sends them gzip- or brotli-encoded. This proxy sits in front of the
// local server (`npm start` puts it on the port it prints; the Lighthouse test uses it too) and
// compresses text answers the browser accepts (brotli first, then gzip), so that local page-load
// figures (Lighthouse, bytes on the wire) are like the deployed ones. As the edge does, it weakens
// a strong ETag of an answer it compressed. Socket upgrades (the table's live link) pass through.
import { createServer, request } from "node:http";
import { connect } from "node:net";
import { brotliCompressSync, gzipSync, constants } from "node:zlib";

const TEXT = /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/;

/** "br" or "gzip" when the request accepts it (a q=0 refuses), else null. */
export function chooseEncoding(acceptEncoding) {
  const accepted = new Set(
    String(acceptEncoding ?? "")
      .split(",")
      .map((part) => part.trim().split(";"))
      .filter(([, q]) => !q || !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q))
      .map(([name]) => name.trim().toLowerCase()),
  );
  return accepted.has("br") ? "br" : accepted.has("gzip") ? "gzip" : null;
}

/**
 * Starts the proxy on `port` (0: any free one) of `host` in front of `target`
 * ("http://127.0.0.1:8787"). Resolves to its address and a `close`.
 */
export function startCompressingProxy(target, port = 0, host = "127.0.0.1") {
  const to = new URL(target);
  const server = createServer((req, res) => {
    const up = request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: { ...req.headers, "accept-encoding": "identity" } }, (answer) => {
      const type = String(answer.headers["content-type"] ?? "");
      const encoding = chooseEncoding(req.headers["accept-encoding"]);
      const bodiless = req.method === "HEAD" || answer.statusCode === 204 || answer.statusCode === 304;
      if (!encoding || !TEXT.test(type) || answer.headers["content-encoding"] || bodiless) {
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
        delete headers["transfer-encoding"];
        const etag = answer.headers.etag;
        if (etag && !etag.startsWith("W/")) headers.etag = `W/${etag}`;
        res.writeHead(answer.statusCode ?? 200, headers);
        res.end(out);
      });
    });
    up.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
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
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const { port: p } = server.address();
      resolve({ url: `http://${host}:${p}`, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}
