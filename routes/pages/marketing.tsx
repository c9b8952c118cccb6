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
import { type Language, LANGUAGES } from "../../lib/i18n/languages.ts";
import { requestLanguage } from "../language.ts";
import { messagesFor } from "../../lib/i18n/catalog.ts";

/**
 * The public pages that never change between requests: rendered once, served many times, the
 * same bytes for everyone (kept whole by the public response cache until the next deploy).
 */
export function marketingPages(assets: AssetManifest) {
  // Each page in each language, rendered at start.
  const pagesIn = (lang: Language) => {
    const titles = messagesFor(lang).marketing.titles;
    return {
      "/": renderPage(assets, <LandingPage />, { title: "GoalMates", shared: true, lang, path: "/" }),
      "/about": renderPage(assets, <AboutPage />, { title: titles.about, shared: true, lang, path: "/about" }),
      "/privacy": renderPage(assets, <PrivacyPage />, {
        title: titles.privacy,
        description: titles.privacyDescription,
        shared: true,
        lang,
        path: "/privacy",
      }),
      "/contact": renderPage(assets, <ContactPage />, { title: titles.contact, shared: true, lang, path: "/contact" }),
    };
  };
  const pages = Object.fromEntries(LANGUAGES.map((lang) => [lang, pagesIn(lang)])) as Record<
    Language,
    ReturnType<typeof pagesIn>
  >;
  const app = new Hono<AppEnv>();
  for (const path of Object.keys(pages.en) as (keyof typeof pages.en)[]) {
    app.get(path, async (c) => {
      shareWithEveryone(c);
      return sendPage(c, pages[await requestLanguage(c)][path]);
    });
  }
  return app;
}
