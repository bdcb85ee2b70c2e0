/** The admin the e2e server starts with (made by `npm run create-admin` in playwright.config.ts). */
export const E2E_ADMIN = {
  email: "admin@tigris-e2e.example.com",
  password: "tigris e2e admin 2031",
} as const;
