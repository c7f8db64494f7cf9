import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/build/**",
      "**/.react-router/**",
      "**/coverage/**",
      "**/test-results/**",
      "**/playwright-report/**",
      ".data/**",
      ".tmp/**",
      "apps/web/app/locales/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/index", "**/index.ts"], message: "No barrel files: import the module itself." },
          ],
        },
      ],
    },
  },
  {
    // ADR 0011: a module reaches another only through its service; its repository stays private.
    // The module-graph test checks the same and also forbids cycles between modules.
    files: ["apps/api/src/modules/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/index", "**/index.ts"], message: "No barrel files: import the module itself." },
            {
              // Any path that leaves the module's folder and ends in another folder's repository.
              regex: "^(\\./)?(\\.\\./)+([\\w.-]+/)*[\\w-]+/[\\w-]+-repository(\\.ts)?$",
              message: "Another module's repository is private to it: call its service (ADR 0011).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@ems/db", "@ems/db/*"],
              message: "The web app never touches the database: use the API client.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["apps/web/app/features/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["~/features/**", "**/features/**"], message: "Features never import each other." },
            {
              group: ["@ems/db", "@ems/db/*"],
              message: "The web app never touches the database: use the API client.",
            },
          ],
        },
      ],
    },
  },
);
