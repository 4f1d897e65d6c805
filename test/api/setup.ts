// Runs inside workerd before each test file: bring the test D1 up to the current migrations.
import { applyD1Migrations, env } from "cloudflare:test";

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
