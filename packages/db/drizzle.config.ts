import { defineConfig } from "drizzle-kit";

// Migrations are generated here and applied by the app (see src/migrate.ts): drizzle-kit's own
// migrate command exits silently on PGlite when a migration creates an extension.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/schema.ts",
  out: "./migrations",
});
