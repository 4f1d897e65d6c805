// drizzle-kit generates the SQL in migrations/ from worker/db/schema.ts (npm run db:generate);
// wrangler applies it (`wrangler d1 migrations apply`), locally and remotely.
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: ["./worker/db/schema.ts", "./worker/db/table-schema.ts"],
  out: "./migrations",
});
