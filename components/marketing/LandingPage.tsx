import type { ReactNode } from "react";
import { SiteLayout } from "../SiteLayout.tsx";
import { useI18n } from "../../lib/i18n/context.tsx";
import { messageParts } from "../../lib/i18n/message_parts.tsx";

/** Decorative inline SVG. Each shape is "fill stroke[/width] pathData"; "none" means no fill or no stroke. */
function Art({ shapes, viewBox, children }: { shapes: string[]; viewBox: string; children?: ReactNode }) {
  return (
    <svg className="mk-art" viewBox={viewBox} aria-hidden="true" focusable="false">
      {shapes.map((shape, i) => {
        const [fill, stroke, ...d] = shape.split(" ");
        const [color, width] = stroke.split("/");
        const path = d.join(" ");
        return <path key={i} fill={fill} stroke={color} strokeWidth={width} strokeLinecap="round" d={path} />;
      })}
      {children}
    </svg>
  );
}

const person = (cx: number, body: string, skin: string) => [
  `${body} none M${cx - 16} 260v-24a16 16 0 0 1 32 0v24Z`,
  `none ${body}/6 M${cx + 12} 230l10-22`,
  `${skin} none M${cx - 10} 206a10 10 0 1 0 20 0a10 10 0 1 0-20 0Z`,
];

const HERO_ART = [
  "#2f855a none M20 20h280a16 16 0 0 1 16 16v148a16 16 0 0 1-16 16H20a16 16 0 0 1-16-16V36a16 16 0 0 1 16-16Z",
  "#38a169 none M60 20h40v180H60ZM140 20h40v180h-40ZM220 20h40v180h-40Z",
  "none #ffffff/3 M160 20v180M136 110a24 24 0 1 0 48 0a24 24 0 1 0-48 0M4 74h36v72H4M316 74h-36v72h36",
  "#ffffff #1b1f23/2 M208 112a14 14 0 1 0 28 0a14 14 0 1 0-28 0Z",
  "#1b1f23 none M222 106l5.7 4.1-2.2 6.7h-7l-2.2-6.7Z",
  "none #ffc233/3 M190 104h-14M192 116h-20M190 128h-14",
  "#c0262d none M84 172c-6-8-18-2-11 7l11 10 11-10c7-9-5-15-11-7Z",
  ...person(40, "#ffc233", "#f2c6a0"),
  ...person(128, "#f28c00", "#8d5a3b"),
  ...person(84, "#ffffff", "#d9a273"),
];

const CIRCLE_BG = (fill: string) => `${fill} none M28 60a52 52 0 1 0 104 0a52 52 0 1 0-104 0Z`;

type FunnyCard = "oranges" | "unread" | "shinGuard";

/** Each funny card's picture; its words are the catalogue's (marketing.landing.familiar.cards). */
const FUNNY: { id: FunnyCard; shapes: string[]; badge?: boolean }[] = [
  {
    id: "oranges",
    shapes: [
      CIRCLE_BG("#fff4d6"),
      "#d7e0da none M24 90a56 10 0 1 0 112 0a56 10 0 1 0-112 0Z",
      "#f28c00 none M26 88a18 18 0 0 1 36 0ZM62 84a18 18 0 0 1 36 0ZM98 88a18 18 0 0 1 36 0Z",
      "#ffb347 none M29.5 88a14.5 14.5 0 0 1 29 0ZM65.5 84a14.5 14.5 0 0 1 29 0ZM101.5 88a14.5 14.5 0 0 1 29 0Z",
      "none #fff4d6/2 M44 88l-9.9-9.9M44 88v-14M44 88l9.9-9.9M80 84l-9.9-9.9M80 84v-14M80 84l9.9-9.9M116 88l-9.9-9.9M116 88v-14M116 88l9.9-9.9",
      "none #0f5132/3 M80 54V40M64 58l-7-7M96 58l7-7",
    ],
  },
  {
    id: "unread",
    badge: true,
    shapes: [
      CIRCLE_BG("#e3f1e8"),
      "#1b1f23 none M63 14h34a8 8 0 0 1 8 8v76a8 8 0 0 1-8 8H63a8 8 0 0 1-8-8V22a8 8 0 0 1 8-8Z",
      "#ffffff none M60 22h40v76H60Z",
      "#9fd3b0 none M64 30h24v7H64ZM64 50h20v7H64ZM64 70h26v7H64Z",
      "#ffc233 none M72 40h24v7H72ZM76 60h20v7H76ZM70 80h26v7H70Z",
      "none #0f5132/3 M46 40l-8-4M46 60h-9M46 80l-8 4",
      "#c0262d none M92 20a16 16 0 1 0 32 0a16 16 0 1 0-32 0Z",
    ],
  },
  {
    id: "shinGuard",
    shapes: [
      CIRCLE_BG("#fff4d6"),
      "#d7e0da none M44 104a30 5 0 1 0 60 0a30 5 0 1 0-60 0Z",
      "#2f855a none M56 24c10-6 26-6 36 0c4 20 4 44-2 68c-8 8-24 8-32 0c-6-24-6-48-2-68Z",
      "#9fd3b0 none M63 32c7-3 15-3 22 0v8c-7-3-15-3-22 0Z",
      "none #1b1f23/5 M108 36a10 10 0 1 1 14 9c-4 2-5 4-5 8",
      "#1b1f23 none M114 64a3 3 0 1 0 6 0a3 3 0 1 0-6 0Z",
    ],
  },
];

function HeroArt() {
  return (
    <div className="mk-hero__art">
      <Art viewBox="0 0 320 260" shapes={HERO_ART} />
    </div>
  );
}

function FunnyCards() {
  const cards = useI18n().m.marketing.landing.familiar.cards;
  return (
    <ul className="mk-funny">
      {FUNNY.map(({ id, shapes, badge }) => (
        <li key={id} className="mk-funny__card card">
          <Art viewBox="0 0 160 120" shapes={shapes}>
            {badge && <text x="108" y="25" textAnchor="middle" className="mk-art__badge">143</text>}
          </Art>
          <h3 className="mk-funny__title">{cards[id].title}</h3>
          <p>{cards[id].text}</p>
        </li>
      ))}
    </ul>
  );
}

/** Each MVP's icon; their titles and texts are the catalogue's (marketing.landing.mvps.items). */
const MVP_ICONS = {
  chauffeur: "🚗",
  cheer: "📣",
  laundry: "🧺",
  snacks: "🍊",
  photographer: "📸",
  firstAid: "🩹",
};

type SectionProps = { id: string; title: string; intro?: string; alt?: boolean; children: ReactNode };

function Section({ id, title, intro, alt, children }: SectionProps) {
  return (
    <section id={id} className={alt ? "mk-section mk-section--alt" : "mk-section"} aria-labelledby={`${id}-title`}>
      <div className="container">
        <h2 id={`${id}-title`} className="mk-section__title">{title}</h2>
        {intro && <p className="mk-section__intro">{intro}</p>}
        {children}
      </div>
    </section>
  );
}

function Hero() {
  const { m } = useI18n();
  const landing = m.marketing.landing;
  return (
    <section className="mk-hero" aria-labelledby="mk-hero-title">
      <div className="container mk-hero__inner">
        <div className="mk-hero__copy">
          <p className="mk-eyebrow">{landing.eyebrow}</p>
          <h1 id="mk-hero-title" className="mk-hero__title">{landing.title}</h1>
          <p className="mk-hero__subtitle">{landing.subtitle}</p>
          <div className="mk-actions">
            <a className="button button--primary button--lg" href="/signup">{m.marketing.createTeam}</a>
            <a className="button button--secondary button--lg" href="#how-it-works">{m.marketing.seeHowItWorks}</a>
          </div>
        </div>
        <HeroArt />
      </div>
    </section>
  );
}

function WhatItIs() {
  const what = useI18n().m.marketing.landing.what;
  return (
    <section className="mk-what" aria-labelledby="mk-what-title">
      <div className="container">
        <div className="mk-what__inner card">
          <h2 id="mk-what-title" className="mk-what__title">{what.title}</h2>
          <p>{messageParts(what.text, { strong: <strong>{what.strong}</strong> })}</p>
          <ul className="mk-checklist">
            {Object.entries(what.features).map(([key, feature]) => <li key={key}>{feature}</li>)}
          </ul>
        </div>
      </div>
    </section>
  );
}

export function LandingPage() {
  const { m } = useI18n();
  const landing = m.marketing.landing;
  return (
    <SiteLayout>
      <Hero />
      <WhatItIs />
      <Section id="mk-familiar" title={landing.familiar.title} intro={landing.familiar.intro}>
        <FunnyCards />
      </Section>
      <Section id="mk-mvps" title={landing.mvps.title} intro={landing.mvps.intro} alt>
        <ul className="mk-mvps">
          {(Object.keys(MVP_ICONS) as (keyof typeof MVP_ICONS)[]).map((id) => (
            <li key={id} className="mk-mvp card">
              <span className="mk-mvp__icon" aria-hidden="true">{MVP_ICONS[id]}</span>
              <h3 className="mk-mvp__title">{landing.mvps.items[id].title}</h3>
              <p>{landing.mvps.items[id].text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="mk-compare" title={landing.compare.title}>
        <div className="mk-compare">
          <div className="mk-compare__col mk-compare__col--before card">
            <h3>{landing.compare.before}</h3>
            <ul>{Object.entries(landing.compare.beforeItems).map(([key, b]) => <li key={key}>{b}</li>)}</ul>
          </div>
          <div className="mk-compare__col mk-compare__col--after card">
            <h3>{landing.compare.after}</h3>
            <ul>{Object.entries(landing.compare.afterItems).map(([key, a]) => <li key={key}>{a}</li>)}</ul>
          </div>
        </div>
      </Section>
      <Section id="how-it-works" title={landing.steps.title} alt>
        <ol className="mk-steps">
          {Object.entries(landing.steps.items).map(([key, { title, text }], i) => (
            <li key={key} className="mk-step card">
              <span className="mk-step__number" aria-hidden="true">{i + 1}</span>
              <h3 className="mk-step__title">{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ol>
      </Section>
      <section className="mk-cta" aria-labelledby="mk-cta-title">
        <div className="container mk-cta__inner">
          <h2 id="mk-cta-title" className="mk-cta__title">{landing.cta.title}</h2>
          <p>{landing.cta.text}</p>
          <a className="button button--lg mk-cta__button" href="/signup">{m.marketing.createTeam}</a>
        </div>
      </section>
    </SiteLayout>
  );
}
