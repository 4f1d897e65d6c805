// Placeholder entry until the table server lands (issue 3).
export default {
  async fetch(req: Request): Promise<Response> {
    const url = new URL(req.url);
    if (url.pathname === "/api/health") return Response.json({ ok: true });
    return new Response("not found", { status: 404 });
  },
};
