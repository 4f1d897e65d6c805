// Debian's Chromium for the browser tests, started the way this offline, root-run machine needs.
import { chromium, type BrowserServer } from "playwright-core";

const options = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
};

/** One Chromium that test files connect to (`chromium.connect(server.wsEndpoint())`). */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(options);
}
