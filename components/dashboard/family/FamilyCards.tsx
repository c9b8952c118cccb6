/** Meet Your Soccer Family's cards: players and parents, with avatars and badges (server and island). */
import type { MouseEvent } from "react";
import type { FamilyCard } from "../../../lib/families/types.ts";
import { cardId, familyHref, initials } from "../../../lib/families/rules.ts";
import { useI18n } from "../../../lib/i18n/context.tsx";

/** More than this many cards make the list bounce once, a hint that it scrolls sideways. */
export const BOUNCE_AFTER = 4;
/** Parent avatars on a player card before the '+' marker. */
const MAX_AVATARS = 2;

type Person = Pick<FamilyCard, "firstName" | "lastName" | "photoUrl">;

/**
 * A photo, else the person's initials, in a circle (decorative unless given an `alt`: the name
 * is always beside it).
 */
export function Avatar({ person, size, alt = "" }: { person: Person; size: "sm" | "md" | "lg"; alt?: string }) {
  const className = `family-avatar family-avatar--${size}`;
  if (person.photoUrl) return <img className={className} src={person.photoUrl} alt={alt} loading="lazy" />;
  return <span className={className} aria-hidden="true">{initials(person.firstName, person.lastName)}</span>;
}

export function Badges({ card }: { card: FamilyCard }) {
  const { family } = useI18n().m;
  const badges = ([
    [card.isNew, "new", family.newBadge],
    [card.isYou, "you", family.youBadge],
    [card.isFamily, "family", family.familyBadge],
  ] as const).filter(([shown]) => shown);
  if (badges.length === 0) return null;
  return (
    <span className="family-badges">
      {badges.map(([, kind, text]) => <span key={kind} className={`family-badge family-badge--${kind}`}>{text}</span>)}
    </span>
  );
}

/**
 * A usual position's abbreviation in the page's language (GK → POR); any other as it was made
 * (capitals, so never a name an object inherits).
 */
const positionAbbr = (abbr: string, positions: Record<string, string>): string => positions[abbr] ?? abbr;

/** A card's related people: up to two avatars and a '+n' marker (players' cards: their parents). */
function RelatedAvatars({ related }: { related: Person[] }) {
  if (related.length === 0) return null;
  const more = related.length - MAX_AVATARS;
  return (
    <span className="family-card__parents" aria-hidden="true">
      {related.slice(0, MAX_AVATARS).map((p, i) => <Avatar key={i} person={p} size="sm" />)}
      {more > 0 && <span className="family-card__more">+{more}</span>}
    </span>
  );
}

function CardBody({ card, related }: { card: FamilyCard; related: FamilyCard[] }) {
  const { m, t } = useI18n();
  if (card.type === "parent") {
    const children = related.map((c) => c.shortName);
    const more = children.length > MAX_AVATARS ? ` +${children.length - MAX_AVATARS}` : "";
    return (
      <>
        <Avatar person={card} size="md" />
        <span className="family-card__name">{card.shortName}</span>
        {children.length > 0 && (
          <span className="family-card__meta">
            {t(m.family.parentOf, { names: children.slice(0, MAX_AVATARS).join(", ") + more })}
          </span>
        )}
        <Badges card={card} />
      </>
    );
  }
  return (
    <>
      <span className="family-card__jersey">
        <span className="visually-hidden">{m.family.facts.jersey}</span>
        {card.jerseyNumber}
      </span>
      <Avatar person={card.photoUrlSmall ? { ...card, photoUrl: card.photoUrlSmall } : card} size="md" />
      <span className="family-card__name">{card.shortName}</span>
      {card.positionAbbr && (
        <span className="family-card__meta">
          <span aria-hidden="true">{positionAbbr(card.positionAbbr, m.family.positions)}</span>
          <span className="visually-hidden">{card.position}</span>
        </span>
      )}
      <RelatedAvatars related={related} />
      {related.length > 0 && (
        <span className="visually-hidden">
          {t(m.family.cardParents, { count: related.length })}: {related.map((p) => p.shortName).join(", ")}
        </span>
      )}
      <Badges card={card} />
    </>
  );
}

export interface FamilyCardListProps {
  view: "players" | "parents";
  cards: FamilyCard[];
  byKey: Map<string, FamilyCard>;
  /** Opens a card's dialog (the island); without it, each card is a link the server answers. */
  onOpen?: (key: string, event: MouseEvent<HTMLAnchorElement>) => void;
}

/** The sideways-scrolling cards of one list, or its empty text. */
export function FamilyCardList({ view, cards, byKey, onOpen }: FamilyCardListProps) {
  const { family } = useI18n().m;
  if (cards.length === 0) {
    return <p className="family-empty">{view === "players" ? family.noPlayers : family.noParents}</p>;
  }
  return (
    <ul
      className={`family-cards${cards.length > BOUNCE_AFTER ? " family-cards--bounce" : ""}`}
      aria-label={view === "players" ? family.players : family.parents}
    >
      {cards.map((card) => (
        <li key={card.key} className={`family-card family-card--${card.type}`}>
          <a
            id={cardId(card.key)}
            className="family-card__link"
            href={familyHref.member(card.key)}
            aria-haspopup="dialog"
            onClick={onOpen && ((event) => onOpen(card.key, event))}
          >
            <CardBody card={card} related={card.related.flatMap((k) => byKey.get(k) ?? [])} />
          </a>
        </li>
      ))}
    </ul>
  );
}
