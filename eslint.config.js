import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The church's content reaches screens through getSiteContent() (app/server/site), so that it can
// come from the database: only app/content itself, that module and tests import it as values.
// Types may be imported anywhere. The member form's fixed choices (app/content/member-options:
// the spec's genders, statuses, positions, and the pure helpers that build the ministry choices)
// are the registry's vocabulary, not content staff edit, so any module may use them. A relative
// path reaches app/content with one "../" per folder the importer sits in: one block per depth.
const contentValueImports = [0, 1, 2, 3, 4].map((depth) => ({
  files: [`app/${"*/".repeat(depth)}*.{ts,tsx}`],
  ignores: ["app/content/**", "app/server/site/**", "app/**/*.test.{ts,tsx}"],
  rules: {
    "@typescript-eslint/no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            regex: `^(~/content|${depth === 0 ? "\\./" : `(\\.\\./){${depth}}`}content)(/(?!member-options$)|$)`,
            allowTypeImports: true,
            message: "Read the church's content with getSiteContent() on the server (import type is fine).",
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "data/",
      "test-results/",
      "playwright-report/",
      "database/migrations/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": "off",
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // Browser code must never pull in server modules (secrets, database).
    files: ["app/components/**", "app/lib/**", "app/content/**", "app/schemas/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/*.server", "**/server/**"],
              message: "Server-only code stays out of shared modules.",
            },
          ],
        },
      ],
    },
  },
  ...contentValueImports,
);
