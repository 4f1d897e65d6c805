// Runs inside workerd before each test file: bring the test D1 up to the current migrations. In
// the split layout (vitest.config.ts, `npm run test:worker:split`) tables also live in DB2, which
// gets the same schema (one schema everywhere, so a slot range can move).
import { applyD1Migrations, env } from "cloudflare:test";

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
if (env.DB2) await applyD1Migrations(env.DB2, env.TEST_MIGRATIONS);
