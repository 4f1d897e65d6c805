// Import rules of the code base, checked by `npm run lint:deps` (part of `npm test`).
// The server is layered: each layer may import only itself and the layers listed before it.
const LAYERS = [
  ["engine", "^worker/engine/"], // the rules: pure, imports nothing of ours
  ["bots", "^worker/bots/"], // players behind one interface, on the engine
  ["base", "^worker/(base|db)/"], // env type, the one failure type, secrets, input limits, the drizzle handle and schema
  ["deadlines", "^worker/deadlines/"], // pure rules of time: clock, options, quiet hours, vacation
  ["players", "^worker/players/"], // players across tables, and what a table knows of them
  ["chat", "^worker/chat/"], // messages, reactions, read marks, moderation, mentions (pure rules and their store)
  ["notify", "^worker/notify/"], // notifications: compose, channels, queue, outbox
  ["feedback", "^worker/feedback/"],
  ["table", "^worker/table/"], // the table's Durable Object, its store, clock and bot turns
  ["leagues", "^worker/leagues/"], // leagues: seating, standings, page, their games
  ["operator", "^worker/operator/"], // what the operator sees and does: health, delivery counts, re-sealing links
  ["api", "^worker/api/"], // the routes
  ["entry", "^worker/index\\.ts$"],
];

// The engine's one door, and the one named fast path the bots' playouts use.
const ENGINE_DOOR = "^worker/engine/index\\.ts$";
const ENGINE_FAST_PATH = "^worker/engine/fast\\.ts$";
// A hint's wording, shared by the server's `reason` and the client (which names cards its own way).
const HINT_WORDS = "^worker/bots/hint-words\\.ts$";
// The stores that read or write a table's own rows (tables, seats, actions), always in the
// database placement picks for the table (rule "table-rows-through-placement").
const TABLE_ROW_STORES = [
  "^worker/db/",
  "^worker/table/(store|game-record|archive|pool|host-store)\\.ts$",
  "^worker/players/(store|table-rows)\\.ts$",
  "^worker/leagues/(outcomes|field)\\.ts$",
];

const layerRules = LAYERS.slice(0, -1).map(([name, path], i) => ({
  name: `layer-${name}`,
  comment: `${name} may not import a layer above it (${LAYERS.slice(i + 1).map(([n]) => n).join(", ")})`,
  severity: "error",
  from: { path },
  to: { path: LAYERS.slice(i + 1).map(([, p]) => p) },
}));

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "no import cycles, type-only imports included",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    ...layerRules,
    {
      name: "engine-through-index",
      comment: "outside worker/engine (and the bots), the engine is imported only through worker/engine/index.ts",
      severity: "error",
      from: { path: "^(worker|web)/", pathNot: "^worker/(engine|bots)/" },
      to: { path: "^worker/engine/", pathNot: ENGINE_DOOR },
    },
    {
      name: "bots-through-index-or-fast-path",
      comment: "the bots import the engine through its index, or worker/engine/fast.ts for playouts",
      severity: "error",
      from: { path: "^worker/bots/" },
      to: { path: "^worker/engine/", pathNot: [ENGINE_DOOR, ENGINE_FAST_PATH] },
    },
    {
      name: "bots-through-index",
      comment: "outside worker/bots, the bots are imported only through worker/bots/index.ts",
      severity: "error",
      from: { path: "^(worker|web)/", pathNot: "^worker/bots/" },
      to: { path: "^worker/bots/", pathNot: ["^worker/bots/index\\.ts$", HINT_WORDS] },
    },
    {
      name: "routes-through-stores",
      comment: "routes reach D1 through a domain's store, not the schema or the drizzle handle",
      severity: "error",
      from: { path: "^worker/api/" },
      to: { path: "^worker/db/" },
    },
    {
      // A table's rows live in the database its id picks (worker/db/placement.ts), not in DB: only
      // these stores touch them, each through a `TableDb` (a type env.DB is not). A new reader of
      // table rows goes through one of them, or joins this list and takes a TableDb.
      name: "table-rows-through-placement",
      comment: "only the table-row stores import worker/db/table-schema.ts (tables, seats, actions); the rest goes through them",
      severity: "error",
      from: { pathNot: TABLE_ROW_STORES },
      to: { path: "^worker/db/table-schema\\.ts$" },
    },
    {
      name: "client-types-only",
      comment: "the client takes only types from the server (values only from the engine's door, the chat's words and the hints' words)",
      severity: "error",
      from: { path: "^web/" },
      to: { path: "^worker/", pathNot: [ENGINE_DOOR, "^worker/chat/text\\.ts$", HINT_WORDS], dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs"] },
  },
};
