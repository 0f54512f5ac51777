// What the picture-taking modules of \`npm run docs:screenshots\` are given by the main script.
import type { Page } from "@playwright/test";

export interface PictureTools {
  shoot(page: Page, name: string): Promise<void>;
  signIn(page: Page): Promise<void>;
  openScreen(page: Page, url: string): Promise<void>;
  phone: { width: number; height: number };
  laptop: { width: number; height: number };
}
