import { Hono } from "hono";
import type { AppEnv } from "../app_env.ts";
import { renderPage } from "../../lib/render/page.tsx";
import { sendPage } from "../security_headers.ts";
import { LandingPage } from "../../components/marketing/LandingPage.tsx";
import { AboutPage } from "../../components/marketing/AboutPage.tsx";
import { PrivacyPage } from "../../components/marketing/PrivacyPage.tsx";
import { ContactPage } from "../../components/marketing/ContactPage.tsx";
import type { AssetManifest } from "../../lib/render/assets.ts";

/** The public pages that never change between requests: rendered once, served many times. */
export function marketingPages(assets: AssetManifest) {
  const pages = {
    "/": renderPage(assets, <LandingPage />, { title: "GoalMates" }),
    "/about": renderPage(assets, <AboutPage />, { title: "About" }),
    "/privacy": renderPage(assets, <PrivacyPage />, {
      title: "Privacy",
      description: "What GoalMates stores about children and who can see it.",
    }),
    "/contact": renderPage(assets, <ContactPage />, { title: "Contact" }),
  };
  const app = new Hono<AppEnv>();
  for (const [path, page] of Object.entries(pages)) app.get(path, (c) => sendPage(c, page));
  return app;
}
