import { Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { renderPage } from "../../lib/render/page.tsx";
import { sendPage } from "../security_headers.ts";
import { shareWithEveryone } from "../fast_path.ts";
import { LandingPage } from "../../components/marketing/LandingPage.tsx";
import { AboutPage } from "../../components/marketing/AboutPage.tsx";
import { PrivacyPage } from "../../components/marketing/PrivacyPage.tsx";
import { ContactPage } from "../../components/marketing/ContactPage.tsx";
import type { AssetManifest } from "../../lib/render/assets.ts";

/**
 * The public pages that never change between requests: rendered once, served many times, the
 * same bytes for everyone (kept whole by the public response cache until the next deploy).
 */
export function marketingPages(assets: AssetManifest) {
  const pages = {
    "/": renderPage(assets, <LandingPage />, { title: "GoalMates", shared: true }),
    "/about": renderPage(assets, <AboutPage />, { title: "About", shared: true }),
    "/privacy": renderPage(assets, <PrivacyPage />, {
      title: "Privacy",
      description: "What GoalMates stores about children and who can see it.",
      shared: true,
    }),
    "/contact": renderPage(assets, <ContactPage />, { title: "Contact", shared: true }),
  };
  const app = new Hono<AppEnv>();
  for (const [path, page] of Object.entries(pages)) {
    app.get(path, (c) => {
      shareWithEveryone(c);
      return sendPage(c, page);
    });
  }
  return app;
}
